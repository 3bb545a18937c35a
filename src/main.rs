//! The `kriegspiel` command: the desktop app, the headless referee and tools. This file owns
//! the command line's shape (the subcommands) and sends each to its handler in `cli/`; the
//! shared vocabulary (exit statuses, rule-set and bot names, seats) is `cli/vocab.rs`.

use clap::builder::PossibleValuesParser;
use clap::{CommandFactory, Parser, Subcommand};
use kriegspiel::games::{self, GameKind};
use kriegspiel::rules::Preset;
use std::path::PathBuf;
use std::process::ExitCode;
use vocab::{Outcome, PresetParser, Stop};

/// The allocator: mimalloc (built from C by the `cc` crate, no system library). The problem
/// solver copies positions millions of times: glibc's malloc took a third of its time (perf, on
/// Rotenberg's mate in 8 by proof numbers); mimalloc saves about an eighth of its CPU time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "cli/vocab.rs"]
mod vocab;

#[path = "cli/network.rs"]
mod network;

#[path = "cli/bots.rs"]
mod bots;

#[path = "cli/files.rs"]
mod files;

#[path = "cli/docs.rs"]
mod docs;

#[path = "cli/study.rs"]
mod study;

/// Kriegspiel: chess with hidden pieces and a referee.
#[derive(Parser)]
#[command(
    version,
    about,
    args_conflicts_with_subcommands = true,
    after_help = vocab::EXIT_CODES
)]
struct Cli {
    /// A saved game to open.
    file: Option<PathBuf>,
    /// Open straight into a mode (the chess family's, then every other game's).
    #[arg(
        long,
        help = format!(
            "Open straight into a mode: hotseat, referee, study, a KR vs K practice game as White \
             (practice) or Black (practice-black), or {}",
            games::OTHER_MODES_HELP
        ),
        value_parser = PossibleValuesParser::new(
            ["hotseat", "referee", "study", "practice", "practice-black"]
                .into_iter()
                .chain(games::OTHER_MODES)
        )
    )]
    mode: Option<String>,
    /// Rule set for a new game.
    #[arg(long, value_parser = PresetParser, value_name = "PRESET")]
    rules: Option<Preset>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the referee protocol on standard input and output (JSON lines, see PROTOCOL.md).
    Referee(RefereeArgs),
    /// Print a saved game (of any game) turn by turn as one perspective experienced it.
    #[command(about = format!(
        "Print a saved game ({}) turn by turn as one perspective experienced it",
        GameKind::all_names()
    ))]
    Replay(files::ReplayArgs),
    /// Export a saved game as PGN: the referee's (real moves) or one player's (filtered).
    Pgn(files::PgnArgs),
    /// Export another game's save in that game's own record format.
    #[command(about = games::RECORD_ABOUT)]
    Csa(files::CsaArgs),
    /// Import a game written by another program (a kriegspiel.org game review, a save of the
    /// kriegspiel Python package, a reconchess game history, or the PGN of a chess game), told
    /// from the content: every move is replayed through the referee and checked, then the game
    /// is written as a save that study opens.
    Import(files::ImportArgs),
    /// Review a finished game after the reveal: for each turn, how many positions each side
    /// thought possible, the guaranteed mates (in up to 3) there were and whether they were
    /// played, what the computer would have tried, captures and material.
    Review(study::ReviewArgs),
    /// Export one board of a saved game as a picture (SVG or PNG): White's or Black's (only what
    /// that player knew, with its markers and, if asked, the overlay) or the referee's.
    Export(study::ExportArgs),
    /// Abandon an unfinished game: recorded in its save, which is then over without a result
    /// (it can be studied, and is never played on; whoever opens it is told).
    Abandon(AbandonArgs),
    /// Print a game's official scoresheet (every attempt with its answer) as plain text.
    Scoresheet(files::ScoresheetArgs),
    /// Play random games through the referee until one finishes, and save it.
    Selfplay(files::SelfplayArgs),
    /// Make the sample games of saves/ again: one game per rule set between our computer
    /// levels, each from its fixed seed, with its caption (or, with --seed, try other seeds).
    Samples(bots::SamplesArgs),
    /// Play a match between two bots and print one line per game, then the score of --white.
    Match(bots::MatchArgs),
    /// The strong bot's lone-king search from the widest uncertainty (the bot is not told where
    /// the king starts): many trials and a summary.
    Endgame(bots::EndgameArgs),
    /// King and Rook against King: play many games with a computer White and print a summary.
    Krk(bots::KrkArgs),
    /// Solve the KR-vs-K strategy table (minutes) and write it, or check the shipped one.
    KrkTable(files::KrkTableArgs),
    /// Solve the two-bishop strategy from Ferguson's edge formation (minutes, gigabytes) and
    /// write it, or check the shipped one.
    KbbTable(files::KbbTableArgs),
    /// Solve a Kriegspiel problem file: the verdict, the solution as a strategy tree, the nodes
    /// searched and the time. Exit status 0: proven; 1: refuted; 2: a bad file; 3: out of time.
    Problem(files::ProblemArgs),
    /// Host a game for two seats over TCP (the seat protocol, PROTOCOL-SEAT.md): prints the
    /// address and join code, autosaves, keeps the clocks. With --seat white|black this
    /// machine's player takes that seat (in the app, or as --bot); with --seat none it is a
    /// referee server.
    Host(network::HostArgs),
    /// Join a hosted game: in the app, or with --bot as a headless seat.
    Join(network::JoinArgs),
    /// Speak the seat protocol on standard input and output with one of our bots (for other
    /// programs, and for `match --white 'cmd:kriegspiel engine --bot strong'`).
    Engine(bots::EngineArgs),
    /// Measure referee throughput in-process and through the protocol.
    Bench(BenchArgs),
    /// Print a shell's completion script for this command line (bash, zsh, fish) on standard
    /// output.
    Completions(docs::CompletionsArgs),
    /// Print the manual page (roff) on standard output, or with --out-dir write it and one page
    /// per subcommand to a folder.
    Manpage(docs::ManpageArgs),
}

