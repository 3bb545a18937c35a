//! Games written by other programs, made into saves: a kriegspiel.org game review
//! ([`ksorg`]), a save of the `kriegspiel` Python package ([`pypi`]), a reconchess game history
//! ([`reconchess`]) and the PGN of a chess game ([`pgn`], replayed under a rule set the user
//! picks). The format is told from the content ([`detect`]), never from the file's name.
//!
//! Every import replays the game through our referee ([`Replayer`]): each completed move must be
//! legal and each refused attempt refused, each answer to "Any?" the same, and the position after
//! each move the one the source wrote down (where it writes positions). The source's refused
//! attempts and questions are kept where it records them. A file that disagrees, is damaged, or
//! is no known format gives one [`ImportError`] saying what and where; nothing is written then.

pub mod ksorg;
pub mod pgn;
pub mod pypi;
pub mod reconchess;

use crate::announce::{GameResult, Item};
use crate::log::{Event, Game};
use crate::referee::Request;
use crate::rules::{Preset, RuleSet};
use crate::save::{LoadError, Loaded, Meta, SavedGame};
use crate::untrusted::{quoted, shortened};
use shakmaty::Color;
use std::path::Path;
use thiserror::Error;

/// The kinds of file [`detect`] tells apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Our own save (RON): opened as it is, not imported.
    Save,
    /// kriegspiel.org's game review (`GET /game/{code}/review`).
    KriegspielOrg,
    /// A save of the `kriegspiel` Python package (`save_game`).
    KriegspielPackage,
    /// A reconchess game history (`GameHistory.save`).
    Reconchess,
    /// A chess game in PGN.
    Pgn,
}

impl Format {
    /// The format in words, for messages and the save's note.
    pub fn title(self) -> &'static str {
        match self {
            Format::Save => "Kriegspiel save",
            Format::KriegspielOrg => "kriegspiel.org game review",
            Format::KriegspielPackage => "kriegspiel (Python package) save",
            Format::Reconchess => "reconchess game history",
            Format::Pgn => "PGN",
        }
    }
}

/// Why a file could not be imported. Every variant is bad input (exit status 2).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ImportError {
    /// The file could not be read (or is not text, or is too large).
    #[error("{0}")]
    Read(LoadError),
    /// Not UTF-8 text, and not a PGN in Latin-1 either.
    #[error(
        "this file is not UTF-8 text (byte {byte} is not), and not a PGN in Latin-1 either: \
         save it as UTF-8 and try again"
    )]
    NotUtf8 {
        /// Where the first byte that is not UTF-8 is.
        byte: usize,
    },
    /// Our own save, and it does not load.
    #[error("{0}")]
    Save(LoadError),
    /// None of the formats this program imports.
    #[error(
        "this file is none of the formats this program opens (a Kriegspiel save, a kriegspiel.org \
         game review, a kriegspiel package save, a reconchess game history, or PGN)"
    )]
    Unknown,
    /// The file is of a known format but damaged: not valid JSON or PGN, or a field missing or
    /// of the wrong kind.
    #[error("this {} is damaged: {message}", .format.title())]
    Damaged {
        /// The format.
        format: Format,
        /// What is wrong, and where.
        message: String,
    },
    /// The source names rules this program does not referee.
    #[error("this {} is played under rules {}, which this program does not referee", .format.title(), quoted(.name))]
    Rules {
        /// The format.
        format: Format,
        /// The rule set's name in the file.
        name: String,
    },
    /// Our referee disagrees with the source.
    #[error("this {} does not replay: {at}: {message}", .format.title())]
    Disagrees {
        /// The format.
        format: Format,
        /// Where in the source ("ply 12, White e2e4").
        at: String,
        /// What differs.
        message: String,
    },
}

/// What an import gives: the save, and how much was checked.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The format the file was read as.
    pub format: Format,
    /// The game, as a save.
    pub saved: SavedGame,
    /// Requests replayed through the referee.
    pub requests: usize,
    /// Positions compared with the source's.
    pub positions: usize,
}

