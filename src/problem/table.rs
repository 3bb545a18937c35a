//! The solver's transposition tables, bounded: what was proven or refuted for a belief (or for
//! the opponent's turn from a set of positions), kept by a 64-bit key. A table that grows past
//! its share of the limit drops first what is cheapest to find again (refutations with one move
//! left), then about half of the rest, chosen by a bit of the key that changes each time: a
//! long search runs in bounded memory and only searches some beliefs again.
//!
//! A strategy that wins against a belief wins against every part of it, so a proven belief also
//! answers for its subsets ([`Table::superset`]): each proven belief of several positions keeps
//! its positions' keys, and each position the beliefs proven that hold it.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// At most this many proven beliefs holding a position are looked at for a subset's proof.
const SCAN: usize = 48;

/// Proven beliefs of more positions are not kept for their subsets.
const MAX_INDEXED: usize = 512;

/// The key bits a trim halves the table by, in turn (bits 17 to 56).
const HALVING_BITS: u32 = 40;

/// A hasher for keys that are hashes already: it keeps them as they are.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// What a table knows of one belief.
struct Entry<T> {
    /// Proven with this many moves (and so with more), and how.
    proven: Option<(u8, T)>,
    /// Refuted with every number of moves up to this one (0: never refuted).
    refuted: u8,
    /// The keys of its positions, sorted, when it is proven and kept for its subsets.
    members: Option<Box<[u64]>>,
}

/// Whether the sorted `big` holds every key of the sorted `small`.
fn includes(big: &[u64], small: &[u64]) -> bool {
    let mut rest = big.iter();
    small.iter().all(|k| rest.by_ref().any(|b| b == k))
}

/// A belief's position keys (see [`Table::prove_in`]) sorted, without repeats.
pub(super) fn members(keys: &[u64]) -> Vec<u64> {
    let mut m = keys.to_vec();
    m.sort_unstable();
    m.dedup();
    m
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
    /// For each position key, the proven beliefs (keys) that hold it.
    holders: KeyMap<Vec<u64>>,
    /// For each position key, the refuted beliefs (keys) whose lowest key it is.
    firsts: KeyMap<Vec<u64>>,
    /// The key bit used by the last halving.
    halvings: u32,
    /// The entries room was made for ([`Table::reserve`]): trims do not shrink below it.
    reserved: usize,
    /// Refutations with fewer moves than this are not indexed ([`Table::index_from`]).
    least_indexed: u8,
}

impl<T: Clone> Table<T> {
    pub(super) fn new() -> Table<T> {
        Table {
            map: HashMap::new(),
            holders: KeyMap::default(),
            firsts: KeyMap::default(),
            halvings: 0,
            reserved: 0,
            least_indexed: 1,
        }
    }

