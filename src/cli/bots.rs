//! The subcommands where bots play: `match` ([`kriegspiel::matchplay`]), `samples` (the sample
//! games, [`kriegspiel::samples`]), `endgame` (the lone-king trials, [`kriegspiel::bots::trial`]),
//! `krk` and `engine` (their arguments, their handlers and their printing).

use crate::vocab::{BotParser, Outcome, PresetParser, Stop, first_side_moves};
use kriegspiel::bots::BotKind;
use kriegspiel::bots::level::Level;
use kriegspiel::matchplay::BotChoice;
use kriegspiel::rules::Preset;
use std::path::PathBuf;

/// `kriegspiel match`.
#[derive(clap::Args)]
pub struct MatchArgs {
    /// The bot under test (its wins and losses are counted): a bot, a level (beginner to
    /// strongest) or cmd:PROGRAM.
    #[arg(long, value_parser = BotParser, value_name = "BOT")]
    pub white: BotChoice,
    /// Its opponent: a bot, a level or cmd:PROGRAM.
    #[arg(long, value_parser = BotParser, value_name = "BOT")]
    pub black: BotChoice,
    /// Rule set.
    #[arg(long, default_value = "wild16", value_parser = PresetParser, value_name = "PRESET")]
    rules: Preset,
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// Random seed (game i seeds its bots from seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a game, unfinished (scored as a draw), after this many plies (completed turns).
    #[arg(long, default_value_t = 600)]
    max_plies: u32,
    /// Thinking time per request in milliseconds, for bots that use it (a level keeps its own).
    #[arg(long)]
    pub think_ms: Option<u64>,
    /// A clock for both sides, minutes+seconds (0.5+1: 30 s and 1 s a move): each bot is told
    /// its own and keeps time by it (the thinking time stays a cap); out of time loses.
    #[arg(long, value_parser = parse_clock, value_name = "M+S")]
    pub clock: Option<kriegspiel::clock::TimeControl>,
    /// The bots exchange colours every other game.
    #[arg(long)]
    pub swap: bool,
    /// Save every game in this folder (match-<seed>-<i>.ron; made if missing).
    #[arg(long)]
    pub out_dir: Option<PathBuf>,
    /// Start every game from a random ending instead: the bot under test has its king and
    /// these pieces (letters Q, R, B, N, P; e.g. Q, R, QR, BB, BN) against a lone king, and
    /// moves first.
    #[arg(long)]
    ending: Option<String>,
    /// With --ending: the lone king keeps this many pawns (0 to 4), each blocked by a pawn of
    /// the bot under test in front of it.
    #[arg(long, default_value_t = 0, requires = "ending", value_parser = clap::value_parser!(u8).range(0..=4))]
    blocked: u8,
    /// The in-process bots do not work while their opponent thinks (they do by default; a
    /// game without a clock plays the same either way).
    #[arg(long)]
    no_ponder: bool,
    /// Which game.
    #[command(flatten)]
    pub game: kriegspiel::games::MatchGame,
}

/// `kriegspiel samples`.
#[derive(clap::Args)]
pub struct SamplesArgs {
    /// The folder to write them in (sample-NAME.ron).
    #[arg(long, default_value = "saves")]
    out_dir: PathBuf,
    /// Only this sample (a preset id, or secret_any); may be given more than once.
    #[arg(long, value_name = "NAME")]
    only: Vec<String>,
    /// Choosing a seed: play from this seed instead of the sample's own, and write each game as
    /// sample-NAME-SEED.ron.
    #[arg(long)]
    seed: Option<u64>,
    /// With --seed: how many seeds to play, from --seed on.
    #[arg(long, default_value_t = 1, requires = "seed")]
    tries: u32,
}

/// How the lone king moves in `endgame` trials.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EndgameDefender {
    /// A random legal step.
    Random,
    /// The legal step nearest the centre.
    Centre,
}

