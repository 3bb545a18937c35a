//! Kriegspiel problems (issue 17): the shipped files load, and the solver proves (or refutes)
//! quick stipulations with the strategy the published solutions give.

use kriegspiel::problem::{Outcome, Problem, Solver, Squares, Uncertain};
use shakmaty::Color;

fn rotenberg() -> Problem {
    Problem::load(std::path::Path::new("assets/problems/rotenberg-1976.ron")).expect("loads")
}

#[test]
fn every_shipped_problem_loads_and_fits_some_position() {
    let mut n = 0;
    for entry in std::fs::read_dir("assets/problems").expect("the problems folder") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "ron") {
            let p = Problem::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let belief = p
                .belief()
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(!belief.is_empty());
            assert!(
                !p.author.is_empty() && !p.source.is_empty(),
                "{}",
                path.display()
            );
            n += 1;
        }
    }
    assert!(n >= 1);
}

#[test]
fn rotenbergs_bishop_stands_on_any_free_dark_square() {
    let belief = rotenberg().belief().expect("positions");
    // 32 dark squares, f6 and h2 taken by the known units.
    assert_eq!(belief.len(), 30);
}

/// The refusal branch of Rotenberg's key: with the bishop on b2, d2 or f2, Nf2 mates at once.
#[test]
fn the_refusal_branch_is_a_mate_in_one() {
    let p = Problem {
        uncertain: vec![Uncertain::new(
            'b',
            Squares::List(vec!["b2".into(), "d2".into(), "f2".into()]),
        )],
        mate_in: 1,
        ..rotenberg()
    };
    let mut solver = Solver::new(Color::White, None);
    match solver.solve(p.belief().expect("positions"), 1) {
        Outcome::Proven { depth, strategy } => {
            assert_eq!(depth, 1);
            assert!(
                strategy.key_line().starts_with("Nxf2#") || strategy.key_line().starts_with("Nf2"),
                "{}",
                strategy.key_line()
            );
        }
        other => panic!("not proven: {other:?}"),
    }
}

/// Against every dark square no mate in 2 exists: the solver says so, with a placement that
/// defeats it even when known.
#[test]
fn rotenberg_in_two_is_refuted() {
    let p = Problem {
        mate_in: 2,
        ..rotenberg()
    };
    let mut solver = Solver::new(Color::White, None);
    assert!(matches!(
        solver.solve(p.belief().expect("positions"), 2),
        Outcome::Refuted { .. }
    ));
}

/// Rotenberg's mate in 8 (issue 17's target, about 20 s in an optimized build): the key 1.Rg2,
/// and 1.Nf2# when the referee refuses it; the mate never takes more than eight moves.
#[test]
fn rotenbergs_mate_in_8_is_proven_with_the_published_key() {
    let p = rotenberg();
    let mut solver = Solver::new(Color::White, None);
    match solver.solve(p.belief().expect("positions"), p.mate_in) {
        Outcome::Proven { depth, strategy } => {
            assert_eq!(depth, 8);
            assert_eq!(strategy.key_line(), "Rg2 sor Nf2#");
            let tree = strategy.to_string();
            assert!(tree.contains("2. Rg8"), "{tree}");
            assert!(
                tree.contains("8. Kxf2#") && tree.contains("8. Rxh2#"),
                "{tree}"
            );
        }
        other => panic!("not proven: {other:?}"),
    }
}

/// `kriegspiel problem`: 1 when refuted (with the stats), 2 on a bad file.
#[test]
fn the_problem_command_reports_through_its_exit_status() {
    let dir = std::env::temp_dir().join(format!("kriegspiel-problem-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(title: 1)").expect("write");
    let run = |path: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
            .arg("problem")
            .arg(path)
            .output()
            .expect("runs")
    };
    let out = run(&bad);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a problem file"));
    let short = dir.join("short.ron");
    // Its line (8 moves) is longer than the new stipulation allows: left out.
    let text: String = std::fs::read_to_string("assets/problems/rotenberg-1976.ron")
        .expect("read")
        .replace("mate_in: 8", "mate_in: 2")
        .lines()
        .filter(|l| !l.trim_start().starts_with("line:"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&short, text).expect("write");
    let out = run(&short);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("Refuted") && stdout.contains("nodes"),
        "{stdout}"
    );
}

