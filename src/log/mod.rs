//! The game log: the rules, the start position, and every request in order with the referee's
//! answer and who heard what. A [`Game`] is a referee plus its log; replaying a log through a
//! fresh referee rebuilds exactly the same game and checks every recorded answer on the way.
//! [`GameLog::turns`] reads it by turns; [`GameLog::perceived_by`] gives one seat's part of it;
//! [`GameLog::public_record`] what both heard.

mod perceived;
mod public;
mod turns;

pub use perceived::{Following, Perceived, Perception};
pub use public::PublicLine;
pub use turns::{MoveCounter, Turn, Turns};

use crate::announce::{Announcement, Said};
use crate::clock::ClockReading;
use crate::referee::{NewGameError, Referee, Request, RequestError};
use crate::rules::RuleSet;
use serde::{Deserialize, Serialize};
use shakmaty::{Color, Setup};
use thiserror::Error;

/// One accepted request and the referee's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Who made the request (`None`: both players, or the clock).
    #[serde(default, with = "crate::announce::opt_color_serde")]
    pub by: Option<Color>,
    /// The request.
    pub request: Request,
    /// What was said, and to whom.
    pub said: Vec<Said>,
    /// Whether this request ended the mover's turn (public: both players know whose turn it is).
    #[serde(default)]
    pub turn_ends: bool,
    /// Both players' remaining time right after the request, when the game is played on a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockReading>,
}

impl Event {
    /// Whether `other` records the same request and answer (clock readings aside).
    pub fn same_answer(&self, other: &Event) -> bool {
        self.by == other.by
            && self.request == other.request
            && self.said == other.said
            && self.turn_ends == other.turn_ends
    }
}

/// Everything needed to rebuild a game: rules, start, and every accepted request with its answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLog {
    /// The rule flags.
    pub rules: RuleSet,
    /// The start position (stored as FEN).
    #[serde(with = "crate::setup::fen_serde")]
    pub start: Setup,
    /// What was announced at the start.
    pub opening: Vec<Said>,
    /// Every accepted request, in order.
    pub events: Vec<Event>,
    /// The start was not agreed in public (a random ending): each seat was told its own pieces
    /// and how many enemy units there are, never where they stand
    /// ([`GameLog::perceived_by`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden_start: bool,
}

/// The most requests one turn may log: far more than any player needs (a position has at most a
/// few hundred possible attempts, and each is refused at most once with "illegal"), so only a
/// runaway client reaches it. After that, an attempt is accepted only if it ends the turn (or the
/// game); any other is refused without being logged, so the log stays bounded. Resigning, a
/// draw and a flag fall are always accepted.
pub const MAX_REQUESTS_PER_TURN: usize = 1_000;

/// The per-turn cap as every game's log keeps it ([`MAX_REQUESTS_PER_TURN`]): the chess
/// family's [`Game`] and every other game's log count their turn's requests with it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnCap {
    /// Events logged in the current turn.
    this_turn: usize,
}

impl TurnCap {
    /// Whether the turn has logged its most requests: an attempt is then logged only if it ends
    /// the turn (or the game).
    pub fn full(&self) -> bool {
        self.this_turn >= MAX_REQUESTS_PER_TURN
    }

    /// One more event logged, which ended the turn or not.
    pub fn logged(&mut self, turn_ends: bool) {
        self.this_turn = if turn_ends { 0 } else { self.this_turn + 1 };
    }
}

/// A game in progress: the referee (the truth) and the log (the record).
#[derive(Clone, Debug)]
pub struct Game {
    referee: Referee,
    log: GameLog,
    /// Events logged in the current turn.
    this_turn: TurnCap,
}

/// Why a log could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReplayError {
    /// The start position or rules are unusable.
    #[error("the game cannot start: {0}")]
    Start(#[from] NewGameError),
    /// The recorded start announcement is not what the rules give.
    #[error("the announcement at the start does not match the rules")]
    Opening,
    /// The referee refused a recorded request.
    #[error("event {number}: the referee refuses the request: {error}")]
    Refused {
        /// 1-based event number.
        number: usize,
        /// The referee's reason.
        error: RequestError,
    },
    /// The referee answered differently from the record.
    #[error(
        "event {number}: the recorded {field} ({expected}) is not what the rules give ({actual})"
    )]
    Mismatch {
        /// 1-based event number.
        number: usize,
        /// Which part of the event differs ("answer", "player", "end of turn").
        field: &'static str,
        /// What the record says.
        expected: String,
        /// What the referee says.
        actual: String,
    },
}

/// The first part of `got` that differs from the recorded `event`, in words that differ.
fn mismatch(number: usize, event: &Event, got: &Event) -> ReplayError {
    let player = |e: &Event| {
        e.by.map_or("both players or the clock", |c| c.fold_wb("White", "Black"))
    };
    let (field, expected, actual) = if event.said != got.said {
        let (mut expected, mut actual) = (describe_said(&event.said), describe_said(&got.said));
        if expected == actual {
            // Different items that read alike: show them as written.
            expected = serde_json::to_string(&event.said).unwrap_or_default();
            actual = serde_json::to_string(&got.said).unwrap_or_default();
        }
        ("answer", expected, actual)
    } else if event.by != got.by {
        ("player", player(event).to_owned(), player(got).to_owned())
    } else {
        let ends = |e: &Event| {
            if e.turn_ends {
                "the turn ends"
            } else {
                "the turn goes on"
            }
        };
        ("end of turn", ends(event).to_owned(), ends(got).to_owned())
    };
    ReplayError::Mismatch {
        number,
        field,
        expected,
        actual,
    }
}

