//! A tsuitate game as it is played and recorded: the umpire, both players' sides of the screen,
//! and every request with what was said. The protocol, the app and saves all play through it, so
//! a seat's view is always kept the one way ([`SeatView::update`]) and a game can be rebuilt, one
//! event at a time, from its requests (for saves and study).

use super::announce::{Item, Said};
use super::referee::{Referee, TsuitateError, index};
use super::rules::TsuitateRules;
use super::seat::SeatView;
use crate::log::{MAX_REQUESTS_PER_TURN, TurnCap};
use shogi_core::Color;

/// Both sides, sente (black) first.
pub const SIDES: [Color; 2] = [Color::Black, Color::White];

/// What a player asked of the umpire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// An attempted move in USI.
    Try(String),
    /// The side to move resigns.
    Resign,
    /// A draw agreed by both.
    Draw,
}

/// One request and the umpire's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Who asked (the side to move).
    pub by: Color,
    /// What was asked.
    pub request: Request,
    /// What was said, to whom.
    pub said: Vec<Said>,
}

/// A game in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TsuitateGame {
    referee: Referee,
    seats: [SeatView; 2],
    /// What both heard at the start (a check, an immediate end).
    opening: Vec<Said>,
    events: Vec<Event>,
    /// The requests logged this turn (the chess family's cap, [`TurnCap`]).
    this_turn: TurnCap,
}

/// The items of `said` that `color` hears.
pub fn heard_by(said: &[Said], color: Color) -> Vec<Item> {
    said.iter()
        .filter(|s| s.to.includes(color))
        .map(|s| s.item)
        .collect()
}

/// The umpire's transition: `request` judged by `referee` for the side to move (changed when
/// accepted), with what is said and to whom.
pub fn judge(referee: &mut Referee, request: &Request) -> Result<Vec<Said>, TsuitateError> {
    match request {
        Request::Try(usi) => referee.attempt(usi),
        Request::Resign => referee.resign(),
        Request::Draw => referee.agree_draw(),
    }
}

impl TsuitateGame {
    /// A game from the usual start.
    pub fn new(rules: TsuitateRules) -> TsuitateGame {
        TsuitateGame::from_referee(Referee::new(rules))
    }

    /// A game from a SFEN.
    pub fn from_sfen(rules: TsuitateRules, sfen: &str) -> Result<TsuitateGame, TsuitateError> {
        Ok(TsuitateGame::from_referee(Referee::from_sfen(rules, sfen)?))
    }

    fn from_referee((referee, opening): (Referee, Vec<Said>)) -> TsuitateGame {
        let seats = SIDES.map(|c| SeatView::new(c, referee.start(), &heard_by(&opening, c)));
        TsuitateGame {
            referee,
            seats,
            opening,
            events: Vec::new(),
            this_turn: TurnCap::default(),
        }
    }

    /// The umpire (the true position: hidden information).
    pub fn referee(&self) -> &Referee {
        &self.referee
    }

    /// `color`'s side of the screen.
    pub fn seat(&self, color: Color) -> &SeatView {
        &self.seats[index(color)]
    }

    /// What both heard at the start.
    pub fn opening(&self) -> &[Said] {
        &self.opening
    }

    /// Every request so far with its answer.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Asks the umpire `request` for the side to move; the seats hear their part. A refused
    /// request (bad text, the game over, an attempt past the per-turn cap
    /// [`crate::log::MAX_REQUESTS_PER_TURN`] that would not end the turn) leaves the game
    /// unchanged.
    pub fn apply(&mut self, request: Request) -> Result<&Event, TsuitateError> {
        let mover = self.referee.to_move();
        if let (Request::Try(usi), true) = (&request, self.this_turn.full()) {
            // Rare: try it on a copy, and log it only if it ends the turn.
            let mut probe = self.referee.clone();
            probe.attempt(usi)?;
            if probe.to_move() == mover && probe.over().is_none() {
                return Err(TsuitateError::TooManyRequests(MAX_REQUESTS_PER_TURN));
            }
        }
        let said = judge(&mut self.referee, &request)?;
        let over = self.referee.over();
        for (seat, color) in self.seats.iter_mut().zip(SIDES) {
            let heard = heard_by(&said, color);
            match &request {
                Request::Try(usi) => seat.update(mover, usi, &heard, over),
                _ => {
                    seat.over = over;
                    seat.heard.extend(heard);
                }
            }
        }
        self.this_turn
            .logged(self.referee.to_move() != mover || over.is_some());
        self.events.push(Event {
            by: mover,
            request,
            said,
        });
        Ok(self
            .events
            .last()
            .unwrap_or_else(|| unreachable!("just pushed")))
    }

    /// An attempt in USI by the side to move.
    pub fn attempt(&mut self, usi: &str) -> Result<&Event, TsuitateError> {
        self.apply(Request::Try(usi.to_owned()))
    }

    /// The game as it stood after its first `n` events (all of them when `n` is larger),
    /// rebuilt from the start: for study.
    pub fn at(&self, n: usize) -> TsuitateGame {
        let mut game = TsuitateGame::from_referee(self.referee.restarted());
        for event in self.events.iter().take(n) {
            // These requests were all accepted once from the same start: they are again.
            let _ = game.apply(event.request.clone());
        }
        game
    }
}