/// Every shipped problem but Rotenberg's long ones (tested above, and by `bench --only
/// problems`) is proven within its stipulation, with the key its source publishes. Among them
/// are mates in 3 to 6 of Anderson's that the solver refuted before an attempt refused in one
/// placement went on there as a question (nos. 18-20, 24, 25, 30, 35, 40).
#[test]
fn the_quick_shipped_problems_are_proven_with_their_published_keys() {
    let bare = |san: &str| san.replace(['x', '+', '#', '!'], "");
    let mut n = 0;
    for entry in std::fs::read_dir("assets/problems").expect("the problems folder") {
        let path = entry.expect("entry").path();
        let p = Problem::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if p.mate_in > 6 {
            continue;
        }
        assert!(!p.key.is_empty(), "{}: no published key", path.display());
        let mut solver =
            Solver::new(p.solver().expect("side"), None).material_mates(p.material_mates);
        match solver.solve(p.belief().expect("positions"), p.mate_in) {
            Outcome::Proven { depth, strategy } => {
                assert!(depth <= p.mate_in, "{}", path.display());
                assert_eq!(bare(&strategy.san), bare(&p.key), "{}", path.display());
            }
            other => panic!("{}: not proven: {other:?}", path.display()),
        }
        n += 1;
    }
    assert!(n >= 40, "at least forty quick problems ship, not {n}");
}

/// Berkeley's material checkmates, when a problem turns them on: taking Black's last unit with
/// the king beside the rook ends the problem (otherwise no mate in 1 exists).
#[test]
fn a_material_checkmate_counts_only_where_the_problem_says_so() {
    let text = r#"(title: "t", author: "test", source: "test", rules: "berkeley",
        known: "7k/8/8/8/8/8/1n6/RK6 w - - 0 1", mate_in: 1, material_mates: true)"#;
    let p = Problem::parse(text).expect("parses");
    let mut solver = Solver::new(Color::White, None).material_mates(true);
    match solver.solve(p.belief().expect("positions"), 1) {
        Outcome::Proven { strategy, .. } => assert_eq!(strategy.key_line(), "Kxb2#"),
        other => panic!("not proven: {other:?}"),
    }
    let mut plain = Solver::new(Color::White, None);
    assert!(matches!(
        plain.solve(p.belief().expect("positions"), 1),
        Outcome::Refuted { .. }
    ));
    assert!(kriegspiel::problem::material_mate(
        &"8/7k/8/8/8/8/1K6/R7"
            .parse::<shakmaty::fen::Fen>()
            .expect("fen")
            .into_setup()
            .board,
        Color::White
    ));
    assert!(!kriegspiel::problem::material_mate(
        &"8/7k/8/8/8/8/1K6/N7"
            .parse::<shakmaty::fen::Fen>()
            .expect("fen")
            .into_setup()
            .board,
        Color::White
    ));
}

fn shipped(name: &str) -> Problem {
    Problem::parse(kriegspiel::places::problem(name).expect("shipped").text).expect("parses")
}

