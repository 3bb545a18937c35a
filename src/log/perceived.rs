//! Privacy as a type: [`Perception`] is exactly what one seat was told and did. It holds the
//! public facts (rules, the agreed start, when turns end), the seat's own requests and the items
//! it heard, and nothing else: not the opponent's requests, not items addressed to the opponent
//! alone, not even how many things the opponent did that this seat was not told about. Every
//! derivation of "what a player knows" (the [`crate::view::PlayerView`], the bots' belief states)
//! starts from a `Perception`, so none can read the secret parts of the log. [`Following`] keeps
//! one up to date as the log grows, at the cost of the new events only.

use super::{Event, GameLog};
use crate::announce::{Item, heard_by};
use crate::referee::Request;
use crate::rules::RuleSet;
use shakmaty::{ByRole, Color, Setup};

/// One event as a seat perceived it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Perceived {
    /// The seat's own request; `None` when it only heard the result of someone else's request
    /// (the opponent's, the clock's, or both players' together).
    pub request: Option<Request>,
    /// What the seat heard, in order.
    pub heard: Vec<Item>,
    /// Whether the turn ended here (public: both players know whose turn it is).
    pub turn_ends: bool,
}

/// Everything one seat was told and did, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Perception {
    /// The seat.
    pub color: Color,
    /// The rules (public).
    pub rules: RuleSet,
    /// The start position (public: agreed before play).
    pub start: Setup,
    /// What the seat heard at the start.
    pub opening: Vec<Item>,
    /// A hidden start ([`GameLog::hidden_start`]): `start` holds only the seat's own pieces, and
    /// this says how many enemy units of each kind stand somewhere it was not told.
    pub unseen: Option<ByRole<u8>>,
    /// The events the seat took part in or heard of (those it knows nothing of are left out).
    pub events: Vec<Perceived>,
}

impl GameLog {
    /// What `color` was told and did over the whole game.
    pub fn perceived_by(&self, color: Color) -> Perception {
        self.perceived_by_upto(color, self.events.len())
    }

    /// The event at `index` as `color` perceived it (`None`: it knows nothing of it, or there
    /// is no such event): what [`GameLog::perceived_by`] holds of it.
    pub fn perceived_event(&self, index: usize, color: Color) -> Option<Perceived> {
        self.events.get(index).and_then(|e| perceived(e, color))
    }

    /// What `color` was told and did over the first `upto` events.
    pub fn perceived_by_upto(&self, color: Color, upto: usize) -> Perception {
        let (start, unseen) = self.start_as_seen_by(color);
        Perception {
            color,
            rules: self.rules.clone(),
            start,
            unseen,
            opening: heard_by(&self.opening, color).collect(),
            events: self
                .events
                .iter()
                .take(upto)
                .filter_map(|e| perceived(e, color))
                .collect(),
        }
    }
}

/// One event as `color` perceived it; `None` when it knows nothing of it.
fn perceived(e: &Event, color: Color) -> Option<Perceived> {
    let request = (e.by == Some(color)).then(|| e.request.clone());
    let heard: Vec<Item> = heard_by(&e.said, color).collect();
    (request.is_some() || !heard.is_empty() || e.turn_ends).then_some(Perceived {
        request,
        heard,
        turn_ends: e.turn_ends,
    })
}

/// A seat's [`Perception`] kept up to date as a log grows: each [`Following::update`] appends
/// what the seat perceived of the events logged since the last one, so its cost is that of the
/// new events, not of the whole game. It equals [`GameLog::perceived_by`] of the same log as
/// long as the log only grows (events appended, none changed); a log that got shorter (an event
/// taken back) is read again from its start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Following {
    perception: Perception,
    /// How many of the log's events have been read.
    read: usize,
}

impl Following {
    /// What `color` perceived of the whole of `log`.
    pub fn new(log: &GameLog, color: Color) -> Following {
        Following {
            perception: log.perceived_by(color),
            read: log.events.len(),
        }
    }

    /// Reads the events of `log` after those already read; returns the perception.
    pub fn update(&mut self, log: &GameLog) -> &Perception {
        if log.events.len() < self.read {
            *self = Following::new(log, self.perception.color);
        }
        let color = self.perception.color;
        let new = log.events.iter().skip(self.read);
        self.perception
            .events
            .extend(new.filter_map(|e| perceived(e, color)));
        self.read = log.events.len();
        &self.perception
    }

    /// The perception as of the last update.
    pub fn perception(&self) -> &Perception {
        &self.perception
    }
}

impl GameLog {
    /// The start as `color` was told it: all of it when it was agreed in public; after a hidden
    /// start, only `color`'s own pieces (and own castling rights), with the enemy units counted.
    fn start_as_seen_by(&self, color: Color) -> (Setup, Option<ByRole<u8>>) {
        if !self.hidden_start {
            return (self.start.clone(), None);
        }
        let mut seen = self.start.clone();
        let theirs = seen.board.by_color(!color);
        let mut unseen = ByRole::<u8>::default();
        for sq in theirs {
            if let Some(role) = seen.board.role_at(sq) {
                *unseen.get_mut(role) += 1;
            }
            seen.board.discard_piece_at(sq);
        }
        seen.castling_rights &= !theirs;
        seen.ep_square = None;
        (seen, Some(unseen))
    }
}
