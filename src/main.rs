//! The `kriegspiel` command: the desktop app, the headless referee and tools.

use clap::{Parser, Subcommand};
use kriegspiel::replay::Perspective;
use kriegspiel::rules::Preset;
use std::path::PathBuf;
use std::process::ExitCode;

/// Kriegspiel: chess with hidden pieces and a referee.
#[derive(Parser)]
#[command(version, about, args_conflicts_with_subcommands = true)]
struct Cli {
    /// A saved game to open.
    file: Option<PathBuf>,
    /// Open straight into a mode: hotseat, referee or study.
    #[arg(long, value_parser = ["hotseat", "referee", "study"])]
    mode: Option<String>,
    /// Rule set for a new game (berkeley, berkeley_any, wild16, cincinnati, rand, english, classic, rbc).
    #[arg(long)]
    rules: Option<Preset>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the referee protocol on standard input and output (JSON lines, see PROTOCOL.md).
    Referee {
        /// Write the game to this file after every accepted request (atomically).
        #[arg(long)]
        autosave: Option<PathBuf>,
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
        /// Run only one measurement: in-process or protocol.
        #[arg(long, value_parser = ["in-process", "protocol"])]
        only: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Some(Command::Referee { autosave }) => {
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            kriegspiel::protocol::run(
                std::io::BufReader::with_capacity(1 << 16, stdin),
                stdout,
                autosave,
            )
            .map_err(|e| format!("referee: {e}"))
        }
        Some(Command::Selfplay {
            rules,
            seed,
            max_moves,
            out,
        }) => match kriegspiel::selfplay::finished_game(&rules.rules(), seed, max_moves, 1000) {
            None => Err(format!(
                "no random {rules} game finished within {max_moves} moves from seed {seed}"
            )),
            Some((seed, saved)) => saved
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
        Some(Command::Bench {
            seconds,
            passes,
            seed,
            only,
        }) => {
            let only = match only.as_deref() {
                Some("in-process") => kriegspiel::bench::Only::InProcess,
                Some("protocol") => kriegspiel::bench::Only::Protocol,
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
