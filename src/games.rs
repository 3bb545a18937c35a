//! The one registry of games: every game the program plays ([`GameKind`]) and what each answers
//! to the parts written once for every game (the gate, the listing, the command line, the
//! referee protocol): its id, its names, how its save is told apart, and, for a game with a
//! module of its own ([`OtherGame`]: every game but the chess family), how its save is loaded,
//! abandoned, reviewed, replayed, pictured and recorded. Outside this file and the games' own
//! modules, code asks here and names no game.

use crate::protocol::Bad;
use crate::save::{Abandoned, Meta};
use crate::tsuitate::save::{TsuitateLoadError, TsuitateLoaded};
use serde_json::{Map, Value};
use std::path::Path;

/// A game the program plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// The chess family: every Kriegspiel rule set (`src/referee`, `src/log`, `src/save`).
    Chess,
    /// Tsuitate shogi, 衝立将棋 (`src/tsuitate`).
    Tsuitate,
}

impl GameKind {
    /// Every game, the chess family first.
    pub const ALL: [GameKind; 2] = [GameKind::Chess, GameKind::Tsuitate];

    /// Its id: on the command line (`--mode`, `--tsuitate`) and in the referee protocol.
    pub fn id(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::Tsuitate => "tsuitate",
        }
    }

    /// Its name in a sentence ("a tsuitate shogi save").
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::Tsuitate => "tsuitate shogi",
        }
    }

    /// Its title ("Tsuitate shogi": a window's title, a heading).
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Chess => "Chess",
            GameKind::Tsuitate => "Tsuitate shogi",
        }
    }

    /// Its title with its name in its own language, as a list of saves shows it.
    pub fn long_title(self) -> &'static str {
        match self {
            GameKind::Chess => "Chess",
            GameKind::Tsuitate => "Tsuitate shogi (衝立将棋)",
        }
    }

    /// The game a save's text is of, told from its first field (a chess save's is `format`;
    /// anything that is no other game's save is left to the chess loader to read or explain).
    pub fn of_save(text: &str) -> GameKind {
        if crate::tsuitate::save::is_tsuitate_save(text) {
            GameKind::Tsuitate
        } else {
            GameKind::Chess
        }
    }

    /// The result in words ("Sente won") of a save's tail `(result: …)` read as this game
    /// writes it (`None`: it does not read, or the chess family, whose result is an `Over`).
    pub fn tail_result(self, tail: &str) -> Option<Option<String>> {
        match self {
            GameKind::Chess => None,
            GameKind::Tsuitate => crate::tsuitate::save::tail_result(tail),
        }
    }

    /// A whole save of this game parsed without replaying it: who, and the result in words
    /// (`None`: it does not parse, or the chess family).
    pub fn peek(self, text: &str) -> Option<(Meta, Option<String>)> {
        match self {
            GameKind::Chess => None,
            GameKind::Tsuitate => {
                let saved = crate::tsuitate::save::peek_str(text).ok()?;
                Some((saved.meta, saved.result.map(|o| o.words())))
            }
        }
    }
}

/// Why the save of a game with a module of its own does not load.
#[derive(Debug, thiserror::Error)]
pub enum GameLoadError {
    /// A tsuitate shogi save.
    #[error(transparent)]
    Tsuitate(#[from] TsuitateLoadError),
}

/// A saved game of a game with a module of its own (not the chess family), loaded and replayed.
#[derive(Clone, Debug)]
pub enum OtherGame {
    /// Tsuitate shogi.
    Tsuitate(Box<TsuitateLoaded>),
}

impl OtherGame {
    /// The save in `text`, if it is one of these games' (`None`: a chess save, or no save).
    pub fn load_str(text: &str) -> Option<Result<OtherGame, GameLoadError>> {
        match GameKind::of_save(text) {
            GameKind::Chess => None,
            GameKind::Tsuitate => Some(
                crate::tsuitate::save::load_str(text)
                    .map(|l| OtherGame::Tsuitate(Box::new(l)))
                    .map_err(GameLoadError::from),
            ),
        }
    }

    /// The save at `path` with what its autosave journal adds, if it is one of these games'
    /// (`None`: a chess save, no save, or a file that does not read).
    pub fn load_file(path: &Path) -> Option<Result<OtherGame, GameLoadError>> {
        let text = crate::save::read_save_text(path).ok()?;
        match GameKind::of_save(&text) {
            GameKind::Chess => None,
            GameKind::Tsuitate => Some(
                crate::tsuitate::save::load_file(path)
                    .map(|l| OtherGame::Tsuitate(Box::new(l)))
                    .map_err(GameLoadError::from),
            ),
        }
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        match self {
            OtherGame::Tsuitate(_) => GameKind::Tsuitate,
        }
    }

    /// Who, where and when.
    pub fn meta(&self) -> &Meta {
        match self {
            OtherGame::Tsuitate(l) => &l.saved.meta,
        }
    }