/// Tells the format from the text: JSON by its fields, our save by its `format:` line, PGN by
/// its tags or move text.
pub fn detect(text: &str) -> Option<Format> {
    let body = text.trim_start_matches('\u{feff}').trim_start();
    if body.starts_with('{') {
        return match serde_json::from_str::<serde_json::Value>(body) {
            Ok(value) => {
                let object = value.as_object()?;
                let has = |key: &str| object.contains_key(key);
                if object.get("type").and_then(|t| t.as_str()) == Some("GameHistory") {
                    Some(Format::Reconchess)
                } else if has("game_state") && has("schema_version") {
                    Some(Format::KriegspielPackage)
                } else if has("transcript") || (has("moves") && has("rule_variant")) {
                    Some(Format::KriegspielOrg)
                } else {
                    None
                }
            }
            // Damaged JSON: told by its first fields, so that the message says what is wrong.
            Err(_) => {
                let head: String = body
                    .chars()
                    .take(4000)
                    .filter(|c| !c.is_whitespace())
                    .collect();
                if head.contains("\"type\":\"GameHistory\"") {
                    Some(Format::Reconchess)
                } else if head.contains("\"schema_version\"") && head.contains("\"game_state\"") {
                    Some(Format::KriegspielPackage)
                } else if head.contains("\"transcript\"") || head.contains("\"question_type\"") {
                    Some(Format::KriegspielOrg)
                } else {
                    None
                }
            }
        };
    }
    if body.starts_with("//") || body.starts_with('(') || body.starts_with("SavedGame") {
        return Some(Format::Save);
    }
    if body.starts_with('[') || body.starts_with("1.") || body.starts_with("1 .") {
        return Some(Format::Pgn);
    }
    None
}

/// Imports a file's text. `pgn_rules` are the rules a PGN is replayed under.
pub fn import_text(text: &str, pgn_rules: &RuleSet) -> Result<Imported, ImportError> {
    let format = detect(text).ok_or(ImportError::Unknown)?;
    let imported = match format {
        Format::Save => {
            let loaded = crate::save::load_str(text).map_err(ImportError::Save)?;
            Ok(Imported {
                format,
                requests: loaded.saved.log.events.len(),
                positions: 0,
                saved: loaded.saved,
            })
        }
        Format::KriegspielOrg => ksorg::import(text),
        Format::KriegspielPackage => pypi::import(text),
        Format::Reconchess => reconchess::import(text),
        Format::Pgn => pgn::import(text, pgn_rules),
    }?;
    // The save as written must load: checked here, so that no file that does not is written.
    crate::save::load_str(&imported.saved.to_ron()).map_err(|e| ImportError::Disagrees {
        format,
        at: "the save made".to_owned(),
        message: e.to_string(),
    })?;
    Ok(imported)
}

/// Reads a file to import (safely: a regular file of at most [`crate::save::MAX_SAVE_BYTES`]):
/// UTF-8 text, or a PGN in Latin-1 (ISO 8859-1, the PGN standard's own character set), each
/// byte read as the character of that code point. Anything else not UTF-8 is
/// [`ImportError::NotUtf8`].
pub fn read_text(path: &Path) -> Result<String, ImportError> {
    let bytes = crate::save::read_file_bytes(path).map_err(ImportError::Read)?;
    String::from_utf8(bytes).or_else(|e| {
        let byte = e.utf8_error().valid_up_to();
        let latin1: String = e.into_bytes().into_iter().map(char::from).collect();
        if detect(&latin1) == Some(Format::Pgn) {
            Ok(latin1)
        } else {
            Err(ImportError::NotUtf8 { byte })
        }
    })
}

/// Imports a file (read by [`read_text`]).
pub fn import_file(path: &Path, pgn_rules: &RuleSet) -> Result<Imported, ImportError> {
    let text = read_text(path)?;
    import_text(&text, pgn_rules)
}

/// Opens any file the app opens: our save as it is (with its journal), any other format
/// imported (a PGN under ICC Wild 16). The format says where the game may be written back:
/// only a [`Format::Save`] is the file it came from.
pub fn open(path: &Path) -> Result<(Loaded, Format), ImportError> {
    let text = read_text(path)?;
    if detect(&text) == Some(Format::Save) {
        return crate::save::load_file(path)
            .map(|loaded| (loaded, Format::Save))
            .map_err(ImportError::Save);
    }
    let imported = import_text(&text, &Preset::Wild16.rules())?;
    let loaded =
        crate::save::load_str(&imported.saved.to_ron()).map_err(|e| ImportError::Disagrees {
            format: imported.format,
            at: "the save made".to_owned(),
            message: e.to_string(),
        })?;
    Ok((loaded, imported.format))
}

/// A JSON parse in a format's terms: a damaged file says where.
fn from_json<T: serde::de::DeserializeOwned>(text: &str, format: Format) -> Result<T, ImportError> {
    serde_json::from_str(text).map_err(|e| ImportError::Damaged {
        format,
        message: shortened(&e.to_string()),
    })
}

