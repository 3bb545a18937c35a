//! The subcommands that look back at a finished game: `review` (the review after the reveal)
//! and `export` (a picture of one board, SVG or PNG), for chess-family games and every other
//! game (asked through the games' registry, [`kriegspiel::games::OtherGame`]).

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
    /// Review only the first N turns (plies) of a longer game.
    #[arg(long, value_name = "N", default_value_t = kriegspiel::review::DEFAULT_MAX_PLIES)]
    max_plies: usize,
    /// Print no progress on the standard error.
    #[arg(long)]
    quiet: bool,
}

/// A game opened to review or export.
enum Opened {
    /// A chess-family game.
    Chess(Box<kriegspiel::save::SavedGame>),
    /// A game of another game.
    Other(Box<kriegspiel::games::OtherGame>),
}

/// Opens a game to review or export, through the one gate ([`kriegspiel::gate`]): only a game
/// that is over (a save, or a file of another program imported in memory; a PGN under ICC Wild
/// 16, as before).
fn open(file: &Path) -> Result<Opened, Stop> {
    use kriegspiel::gate::{GateError, Opening, Want, abandon_command, open};
    let how = abandon_command(file);
    let opened = match open(file, Want::Study, None, &how) {
        Err(GateError::NeedsRules(_)) => {
            let wild16 = kriegspiel::Preset::Wild16.rules();
            open(file, Want::Study, Some(&wild16), &how)
        }
        other => other,
    };
    match opened {
        Ok(Opening::Study { game, .. }) => Ok(Opened::Chess(Box::new(game.into_saved()))),
        Ok(Opening::OtherStudy(game)) => Ok(Opened::Other(Box::new(game.into_game()))),
        Ok(_) => Err(Stop::bad_input(format!(
            "{}: this game does not open to study",
            file.display()
        ))),
        Err(e) => Err(Stop::bad_input(format!("{}: {e}", file.display()))),
    }
}

/// `kriegspiel review`: the review in words, and the annotated PGN when asked.
pub fn review(args: ReviewArgs) -> Outcome {
    use kriegspiel::review::{Options, Progress};
    let saved = match open(&args.file)? {
        Opened::Chess(saved) => saved,
        Opened::Other(game) => {
            if args.pgn_out.is_some() {
                return Err(Stop::bad_input(game.no_pgn()));
            }
            print!("{}", game.review_text());
            return Ok(());
        }
    };
    let options = Options {
        budget: std::time::Duration::from_millis(args.budget_ms),
        max_plies: args.max_plies,
        ..Options::default()
    };
    let progress = std::sync::Arc::new(Progress::default());
    stop_on_ctrl_c(progress.clone());
    let review = with_progress(&progress, args.quiet, || {
        kriegspiel::review::review(&saved, options, &progress)
    })
    .map_err(|e| match e {
        kriegspiel::review::ReviewError::Stopped => Stop::failed("the review was stopped"),
        e => Stop::bad_input(format!("{}: {e}", args.file.display())),
    })?;
    if !saved.meta.caption.is_empty() {
        println!("What to look at: {}", saved.meta.caption);
    }
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

/// Runs `work`, printing "reviewed N/M plies" on the standard error every second meanwhile
/// (and once at its end) unless `quiet`.
fn with_progress<T>(
    progress: &kriegspiel::review::Progress,
    quiet: bool,
    work: impl FnOnce() -> T,
) -> T {
    use std::sync::atomic::{AtomicBool, Ordering};
    let done = AtomicBool::new(false);
    std::thread::scope(|s| {
        if !quiet {
            s.spawn(|| {
                let tick = std::time::Duration::from_millis(50);
                let mut waited = std::time::Duration::ZERO;
                while !done.load(Ordering::Relaxed) {
                    std::thread::sleep(tick);
                    waited += tick;
                    if waited >= std::time::Duration::from_secs(1) {
                        waited = std::time::Duration::ZERO;
                        let (n, of) = progress.plies();
                        eprintln!("reviewed {n}/{of} plies");
                    }
                }
            });
        }
        let got = work();
        done.store(true, Ordering::Relaxed);
        if !quiet {
            let (n, of) = progress.plies();
            eprintln!("reviewed {n}/{of} plies");
        }
        got
    })
}

/// Ctrl+C asks the review to stop (it ends within a turn, printing that it was stopped, and
/// writes nothing).
fn stop_on_ctrl_c(progress: std::sync::Arc<kriegspiel::review::Progress>) {
    std::thread::spawn(move || {
        let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
        else {
            return;
        };
        runtime.block_on(async {
            if tokio::signal::ctrl_c().await.is_ok() {
                progress.stop();
            }
        });
    });
}

/// The overlay of `export`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OverlayArg {
    /// No overlay.
    None,
    /// Where any enemy unit may stand.
    Units,
    /// Where the enemy king may stand.
    King,
    /// Where enemy queens may stand.
    Queen,
    /// Where enemy rooks may stand.
    Rook,
    /// Where enemy bishops may stand.
    Bishop,
    /// Where enemy knights may stand.
    Knight,
    /// Where enemy pawns may stand.
    Pawn,
}

