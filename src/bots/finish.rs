//! Sure mates against a lone king whose square is nearly known: an AND-OR proof search over
//! what the bot knows (its own pieces and the few squares where the king may stand), for an
//! attempt that mates within a few moves whatever the king does and whatever the referee says.
//!
//! An attempt is proven within `n` moves when it is legal in some world and in every world
//! where it is legal it mates, or leaves the king (which can take nothing and is not
//! stalemated) a set of squares from which the bot mates within `n - 1` moves; the worlds where
//! it is refused must be proven within `n` moves too (a refusal costs no move, and the set is
//! smaller). Worlds are told apart only by "check" or not (never the check's direction), so a
//! proof holds under every rule set's wording. The search deepens one move at a time and stops
//! at a budget of attempts looked at, so a decision stays bounded.
//!
//! The lone-king search of [`super::mate`] plays well while the king is far and the set wide,
//! but with the king nearly caught it could shuffle for the rest of the fifty moves (issue 33:
//! with bishop and knight, many drawn games had the king known to two squares beside the
//! mating corner for twenty moves). This finds the mate there.

use super::mate::{World, worlds};
use super::tablebase;
use crate::attempt::Attempt;
use crate::possible::{Side, move_own_piece};
use crate::rules::PromotionRule;
use shakmaty::{Bitboard, Board, Color, Position};
use std::collections::HashMap;

/// The most squares where the king may stand for the search to start.
pub const SMALL: usize = 4;

/// The most squares a set may grow to inside the search (larger sets are left unproven).
const WIDE: usize = 6;

/// The most moves a proof may take.
const DEPTH: u32 = 6;

/// The most attempts looked at in one decision (each in every world of its set).
const BUDGET: u32 = 30_000;

/// What the search knows of one state: proven within `proven` moves by `attempt`, or not
/// provable within `failed` moves.
#[derive(Copy, Clone, Default)]
struct Known {
    proven: Option<(u32, Attempt)>,
    failed: u32,
}

/// The budget ran out.
struct Spent;

/// One decision's search.
struct Prover {
    us: Color,
    left: u32,
    memo: HashMap<(Board, Bitboard), Known>,
}

/// An attempt that mates surely within the moves left, for the bot (`us`, pieces `own`: its
/// king and two minor pieces that mate) against a lone king on one of `kings` (at most
/// [`SMALL`]): at most [`DEPTH`] moves, and before the fifty-move rule draws when `halfmoves`
/// (plies since the last capture or pawn move) is given. The first attempt is one of those
/// `allowed`. `None`: no proof found within the budget.
pub fn sure_mate(
    own: &Board,
    us: Color,
    kings: Bitboard,
    halfmoves: Option<u32>,
    allowed: &dyn Fn(Attempt) -> bool,
) -> Option<Attempt> {
    // Only with two minor pieces: their table prunes the search ([`Prover::within`]); a queen or
    // a rook mates well enough by the lone-king search and the rook's strategy.
    if kings.is_empty() || kings.count() > SMALL || tablebase::ending(own, us).is_none() {
        return None;
    }
    let most = match halfmoves {
        Some(h) => DEPTH.min(99u32.saturating_sub(h) / 2),
        None => DEPTH,
    };
    let mut p = Prover {
        us,
        left: BUDGET,
        memo: HashMap::new(),
    };
    for depth in 1..=most {
        match p.prove(own, kings, depth, Some(allowed)) {
            Ok(Some(a)) => return Some(a),
            Ok(None) => {}
            Err(Spent) => return None,
        }
    }
    None
}

impl Prover {
    /// An attempt proven within `depth` moves from `own` with the king on one of `kings`.
    fn prove(
        &mut self,
        own: &Board,
        kings: Bitboard,
        depth: u32,
        allowed: Option<&dyn Fn(Attempt) -> bool>,
    ) -> Result<Option<Attempt>, Spent> {
        let key = (own.clone(), kings);
        let known = self.memo.get(&key).copied().unwrap_or_default();
        if allowed.is_none() {
            if let Some((d, a)) = known.proven
                && d <= depth
            {
                return Ok(Some(a));
            }
            if depth <= known.failed {
                return Ok(None);
            }
        }
        let worlds = worlds(own, self.us, Bitboard::EMPTY, Bitboard::EMPTY, kings);
        if worlds.is_empty() || !self.within(own, kings, depth) {
            let entry = self.memo.entry(key).or_default();
            entry.failed = entry.failed.max(depth);
            return Ok(None);
        }
        let side = Side {
            board: own,
            color: self.us,
            castling: Bitboard::EMPTY,
            promotion: PromotionRule::Any, // no pawns: nothing promotes
        };
        let mut attempts = side.possible_attempts();
        if let Some(allowed) = allowed {
            attempts.retain(|&a| allowed(a));
        }
        // Checks first: mates come from them.
        attempts.sort_by_key(|&a| std::cmp::Reverse(checks(&worlds, a)));
        for a in attempts {
            if self.left == 0 {
                return Err(Spent);
            }
            self.left -= 1;
            if self.attempt(own, &worlds, a, depth)? {
                let entry = self.memo.entry(key).or_default();
                entry.proven = Some((depth, a));
                return Ok(Some(a));
            }
        }
        // Not where only some attempts were allowed: the state may be met again with all.
        if allowed.is_none() {
            let entry = self.memo.entry(key).or_default();
            entry.failed = entry.failed.max(depth);
        }
        Ok(None)
    }

    /// Whether every king square of `kings` is mated within `depth` moves with full
    /// information (the table of the bot's two minor pieces): a proof needs at least that.
    fn within(&self, own: &Board, kings: Bitboard, depth: u32) -> bool {
        let Some((minors, k, a, b)) = tablebase::ending(own, self.us) else {
            return true;
        };
        let table = tablebase::table(minors);
        kings.into_iter().all(|l| {
            table
                .mate_in(k, a, b, l)
                .is_some_and(|n| u32::from(n) <= depth)
        })
    }

