//! The one registry of games: every game the program plays ([`GameKind`]) and what each answers
//! to the parts written once for every game (the gate, the listing, the command line, the
//! referee protocol, a bot's seat whose game the welcome tells: [`play_any_seat`]): its id, its
//! names, how its save is told apart, and, for a game with a module of its own ([`OtherGame`]:
//! every game but the chess family), how its save is loaded, abandoned, reviewed, replayed,
//! pictured and recorded. Outside this file and the games' own
//! modules, code asks here and names no game.

use crate::bots::driver::Driver;
use crate::matchplay::BotChoice;
use crate::save::{Abandoned, Meta};
use crate::seat::Hello;
use crate::seat::client::SeatState;
use crate::seat::engine::{SeatEnd, play_seat};
use crate::seat::link::Connection;
use crate::seat::play::first_line;
use crate::seat::serve::ServeError;
use crate::seat::wire::is_welcome_of;
use crate::tsuitate::bots::TsuitateBot;
use crate::tsuitate::client::{TsuitateSeatState, play_tsuitate_seat};
use crate::tsuitate::save::{TsuitateLoadError, TsuitateLoaded};
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

pub use crate::kind::GameKind;
/// A seat taken at a table of any game, its welcome telling which ([`connect_any`]).
pub use crate::tsuitate::remote::{Seated, connect_any};

impl GameKind {
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