/// `kriegspiel referee`.
#[derive(clap::Args)]
struct RefereeArgs {
    /// Write the game to this file after every accepted request (a snapshot written
    /// atomically, plus a journal of the newest events next to it).
    #[arg(long)]
    autosave: Option<PathBuf>,
    /// The folder `save` and `load` requests may use (names inside it only; default: the user's
    /// saves folder, on Linux ~/.local/share/kriegspiel/saves).
    #[arg(long)]
    saves_dir: Option<PathBuf>,
    /// Let `save` and `load` requests use any path (trusted clients only).
    #[arg(long)]
    allow_any_path: bool,
}

/// `kriegspiel abandon`.
#[derive(clap::Args)]
struct AbandonArgs {
    /// The save of the unfinished game (of any game).
    #[arg(help = format!("The save of the unfinished game ({})", GameKind::all_names()))]
    file: PathBuf,
}

/// `kriegspiel bench`.
#[derive(clap::Args)]
struct BenchArgs {
    /// Seconds to spend on each measurement (at least 0.1).
    #[arg(
        long,
        default_value = "3",
        value_parser = vocab::seconds,
        value_name = "SECONDS",
        allow_hyphen_values = true
    )]
    seconds: std::time::Duration,
    /// Replay the recorded games exactly this many times in-process instead of for a fixed time.
    #[arg(long)]
    passes: Option<usize>,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Run only one measurement: in-process, protocol, cost (per-request cost at 1k, 10k
    /// and 100k events, with and without autosave), host (the seat host's per-request cost,
    /// fresh and at 1k, 10k and 50k events), or wire (the seat protocol across machines on
    /// loopback: requests a second, joining, trickling connections, a flooding seat), or join
    /// (a joining seat reading a record of 5k to 40k lines), or problems (every shipped problem
    /// solved, at most `--seconds` each, and never less than 60), or ladder (each level against
    /// the level below: `--games` a step, under `--rules`), or listing (a saves folder of 5,000
    /// saves and one of ten 57 MB saves: before, the old listing on the calling thread; after,
    /// the listing thread's first entries and whole list), or review (the review of a
    /// 1,000-ply game: the target is 20 s), or ponder (the strong bot's first request of each
    /// turn, cold and after pondering through the opponent's turn).
    #[arg(long, value_parser = ["in-process", "protocol", "cost", "host", "join", "wire", "problems", "ladder", "listing", "review", "ponder"])]
    only: Option<String>,
    /// With --only ladder: games a step (colours exchanged every other game).
    #[arg(long, default_value_t = 40)]
    games: u32,
    /// With --only ladder: the rule set.
    #[arg(long, default_value = "wild16", value_parser = PresetParser, value_name = "PRESET")]
    rules: Preset,
    /// With --only ladder: stop a game, unfinished (a draw), after this many plies.
    #[arg(long, default_value_t = 600)]
    max_plies: u32,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return vocab::unparsed(e),
    };
    vocab::exit(match cli.command {
        Some(Command::Referee(args)) => referee(args),
        Some(Command::Replay(args)) => files::replay(args),
        Some(Command::Pgn(args)) => files::pgn(args),
        Some(Command::Csa(args)) => files::csa(args),
        Some(Command::Scoresheet(args)) => files::scoresheet(args),
        Some(Command::Abandon(args)) => abandon(args),
        Some(Command::Import(args)) => files::import(args),
        Some(Command::Review(args)) => study::review(args),
        Some(Command::Export(args)) => study::export(args),
        Some(Command::Selfplay(args)) => files::selfplay(args),
        Some(Command::Samples(args)) => bots::samples_command(args),
        Some(Command::Match(args)) => bots::match_command(args),
        Some(Command::Endgame(args)) => bots::endgame_command(args),
        Some(Command::Krk(args)) => bots::krk_command(args),
        Some(Command::KrkTable(args)) => files::krk_table(args),
        Some(Command::KbbTable(args)) => files::kbb_table(args),
        Some(Command::Problem(args)) => files::problem(args),
        Some(Command::Host(args)) => network::host(args),
        Some(Command::Join(args)) => network::join(args),
        Some(Command::Engine(args)) => bots::engine_command(args),
        Some(Command::Bench(args)) => bench(args),
        Some(Command::Completions(args)) => docs::completions(args, Cli::command()),
        Some(Command::Manpage(args)) => docs::manpage(args, Cli::command()),
        None => app(cli.file, cli.mode, cli.rules),
    })
}

