//! What a sense window settles over the whole belief, beside the move about to be played: how
//! much it splits the worlds, where the enemy king is, and whether our king and our valuable
//! units stand attacked (issue 59: half the material lost to StrangeFish2 went to attackers
//! never sensed, and one game to an unsensed rook's check down the h-file).
//!
//! The worlds' weights are flattened first ([`UNIFORM`] of them shared equally): the belief is
//! overconfident (in lost games the truth stood at under 1 % of it), so an unlikely world where
//! our king is attacked counts for more than its weight says.

use super::score::capture_gain;
use super::window_key;
use crate::belief::{Belief, flattened};
use shakmaty::{Bitboard, Board, Color, Role, Square};
use std::collections::BTreeMap;

/// The share of each world's weight, in a sense's choice, shared equally among the worlds.
pub(super) const UNIFORM: f64 = 0.5;

/// What splitting the whole belief is worth to a sense, in pawns, beside what it changes in the
/// move about to be played.
const SPLIT: f64 = 1.0;

/// What an attack on our king is worth knowing of, in pawns, as a unit's value (times how
/// much a window settles whether it is attacked).
const KING_THREAT: f64 = 40.0;

/// How much settling the threats to our units is worth to a sense, times their values.
const THREAT: f64 = 1.0;

/// The belief's worlds as a sense's windows weigh them.
pub(super) struct Whole<'a> {
    boards: Vec<&'a Board>,
    /// The flattened weights, adding up to 1.
    weights: Vec<f64>,
    /// Our units (the same in every world) and what each is worth threatened.
    units: Vec<(Square, f64)>,
    /// `threats[w]`: bit `i` set where `units[i]` is threatened in world `w`.
    threats: Vec<u32>,
    them: Color,
}

impl<'a> Whole<'a> {
    /// `belief`'s worlds, [`UNIFORM`] of their weight shared equally.
    pub(super) fn new(belief: &'a Belief) -> Whole<'a> {
        Whole::weighed(
            belief.worlds().iter().map(|w| w.true_board()).collect(),
            flattened(belief.weights_of_worlds(), UNIFORM).collect(),
            belief.color(),
        )
    }

    /// `boards` with `weights` (adding up to 1), our side `us`.
    fn weighed(boards: Vec<&'a Board>, weights: Vec<f64>, us: Color) -> Whole<'a> {
        let them = !us;
        let units: Vec<(Square, f64)> = boards.first().map_or_else(Vec::new, |b| {
            b.by_color(us)
                .into_iter()
                .filter_map(|sq| {
                    let role = b.role_at(sq)?;
                    let worth = if role == Role::King {
                        KING_THREAT
                    } else {
                        f64::from(crate::bots::value(role))
                    };
                    Some((sq, worth))
                })
                .filter(|(_, worth)| *worth >= 3.0)
                .take(32)
                .collect()
        });
        let threats = boards
            .iter()
            .map(|b| {
                let mut bits = 0u32;
                for (i, (sq, _)) in units.iter().enumerate() {
                    if threatened(b, *sq, us) {
                        bits |= 1 << i;
                    }
                }
                bits
            })
            .collect();
        Whole {
            boards,
            weights,
            units,
            threats,
            them,
        }
    }

    /// What sensing `window` is worth beside the move, in pawns: [`SPLIT`] times how much it
    /// splits the worlds (0 to 2, the enemy king's whereabouts counted twice), and [`THREAT`]
    /// times how much it settles which of our units are threatened.
    pub(super) fn worth(&self, window: Bitboard) -> f64 {
        let mut index: BTreeMap<u64, usize> = BTreeMap::new();
        // Each group's weight and threatened weight per unit.
        let mut groups: Vec<(f64, Vec<f64>)> = Vec::new();
        let mut kings: BTreeMap<Option<Square>, f64> = BTreeMap::new();
        let mut totals = vec![0.0; self.units.len()];
        for ((board, weight), bits) in self.boards.iter().zip(&self.weights).zip(&self.threats) {
            let g = *index.entry(window_key(board, window)).or_insert_with(|| {
                groups.push((0.0, vec![0.0; self.units.len()]));
                groups.len() - 1
            });
            let group = &mut groups[g];
            group.0 += weight;
            for (i, t) in totals.iter_mut().enumerate() {
                if bits & (1 << i) != 0 {
                    group.1[i] += weight;
                    *t += weight;
                }
            }
            let king = board.king_of(self.them).filter(|k| window.contains(*k));
            *kings.entry(king).or_default() += weight;
        }
        let left = groups.iter().map(|(w, _)| w * w).sum::<f64>()
            + kings.values().map(|w| w * w).sum::<f64>();
        // Per unit: the chance two worlds drawn disagree on its threat, before and after.
        let settled: f64 = self
            .units
            .iter()
            .zip(&totals)
            .enumerate()
            .map(|(i, ((_, worth), a))| {
                let after: f64 = groups
                    .iter()
                    .filter(|(w, _)| *w > 0.0)
                    .map(|(w, t)| t[i] - t[i] * t[i] / w)
                    .sum();
                worth * (a - a * a - after).max(0.0)
            })
            .sum();
        SPLIT * (2.0 - left) + THREAT * settled
    }
}

/// Whether our unit on `sq` is threatened on `board`: our king attacked, another unit
/// attacked where taking it wins material.
fn threatened(board: &Board, sq: Square, us: Color) -> bool {
    if board.king_of(us) == Some(sq) {
        board.attacks_to(sq, !us, board.occupied()).any()
    } else {
        capture_gain(board, sq, !us).is_some_and(|g| g > 0.0)
    }
}

#[cfg(test)]
mod tests;