/// Issue 32's small case: a key that works by being refused ("Rxa5 sor Rxa6 sor Rxa7" in
/// Foster's position). An attempt refused in a placement goes on there as a question; it used
/// to be read as a failure, and the problem as refuted.
#[test]
fn an_attempt_refused_in_a_placement_goes_on_as_a_question() {
    let text = r#"(title: "sor", author: "test", source: "issue 32", rules: "berkeley",
        known: "R7/5PP1/1B4KP/1N6/1Q2B1P1/6P1/P1N2P1P/3R4 w - - 0 1",
        uncertain: [(piece: 'k', squares: List(["e2", "h3"])),
                    (piece: 'p', squares: List(["a5", "a6", "a7"]))],
        mate_in: 2)"#;
    let p = Problem::parse(text).expect("parses");
    assert_eq!(p.belief().expect("positions").len(), 6);
    let mut solver = Solver::new(Color::White, None);
    match solver.solve(p.belief().expect("positions"), 2) {
        Outcome::Proven { depth, strategy } => {
            assert_eq!(depth, 2);
            assert!(strategy.refused.is_some(), "{}", strategy.key_line());
        }
        other => panic!("not proven: {other:?}"),
    }
}

/// Foster (Variant Chess 1996): a black pawn on a3-a7, or none; the published key and its
/// refusal chain.
#[test]
fn a_unit_that_may_be_absent_is_placed_and_left_out() {
    let p = shipped("foster-1996");
    assert!(p.uncertain.iter().any(|u| u.optional));
    let belief = p.belief().expect("positions");
    // Kings on five squares, the pawn on five or nowhere; the illegal ones drop out.
    assert_eq!(belief.len(), 25);
    assert!(
        belief
            .iter()
            .any(|r| r.true_board().pawns() & r.true_board().black() == shakmaty::Bitboard::EMPTY)
    );
    let mut solver = Solver::new(Color::White, None);
    match solver.solve(belief, p.mate_in) {
        Outcome::Proven { strategy, .. } => {
            assert_eq!(strategy.key_line(), "Ra4 sor Ra5 sor Ra6 sor Ra7")
        }
        other => panic!("not proven: {other:?}"),
    }
}

/// Anderson no. 1: a black queen, rook, bishop or knight on e1. Fixed as a queen the problem
/// is a mate in one (Bc2#), which a knight refutes (Nxc2); the unit of unknown type needs the
/// published 1.Ra1+.
#[test]
fn a_unit_of_unknown_type_is_every_type_it_may_be() {
    let p = shipped("anderson-1958-no01");
    assert_eq!(p.belief().expect("positions").len(), 4);
    let mut solver = Solver::new(Color::White, None);
    match solver.solve(p.belief().expect("positions"), p.mate_in) {
        Outcome::Proven { strategy, .. } => assert_eq!(strategy.san, "Ra1"),
        other => panic!("not proven: {other:?}"),
    }
    let as_queen = Problem {
        uncertain: vec![Uncertain::new('q', Squares::List(vec!["e1".into()]))],
        mate_in: 1,
        ..p.clone()
    };
    let mut solver = Solver::new(Color::White, None);
    match solver.solve(as_queen.belief().expect("positions"), 1) {
        Outcome::Proven { strategy, .. } => assert_eq!(strategy.key_line(), "Bc2#"),
        other => panic!("not proven: {other:?}"),
    }
    let unknown_in_one = Problem { mate_in: 1, ..p };
    let mut solver = Solver::new(Color::White, None);
    assert!(matches!(
        solver.solve(unknown_in_one.belief().expect("positions"), 1),
        Outcome::Refuted { .. }
    ));
}

/// Roche (Rex Multiplex 1986): the key is "Are there any?", printed like a move, each answer
/// with its own continuation.
#[test]
fn a_question_is_a_move_of_the_solver() {
    let p = shipped("roche-1986-any");
    let mut solver = Solver::new(Color::White, None);
    match solver.solve(p.belief().expect("positions"), p.mate_in) {
        Outcome::Proven { strategy, .. } => {
            assert_eq!(strategy.key_line(), "Any?");
            let tree = strategy.to_string();
            assert!(tree.starts_with("1. Any?\n"), "{tree}");
            assert!(tree.contains("No.") && tree.contains("Try"), "{tree}");
            assert!(tree.contains("1. g8=R"), "{tree}");
        }
        other => panic!("not proven: {other:?}"),
    }
    // Under rules without the question there is no mate in 2.
    let wild = Problem {
        rules: "wild16".into(),
        ..p
    };
    let mut solver = Solver::new(Color::White, None);
    assert!(!matches!(
        solver.solve(wild.belief().expect("positions"), 2),
        Outcome::Proven { .. }
    ));
}