    /// Indexes refutations for the beliefs that hold them only from `least` moves up (by
    /// default all): those with fewer are cheap to find again, and many.
    pub(super) fn index_from(mut self, least: u8) -> Table<T> {
        self.least_indexed = least.max(1);
        self
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

    /// A proof for a belief that holds every position of `members` (sorted, [`members`]) within
    /// `depth` moves: a proof of a larger belief is one of each of its parts.
    pub(super) fn superset(&self, members: &[u64], depth: u8) -> Option<T> {
        let mut fewest: Option<&Vec<u64>> = None;
        for p in members {
            // A position no proven belief holds: none holds them all.
            let h = self.holders.get(p)?;
            if fewest.is_none_or(|f| h.len() < f.len()) {
                fewest = Some(h);
            }
        }
        fewest?.iter().rev().take(SCAN).find_map(|s| {
            let e = self.map.get(s)?;
            match (&e.proven, &e.members) {
                (Some((d, value)), Some(m))
                    if *d <= depth && m.len() >= members.len() && includes(m, members) =>
                {
                    Some(value.clone())
                }
                _ => None,
            }
        })
    }

    /// Whether `key` is known refuted with `depth` moves.
    pub(super) fn refuted(&self, key: u64, depth: u8) -> bool {
        self.map.get(&key).is_some_and(|e| e.refuted >= depth)
    }

    /// Keeps `value` as the proof of `key` with `depth` moves.
    #[cfg(test)]
    pub(super) fn prove(&mut self, key: u64, depth: u8, value: T) {
        self.entry(key).proven = Some((depth, value));
    }

    /// [`Table::prove`], the belief's positions (`members`, sorted) kept so that its parts
    /// find the proof ([`Table::superset`]).
    pub(super) fn prove_in(&mut self, key: u64, members: &[u64], depth: u8, value: T) {
        let e = self.entry(key);
        let first = e.proven.is_none();
        e.proven = Some((depth, value));
        if first && members.len() >= 2 && self.keep(key, members) {
            for p in members {
                self.holders.entry(*p).or_default().push(key);
            }
        }
    }

    /// Keeps `key` refuted with `depth` moves.
    #[cfg(test)]
    pub(super) fn refute(&mut self, key: u64, depth: u8) {
        let e = self.entry(key);
        e.refuted = e.refuted.max(depth);
    }

    /// [`Table::refute`], the belief's positions (`members`, sorted) kept so that the beliefs
    /// that hold it find the refutation ([`Table::subset_refuted`]).
    pub(super) fn refute_in(&mut self, key: u64, members: &[u64], depth: u8) {
        let least = self.least_indexed;
        let e = self.entry(key);
        let first = e.refuted < least && depth >= least;
        e.refuted = e.refuted.max(depth);
        if let (true, Some(&low)) = (first, members.first())
            && self.keep(key, members)
        {
            self.firsts.entry(low).or_default().push(key);
        }
    }

    /// Keeps the positions of `key` (when there are not too many); whether they are kept.
    fn keep(&mut self, key: u64, members: &[u64]) -> bool {
        let Some(e) = self.map.get_mut(&key) else {
            return false;
        };
        if members.len() > MAX_INDEXED {
            return false;
        }
        if e.members.is_none() {
            e.members = Some(members.into());
        }
        true
    }

    /// Whether a belief with every position of it in `members` (sorted, [`members`]) is
    /// refuted within `depth` moves: a refutation of a belief is one of each larger one.
    pub(super) fn subset_refuted(&self, members: &[u64], depth: u8) -> bool {
        let mut scanned = 0;
        for (i, p) in members.iter().enumerate() {
            // Kept under its lowest key, a part of `members` starts at one of them.
            let Some(found) = self.firsts.get(p) else {
                continue;
            };
            for s in found.iter().rev().take(SCAN) {
                scanned += 1;
                if scanned > SCAN * 4 {
                    return false;
                }
                let Some(e) = self.map.get(s) else { continue };
                if let Some(m) = &e.members
                    && e.refuted >= depth
                    && includes(&members[i..], m)
                {
                    return true;
                }
            }
        }
        false
    }

    fn entry(&mut self, key: u64) -> &mut Entry<T> {
        self.map.entry(key).or_insert(Entry {
            proven: None,
            refuted: 0,
            members: None,
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
        let target = limit.saturating_mul(3) / 4;
        // At most one pass over the bits: keys alike in all of them (never hashed ones) would
        // otherwise be halved without end; what is still over then goes as it comes.
        for _ in 0..HALVING_BITS {
            if self.map.len() <= target {
                break;
            }
            let bit = 17 + self.halvings % HALVING_BITS;
            self.halvings += 1;
            self.map.retain(|key, _| (key >> bit) & 1 == 0);
        }
        if self.map.len() > target {
            let mut room = target;
            self.map.retain(|_, _| {
                let keep = room > 0;
                room = room.saturating_sub(1);
                keep
            });
        }
        self.map.shrink_to(limit.max(self.reserved));
        // The indexes again, of what is left.
        self.holders = KeyMap::default();
        self.firsts = KeyMap::default();
        for (key, e) in &self.map {
            let Some(m) = &e.members else { continue };
            if e.proven.is_some() && m.len() >= 2 {
                for p in m.iter() {
                    self.holders.entry(*p).or_default().push(*key);
                }
            }
            if let (true, Some(low)) = (e.refuted >= self.least_indexed, m.first()) {
                self.firsts.entry(*low).or_default().push(*key);
            }
        }
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
    fn a_proof_answers_for_every_subset_of_its_belief() {
        let mut t: Table<u32> = Table::new();
        t.prove_in(10, &members(&[5, 3, 9]), 4, 7);
        // Every part of {3, 5, 9} within 4 moves or more; the whole by its key too.
        assert_eq!(t.superset(&members(&[9, 3]), 4), Some(7));
        assert_eq!(t.superset(&[5], 6), Some(7));
        assert_eq!(t.superset(&[3, 5, 9], 4), Some(7));
        assert!(matches!(t.look(10, 4), Known::Proven(7)));
        // Not in fewer moves, and not for a belief with another position.
        assert_eq!(t.superset(&[3, 5], 3), None);
        assert_eq!(t.superset(&[3, 4], 4), None);
        assert_eq!(t.superset(&[1, 3, 5, 9], 4), None);
        // A refutation is never taken for a proof, and a lone position is not kept.
        t.refute(11, 4);
        t.prove_in(12, &[8], 2, 1);
        assert_eq!(t.superset(&[8], 4), None);
        assert!(matches!(t.look(12, 2), Known::Proven(1)));
    }

    #[test]
    fn a_refutation_answers_for_every_belief_that_holds_it_from_the_moves_indexed() {
        let mut t: Table<u32> = Table::new().index_from(2);
        t.refute_in(20, &members(&[4, 6]), 1);
        t.refute_in(21, &members(&[7, 9]), 3);
        // Within its moves or fewer, for any belief holding it.
        assert!(t.subset_refuted(&members(&[9, 1, 7]), 3));
        assert!(t.subset_refuted(&[7, 9], 2));
        assert!(!t.subset_refuted(&[7, 9], 4));
        assert!(!t.subset_refuted(&[1, 7], 3));
        // One with fewer moves than indexed answers only for its own key; refuted again with
        // more, it is indexed then.
        assert!(matches!(t.look(20, 1), Known::Refuted));
        assert!(!t.subset_refuted(&[4, 5, 6], 1));
        t.refute_in(20, &members(&[4, 6]), 2);
        assert!(t.subset_refuted(&[4, 5, 6], 2));
        // A trim drops the refutations with one move and indexes the rest again.
        for i in 0..100u64 {
            t.refute_in(i.wrapping_mul(0x9E37_79B9_7F4A_7C15), &[1_000 + i], 1);
        }
        t.trim(10);
        assert_eq!(t.len(), 2);
        assert!(t.subset_refuted(&[4, 5, 6], 2) && t.subset_refuted(&[7, 8, 9], 3));
    }

    #[test]
    fn a_trim_keeps_the_subsets_index_to_what_is_left() {
        let mut t: Table<u64> = Table::new();
        let mix = |i: u64| i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for i in 0..4_000u64 {
            t.prove_in(mix(i), &members(&[i, i + 1, 1_000_000]), 3, i);
        }
        t.trim(1_000);
        assert!(t.len() <= 750);
        for i in 0..4_000u64 {
            let kept = matches!(t.look(mix(i), 3), Known::Proven(_));
            let found = t.superset(&[i, i + 1], 3);
            // The pair {i, i+1} is only in belief i (and i+1's {i+1, i+2} lacks i).
            assert_eq!(found.is_some(), kept, "{i}");
            assert!(found.is_none_or(|v| v == i));
        }
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

    #[test]
    fn a_trim_ends_when_the_keys_are_alike_in_every_bit_it_halves_by() {
        // Keys below 2^17: no halving drops any; the trim still ends, at its limit.
        let mut t: Table<u32> = Table::new();
        for k in 0..10_000u64 {
            t.refute(k, 3);
        }
        t.trim(4_000);
        assert_eq!(t.len(), 3_000);
        assert!((0..10_000u64).filter(|&k| t.refuted(k, 3)).count() == 3_000);
    }
}
