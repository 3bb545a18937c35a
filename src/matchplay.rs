//! Matches between bots: this module owns playing a series of games between two named bots
//! through the referee, each bot seeing only its own seat's view, timing every request a bot
//! makes, scoring the match and saving the games. `kriegspiel match` prints what it returns.
//!
//! A game ends when the referee says it is over, or after `max_plies` completed turns (then it
//! is unfinished and scored as a draw). A bot that makes no acceptable request
//! [`MAX_FAILURES`] times in a row in one turn (it answers `None`, or the referee refuses its
//! request with an error) forfeits: it resigns, and the game is logged and scored as its loss.
//! So does a bot that answers `None` with a [`Bot::trouble`] (an engine program that failed).

use crate::announce::GameResult;
use crate::bots::driver::Driver;
use crate::bots::level::Level;
use crate::bots::{Bot, BotError, BotKind, ClockLeft};
use crate::clock::TimeControl;
use crate::log::Game;
use crate::referee::Request;
use crate::rng::Rng;
use crate::rules::{Preset, RuleSet};
use crate::save::{Meta, Mode, SavedGame};
use crate::view::PlayerView;
use shakmaty::{Color, Role};
use std::path::PathBuf;
use std::time::Instant;
use thiserror::Error;

/// How many times in a row a bot may fail to make an acceptable request in one turn before it
/// forfeits the game (a player at a local table of any game the same: [`crate::seat::local`]).
pub use crate::seat::local::MAX_FAILURES;

/// What to play.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The bot under test (wins and losses are counted for it); it plays White unless `swap`.
    pub white: BotChoice,
    /// Its opponent.
    pub black: BotChoice,
    /// The rules of every game.
    pub rules: RuleSet,
    /// How many games.
    pub games: u32,
    /// Game `i` seeds both bots from `seed + i` (two different streams).
    pub seed: u64,
    /// A game stops, unfinished, after this many completed turns.
    pub max_plies: u32,
    /// A thinking time per request, in milliseconds (the strong bot looks at more worlds for
    /// more time; the other bots and the levels, which keep their own, ignore it).
    pub think_ms: Option<u64>,
    /// A clock for both sides (`None`: none): each bot is told its own before it acts, its
    /// time runs while it thinks, and a side whose time runs out loses on time (issue 59).
    pub clock: Option<TimeControl>,
    /// The bots exchange colours in every odd game (0-based).
    pub swap: bool,
    /// A folder to save every game in (`match-<seed>-<i>.ron`; created if missing).
    pub out_dir: Option<PathBuf>,
    /// Start every game from a random ending: the bot under test has its king and these pieces
    /// against a lone king, and moves first ([`crate::setup::random_ending`]).
    pub ending: Option<Vec<Role>>,
    /// With `ending`: the lone king keeps this many pawns (0 to 4), each blocked by a pawn of
    /// the bot under test standing in front of it ([`crate::setup::random_blocked_ending`]).
    pub blocked: u8,
    /// The bots work while their opponent thinks ([`Driver::ponder`]).
    pub ponder: bool,
}

impl Default for MatchConfig {
    fn default() -> MatchConfig {
        MatchConfig {
            white: BotKind::Random.into(),
            black: BotKind::Random.into(),
            rules: Preset::Wild16.rules(),
            games: 10,
            seed: 1,
            max_plies: 600,
            think_ms: None,
            clock: None,
            swap: false,
            out_dir: None,
            ending: None,
            blocked: 0,
            ponder: true,
        }
    }
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The bot that played White.
    pub white: String,
    /// The bot that played Black.
    pub black: String,
    /// The result; `None` when the game was stopped at the ply limit (scored as a draw).
    pub result: Option<GameResult>,
    /// Completed turns.
    pub plies: u32,
    /// Why the game ended, in words ("checkmate", "ply limit", "forfeit by ...").
    pub reason: String,
    /// Requests the referee refused with an error (both bots), a sign of a faulty bot.
    pub errors: u32,
}