/// A table far smaller than the search: it is trimmed again and again, and a proof still comes
/// (not always with the same key: what the table forgot changes the order of the search).
#[test]
fn a_bounded_table_still_proves() {
    let p = shipped("anderson-1958-no40");
    let mut solver = Solver::new(Color::White, None).table_limit(2048);
    match solver.solve(p.belief().expect("positions"), p.mate_in) {
        Outcome::Proven { depth, .. } => assert!(depth <= p.mate_in),
        other => panic!("not proven: {other:?}"),
    }
    assert!(solver.stats.trims > 0, "{:?}", solver.stats);
}

/// A memory budget below what the process already holds (issue 60): the search reads its
/// resident memory, shrinks its tables and memo to the budget again and again, and a proof
/// still comes.
#[test]
fn a_memory_budget_shrinks_the_search_and_still_proves() {
    use kriegspiel::problem::Search;
    let p = shipped("anderson-1958-no40");
    let mut solver = Solver::new(Color::White, None)
        .search(Search::Pn)
        .memory(16_000_000);
    match solver.solve(p.belief().expect("positions"), p.mate_in) {
        Outcome::Proven { depth, .. } => assert!(depth <= p.mate_in),
        other => panic!("not proven: {other:?}"),
    }
    if cfg!(target_os = "linux") {
        assert!(solver.stats.squeezes > 0, "{:?}", solver.stats);
    }
}

/// A budget far below what the process holds, by proof numbers down to the last move: the
/// search still ends at its deadline (its memo once shrank to nothing and it searched the same
/// nodes again and again, long past it).
#[test]
fn a_search_squeezed_to_nothing_still_ends_at_its_deadline() {
    use kriegspiel::problem::Search;
    let p = shipped("anderson-1958-no40");
    let mut solver = Solver::new(Color::White, Some(std::time::Duration::from_millis(1500)))
        .search(Search::Pn)
        .pn_leaf(1)
        .memory(1_000_000);
    match solver.solve(p.belief().expect("positions"), p.mate_in) {
        Outcome::Proven { depth, .. } => assert!(depth <= p.mate_in),
        Outcome::Unknown => {}
        other => panic!("refuted: {other:?}"),
    }
}

