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
    /// One line saying what to look at in the game (the shipped samples: a missed mate, a king
    /// found); empty in most saves.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub caption: String,
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
    /// How the game is seated: which seats this machine holds (see [`Meta::seating`]; saves
    /// from before it was written have none and are read by their `mode`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seating: Option<Seating>,
    /// The game was abandoned unfinished: it is over without a result, never played on, and
    /// may be studied ([`crate::gate::abandon`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abandoned: Option<Abandoned>,
}

/// When and by whom an unfinished game was abandoned.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Abandoned {
    /// The date, `YYYY-MM-DD`.
    pub date: String,
    /// Who abandoned it, in words ("the players at this machine", "the host").
    pub by: String,
}

impl Abandoned {
    /// "Abandoned on 2026-11-29 by the host."
    pub fn words(&self) -> String {
        let by = if self.by.is_empty() {
            String::new()
        } else {
            format!(" by {}", self.by)
        };
        let on = if self.date.is_empty() {
            String::new()
        } else {
            format!(" on {}", self.date)
        };
        format!(
            "This game was abandoned{on}{by}, unfinished: it has no result and is not played on."
        )
    }
}

/// How a game is seated, as far as the machine holding the save knows: which seats it holds,
/// and so what it may show of the game (the one gate, [`crate::gate`], decides from it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seating {
    /// Both seats here, a curtain between turns (also a protocol game: both seats were
    /// programs talking to this machine's referee).
    HotSeat,
    /// One seat here, the other the computer's.
    Computer {
        /// The seat the person plays.
        #[serde(with = "color_serde")]
        human: Color,
    },
    /// The club referee's console: the operator sees everything, the players are elsewhere.
    Club,
    /// This machine hosts a network game: the table (the truth) is here; the seats are taken
    /// over the network, this machine's own player's too (over the loopback).
    Host {
        /// The seat this machine's player holds (none: both seats are remote).
        #[serde(default, with = "crate::announce::opt_color_serde")]
        own: Option<Color>,
        /// The address listened on (`127.0.0.1` or `0.0.0.0`) and the port.
        bind: String,
        /// The port the seats reach the table on (kept when the game is hosted again, so that
        /// the other machine rejoins where it left; 0 in an old save: the default port).
        port: u16,
        /// Each seat's token (White's, Black's): kept so that each seat takes itself back
        /// (empty in an old save: each seat is then taken back with a code of its own).
        tokens: [String; 2],
    },
    /// One seat here, at a table another machine hosts.
    Seat {
        /// The seat.
        #[serde(with = "color_serde")]
        color: Color,
        /// The host's address, HOST:PORT.
        address: String,
        /// The seat's token.
        token: String,
    },
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
    /// The heading of a game hosted across the network (`kriegspiel host`, the app's "Host a
    /// game"), dated today.
    pub fn network_host() -> Meta {
        Meta {
            event: "Network game".to_owned(),
            site: "kriegspiel host".to_owned(),
            date: super::today(),
            mode: Mode::Network,
            ..Meta::default()
        }
    }

    /// How the game is seated: as written, or (a save from before seating was written) as its
    /// mode says; a network game's old save names no seat of its own (both are taken back with
    /// codes of their own).
    pub fn seating(&self) -> Seating {
        if let Some(seating) = &self.seating {
            return seating.clone();
        }
        match (self.mode, self.computer) {
            (Mode::ClubReferee, _) => Seating::Club,
            (_, Some(c)) => Seating::Computer { human: !c.plays },
            (Mode::Network, None) => Seating::Host {
                own: None,
                bind: "0.0.0.0".to_owned(),
                port: 0,
                tokens: [String::new(), String::new()],
            },
            _ => Seating::HotSeat,
        }
    }

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
        self.caption = clean_text(&self.caption).replace('\n', " ");
        if let Some(a) = &mut self.abandoned {
            a.date = clean_name(&a.date);
            a.by = clean_name(&a.by);
        }
    }
}