/// A damaged-file error.
fn damaged(format: Format, message: impl Into<String>) -> ImportError {
    ImportError::Damaged {
        format,
        message: message.into(),
    }
}

/// The request's answer as the source recorded it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The move was played.
    Played,
    /// The attempt was refused (illegal or impossible).
    Refused,
    /// "Any?" answered "Try" (`true`) or "No".
    Any(bool),
}

/// A game replayed request by request through the referee, each answer checked against the
/// source.
pub struct Replayer {
    format: Format,
    game: Game,
    positions: usize,
}

impl Replayer {
    /// A game under `rules` from the standard start.
    pub fn new(format: Format, rules: RuleSet) -> Replayer {
        Replayer {
            format,
            game: Game::standard(rules),
            positions: 0,
        }
    }

    /// A game under `rules` from a FEN.
    pub fn from_fen(format: Format, rules: RuleSet, fen: &str) -> Result<Replayer, ImportError> {
        let game = Game::from_fen(rules, fen).map_err(|e| damaged(format, e.to_string()))?;
        Ok(Replayer {
            format,
            game,
            positions: 0,
        })
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// An error at `at`.
    pub fn disagrees(&self, at: &str, message: impl Into<String>) -> ImportError {
        ImportError::Disagrees {
            format: self.format,
            at: at.to_owned(),
            message: message.into(),
        }
    }

    /// Applies `request` (described as `at` in errors) and checks its answer against `expect`.
    pub fn apply(
        &mut self,
        at: &str,
        request: Request,
        expect: Expect,
    ) -> Result<&Event, ImportError> {
        let format = self.format;
        let event = match self.game.apply(request) {
            Ok(event) => event,
            Err(e) => {
                return Err(ImportError::Disagrees {
                    format,
                    at: at.to_owned(),
                    message: format!("our referee refuses the request: {e}"),
                });
            }
        };
        let items = || event.said.iter().map(|s| s.item);
        let played = items().any(|i| i == Item::Legal);
        let any = items().find_map(|i| match i {
            Item::AnyAnswer(a) => Some(a),
            _ => None,
        });
        let words = crate::replay::log_entry(
            None,
            &crate::wording::say(
                &items().collect::<Vec<_>>(),
                crate::rules::Wording::Berkeley,
                event.by.unwrap_or(Color::White),
            ),
        );
        let agrees = match expect {
            Expect::Played => played,
            Expect::Refused => !played && any.is_none(),
            Expect::Any(a) => any == Some(a),
        };
        if agrees {
            Ok(event)
        } else {
            let said = match expect {
                Expect::Played => "the move was played".to_owned(),
                Expect::Refused => "the attempt was refused".to_owned(),
                Expect::Any(true) => "\"Any?\" was answered \"Try\"".to_owned(),
                Expect::Any(false) => "\"Any?\" was answered \"No\"".to_owned(),
            };
            Err(ImportError::Disagrees {
                format,
                at: at.to_owned(),
                message: format!("the file says {said}; our referee says {}", quoted(&words)),
            })
        }
    }

    /// Applies a request whose answer the source does not record as played or refused (an RBC
    /// sense or move); the referee must accept it.
    pub fn apply_plain(&mut self, at: &str, request: Request) -> Result<&Event, ImportError> {
        let format = self.format;
        self.game
            .apply(request)
            .map_err(|e| ImportError::Disagrees {
                format,
                at: at.to_owned(),
                message: format!("our referee refuses the request: {e}"),
            })
    }

    /// Checks that the last request announced a capture on `square`, as the source says.
    pub fn check_capture(&self, at: &str, square: shakmaty::Square) -> Result<(), ImportError> {
        let said = self
            .game
            .log()
            .events
            .last()
            .map(|e| e.said.as_slice())
            .unwrap_or(&[]);
        let ours = said.iter().find_map(|s| match s.item {
            Item::Capture { square, .. } => Some(square),
            _ => None,
        });
        if ours == Some(square) {
            return Ok(());
        }
        let ours = ours.map_or("no capture".to_owned(), |sq| format!("a capture on {sq}"));
        Err(self.disagrees(
            at,
            format!("the file says a capture on {square}; our referee announces {ours}"),
        ))
    }

    /// Checks the true position against the source's FEN: the placement of the pieces (a
    /// Crazyhouse pocket, `[…]`, as a multiset: programs list its units in different orders),
    /// and (`full`) the side to move, castling rights and en passant square as well.
    pub fn check_fen(&mut self, at: &str, fen: &str, full: bool) -> Result<(), ImportError> {
        let ours = self.game.referee().fen();
        let theirs = fen.trim();
        let fields = if full { 4 } else { 1 };
        let head = |f: &str| {
            f.split_whitespace()
                .take(fields)
                .collect::<Vec<_>>()
                .join(" ")
        };
        if same_position(&head(&ours), &head(theirs)) {
            self.positions += 1;
            return Ok(());
        }
        Err(self.disagrees(
            at,
            format!(
                "the position is {} in the file but {} after our referee's move",
                quoted(&head(theirs)),
                quoted(&head(&ours))
            ),
        ))
    }

    /// Ends the game as the source says it ended, when the moves have not ended it: `winner`
    /// (`None` for a draw) for `reason` (the source's word). A resignation or a loss on time is
    /// made as such; any other result the moves did not give is adjudicated, with the source's
    /// reason.
    pub fn finish(&mut self, winner: Option<Color>, reason: &str) -> Result<(), ImportError> {
        let wanted = winner.map_or(GameResult::Draw, GameResult::win_for);
        if let Some(over) = self.game.referee().over() {
            if over.result != wanted {
                return Err(self.disagrees(
                    "the end",
                    format!(
                        "the file gives {} ({reason}); the moves give {}",
                        wanted.pgn(),
                        over.title()
                    ),
                ));
            }
            return Ok(());
        }
        let reason_l = reason.to_ascii_lowercase();
        let request = match winner {
            Some(w) if reason_l.contains("resign") => Request::Resign(!w),
            Some(w) if reason_l.contains("time") => Request::Timeout(!w),
            None if reason_l.contains("agree") => Request::Draw,
            _ => Request::Adjudicate {
                result: wanted,
                reason: crate::untrusted::clean_name(&format!("as recorded: {reason}")),
            },
        };
        let format = self.format;
        self.game
            .apply(request)
            .map_err(|e| ImportError::Disagrees {
                format,
                at: "the end".to_owned(),
                message: format!("our referee refuses the result: {e}"),
            })?;
        Ok(())
    }

    /// The save of the replayed game, with `meta` (its note says where the game came from).
    pub fn finish_save(self, mut meta: Meta) -> Imported {
        meta.clean();
        let requests = self.game.log().events.len();
        Imported {
            format: self.format,
            saved: SavedGame::of(&self.game, meta, None),
            requests,
            positions: self.positions,
        }
    }
}

/// The metadata of an imported game: players, date, and a note naming the source.
fn meta(format: Format, white: &str, black: &str, date: &str, detail: &str) -> Meta {
    let note = if detail.is_empty() {
        format!("Imported from a {}.", format.title())
    } else {
        format!("Imported from a {} ({detail}).", format.title())
    };
    Meta {
        white: white.to_owned(),
        black: black.to_owned(),
        date: date.to_owned(),
        site: match format {
            Format::KriegspielOrg => "kriegspiel.org".to_owned(),
            _ => String::new(),
        },
        note,
        mode: crate::save::Mode::HotSeat,
        ..Meta::default()
    }
}

/// A UCI move from a file, as an attempt.
fn attempt(format: Format, uci: &str) -> Result<crate::Attempt, ImportError> {
    crate::Attempt::parse(uci)
        .map_err(|_| damaged(format, format!("{} is not a move in UCI", quoted(uci))))
}

/// Our preset of a Kriegspiel rule set named as the kriegspiel package and kriegspiel.org name
/// it (the same identifiers as ours).
fn preset(format: Format, name: &str) -> Result<RuleSet, ImportError> {
    match name.parse::<Preset>() {
        Ok(p) if p.rules().family == crate::rules::Family::Kriegspiel => Ok(p.rules()),
        _ => Err(ImportError::Rules {
            format,
            name: name.to_owned(),
        }),
    }
}

/// Whether two FEN heads give the same position: equal, but for the order of the units in a
/// Crazyhouse pocket (`[Pqp]` and `[Ppq]` are one pocket).
fn same_position(ours: &str, theirs: &str) -> bool {
    /// The head with each pocket's units sorted.
    fn sorted(head: &str) -> String {
        let mut out = String::with_capacity(head.len());
        let mut rest = head;
        while let Some(open) = rest.find('[') {
            let Some(len) = rest[open..].find(']') else {
                break;
            };
            out.push_str(&rest[..=open]);
            let mut units: Vec<char> = rest[open + 1..open + len].chars().collect();
            units.sort_unstable();
            out.extend(units);
            out.push(']');
            rest = &rest[open + len + 1..];
        }
        out.push_str(rest);
        out
    }
    ours == theirs || sorted(ours) == sorted(theirs)
}
