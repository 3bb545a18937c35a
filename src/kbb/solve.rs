//! Solving the game of [`super`] from one start: every state the start can reach, then the
//! fewest moves to mate for each by value iteration (a refusal costs no move and leaves a
//! smaller set, a legal attempt costs one), then the strategy: from the start, one best
//! attempt per state, kept for the states it reaches.

use super::{Meta, Outcome, Strategy, store::Entry};
use std::collections::HashMap;

/// No state.
const NONE: u32 = u32::MAX;
/// Not solved.
const UNSOLVED: u32 = u32::MAX;

/// One safe attempt of a state, its answers as state indices.
#[derive(Copy, Clone)]
struct Edge {
    attempt: crate::attempt::Attempt,
    refused: u32,
    quiet: u32,
    check: u32,
    mates: bool,
}

/// The strategy from `start` (`None` when the start is not solved), with at most about `most`
/// entries, calling `progress` with what is done so far (a line of text) now and then.
pub fn solve(start: Meta, most: usize, progress: &mut dyn FnMut(&str)) -> Option<Strategy> {
    let started = std::time::Instant::now();
    let mut index: HashMap<Meta, u32> = HashMap::new();
    let mut states = vec![start];
    index.insert(start, 0);
    let mut first: Vec<u32> = Vec::new();
    let mut edges: Vec<Edge> = Vec::new();
    let mut id = |m: Option<Meta>, states: &mut Vec<Meta>| -> u32 {
        let Some(m) = m else { return NONE };
        *index.entry(m).or_insert_with(|| {
            states.push(m);
            (states.len() - 1) as u32
        })
    };
    let mut i = 0;
    while i < states.len() {
        first.push(edges.len() as u32);
        for (attempt, o) in states[i].outcomes() {
            let Outcome {
                refused,
                quiet,
                check,
                mates,
            } = o;
            edges.push(Edge {
                attempt,
                refused: id(refused, &mut states),
                quiet: id(quiet, &mut states),
                check: id(check, &mut states),
                mates,
            });
        }
        i += 1;
        if i % 1_000_000 == 0 {
            progress(&format!(
                "{i} states expanded, {} found ({:.0} s)",
                states.len(),
                started.elapsed().as_secs_f64()
            ));
        }
    }
    first.push(edges.len() as u32);
    progress(&format!(
        "{} states, {} attempts ({:.0} s)",
        states.len(),
        edges.len(),
        started.elapsed().as_secs_f64()
    ));
    let cost = |e: &Edge, value: &[u32]| -> u32 {
        let mut c = u32::from(e.mates);
        for (s, extra) in [(e.refused, 0), (e.quiet, 1), (e.check, 1)] {
            if s != NONE {
                let v = value[s as usize];
                if v == UNSOLVED {
                    return UNSOLVED;
                }
                c = c.max(v + extra);
            }
        }
        if c == 0 { UNSOLVED } else { c }
    };
    let mut value = vec![UNSOLVED; states.len()];
    let mut sweeps = 0;
    loop {
        let mut changed = false;
        // Later states are mostly nearer the mate: sweeping backwards settles them first.
        for s in (0..states.len()).rev() {
            let range = first[s] as usize..first[s + 1] as usize;
            let best = edges[range]
                .iter()
                .map(|e| cost(e, &value))
                .min()
                .unwrap_or(UNSOLVED);
            if best < value[s] {
                value[s] = best;
                changed = true;
            }
        }
        sweeps += 1;
        progress(&format!(
            "sweep {sweeps}: start {} ({:.0} s)",
            value[0],
            started.elapsed().as_secs_f64()
        ));
        if !changed {
            break;
        }
    }
    if value[0] == UNSOLVED {
        return None;
    }
    // The strategy: one best attempt per state it reaches, from the start, then from every
    // other solved state where the king may stand anywhere (a placement the bot may meet in
    // a game from elsewhere, with the king unknown), while the entries stay under `most`.
    let full = |m: &Meta| m.kings == Meta::start(m.king, m.light, m.dark).kings;
    let roots = std::iter::once(0)
        .chain((1..states.len()).filter(|&s| value[s] != UNSOLVED && full(&states[s])));
    let mut entries = Vec::new();
    let mut kept = vec![false; states.len()];
    for root in roots {
        let before = entries.len();
        let mut added = Vec::new();
        let mut stack = vec![root as u32];
        while let Some(s) = stack.pop() {
            let s = s as usize;
            if kept[s] {
                continue;
            }
            kept[s] = true;
            added.push(s);
            let range = first[s] as usize..first[s + 1] as usize;
            let e = edges[range].iter().find(|e| cost(e, &value) == value[s])?;
            entries.push(Entry {
                meta: states[s],
                attempt: e.attempt,
                moves: u8::try_from(value[s]).ok()?,
            });
            for next in [e.refused, e.quiet, e.check] {
                if next != NONE {
                    stack.push(next);
                }
            }
        }
        if entries.len() > most && root != 0 {
            // This root's tree does not fit: leave it out.
            entries.truncate(before);
            for s in added {
                kept[s] = false;
            }
        }
    }
    progress(&format!("{} states kept", entries.len()));
    Some(Strategy::new(entries))
}
