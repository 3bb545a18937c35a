//! The subcommands that read or write one file: `replay`, `pgn`, `csa`, `scoresheet`, `import`,
//! `selfplay`, `krk-table` and `problem` (their arguments and their handlers).

use crate::vocab::{Outcome, PresetParser, Stop, View};
use kriegspiel::rules::Preset;
use std::path::{Path, PathBuf};

/// `kriegspiel replay`.
#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The save file.
    file: PathBuf,
    /// Whose experience: white, black or referee (`--as` is an older name).
    #[arg(long = "seat", alias = "as", value_enum, default_value = "referee")]
    seat: View,
}

/// `kriegspiel pgn`.
#[derive(clap::Args)]
pub struct PgnArgs {
    /// The save file.
    file: PathBuf,
    /// A player's filtered PGN: white or black (default, or referee: the referee's PGN; `--as`
    /// is an older name).
    #[arg(long = "seat", alias = "as", value_enum)]
    seat: Option<View>,
}

/// `kriegspiel csa`.
#[derive(clap::Args)]
pub struct CsaArgs {
    /// The save.
    #[arg(help = kriegspiel::games::RECORD_SAVE)]
    file: PathBuf,
    /// Write the record to this file (default: the standard output).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write KIF (the Kakinoki format, UTF-8) instead of CSA.
    #[arg(long)]
    kif: bool,
}

/// `kriegspiel scoresheet`.
#[derive(clap::Args)]
pub struct ScoresheetArgs {
    /// The save file.
    file: PathBuf,
}

/// `kriegspiel import`.
#[derive(clap::Args)]
pub struct ImportArgs {
    /// The file to import (its format is told from its content).
    file: PathBuf,
    /// The save to write (default: FILE with the extension .ron, which must not exist yet).
    #[arg(long)]
    out: Option<PathBuf>,
    /// The rule set a PGN is replayed under (other formats name their own).
    #[arg(long, default_value = "wild16", value_parser = PresetParser, value_name = "PRESET")]
    rules: Preset,
}

/// `kriegspiel selfplay`.
#[derive(clap::Args)]
pub struct SelfplayArgs {
    /// Rule set.
    #[arg(long, default_value = "berkeley", value_parser = PresetParser, value_name = "PRESET")]
    rules: Preset,
    /// First random seed to try.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Longest game, in plies (half-moves; `--max-moves` is an older name that counted the
    /// same).
    #[arg(long, alias = "max-moves", default_value_t = 300)]
    max_plies: usize,
    /// The file to save the game in.
    #[arg(long)]
    out: PathBuf,
    /// Rule flags to change, as in the protocol's `new` (JSON), e.g.
    /// '{"sighted":"white","handicap":"pickle_pot","bishop":"f"}'.
    #[arg(long)]
    flags: Option<String>,
}

/// `kriegspiel krk-table`.
#[derive(clap::Args)]
pub struct KrkTableArgs {
    /// The file to write the deflated table to (the app ships assets/krk/strategy.deflate).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Only check the shipped table: every stored value is achieved by one attempt (status 1
    /// when one is not).
    #[arg(long)]
    check: bool,
}

/// `kriegspiel kbb-table`.
#[derive(clap::Args)]
pub struct KbbTableArgs {
    /// The file to write the deflated strategy to (the app ships assets/kbb/strategy.deflate).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Only check the shipped strategy: it covers the formation and every entry's answers are
    /// covered with fewer moves (status 1 when not).
    #[arg(long)]
    check: bool,
}

/// `kriegspiel problem`.
#[derive(clap::Args)]
pub struct ProblemArgs {
    /// The problem file (RON, see assets/problems), or the name of a problem that ships with the
    /// program (`--list` names them).
    #[arg(required_unless_present = "list")]
    file: Option<PathBuf>,
    /// List the problems that ship with the program, one name a line.
    #[arg(long, conflicts_with = "file")]
    list: bool,
    /// Give up after this many seconds, counted from the start (reading the file and placing
    /// the uncertain units included; status 3).
    #[arg(
        long,
        value_parser = crate::vocab::seconds,
        value_name = "SECONDS",
        allow_hyphen_values = true
    )]
    max_seconds: Option<std::time::Duration>,
    /// Print the search's progress on the standard error every few seconds.
    #[arg(long)]
    progress: bool,
    /// Search the problem's published key before the other first moves (a faster proof when
    /// the source is right; the others follow when it fails).
    #[arg(long)]
    key_first: bool,
    /// The most memory the search may take, in megabytes: its tables get about half, and past
    /// 90 % they shrink (by default only the tables are bounded, to about 500).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(16..=1_000_000))]
    memory_mb: Option<u64>,
    /// The search: "pn" (proof numbers above the last moves, depth-first below) or "depth"
    /// (depth-first with iterative deepening); by default "pn" for a problem that gives its
    /// solution's line (searched along it first), else "depth".
    #[arg(long, value_name = "SEARCH", value_parser = ["pn", "depth"])]
    search: Option<String>,
    /// Write the proven strategy tree to this file (RON), to be checked again with --check.
    #[arg(long, value_name = "FILE")]
    save_tree: Option<PathBuf>,
    /// Check the strategy tree in this file against the problem (every branch played out
    /// against the referee), without searching. Exit status 0: it solves the problem; 1: it
    /// fails (the line where it does is printed); 2: a bad file.
    #[arg(long, value_name = "TREE", conflicts_with_all = ["save_tree", "search", "key_first"])]
    check: Option<PathBuf>,
}

