//! What the proof-number search keeps between visits of a node ([`super::pn`]): the numbers,
//! each turn's first moves in order, and each attempt's children worked out. df-pn visits a
//! node again each time its thresholds grow; working out its attempts and their children again
//! on every visit was most of its time. Each store is bounded: it keeps two generations and drops
//! the older when the newer is full, so what was used lately stays.

use crate::problem::tree::Act;
use std::collections::HashMap;
use std::sync::Arc;

/// A bounded store: the entries of the current generation and of the one before, each with its
/// weight; the current one holds at most half the capacity's weight.
pub(super) struct Generations<T> {
    now: HashMap<u64, (T, usize)>,
    old: HashMap<u64, (T, usize)>,
    weight: usize,
    cap: usize,
}

impl<T: Clone> Generations<T> {
    pub(super) fn new(cap: usize) -> Generations<T> {
        Generations {
            now: HashMap::new(),
            old: HashMap::new(),
            weight: 0,
            cap: cap.max(2),
        }
    }

    /// The entry of `key`, moved into the current generation if it was in the older.
    pub(super) fn get(&mut self, key: u64) -> Option<T> {
        if let Some((v, _)) = self.now.get(&key) {
            return Some(v.clone());
        }
        let (v, w) = self.old.remove(&key)?;
        self.put(key, v.clone(), w);
        Some(v)
    }

    /// The entry of `key`, where it is.
    pub(super) fn peek(&self, key: u64) -> Option<&T> {
        self.now
            .get(&key)
            .or_else(|| self.old.get(&key))
            .map(|(v, _)| v)
    }

    /// Keeps `value` for `key`, weighing `weight`; whether the older generation was dropped.
    pub(super) fn put(&mut self, key: u64, value: T, weight: usize) -> bool {
        let full = !self.now.is_empty() && self.weight.saturating_add(weight) > self.cap / 2;
        if full {
            self.old = std::mem::take(&mut self.now);
            self.weight = 0;
        }
        if let Some((_, w)) = self.now.insert(key, (value, weight)) {
            self.weight = self.weight.saturating_sub(w);
        }
        self.weight = self.weight.saturating_add(weight);
        full
    }

    /// Drops the older generation and holds a quarter less from now on, never less than
    /// `floor`.
    pub(super) fn squeeze(&mut self, floor: usize) {
        self.old = HashMap::new();
        self.cap = (self.cap / 4 * 3).max(floor).max(2);
    }

    /// How many entries it holds.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.now.len() + self.old.len()
    }
}

/// A node's proof and disproof numbers.
pub(super) type Numbers = (u32, u32);

/// A turn's first moves, best first, each with its proof number before it is searched.
pub(super) type Acts = Arc<[(Act, u32)]>;

/// The memory a world kept in the children store takes, about (its referee, its position and
/// its legal moves), in bytes.
const WORLD_BYTES: usize = 600;

/// The least each store holds, in entries (the numbers, the first moves) or worlds (the
/// children), whatever the memory budget (about 2.5 MB in all): a memo that holds nothing loses
/// the numbers it was just given and works the same nodes out again without end (Anderson's
/// no. 40 under a 1 MB budget ran for minutes past its deadline).
const FLOOR: usize = 4_096;

/// What one proof-number worker keeps.
pub(super) struct Memo<E> {
    /// The numbers of the nodes searched (by their keys).
    pub(super) numbers: Generations<Numbers>,
    /// Each turn's first moves.
    pub(super) acts: Generations<Acts>,
    /// Each attempt's children, weighed by their worlds.
    pub(super) children: Generations<Arc<E>>,
    /// How the first moves stood when the search last looked.
    pub(super) front: String,
}

impl<E> Memo<E> {
    /// A memo for tables of at most `beliefs` beliefs of `belief_bytes` each: the numbers and
    /// first moves take about what the tables' half would, the children a fifth of the tables'
    /// memory.
    pub(super) fn new(beliefs: usize, belief_bytes: usize) -> Memo<E> {
        Memo {
            numbers: Generations::new((beliefs / 2).max(FLOOR)),
            acts: Generations::new((beliefs / 2).max(FLOOR)),
            children: Generations::new(
                (beliefs.saturating_mul(belief_bytes) / 5 / WORLD_BYTES).max(FLOOR),
            ),
            front: String::new(),
        }
    }
}

impl<E> Memo<E> {
    /// Drops what each store holds of the older generation, and holds a quarter less from now.
    pub(super) fn squeeze(&mut self) {
        self.numbers.squeeze(FLOOR);
        self.acts.squeeze(FLOOR);
        self.children.squeeze(FLOOR);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_older_generation_goes_when_the_newer_is_full() {
        let mut g: Generations<u32> = Generations::new(8);
        for k in 0..4 {
            assert!(!g.put(k, 10 + k as u32, 1));
        }
        // The fifth entry starts a new generation; the first four are still found.
        assert!(g.put(4, 14, 1));
        assert_eq!(g.peek(0), Some(&10));
        // Looked up, an old entry moves into the new generation and survives the next turn.
        assert_eq!(g.get(1), Some(11));
        for k in 5..7 {
            assert!(!g.put(k, 0, 1));
        }
        assert!(g.put(7, 0, 1));
        assert_eq!(g.peek(1), Some(&11));
        assert_eq!(g.peek(0), None);
        assert!(g.len() <= 8);
    }

    #[test]
    fn a_squeeze_drops_the_older_generation_and_holds_less() {
        let mut g: Generations<u32> = Generations::new(8);
        for k in 0..5 {
            g.put(k, 0, 1);
        }
        g.squeeze(0);
        // The first four were the older generation; the fifth stays.
        assert_eq!(g.len(), 1);
        assert_eq!(g.peek(4), Some(&0));
        // Six now: a generation of three.
        for k in 5..7 {
            assert!(!g.put(k, 0, 1));
        }
        assert!(g.put(7, 0, 1));
    }

    #[test]
    fn a_squeezed_memo_keeps_its_floor() {
        let mut m: Memo<u32> = Memo::new(0, 0);
        for _ in 0..100 {
            m.squeeze();
        }
        // What was just put is still there after a squeeze, however many came before.
        for k in 0..FLOOR as u64 / 2 {
            m.numbers.put(k, (1, 2), 1);
        }
        m.squeeze();
        assert_eq!(m.numbers.peek(0), Some(&(1, 2)));
        assert_eq!(m.numbers.peek(FLOOR as u64 / 2 - 1), Some(&(1, 2)));
    }

    #[test]
    fn a_heavy_entry_counts_its_weight() {
        let mut g: Generations<u32> = Generations::new(100);
        g.put(1, 1, 40);
        assert!(g.put(2, 2, 40));
        assert!(g.put(3, 3, 40));
        assert_eq!(g.peek(1), None);
        assert_eq!(g.peek(2), Some(&2));
    }
}
