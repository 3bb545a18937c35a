//! The bot driver: a bot at work on a thread of its own, so that nothing waiting for it (a
//! window, a clock, the other seat) ever stalls. It is handed its seat's view, and answers
//! through a channel; a waker is called the moment an answer is ready (a window repaints then,
//! with no input event needed). The app, `match`, `engine` and the endgame trials all drive
//! their bots through it: the window polls ([`Driver::poll`]), the command-line tools wait
//! ([`Driver::wait`]).
//!
//! While the opponent is to move, a driver told so ([`Driver::ponder`]) lets its bot work
//! ([`Bot::ponder`]) a slice at a time, looking for a job between slices: a request asked
//! for is taken up at the end of the slice under way.

use super::Bot;
use crate::log::GameLog;
use crate::referee::Request;
use crate::view::PlayerView;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Called when news arrives (e.g. a window's repaint request); the table's waker too.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// What the driver asks of the bot's thread.
enum Job {
    Act(Box<PlayerView>),
    Ponder(Box<PlayerView>),
    Refused(String),
    ThinkMs(u64),
    Clock(Option<super::ClockLeft>),
    GameOver(Box<PlayerView>, Box<GameLog>),
}

/// How much `seat` had heard: its turns, and its record's entries.
fn heard_so_far(seat: &PlayerView) -> (usize, usize) {
    (seat.turns.len(), seat.perception.events.len())
}

/// The bot's answer to [`Driver::ask`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Its next request (`None`: it has nothing it can do).
    Request(Option<Request>),
    /// The bot's thread is gone (it failed); it will answer nothing more.
    Stopped,
}

/// A bot on its own thread.
pub struct Driver {
    name: String,
    jobs: Sender<Job>,
    answers: Receiver<Option<Request>>,
    waker: Arc<Mutex<Option<Waker>>>,
    /// The bot's [`Bot::trouble`], as of its last answer.
    trouble: Arc<Mutex<Option<String>>>,
    busy: bool,
    /// Whether the bot is told to ponder ([`Driver::ponder`]).
    ponders: bool,
    /// What the view last handed to ponder on had heard ([`heard_so_far`]).
    pondered: Option<(usize, usize)>,
}

impl Driver {
    /// Starts `bot` on a thread of its own.
    pub fn start(mut bot: Box<dyn Bot>) -> Driver {
        let name = bot.name().to_owned();
        let (jobs, job_rx) = channel::<Job>();
        let (answer_tx, answers) = channel();
        let waker: Arc<Mutex<Option<Waker>>> = Arc::new(Mutex::new(None));
        let wake = waker.clone();
        let trouble: Arc<Mutex<Option<String>>> = Arc::new(Mutex::new(None));
        let troubled = trouble.clone();
        std::thread::spawn(move || {
            // The view to ponder on, while there is more to do.
            let mut pondering: Option<Box<PlayerView>> = None;
            loop {
                let job = match &pondering {
                    Some(view) => match job_rx.try_recv() {
                        Ok(job) => job,
                        Err(TryRecvError::Empty) => {
                            if !bot.ponder(view) {
                                pondering = None;
                            }
                            continue;
                        }
                        Err(TryRecvError::Disconnected) => return,
                    },
                    None => match job_rx.recv() {
                        Ok(job) => job,
                        Err(_) => return,
                    },
                };
                if !matches!(job, Job::Ponder(_) | Job::Clock(_) | Job::ThinkMs(_)) {
                    pondering = None;
                }
                match job {
                    Job::Ponder(view) => pondering = Some(view),
                    Job::Act(view) => {
                        let request = bot.act(&view);
                        if let Ok(mut slot) = troubled.lock() {
                            *slot = bot.trouble();
                        }
                        if answer_tx.send(request).is_err() {
                            return;
                        }
                        let waker = wake.lock().ok().and_then(|w| w.clone());
                        if let Some(w) = waker {
                            w();
                        }
                    }
                    Job::Refused(error) => bot.refused(&error),
                    Job::ThinkMs(ms) => bot.set_think_ms(ms),
                    Job::Clock(clock) => bot.set_clock(clock),
                    Job::GameOver(view, log) => bot.game_over(&view, &log),
                }
            }
        });
        Driver {
            name,
            jobs,
            answers,
            waker,
            trouble,
            busy: false,
            ponders: true,
            pondered: None,
        }
    }