/// `kriegspiel problem NAME --check TREE`: the tree played out against the referee.
fn check_tree(p: &kriegspiel::problem::Problem, tree: &Path) -> Outcome {
    let started = std::time::Instant::now();
    let (mate_in, strategy) = kriegspiel::problem::load_tree(tree)
        .map_err(|e| Stop::bad_input(format!("{}: {e}", tree.display())))?;
    if mate_in != p.mate_in {
        println!(
            "(the tree says mate in {mate_in}; it is checked against the problem's mate in {})",
            p.mate_in
        );
    }
    match p.check(&strategy) {
        Ok(c) => {
            println!(
                "The tree solves {}: mate in at most {} against all {} positions ({} turns, {} \
                 mates played out) in {:.2} s. Key: {}",
                p.title,
                c.longest,
                c.positions,
                c.turns,
                c.mates,
                started.elapsed().as_secs_f64(),
                strategy.key_line()
            );
            Ok(())
        }
        Err(kriegspiel::problem::CheckError::Problem(e)) => Err(Stop::bad_input(format!("{e}"))),
        Err(e) => {
            println!("The tree does not solve {}: {e}", p.title);
            Err(Stop::Refuted)
        }
    }
}

/// Loads a save: an unreadable or invalid file is bad input.
fn load(file: &Path) -> Result<kriegspiel::save::Loaded, Stop> {
    kriegspiel::save::load_file(file)
        .map_err(|e| Stop::bad_input(format!("{}: {e}", file.display())))
}

/// `kriegspiel replay`: the game turn by turn as one seat (or the referee) experienced it.
pub fn replay(args: ReplayArgs) -> Outcome {
    if let Some(game) = kriegspiel::games::OtherGame::load_file(&args.file) {
        let game = game.map_err(|e| Stop::bad_input(format!("{}: {e}", args.file.display())))?;
        print!("{}", game.replay_text(args.seat.perspective().color()));
        return Ok(());
    }
    let loaded = load(&args.file)?;
    let text = kriegspiel::replay::replay_text(&loaded.saved, args.seat.perspective());
    print!("{text}");
    Ok(())
}

/// `kriegspiel pgn`: the referee's PGN, or one player's filtered PGN.
pub fn pgn(args: PgnArgs) -> Outcome {
    let loaded = load(&args.file)?;
    match args.seat.and_then(|s| s.perspective().color()) {
        Some(color) => print!("{}", kriegspiel::pgn::player_pgn(&loaded.saved, color)),
        None => print!("{}", kriegspiel::pgn::referee_pgn(&loaded.saved)),
    }
    Ok(())
}

/// `kriegspiel csa`: a save as a record in its game's own format (CSA, or with `--kif` KIF).
pub fn csa(args: CsaArgs) -> Outcome {
    let text = kriegspiel::games::record(&args.file, args.kif)
        .map_err(|e| Stop::bad_input(format!("{}: {e}", args.file.display())))?;
    match args.out {
        None => print!("{text}"),
        Some(out) => kriegspiel::save::write_atomic(&out, text.as_bytes())
            .map_err(|e| Stop::failed(format!("cannot write {}: {e}", out.display())))?,
    }
    Ok(())
}

/// `kriegspiel scoresheet`: the official scoresheet as plain text.
pub fn scoresheet(args: ScoresheetArgs) -> Outcome {
    let loaded = load(&args.file)?;
    print!("{}", kriegspiel::scoresheet::scoresheet(&loaded.saved));
    Ok(())
}