/// The progress is read while the solver works, and a stop asked ends the search as out of
/// time.
#[test]
fn progress_is_shared_and_a_stop_is_heard() {
    use kriegspiel::problem::Progress;
    use std::sync::Arc;
    let p = rotenberg();
    let progress = Arc::new(Progress::default());
    let mut solver = Solver::new(Color::White, None).progress(progress.clone());
    let watcher = progress.clone();
    let stopper = std::thread::spawn(move || {
        while watcher.read().first_moves == 0 {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let seen = watcher.read();
        watcher.stop();
        seen
    });
    let outcome = solver.solve(p.belief().expect("positions"), p.mate_in);
    let seen = stopper.join().expect("the watcher");
    assert!(matches!(outcome, Outcome::Unknown), "{outcome:?}");
    assert!(seen.nodes > 0 && seen.first_moves > 0, "{seen:?}");
    assert!(seen.to_string().contains("positions searched"), "{seen}");
}

/// Two workers sharing the tables (as the app and `kriegspiel problem` search on a machine with
/// two cores) give every quick shipped problem the same verdict and key as one worker, a
/// refutation stays a refutation, and a stop still ends the search.
#[test]
fn two_workers_agree_with_one() {
    let bare = |san: &str| san.replace(['x', '+', '#', '!'], "");
    for entry in std::fs::read_dir("assets/problems").expect("the problems folder") {
        let path = entry.expect("entry").path();
        let p = Problem::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if p.mate_in > 6 {
            continue;
        }
        let mut solver = Solver::new(p.solver().expect("side"), None)
            .material_mates(p.material_mates)
            .threads(2);
        match solver.solve(p.belief().expect("positions"), p.mate_in) {
            Outcome::Proven { depth, strategy } => {
                assert!(depth <= p.mate_in, "{}", path.display());
                assert_eq!(bare(&strategy.san), bare(&p.key), "{}", path.display());
            }
            other => panic!("{}: not proven by two workers: {other:?}", path.display()),
        }
    }
    let p = Problem {
        mate_in: 2,
        ..rotenberg()
    };
    let mut solver = Solver::new(Color::White, None).threads(2);
    assert!(matches!(
        solver.solve(p.belief().expect("positions"), 2),
        Outcome::Refuted { .. }
    ));
    let progress = std::sync::Arc::new(kriegspiel::problem::Progress::default());
    progress.stop();
    let mut solver = Solver::new(Color::White, None)
        .threads(2)
        .progress(progress);
    let p = rotenberg();
    assert!(matches!(
        solver.solve(p.belief().expect("positions"), p.mate_in),
        Outcome::Unknown
    ));
}

/// Issue 60: the proof-number search proves the small shipped problems, and every branch of
/// each strategy tree it gives is played out against the referee, in every placement and after
/// every reply ([`Problem::check`]); so is the depth-first search's tree. A tree with a branch
/// cut off fails the check, with the line where it fails.
#[test]
fn proof_trees_are_replayed_against_the_referee() {
    use kriegspiel::problem::{After, CheckError, Search};
    let (mut n, mut refuted_alone, mut replies_known) = (0, 0, 0);
    for entry in std::fs::read_dir("assets/problems").expect("the problems folder") {
        let path = entry.expect("entry").path();
        let p = Problem::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if p.mate_in > 3 {
            continue;
        }
        for search in [Search::Pn, Search::Depth] {
            // Proof numbers down to the last move, so that the small problems use them.
            let mut solver = Solver::new(p.solver().expect("side"), None)
                .material_mates(p.material_mates)
                .search(search)
                .pn_leaf(1);
            let Outcome::Proven { depth, strategy } =
                solver.solve(p.belief().expect("positions"), p.mate_in)
            else {
                panic!("{}: not proven by {search:?}", path.display());
            };
            let checked = p
                .check(&strategy)
                .unwrap_or_else(|e| panic!("{} ({search:?}): {e}\n{strategy}", path.display()));
            assert!(checked.longest <= depth, "{}", path.display());
            assert!(checked.mates > 0 && checked.positions > 0);
            refuted_alone += solver.stats.refuted_alone;
            replies_known += solver.stats.replies_known;
        }
        n += 1;
    }
    assert!(n >= 15, "at least fifteen small problems ship, not {n}");
    // Proof-number turns near the leaves are refuted by a lone position first, as the
    // depth-first search's are.
    assert!(refuted_alone > 0);
    // Its attempts take the opponent's turns the replies table has decided from there, as the
    // depth-first search's do, instead of branching them again.
    assert!(replies_known > 0);
    // Rotenberg's mate in 8 cut to its refusal branch: 1.Rg2, if refused 1.Nf2#.
    let p = Problem {
        mate_in: 1,
        uncertain: vec![Uncertain::new(
            'b',
            Squares::List(vec!["b2".into(), "d2".into(), "f2".into()]),
        )],
        ..rotenberg()
    };
    let mut solver = Solver::new(Color::White, None).search(Search::Pn);
    let Outcome::Proven { strategy, .. } = solver.solve(p.belief().expect("positions"), 1) else {
        panic!("the refusal branch is a mate in one");
    };
    assert!(p.check(&strategy).is_ok());
    // The same tree with its mate's answer taken away fails, and says where.
    let mut cut = strategy.as_ref().clone();
    cut.answers.retain(|a| a.then != After::Mate);
    match p.check(&cut) {
        Err(CheckError::Fails { why, .. }) => assert!(why.contains("no answer"), "{why}"),
        other => panic!("a cut tree passed: {other:?}"),
    }
}

/// `--save-tree` writes the proof, `--check` plays it out again without a search (status 0),
/// a tree of another problem fails (status 1) and a broken file is bad input (status 2).
#[test]
fn a_saved_tree_is_checked_again() {
    let dir = std::env::temp_dir().join(format!("kriegspiel-tree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
            .arg("problem")
            .args(args)
            .output()
            .expect("runs")
    };
    let tree = dir.join("tree.ron");
    let tree_arg = tree.to_str().expect("a path");
    let out = run(&["swart-1034", "--search", "pn", "--save-tree", tree_arg]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let out = run(&["swart-1034", "--check", tree_arg]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("The tree solves"), "{stdout}");
    let out = run(&["anderson-1958-no01", "--check", tree_arg]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("does not solve"));
    let broken = dir.join("broken.ron");
    for text in [
        "(problem: 1)",
        "\u{0}\u{1}",
        "(problem: \"\", mate_in: 2, tree: (act: \"a1a1a1\", san: \"\"))",
    ] {
        std::fs::write(&broken, text).expect("write");
        let out = run(&["swart-1034", "--check", broken.to_str().expect("a path")]);
        assert_eq!(out.status.code(), Some(2), "{text}: {out:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("broken.ron"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A proof of a belief answers for its parts and a refutation for the beliefs that hold it
/// (issue 60), and so for the opponent's turns from fewer and more positions: on the small
/// shipped problems the solver takes such answers from its tables, and proves each problem as
/// it does without them, with a tree that plays out against the referee.
#[test]
fn a_larger_beliefs_proof_and_a_smaller_ones_refutation_are_used() {
    use kriegspiel::problem::Search;
    let (mut proofs, mut refutations, mut replies_refuted) = (0, 0, 0);
    for entry in std::fs::read_dir("assets/problems").expect("the problems folder") {
        let path = entry.expect("entry").path();
        let p = Problem::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if p.mate_in > 4 {
            continue;
        }
        let mut depths = Vec::new();
        for (subsume, search) in [
            (true, Search::Pn),
            (true, Search::Depth),
            (false, Search::Depth),
        ] {
            let mut solver = Solver::new(p.solver().expect("side"), None)
                .material_mates(p.material_mates)
                .search(search)
                .pn_leaf(2)
                .subsume(subsume);
            let Outcome::Proven { depth, strategy } =
                solver.solve(p.belief().expect("positions"), p.mate_in)
            else {
                panic!("{}: not proven ({subsume}, {search:?})", path.display());
            };
            p.check(&strategy)
                .unwrap_or_else(|e| panic!("{}: {e}\n{strategy}", path.display()));
            let (by_proof, by_refutation) = solver.subsumed();
            let (replies_by_proof, replies_by_refutation) = solver.replies_subsumed();
            if subsume {
                (proofs, refutations) = (proofs + by_proof, refutations + by_refutation);
                replies_refuted += replies_by_refutation;
            } else {
                let all = (
                    by_proof,
                    by_refutation,
                    replies_by_proof,
                    replies_by_refutation,
                );
                assert_eq!(all, (0, 0, 0, 0), "{}", path.display());
            }
            depths.push(depth);
        }
        assert!(depths.iter().all(|d| *d == depths[0]), "{}", path.display());
    }
    assert!(proofs > 0 && refutations > 0, "{proofs} {refutations}");
    // The opponent's turns too: those from fewer positions refuted answer for more.
    assert!(replies_refuted > 0, "{replies_refuted}");
}
