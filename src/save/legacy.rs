//! Reading format 1 saves (written before requests and items had one serde definition shared
//! with the protocol): the same file layout, with requests and items in serde's externally tagged
//! form (`try("e2e4")`, `item: pawn_tries(count(0))`). Each is read into these old shapes and
//! converted; everything else is read as today.

use super::{Correction, Markers, Meta, SavedGame};
use crate::announce::{
    Audience, CheckDirection, DrawReason, GameResult, Item, Over, PawnTries, Reveal, Said, Unit,
    bitboard_serde, color_serde, opt_color_serde,
};
use crate::attempt::{Attempt, opt_square_serde, square_serde};
use crate::clock::{ClockReading, TimeControl};
use crate::log::{Event, GameLog};
use crate::referee::Request;
use crate::rules::RuleSet;
use serde::Deserialize;
use shakmaty::{Bitboard, Color, Setup, Square};

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum ItemV1 {
    Legal,
    Illegal,
    Impossible,
    Capture {
        #[serde(with = "square_serde")]
        square: Square,
        unit: Option<Unit>,
    },
    Check(CheckDirection),
    Checkmate,
    Stalemate,
    Draw(DrawReason),
    PawnTries(PawnTries),
    AnyAnswer(bool),
    Promotion,
    Resigned(#[serde(with = "color_serde")] Color),
    Timeout {
        #[serde(with = "color_serde")]
        loser: Color,
        result: GameResult,
    },
    Adjudicated(GameResult),
    Sense(Reveal),
    Moved {
        requested: Option<Attempt>,
        taken: Option<Attempt>,
    },
    Captured(#[serde(with = "square_serde")] Square),
    KingCaptured,
    Opened(Reveal),
}

impl From<ItemV1> for Item {
    fn from(v: ItemV1) -> Item {
        match v {
            ItemV1::Legal => Item::Legal,
            ItemV1::Illegal => Item::Illegal,
            ItemV1::Impossible => Item::Impossible,
            ItemV1::Capture { square, unit } => Item::Capture { square, unit },
            ItemV1::Check(d) => Item::Check(d),
            ItemV1::Checkmate => Item::Checkmate,
            ItemV1::Stalemate => Item::Stalemate,
            ItemV1::Draw(r) => Item::Draw(r),
            ItemV1::PawnTries(t) => Item::PawnTries(t),
            ItemV1::AnyAnswer(b) => Item::AnyAnswer(b),
            ItemV1::Promotion => Item::Promotion,
            ItemV1::Resigned(c) => Item::Resigned(c),
            ItemV1::Timeout { loser, result } => Item::Timeout { loser, result },
            ItemV1::Adjudicated(r) => Item::Adjudicated(r),
            ItemV1::Sense(r) => Item::Sense(r),
            ItemV1::Moved { requested, taken } => Item::Moved { requested, taken },
            ItemV1::Captured(sq) => Item::Captured(sq),
            ItemV1::KingCaptured => Item::KingCaptured,
            ItemV1::Opened(r) => Item::Opened(r),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum RequestV1 {
    Try(Attempt),
    Any,
    Sense(#[serde(with = "opt_square_serde")] Option<Square>),
    Move(Attempt),
    Pass,
    Open(#[serde(with = "bitboard_serde")] Bitboard),
    Resign(#[serde(with = "color_serde")] Color),
    Draw,
    Timeout(#[serde(with = "color_serde")] Color),
    Adjudicate { result: GameResult, reason: String },
}

impl From<RequestV1> for Request {
    fn from(v: RequestV1) -> Request {
        match v {
            RequestV1::Try(a) => Request::Try(a),
            RequestV1::Any => Request::Any,
            RequestV1::Sense(sq) => Request::Sense(sq),
            RequestV1::Move(a) => Request::Move(a),
            RequestV1::Pass => Request::Pass,
            RequestV1::Open(b) => Request::Open(b),
            RequestV1::Resign(c) => Request::Resign(c),
            RequestV1::Draw => Request::Draw,
            RequestV1::Timeout(c) => Request::Timeout(c),
            RequestV1::Adjudicate { result, reason } => Request::Adjudicate { result, reason },
        }
    }
}

#[derive(Deserialize)]
struct SaidV1 {
    to: Audience,
    item: ItemV1,
}

fn said(list: Vec<SaidV1>) -> Vec<Said> {
    list.into_iter()
        .map(|s| Said {
            to: s.to,
            item: s.item.into(),
        })
        .collect()
}

#[derive(Deserialize)]
struct EventV1 {
    #[serde(default, with = "opt_color_serde")]
    by: Option<Color>,
    request: RequestV1,
    said: Vec<SaidV1>,
    #[serde(default)]
    turn_ends: bool,
    #[serde(default)]
    clock: Option<ClockReading>,
}

impl From<EventV1> for Event {
    fn from(v: EventV1) -> Event {
        Event {
            by: v.by,
            request: v.request.into(),
            said: said(v.said),
            turn_ends: v.turn_ends,
            clock: v.clock,
        }
    }
}

#[derive(Deserialize)]
struct GameLogV1 {
    rules: RuleSet,
    #[serde(with = "crate::setup::fen_serde")]
    start: Setup,
    opening: Vec<SaidV1>,
    events: Vec<EventV1>,
}

#[derive(Deserialize)]
struct CorrectionV1 {
    at: usize,
    removed: Vec<EventV1>,
    note: String,
}

#[derive(Deserialize)]
#[serde(rename = "SavedGame")]
struct SavedGameV1 {
    format: u32,
    meta: Meta,
    time_control: Option<TimeControl>,
    log: GameLogV1,
    markers: Markers,
    corrections: Vec<CorrectionV1>,
    result: Option<Over>,
}

/// Reads a format 1 save into today's types, as a save of today's format (saving it again writes
/// the current format); the caller reports syntax errors.
pub(super) fn read(text: &str) -> Result<SavedGame, ron::error::SpannedError> {
    let v: SavedGameV1 = ron::from_str(text)?;
    debug_assert_eq!(v.format, 1);
    Ok(SavedGame {
        format: super::FORMAT,
        meta: v.meta,
        time_control: v.time_control,
        log: GameLog {
            rules: v.log.rules,
            start: v.log.start,
            opening: said(v.log.opening),
            events: v.log.events.into_iter().map(Event::from).collect(),
            hidden_start: false,
        },
        markers: v.markers,
        corrections: v
            .corrections
            .into_iter()
            .map(|c| Correction {
                at: c.at,
                removed: c.removed.into_iter().map(Event::from).collect(),
                note: c.note,
            })
            .collect(),
        result: v.result,
        // Format 1 had no study comments.
        comments: std::collections::BTreeMap::new(),
    })
}
