//! Black defenders for KR vs K. A defender knows only its own king and what it heard; it tries
//! king steps in its order of preference until one is legal.

use crate::attempt::Attempt;
use crate::rng::Rng;
use shakmaty::{Square, attacks};

/// Which defender.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The paper's black king: it moves away from the edge.
    Edge,
    /// Random steps.
    Random,
}

/// A defender with its own random stream (for tie-breaks and the random king).
pub struct Defender {
    kind: Kind,
    rng: Rng,
}

/// How far a square is from the nearest edge (0 on the edge, 3 in the centre).
pub fn edge_distance(sq: Square) -> i32 {
    let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
    f.min(7 - f).min(r).min(7 - r)
}

impl Defender {
    /// A defender of `kind`.
    pub fn new(kind: Kind, seed: u64) -> Defender {
        Defender {
            kind,
            rng: Rng::new(seed),
        }
    }

    /// The king steps from `king` in the order this defender tries them.
    pub fn preferences(&mut self, king: Square) -> Vec<Attempt> {
        let mut steps: Vec<(i64, Attempt)> = attacks::king_attacks(king)
            .into_iter()
            .map(|to| {
                let noise = (self.rng.next_u64() % 1000) as i64;
                let key = match self.kind {
                    Kind::Edge => {
                        let (f, r) = (i32::from(to.file()), i32::from(to.rank()));
                        let centre = f.min(7 - f) + r.min(7 - r);
                        -(i64::from(edge_distance(to)) * 100_000 + i64::from(centre) * 1000) + noise
                    }
                    Kind::Random => noise,
                };
                (key, Attempt::new(king, to))
            })
            .collect();
        steps.sort_by_key(|(k, _)| *k);
        steps.into_iter().map(|(_, a)| a).collect()
    }
}