    /// Whether the bot may work while the opponent is to move ([`Driver::ponder`]; on by
    /// default).
    pub fn set_pondering(&mut self, on: bool) {
        self.ponders = on;
    }

    /// Lets the bot work on `seat`, its view while the opponent is to move, until it is asked
    /// to act ([`Bot::ponder`]): cheap to call again and again (a view that heard nothing new
    /// is not handed over again). Nothing while it thinks, or where pondering is off.
    pub fn ponder(&mut self, seat: &PlayerView) {
        let heard = heard_so_far(seat);
        if !self.ponders || self.busy || seat.my_turn() || self.pondered == Some(heard) {
            return;
        }
        if self.jobs.send(Job::Ponder(Box::new(seat.clone()))).is_ok() {
            self.pondered = Some(heard);
        }
    }

    /// Why the bot will make no request any more ([`Bot::trouble`], as of its last answer).
    pub fn trouble(&self) -> Option<String> {
        self.trouble.lock().ok().and_then(|t| t.clone())
    }

    /// The bot's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Calls `waker` whenever the bot has answered.
    pub fn set_waker(&mut self, waker: Waker) {
        if let Ok(mut slot) = self.waker.lock() {
            *slot = Some(waker);
        }
    }

    /// Whether the bot is thinking about a view it was handed.
    pub fn busy(&self) -> bool {
        self.busy
    }

    /// Hands the bot its seat's view; it answers through [`Driver::poll`] or [`Driver::wait`].
    /// Ignored (returns `false`) while it is still thinking.
    pub fn ask(&mut self, seat: &PlayerView) -> bool {
        if self.busy {
            return false;
        }
        self.busy = self.jobs.send(Job::Act(Box::new(seat.clone()))).is_ok();
        self.busy
    }

    /// The bot's answer, if it has one (never waits).
    pub fn poll(&mut self) -> Option<Answer> {
        if !self.busy {
            return None;
        }
        match self.answers.try_recv() {
            Ok(request) => {
                self.busy = false;
                Some(Answer::Request(request))
            }
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => {
                self.busy = false;
                Some(Answer::Stopped)
            }
        }
    }

