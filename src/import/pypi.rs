//! A save of the `kriegspiel` Python package (PyPI; `KriegspielGame.save_game`, JSON schema 3
//! to 9), the referee kriegspiel.org runs.
//!
//! The fields read: `schema_version`, `game_type` (`"BerkeleyGame"`), and `game_state` with
//! `ruleset_id` (`berkeley`, `berkeley_any`, `cincinnati`, `wild16`, `rand`, `english`,
//! `crazykrieg`: our presets of the same names; older files have only `any_rule`), `board_fen`
//! (the true position at the end), `move_stack` (every completed move in UCI), `game_over`,
//! and the two scoresheets `white_scoresheet` / `black_scoresheet`, each with `moves_own`: one
//! list per turn of `[question, answer]` pairs, a question being `{question_type: "COMMON" |
//! "ASK_ANY", chess_move: UCI | null}` and an answer `{main_announcement: "REGULAR_MOVE" |
//! "CAPTURE_DONE" | "ILLEGAL_MOVE" | "NONSENSE" | "HAS_ANY" | "NO_ANY", capture_at_square:
//! 0-63 | null, special_announcement: "NONE" | "CHECK_…" | "CHECKMATE_…" | "DRAW_…", …}`.
//! (`moves_opponent`, `possible_to_ask` and the pawn-try fields are not needed: our referee
//! makes its own announcements.) The package leaves out of the scoresheets the attempts it
//! answers IMPOSSIBLE_TO_ASK, so they are not in the import either.
//!
//! The turns are replayed White's first, then Black's, and so on; every question of a turn is
//! asked of our referee in order. Checked: each answer (played, refused, "Any?" Try/No), each
//! capture's square, every completed move against `move_stack`, the final position against
//! `board_fen` (pieces, side to move, castling, en passant), and that a game the file calls
//! over is over.

use super::{Expect, Format, ImportError, Imported, Replayer, attempt, damaged, from_json};
use crate::referee::Request;
use serde::Deserialize;
use shakmaty::{Color, Square};

const FORMAT: Format = Format::KriegspielPackage;

/// The file.
#[derive(Deserialize)]
struct File {
    schema_version: u32,
    #[serde(default)]
    game_type: Option<String>,
    game_state: State,
}

/// `game_state`.
#[derive(Deserialize)]
struct State {
    #[serde(default)]
    ruleset_id: Option<String>,
    #[serde(default)]
    any_rule: Option<bool>,
    board_fen: String,
    move_stack: Vec<String>,
    #[serde(default)]
    game_over: bool,
    white_scoresheet: Sheet,
    black_scoresheet: Sheet,
}

/// A scoresheet: the owner's questions and answers, turn by turn.
#[derive(Deserialize)]
struct Sheet {
    moves_own: Vec<Vec<(Question, Answer)>>,
}

/// `KriegspielMove`.
#[derive(Deserialize)]
struct Question {
    question_type: String,
    #[serde(default)]
    chess_move: Option<String>,
}

/// `KriegspielAnswer` (the fields the import checks).
#[derive(Deserialize)]
struct Answer {
    main_announcement: String,
    #[serde(default)]
    capture_at_square: Option<u32>,
    #[serde(default)]
    special_announcement: Option<String>,
}

/// Imports a save of the `kriegspiel` package.
pub fn import(text: &str) -> Result<Imported, ImportError> {
    let file: File = from_json(text, FORMAT)?;
    if !(3..=9).contains(&file.schema_version) {
        return Err(damaged(
            FORMAT,
            format!(
                "schema version {} is not one this program reads (3 to 9)",
                file.schema_version
            ),
        ));
    }
    if file
        .game_type
        .as_deref()
        .is_some_and(|t| t != "BerkeleyGame")
    {
        return Err(damaged(FORMAT, "its game_type is not \"BerkeleyGame\""));
    }
    let state = file.game_state;
    let ruleset = match (&state.ruleset_id, state.any_rule) {
        (Some(id), _) => id.clone(),
        (None, Some(true)) => "berkeley_any".to_owned(),
        (None, _) => "berkeley".to_owned(),
    };
    let mut r = Replayer::new(FORMAT, super::preset(FORMAT, &ruleset)?);
    let (white, black) = (
        &state.white_scoresheet.moves_own,
        &state.black_scoresheet.moves_own,
    );
    let mut last_special = None;
    for n in 0..white.len().max(black.len()) {
        for (color, sheet) in [(Color::White, white), (Color::Black, black)] {
            let Some(turn) = sheet.get(n) else { continue };
            if turn.is_empty() {
                continue;
            }
            if r.game().referee().to_move() != color || r.game().referee().over().is_some() {
                return Err(r.disagrees(
                    &format!("turn {} of {}", n + 1, name(color)),
                    "it is not that side's turn in our replay",
                ));
            }
            for (k, (q, a)) in turn.iter().enumerate() {
                let at = format!("turn {}, {}'s question {}", n + 1, name(color), k + 1);
                ask(&mut r, &at, q, a)?;
                if a.main_announcement == "REGULAR_MOVE" || a.main_announcement == "CAPTURE_DONE" {
                    last_special = a.special_announcement.clone();
                }
            }
        }
    }
    check_end(&mut r, &state, last_special.as_deref())?;
    let detail = format!("rules {}, schema {}", ruleset, file.schema_version);
    Ok(r.finish_save(super::meta(FORMAT, "", "", "", &detail)))
}

