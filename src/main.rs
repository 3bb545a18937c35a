//! The `kriegspiel` command: the desktop app, the headless referee and tools.

use clap::{Parser, Subcommand};
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
    Referee,
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
        Some(Command::Referee) => {
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            kriegspiel::protocol::run(std::io::BufReader::with_capacity(1 << 16, stdin), stdout)
                .map_err(|e| format!("referee: {e}"))
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
                _ => kriegspiel::bench::Only::All,
            };
            kriegspiel::bench::run(seconds, passes, seed, only)
        }
        None => kriegspiel::app::run(kriegspiel::app::StartOptions {
            file: cli.file,
            mode: cli.mode,
            rules: cli.rules,
        }),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("kriegspiel: {message}");
            ExitCode::FAILURE
        }
    }
}