/// `kriegspiel import`: another program's game, replayed and checked, written as a save.
pub fn import(args: ImportArgs) -> Outcome {
    let imported = kriegspiel::import::import_file(&args.file, &args.rules.rules())
        .map_err(|e| Stop::bad_input(format!("{}: {e}", args.file.display())))?;
    let out = match args.out {
        Some(out) => out,
        None => {
            let out = args.file.with_extension("ron");
            if out.exists() {
                return Err(Stop::bad_input(format!(
                    "{} exists already: name the save to write with --out",
                    out.display()
                )));
            }
            out
        }
    };
    imported
        .saved
        .write(&out)
        .map_err(|e| Stop::failed(format!("cannot write {}: {e}", out.display())))?;
    println!(
        "{}: a {} of {} requests ({} positions checked against the file); written to {}",
        args.file.display(),
        imported.format.title(),
        imported.requests,
        imported.positions,
        out.display()
    );
    Ok(())
}

/// `selfplay --flags` that name no rule set: bad input.
#[derive(Debug, thiserror::Error)]
enum FlagsError {
    /// Not JSON.
    #[error("--flags is not JSON: {}", kriegspiel::untrusted::shortened(&.0.to_string()))]
    NotJson(#[source] serde_json::Error),
    /// JSON, but not an object.
    #[error("--flags must be a JSON object of rule flags")]
    NotObject,
    /// Flags the protocol's `new` refuses.
    #[error(transparent)]
    Rules(#[from] kriegspiel::protocol::RulesJsonError),
}

/// A preset with rule flags changed as in the protocol's `new` (JSON).
fn selfplay_rules(preset: Preset, flags: Option<&str>) -> Result<kriegspiel::RuleSet, FlagsError> {
    let Some(flags) = flags else {
        return Ok(preset.rules());
    };
    let mut value: serde_json::Value = serde_json::from_str(flags).map_err(FlagsError::NotJson)?;
    let Some(object) = value.as_object_mut() else {
        return Err(FlagsError::NotObject);
    };
    object.insert("preset".into(), preset.id().into());
    Ok(kriegspiel::protocol::rules_from_json(&value)?)
}

/// `kriegspiel selfplay`: random games until one finishes, saved to `--out`.
pub fn selfplay(args: SelfplayArgs) -> Outcome {
    let (rules, seed, max_plies) = (args.rules, args.seed, args.max_plies);
    let set = selfplay_rules(rules, args.flags.as_deref()).map_err(Stop::bad_input)?;
    let (seed, saved) = kriegspiel::selfplay::finished_game(&set, seed, max_plies, 1000)
        .ok_or_else(|| {
            Stop::failed(format!(
                "no random {rules} game finished within {max_plies} plies from seed {seed}"
            ))
        })?;
    let out = &args.out;
    saved
        .write(out)
        .map_err(|e| Stop::failed(format!("cannot write {}: {e}", out.display())))?;
    let over = saved.result.map_or("unfinished".to_owned(), |o| {
        format!("{} {}", o.result.pgn(), o.reason.id())
    });
    println!(
        "{}: seed {seed}, {}, {over}",
        out.display(),
        kriegspiel::wording::count(saved.log.events.len(), "event", "events")
    );
    Ok(())
}

/// `kriegspiel krk-table`: build (and write) or check the KR-vs-K strategy table.
pub fn krk_table(args: KrkTableArgs) -> Outcome {
    use kriegspiel::krk::solver::Table;
    let started = std::time::Instant::now();
    let table: &Table;
    let built;
    if args.check {
        table = Table::get().map_err(Stop::failed)?;
    } else {
        built = Table::build(&mut |level, solved, pending| {
            eprintln!(
                "level {level}: {solved} states solved, {pending} open ({:.1} s)",
                started.elapsed().as_secs_f64()
            );
        });
        table = &built;
    }
    table.verify().map_err(Stop::failed)?;
    let (solved, states, max) = table.stats();
    let longest = kriegspiel::wording::count(usize::from(max), "move", "moves");
    println!("{solved} of {states} states solved, longest {longest}; every value verified");
    let placements = kriegspiel::krk::run::placements();
    let starts: Vec<u8> = placements
        .iter()
        .map(|&(wk, wr)| table.value(wk, wr, kriegspiel::krk::start_set(wk, wr)))
        .filter(|&v| v != kriegspiel::krk::solver::UNSOLVED)
        .collect();
    println!(
        "{} of {} starts solved, worst {}",
        starts.len(),
        placements.len(),
        kriegspiel::wording::count(
            usize::from(starts.iter().copied().max().unwrap_or(0)),
            "move",
            "moves"
        )
    );
    if let Some(out) = args.out {
        kriegspiel::save::write_atomic(&out, &table.to_compressed())
            .map_err(|e| Stop::failed(format!("cannot write {}: {e}", out.display())))?;
        println!("wrote {}", out.display());
    }
    Ok(())
}

/// `kriegspiel kbb-table`: solve (and write) or check the two-bishop strategy.
pub fn kbb_table(args: KbbTableArgs) -> Outcome {
    use kriegspiel::kbb::{Meta, SHIPPED, Strategy, solve::solve};
    let built;
    let strategy = if args.check {
        Strategy::get().map_err(Stop::failed)?
    } else {
        built = solve(Meta::formation(), SHIPPED, &mut |line| eprintln!("{line}"))
            .ok_or_else(|| Stop::failed("the formation is not solved"))?;
        built.verify().map_err(Stop::failed)?;
        &built
    };
    let moves = strategy.formation().map_or(0, |e| e.moves);
    println!(
        "{} states; mate within {} from king b4, bishops b3 and c3; proven",
        strategy.len(),
        kriegspiel::wording::count(usize::from(moves), "move", "moves")
    );
    if let Some(out) = args.out {
        kriegspiel::save::write_atomic(&out, &strategy.to_compressed())
            .map_err(|e| Stop::failed(format!("cannot write {}: {e}", out.display())))?;
        println!("wrote {}", out.display());
    }
    Ok(())
}

/// Prints `progress` on the standard error every 5 s until the search is done (the solver holds
/// the other reference).
fn watch(progress: std::sync::Arc<kriegspiel::problem::Progress>) {
    let started = std::time::Instant::now();
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(std::time::Duration::from_secs(5));
            if std::sync::Arc::strong_count(&progress) < 2 {
                return;
            }
            eprintln!(
                "{:>5.0} s: {}",
                started.elapsed().as_secs_f64(),
                progress.read()
            );
        }
    });
}

