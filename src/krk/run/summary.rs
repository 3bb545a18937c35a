//! Reporting a run: the totals of its games ([`Summary`]) and a metaposition for display.

use super::{End, GameOutcome};
use crate::krk::Meta;
use std::time::Duration;

/// Totals of a run.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Games (or adversary starts).
    pub games: usize,
    /// Mates.
    pub mates: usize,
    /// Stalemates.
    pub stalemates: usize,
    /// Rook losses.
    pub rook_losses: usize,
    /// Threefold repetitions.
    pub loops: usize,
    /// Fifty-move rule or move cap.
    pub cutoffs: usize,
    /// Moves of every mating game.
    pub mate_moves: Vec<u32>,
    /// Every thinking time.
    pub think: Vec<Duration>,
}

impl Summary {
    /// Adds a game.
    pub fn add(&mut self, g: GameOutcome) {
        self.games += 1;
        match g.end {
            End::Mate => {
                self.mates += 1;
                self.mate_moves.push(g.moves);
            }
            End::Stalemate => self.stalemates += 1,
            End::RookLost => self.rook_losses += 1,
            End::Loop => self.loops += 1,
            End::Cutoff => self.cutoffs += 1,
        }
        self.think.extend(g.think);
    }

    /// Average moves of the mates.
    pub fn average(&self) -> f64 {
        if self.mate_moves.is_empty() {
            0.0
        } else {
            self.mate_moves.iter().map(|&m| f64::from(m)).sum::<f64>()
                / self.mate_moves.len() as f64
        }
    }

    /// The longest mate.
    pub fn worst(&self) -> u32 {
        self.mate_moves.iter().copied().max().unwrap_or(0)
    }

    /// Median thinking time per decision, in milliseconds.
    pub fn median_ms(&self) -> f64 {
        let mut t: Vec<Duration> = self.think.clone();
        t.sort();
        t.get(t.len() / 2).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }

    /// The last line: `mate X/Y (P%), avg A moves, worst W moves, median T ms/move`.
    pub fn last_line(&self) -> String {
        let pct = if self.games == 0 {
            0.0
        } else {
            100.0 * self.mates as f64 / self.games as f64
        };
        format!(
            "mate {}/{} ({pct:.1}%), avg {:.1} moves, worst {} moves, median {:.4} ms/move",
            self.mates,
            self.games,
            self.average(),
            self.worst(),
            self.median_ms()
        )
    }
}

/// The squares a metaposition holds (for display).
pub fn describe(m: &Meta) -> String {
    let squares: Vec<String> = m.bk.into_iter().map(|s| s.to_string()).collect();
    format!("K{} R{} bk{{{}}}", m.wk, m.wr, squares.join(" "))
}
