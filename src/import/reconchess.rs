//! A reconchess game history (`GameHistory.save`, JSON): a game of Reconnaissance Blind Chess,
//! imported under our RBC rules.
//!
//! The fields read: `type` (`"GameHistory"`), `white_name`, `black_name`, and per colour (an
//! object with the keys `"true"` for White and `"false"` for Black, one entry per turn):
//! `senses` (the sensed square, 0-63 from a1, or null), `sense_results` (`[square, piece]`
//! pairs, a piece being `{type: "Piece", value: "N"}` or null), `requested_moves` and
//! `taken_moves` (`{type: "Move", value: UCI}` or null), `fens_before_move` and
//! `fens_after_move`; then `winner_color` (true, false or null) and `win_reason`
//! (`{type: "WinReason", value: "KING_CAPTURE" | "TIMEOUT" | "RESIGN" | "TURN_LIMIT" |
//! "MOVE_LIMIT"}`). `capture_squares` is not needed: the positions say the same.
//!
//! The turns are replayed White's first, then Black's: the sense, then the requested move (a
//! pass when null). Checked: the position before each move and after it against the file's
//! FENs (the placement of the pieces: RBC keeps positions chess does not), each sense result
//! square by square, the move our referee makes of each request against `taken_moves`, and a
//! king capture where the file says the game ended so; a loss on time or a resignation is
//! recorded as such, a turn or move limit as an adjudicated draw.

use super::{Format, ImportError, Imported, Replayer, attempt, damaged, from_json};
use crate::announce::Item;
use crate::referee::Request;
use crate::rules::Preset;
use serde::Deserialize;
use shakmaty::{Color, Piece, Square};
use std::collections::BTreeMap;

const FORMAT: Format = Format::Reconchess;

/// One list per colour: `"true"` is White's, `"false"` Black's.
#[derive(Deserialize)]
struct ByColor<T> {
    #[serde(rename = "true")]
    white: Vec<T>,
    #[serde(rename = "false")]
    black: Vec<T>,
}

impl<T> ByColor<T> {
    fn get(&self, color: Color, turn: usize) -> Option<&T> {
        color.fold_wb(&self.white, &self.black).get(turn)
    }
}

/// A tagged value: `{type: "Move" | "Piece" | "WinReason", value}`.
#[derive(Deserialize)]
struct Tagged {
    value: String,
}

/// The file.
#[derive(Deserialize)]
struct History {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    white_name: Option<String>,
    #[serde(default)]
    black_name: Option<String>,
    senses: ByColor<Option<u8>>,
    sense_results: ByColor<Vec<(u8, Option<Tagged>)>>,
    requested_moves: ByColor<Option<Tagged>>,
    taken_moves: ByColor<Option<Tagged>>,
    fens_before_move: ByColor<String>,
    fens_after_move: ByColor<String>,
    #[serde(default)]
    winner_color: Option<bool>,
    #[serde(default)]
    win_reason: Option<Tagged>,
}

/// Imports a reconchess game history.
pub fn import(text: &str) -> Result<Imported, ImportError> {
    let h: History = from_json(text, FORMAT)?;
    if h.kind != "GameHistory" {
        return Err(damaged(FORMAT, "its type is not \"GameHistory\""));
    }
    let mut r = Replayer::new(FORMAT, Preset::Rbc.rules());
    let turns = h.senses.white.len().max(h.senses.black.len());
    for n in 0..turns {
        for color in [Color::White, Color::Black] {
            if h.senses.get(color, n).is_none() || r.game().referee().over().is_some() {
                continue;
            }
            turn(&mut r, &h, color, n)?;
        }
    }
    let winner = h
        .winner_color
        .map(|w| if w { Color::White } else { Color::Black });
    match h.win_reason.as_ref().map(|w| w.value.as_str()) {
        Some("KING_CAPTURE") => r.finish(winner, "king captured")?,
        Some("TIMEOUT") => r.finish(winner, "time forfeit")?,
        Some("RESIGN") => r.finish(winner, "resignation")?,
        Some(other) => r.finish(winner, &other.to_ascii_lowercase().replace('_', " "))?,
        None => {}
    }
    let name = |n: &Option<String>| n.clone().unwrap_or_default();
    Ok(r.finish_save(super::meta(
        FORMAT,
        &name(&h.white_name),
        &name(&h.black_name),
        "",
        "",
    )))
}

fn square(sq: u8, at: &str) -> Result<Square, ImportError> {
    (sq < 64)
        .then(|| Square::new(u32::from(sq)))
        .ok_or_else(|| damaged(FORMAT, format!("{at}: square {sq} is off the board")))
}

/// One turn of `color`: the position before, the sense and its result, the move, the position
/// after.
fn turn(r: &mut Replayer, h: &History, color: Color, n: usize) -> Result<(), ImportError> {
    let who = color.fold_wb("White", "Black");
    let at = format!("turn {} of {who}", n + 1);
    if let Some(fen) = h.fens_before_move.get(color, n) {
        r.check_fen(&format!("{at}, before the move"), fen, false)?;
    }
    sense(r, h, color, n, &at)?;
    let Some(requested) = h.requested_moves.get(color, n) else {
        return Ok(());
    };
    let request = match requested {
        Some(m) => Request::Move(attempt(FORMAT, &m.value)?),
        None => Request::Pass,
    };
    let event = r.apply_plain(&format!("{at}, move"), request)?;
    let taken = event.said.iter().find_map(|s| match s.item {
        Item::Moved { taken, .. } => Some(taken),
        _ => None,
    });
    let want = match h.taken_moves.get(color, n).and_then(Option::as_ref) {
        Some(m) => Some(attempt(FORMAT, &m.value)?),
        None => None,
    };
    if taken != Some(want) {
        let text = |t: Option<crate::Attempt>| t.map_or("nothing".to_owned(), |a| a.to_string());
        return Err(r.disagrees(
            &format!("{at}, move"),
            format!(
                "the file's move taken is {}; our referee makes {}",
                text(want),
                taken.map_or("no move".to_owned(), text)
            ),
        ));
    }
    if let Some(fen) = h.fens_after_move.get(color, n) {
        r.check_fen(&format!("{at}, after the move"), fen, false)?;
    }
    Ok(())
}

/// The sense of `color`'s turn `n`, and its result checked square by square.
fn sense(
    r: &mut Replayer,
    h: &History,
    color: Color,
    n: usize,
    at: &str,
) -> Result<(), ImportError> {
    let sensed = match h.senses.get(color, n).copied().flatten() {
        Some(sq) => Some(square(sq, at)?),
        None => None,
    };
    let event = r.apply_plain(&format!("{at}, sense"), Request::Sense(sensed))?;
    let reveal = event.said.iter().find_map(|s| match s.item {
        Item::Sense(reveal) => Some(reveal),
        _ => None,
    });
    let ours: BTreeMap<Square, Option<Piece>> =
        reveal.map(|v| v.iter().collect()).unwrap_or_default();
    let mut theirs = BTreeMap::new();
    for (sq, piece) in h.sense_results.get(color, n).map_or(&[][..], Vec::as_slice) {
        let piece = match piece {
            Some(p) => Some(
                p.value
                    .chars()
                    .next()
                    .and_then(Piece::from_char)
                    .ok_or_else(|| {
                        damaged(FORMAT, format!("{at}: a sensed piece is not a piece"))
                    })?,
            ),
            None => None,
        };
        theirs.insert(square(*sq, at)?, piece);
    }
    if ours != theirs {
        return Err(r.disagrees(
            &format!("{at}, sense"),
            "the sense result differs from the true board",
        ));
    }
    Ok(())
}
