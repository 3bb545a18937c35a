//! The `kriegspiel` command: the desktop app, the headless referee and tools.

use clap::{Parser, Subcommand};
use kriegspiel::replay::Perspective;
use kriegspiel::rules::Preset;
use std::path::PathBuf;
use std::process::ExitCode;

#[path = "cli/network.rs"]
mod network;

#[path = "cli/bots.rs"]
mod bots;

/// Kriegspiel: chess with hidden pieces and a referee.
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    /// A saved game to open.
    file: Option<PathBuf>,
    /// Open straight into a mode: hotseat, referee, study, or a KR vs K practice game as White
    /// (practice) or Black (practice-black).
    #[arg(long, value_parser = ["hotseat", "referee", "study", "practice", "practice-black"])]
    mode: Option<String>,
    /// Rule set for a new game (berkeley, berkeley_any, wild16, cincinnati, rand, english, classic, crazykrieg, rbc).
    #[arg(long)]
    rules: Option<Preset>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the referee protocol on standard input and output (JSON lines, see PROTOCOL.md).
    Referee {
        /// Write the game to this file after every accepted request (a snapshot written
        /// atomically, plus a journal of the newest events next to it).
        #[arg(long)]
        autosave: Option<PathBuf>,
        /// The folder `save` and `load` requests may use (names inside it only).
        #[arg(long, default_value = "saves")]
        saves_dir: PathBuf,
        /// Let `save` and `load` requests use any path (trusted clients only).
        #[arg(long)]
        allow_any_path: bool,
    },
    /// Print a saved game turn by turn as one perspective experienced it.
    Replay {
        /// The save file.
        file: PathBuf,
        /// Whose experience: white, black or referee.
        #[arg(long = "as", default_value = "referee")]
        perspective: Perspective,
    },
    /// Export a saved game as PGN: the referee's (real moves) or one player's (filtered).
    Pgn {
        /// The save file.
        file: PathBuf,
        /// A player's filtered PGN: white or black (default: the referee's PGN).
        #[arg(long = "as")]
        perspective: Option<Perspective>,
    },
    /// Print a game's official scoresheet (every attempt with its answer) as plain text.
    Scoresheet {
        /// The save file.
        file: PathBuf,
    },
    /// Play random games through the referee until one finishes, and save it (sample games).
    Selfplay {
        /// Rule set.
        #[arg(long, default_value = "berkeley")]
        rules: Preset,
        /// First random seed to try.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Longest game, in moves.
        #[arg(long, default_value_t = 300)]
        max_moves: usize,
        /// Where to save the game.
        #[arg(long)]
        out: PathBuf,
        /// Rule flags to change, as in the protocol's `new` (JSON), e.g.
        /// '{"sighted":"white","handicap":"pickle_pot","bishop":"f"}'.
        #[arg(long)]
        flags: Option<String>,
    },
    /// Play a match between two bots and print one line per game, then the score of --white.
    /// Exit status 2: an unknown bot.
    Match {
        /// The bot under test (its wins and losses are counted): random, heuristic or krk.
        #[arg(long)]
        white: String,
        /// Its opponent: random, heuristic or krk.
        #[arg(long)]
        black: String,
        /// Rule set.
        #[arg(long, default_value = "wild16")]
        rules: Preset,
        /// Number of games.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// Random seed (game i seeds its bots from seed + i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game, unfinished (scored as a draw), after this many completed turns.
        #[arg(long, default_value_t = 600)]
        max_plies: u32,
        /// Thinking time per request in milliseconds, for bots that use it.
        #[arg(long)]
        think_ms: Option<u64>,
        /// The bots exchange colours every other game.
        #[arg(long)]
        swap: bool,
        /// Save every game in this folder (match-<seed>-<i>.ron).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Start every game from a random ending instead: the bot under test has its king and
        /// these pieces (letters Q, R, B, N, P; e.g. Q, R, QR, BB, BN) against a lone king, and
        /// moves first.
        #[arg(long)]
        ending: Option<String>,
    },
    /// The strong bot's lone-king search from the widest uncertainty (the bot is not told where
    /// the king starts): many trials and a summary.
    Endgame {
        /// The bot's pieces besides its king, as letters (Q, R, B, N, P; e.g. Q, QR, BB).
        #[arg(long, default_value = "Q")]
        pieces: String,
        /// Number of trials.
        #[arg(long, default_value_t = 100)]
        trials: u32,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How the lone king moves: random, or towards the centre.
        #[arg(long, default_value = "random", value_parser = ["random", "centre"])]
        defender: String,
        /// Rule set.
        #[arg(long, default_value = "wild16")]
        rules: Preset,
        /// The most moves of the bot per trial.
        #[arg(long, default_value_t = 100)]
        max_moves: u32,
    },
    /// King and Rook against King: play many games with a computer White and print a summary.
    Krk {
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
        #[arg(long, default_value = "wild16")]
        rules: Preset,
        /// The paper player's search depth in White moves (default 2).
        #[arg(long)]
        depth: Option<u32>,
        /// Stop a game after this many White moves (a cut-off).
        #[arg(long, default_value_t = 200)]
        max_moves: u32,
    },
    /// Solve the KR-vs-K strategy table (minutes) and write it, or check the shipped one.
    KrkTable {
        /// Where to write the deflated table (the app ships assets/krk/strategy.deflate).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Only check the shipped table: every stored value is achieved by one attempt.
        #[arg(long)]
        check: bool,
    },
    /// Solve a Kriegspiel problem file: the verdict, the solution as a strategy tree, the nodes
    /// searched and the time. Exit status 0: proven; 1: refuted; 2: a bad file; 3: out of time.
    Problem {
        /// The problem file (RON, see assets/problems).
        file: PathBuf,
        /// Give up after this many seconds.
        #[arg(long)]
        max_seconds: Option<f64>,
    },
    /// Host a game for two seats over TCP (the seat protocol, PROTOCOL-SEAT.md): prints the
    /// address and join code, autosaves, keeps the clocks. With --as white|black this machine's
    /// player takes that seat (in the app, or as --bot); with --as none it is a referee server.
    Host(network::HostArgs),
    /// Join a hosted game: in the app, or with --bot as a headless seat.
    Join {
        /// The host's address, HOST:PORT.
        address: String,
        /// The host's join code (for a free seat).
        #[arg(long)]
        code: Option<String>,
        /// A seat token (to take back a seat after a dropped connection).
        #[arg(long)]
        token: Option<String>,
        /// The seat wanted: white or black (default: any free seat).
        #[arg(long, value_parser = ["white", "black"])]
        seat: Option<String>,
        /// The name shown to the other player.
        #[arg(long)]
        name: Option<String>,
        /// Play the seat with a bot (random, heuristic, strong) instead of the app.
        #[arg(long)]
        bot: Option<String>,
        /// How many heard lines this seat already holds (a reconnecting engine sends 0).
        #[arg(long, default_value_t = 0)]
        have: usize,
        /// With --bot: resign instead of playing beyond this move number (caps test games).
        #[arg(long)]
        max_moves: Option<u32>,
    },
    /// Speak the seat protocol on standard input and output with one of our bots (for other
    /// programs, and for `match --white 'cmd:kriegspiel engine --bot strong'`).
    Engine {
        /// The bot: random, heuristic or strong.
        #[arg(long, default_value = "strong")]
        bot: String,
        /// Thinking time per request in milliseconds, for bots that use it.
        #[arg(long)]
        think_ms: Option<u64>,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Measure referee throughput in-process and through the protocol.
    Bench {
        /// Seconds to spend on each measurement.
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        /// Replay the recorded games exactly this many times in-process instead of for a fixed time.
        #[arg(long)]
        passes: Option<usize>,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Run only one measurement: in-process, protocol, or cost (per-request cost at 1k, 10k
        /// and 100k events, with and without autosave).
        #[arg(long, value_parser = ["in-process", "protocol", "cost"])]
        only: Option<String>,
    },
}

/// A preset with rule flags changed as in the protocol's `new` (JSON).
fn selfplay_rules(preset: Preset, flags: Option<&str>) -> Result<kriegspiel::RuleSet, String> {
    let Some(flags) = flags else {
        return Ok(preset.rules());
    };
    let mut value: serde_json::Value =
        serde_json::from_str(flags).map_err(|e| format!("--flags is not JSON: {e}"))?;
    let Some(object) = value.as_object_mut() else {
        return Err("--flags must be a JSON object of rule flags".into());
    };
    object.insert("preset".into(), preset.id().into());
    kriegspiel::protocol::rules_from_json(&value)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Some(Command::Referee {
            autosave,
            saves_dir,
            allow_any_path,
        }) => {
            use kriegspiel::protocol::{Paths, Session};
            kriegspiel::save::remove_stale_temporaries(&saves_dir);
            if let Some(dir) = autosave.as_deref().and_then(std::path::Path::parent) {
                kriegspiel::save::remove_stale_temporaries(dir);
            }
            let session = match autosave {
                Some(path) => Session::with_autosave(path),
                None => Session::new(),
            }
            .with_paths(if allow_any_path {
                Paths::Anywhere
            } else {
                Paths::Inside(saves_dir)
            });
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            kriegspiel::protocol::run(stdin, stdout, session).map_err(|e| format!("referee: {e}"))
        }
        Some(Command::Selfplay {
            rules,
            seed,
            max_moves,
            out,
            flags,
        }) => match selfplay_rules(rules, flags.as_deref()).and_then(|set| {
            kriegspiel::selfplay::finished_game(&set, seed, max_moves, 1000).ok_or_else(|| {
                format!("no random {rules} game finished within {max_moves} moves from seed {seed}")
            })
        }) {
            Err(e) => Err(e),
            Ok((seed, saved)) => saved
                .write(&out)
                .map(|()| {
                    let over = saved.result.map_or("unfinished".to_owned(), |o| {
                        format!("{} {}", o.result.pgn(), o.reason.id())
                    });
                    println!(
                        "{}: seed {seed}, {} events, {over}",
                        out.display(),
                        saved.log.events.len()
                    );
                })
                .map_err(|e| format!("cannot write {}: {e}", out.display())),
        },
        Some(Command::Match {
            white,
            black,
            rules,
            games,
            seed,
            max_plies,
            think_ms,
            swap,
            out,
            ending,
        }) => {
            let ending = match ending.as_deref().map(kriegspiel::setup::parse_ending) {
                None => None,
                Some(Ok(roles)) => Some(roles),
                Some(Err(e)) => {
                    eprintln!("kriegspiel: {e}");
                    return ExitCode::from(2);
                }
            };
            return bots::match_command(&kriegspiel::matchplay::MatchConfig {
                white,
                black,
                rules: rules.rules(),
                games,
                seed,
                max_plies,
                think_ms,
                swap,
                out,
                ending,
            });
        }
        Some(Command::Endgame {
            pieces,
            trials,
            seed,
            defender,
            rules,
            max_moves,
        }) => {
            return bots::endgame_command(
                &pieces,
                trials,
                seed,
                &defender,
                &rules.rules(),
                max_moves,
            );
        }
        Some(Command::Krk {
            player,
            defender,
            positions,
            seed,
            all,
            rules,
            depth,
            max_moves,
        }) => kriegspiel::krk::run::command(&kriegspiel::krk::run::Options {
            player,
            defender,
            positions,
            seed,
            all,
            rules: rules.rules(),
            depth,
            max_moves,
        }),
        Some(Command::KrkTable { out, check }) => krk_table(out, check),
        Some(Command::Scoresheet { file }) => kriegspiel::save::load_file(&file)
            .map(|loaded| print!("{}", kriegspiel::scoresheet::scoresheet(&loaded.saved)))
            .map_err(|e| format!("{}: {e}", file.display())),
        Some(Command::Replay { file, perspective }) => kriegspiel::save::load_file(&file)
            .map(|loaded| {
                print!(
                    "{}",
                    kriegspiel::replay::replay_text(&loaded.saved, perspective)
                )
            })
            .map_err(|e| format!("{}: {e}", file.display())),
        Some(Command::Pgn { file, perspective }) => match kriegspiel::save::load_file(&file) {
            Err(e) => Err(format!("{}: {e}", file.display())),
            Ok(loaded) => match perspective.and_then(Perspective::color) {
                Some(color) => {
                    print!("{}", kriegspiel::pgn::player_pgn(&loaded.saved, color));
                    Ok(())
                }
                None => {
                    print!("{}", kriegspiel::pgn::referee_pgn(&loaded.saved));
                    Ok(())
                }
            },
        },
        Some(Command::Problem { file, max_seconds }) => return problem(&file, max_seconds),
        Some(Command::Engine {
            bot,
            think_ms,
            seed,
        }) => kriegspiel::matchplay::make_bot(&bot, seed).and_then(|mut bot| {
            if let Some(ms) = think_ms {
                bot.set_think_ms(ms);
            }
            kriegspiel::seat::serve::engine(bot.as_mut())
        }),
        Some(Command::Host(args)) => network::host(args),
        Some(Command::Join {
            address,
            code,
            token,
            seat,
            name,
            bot,
            have,
            max_moves,
        }) => {
            let mut hello = kriegspiel::seat::Hello::new();
            hello.code = code;
            hello.token = token;
            hello.seat = seat
                .as_deref()
                .and_then(kriegspiel::announce::color_serde::parse_color);
            hello.name = name;
            hello.have = have;
            network::join(&address, hello, bot, max_moves)
        }
        Some(Command::Bench {
            seconds,
            passes,
            seed,
            only,
        }) => {
            let only = match only.as_deref() {
                Some("in-process") => kriegspiel::bench::Only::InProcess,
                Some("protocol") => kriegspiel::bench::Only::Protocol,
                Some("cost") => kriegspiel::bench::Only::Cost,
                _ => kriegspiel::bench::Only::All,
            };
            kriegspiel::bench::run(seconds, passes, seed, only)
        }
        #[cfg(feature = "gui")]
        None => kriegspiel::app::run(kriegspiel::app::StartOptions {
            file: cli.file,
            mode: cli.mode,
            rules: cli.rules,
            saves_dir: None,
            practice_seed: None,
            network: None,
        }),
        #[cfg(not(feature = "gui"))]
        None => {
            let _ = (cli.file, cli.mode, cli.rules);
            Err("this build has no desktop app (built without the 'gui' feature); see --help for the commands".to_owned())
        }
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("kriegspiel: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `kriegspiel krk-table`: build (and write) or check the KR-vs-K strategy table.
fn krk_table(out: Option<PathBuf>, check: bool) -> Result<(), String> {
    use kriegspiel::krk::solver::Table;
    let started = std::time::Instant::now();
    let table: &Table;
    let built;
    if check {
        table = Table::get().map_err(|e| e.to_string())?;
    } else {
        built = Table::build(&mut |level, solved, pending| {
            eprintln!(
                "level {level}: {solved} states solved, {pending} open ({:.1} s)",
                started.elapsed().as_secs_f64()
            );
        });
        table = &built;
    }
    table.verify().map_err(|e| e.to_string())?;
    let (solved, states, max) = table.stats();
    println!("{solved} of {states} states solved, longest {max} moves; every value verified");
    let placements = kriegspiel::krk::run::placements();
    let starts: Vec<u8> = placements
        .iter()
        .map(|&(wk, wr)| table.value(wk, wr, kriegspiel::krk::start_set(wk, wr)))
        .filter(|&v| v != kriegspiel::krk::solver::UNSOLVED)
        .collect();
    println!(
        "{} of {} starts solved, worst {} moves",
        starts.len(),
        placements.len(),
        starts.iter().copied().max().unwrap_or(0)
    );
    if let Some(out) = out {
        kriegspiel::save::write_atomic(&out, &table.to_compressed())
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        println!("wrote {}", out.display());
    }
    Ok(())
}

/// `kriegspiel problem`: solves a problem file and prints the verdict.
fn problem(file: &std::path::Path, max_seconds: Option<f64>) -> ExitCode {
    use kriegspiel::problem::{Problem, Verdict};
    let limit = max_seconds
        .filter(|s| s.is_finite() && *s > 0.0)
        .map(std::time::Duration::from_secs_f64);
    let report = Problem::load(file).and_then(|p| {
        let belief = p.belief()?.len();
        let solver = p.solver()?;
        println!("{} ({}, {})", p.title, p.author, p.source);
        println!(
            "{} mates in {} under {}; {belief} positions fit what is known",
            kriegspiel::wording::color_title(solver),
            p.mate_in,
            p.rules
        );
        p.solve_report(limit)
    });
    match report {
        Ok((verdict, text)) => {
            println!("{text}");
            ExitCode::from(match verdict {
                Verdict::Proven => 0,
                Verdict::Refuted => 1,
                Verdict::Undecided => 3,
            })
        }
        Err(e) => {
            eprintln!("kriegspiel: {}: {e}", file.display());
            ExitCode::from(2)
        }
    }
}
