//! `kriegspiel bench --only problems`: every problem that ships with the program solved in turn,
//! each with its verdict, its key, the published key, the nodes searched and the time (the
//! figures behind issue 32's targets; Rotenberg's mates in 8 and 15 are the ones that take
//! seconds), then Rotenberg's two by each search.

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
    // Rotenberg's mates in 8 and 15 by each search (issue 60: proof numbers against
    // depth-first, along the published line and without it).
    for name in ["rotenberg-1976", "rotenberg-2009-fiedler50"] {
        let Some(p) = crate::places::problem(name).and_then(|s| Problem::parse(s.text).ok()) else {
            continue;
        };
        let bare = Problem {
            line: Vec::new(),
            ..p.clone()
        };
        let ways = [
            ("depth", Search::Depth, &bare),
            ("pn, no line", Search::Pn, &bare),
            ("pn, line", Search::Pn, &p),
        ];
        for (way, search, problem) in ways {
            // Without its line the mate in 15 is not proven in any budget a bench can give.
            if name != "rotenberg-1976" && problem.line.is_empty() {
                continue;
            }
            let started = Instant::now();
            let deadline = Instant::now().checked_add(limit);
            let line = problem
                .belief_until(deadline)
                .and_then(|b| problem.prove_from(b, deadline, None, false, None, search))
                .map_or_else(
                    |e| e.to_string(),
                    |proof| proof.report.lines().last().unwrap_or_default().to_owned(),
                );
            println!(
                "{name} by {way:<11} {:.3} s; {line}",
                started.elapsed().as_secs_f64()
            );
        }
    }
}
