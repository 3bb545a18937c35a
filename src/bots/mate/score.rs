//! The value of the bot's pieces with the enemy king somewhere in a set of squares, the bot to
//! move ([`Search::score`], see the parent module for the scale): the region the king can still
//! reach, material, the own king's distance, the edge and the mating corners, the distance to
//! mate with two minor pieces, the proven two-bishop strategy and the fifty-move rule.

use super::super::minors::{mating_corners, two_bishops};
use super::super::off_centre;
use super::super::tablebase;
use super::{CORNER, EDGE, NEAR, NEAR_BISHOPS, NO_MATE, Node, PROVEN, Search, WON, unattacked};
use crate::krk::solver::neighbours;
use shakmaty::{Bitboard, Role};

impl Search<'_> {
    /// The most moves the two-bishop strategy needs to mate from `node` with the king on one
    /// of `kings` (`None`: not covered, or the fifty-move rule may come first).
    fn proven(&self, node: &Node, kings: Bitboard) -> Option<u8> {
        if node.theirs.any() || !two_bishops(node.own, self.us) {
            return None;
        }
        let strategy = crate::kbb::Strategy::get().ok()?;
        let (_, moves) = strategy.next(node.own, self.us, kings, &|_| true)?;
        let plies = node.halfmoves + 2 * u32::from(moves);
        (!self.fifty_moves || plies < 100).then_some(moves)
    }

    /// The score of the bot's pieces at `node` with the enemy king somewhere in `kings`, the
    /// bot to move.
    pub(super) fn score(&self, node: &Node, kings: Bitboard) -> f32 {
        let own = node.own;
        if let Some(moves) = self.proven(node, kings) {
            return PROVEN + 10.0 * (40.0 - f32::from(moves));
        }
        let open = unattacked(own, self.us) & !node.theirs;
        // The region the king can still reach.
        let mut region = kings;
        loop {
            let next = region | (neighbours(region) & open);
            if next == region {
                break;
            }
            region = next;
        }
        // An enemy pawn taken is a step towards the lone king (and frees a pawn of ours).
        let mut material = -100.0 * node.theirs.count() as f32;
        for (sq, piece) in own.iter() {
            if piece.role == Role::King {
                continue;
            }
            material += 100.0 * f32::from(super::super::pawns(piece.role));
            if piece.role == Role::Pawn {
                material += 15.0 * u32::from(self.us.relative_rank(sq.rank())) as f32;
            }
        }
        let near = match own.king_of(self.us) {
            Some(ours) if kings.any() => {
                kings
                    .into_iter()
                    .map(|s| ours.distance(s) as f32)
                    .sum::<f32>()
                    / kings.count() as f32
            }
            _ => 0.0,
        };
        // Kings driven to the edge are mated sooner.
        let edge = if kings.any() {
            kings.into_iter().map(off_centre).sum::<f32>() / kings.count() as f32
        } else {
            0.0
        };
        // Minor pieces mate only in a corner (bishop and knight: one of the bishop's colour).
        let corner = match mating_corners(own, self.us) {
            Some(corners) if kings.any() => {
                kings
                    .into_iter()
                    .map(|k| {
                        corners
                            .into_iter()
                            .map(|c| k.distance(c))
                            .min()
                            .unwrap_or(0)
                    })
                    .sum::<u32>() as f32
                    / kings.count() as f32
            }
            _ => 0.0,
        };
        // Two bishops mate only with their king close: it is the third wall of the cage.
        let near_weight = if two_bishops(own, self.us) {
            NEAR_BISHOPS
        } else {
            NEAR
        };
        // With two minor pieces, the mean distance to mate over the king's squares.
        let to_mate = match tablebase::ending(own, self.us) {
            Some((minors, k, a, b)) if kings.any() && node.theirs.is_empty() => {
                let t = tablebase::table(minors);
                kings
                    .into_iter()
                    .map(|l| t.mate_in(k, a, b, l).map_or(NO_MATE, f32::from))
                    .sum::<f32>()
                    / kings.count() as f32
            }
            _ => 0.0,
        };
        let s = material
            - self.to_mate * to_mate
            - 6.0 * region.count() as f32
            - 2.0 * kings.count() as f32
            - near_weight * near
            + EDGE * edge
            - CORNER * corner;
        // The fifty-move rule: the last twenty moves before it draws bring the win down
        // towards a draw (a pawn move resets the count).
        let left = 100u32.saturating_sub(node.halfmoves);
        let won = if self.fifty_moves && left < 40 {
            WON * left as f32 / 40.0
        } else {
            WON
        };
        won + s / 10.0
    }
}
