//! The public facts of a game at a table, as data: what every screen shows about the game
//! besides a seat's own view (the rules, who is to act, the result, the clocks, a draw offer, a
//! network seat's status, and the true board of a handicap game's sighted seat). A local table
//! and a remote seat fill in the same [`Facts`], so a screen draws both alike.

use crate::announce::Over;
use crate::clock::{Clock, ClockReading, TimeControl};
use crate::rules::RuleSet;
use crate::save::Meta;
use shakmaty::{Board, Color};
use std::time::Duration;

/// The public facts of a game, as the caller may know them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// The rules.
    pub rules: RuleSet,
    /// Who, where and when.
    pub meta: Meta,
    /// The side to move.
    pub to_move: Color,
    /// The side whose Semi-Kriegspiel placement the game waits for, if any.
    pub placing: Option<Color>,
    /// The result, once the game is over.
    pub over: Option<Over>,
    /// The time control, if the game is played on a clock.
    pub time_control: Option<TimeControl>,
    /// The clocks as of the last news; a running clock counts down by itself.
    pub clock: Option<Clock>,
    /// A standing draw offer, by whom.
    pub draw_offer: Option<Color>,
    /// Whether a standing offer may be declined (otherwise it lapses with the next move).
    pub draw_declinable: bool,
    /// The true board the sighted seat of a handicap game sees (RULES.md 5.2): at a local
    /// table the referee's board; at a remote seat what the host sent that seat, if it is the
    /// sighted one. Screens draw it on the sighted player's board only.
    pub whole_board: Option<Board>,
    /// A network seat's status in words (whose seat, the connection, the opponent's).
    pub status: Option<String>,
    /// A network seat's trouble (a lost connection, a refused line), until it is over.
    pub trouble: Option<String>,
    /// Whether the other seat is taken (always, at a local table).
    pub opponent_present: bool,
    /// A network seat cut off from its table (the host has gone, the network fails): nothing
    /// that needs the table can be done until it is back.
    pub cut_off: Option<CutOff>,
}

/// Why a network seat cannot reach its table now, in words first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutOff {
    /// What happened and what comes next, in words.
    pub words: String,
    /// The technical detail (shown small).
    pub detail: String,
}

impl Facts {
    /// The facts at the start of a game under `rules`: White to move, nothing else known.
    pub fn new(rules: RuleSet, meta: Meta, time_control: Option<TimeControl>) -> Facts {
        Facts {
            rules,
            meta,
            to_move: Color::White,
            placing: None,
            over: None,
            time_control,
            clock: time_control.map(Clock::new),
            draw_offer: None,
            draw_declinable: true,
            whole_board: None,
            status: None,
            trouble: None,
            opponent_present: true,
            cut_off: None,
        }
    }

    /// The side that acts next: the sighted side during a Semi-Kriegspiel placement, otherwise
    /// the side to move. The hot-seat curtain passes the board to this side.
    pub fn to_act(&self) -> Color {
        self.placing.unwrap_or(self.to_move)
    }

    /// Both clocks at `now`.
    pub fn clock_reading(&self, now: Duration) -> Option<ClockReading> {
        self.clock.as_ref().map(|c| c.reading(now))
    }

    /// Whose clock runs.
    pub fn clock_running(&self) -> Option<Color> {
        self.clock.as_ref().and_then(Clock::running)
    }

    /// How long until the running clock reaches zero.
    pub fn time_to_flag(&self, now: Duration) -> Option<Duration> {
        self.clock.as_ref().and_then(|c| c.time_to_flag(now))
    }
}
