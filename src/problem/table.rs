//! The solver's transposition tables, bounded: what was proven or refuted for a belief (or for
//! the opponent's turn from a set of positions), kept by a 64-bit key. A table that grows past
//! its share of the limit drops first what is cheapest to find again (refutations with one move
//! left), then about half of the rest, chosen by a bit of the key that changes each time: a
//! long search runs in bounded memory and only searches some beliefs again.

use std::collections::HashMap;

/// What a table knows of one belief.
struct Entry<T> {
    /// Proven with this many moves (and so with more), and how.
    proven: Option<(u8, T)>,
    /// Refuted with every number of moves up to this one (0: never refuted).
    refuted: u8,
}

/// What a look in the table found.
pub(super) enum Known<T> {
    /// Proven within the moves asked.
    Proven(T),
    /// Refuted within the moves asked.
    Refuted,
    /// Neither.
    Unknown,
}

/// One transposition table.
pub(super) struct Table<T> {
    map: HashMap<u64, Entry<T>>,
    /// The key bit used by the last halving.
    halvings: u32,
    /// The entries room was made for ([`Table::reserve`]): trims do not shrink below it.
    reserved: usize,
}

impl<T: Clone> Table<T> {
    pub(super) fn new() -> Table<T> {
        Table {
            map: HashMap::new(),
            halvings: 0,
            reserved: 0,
        }
    }

    /// Makes room for `entries` beliefs at once (the table then does not grow in place, which
    /// holds its old and new arrays together, up to that size).
    pub(super) fn reserve(&mut self, entries: usize) {
        self.reserved = self.reserved.max(entries);
        self.map.reserve(entries.saturating_sub(self.map.len()));
    }

    /// What the table knows of `key` with `depth` moves.
    pub(super) fn look(&self, key: u64, depth: u8) -> Known<T> {
        match self.map.get(&key) {
            Some(Entry {
                proven: Some((d, value)),
                ..
            }) if *d <= depth => Known::Proven(value.clone()),
            Some(e) if e.refuted >= depth => Known::Refuted,
            _ => Known::Unknown,
        }
    }

    /// Whether `key` is known refuted with `depth` moves.
    pub(super) fn refuted(&self, key: u64, depth: u8) -> bool {
        self.map.get(&key).is_some_and(|e| e.refuted >= depth)
    }

    /// Keeps `value` as the proof of `key` with `depth` moves.
    pub(super) fn prove(&mut self, key: u64, depth: u8, value: T) {
        self.entry(key).proven = Some((depth, value));
    }

    /// Keeps `key` refuted with `depth` moves.
    pub(super) fn refute(&mut self, key: u64, depth: u8) {
        let e = self.entry(key);
        e.refuted = e.refuted.max(depth);
    }

    fn entry(&mut self, key: u64) -> &mut Entry<T> {
        self.map.entry(key).or_insert(Entry {
            proven: None,
            refuted: 0,
        })
    }

    /// How many beliefs it holds.
    pub(super) fn len(&self) -> usize {
        self.map.len()
    }

    /// Brings the table down to at most `limit` entries (see the module's doc).
    pub(super) fn trim(&mut self, limit: usize) {
        if self.map.len() <= limit {
            return;
        }
        self.map.retain(|_, e| e.proven.is_some() || e.refuted > 1);
        while self.map.len() > limit.saturating_mul(3) / 4 {
            let bit = 17 + self.halvings % 40;
            self.halvings += 1;
            self.map.retain(|key, _| (key >> bit) & 1 == 0);
        }
        self.map.shrink_to(limit.max(self.reserved));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proofs_hold_deeper_and_refutations_shallower() {
        let mut t: Table<u32> = Table::new();
        t.prove(1, 3, 7);
        t.refute(2, 4);
        assert!(matches!(t.look(1, 5), Known::Proven(7)));
        assert!(matches!(t.look(1, 2), Known::Unknown));
        assert!(matches!(t.look(2, 3), Known::Refuted));
        assert!(matches!(t.look(2, 5), Known::Unknown));
        assert!(t.refuted(2, 4) && !t.refuted(2, 5));
    }

    #[test]
    fn a_full_table_is_trimmed_to_its_limit() {
        let mut t: Table<u32> = Table::new();
        let mix = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for i in 0..10_000u64 {
            t.refute(mix(i), if i % 2 == 0 { 1 } else { 3 });
        }
        t.trim(20_000);
        assert_eq!(t.len(), 10_000);
        t.trim(4_000);
        assert!(t.len() <= 3_000, "{}", t.len());
        assert!(t.len() > 0);
        // What was kept is still known.
        let kept = (0..10_000u64).filter(|&i| t.refuted(mix(i), 3)).count();
        assert_eq!(kept, t.len());
    }
}
