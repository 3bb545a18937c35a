//! What the proof-number search says of how it stands ([`super::pn`]): the first moves by their
//! numbers, for the progress and the report, and, when it is undecided, how far it got down the
//! line it searched first and which turns after it are still open.

use super::pn::{INF, act_key};
use super::pnexpand::{Expansion, Layout, Then};
use super::pnmemo::Numbers;
use super::{ANY, Solver};
use crate::problem::tree::Act;
use crate::referee::Referee;
use crate::view::san::own_san;

/// A number as the report shows it.
fn show(x: u32) -> String {
    if x >= INF {
        "∞".to_owned()
    } else {
        x.to_string()
    }
}

/// The solver's move a turn of the report is: its number (the first move is 1 with `first`
/// moves left), the moves left, and "again" when the last attempt was refused.
fn move_label(first: u8, depth: u8, refused: bool) -> String {
    let number = first.saturating_sub(depth) + 1;
    let again = if refused { " again" } else { "" };
    format!("move {number}{again} ({depth} left)")
}

/// An attempt in SAN (or "Any?").
fn act_san(belief: &[Referee], act: Act) -> String {
    match (act, belief.first()) {
        (Act::Try(a), Some(r)) => own_san(&r.mover_side(), a, false),
        _ => ANY.to_owned(),
    }
}

/// An AND node's numbers from its open children's: the proof numbers added, the least
/// disproof number (proven, with none open).
fn attempt_numbers(open: impl Iterator<Item = Numbers>) -> Numbers {
    open.fold((0, INF), |(p, d), (cp, cd)| {
        let p = if p >= INF || cp >= INF {
            INF
        } else {
            (p + cp).min(INF - 1)
        };
        (p, d.min(cd))
    })
}

impl Expansion {
    /// What leads to each child, in words: the refusal, "Any?"'s answer, or the answer and
    /// what the solver heard of the reply.
    fn labels(&self) -> Vec<String> {
        let mut labels = vec![String::new(); self.children.len()];
        let mut set = |i: usize, words: String| {
            if let Some(l) = labels.get_mut(i) {
                *l = words;
            }
        };
        match &self.layout {
            Layout::Any(answers) => {
                for (words, i) in answers {
                    set(*i, format!("Any? {words}"));
                }
            }
            Layout::Try { answers, refused } => {
                for (words, san, then) in answers {
                    let Then::Open { replies, .. } = then else {
                        continue;
                    };
                    for (reply, i) in replies {
                        set(*i, format!("{san} {words} / {reply}"));
                    }
                }
                if let Some(i) = refused {
                    set(*i, "refused".to_owned());
                }
            }
        }
        labels
    }
}

impl Solver {
    /// How far the search got down the line of the first move searched first (the published
    /// key with `--key-first`, else the most proving): at each turn the attempt the search would
    /// take next, and after it how many of the turns that must be won are still open, following
    /// the one the search would take next; as far as what the search keeps reaches. Each turn
    /// is named by the solver's move it is (a refused attempt leaves the same move to play).
    pub(super) fn open_line(&mut self, belief: &[Referee], mut key: u64, mut depth: u8) -> String {
        let mut belief = belief.to_vec();
        let mut out = Vec::new();
        let first_depth = depth;
        let mut refused = false;
        while depth >= self.pn_leaf {
            // What the memo dropped is worked out again.
            let acts = self.acts(&belief, key, depth, false, &mut Vec::new());
            let kept: Vec<Option<Numbers>> = acts
                .iter()
                .map(|(a, _)| self.memo.numbers.peek(act_key(key, *a, depth)).copied())
                .collect();
            let numbers: Vec<Numbers> = kept
                .iter()
                .zip(acts.iter())
                .map(|(n, (_, p))| n.unwrap_or((*p, 1)))
                .collect();
            // The first turn with `--key-first` follows the key, wherever this list has it:
            // only the root's own list puts it first, and the memo may have dropped that one.
            let key_at = (depth == first_depth && !refused)
                .then(|| acts.iter().position(|(a, _)| self.is_key(&belief, *a)))
                .flatten();
            let pick = key_at.or_else(|| {
                (0..acts.len())
                    .filter(|&i| numbers[i].1 != 0)
                    .min_by_key(|&i| numbers[i].0)
            });
            let Some(i) = pick else { break };
            let act = acts[i].0;
            let label = move_label(first_depth, depth, refused);
            let Some(e) = self.expansion(&belief, key, act, None, depth) else {
                let (p, d) = numbers[i];
                let san = act_san(&belief, act);
                out.push(format!("{label}: {san} (pn {}, dn {})", show(p), show(d)));
                break;
            };
            let labels = e.labels();
            let open: Vec<(usize, Numbers)> = e
                .children
                .iter()
                .enumerate()
                .map(|(j, c)| (j, self.turn_numbers(c.key, &c.members, c.depth)))
                .filter(|(_, n)| n.0 != 0)
                .collect();
            // The attempt's numbers from its children as they stand (what the memo kept of it
            // may be older, or dropped).
            let (p, d) = attempt_numbers(open.iter().map(|(_, n)| *n));
            out.push(format!(
                "{label}: {} (pn {}, dn {})",
                act_san(&belief, act),
                show(p),
                show(d)
            ));
            let words: Vec<String> = open
                .iter()
                .map(|(j, (p, d))| format!("{} (pn {}, dn {})", labels[*j], show(*p), show(*d)))
                .collect();
            out.push(format!(
                "  {} of {} after it open: {}",
                open.len(),
                e.children.len(),
                words.join("; ")
            ));
            // The child the search would take next (a refuted one ends the attempt).
            let next = open
                .iter()
                .filter(|(_, n)| n.1 != 0)
                .min_by_key(|(_, n)| n.1);
            let Some(&(j, _)) = next else {
                break;
            };
            let c = &e.children[j];
            refused = c.depth == depth;
            (belief, key, depth) = (c.belief.clone(), c.key, c.depth);
        }
        if out.is_empty() {
            return String::new();
        }
        format!(
            "the line searched first, as far as it is kept:\n{}",
            out.join("\n")
        )
    }

