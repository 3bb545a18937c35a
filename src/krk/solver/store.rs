//! The stored table: the deflated file format, the shipped table loaded once, and the
//! checks that prove a loaded table's values.

use super::{Cost, SHAPES, SLOTS, Table, TableError, UNSOLVED};
use std::sync::OnceLock;

impl Table {
    /// The values, one byte per slot, deflated (the shipped file's format).
    pub fn to_compressed(&self) -> Vec<u8> {
        miniz_oxide::deflate::compress_to_vec(&self.values, 9)
    }

    /// A table from [`Table::to_compressed`] bytes. Only the size is checked here; the tests
    /// and `kriegspiel krk-table --check` run [`Table::verify`] on the shipped table.
    pub fn from_compressed(bytes: &[u8]) -> Result<Table, TableError> {
        let values = miniz_oxide::inflate::decompress_to_vec_with_limit(bytes, SLOTS + 1)
            .map_err(|_| TableError::Compression)?;
        if values.len() != SLOTS {
            return Err(TableError::Size {
                found: values.len(),
            });
        }
        let mut table = Table::empty();
        table.values = values;
        Ok(table)
    }

    /// The shipped table (`assets/krk/strategy.deflate`, built by `kriegspiel krk-table`),
    /// loaded once.
    pub fn get() -> Result<&'static Table, TableError> {
        static TABLE: OnceLock<Result<Table, TableError>> = OnceLock::new();
        TABLE
            .get_or_init(|| {
                Table::from_compressed(include_bytes!("../../../assets/krk/strategy.deflate"))
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Checks that every solved state's value is achieved by one of its attempts against the
    /// stored values of what follows (illegal answers: a strictly smaller set, whose value
    /// may equal it), and that unreachable slots are unsolved. By induction this proves every
    /// value is a real bound.
    pub fn verify(&self) -> Result<(), TableError> {
        let mut expected = vec![false; SLOTS];
        for (p, s) in self.states() {
            let pl = &self.placements[usize::from(p)];
            let slot = usize::from(pl.canon) * SHAPES + usize::from(s);
            expected[slot] = true;
            let value = self.values[slot];
            if value == UNSOLVED {
                continue;
            }
            let m = self.shapes[usize::from(s)].squares() & pl.legal;
            let ok = value > 0
                && pl.moves.iter().any(|mv| {
                    // An illegal answer may keep the same shape only if its true set is
                    // smaller; the shape's value then counts as itself, which `cost` reads
                    // as the same stored value: require it strictly below for the shape's
                    // own slot to avoid a loop.
                    let illegal = m & mv.illegal;
                    if illegal.any() && self.slot(usize::from(p), illegal) == Some(slot) {
                        return false;
                    }
                    matches!(self.cost(usize::from(p), m, mv, u32::from(value)), Cost::Mate(c) if c <= u32::from(value))
                });
            if !ok {
                return Err(TableError::Inconsistent { slot, value });
            }
        }
        match self
            .values
            .iter()
            .enumerate()
            .find(|(i, v)| **v != UNSOLVED && !expected[*i])
        {
            Some((slot, &value)) => Err(TableError::Inconsistent { slot, value }),
            None => Ok(()),
        }
    }

    /// Solved states, all states, and the largest value.
    pub fn stats(&self) -> (usize, usize, u8) {
        let states = self.states();
        let mut solved = 0;
        let mut max = 0;
        for (p, s) in states.iter().copied() {
            let slot = usize::from(self.placements[usize::from(p)].canon) * SHAPES + usize::from(s);
            let v = self.values[slot];
            if v != UNSOLVED {
                solved += 1;
                max = max.max(v);
            }
        }
        (solved, states.len(), max)
    }
}
