//! Issue 60: a problem searched along its published line (proof numbers, each move of the line
//! alone first at its turn), turns of few positions probed depth-first, and Rotenberg's mate in
//! 15 proven, its tree played out against the referee.

use kriegspiel::problem::{Outcome, Problem, Search, Solver};
use std::path::Path;
use std::time::Duration;

fn shipped(name: &str) -> Problem {
    Problem::load(Path::new(&format!("assets/problems/{name}.ron"))).expect("loads")
}

/// The first machine proof of Rotenberg's mate in 15 (Fiedler-50, 2009): along the published
/// line, one worker, with a deadline (without the line the search is still undecided after ten
/// minutes, so this fails rather than hangs). The tree mates in every one of the 30 placements
/// and holds the author's main line and both of its endings; it is the proof that ships.
#[test]
fn rotenbergs_mate_in_15_is_proven_along_its_published_line() {
    let p = shipped("rotenberg-2009-fiedler50");
    assert_eq!(p.default_search(), Search::Pn);
    let mut solver = Solver::new(p.solver().expect("side"), Some(Duration::from_secs(300)))
        .search(Search::Pn)
        .line(&p.line);
    let Outcome::Proven { depth, strategy } =
        solver.solve(p.belief().expect("positions"), p.mate_in)
    else {
        panic!("the mate in 15 is not proven: {:?}", solver.stats);
    };
    assert_eq!(depth, 15);
    assert!(
        strategy.key_line().starts_with("Re6"),
        "{}",
        strategy.key_line()
    );
    let checked = p.check(&strategy).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(checked.positions, 30);
    assert!(checked.longest == 15 && checked.mates > 100, "{checked:?}");
    let tree = strategy.to_string();
    for step in [
        "2. Ne1",
        "3. Nd3",
        "4. Re8",
        "12. Rb5",
        "13. Rb1",
        "15. Kxf2#",
        "15. Rxh2#",
    ] {
        assert!(tree.contains(step), "{step} missing from\n{tree}");
    }
    assert!(solver.stats.on_line >= 10, "{:?}", solver.stats);
    assert!(solver.stats.probes > 0, "{:?}", solver.stats);
    // One worker searches the same way each time: the proof that ships is this one.
    let (mate_in, shipped) =
        kriegspiel::problem::load_tree(Path::new("assets/proofs/rotenberg-2009-fiedler50.ron"))
            .expect("the shipped proof");
    assert_eq!(mate_in, 15);
    assert!(
        shipped == *strategy,
        "the shipped proof is not the one found"
    );
}

/// The proof that ships (`assets/proofs`, written by `--save-tree`) checks again in an instant
/// with `kriegspiel problem rotenberg-2009-fiedler50 --check`.
#[test]
fn the_shipped_proof_of_the_mate_in_15_checks() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args([
            "problem",
            "rotenberg-2009-fiedler50",
            "--check",
            "assets/proofs/rotenberg-2009-fiedler50.ron",
        ])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(
        stdout.contains("mate in at most 15 against all 30 positions")
            && stdout.contains("Key: Re6"),
        "{stdout}"
    );
}

/// A line whose first move fails is searched first and given up where it is refuted: the
/// problem is proven as without it (Anderson's no. 18, key Kh2, with a line starting Kf1 and
/// a move no position has); the right key as its line is searched alone first. (Proof numbers
/// to the last move: by default a mate in 3 is searched depth-first, without the line.)
#[test]
fn a_wrong_line_is_given_up_and_the_problem_still_proven() {
    let p = shipped("anderson-1958-no18");
    let solve = |line: &[&str]| {
        let line: Vec<String> = line.iter().map(|m| (*m).to_owned()).collect();
        let mut solver = Solver::new(p.solver().expect("side"), None)
            .search(Search::Pn)
            .pn_leaf(1)
            .line(&line);
        let Outcome::Proven { depth, strategy } =
            solver.solve(p.belief().expect("positions"), p.mate_in)
        else {
            panic!("{line:?}: not proven");
        };
        assert!(depth <= p.mate_in);
        p.check(&strategy)
            .unwrap_or_else(|e| panic!("{line:?}: {e}"));
        (strategy.key_line(), solver.stats.on_line)
    };
    let (plain, none) = solve(&[]);
    assert_eq!(none, 0);
    let (wrong, searched) = solve(&["Kf1", "Zz9"]);
    assert_eq!(wrong, plain);
    assert!(wrong.starts_with("Kh2"), "{wrong}");
    assert!(searched >= 1, "the line's move was not searched first");
    let (right, searched) = solve(&["Kh2"]);
    assert!(right.starts_with("Kh2") && searched >= 1, "{right}");
}

/// Turns of few positions go to the depth-first search on a budget first: with the probe from
/// two moves left and proof numbers to the last move, the shipped mates in 3 are proven through
/// probes, and every tree plays out against the referee.
#[test]
fn turns_of_few_positions_are_probed_depth_first() {
    let mut probes = 0;
    for entry in std::fs::read_dir("assets/problems").expect("the problems folder") {
        let path = entry.expect("entry").path();
        let p = Problem::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if p.mate_in != 3 {
            continue;
        }
        let mut solver = Solver::new(p.solver().expect("side"), None)
            .material_mates(p.material_mates)
            .search(Search::Pn)
            .pn_leaf(1)
            .probe_depth(2);
        let Outcome::Proven { depth, strategy } =
            solver.solve(p.belief().expect("positions"), p.mate_in)
        else {
            panic!("{}: not proven", path.display());
        };
        let checked = p
            .check(&strategy)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(checked.longest <= depth);
        probes += solver.stats.probes;
    }
    assert!(probes > 0, "no turn was probed");
}