    /// The save in `text`, read from `path`, with what its autosave journal adds, if it is one
    /// of these games' (`None`: a chess save, or no save).
    pub fn load_text(text: &str, path: &Path) -> Option<Result<OtherGame, GameLoadError>> {
        match GameKind::of_save(text) {
            GameKind::Chess => None,
            GameKind::Tsuitate => Some(
                crate::tsuitate::save::load_text(text, path)
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

    /// The result in words ("Sente wins by resignation"), once the game has one.
    pub fn result_words(&self) -> Option<String> {
        match self {
            OtherGame::Tsuitate(l) => l.saved.result.as_ref().map(|o| o.words()),
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
/// its own requests answered by its module; a refusal is said in words.
pub(crate) enum ProtocolGame {
    /// Tsuitate shogi ([`crate::tsuitate::protocol`]).
    Tsuitate(crate::tsuitate::protocol::Table),
}

impl ProtocolGame {
    /// The game a `new` request starts, if its `rules` name another game (`None`: the chess
    /// family's); writes the answer.
    pub(crate) fn start(req: &JsonMap, out: &mut String) -> Option<Result<Self, String>> {
        use crate::tsuitate::protocol::Table;
        let rules = req.get("rules")?;
        crate::tsuitate::rules::is_tsuitate(rules).then(|| {
            Table::start(req, out)
                .map(ProtocolGame::Tsuitate)
                .map_err(|r| r.0)
        })
    }

    /// The game of the save at `path`, if the file is another game's save (`None`: a chess
    /// save or something else, for the chess loader to read or explain); writes the answer.
    pub(crate) fn load(path: &Path, out: &mut String) -> Result<Option<Self>, String> {
        let Ok(text) = crate::save::read_save_text(path) else {
            return Ok(None);
        };
        if GameKind::of_save(&text) != GameKind::Tsuitate {
            return Ok(None);
        }
        let loaded = crate::tsuitate::save::load_text(&text, path).map_err(|e| e.to_string())?;
        let table = crate::tsuitate::protocol::Table::loaded(loaded, out);
        Ok(Some(ProtocolGame::Tsuitate(table)))
    }

    /// Writes the game to `path` as its save; writes the answer.
    pub(crate) fn save(&self, path: &Path, out: &mut String) -> Result<(), String> {
        match self {
            ProtocolGame::Tsuitate(t) => t.save(path, out).map_err(|r| r.0),
        }
    }

    /// Answers one request of the game in play.
    pub(crate) fn handle(
        &mut self,
        op: &str,
        req: &JsonMap,
        out: &mut String,
    ) -> Result<(), String> {
        match self {
            ProtocolGame::Tsuitate(t) => t.handle(op, req, out).map_err(|r| r.0),
        }
    }

    /// Why a request of the chess family's games is refused for holding what only another
    /// game takes: its `op` (`bot`) or a field of `new` (`sfen`).
    pub(crate) fn not_for_chess(op: &str, req: &JsonMap) -> Option<&'static str> {
        if op == "new" && req.contains_key("sfen") {
            return Some("\"sfen\" is for tsuitate shogi; a chess game starts from \"fen\"");
        }
        (op == "bot").then_some("\"bot\" is a request of tsuitate shogi only")
    }
}

/// A request of the referee protocol, its fields by name.
type JsonMap = serde_json::Map<String, serde_json::Value>;

pub use crate::matchplay::{CommandError, MatchSpec};

/// `kriegspiel match`'s choice of game (flattened into its arguments; the chess family's by
/// default).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct MatchGame {
    /// Play tsuitate shogi over the seat protocol instead (levels random, heuristic, careful,
    /// or cmd:PROGRAM; --white is gote, --black sente, who moves first).
    #[arg(long, conflicts_with_all = ["rules", "ending", "max_plies"])]
    tsuitate: bool,
}

impl MatchGame {
    /// The game chosen.
    pub fn kind(self) -> GameKind {
        GameKind::chosen(self.tsuitate)
    }
}

/// `kriegspiel host`'s choice of game (flattened into its arguments; the chess family's by
/// default).
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct HostedGame {
    /// Host tsuitate shogi instead of a chess game (--rules and --clock do not apply; the
    /// host's seat needs --bot: random, or the heuristic player for any other bot).
    #[arg(long, conflicts_with_all = ["rules", "clock"])]
    tsuitate: bool,
}

impl HostedGame {
    /// The game chosen.
    pub fn kind(self) -> GameKind {
        GameKind::chosen(self.tsuitate)
    }
}

/// The app's `--mode`s of the games with screens of their own, as the command line lists them.
pub const OTHER_MODES: [&str; 2] = ["tsuitate", "tsuitate-referee"];

/// What `--mode` says of [`OTHER_MODES`].
pub const OTHER_MODES_HELP: &str =
    "tsuitate shogi in hot-seat (tsuitate) or on the club referee's console (tsuitate-referee)";

/// What `kriegspiel csa` does ([`record`]).
pub const RECORD_ABOUT: &str = "Export a saved tsuitate shogi game as CSA or with --kif as KIF (the shogi record formats other shogi programs read): the moves played, each refused attempt as a comment, and the end";

/// What `kriegspiel export --view` chooses, in every game's terms.
pub const EXPORT_VIEW: &str = "Whose board: white or black (what that player knew: its pieces, markers, what it saw) or referee (the truth). In a tsuitate shogi save black is sente (who moves first) and white gote, each knowing its own pieces and what the umpire told it";

/// What `kriegspiel csa` reads.
pub const RECORD_SAVE: &str = "The tsuitate shogi save";

impl GameKind {
    /// The other game a command line's game flags choose (`--tsuitate`: `true`).
    fn chosen(tsuitate: bool) -> GameKind {
        if tsuitate {
            GameKind::Tsuitate
        } else {
            GameKind::Chess
        }
    }

    /// Every game's name, as a sentence lists them ("chess or tsuitate shogi").
    pub fn all_names() -> String {
        GameKind::ALL.map(GameKind::name).join(" or ")
    }

    /// `kriegspiel bench --only host` for this game's table (not the chess family's, measured by
    /// the bench itself): a table holding `events` events, both seats in, is handed the next
    /// `requests` seat lines, autosaved in `dir` or not; the time taken, the lines it answered
    /// and the events it then holds.
    pub fn host_cost(
        self,
        events: usize,
        requests: usize,
        dir: Option<&Path>,
    ) -> Option<Result<(std::time::Duration, usize, usize), String>> {
        match self {
            GameKind::Chess => None,
            GameKind::Tsuitate => {
                let autosave = dir.map(|d| d.join(format!("tsuitate-host-{events}.ron")));
                Some(
                    crate::tsuitate::long::long_host(events, requests, autosave).map(
                        |(mut host, lines)| {
                            let start = std::time::Instant::now();
                            let sent = host.handle_all(&lines);
                            (start.elapsed(), sent, host.game().events().len())
                        },
                    ),
                )
            }
        }
    }

    /// Plays a match of this game over the seat protocol (not the chess family's, whose
    /// matches are [`crate::matchplay`]'s).
    pub fn play_match(self, spec: &MatchSpec) -> Result<(), CommandError> {
        match self {
            GameKind::Chess => Err(CommandError::Failed(
                "the chess family's matches are played by matchplay".to_owned(),
            )),
            GameKind::Tsuitate => crate::tsuitate::cli::play_match(spec),
        }
    }

    /// The game a headless host serves (not the chess family's, whose table
    /// [`crate::seat::serve::start_host`] makes): new, or resumed from its save `resume`.
    pub fn host_game(self, resume: Option<&Path>) -> Result<HostGame, CommandError> {
        match self {
            GameKind::Chess => Err(CommandError::Failed(
                "the chess family's table is started by seat::serve".to_owned(),
            )),
            GameKind::Tsuitate => Ok(HostGame {
                game: Box::new(crate::tsuitate::cli::host_game(resume)?),
                resumed: resume.is_some(),
            }),
        }
    }

    /// The name of the seat at a door's `slot` ("White"; tsuitate's "Sente" at Black's slot).
    pub fn seat_title(self, slot: shakmaty::Color) -> &'static str {
        match self {
            GameKind::Chess => slot.fold_wb("White", "Black"),
            GameKind::Tsuitate => {
                use crate::seat::game::Game;
                let side = crate::tsuitate::seam::Tsuitate::side(slot);
                crate::tsuitate::words::side_name(side)
            }
        }
    }

    /// Why the app cannot take the host's own seat at this game's table (`None`: it can).
    pub fn no_app_seat(self) -> Option<&'static str> {
        match self {
            GameKind::Chess => None,
            GameKind::Tsuitate => Some(
                "the app does not play tsuitate over the network yet: give the host's seat a --bot, or --seat none",
            ),
        }
    }
}

/// Another game to host, new or resumed ([`GameKind::host_game`]).
pub struct HostGame {
    game: Box<(crate::tsuitate::TsuitateGame, Meta)>,
    resumed: bool,
}

impl HostGame {
    /// The table serving the game, autosaved to `autosave`.
    pub fn table(
        self,
        autosave: PathBuf,
        seed: u64,
    ) -> Result<crate::tsuitate::table::TsuitateHost, CommandError> {
        crate::tsuitate::cli::host_table(*self.game, self.resumed, autosave, seed)
    }
}

/// One bot choice's players of every other game, for a seat whose game the table's welcome
/// decides (the chess family's player is the caller's, on its driver).
pub struct OtherBots {
    tsuitate: Box<dyn TsuitateBot>,
}

impl OtherBots {
    /// The players `choice` plays in every other game, seeded with `seed`.
    pub fn new(choice: &BotChoice, seed: u64) -> Result<OtherBots, CommandError> {
        Ok(OtherBots {
            tsuitate: crate::tsuitate::cli::bot_for(choice, seed)?,
        })
    }
}

/// How a bot's seat at a table of any game ended.
pub enum Joined {
    /// At a chess table.
    Chess(SeatEnd, Box<SeatState>),
    /// At another game's table: the result's title once revealed (`None`: the table closed
    /// first, with its last error if any).
    Other {
        /// The result's title (`Some(None)`: revealed without a result).
        result: Option<Option<String>>,
        /// The last error the table sent.
        error: Option<String>,
    },
}

/// How a seat at a table of any game ended ([`play_any_seat`]).
pub enum AnySeat {
    /// A chess seat.
    Chess(SeatEnd, Box<SeatState>),
    /// A tsuitate seat.
    Tsuitate(SeatEnd, Box<TsuitateSeatState>),
}

/// A seat whose game the table's welcome decides: sends `hello` (if given), reads the first
/// line, and plays chess with `chess` ([`play_seat`]) or tsuitate shogi with `shogi`.
/// `seated` is told the seat's name and token.
pub fn play_any_seat(
    chess: &mut Driver,
    shogi: &mut dyn TsuitateBot,
    hello: Option<&Hello>,
    max_plies: Option<u32>,
    input: impl BufRead,
    mut output: impl Write,
    seated: &mut dyn FnMut(&str, &str),
) -> io::Result<AnySeat> {
    let Some((first, input)) = first_line(hello, input, &mut output)? else {
        return Ok(AnySeat::Chess(SeatEnd::Closed, Box::default()));
    };
    if is_welcome_of::<crate::tsuitate::seam::Tsuitate>(&first) {
        let (end, state) = play_tsuitate_seat(shogi, None, max_plies, input, output, seated)?;
        return Ok(AnySeat::Tsuitate(end, Box::new(state)));
    }
    let mut told = |state: &SeatState| {
        if let (Some(seat), Some(token)) = (state.seat(), state.token()) {
            seated(seat.fold_wb("white", "black"), token);
        }
    };
    let (end, state) = play_seat(chess, None, max_plies, input, output, &mut told)?;
    Ok(AnySeat::Chess(end, Box::new(state)))
}

/// A bot's seat at the table at `address`, whichever game it serves (its welcome decides,
/// [`play_any_seat`]): `chess` plays a chess table, `others` any other (`kriegspiel join
/// --bot`, the host's own seat); the bot resigns once `max_plies` plies were played. `seated`
/// is told the seat's name and token.
pub fn join_with_bot(
    address: &str,
    hello: &Hello,
    chess: &mut Driver,
    others: &mut OtherBots,
    max_plies: Option<u32>,
    seated: &mut dyn FnMut(&str, &str),
) -> Result<Joined, ServeError> {
    let connection = Connection::open(address, hello).map_err(|source| ServeError::Connect {
        address: address.to_owned(),
        source,
    })?;
    let (reader, writer) = connection.into_io();
    let shogi = others.tsuitate.as_mut();
    let played = play_any_seat(chess, shogi, None, max_plies, reader, writer, seated)
        .map_err(ServeError::Stopped)?;
    Ok(match played {
        AnySeat::Chess(end, state) => Joined::Chess(end, state),
        AnySeat::Tsuitate(SeatEnd::Revealed, state) => Joined::Other {
            result: Some(state.over().map(|o| o.title())),
            error: None,
        },
        AnySeat::Tsuitate(SeatEnd::Closed, state) => Joined::Other {
            result: None,
            error: state.errors.last().cloned(),
        },
    })
}

/// `kriegspiel engine`: a bot speaking the seat protocol on the standard input and output, at
/// a table of any game.
pub fn engine(chess: &mut Driver, others: &mut OtherBots) -> Result<(), ServeError> {
    let (stdin, stdout) = (io::stdin().lock(), io::stdout().lock());
    let shogi = others.tsuitate.as_mut();
    play_any_seat(
        chess,
        shogi,
        Some(&Hello::new()),
        None,
        stdin,
        stdout,
        &mut |_, _| {},
    )
    .map(|_| ())
    .map_err(ServeError::Engine)
}

#[cfg(test)]
mod tests {
    use super::GameKind;

    #[test]
    fn a_save_is_told_by_its_first_field_and_the_chess_loader_names_the_other_game() {
        let other = "// a comment\nTsuitateSave(\n    tsuitate: 1,\n)";
        assert_eq!(GameKind::of_save(other), GameKind::Tsuitate);
        assert_eq!(GameKind::of_save("(\n    format: 2,\n)"), GameKind::Chess);
        assert_eq!(
            GameKind::of_save("(format: 2, tsuitate: 1)"),
            GameKind::Chess
        );
        let err = crate::save::load_str(other).err().map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("this is a tsuitate shogi save, not a chess save: open it as tsuitate shogi")
        );
    }
}