fn describe_said(said: &[Said]) -> String {
    if said.is_empty() {
        return "nothing".to_owned();
    }
    said.iter()
        .map(|s| {
            let to = match s.to {
                crate::announce::Audience::Both => "both".to_owned(),
                crate::announce::Audience::Only(c) => {
                    format!("{} only", c.fold_wb("White", "Black"))
                }
            };
            let words = crate::wording::describe(&s.item, crate::rules::Wording::Berkeley)
                .unwrap_or_else(|| "Yes.".into());
            format!("{} [{to}]", words.trim_end_matches('.'))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl Game {
    /// Starts a game (see [`Referee::new`]).
    pub fn new(rules: RuleSet, start: Setup) -> Result<Game, NewGameError> {
        let (referee, opening) = Referee::new(rules.clone(), start.clone())?;
        Ok(Game {
            referee,
            log: GameLog {
                rules,
                start,
                opening: opening.to_vec(),
                events: Vec::new(),
                hidden_start: false,
            },
            this_turn: TurnCap::default(),
        })
    }

    /// Hides the start from both seats (a random ending): each is told only its own pieces and
    /// how many enemy units there are.
    pub fn hide_start(&mut self) {
        self.log.hidden_start = true;
    }

    /// Starts a game from a FEN.
    pub fn from_fen(rules: RuleSet, fen: &str) -> Result<Game, NewGameError> {
        let setup =
            crate::setup::parse_fen(fen).ok_or_else(|| NewGameError::Fen(fen.to_owned()))?;
        Game::new(rules, setup)
    }

    /// Starts a game from the family's start: the standard position, or a handicap game's army
    /// ([`crate::referee::handicap::start`]).
    pub fn standard(rules: RuleSet) -> Game {
        let start = crate::referee::handicap::start(&rules);
        match Game::new(rules, start) {
            Ok(g) => g,
            Err(e) => unreachable!("the standard position is always valid: {e}"),
        }
    }

    /// Applies a request; on success it is logged and its event returned.
    pub fn apply(&mut self, request: Request) -> Result<&Event, RequestError> {
        self.apply_timed(request, None)
    }

    /// Applies a request and records the clock reading after it (see [`Game::apply`]).
    pub fn apply_timed(
        &mut self,
        request: Request,
        clock: Option<ClockReading>,
    ) -> Result<&Event, RequestError> {
        let before = self.referee.to_move();
        let by = request.actor(before);
        let attempt = matches!(
            request,
            Request::Try(_)
                | Request::Any
                | Request::Sense(_)
                | Request::Move(_)
                | Request::Open(_)
        );
        if attempt && self.this_turn.full() {
            // Rare: try it on a copy, and log it only if it ends the turn.
            let mut probe = self.referee.clone();
            probe.apply(&request)?;
            if probe.to_move() == before && probe.over().is_none() {
                return Err(RequestError::TooManyRequests(MAX_REQUESTS_PER_TURN));
            }
        }
        let said: Announcement = self.referee.apply(&request)?;
        let turn_ends = self.referee.to_move() != before;
        self.this_turn.logged(turn_ends);
        self.log.events.push(Event {
            by,
            request,
            said: said.to_vec(),
            turn_ends,
            clock,
        });
        Ok(self.log.events.last().expect("just pushed"))
    }

    /// Records the clock reading after the last event (for a clock that settles after the
    /// referee has answered, e.g. adding the increment once the move stands).
    pub fn set_last_clock(&mut self, reading: ClockReading) {
        if let Some(last) = self.log.events.last_mut() {
            last.clock = Some(reading);
        }
    }

    /// The referee (the only holder of the true position).
    pub fn referee(&self) -> &Referee {
        &self.referee
    }

    /// The log so far.
    pub fn log(&self) -> &GameLog {
        &self.log
    }

    /// Gives the log back.
    pub fn into_log(self) -> GameLog {
        self.log
    }
}

impl GameLog {
    /// Replays every event through a fresh referee, checking each recorded answer.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        self.replay_prefix(self.events.len())
    }

    /// Replays the first `n` events (see [`GameLog::replay`]).
    pub fn replay_prefix(&self, n: usize) -> Result<Game, ReplayError> {
        let mut game = Game::new(self.rules.clone(), self.start.clone())?;
        game.log.hidden_start = self.hidden_start;
        if game.log.opening != self.opening {
            return Err(ReplayError::Opening);
        }
        for (i, event) in self.events.iter().take(n).enumerate() {
            let number = i + 1;
            let got = game
                .apply_timed(event.request.clone(), event.clock)
                .map_err(|error| ReplayError::Refused { number, error })?;
            if !got.same_answer(event) {
                return Err(mismatch(number, event, got));
            }
        }
        Ok(game)
    }
}
