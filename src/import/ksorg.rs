//! A kriegspiel.org game review: the JSON of `GET /game/{code}/review`, which the site's backend
//! (ks-backend) builds from its game record (`GameMetadataResponse`) and transcript
//! (`GameTranscriptResponse`). A bare transcript (`GET /game/{id}/moves`) is read too.
//!
//! The fields read: `game` with `game_code`, `rule_variant` (`berkeley`, `berkeley_any`,
//! `cincinnati`, `wild16`, `rand`, `english`, `crazykrieg`: our presets of the same names),
//! `white.username`, `black.username`, `created_at` (its date), `result` (`{winner: "white" |
//! "black" | null, reason}`); and `transcript` with `rule_variant` and `moves`, each move
//! (`TranscriptMoveItem`) with `ply`, `color` (`"white"` | `"black"`), `question_type`
//! (`"COMMON"` | `"ASK_ANY"`), `uci`, `answer` (`main`: `"REGULAR_MOVE"` | `"CAPTURE_DONE"` |
//! `"ILLEGAL_MOVE"` | `"NONSENSE"` | `"HAS_ANY"` | `"NO_ANY"`; `capture_square` such as
//! `"e4"`; `special` such as `"CHECK_FILE"` or `"CHECKMATE_WHITE_WINS"`; and the pawn-try fields
//! `next_turn_pawn_tries`, `next_turn_has_pawn_capture`, `next_turn_pawn_try_squares`, which our
//! referee announces by itself), `move_done`, and `replay_fen.full` (the true position after the
//! question). The site leaves nonsense attempts out of transcripts, so they are not imported.
//!
//! Checked: every question is asked of our referee in order by the side the file names, each
//! answer as the file says (played, refused, "Any?" Try/No), each capture's square, the
//! position after every completed move against `replay_fen.full` (pieces, side to move,
//! castling, en passant), and the result: a checkmate or draw the moves must give; a
//! resignation or loss on time is recorded as such.

use super::{Expect, Format, ImportError, Imported, Replayer, attempt, damaged, from_json};
use crate::referee::Request;
use serde::Deserialize;
use shakmaty::Color;

const FORMAT: Format = Format::KriegspielOrg;

/// The review (or a bare transcript, whose fields sit at the top).
#[derive(Deserialize)]
struct Review {
    #[serde(default)]
    game: Option<GameInfo>,
    #[serde(default)]
    transcript: Option<Transcript>,
    #[serde(default)]
    rule_variant: Option<String>,
    #[serde(default)]
    moves: Option<Vec<Move>>,
}

/// `GameMetadataResponse` (the fields read).
#[derive(Deserialize, Default)]
struct GameInfo {
    #[serde(default)]
    game_code: Option<String>,
    #[serde(default)]
    rule_variant: Option<String>,
    #[serde(default)]
    white: Option<Player>,
    #[serde(default)]
    black: Option<Player>,
    #[serde(default)]
    created_at: Option<String>,
    #[serde(default)]
    result: Option<GameOutcome>,
}

/// `PublicPlayer`.
#[derive(Deserialize)]
struct Player {
    #[serde(default)]
    username: String,
}

/// `result`.
#[derive(Deserialize)]
struct GameOutcome {
    #[serde(default)]
    winner: Option<String>,
    #[serde(default)]
    reason: Option<String>,
}

/// `GameTranscriptResponse`.
#[derive(Deserialize)]
struct Transcript {
    #[serde(default)]
    rule_variant: Option<String>,
    moves: Vec<Move>,
}

/// `TranscriptMoveItem`.
#[derive(Deserialize)]
struct Move {
    ply: u32,
    color: String,
    question_type: String,
    #[serde(default)]
    uci: Option<String>,
    answer: TranscriptAnswer,
    move_done: bool,
    #[serde(default)]
    replay_fen: Option<ReplayFen>,
}

/// `TranscriptAnswer` (the fields checked).
#[derive(Deserialize)]
struct TranscriptAnswer {
    main: String,
    #[serde(default)]
    capture_square: Option<String>,
}

/// `ReplayFen`: the true position (`full`) and each side's own pieces.
#[derive(Deserialize)]
struct ReplayFen {
    full: String,
}