impl OverlayArg {
    fn overlay(self) -> kriegspiel::picture::Overlay {
        use kriegspiel::picture::Overlay;
        use shakmaty::Role;
        let role = match self {
            OverlayArg::None => return Overlay::Off,
            OverlayArg::Units => None,
            OverlayArg::King => Some(Role::King),
            OverlayArg::Queen => Some(Role::Queen),
            OverlayArg::Rook => Some(Role::Rook),
            OverlayArg::Bishop => Some(Role::Bishop),
            OverlayArg::Knight => Some(Role::Knight),
            OverlayArg::Pawn => Some(Role::Pawn),
        };
        Overlay::Units(role)
    }
}

/// `kriegspiel export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// The game: a save, or any file `import` reads.
    file: PathBuf,
    /// The point of the game: after this many moves (plies; default: the end).
    #[arg(long)]
    ply: Option<usize>,
    /// Whose board: a player's or the truth.
    #[arg(long, value_enum, default_value = "referee", help = kriegspiel::games::EXPORT_VIEW)]
    view: crate::vocab::View,
    /// On a player's board, the overlay: where the enemy's units (or one kind) may stand, from
    /// that player's belief.
    #[arg(long, value_enum, default_value = "none")]
    overlay: OverlayArg,
    /// The picture's width and height in pixels.
    #[arg(long, default_value_t = 640)]
    size: u32,
    /// The file to write: FILE.svg or FILE.png.
    #[arg(long)]
    out: PathBuf,
}

/// The events played after `ply` moves (the end when the game is shorter).
fn events_after(saved: &kriegspiel::save::SavedGame, ply: usize) -> usize {
    if ply == 0 {
        return 0;
    }
    saved
        .log
        .events
        .iter()
        .enumerate()
        .filter(|(_, e)| e.turn_ends)
        .nth(ply - 1)
        .map_or(saved.log.events.len(), |(i, _)| i + 1)
}

/// `kriegspiel export`: a picture of one board, as SVG or PNG (told from `--out`'s extension).
pub fn export(args: ExportArgs) -> Outcome {
    use kriegspiel::picture::Picture;
    let ext = args
        .out
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase());
    let png = match ext.as_deref() {
        Some("png") => true,
        Some("svg") => false,
        _ => return Err(Stop::bad_input("--out must name a .svg or .png file")),
    };
    if !(64..=4096).contains(&args.size) {
        return Err(Stop::bad_input("--size must be 64 to 4096 pixels"));
    }
    let saved = match open(&args.file)? {
        Opened::Chess(saved) => saved,
        Opened::Other(game) => {
            if args.overlay != OverlayArg::None {
                return Err(Stop::bad_input("--overlay is for chess games"));
            }
            let svg = game.svg(args.ply, args.view.perspective().color(), args.size);
            let bytes = if png {
                kriegspiel::picture::png_of_svg(&svg, args.size).map_err(Stop::failed)?
            } else {
                svg.into_bytes()
            };
            return kriegspiel::save::write_atomic(&args.out, &bytes)
                .map_err(|e| Stop::failed(format!("cannot write {}: {e}", args.out.display())));
        }
    };
    let cursor = args
        .ply
        .map_or(saved.log.events.len(), |p| events_after(&saved, p));
    let picture = Picture::of_game(
        &saved,
        cursor,
        args.view.perspective(),
        args.overlay.overlay(),
    )
    .map_err(|e| Stop::bad_input(format!("{}: {e}", args.file.display())))?;
    let bytes = if png {
        picture.png(args.size).map_err(Stop::failed)?
    } else {
        picture.svg(args.size).into_bytes()
    };
    kriegspiel::save::write_atomic(&args.out, &bytes)
        .map_err(|e| Stop::failed(format!("cannot write {}: {e}", args.out.display())))
}