fn name(color: Color) -> &'static str {
    color.fold_wb("White", "Black")
}

/// Asks one recorded question of the referee and checks the answer.
fn ask(r: &mut Replayer, at: &str, q: &Question, a: &Answer) -> Result<(), ImportError> {
    let main = a.main_announcement.as_str();
    match (q.question_type.as_str(), main) {
        ("ASK_ANY", "HAS_ANY" | "NO_ANY") => {
            r.apply(at, Request::Any, Expect::Any(main == "HAS_ANY"))?;
        }
        ("COMMON", _) => {
            let uci = q
                .chess_move
                .as_deref()
                .ok_or_else(|| damaged(FORMAT, format!("{at}: a move question without a move")))?;
            let expect = match main {
                "REGULAR_MOVE" | "CAPTURE_DONE" => Expect::Played,
                "ILLEGAL_MOVE" | "NONSENSE" | "IMPOSSIBLE_TO_ASK" => Expect::Refused,
                other => return Err(unknown_answer(at, other)),
            };
            let at = format!("{at} ({uci})");
            r.apply(&at, Request::Try(attempt(FORMAT, uci)?), expect)?;
            if main == "CAPTURE_DONE" {
                let square = a
                    .capture_at_square
                    .filter(|s| *s < 64)
                    .map(Square::new)
                    .ok_or_else(|| {
                        damaged(FORMAT, format!("{at}: a capture without its square"))
                    })?;
                r.check_capture(&at, square)?;
            }
        }
        (other, _) if other != "ASK_ANY" => {
            return Err(damaged(
                FORMAT,
                format!(
                    "{at}: unknown question type {}",
                    crate::untrusted::quoted(other)
                ),
            ));
        }
        (_, other) => return Err(unknown_answer(at, other)),
    }
    Ok(())
}

fn unknown_answer(at: &str, main: &str) -> ImportError {
    damaged(
        FORMAT,
        format!("{at}: unknown answer {}", crate::untrusted::quoted(main)),
    )
}

/// The end: the moves against `move_stack`, the position against `board_fen`, the result.
fn check_end(r: &mut Replayer, state: &State, special: Option<&str>) -> Result<(), ImportError> {
    let ours: Vec<String> = crate::replay::true_moves(r.game().log())
        .into_iter()
        .filter_map(|(i, _)| match &r.game().log().events[i].request {
            Request::Try(a) => Some(a.to_string()),
            _ => None,
        })
        .collect();
    if let Some(k) = (0..ours.len().max(state.move_stack.len()))
        .find(|&k| ours.get(k) != state.move_stack.get(k))
    {
        return Err(r.disagrees(
            &format!("completed move {}", k + 1),
            format!(
                "move_stack has {} but the scoresheets give {}",
                state.move_stack.get(k).map_or("nothing", String::as_str),
                ours.get(k).map_or("nothing", String::as_str)
            ),
        ));
    }
    r.check_fen("the final position", &state.board_fen, true)?;
    if !state.game_over {
        return Ok(());
    }
    let winner = match special.unwrap_or("") {
        s if s.ends_with("WHITE_WINS") => Some(Color::White),
        s if s.ends_with("BLACK_WINS") => Some(Color::Black),
        _ => None,
    };
    r.finish(
        winner,
        special.unwrap_or("game over").to_ascii_lowercase().as_str(),
    )
}