/// `kriegspiel referee`: the referee protocol on standard input and output.
fn referee(args: RefereeArgs) -> Outcome {
    use kriegspiel::protocol::{Paths, Session};
    let saves_dir = args.saves_dir.unwrap_or_else(kriegspiel::places::saves_dir);
    kriegspiel::save::remove_stale_temporaries(&saves_dir);
    if let Some(dir) = args.autosave.as_deref().and_then(std::path::Path::parent) {
        kriegspiel::save::remove_stale_temporaries(dir);
    }
    let session = match args.autosave {
        Some(path) => Session::with_autosave(path),
        None => Session::new(),
    }
    .with_paths(if args.allow_any_path {
        Paths::Anywhere
    } else {
        Paths::Inside(saves_dir)
    });
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    kriegspiel::protocol::run(stdin, stdout, session)
        .map_err(|e| Stop::failed(format!("referee: {e}")))
}

/// `kriegspiel bench`: referee throughput, and the other measurements `--only` names.
fn bench(args: BenchArgs) -> Outcome {
    let only = match args.only.as_deref() {
        Some("in-process") => kriegspiel::bench::Only::InProcess,
        Some("protocol") => kriegspiel::bench::Only::Protocol,
        Some("cost") => kriegspiel::bench::Only::Cost,
        Some("wire") => kriegspiel::bench::Only::Wire,
        Some("host") => kriegspiel::bench::Only::Host,
        Some("join") => kriegspiel::bench::Only::Join,
        Some("problems") => kriegspiel::bench::Only::Problems,
        Some("listing") => kriegspiel::bench::Only::Listing,
        Some("review") => kriegspiel::bench::Only::Review,
        Some("ponder") => kriegspiel::bench::Only::Ponder,
        Some("ladder") => {
            let options = kriegspiel::bench::ladder::Options {
                rules: args.rules.rules(),
                games: args.games,
                seed: args.seed,
                max_plies: args.max_plies,
            };
            return kriegspiel::bench::ladder::run(&options)
                .map(|_| ())
                .map_err(Stop::failed);
        }
        _ => kriegspiel::bench::Only::All,
    };
    kriegspiel::bench::run(args.seconds, args.passes, args.seed, only).map_err(Stop::failed)
}

/// `kriegspiel abandon FILE`.
fn abandon(args: AbandonArgs) -> Outcome {
    use kriegspiel::gate::GateError;
    match kriegspiel::gate::abandon(&args.file, "the command line") {
        Ok(()) => {
            println!(
                "{}: abandoned (over without a result; it can now be studied)",
                args.file.display()
            );
            Ok(())
        }
        Err(e @ GateError::Write { .. }) => Err(Stop::failed(e)),
        Err(e) => Err(Stop::bad_input(format!("{}: {e}", args.file.display()))),
    }
}

/// Study of a file is decided before any window opens: a game that is not over (or a file that
/// does not open) is refused with status 2, in words ([`kriegspiel::gate`]).
fn study_gate(file: Option<&std::path::Path>, mode: Option<&str>) -> Outcome {
    use kriegspiel::gate::{GateError, Want, abandon_command, open};
    let (Some(file), Some("study")) = (file, mode) else {
        return Ok(());
    };
    match open(file, Want::Study, None, &abandon_command(file)) {
        // The rules are chosen in the window.
        Ok(_) | Err(GateError::NeedsRules(_)) => Ok(()),
        Err(e) => Err(Stop::bad_input(format!("{}: {e}", file.display()))),
    }
}

/// No subcommand: the desktop app.
#[cfg(feature = "gui")]
fn app(file: Option<PathBuf>, mode: Option<String>, rules: Option<Preset>) -> Outcome {
    study_gate(file.as_deref(), mode.as_deref())?;
    kriegspiel::app::run(kriegspiel::app::StartOptions {
        file,
        mode,
        rules,
        saves_dir: None,
        practice_seed: None,
        network: None,
    })
    .map_err(Stop::Failed)
}

/// No subcommand, in a build without the app.
#[cfg(not(feature = "gui"))]
fn app(file: Option<PathBuf>, mode: Option<String>, _: Option<Preset>) -> Outcome {
    study_gate(file.as_deref(), mode.as_deref())?;
    Err(Stop::bad_input(
        "this build has no desktop app (built without the 'gui' feature); see --help for the commands",
    ))
}