impl GameRecord {
    /// The game as one line, `number` counted from 1:
    /// `game 3: heuristic (white) vs random: 1-0 in 87 plies (checkmate)`.
    pub fn line(&self, number: u32) -> String {
        let result = self.result.map_or("*", GameResult::pgn);
        format!(
            "game {number}: {} (white) vs {}: {result} in {} ({})",
            self.white,
            self.black,
            crate::wording::count(self.plies, "ply", "plies"),
            self.reason
        )
    }
}

/// A match's score, from the point of view of the bot named by [`MatchConfig::white`].
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSummary {
    /// Games it won.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Games drawn or unfinished.
    pub draws: u32,
    /// Games played.
    pub games: u32,
    /// Completed turns per game, on average.
    pub avg_plies: f64,
    /// Its median time per request, in milliseconds (view building excluded).
    pub median_think_ms: f64,
    /// Its longest time for one request, in milliseconds.
    pub worst_think_ms: f64,
    /// Its time for all its requests in a game, in milliseconds, on average over the games.
    pub game_think_ms: f64,
}

impl MatchSummary {
    /// The summary line: `heuristic vs random: +12 -3 =5 of 20, avg plies 143.2, median think
    /// 0.02 ms/attempt`.
    pub fn line(&self, white: &str, black: &str) -> String {
        format!(
            "{white} vs {black}: +{} -{} ={} of {}, avg plies {:.1}, median think {:.2} ms/attempt",
            self.wins, self.losses, self.draws, self.games, self.avg_plies, self.median_think_ms
        )
    }
}