    /// Whether `a` is proven within `depth` moves in `worlds` (the bot's pieces `own`).
    fn attempt(
        &mut self,
        own: &Board,
        worlds: &[World],
        a: Attempt,
        depth: u32,
    ) -> Result<bool, Spent> {
        let uci = a.to_uci();
        let (mut refused, mut quiet, mut check) =
            (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        let mut legal = false;
        for (sq, pos) in worlds {
            let Ok(m) = uci.to_move(pos) else {
                refused.add(*sq);
                continue;
            };
            legal = true;
            let mut after = pos.clone();
            after.play_unchecked(m);
            if after.is_checkmate() {
                continue;
            }
            if depth <= 1 || after.is_stalemate() {
                return Ok(false);
            }
            let mut steps = Bitboard::EMPTY;
            for reply in after.legal_moves() {
                if reply.is_capture() {
                    return Ok(false);
                }
                steps.add(reply.to());
            }
            if after.is_check() {
                check |= steps;
            } else {
                quiet |= steps;
            }
        }
        if !legal || quiet.count() > WIDE || check.count() > WIDE {
            return Ok(false);
        }
        let mut next = own.clone();
        let mut castling = Bitboard::EMPTY;
        move_own_piece(&mut next, &mut castling, self.us, a);
        for set in [quiet, check] {
            if set.any() && self.prove(&next, set, depth - 1, None)?.is_none() {
                return Ok(false);
            }
        }
        Ok(refused.is_empty() || self.prove(own, refused, depth, None)?.is_some())
    }
}

/// How many of `worlds` `a` checks in (0 where it is refused).
fn checks(worlds: &[World], a: Attempt) -> usize {
    let uci = a.to_uci();
    worlds
        .iter()
        .filter(|(_, pos)| {
            uci.to_move(pos).is_ok_and(|m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                after.is_check()
            })
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{Chess, Square};

    /// Follows `sure_mate` from `own` with the king on `king` and White knowing `kings`, every
    /// reply of the king in turn; returns the most moves any branch took to mate.
    fn longest(own: &Board, kings: Bitboard, king: Square, moves: u32) -> u32 {
        assert!(moves < 6, "no mate within six moves");
        let a = sure_mate(own, Color::White, kings, None, &|_| true).expect("a sure mate");
        let all = worlds(own, Color::White, Bitboard::EMPTY, Bitboard::EMPTY, kings);
        let uci = a.to_uci();
        let legal = |pos: &Chess| uci.to_move(pos).ok();
        let (_, truth) = all
            .iter()
            .find(|(sq, _)| *sq == king)
            .expect("the true world");
        let Some(m) = legal(truth) else {
            // Refused: the same move, on the narrowed set.
            let refused = all
                .iter()
                .filter(|(_, p)| legal(p).is_none())
                .fold(Bitboard::EMPTY, |b, (sq, _)| b.with(*sq));
            assert!(refused.count() < kings.count());
            return longest(own, refused, king, moves);
        };
        let mut after = truth.clone();
        after.play_unchecked(m);
        if after.is_checkmate() {
            return moves + 1;
        }
        let heard = after.is_check();
        let mut next = Bitboard::EMPTY;
        for (_, p) in &all {
            if let Some(m) = legal(p) {
                let mut q = p.clone();
                q.play_unchecked(m);
                if q.is_check() == heard && !q.is_checkmate() {
                    next |= q
                        .legal_moves()
                        .iter()
                        .fold(Bitboard::EMPTY, |b, r| b.with(r.to()));
                }
            }
        }
        let mut own = own.clone();
        let mut castling = Bitboard::EMPTY;
        move_own_piece(&mut own, &mut castling, Color::White, a);
        after
            .legal_moves()
            .iter()
            .map(|r| {
                assert!(!r.is_capture());
                longest(&own, next, r.to(), moves + 1)
            })
            .max()
            .unwrap_or(moves + 1)
    }

    fn board(fen: &str) -> Board {
        fen.parse::<Fen>().expect("a board").into_setup().board
    }

    /// Issue 33: the bot shuffled its bishop here for twenty moves with the king known to h1
    /// or h2, and the game was drawn by the fifty-move rule. Every line of the proof mates.
    #[test]
    fn bishop_and_knight_mate_surely_beside_the_corner() {
        let own = board("8/8/6N1/5B2/8/8/5K2/8 w - - 0 1");
        let kings = Bitboard::from_square(Square::H1).with(Square::H2);
        for king in kings {
            let n = longest(&own, kings, king, 0);
            assert!((1..=6).contains(&n), "{n}");
        }
    }

    #[test]
    fn no_search_with_the_king_far_or_without_two_minor_pieces() {
        let own = board("8/8/6N1/5B2/8/8/5K2/8 w - - 0 1");
        let wide = Bitboard::from_rank(shakmaty::Rank::Eighth);
        assert_eq!(sure_mate(&own, Color::White, wide, None, &|_| true), None);
        let rook = board("8/8/8/8/8/8/5K2/R7 w - - 0 1");
        let kings = Bitboard::from_square(Square::H1);
        assert_eq!(sure_mate(&rook, Color::White, kings, None, &|_| true), None);
        // Nothing allowed first: no attempt.
        let near = Bitboard::from_square(Square::H1).with(Square::H2);
        assert_eq!(sure_mate(&own, Color::White, near, None, &|_| false), None);
        // The fifty-move rule too near for any mate.
        assert_eq!(
            sure_mate(&own, Color::White, near, Some(99), &|_| true),
            None
        );
    }
}
