//! The one gate into a saved game: every way a screen or the command line opens a game (Resume,
//! Recent, Library, Study, Open, Rejoin, `kriegspiel FILE`, `--mode …`, imports, the samples)
//! asks [`open`] (or [`sample`], or [`finished`] for a game on screen), which decides from how
//! the game is seated ([`Seating`]) and whether it is over what may be shown:
//!
//! | seating | not over, to play on | not over, to study | over (or abandoned) |
//! |---|---|---|---|
//! | hot-seat, against the computer, club console | played on here ([`Opening::Local`]) | refused ([`GateError::NotOver`]) | studied; a local game that ended also reopens where it ended |
//! | host of a network game | hosted again: the table listens, the host's own seat is taken back, the other seat rejoins with its token ([`Opening::Host`]) | refused | studied |
//! | a seat at another machine's table | rejoined with its token ([`Opening::Rejoin`]) | refused | studied |
//!
//! An unfinished game is studied from no view: it is ended first (resigned or drawn in play, or
//! abandoned here, [`abandon`], which is recorded in the save and said whenever it is opened).
//! A game another program wrote whose file does not name the Kriegspiel rules (a PGN) is not
//! opened until the rules are chosen ([`GateError::NeedsRules`]).
//!
//! Study screens take only a [`Finished`] game, which nothing but this module makes: no screen
//! can show a game's truth any other way.

use crate::games::{GameLoadError, OtherGame};
use crate::import::{Format, ImportError};
use crate::rules::RuleSet;
use crate::save::{Abandoned, LoadError, Loaded, SavedGame, Seating};
use crate::seat::remote::Ticket;
use shakmaty::Color;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// What the person asked to do with a saved game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Want {
    /// Play on (Resume, Recent, Open, `kriegspiel FILE`).
    Play,
    /// Study it (every view, the referee's included).
    Study,
}

/// A game that is over (finished, or abandoned unfinished): the only kind study shows.
#[derive(Clone, Debug)]
pub struct Finished(SavedGame);

impl Finished {
    /// The game.
    pub fn saved(&self) -> &SavedGame {
        &self.0
    }

    /// The game, to keep.
    pub fn into_saved(self) -> SavedGame {
        self.0
    }
}

/// A game of a game with a module of its own ([`OtherGame`]) that is over: the only kind its
/// study shows.
pub struct FinishedOther(OtherGame);

impl FinishedOther {
    /// The game, to look at.
    pub fn game(&self) -> &OtherGame {
        &self.0
    }

    /// The game.
    pub fn into_game(self) -> OtherGame {
        self.0
    }
}

/// How a saved game opens.
pub enum Opening {
    /// Played on at this machine, seated as its save says (hot-seat, one seat against the
    /// computer, the club console), or a local game that ended, reopened where it ended.
    Local {
        /// The game.
        loaded: Box<Loaded>,
        /// How it is seated.
        seating: Seating,
        /// Where it is written back: the file itself, or none (a game another program wrote
        /// is never written over its file: it gets a new save, written at once).
        own: Option<PathBuf>,
    },
    /// A network game this machine hosts, hosted again from its save.
    Host {
        /// The save (resumed and autosaved in place).
        path: PathBuf,
        /// The host's own seat, if it held one.
        own: Option<Color>,
        /// The address listened on.
        bind: String,
        /// The port (0: the default port).
        port: u16,
    },
    /// A seat at another machine's table, taken back with its token.
    Rejoin(Ticket),
    /// Studied.
    Study {
        /// The game.
        game: Box<Finished>,
        /// The file it came from (a save of ours: comments are written back there).
        own: Option<PathBuf>,
        /// What to tell the person (an abandoned game says so).
        notice: Option<String>,
    },
    /// A game of another game ([`OtherGame`]) played on here.
    Other {
        /// The game.
        game: Box<OtherGame>,
        /// The file.
        path: PathBuf,
    },
    /// A game of another game studied.
    OtherStudy(Box<FinishedOther>),
}