/// `kriegspiel endgame`.
#[derive(clap::Args)]
pub struct EndgameArgs {
    /// The bot's pieces besides its king, as letters (Q, R, B, N, P; e.g. Q, QR, BB).
    #[arg(long, default_value = "Q")]
    pieces: String,
    /// Where the bot's king and pieces start, in that order, as squares separated by commas
    /// (e.g. `--pieces BB --at b4,b3,c3`, Ferguson's two bishops along an edge); the lone king
    /// is still placed at random. Without it, everything is placed at random.
    #[arg(long, value_delimiter = ',', value_name = "SQUARES")]
    at: Vec<String>,
    /// Number of trials.
    #[arg(long, default_value_t = 100)]
    trials: u32,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How the lone king moves.
    #[arg(long, value_enum, default_value = "random")]
    defender: EndgameDefender,
    /// Rule set.
    #[arg(long, default_value = "wild16", value_parser = PresetParser, value_name = "PRESET")]
    rules: Preset,
    /// The longest trial in plies (half-moves): the bot, moving first, makes at most half as
    /// many moves.
    #[arg(long, default_value_t = 200)]
    max_plies: u32,
    /// The older cap in the bot's moves (one move = two plies).
    #[arg(long, hide = true, conflicts_with = "max_plies")]
    max_moves: Option<u32>,
}