    /// Waits for the bot's answer (at most `limit`; `None` after that, still thinking).
    pub fn wait_for(&mut self, limit: Duration) -> Option<Answer> {
        if !self.busy {
            return Some(Answer::Request(None));
        }
        match self.answers.recv_timeout(limit) {
            Ok(request) => {
                self.busy = false;
                Some(Answer::Request(request))
            }
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                self.busy = false;
                Some(Answer::Stopped)
            }
        }
    }

    /// Waits for the bot's answer, however long it thinks.
    pub fn wait(&mut self) -> Answer {
        if !self.busy {
            return Answer::Request(None);
        }
        self.busy = false;
        match self.answers.recv() {
            Ok(request) => Answer::Request(request),
            Err(_) => Answer::Stopped,
        }
    }

    /// Hands the bot its view and waits for its answer: what a tool that has nothing else to
    /// do does.
    pub fn act(&mut self, seat: &PlayerView) -> Option<Request> {
        self.ask(seat);
        match self.wait() {
            Answer::Request(request) => request,
            Answer::Stopped => None,
        }
    }

    /// Tells the bot its last request was refused (the game is unchanged).
    pub fn refused(&mut self, error: &str) {
        let _ = self.jobs.send(Job::Refused(error.to_owned()));
    }

    /// Sets the bot's thinking time per request.
    pub fn set_think_ms(&mut self, ms: u64) {
        let _ = self.jobs.send(Job::ThinkMs(ms));
    }

    /// Tells the bot its own clock, before it is next asked to act ([`Bot::set_clock`]).
    pub fn set_clock(&mut self, clock: Option<super::ClockLeft>) {
        let _ = self.jobs.send(Job::Clock(clock));
    }

    /// Tells the bot the game is over: its last view and the whole game.
    pub fn game_over(&mut self, seat: &PlayerView, log: &GameLog) {
        let _ = self
            .jobs
            .send(Job::GameOver(Box::new(seat.clone()), Box::new(log.clone())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::Game;
    use crate::rules::Preset;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn the_bot_answers_from_its_thread_and_wakes_the_waiter() {
        let game = Game::standard(Preset::Wild16.rules());
        let view = PlayerView::build(game.log(), shakmaty::Color::White);
        let bot = super::super::BotKind::Random.make(3).expect("a bot");
        let mut driver = Driver::start(bot);
        let woken = Arc::new(AtomicUsize::new(0));
        let count = woken.clone();
        driver.set_waker(Arc::new(move || {
            count.fetch_add(1, Ordering::SeqCst);
        }));
        assert!(driver.ask(&view));
        assert!(!driver.ask(&view), "one question at a time");
        let answer = driver.wait_for(Duration::from_secs(10));
        assert!(matches!(
            answer,
            Some(Answer::Request(Some(Request::Try(_))))
        ));
        // The waker runs right after the answer is sent.
        for _ in 0..1000 {
            if woken.load(Ordering::SeqCst) == 1 {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(woken.load(Ordering::SeqCst), 1);
        assert!(!driver.busy() && driver.poll().is_none());
    }

    /// A bot that ponders for ever: how many slices it worked, and its answer a resignation.
    struct Pondering(Arc<AtomicUsize>);

    impl Bot for Pondering {
        fn name(&self) -> &str {
            "pondering"
        }
        fn next(&mut self, seat: &PlayerView) -> Option<Request> {
            Some(Request::Resign(seat.color))
        }
        fn ponder(&mut self, _seat: &PlayerView) -> bool {
            self.0.fetch_add(1, Ordering::SeqCst);
            std::thread::sleep(Duration::from_millis(1));
            true
        }
    }

    /// Waits (at most 10 s) until `count` passes `n`.
    fn reaches(count: &AtomicUsize, n: usize) -> bool {
        (0..10_000).any(|_| {
            std::thread::sleep(Duration::from_millis(1));
            count.load(Ordering::SeqCst) > n
        })
    }

    #[test]
    fn a_bot_works_while_the_opponent_is_to_move_and_answers_when_asked() {
        let mut game = Game::standard(Preset::Wild16.rules());
        let start = PlayerView::build(game.log(), shakmaty::Color::White);
        let e4 = crate::attempt::Attempt::parse("e2e4").expect("uci");
        game.apply(Request::Try(e4)).expect("a legal move");
        let waiting = PlayerView::build(game.log(), shakmaty::Color::White);
        let slices = Arc::new(AtomicUsize::new(0));
        let mut driver = Driver::start(Box::new(Pondering(slices.clone())));
        // Not at its own turn.
        driver.ponder(&start);
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(slices.load(Ordering::SeqCst), 0);
        driver.ponder(&waiting);
        assert!(reaches(&slices, 3), "it ponders");
        // Asked, it stops at the end of a slice and answers.
        assert!(driver.ask(&start));
        let answer = driver.wait_for(Duration::from_secs(10));
        let resigned = Request::Resign(shakmaty::Color::White);
        assert_eq!(answer, Some(Answer::Request(Some(resigned))));
        let after = slices.load(Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(slices.load(Ordering::SeqCst), after, "no more pondering");
        // The same view again is not handed over again; with pondering off, none is.
        driver.ponder(&waiting);
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(slices.load(Ordering::SeqCst), after);
        let mut off = Driver::start(Box::new(Pondering(slices.clone())));
        off.set_pondering(false);
        off.ponder(&waiting);
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(slices.load(Ordering::SeqCst), after);
    }

    /// A bot that fails takes its thread down: the driver says so instead of waiting forever.
    #[test]
    fn a_failed_bot_is_reported_stopped() {
        struct Failing;
        impl Bot for Failing {
            fn name(&self) -> &str {
                "failing"
            }
            fn next(&mut self, _seat: &PlayerView) -> Option<Request> {
                panic!("the bot failed")
            }
        }
        let game = Game::standard(Preset::Wild16.rules());
        let view = PlayerView::build(game.log(), shakmaty::Color::White);
        let mut driver = Driver::start(Box::new(Failing));
        driver.ask(&view);
        assert_eq!(driver.wait(), Answer::Stopped);
    }
}