/// Why a game does not open as asked.
#[derive(Debug, Error)]
pub enum GateError {
    /// The file does not open.
    #[error(transparent)]
    Open(#[from] ImportError),
    /// The save of another game ([`OtherGame`]) that does not open.
    #[error(transparent)]
    Other(#[from] GameLoadError),
    /// Study was asked of a game that is not over.
    #[error(
        "this game is not over: studying it would show what is hidden from the players. End it first: resume it and resign or agree a draw, or abandon it ({how})"
    )]
    NotOver {
        /// How to abandon it where the question was asked.
        how: String,
    },
    /// The file does not say under which Kriegspiel rules it was played.
    #[error("this {} does not say which Kriegspiel rules it was played under: choose them", .0.title())]
    NeedsRules(Format),
    /// Abandon was asked of a game that is over.
    #[error("this game is already over")]
    AlreadyOver,
    /// Abandon could not write the save.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The save.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// How the command line abandons a game.
pub fn abandon_command(path: &Path) -> String {
    format!("kriegspiel abandon {}", path.display())
}

/// Opens the game in `path` for `want`: the one decision of what may be shown (see the module
/// doc). `rules`: the Kriegspiel rules a file that names none (a PGN) is replayed under, once
/// the person chose them. `how` says how to abandon a game where the question is asked.
pub fn open(
    path: &Path,
    want: Want,
    rules: Option<&RuleSet>,
    how: &str,
) -> Result<Opening, GateError> {
    // Text as every import reads it (a PGN in Latin-1 too, PGN's own convention).
    let text = crate::import::read_text(path)?;
    if let Some(game) = OtherGame::load_text(&text, path) {
        return open_other(game?, path, want, how);
    }
    let format = crate::import::detect(&text);
    let (loaded, format) = match (format, rules) {
        (Some(Format::Pgn), None) => return Err(GateError::NeedsRules(Format::Pgn)),
        (Some(Format::Save), _) => (
            crate::save::load_file(path).map_err(ImportError::Save)?,
            Format::Save,
        ),
        (_, rules) => {
            let rules = rules.cloned().unwrap_or_default();
            let imported = crate::import::import_text(&text, &rules)?;
            let loaded = crate::save::load_str(&imported.saved.to_ron()).map_err(|e| {
                ImportError::Disagrees {
                    format: imported.format,
                    at: "the save made".to_owned(),
                    message: e.to_string(),
                }
            })?;
            (loaded, imported.format)
        }
    };
    let own = (format == Format::Save).then(|| path.to_path_buf());
    decide(loaded, own, want, how)
}

/// The decision for a loaded game (see the module doc).
fn decide(
    loaded: Loaded,
    own: Option<PathBuf>,
    want: Want,
    how: &str,
) -> Result<Opening, GateError> {
    let saved = &loaded.saved;
    let seating = saved.meta.seating();
    let abandoned = saved.meta.abandoned.as_ref().map(Abandoned::words);
    let over = saved.result.is_some() || abandoned.is_some();
    let network = matches!(seating, Seating::Host { .. } | Seating::Seat { .. });
    if want == Want::Study || abandoned.is_some() || (over && network) {
        if !over {
            return Err(GateError::NotOver {
                how: how.to_owned(),
            });
        }
        return Ok(Opening::Study {
            game: Box::new(Finished(loaded.saved)),
            own,
            notice: abandoned,
        });
    }
    Ok(match seating {
        Seating::Host {
            own: seat,
            bind,
            port,
            ..
        } if own.is_some() => Opening::Host {
            path: own.unwrap_or_default(),
            own: seat,
            bind,
            port,
        },
        Seating::Seat {
            color,
            address,
            token,
        } => Opening::Rejoin(Ticket {
            address,
            token,
            seat: color,
            game: crate::games::GameKind::Chess,
        }),
        // A network game's save made elsewhere (an import names no seating): played here.
        seating => Opening::Local {
            loaded: Box::new(loaded),
            seating: match seating {
                Seating::Host { .. } => Seating::HotSeat,
                other => other,
            },
            own,
        },
    })
}

/// The save of another game, decided by the same rules.
fn open_other(game: OtherGame, path: &Path, want: Want, how: &str) -> Result<Opening, GateError> {
    let abandoned = game.meta().abandoned.is_some();
    let over = game.has_result() || abandoned;
    // A network game that ended is studied, as a chess one (never hosted again).
    let network = matches!(
        game.meta().seating(),
        Seating::Host { .. } | Seating::Seat { .. }
    );
    if want == Want::Study || abandoned || (over && network) {
        if !over {
            return Err(GateError::NotOver {
                how: how.to_owned(),
            });
        }
        return Ok(Opening::OtherStudy(Box::new(FinishedOther(game))));
    }
    Ok(Opening::Other {
        game: Box::new(game),
        path: path.to_path_buf(),
    })
}

/// A sample game shipped with the program, to study (every sample is a finished game).
pub fn sample(name: &str) -> Result<Finished, GateError> {
    let sample = crate::places::samples()
        .into_iter()
        .find(|s| s.name == name)
        .ok_or(ImportError::Save(LoadError::NotASave))?;
    let loaded = crate::save::load_text(sample.text).map_err(ImportError::Save)?;
    finished(loaded.saved).ok_or(GateError::NotOver { how: String::new() })
}

/// A game on screen, to study: only once it is over.
pub fn finished(saved: SavedGame) -> Option<Finished> {
    (saved.result.is_some() || saved.meta.abandoned.is_some()).then_some(Finished(saved))
}

/// Abandons the unfinished game saved in `path` (`by`: who, in words): recorded in the save,
/// which is then over without a result (never played on; studied, and said so when opened).
pub fn abandon(path: &Path, by: &str) -> Result<(), GateError> {
    let text = crate::save::read_save_text(path).map_err(ImportError::Read)?;
    let abandoned = Abandoned {
        date: crate::save::today(),
        by: crate::untrusted::clean_name(by),
    };
    let write = |source| GateError::Write {
        path: path.display().to_string(),
        source,
    };
    if let Some(game) = OtherGame::load_text(&text, path) {
        let mut game = game?;
        if game.has_result() || game.meta().abandoned.is_some() {
            return Err(GateError::AlreadyOver);
        }
        game.set_abandoned(abandoned);
        game.write(path).map_err(write)?;
        // The snapshot now holds every event: the journal beside it is spent.
        remove_journal(path);
        return Ok(());
    }
    if crate::import::detect(&text) != Some(Format::Save) {
        return Err(ImportError::Save(LoadError::NotASave).into());
    }
    let mut saved = crate::save::load_file(path)
        .map_err(ImportError::Save)?
        .saved;
    if saved.result.is_some() || saved.meta.abandoned.is_some() {
        return Err(GateError::AlreadyOver);
    }
    saved.meta.abandoned = Some(abandoned);
    // A new snapshot: the journal continued the old one, so it no longer applies; it goes.
    saved.write(path).map_err(write)?;
    remove_journal(path);
    Ok(())
}

/// Removes the journal of the save at `path` (a new snapshot was written, which it no longer
/// continues).
fn remove_journal(path: &Path) {
    let journal = crate::save::journal::journal_path(path);
    if std::fs::symlink_metadata(&journal).is_ok_and(|m| m.is_file()) {
        let _ = std::fs::remove_file(journal);
    }
}