    /// The first moves as they stand, for the progress and the report.
    pub(super) fn frontier(&mut self, acts: &[(Act, u32)], numbers: &[Numbers], rounds: u32) {
        let mut order: Vec<usize> = (0..acts.len()).collect();
        order.sort_by_key(|&i| numbers[i].0);
        if let Some(p) = self.reporter() {
            p.first(order[0], acts.len(), rounds);
        }
        let side_moves: Vec<String> = order
            .iter()
            .take(4)
            .map(|&i| {
                let (p, d) = numbers[i];
                format!("{} (pn {}, dn {})", acts[i].0, show(p), show(d))
            })
            .collect();
        let refuted = numbers.iter().filter(|n| n.1 == 0).count();
        self.memo.front = format!(
            "first moves by proof number: {}; {} of {} refuted",
            side_moves.join(", "),
            refuted,
            acts.len()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::pnmemo::Memo;
    use super::super::{BELIEF_BYTES, Search, Solver, turn_key};
    use super::{INF, act_san, attempt_numbers, move_label};
    use crate::problem::Problem;
    use shakmaty::Color;

    /// With `--key-first` the line searched first starts with the key even where the first
    /// turn's list is not the root's own (which puts the key first), as when the memo dropped
    /// the root's list and it was worked out again (issue 60: a long run reported Kf2). The key
    /// here is the move that list has last (Rotenberg's own, Rg2, it has first).
    #[test]
    fn the_line_searched_first_starts_with_the_key_wherever_the_list_has_it() {
        let path = std::path::Path::new("assets/problems/rotenberg-1976.ron");
        let p = Problem::load(path).expect("loads");
        let mut belief = p.belief().expect("positions");
        crate::worlds::normalize(&mut belief);
        let (key, n) = (turn_key(&belief), p.mate_in);
        let mut solver = Solver::new(Color::White, None)
            .search(Search::Pn)
            .pn_leaf(n);
        solver.memo = Memo::new(solver.table_limit, BELIEF_BYTES);
        let acts = solver.acts(&belief, key, n, false, &mut Vec::new());
        let Some(&(last, _)) = acts.last() else {
            panic!("no first moves");
        };
        let san = act_san(&belief, last);
        solver.prefer = Some(san.clone());
        let at = acts.iter().position(|(a, _)| solver.is_key(&belief, *a));
        assert_eq!(at, Some(acts.len() - 1));
        assert!(at > Some(0), "{acts:?}");
        let line = solver.open_line(&belief, key, n);
        let first = line.lines().nth(1).unwrap_or_default();
        assert!(
            first.starts_with(&format!("move 1 (8 left): {san} (")),
            "{line}"
        );
    }

    #[test]
    fn an_attempts_numbers_come_from_its_open_children() {
        assert_eq!(attempt_numbers([(3, 40), (5, 7)].into_iter()), (8, 7));
        // A refuted child refutes the attempt; none open, it is proven.
        assert_eq!(attempt_numbers([(2, 9), (INF, 0)].into_iter()), (INF, 0));
        assert_eq!(attempt_numbers(std::iter::empty()), (0, INF));
    }

    #[test]
    fn a_turn_is_named_by_the_solvers_move() {
        assert_eq!(move_label(15, 15, false), "move 1 (15 left)");
        assert_eq!(move_label(15, 14, false), "move 2 (14 left)");
        // A refused attempt leaves the same move to play.
        assert_eq!(move_label(15, 15, true), "move 1 again (15 left)");
        assert_eq!(move_label(15, 12, true), "move 4 again (12 left)");
    }
}
