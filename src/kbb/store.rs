//! The strategy as shipped: its entries, the deflated file format, the proof run on a loaded
//! strategy, and the lookup the bot makes (under the board's symmetries).

use super::Meta;
use crate::attempt::Attempt;
use crate::krk::transform;
use shakmaty::{Bitboard, Board, Color, Square};
use std::collections::HashMap;
use std::sync::OnceLock;

/// One state of the strategy: the attempt to make and the most moves to mate from there.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub meta: Meta,
    pub attempt: Attempt,
    pub moves: u8,
}

/// The strategy: its entries by White's placement.
#[derive(Clone, Debug, Default)]
pub struct Strategy {
    by_placement: HashMap<(Square, Square, Square), Vec<Entry>>,
    len: usize,
}

/// Why a stored strategy was refused.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum StrategyError {
    #[error("the two-bishop strategy is not a deflate stream")]
    Compression,
    #[error("the two-bishop strategy has a bad entry at byte {0}")]
    Entry(usize),
    #[error("the two-bishop strategy does not cover Ferguson's formation")]
    NoStart,
    #[error("the two-bishop strategy fails at {0:?}: {1}")]
    Unproven(Meta, &'static str),
}

/// Bytes per stored entry: king, light bishop, dark bishop, the set (8 bytes), the attempt's
/// two squares, the moves.
const ENTRY: usize = 14;

/// The most entries a stored file may hold (a bound on memory).
const MOST: usize = 1 << 20;

fn key(m: &Meta) -> (Square, Square, Square) {
    (m.king, m.light, m.dark)
}

impl Strategy {
    pub fn new(entries: Vec<Entry>) -> Strategy {
        let mut s = Strategy::default();
        for e in entries {
            s.by_placement.entry(key(&e.meta)).or_default().push(e);
            s.len += 1;
        }
        for list in s.by_placement.values_mut() {
            list.sort_by_key(|e| (e.moves, e.meta.kings.count()));
        }
        s
    }

    /// How many states it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The entry with the fewest moves for `m`'s pieces whose set holds `m`'s and whose
    /// attempt `allowed` accepts (the strategy holds for any subset of an entry's set).
    pub fn covering(&self, m: &Meta, allowed: &dyn Fn(Attempt) -> bool) -> Option<Entry> {
        self.by_placement
            .get(&key(m))?
            .iter()
            .find(|e| (m.kings & !e.meta.kings).is_empty() && allowed(e.attempt))
            .copied()
    }

    /// The entry covering Ferguson's formation with the king anywhere ([`Meta::formation`]).
    pub fn formation(&self) -> Option<Entry> {
        self.covering(&Meta::formation(), &|_| true)
    }

    /// The bot's attempt with its own pieces `own` (colour `us`: its king and two bishops on
    /// both colours, nothing else) against a lone king on one of `kings`, under any of the
    /// board's eight symmetries, with the most moves to mate; `None` when no entry covers it.
    /// `allowed`: attempts not yet refused this turn.
    pub fn next(
        &self,
        own: &Board,
        us: Color,
        kings: Bitboard,
        allowed: &dyn Fn(Attempt) -> bool,
    ) -> Option<(Attempt, u8)> {
        let mine = own.by_color(us);
        let bishops = own.bishops() & mine;
        let king = own.king_of(us)?;
        if mine != bishops.with(king) || bishops.count() != 2 || kings.is_empty() {
            return None;
        }
        let mut best: Option<(Attempt, u8)> = None;
        for t in 0..8u8 {
            // `transform` is its own inverse for t < 4; for the diagonal swaps (t >= 4) the
            // inverse swaps first, then mirrors.
            let map = |sq: Square| transform(sq, t);
            let back = |sq: Square| inverse(sq, t);
            let mut light = None;
            let mut dark = None;
            for b in bishops {
                let m = map(b);
                if m.is_light() {
                    light = Some(m);
                } else {
                    dark = Some(m);
                }
            }
            let (Some(light), Some(dark)) = (light, dark) else {
                continue;
            };
            let set = kings
                .into_iter()
                .map(map)
                .fold(Bitboard::EMPTY, |b, s| b.with(s));
            let allowed_here = |a: Attempt| allowed(Attempt::new(back(a.from), back(a.to)));
            let seen = Meta {
                king: map(king),
                light,
                dark,
                kings: set,
            };
            if let Some(e) = self.covering(&seen, &allowed_here)
                && best.is_none_or(|(_, m)| e.moves < m)
            {
                best = Some((
                    Attempt::new(back(e.attempt.from), back(e.attempt.to)),
                    e.moves,
                ));
            }
        }
        best
    }

