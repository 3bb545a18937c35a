//! `kriegspiel bench --only problems`: every problem that ships with the program solved in turn,
//! each with its verdict, its key, the published key, the nodes searched and the time (the
//! figures behind issue 32's targets; Rotenberg's mate in 8 is the one that takes seconds).

use crate::problem::{Problem, Search, Verdict};
use std::time::{Duration, Instant};

/// Solves every shipped problem with at most `limit` each and prints a line for each.
pub fn run(limit: Duration) {
    let mut total = Duration::ZERO;
    for shipped in crate::places::problems() {
        let Ok(problem) = Problem::parse(shipped.text) else {
            println!("{:<28} not a problem file", shipped.name);
            continue;
        };
        let started = Instant::now();
        let deadline = Instant::now().checked_add(limit);
        let proof = problem.prove(deadline, None, false);
        let took = started.elapsed();
        total += took;
        let (verdict, key) = match &proof {
            Ok(p) => (
                match p.verdict {
                    Verdict::Proven => "proven",
                    Verdict::Refuted => "refuted",
                    Verdict::Undecided => "undecided",
                },
                p.strategy
                    .as_ref()
                    .map_or_else(String::new, |s| s.key_line()),
            ),
            Err(_) => ("bad file", String::new()),
        };
        let nodes = proof
            .as_ref()
            .ok()
            .and_then(|p| p.report.lines().last().map(str::to_owned))
            .unwrap_or_default();
        println!(
            "{:<28} mate in {:<2} {:<9} key {:<28} (published {:<6}) {:.3} s; {nodes}",
            shipped.name,
            problem.mate_in,
            verdict,
            key,
            problem.key,
            took.as_secs_f64()
        );
    }
    println!("all problems: {:.2} s", total.as_secs_f64());
    // Rotenberg's mate in 8 by each search (issue 60: proof numbers against depth-first).
    if let Some(p) =
        crate::places::problem("rotenberg-1976").and_then(|s| Problem::parse(s.text).ok())
    {
        for (name, search) in [("depth", Search::Depth), ("pn", Search::Pn)] {
            let started = Instant::now();
            let deadline = Instant::now().checked_add(limit);
            let line = p
                .belief_until(deadline)
                .and_then(|b| p.prove_from(b, deadline, None, false, None, search))
                .map_or_else(
                    |e| e.to_string(),
                    |proof| proof.report.lines().last().unwrap_or_default().to_owned(),
                );
            println!(
                "rotenberg-1976 by {name:<5} {:.3} s; {line}",
                started.elapsed().as_secs_f64()
            );
        }
    }
}