/// Why a match could not be played.
#[derive(Debug, Error)]
pub enum MatchError {
    /// A bot cannot be made (an engine program that does not start).
    #[error("{0}")]
    Bot(#[from] BotError),
    /// The rules cannot start a game.
    #[error("the game cannot start: {0}")]
    Start(String),
    /// The folder for the saves cannot be made.
    #[error("cannot create {}: {source}", .path.display())]
    CreateDir {
        /// The folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A game cannot be saved.
    #[error("cannot write {}: {source}", .path.display())]
    Save {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// A bot as the command line names it: one of ours by its [`BotKind`] id, a [`Level`] by its id,
/// or `cmd:PROGRAM ARGS`, a program speaking the seat protocol (PROTOCOL-SEAT.md) on its standard
/// input and output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotChoice {
    /// One of our bots (never [`BotKind::Engine`]: an engine is [`BotChoice::Command`]).
    Kind(BotKind),
    /// A level for people (its own bot, thinking time and handicap).
    Level(Level),
    /// An engine program's command line.
    Command(String),
}

impl From<BotKind> for BotChoice {
    fn from(kind: BotKind) -> BotChoice {
        BotChoice::Kind(kind)
    }
}

impl std::str::FromStr for BotChoice {
    type Err = BotError;

    /// `cmd:PROGRAM ARGS` (a command that is not empty), a [`Level::from_id`] id, or a
    /// [`BotKind::from_id`] id.
    fn from_str(text: &str) -> Result<BotChoice, BotError> {
        match text.strip_prefix("cmd:") {
            Some(command) if command.trim().is_empty() => {
                Err(BotError::Engine("cmd: names no program".to_owned()))
            }
            Some(command) => Ok(BotChoice::Command(command.to_owned())),
            None => match Level::from_id(text) {
                Some(level) => Ok(BotChoice::Level(level)),
                None => BotKind::from_id(text).map(BotChoice::Kind),
            },
        }
    }
}

impl std::fmt::Display for BotChoice {
    /// As written on the command line: the id, or `cmd:` and the command.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotChoice::Kind(kind) => f.write_str(kind.id()),
            BotChoice::Level(level) => f.write_str(level.id()),
            BotChoice::Command(command) => write!(f, "cmd:{command}"),
        }
    }
}

impl BotChoice {
    /// A fresh bot (`seed` for bots that use chance); an engine program is started.
    pub fn make(&self, seed: u64) -> Result<Box<dyn Bot>, BotError> {
        match self {
            BotChoice::Kind(kind) => kind.make(seed),
            BotChoice::Level(level) => Ok(level.make(seed)),
            BotChoice::Command(command) => crate::seat::engine::EngineBot::spawn(command)
                .map(|b| Box::new(b) as Box<dyn Bot>)
                .map_err(|e| BotError::Engine(e.to_string())),
        }
    }
}

/// A new game under `rules`, from the family's start ([`crate::variant::Variant::start`]);
/// Semi-Kriegspiel's sighted bot places its king and queen itself, from its own view.
fn start_game(rules: &RuleSet) -> Result<Game, MatchError> {
    let start = crate::variant::Variant::start(rules);
    Game::new(rules.clone(), start).map_err(|e| MatchError::Start(e.to_string()))
}

/// One finished (or stopped) game and the think times of the bot under test.
pub struct Played {
    /// The game.
    pub game: Game,
    /// Its line in the match.
    pub record: GameRecord,
    /// The bot under test's time per request, in milliseconds.
    pub thinks: Vec<f64>,
}

/// Plays game `index` of the match with the bots `config` names (also how the sample games
/// are made, [`crate::samples`]).
pub fn play_game(config: &MatchConfig, index: u32) -> Result<Played, MatchError> {
    let seed = config.seed.wrapping_add(u64::from(index));
    let mut tested = config.white.make(seed.wrapping_mul(2))?;
    let mut other = config
        .black
        .make(seed.wrapping_mul(2).wrapping_add(1_000_003))?;
    if let Some(ms) = config.think_ms {
        tested.set_think_ms(ms);
        other.set_think_ms(ms);
    }
    let names = [config.white.to_string(), config.black.to_string()];
    play_game_with(config, index, [tested, other], names)
}

/// Plays game `index` of the match between `bots` (the bot under test first) named `names`:
/// each on its own thread ([`Driver`]), handed only its own seat's view. An ending's start is
/// hidden from both seats: each is told its own pieces and how many enemy units there are,
/// never where they stand.
pub fn play_game_with(
    config: &MatchConfig,
    index: u32,
    bots: [Box<dyn Bot>; 2],
    names: [String; 2],
) -> Result<Played, MatchError> {
    let seed = config.seed.wrapping_add(u64::from(index));
    let swapped = config.swap && index % 2 == 1;
    let tested_color = if swapped { Color::Black } else { Color::White };
    let [tested, other] = bots;
    let [tested_name, other_name] = names;
    // Indexed by colour: 0 White, 1 Black.
    let (bots, names) = if swapped {
        ([other, tested], [other_name, tested_name])
    } else {
        ([tested, other], [tested_name, other_name])
    };
    let mut seats = bots.map(|bot| {
        let mut seat = Driver::start(bot);
        seat.set_pondering(config.ponder);
        seat
    });
    let mut game = match &config.ending {
        Some(pieces) => {
            let mut rng = Rng::new(seed ^ 0xE4D);
            let start =
                crate::setup::random_blocked_ending(pieces, config.blocked, tested_color, &mut rng)
                    .ok_or_else(|| {
                        MatchError::Start("no legal placement of the ending".to_owned())
                    })?;
            let mut game = Game::new(config.rules.clone(), start)
                .map_err(|e| MatchError::Start(e.to_string()))?;
            game.hide_start();
            game
        }
        None => start_game(&config.rules)?,
    };
    let (reason, plies, errors, thinks) =
        play_out(config, &mut game, &mut seats, &names, tested_color);
    for (i, color) in [(0, Color::White), (1, Color::Black)] {
        seats[i].game_over(&PlayerView::build(game.log(), color), game.log());
    }
    let [white, black] = names;
    let record = GameRecord {
        white,
        black,
        result: game.referee().over().map(|o| o.result),
        plies,
        reason,
        errors,
    };
    Ok(Played {
        game,
        record,
        thinks,
    })
}

/// Plays `game` out between the two seats: why it ended, the completed turns, the requests
/// refused with an error, and the tested bot's think times.
fn play_out(
    config: &MatchConfig,
    game: &mut Game,
    seats: &mut [Driver; 2],
    names: &[String; 2],
    tested_color: Color,
) -> (String, u32, u32, Vec<f64>) {
    let slot = |c: Color| usize::from(c == Color::Black);
    let mut views: [Option<(usize, PlayerView)>; 2] = [None, None];
    let mut thinks = Vec::new();
    let (mut plies, mut failures, mut errors) = (0, 0, 0);
    // Each side's time left, in milliseconds, with a clock.
    let mut left = config.clock.map(|c| [c.base_ms; 2]);
    let reason = loop {
        if let Some(over) = game.referee().over() {
            break over.reason.title().to_owned();
        }
        if plies >= config.max_plies {
            break "ply limit".to_owned();
        }
        let side = game.referee().to_act();
        let i = slot(side);
        let logged = game.log().events.len();
        let view = match views[i].take() {
            Some((n, view)) if n == logged => view,
            _ => PlayerView::build(game.log(), side),
        };
        if let (Some(c), Some(left)) = (config.clock, &left) {
            seats[i].set_clock(Some(ClockLeft {
                left_ms: left[i],
                increment_ms: c.increment_ms.saturating_add(c.delay_ms),
            }));
        }
        let started = Instant::now();
        let request = seats[i].act(&view);
        let took = started.elapsed();
        if side == tested_color {
            thinks.push(took.as_secs_f64() * 1000.0);
        }
        if let (Some(c), Some(left)) = (config.clock, &mut left) {
            let spent = u64::try_from(took.as_millis())
                .unwrap_or(u64::MAX)
                .saturating_sub(c.delay_ms);
            if spent >= left[i] {
                left[i] = 0;
                let _ = game.apply(Request::Timeout(side));
                let why = game.referee().over().map_or("time", |o| o.reason.title());
                break why.to_owned();
            }
            left[i] -= spent;
        }
        views[i] = Some((logged, view));
        match request.map(|r| game.apply(r).map(|event| event.turn_ends)) {
            Some(Ok(ends)) => {
                failures = 0;
                plies += u32::from(ends);
                if let (true, Some(c), Some(left)) = (ends, config.clock, &mut left) {
                    left[i] = left[i].saturating_add(c.increment_ms);
                }
                if ends {
                    errors += open_squares(game, &mut seats[i], side);
                    if config.ponder && game.referee().over().is_none() {
                        // The side that moved works while the other thinks.
                        seats[i].ponder(&PlayerView::build(game.log(), side));
                    }
                }
                continue;
            }
            Some(Err(e)) => {
                errors += 1;
                seats[i].refused(&e.to_string());
            }
            None => {
                if let Some(why) = seats[i].trouble() {
                    let _ = game.apply(Request::Resign(side));
                    break format!("forfeit by {}: {why}", names[i]);
                }
            }
        }
        failures += 1;
        if failures >= MAX_FAILURES {
            let _ = game.apply(Request::Resign(side));
            break format!(
                "forfeit by {}: no acceptable request in {MAX_FAILURES} tries",
                names[i]
            );
        }
    };
    (reason, plies, errors, thinks)
}

/// Modern Kriegspiel: the seat of `side`, which has just moved, opens the squares it chooses
/// (if it opens any); how many of its requests were refused (0 or 1).
fn open_squares(game: &mut Game, seat: &mut Driver, side: Color) -> u32 {
    let view = PlayerView::build(game.log(), side);
    if !view.acts_after_moving() {
        return 0;
    }
    match seat.act(&view) {
        Some(request @ Request::Open(_)) => match game.apply(request) {
            Ok(_) => 0,
            Err(e) => {
                seat.refused(&e.to_string());
                1
            }
        },
        _ => 0,
    }
}

/// Saves a game of the match as `match-<seed>-<index>.ron` in `dir`.
fn save_game(
    config: &MatchConfig,
    dir: &std::path::Path,
    index: u32,
    played: &Played,
) -> Result<(), MatchError> {
    let meta = Meta {
        event: "kriegspiel match".to_owned(),
        round: (index + 1).to_string(),
        site: "kriegspiel match".to_owned(),
        date: crate::save::today(),
        white: played.record.white.clone(),
        black: played.record.black.clone(),
        referee: "kriegspiel".to_owned(),
        mode: Mode::Protocol,
        ..Meta::default()
    };
    let path = dir.join(format!("match-{}-{index}.ron", config.seed));
    SavedGame::of(&played.game, meta, None)
        .write(&path)
        .map_err(|source| MatchError::Save { path, source })
}

/// The median of `values` (0 when empty).
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// Plays the match: `config.games` games, calling `progress` with each game's 0-based index and
/// record as soon as it ends, and saving it first when `config.out_dir` is set. Wins, losses and
/// draws are counted for the bot named by `config.white`, whichever colour it played.
pub fn play_match(
    config: &MatchConfig,
    mut progress: impl FnMut(u32, &GameRecord),
) -> Result<MatchSummary, MatchError> {
    if let Some(dir) = &config.out_dir {
        std::fs::create_dir_all(dir).map_err(|source| MatchError::CreateDir {
            path: dir.clone(),
            source,
        })?;
    }
    let (mut score, mut plies) = (Score::default(), 0u64);
    let mut thinks = Vec::new();
    for index in 0..config.games {
        let played = play_game(config, index)?;
        if let Some(dir) = &config.out_dir {
            save_game(config, dir, index, &played)?;
        }
        let tested_white = tested_keeps_seat(config.swap, index);
        score.count(match played.record.result {
            Some(GameResult::WhiteWins) => Some(tested_white),
            Some(GameResult::BlackWins) => Some(!tested_white),
            Some(GameResult::Draw) | None => None,
        });
        plies += u64::from(played.record.plies);
        thinks.extend_from_slice(&played.thinks);
        progress(index, &played.record);
    }
    let worst_think_ms = thinks.iter().copied().fold(0.0, f64::max);
    let game_think_ms = thinks.iter().sum::<f64>() / f64::from(config.games.max(1));
    Ok(MatchSummary {
        wins: score.wins,
        losses: score.losses,
        draws: score.draws,
        games: config.games,
        avg_plies: if config.games == 0 {
            0.0
        } else {
            plies as f64 / f64::from(config.games)
        },
        median_think_ms: median(&mut thinks),
        worst_think_ms,
        game_think_ms,
    })
}

/// A match's score for the player under test, in every game's matches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Games it won.
    pub wins: u32,
    /// Games drawn or unfinished.
    pub draws: u32,
    /// Games it lost.
    pub losses: u32,
}

impl Score {
    /// Counts one game: whether the player under test won it (`None`: drawn or unfinished).
    pub fn count(&mut self, won: Option<bool>) {
        match won {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.draws += 1,
        }
    }
}

/// Whether the player under test sits at its own seat (`--white`) in game `index`: with `swap`
/// the players change sides every other game.
pub fn tested_keeps_seat(swap: bool, index: u32) -> bool {
    !(swap && index % 2 == 1)
}

/// Why a command of another game stopped: bad input (the command line's status 2) or a
/// failure (status 1).
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// The input is refused.
    #[error("{0}")]
    BadInput(String),
    /// The work failed.
    #[error("{0}")]
    Failed(String),
}

/// A match between two players of another game (`kriegspiel match` with its game's flag).
pub struct MatchSpec {
    /// The player under test (the side that moves second).
    pub white: BotChoice,
    /// Its opponent (the side that moves first).
    pub black: BotChoice,
    /// How many games.
    pub games: u32,
    /// Game i seeds its players from seed + i.
    pub seed: u64,
    /// Whether the players change sides every other game.
    pub swap: bool,
    /// A program's time to answer, in milliseconds.
    pub think_ms: Option<u64>,
    /// Where every game is saved.
    pub out_dir: Option<PathBuf>,
}