    /// Whether the game has a result.
    pub fn has_result(&self) -> bool {
        match self {
            OtherGame::Tsuitate(l) => l.saved.result.is_some(),
        }
    }

    /// Records that the game was abandoned (in the save, once written).
    pub fn set_abandoned(&mut self, abandoned: Abandoned) {
        match self {
            OtherGame::Tsuitate(l) => l.saved.meta.abandoned = Some(abandoned),
        }
    }

    /// Writes the save to `path` atomically.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        match self {
            OtherGame::Tsuitate(l) => l.saved.write(path),
        }
    }

    /// The review in words (`kriegspiel review`): who knew what, turn by turn.
    pub fn review_text(&self) -> String {
        match self {
            OtherGame::Tsuitate(l) => {
                crate::tsuitate::review::review(&l.game).text(&l.game, &l.saved.meta)
            }
        }
    }

    /// Why `kriegspiel review --pgn-out` does not apply to this game.
    pub fn no_pgn(&self) -> &'static str {
        match self {
            OtherGame::Tsuitate(_) => {
                "--pgn-out is for chess games; a tsuitate game exports with `kriegspiel csa`"
            }
        }
    }

    /// The game turn by turn as `seat` (in the chess family's colours: White is the side that
    /// moves second) or, with `None`, the referee experienced it (`kriegspiel replay`).
    pub fn replay_text(&self, seat: Option<shakmaty::Color>) -> String {
        match self {
            OtherGame::Tsuitate(l) => {
                let seat =
                    seat.map(|c| c.fold_wb(shogi_core::Color::White, shogi_core::Color::Black));
                crate::tsuitate::replay::replay_text(&l.game, &l.saved.meta, seat)
            }
        }
    }

    /// One board as SVG, `size` pixels square, after `ply` moves (`None`: at the end): the
    /// referee's (`seat` `None`) or a seat's from its own view (`kriegspiel export`).
    pub fn svg(&self, ply: Option<usize>, seat: Option<shakmaty::Color>, size: u32) -> String {
        match self {
            OtherGame::Tsuitate(l) => {
                let seat =
                    seat.map(|c| c.fold_wb(shogi_core::Color::White, shogi_core::Color::Black));
                crate::tsuitate::picture::of_game(&l.game, ply, seat, size)
            }
        }
    }
}

/// The record of the tsuitate shogi save at `path` in the format other shogi programs read
/// (`kriegspiel csa`): CSA, or with `kif` KIF.
pub fn record(path: &Path, kif: bool) -> Result<String, GameLoadError> {
    let loaded = crate::tsuitate::save::load_file(path)?;
    Ok(if kif {
        crate::tsuitate::kif::to_kif(&loaded.game, &loaded.saved.meta)
    } else {
        crate::tsuitate::csa::to_csa(&loaded.game, &loaded.saved.meta)
    })
}

/// A game of another game at the referee protocol (`kriegspiel referee`, [`crate::protocol`]):
/// its own requests answered by its module.
pub(crate) enum ProtocolGame {
    /// Tsuitate shogi ([`crate::protocol::tsuitate`]).
    Tsuitate(crate::protocol::tsuitate::Table),
}

impl ProtocolGame {
    /// The game a `new` request starts, if its `rules` name another game (`None`: the chess
    /// family's); writes the answer.
    pub(crate) fn start(req: &Map<String, Value>, out: &mut String) -> Option<Result<Self, Bad>> {
        let rules = req.get("rules")?;
        crate::tsuitate::rules::is_tsuitate(rules)
            .then(|| crate::protocol::tsuitate::Table::start(req, out).map(ProtocolGame::Tsuitate))
    }

    /// The game of a loaded save; writes the answer.
    pub(crate) fn loaded(game: OtherGame, out: &mut String) -> Self {
        match game {
            OtherGame::Tsuitate(l) => {
                ProtocolGame::Tsuitate(crate::protocol::tsuitate::Table::loaded(*l, out))
            }
        }
    }

    /// Writes the game to `path` as its save; writes the answer.
    pub(crate) fn save(&self, path: &Path, out: &mut String) -> Result<(), Bad> {
        match self {
            ProtocolGame::Tsuitate(t) => t.save(path, out),
        }
    }

    /// Answers one request of the game in play.
    pub(crate) fn handle(
        &mut self,
        op: &str,
        req: &Map<String, Value>,
        out: &mut String,
    ) -> Result<(), Bad> {
        match self {
            ProtocolGame::Tsuitate(t) => t.handle(op, req, out),
        }
    }

    /// Why a request of the chess family's games is refused for holding what only another
    /// game takes: its `op` (`bot`) or a field of `new` (`sfen`).
    pub(crate) fn not_for_chess(op: &str, req: &Map<String, Value>) -> Option<&'static str> {
        if op == "new" && req.contains_key("sfen") {
            return Some("\"sfen\" is for tsuitate shogi; a chess game starts from \"fen\"");
        }
        (op == "bot").then_some("\"bot\" is a request of tsuitate shogi only")
    }
}
