//! The computer opponent: a bot on its own thread ([`Driver`]) playing the seat the person does
//! not, from that seat's view alone. Each frame it is asked for its next request when it is its
//! turn, and its answer (which wakes the window) goes to the table exactly as a person's would.
//! A semi-Kriegspiel placement is the bot's own (from its view, [`crate::bots::Bot::act`]).

use super::news::Asker;
use super::{MessageKind, PlayMode, PlayScreen};
use crate::announce::Item;
use crate::bots::driver::{Answer, Driver};
use crate::log::Event;
use crate::referee::RequestError;
use crate::wording::say;
use shakmaty::Color;
use std::time::Duration;

/// A turn never needs more refused requests than there are king steps and rook moves: after
/// this many the computer is stuck.
const MOST_REFUSALS: u32 = 64;

/// The computer at the other seat.
pub(super) struct Computer {
    driver: Driver,
    seat: Color,
    refusals: u32,
    /// Modern Kriegspiel: the length of its seat's record when it was last asked for the
    /// squares to open after its move (it is asked once; it may open none).
    asked_open: Option<usize>,
    /// Its question pending is the squares to open.
    opening: bool,
}

impl Computer {
    /// Whether it is thinking.
    pub(super) fn thinking(&self) -> bool {
        self.driver.busy()
    }

    /// Wakes the window when it has answered.
    pub(super) fn set_waker(&mut self, waker: crate::table::Waker) {
        self.driver.set_waker(waker);
    }
}

impl PlayScreen {
    /// Starts the computer the game names for the other seat, if any (a level, a bot, or an
    /// engine program run with the game's command).
    pub(super) fn start_computer(&mut self) {
        let PlayMode::Seat(me) = self.mode else {
            return;
        };
        let seed = u64::from(self.table.view(Color::White).move_number);
        let meta = &self.facts().meta;
        let Some(named) = meta.computer.filter(|c| c.plays == !me) else {
            return;
        };
        let started = match named.level {
            Some(level) => Ok(level.make(seed)),
            None => crate::seat::engine::start_bot(named.bot, &meta.engine, seed),
        };
        match started {
            Ok(bot) => {
                self.computer = Some(Computer {
                    driver: Driver::start(bot),
                    seat: !me,
                    refusals: 0,
                    asked_open: None,
                    opening: false,
                })
            }
            Err(e) => self.tell(MessageKind::Error, e.to_string()),
        }
    }

    /// The computer's part of a frame: its answer, if it has one, goes to the table; when it is
    /// its turn and it is not thinking, it is handed its seat's view. Returns how many answers
    /// it took (0 or 1).
    pub(super) fn computer_step(&mut self, now: Duration) -> usize {
        let Some(computer) = &mut self.computer else {
            return 0;
        };
        let seat = computer.seat;
        let answer = computer.driver.poll();
        let took = usize::from(answer.is_some());
        let opening = answer.is_some() && std::mem::take(&mut computer.opening);
        match answer {
            Some(Answer::Request(Some(request))) => {
                self.submit(request, now, Asker::Computer);
                self.take_news(now);
            }
            Some(Answer::Request(None)) if opening => {
                // It opens no squares after its move.
                return took;
            }
            Some(Answer::Request(None)) => {
                self.tell(
                    MessageKind::Error,
                    "The computer cannot play this position.",
                );
                return took;
            }
            Some(Answer::Stopped) => {
                self.computer = None;
                self.tell(MessageKind::Error, "The computer stopped playing.");
                return took;
            }
            None => {}
        }
        // The computer that has just moved opens its squares (Modern Kriegspiel) first, asked
        // once.
        let over = self.facts().over.is_some();
        let view = self.table.view(seat);
        let heard = view.perception.events.len();
        if !over && view.acts_after_moving() {
            let ask = self
                .computer
                .as_ref()
                .is_some_and(|c| !c.driver.busy() && c.asked_open.is_none_or(|n| n != heard));
            if ask {
                let view = self.table.view(seat).clone();
                if let Some(computer) = &mut self.computer {
                    computer.asked_open = Some(heard);
                    computer.opening = computer.driver.ask(&view);
                }
            }
            return took;
        }
        let facts = self.facts();
        // The person who just moved may still open squares (Modern Kriegspiel) first.
        let waiting_for_person = self.entry.opening.is_some();
        if facts.over.is_some() || waiting_for_person {
            return took;
        }
        if facts.to_act() != seat {
            // The person is to move: the computer works meanwhile (a view that heard nothing
            // new is not handed over again).
            let view = self.table.view(seat);
            if let Some(computer) = &mut self.computer {
                computer.driver.ponder(view);
            }
            return took;
        }
        let Some(computer) = &mut self.computer else {
            return took;
        };
        if !computer.driver.busy() && computer.refusals < MOST_REFUSALS {
            let view = self.table.view(seat).clone();
            if let Some(computer) = &mut self.computer {
                computer.driver.ask(&view);
            }
        }
        took
    }

    /// The table answered the computer's request: once its turn is over, the person is told
    /// what it heard of it.
    pub(super) fn computer_answered(&mut self, event: &Event) {
        let Some(computer) = &mut self.computer else {
            return;
        };
        computer.refusals = 0;
        // Its squares opened after its move: the person hears nothing of them, and keeps what
        // it was told of the move.
        if matches!(event.request, crate::referee::Request::Open(_)) {
            return;
        }
        let seat = computer.seat;
        let person = !seat;
        let facts = self.facts();
        if facts.over.is_some() || facts.to_act() == person {
            let text = self.computer_turn(seat, event);
            self.tell(MessageKind::Info, text);
        }
    }

    /// The computer's turn as the person's log has it: everything asked and answered, and what
    /// happened, in the log's words ("The computer played. 12... Black: 1) Any? - No. | 2)
    /// moved."); what the person heard of `event` alone when the record has no such turn.
    fn computer_turn(&mut self, seat: Color, event: &Event) -> String {
        let person = !seat;
        let notation = self.notation;
        let view = self.table.view(person);
        // Its last turn (the one just ended), nothing older.
        let turn = view
            .turns
            .iter()
            .rev()
            .find(|t| t.mover == Some(seat))
            .map(|t| crate::replay::record::turn_words(view, t, notation))
            .filter(|t| !t.entries.is_empty());
        match turn {
            Some(t) => {
                let line = t.line(person, crate::replay::record::Head::Short);
                format!("The computer played. {line}")
            }
            None => {
                let facts = self.facts();
                let heard: Vec<Item> = crate::announce::heard_by(&event.said, person).collect();
                let words = say(&heard, facts.rules.wording, seat);
                format!("The computer played. {words}")
            }
        }
    }

    /// The table refused the computer's request: the bot is told (an engine then tries
    /// again), and the person sees why.
    pub(super) fn computer_refused(&mut self, error: &RequestError) {
        let Some(computer) = &mut self.computer else {
            return;
        };
        computer.refusals += 1;
        computer.driver.refused(&error.to_string());
        self.tell(
            MessageKind::Error,
            format!("The computer's attempt failed: {error}"),
        );
    }
}
