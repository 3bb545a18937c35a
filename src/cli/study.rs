//! The subcommands that look back at a finished game: `review` (the review after the reveal)
//! and `export` (a picture of one board).

use crate::vocab::{Outcome, Stop};
use std::path::{Path, PathBuf};

/// `kriegspiel review`.
#[derive(clap::Args)]
pub struct ReviewArgs {
    /// The game: a save, or any file `import` reads.
    file: PathBuf,
    /// The solver's time at each turn for a guaranteed mate (in up to 3), in milliseconds.
    #[arg(long, default_value_t = 15, value_name = "MS")]
    budget_ms: u64,
    /// Also write the referee's PGN with the review as comments to this file.
    #[arg(long, value_name = "FILE")]
    pgn_out: Option<PathBuf>,
    /// Print how long the review took on the standard error.
    #[arg(long)]
    timing: bool,
}

/// Opens a game: a save, or a file of another program (imported in memory).
fn open(file: &Path) -> Result<kriegspiel::save::SavedGame, Stop> {
    kriegspiel::import::open(file)
        .map(|(loaded, _)| loaded.saved)
        .map_err(|e| Stop::bad_input(format!("{}: {e}", file.display())))
}

/// `kriegspiel review`: the review in words, and the annotated PGN when asked.
pub fn review(args: ReviewArgs) -> Outcome {
    use kriegspiel::review::{Options, Progress};
    let saved = open(&args.file)?;
    let options = Options {
        budget: std::time::Duration::from_millis(args.budget_ms),
        ..Options::default()
    };
    let progress = std::sync::Arc::new(Progress::default());
    let review = kriegspiel::review::review(&saved, options, &progress)
        .map_err(|e| Stop::bad_input(format!("{}: {e}", args.file.display())))?;
    print!("{}", review.text());
    if let Some(out) = &args.pgn_out {
        let pgn = kriegspiel::pgn::referee_pgn(&review.annotate(&saved));
        kriegspiel::save::write_atomic(out, pgn.as_bytes())
            .map_err(|e| Stop::failed(format!("cannot write {}: {e}", out.display())))?;
    }
    if args.timing {
        eprintln!(
            "reviewed {} turns ({} events) in {:.2} s",
            review.turns.len(),
            saved.log.events.len(),
            review.elapsed.as_secs_f64()
        );
    }
    Ok(())
}
