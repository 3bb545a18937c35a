//! A save's metadata: who, where and when, and how the game is played. Every name in it is
//! cleaned as it enters ([`Meta::clean`]).

use crate::announce::color_serde;
use serde::{Deserialize, Serialize};
use shakmaty::Color;

/// How the game is being played.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Two players on one machine, with a curtain between turns.
    #[default]
    HotSeat,
    /// A club referee runs a physical game and enters every attempt.
    ClubReferee,
    /// A player against the computer.
    Practice,
    /// A game played through the headless protocol.
    Protocol,
    /// A game between two seats over the seat protocol (the host's save).
    Network,
}

/// Who, where and when.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Meta {
    /// Event name.
    pub event: String,
    /// Round of the event (club play).
    pub round: String,
    /// The arbiter's note, shown on the scoresheet.
    pub note: String,
    /// Site.
    pub site: String,
    /// Date, `YYYY-MM-DD`.
    pub date: String,
    /// White player's name.
    pub white: String,
    /// Black player's name.
    pub black: String,
    /// Referee's name.
    pub referee: String,
    /// How the game is played.
    pub mode: Mode,
    /// The seat the computer plays and which bot plays it (practice games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computer: Option<Computer>,
    /// The command line of the engine program the computer's seat runs (when its bot is
    /// `BotKind::Engine`).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub engine: String,
}

/// The computer's seat in a game against it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Computer {
    /// The side the computer plays.
    #[serde(with = "color_serde")]
    pub plays: Color,
    /// Which bot.
    pub bot: crate::bots::BotKind,
    /// The level it plays at, when one was chosen (its bot is then the level's); saves from
    /// before levels have none, and the bare bot plays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<crate::bots::level::Level>,
}

impl Computer {
    /// The computer at `level` playing `plays`.
    pub fn at_level(plays: Color, level: crate::bots::level::Level) -> Computer {
        Computer {
            plays,
            bot: level.spec().bot,
            level: Some(level),
        }
    }
}

impl Meta {
    /// Cleans every name and the date ([`crate::untrusted::clean_name`]: no control or direction-changing
    /// characters, at most 40 characters) and the note ([`crate::untrusted::clean_text`]).
    pub fn clean(&mut self) {
        use crate::untrusted::{clean_name, clean_text};
        for name in [
            &mut self.event,
            &mut self.round,
            &mut self.site,
            &mut self.date,
            &mut self.white,
            &mut self.black,
            &mut self.referee,
        ] {
            *name = clean_name(name);
        }
        self.note = clean_text(&self.note);
    }
}