/// `kriegspiel problem`: solves a problem file and prints the verdict (proven 0, refuted 1,
/// a bad file 2, out of time 3).
pub fn problem(args: ProblemArgs) -> Outcome {
    use kriegspiel::problem::{Problem, ProblemError, Verdict};
    // The deadline covers everything from here (a limit too far to count is none).
    let deadline = args
        .max_seconds
        .and_then(|limit| std::time::Instant::now().checked_add(limit));
    if args.list {
        for p in kriegspiel::places::problems() {
            let title = Problem::parse(p.text)
                .map(|q| format!("{}: {} (mate in {})", q.author, q.title, q.mate_in))
                .unwrap_or_default();
            println!("{:<24} {title}", p.name);
        }
        return Ok(());
    }
    let Some(file) = args.file else {
        return Err(Stop::bad_input("name a problem file, or --list".to_owned()));
    };
    // A file, or else a shipped problem of that name.
    let shipped = kriegspiel::places::problem(&file.to_string_lossy()).filter(|_| !file.exists());
    let loaded = match shipped {
        Some(p) => Problem::parse(p.text),
        None => Problem::load(&file),
    };
    if let Some(tree) = &args.check {
        let p = loaded.map_err(|e| Stop::bad_input(format!("{}: {e}", file.display())))?;
        return check_tree(&p, tree);
    }
    let save_tree = args.save_tree.clone();
    let report = loaded.and_then(|p| {
        let belief = match p.belief_until(deadline) {
            Err(ProblemError::OutOfTime) => {
                return Ok(kriegspiel::problem::out_of_time_while_placing());
            }
            other => other?,
        };
        let solver = p.solver()?;
        println!("{} ({}, {})", p.title, p.author, p.source);
        println!(
            "{} mates in {} under {}; {} fit what is known",
            kriegspiel::wording::color_title(solver),
            p.mate_in,
            p.rules,
            kriegspiel::wording::count(belief.len(), "position", "positions")
        );
        let progress = args.progress.then(|| {
            let progress = std::sync::Arc::new(kriegspiel::problem::Progress::default());
            watch(progress.clone());
            progress
        });
        let memory = args.memory_mb.and_then(|mb| usize::try_from(mb).ok());
        let search = match args.search.as_deref() {
            Some("pn") => kriegspiel::problem::Search::Pn,
            Some("depth") => kriegspiel::problem::Search::Depth,
            _ => p.default_search(),
        };
        let proof = p.prove_from(belief, deadline, progress, args.key_first, memory, search)?;
        if let (Some(path), Some(s)) = (&save_tree, &proof.strategy) {
            match kriegspiel::problem::save_tree(&p, s, path) {
                Ok(()) => eprintln!("The strategy tree is in {}.", path.display()),
                Err(e) => eprintln!("The strategy tree was not written: {e}"),
            }
        }
        Ok((proof.verdict, proof.report))
    });
    let (verdict, text) =
        report.map_err(|e| Stop::bad_input(format!("{}: {e}", file.display())))?;
    println!("{text}");
    match verdict {
        Verdict::Proven => Ok(()),
        Verdict::Refuted => Err(Stop::Refuted),
        Verdict::Undecided => Err(Stop::OutOfTime),
    }
}
