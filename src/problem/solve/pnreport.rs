//! What the proof-number search says of how it stands ([`super::pn`]): the first moves by their
//! numbers, for the progress and the report, and, when it is undecided, how far it got down the
//! line it searched first and which turns after it are still open.

use super::Solver;
use super::pn::{Expansion, INF, Layout, act_key};
use super::pnmemo::Numbers;
use crate::problem::tree::Act;
use crate::referee::Referee;

/// A number as the report shows it.
fn show(x: u32) -> String {
    if x >= INF {
        "∞".to_owned()
    } else {
        x.to_string()
    }
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
                for (words, san, replies) in answers {
                    for (reply, i) in replies.iter().flatten() {
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
    /// the one the search would take next; as far as what the search keeps reaches.
    pub(super) fn open_line(&mut self, belief: &[Referee], mut key: u64, mut depth: u8) -> String {
        let mut belief = belief.to_vec();
        let mut out = Vec::new();
        let mut first = true;
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
            let pick = if first && self.prefer.is_some() {
                Some(0).filter(|_| !acts.is_empty())
            } else {
                (0..acts.len())
                    .filter(|&i| numbers[i].1 != 0)
                    .min_by_key(|&i| numbers[i].0)
            };
            first = false;
            let Some(i) = pick else { break };
            let (act, (p, d)) = (acts[i].0, numbers[i]);
            out.push(format!(
                "{depth} left: {act} (pn {}, dn {})",
                show(p),
                show(d)
            ));
            let Some(e) = self.expansion(&belief, key, act, None, depth) else {
                break;
            };
            let labels = e.labels();
            let open: Vec<(usize, Numbers)> = e
                .children
                .iter()
                .enumerate()
                .map(|(j, c)| (j, self.turn_numbers(c.key, c.depth)))
                .filter(|(_, n)| n.0 != 0)
                .collect();
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
            let Some(&(j, _)) = open.iter().min_by_key(|(_, n)| n.1) else {
                break;
            };
            let c = &e.children[j];
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
