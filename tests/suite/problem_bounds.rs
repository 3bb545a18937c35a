//! The problem solver's bounds (issue 30): uncertain units are counted before they are placed
//! (too many is a clear error, status 2), the time limit covers placing them (status 3, "the time
//! ran out"), and no number of seconds, however large, small or absurd, panics (`problem
//! --max-seconds`, `bench --seconds`).

use kriegspiel::problem::{MAX_PLACEMENTS, Problem, ProblemError, Solver, Verdict};
use shakmaty::Color;
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_kriegspiel");
const FOUR: &str = "tests/data/problems/four-pawns-anywhere.ron";
const FIFTEEN: &str = "tests/data/problems/fifteen-pawns-anywhere.ron";

fn load(path: &str) -> Problem {
    Problem::load(Path::new(path)).expect("the problem loads")
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("the command runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn identical_pawns_are_placed_once_per_set_of_squares() {
    let four = load(FOUR);
    // 48 squares: the board less its first and last ranks (no pawn stands there).
    assert_eq!(four.placements(), Ok(194_580));
    let belief = four.belief().expect("the positions");
    assert_eq!(
        belief.len(),
        194_580,
        "each placement is legal and kept once"
    );
}

#[test]
fn too_many_placements_are_refused_before_any_is_made() {
    let fifteen = load(FIFTEEN);
    // 48 choose 15.
    assert_eq!(fifteen.placements(), Ok(1_093_260_079_344));
    let refused = fifteen.belief().map(|b| b.len());
    assert_eq!(refused, Err(ProblemError::TooMany(1_093_260_079_344)));
    let message = ProblemError::TooMany(1_093_260_079_344).to_string();
    assert_eq!(
        message,
        "the problem has 1,093,260,079,344 possible placements of its uncertain units; \
         at most 500,000 are supported"
    );
    assert_eq!(MAX_PLACEMENTS, 500_000);
}

#[test]
fn the_deadline_stops_the_placing_of_the_units() {
    let four = load(FOUR);
    let stopped = four.belief_until(Some(Instant::now())).map(|b| b.len());
    assert_eq!(stopped, Err(ProblemError::OutOfTime));
    let (verdict, report) = four.solve_report(Some(Duration::ZERO)).expect("a report");
    assert_eq!(verdict, Verdict::Undecided);
    assert!(
        report.starts_with("Undecided: the time ran out"),
        "{report}"
    );
}

#[test]
fn a_limit_too_long_to_count_is_no_limit() {
    let four = load(FOUR);
    let (verdict, report) = four.solve_report(Some(Duration::MAX)).expect("a report");
    assert_eq!(verdict, Verdict::Refuted, "{report}");
    let mut solver = Solver::new(Color::White, Some(Duration::MAX));
    let belief = load("assets/problems/rotenberg-1976.ron")
        .belief()
        .expect("the positions");
    // Mate in 1 is refuted at once, with no deadline to overflow.
    assert!(matches!(
        solver.solve(belief, 1),
        kriegspiel::problem::Outcome::Refuted { .. }
    ));
}

#[test]
fn the_command_refuses_too_many_placements_with_status_2() {
    let out = run(&["problem", FIFTEEN, "--max-seconds", "5"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("1,093,260,079,344 possible placements"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn the_command_runs_out_of_time_with_status_3() {
    let out = run(&["problem", FOUR, "--max-seconds", "0"]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("Undecided: the time ran out while placing the uncertain units"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn absurd_seconds_are_bad_input_and_huge_ones_no_limit() {
    for bad in ["NaN", "-1", "-inf", "soon", ""] {
        let cases: [&[&str]; 2] = [
            &["problem", FOUR, "--max-seconds", bad],
            &["bench", "--only", "in-process", "--seconds", bad],
        ];
        for args in cases {
            let out = run(args);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(text(&out.stderr).contains("seconds"), "{args:?} says why");
            assert!(!text(&out.stderr).contains("panicked"), "{args:?}");
        }
    }
    for huge in ["1e20", "inf", "1e308"] {
        let out = run(&["problem", FOUR, "--max-seconds", huge]);
        assert_eq!(out.status.code(), Some(1), "{huge}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains("Refuted"), "{huge}");
        let args = ["bench", "--only", "in-process", "--passes", "1"];
        let out = run(&[&args[..], &["--seconds", huge]].concat());
        assert_eq!(out.status.code(), Some(0), "{huge}: {}", text(&out.stderr));
    }
}

#[test]
fn the_memory_cap_is_checked_and_a_small_one_still_proves() {
    for bad in ["0", "15", "lots", "1e9"] {
        let out = run(&["problem", "anderson-1958-no03", "--memory-mb", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("memory-mb"), "{bad} says which");
    }
    let out = run(&["problem", "anderson-1958-no03", "--memory-mb", "16"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("Key: Qe7"),
        "{}",
        text(&out.stdout)
    );
}