    /// The entries, deflated (the shipped file's format).
    pub fn to_compressed(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.len * ENTRY);
        let mut all: Vec<&Entry> = self.by_placement.values().flatten().collect();
        all.sort_by_key(|e| (e.moves, e.meta.kings.0, key(&e.meta)));
        for e in all {
            let m = &e.meta;
            for sq in [m.king, m.light, m.dark] {
                bytes.push(u8::from(sq));
            }
            bytes.extend_from_slice(&m.kings.0.to_le_bytes());
            bytes.push(u8::from(e.attempt.from));
            bytes.push(u8::from(e.attempt.to));
            bytes.push(e.moves);
        }
        miniz_oxide::deflate::compress_to_vec(&bytes, 9)
    }

    /// A strategy from [`Strategy::to_compressed`] bytes (read, not yet proven:
    /// [`Strategy::verify`]).
    pub fn from_compressed(bytes: &[u8]) -> Result<Strategy, StrategyError> {
        let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(bytes, MOST * ENTRY)
            .map_err(|_| StrategyError::Compression)?;
        if raw.len() % ENTRY != 0 {
            return Err(StrategyError::Entry(raw.len()));
        }
        let square = |b: u8, at: usize| Square::try_from(b).map_err(|_| StrategyError::Entry(at));
        let mut entries = Vec::with_capacity(raw.len() / ENTRY);
        for (i, c) in raw.chunks_exact(ENTRY).enumerate() {
            let at = i * ENTRY;
            let mut set = [0u8; 8];
            set.copy_from_slice(&c[3..11]);
            entries.push(Entry {
                meta: Meta {
                    king: square(c[0], at)?,
                    light: square(c[1], at)?,
                    dark: square(c[2], at)?,
                    kings: Bitboard(u64::from_le_bytes(set)),
                },
                attempt: Attempt::new(square(c[11], at)?, square(c[12], at)?),
                moves: c[13],
            });
        }
        Ok(Strategy::new(entries))
    }

    /// Proves the strategy: it covers Ferguson's formation, and from every entry its attempt
    /// is safe and legal somewhere, and every answer is covered by an entry with fewer moves
    /// (a refusal: no more moves, on a smaller set), or mates. By induction on the moves, every
    /// entry mates within its moves whatever the king does.
    pub fn verify(&self) -> Result<(), StrategyError> {
        let yes = |_: Attempt| true;
        self.formation().ok_or(StrategyError::NoStart)?;
        for e in self.by_placement.values().flatten() {
            let fail = |why| Err(StrategyError::Unproven(e.meta, why));
            if !e.meta.light.is_light() || e.meta.dark.is_light() {
                return fail("a bishop on the wrong colour");
            }
            let Some(o) = e.meta.play(e.attempt) else {
                return fail("its attempt is unsafe, refused everywhere or not White's");
            };
            if let Some(r) = o.refused {
                let covered = self
                    .covering(&r, &|a| a != e.attempt)
                    .is_some_and(|n| n.moves <= e.moves);
                if !covered {
                    return fail("a refusal is not covered");
                }
            }
            for next in [o.quiet, o.check].into_iter().flatten() {
                let covered = self
                    .covering(&next, &yes)
                    .is_some_and(|n| n.moves < e.moves);
                if !covered {
                    return fail("an answer is not covered by an entry with fewer moves");
                }
            }
            if e.moves == 0 {
                return fail("it claims a mate in no moves");
            }
        }
        Ok(())
    }

    /// The shipped strategy (`assets/kbb/strategy.deflate`, built by `kriegspiel kbb-table`),
    /// loaded and proven once.
    pub fn get() -> Result<&'static Strategy, StrategyError> {
        static SHIPPED: OnceLock<Result<Strategy, StrategyError>> = OnceLock::new();
        SHIPPED
            .get_or_init(|| {
                let s =
                    Strategy::from_compressed(include_bytes!("../../assets/kbb/strategy.deflate"))?;
                s.verify()?;
                Ok(s)
            })
            .as_ref()
            .map_err(Clone::clone)
    }
}

/// The inverse of [`transform`]`(_, t)`.
fn inverse(sq: Square, t: u8) -> Square {
    if t & 4 != 0 {
        // transform mirrors, then swaps: undo the swap first, then the mirrors.
        transform(transform(sq, 4), t & 3)
    } else {
        transform(sq, t)
    }
}
