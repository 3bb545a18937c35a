//! Modern Kriegspiel's opened squares: which squares a bot opens right after its legal move,
//! chosen over its belief to learn the most.
//!
//! Opening a square shows what stands on it, so the squares opened together split the worlds
//! of the belief by what they would show. What that teaches is the entropy of the split (the
//! worlds weighed by the belief): one split that leaves each world alone teaches everything,
//! one that leaves them together nothing. The squares are chosen greedily, each the one that
//! splits the worlds most given the squares chosen before (so two squares that tell the same
//! thing, a king's neighbours, are not both taken). The seat's own squares teach nothing.

use crate::belief::Belief;
use shakmaty::{Bitboard, Square};
use std::collections::HashMap;

/// `n` squares to open that teach the most about `belief` (the seat's own units on `own`
/// teach nothing and are never chosen first); fewer only when the board has fewer squares.
pub fn most_telling(belief: &Belief, own: Bitboard, n: usize) -> Bitboard {
    let worlds = belief.worlds();
    let weights = belief.weights_of_worlds();
    // Each world's class: what the squares chosen so far show in it.
    let mut class = vec![0u64; worlds.len()];
    let boards: Vec<_> = worlds.iter().map(|w| w.true_board()).collect();
    let mut chosen = Bitboard::EMPTY;
    for _ in 0..n {
        let mut best: Option<(f64, Square)> = None;
        for sq in !own & !chosen {
            let mut split: HashMap<(u64, u8), f64> = HashMap::new();
            for ((board, c), w) in boards.iter().zip(&class).zip(weights) {
                *split.entry((*c, shown(board, sq))).or_default() += w;
            }
            let gain = entropy(split.values());
            if best.is_none_or(|(g, _)| gain > g + 1e-12) {
                best = Some((gain, sq));
            }
        }
        // Nothing left to learn from the worlds: the remaining squares in order.
        let Some((_, sq)) = best.or_else(|| (!chosen).first().map(|sq| (0.0, sq))) else {
            break;
        };
        chosen.add(sq);
        for (board, c) in boards.iter().zip(class.iter_mut()) {
            *c = c
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(u64::from(shown(board, sq)) + 1);
        }
    }
    chosen
}

/// What opening `sq` shows on `board`: 0 for an empty square, else the unit (1 to 12).
fn shown(board: &shakmaty::Board, sq: Square) -> u8 {
    board
        .piece_at(sq)
        .map_or(0, |p| u8::from(p.color.is_black()) * 6 + p.role as u8)
}

/// The entropy in bits of a split whose parts weigh `parts` (of a total weight of 1).
fn entropy<'a>(parts: impl Iterator<Item = &'a f64>) -> f64 {
    parts.filter(|p| **p > 0.0).map(|p| -p * p.log2()).sum()
}

/// How much opening `squares` teaches about `belief`: the entropy in bits of the split of its
/// worlds by what the squares show.
pub fn bits_taught(belief: &Belief, squares: Bitboard) -> f64 {
    let mut split: HashMap<Vec<u8>, f64> = HashMap::new();
    for (world, w) in belief.worlds().iter().zip(belief.weights_of_worlds()) {
        let board = world.true_board();
        let key: Vec<u8> = squares.into_iter().map(|sq| shown(board, sq)).collect();
        *split.entry(key).or_default() += w;
    }
    entropy(split.values())
}