/// `kriegspiel krk`.
#[derive(clap::Args)]
pub struct KrkArgs {
    /// White player: paper or ours.
    #[arg(long, default_value = "ours", value_parser = ["paper", "ours"])]
    player: String,
    /// Black: edge (moves away from the edge), random, or adversary (every answer explored).
    #[arg(long, default_value = "edge", value_parser = ["edge", "random", "adversary"])]
    defender: String,
    /// Number of random starts.
    #[arg(long, default_value_t = 1000)]
    positions: usize,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Every start (every White placement up to symmetry; with every black king square
    /// unless the defender is the adversary).
    #[arg(long)]
    all: bool,
    /// Rule set (a Kriegspiel preset).
    #[arg(long, default_value = "wild16", value_parser = PresetParser, value_name = "PRESET")]
    rules: Preset,
    /// The paper player's search depth in White moves (default 2).
    #[arg(long)]
    depth: Option<u32>,
    /// Stop a game (a cut-off) after this many plies (half-moves): White makes at most half as
    /// many moves.
    #[arg(long, default_value_t = 400)]
    max_plies: u32,
    /// The older cap in White moves (one move = two plies).
    #[arg(long, hide = true, conflicts_with = "max_plies")]
    max_moves: Option<u32>,
}

/// `kriegspiel engine`.
#[derive(clap::Args)]
pub struct EngineArgs {
    /// The bot.
    #[arg(long, value_enum, default_value = "strong")]
    bot: BotKind,
    /// Play at a level for people instead of a bare bot (the level picks its bot, thinking
    /// time and handicap).
    #[arg(long, value_enum, conflicts_with_all = ["bot", "think_ms"])]
    level: Option<Level>,
    /// Thinking time per request in milliseconds, for bots that use it.
    #[arg(long)]
    think_ms: Option<u64>,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Do not work while the opponent thinks (by default the bot does, as a chess engine
    /// ponders; a game without a clock plays the same either way).
    #[arg(long)]
    no_ponder: bool,
}

/// A `--clock` of `kriegspiel match`.
fn parse_clock(text: &str) -> Result<kriegspiel::clock::TimeControl, String> {
    kriegspiel::seat::serve::parse_time_control(text).map_err(|e| e.to_string())
}

/// `kriegspiel match`: plays the match, one line per game and the summary last on standard
/// output, progress on standard error.
pub fn match_command(args: MatchArgs) -> Outcome {
    use kriegspiel::matchplay::{MatchConfig, MatchError, play_match};
    let kind = args.game.kind();
    if kind != kriegspiel::games::GameKind::Chess {
        let spec = kriegspiel::games::MatchSpec {
            white: args.white,
            black: args.black,
            games: args.games,
            seed: args.seed,
            swap: args.swap,
            think_ms: args.think_ms,
            out_dir: args.out_dir,
        };
        return Ok(kind.play_match(&spec)?);
    }
    let ending = args
        .ending
        .as_deref()
        .map(kriegspiel::setup::parse_ending)
        .transpose()
        .map_err(Stop::bad_input)?;
    let config = MatchConfig {
        white: args.white,
        black: args.black,
        rules: args.rules.rules(),
        games: args.games,
        seed: args.seed,
        max_plies: args.max_plies,
        think_ms: args.think_ms,
        clock: args.clock,
        swap: args.swap,
        out_dir: args.out_dir,
        ending,
        blocked: args.blocked,
        ponder: !args.no_ponder,
    };
    let total = config.games;
    let played = play_match(&config, |index, record| {
        println!("{}", record.line(index + 1));
        eprintln!("game {}/{total} played", index + 1);
    });
    match played {
        Ok(summary) => {
            let (white, black) = (config.white.to_string(), config.black.to_string());
            eprintln!(
                "{white}: worst think {:.1} ms/attempt, {:.2} s of thinking a game",
                summary.worst_think_ms,
                summary.game_think_ms / 1000.0
            );
            println!("{}", summary.line(&white, &black));
            Ok(())
        }
        Err(e @ (MatchError::Bot(_) | MatchError::Start(_))) => Err(Stop::bad_input(e)),
        Err(e) => Err(Stop::failed(e)),
    }
}

/// `kriegspiel samples`: plays each sample game from its recipe and writes it, one line per
/// game on standard output; a recipe's game that does not finish is not written (status 1).
pub fn samples_command(args: SamplesArgs) -> Outcome {
    use kriegspiel::samples::{RECIPES, longest_nonsense_run, recipe_named};
    let recipes = if args.only.is_empty() {
        RECIPES.iter().collect()
    } else {
        args.only
            .iter()
            .map(|n| {
                recipe_named(n).ok_or_else(|| {
                    let names: Vec<&str> = RECIPES.iter().map(|r| r.name).collect();
                    Stop::bad_input(format!(
                        "no sample called {} (expected one of: {})",
                        kriegspiel::untrusted::quoted(n),
                        names.join(", ")
                    ))
                })
            })
            .collect::<Result<Vec<_>, Stop>>()?
    };
    std::fs::create_dir_all(&args.out_dir)
        .map_err(|e| Stop::failed(format!("cannot create {}: {e}", args.out_dir.display())))?;
    let mut unfinished = 0;
    for recipe in recipes {
        let seeds = match args.seed {
            Some(first) => (first..first.saturating_add(u64::from(args.tries))).collect(),
            None => vec![recipe.seed],
        };
        for seed in seeds {
            let started = std::time::Instant::now();
            let saved = recipe.play(seed).map_err(Stop::failed)?;
            let name = match args.seed {
                Some(_) => format!("sample-{}-{seed}.ron", recipe.name),
                None => recipe.file_name(),
            };
            let out = args.out_dir.join(name);
            let over = saved.result.map_or("unfinished".to_owned(), |o| {
                format!("{} {}", o.result.pgn(), o.reason.id())
            });
            if saved.result.is_none() && args.seed.is_none() {
                unfinished += 1;
            } else {
                saved
                    .write(&out)
                    .map_err(|e| Stop::failed(format!("cannot write {}: {e}", out.display())))?;
            }
            println!(
                "{}: seed {seed}, {}, {over}, at most {} Nonsense in a row, {:.1} s",
                out.display(),
                kriegspiel::wording::count(saved.log.turns().count(), "ply", "plies"),
                longest_nonsense_run(&saved),
                started.elapsed().as_secs_f64()
            );
        }
    }
    if unfinished > 0 {
        return Err(Stop::failed(format!(
            "{unfinished} sample game(s) did not finish (not written)"
        )));
    }
    Ok(())
}

/// `kriegspiel endgame`: trials of the lone-king search, one summary line.
pub fn endgame_command(args: EndgameArgs) -> Outcome {
    use kriegspiel::bots::trial::{Defender, run, run_from};
    let roles = kriegspiel::setup::parse_ending(&args.pieces).map_err(Stop::bad_input)?;
    let at = args
        .at
        .iter()
        .map(|text| {
            shakmaty::Square::from_ascii(text.trim().as_bytes()).map_err(|_| {
                Stop::bad_input(format!(
                    "--at: {} is not a square (write squares such as b4,b3,c3)",
                    kriegspiel::untrusted::quoted(text)
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let place = |seed: u64| {
        kriegspiel::setup::ending_at(
            &roles,
            &at,
            shakmaty::Color::White,
            &mut kriegspiel::rng::Rng::new(seed),
        )
    };
    if !at.is_empty() {
        place(args.seed).map_err(|e| Stop::bad_input(format!("--at: {e}")))?;
    }
    let defender = match args.defender {
        EndgameDefender::Centre => Defender::Centre,
        EndgameDefender::Random => Defender::Random,
    };
    let max_moves = args
        .max_moves
        .unwrap_or_else(|| first_side_moves(args.max_plies));
    let rules = args.rules.rules();
    let (mut mates, mut draws, mut unfinished, mut moves) = (0u32, 0u32, 0u32, Vec::new());
    let mut why = std::collections::BTreeMap::new();
    let started = std::time::Instant::now();
    for i in 0..args.trials {
        let seed = args.seed.wrapping_add(u64::from(i));
        let trial = if at.is_empty() {
            run(&roles, &rules, defender, seed, max_moves)
        } else {
            place(seed)
                .ok()
                .and_then(|start| run_from(start, &rules, defender, seed, max_moves))
        };
        let Some(t) = trial else {
            continue;
        };
        match t.over.map(|o| o.reason) {
            Some(kriegspiel::announce::EndReason::Checkmate) => {
                mates += 1;
                moves.push(t.moves);
            }
            Some(reason) => {
                draws += 1;
                *why.entry(reason.title()).or_insert(0u32) += 1;
            }
            None => unfinished += 1,
        }
    }
    moves.sort_unstable();
    let avg = if moves.is_empty() {
        0.0
    } else {
        f64::from(moves.iter().sum::<u32>()) / moves.len() as f64
    };
    println!(
        "K+{}{} vs K ({} trials, king unknown at the start): {mates} mated (avg {avg:.1} moves, most {}), {draws} drawn {why:?}, {unfinished} unfinished after {max_moves} moves; {:.1} s",
        args.pieces,
        if at.is_empty() {
            String::new()
        } else {
            let squares: Vec<String> = at.iter().map(ToString::to_string).collect();
            format!(" from {}", squares.join(","))
        },
        args.trials,
        moves.last().copied().unwrap_or(0),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `kriegspiel krk`: many KR vs K games and a summary. Rules that are not Kriegspiel's are bad
/// input; a damaged strategy table is a failure.
pub fn krk_command(args: KrkArgs) -> Outcome {
    let max_moves = args
        .max_moves
        .unwrap_or_else(|| first_side_moves(args.max_plies));
    kriegspiel::krk::run::command(&kriegspiel::krk::run::Options {
        player: args.player,
        defender: args.defender,
        positions: args.positions,
        seed: args.seed,
        all: args.all,
        rules: args.rules.rules(),
        depth: args.depth,
        max_moves,
    })
    .map_err(|e| Stop::sorted(&e, e.is_bad_input()))
}

/// `kriegspiel engine`: one of our bots speaking the seat protocol on standard input and
/// output.
pub fn engine_command(args: EngineArgs) -> Outcome {
    let mut bot = match args.level {
        Some(level) => level.make(args.seed),
        None => args.bot.make(args.seed).map_err(Stop::bad_input)?,
    };
    if let Some(ms) = args.think_ms {
        bot.set_think_ms(ms);
    }
    let mut bot = kriegspiel::bots::driver::Driver::start(bot);
    bot.set_pondering(!args.no_ponder);
    let mut others = kriegspiel::games::OtherBots::new(&args.bot.into(), args.seed)?;
    kriegspiel::games::engine(&mut bot, &mut others).map_err(Stop::failed)
}