/// Imports a kriegspiel.org game review.
pub fn import(text: &str) -> Result<Imported, ImportError> {
    let review: Review = from_json(text, FORMAT)?;
    let info = review.game.unwrap_or_default();
    let (variant, moves) = match review.transcript {
        Some(t) => (t.rule_variant, t.moves),
        None => (
            review.rule_variant.clone(),
            review
                .moves
                .ok_or_else(|| damaged(FORMAT, "it has no transcript of moves"))?,
        ),
    };
    let variant = info
        .rule_variant
        .clone()
        .or(variant)
        .or(review.rule_variant)
        .ok_or_else(|| damaged(FORMAT, "it does not say its rules (rule_variant)"))?;
    let mut r = Replayer::new(FORMAT, super::preset(FORMAT, &variant)?);
    for m in &moves {
        replay_move(&mut r, m)?;
    }
    if let Some(result) = &info.result {
        let winner = match result.winner.as_deref() {
            Some("white") => Some(Color::White),
            Some("black") => Some(Color::Black),
            None => None,
            Some(other) => {
                return Err(damaged(
                    FORMAT,
                    format!("unknown winner {}", crate::untrusted::quoted(other)),
                ));
            }
        };
        r.finish(winner, result.reason.as_deref().unwrap_or("result"))?;
    }
    let user = |p: &Option<Player>| p.as_ref().map_or(String::new(), |p| p.username.clone());
    let date: String = info
        .created_at
        .as_deref()
        .unwrap_or("")
        .chars()
        .take(10)
        .collect();
    let detail = match &info.game_code {
        Some(code) => format!("game {code}, rules {variant}"),
        None => format!("rules {variant}"),
    };
    Ok(r.finish_save(super::meta(
        FORMAT,
        &user(&info.white),
        &user(&info.black),
        &date,
        &detail,
    )))
}

/// One transcript entry asked of the referee and checked.
fn replay_move(r: &mut Replayer, m: &Move) -> Result<(), ImportError> {
    let color = match m.color.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        other => {
            return Err(damaged(
                FORMAT,
                format!(
                    "ply {}: unknown color {}",
                    m.ply,
                    crate::untrusted::quoted(other)
                ),
            ));
        }
    };
    let uci = m.uci.as_deref().unwrap_or("");
    let at = format!("ply {}, {} {}", m.ply, color.fold_wb("White", "Black"), uci)
        .trim_end()
        .to_owned();
    if r.game().referee().to_move() != color || r.game().referee().over().is_some() {
        return Err(r.disagrees(&at, "it is not that side's turn in our replay"));
    }
    let main = m.answer.main.as_str();
    let (request, expect) = match (m.question_type.as_str(), main) {
        ("ASK_ANY", "HAS_ANY" | "NO_ANY") => (Request::Any, Expect::Any(main == "HAS_ANY")),
        ("COMMON", "REGULAR_MOVE" | "CAPTURE_DONE") => {
            (Request::Try(attempt(FORMAT, uci)?), Expect::Played)
        }
        ("COMMON", "ILLEGAL_MOVE" | "NONSENSE" | "IMPOSSIBLE_TO_ASK") => {
            (Request::Try(attempt(FORMAT, uci)?), Expect::Refused)
        }
        (q, a) => {
            return Err(damaged(
                FORMAT,
                format!(
                    "{at}: unknown question {} or answer {}",
                    crate::untrusted::quoted(q),
                    crate::untrusted::quoted(a)
                ),
            ));
        }
    };
    if m.move_done != (expect == Expect::Played) {
        return Err(damaged(
            FORMAT,
            format!("{at}: move_done does not agree with the answer {main}"),
        ));
    }
    r.apply(&at, request, expect)?;
    if main == "CAPTURE_DONE" {
        let square = m
            .answer
            .capture_square
            .as_deref()
            .and_then(crate::attempt::parse_square)
            .ok_or_else(|| damaged(FORMAT, format!("{at}: a capture without its square")))?;
        r.check_capture(&at, square)?;
    }
    match &m.replay_fen {
        Some(fen) if m.move_done => r.check_fen(&at, &fen.full, true),
        _ => Ok(()),
    }
}
