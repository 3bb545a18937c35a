//! KRK starts: a position with White to move ([`Start`]), random starts, and every start
//! up to the board's symmetries.

use crate::krk::{Meta, valid_placement};
use crate::rng::Rng;
use shakmaty::{Board, Color, Setup, Square};

/// A KRK start: White king, rook, and the true black king (White to move).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// White king.
    pub wk: Square,
    /// White rook.
    pub wr: Square,
    /// The black king's true square.
    pub bk: Square,
}

impl Start {
    /// The position as a setup.
    pub fn setup(&self) -> Setup {
        let mut board = Board::empty();
        board.set_piece_at(self.wk, Color::White.king());
        board.set_piece_at(self.wr, Color::White.rook());
        board.set_piece_at(self.bk, Color::Black.king());
        Setup {
            board,
            turn: Color::White,
            ..Setup::empty()
        }
    }
}

/// `n` random legal starts.
pub fn random_starts(n: usize, seed: u64) -> Vec<Start> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let wk = Square::new(rng.below(64) as u32);
        let wr = Square::new(rng.below(64) as u32);
        if !valid_placement(wk, wr) {
            continue;
        }
        let set = Meta::start(wk, wr).bk;
        let bk = set
            .into_iter()
            .nth(rng.below(set.count()))
            .unwrap_or(Square::A8);
        out.push(Start { wk, wr, bk });
    }
    out
}

/// Every White placement up to the board's eight symmetries (the white king in the a1-d1-d4
/// triangle, and on the long diagonal the rook on or below it).
pub fn placements() -> Vec<(Square, Square)> {
    let mut out = Vec::new();
    for wk in (0..64).map(Square::new) {
        let (f, r) = (u32::from(wk.file()), u32::from(wk.rank()));
        if f > 3 || r > f {
            continue;
        }
        for wr in (0..64).map(Square::new) {
            if f == r && u32::from(wr.rank()) > u32::from(wr.file()) {
                continue;
            }
            if valid_placement(wk, wr) {
                out.push((wk, wr));
            }
        }
    }
    out
}

/// Every start: every placement up to symmetry with every legal black king square.
pub fn all_starts() -> Vec<Start> {
    placements()
        .into_iter()
        .flat_map(|(wk, wr)| {
            Meta::start(wk, wr)
                .bk
                .into_iter()
                .map(move |bk| Start { wk, wr, bk })
        })
        .collect()
}
