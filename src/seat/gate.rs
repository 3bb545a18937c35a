//! The table's door: which new connections may start an exchange, and when. Connections that
//! have not yet sent their `hello` are capped (in all and per address; past the cap the
//! address with the most waiting loses its oldest). Exchanges are paced, never locked out: each
//! address (an IPv6 /64) has a bucket of [`ADDRESS_BURST`] tries refilled one per
//! [`ADDRESS_INTERVAL`], and every exchange over a join code (all addresses together) one of
//! [`CODE_BURST`] refilled one per [`CODE_INTERVAL`]. A try with no token waits for its turn
//! (a place is reserved for it, first come first served) when that is at most [`MAX_WAIT`]
//! away, and is refused ("try again in a few seconds") otherwise. A try costs a token until its
//! `hello` opens ([`Gate::forgive`] gives it back); a try dropped before its turn gives its
//! place back. Everything kept here is bounded.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// Connections still in their handshake, in all.
pub const MAX_PENDING: usize = 256;

/// Connections still in their handshake from one address.
pub const MAX_PENDING_PER_ADDRESS: usize = 8;

/// Tries an address may make at once.
pub const ADDRESS_BURST: u32 = 5;

/// One more try from an address per this long.
pub const ADDRESS_INTERVAL: Duration = Duration::from_secs(2);

/// Exchanges over a join code that may be made at once (from all addresses).
pub const CODE_BURST: u32 = 64;

/// One more exchange over a join code per this long (64 a second): at most 5.5 million a day,
/// against 31^6 = 887,503,681 codes.
pub const CODE_INTERVAL: Duration = Duration::from_micros(15_625);

/// The longest a try is made to wait for its turn (a seat waits 5 s for the table's answer):
/// [`MAX_PENDING`] tries over the code fit in it.
pub const MAX_WAIT: Duration = Duration::from_secs(4);

/// Addresses whose pace is remembered (the fewest-owing are forgotten first).
const MAX_ADDRESSES: usize = 65_536;

/// What to do with a new connection.
#[derive(Debug, PartialEq, Eq)]
pub enum Admit {
    /// Let it in under this number; the handshake with that number may be dropped for it.
    In { id: u64, evict: Option<u64> },
    /// Close it at once: its address has too many connections waiting.
    TooManyWaiting,
}

/// A bucket as its theoretical arrival time (the generic cell rate algorithm): a try at `now`
/// may start at `tat - (burst - 1) * interval` or later, and moves `tat` on by `interval`.
#[derive(Clone, Copy)]
struct Pace {
    interval: Duration,
    burst: u32,
}

impl Pace {
    /// When a try at `now` may start given `tat` (None: `tat` is unset, at once).
    fn start(self, tat: Option<Instant>, now: Instant) -> Instant {
        let tat = tat.map_or(now, |t| t.max(now));
        let slack = self.interval * self.burst.saturating_sub(1);
        tat.checked_sub(slack).map_or(now, |s| s.max(now))
    }

    fn take(self, tat: Option<Instant>, now: Instant) -> Instant {
        tat.map_or(now, |t| t.max(now)) + self.interval
    }
}

const ADDRESS: Pace = Pace {
    interval: ADDRESS_INTERVAL,
    burst: ADDRESS_BURST,
};
const CODE: Pace = Pace {
    interval: CODE_INTERVAL,
    burst: CODE_BURST,
};

/// A try holding its tokens.
struct Held {
    address: IpAddr,
    code: bool,
    start: Instant,
}

/// The door's state.
#[derive(Default)]
pub struct Gate {
    next: u64,
    /// Waiting connections by number: their address, in arrival order.
    pending: VecDeque<(u64, IpAddr)>,
    per_address: HashMap<IpAddr, usize>,
    /// Each address's bucket (its theoretical arrival time).
    paces: HashMap<IpAddr, Instant>,
    /// The join code's bucket.
    code_pace: Option<Instant>,
    /// The tries holding tokens, by connection number.
    held: HashMap<u64, Held>,
}

/// The address as paced: an IPv6 address by its /64 (one host's or site's share).
fn paced(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
        v4 => v4,
    }
}

impl Gate {
    /// A new connection from `address`.
    pub fn admit(&mut self, address: IpAddr) -> Admit {
        if self.per_address.get(&address).copied().unwrap_or(0) >= MAX_PENDING_PER_ADDRESS {
            return Admit::TooManyWaiting;
        }
        let evict = if self.pending.len() >= MAX_PENDING {
            self.to_drop(address)
        } else {
            None
        };
        if let Some(old) = evict {
            self.done(old);
        }
        let id = self.next;
        self.next += 1;
        self.pending.push_back((id, address));
        *self.per_address.entry(address).or_default() += 1;
        Admit::In { id, evict }
    }

    /// The connection dropped for a newcomer from `address`: the oldest of the address with the
    /// most waiting (the newcomer's own on a tie), so that many connections from a few addresses
    /// cannot push out one from another.
    fn to_drop(&self, address: IpAddr) -> Option<u64> {
        let most = self.per_address.values().copied().max()?;
        let own = self.per_address.get(&address).copied().unwrap_or(0);
        let from = |a: IpAddr| {
            self.pending
                .iter()
                .find(|(_, p)| *p == a)
                .map(|&(id, _)| id)
        };
        if own == most {
            return from(address);
        }
        self.pending
            .iter()
            .find(|(_, a)| self.per_address.get(a) == Some(&most))
            .map(|&(id, _)| id)
    }

    /// A handshake ended (seated, refused, dropped or timed out).
    pub fn done(&mut self, id: u64) {
        self.done_at(id, Instant::now());
    }

    /// [`Gate::done`] at `now`: a try that had not reached its turn gives its place back.
    pub fn done_at(&mut self, id: u64, now: Instant) {
        if let Some(held) = self.held.remove(&id)
            && held.start > now
        {
            self.give_back(&held);
        }
        let Some(at) = self.pending.iter().position(|&(i, _)| i == id) else {
            return;
        };
        if let Some((_, address)) = self.pending.remove(at)
            && let Some(n) = self.per_address.get_mut(&address)
        {
            *n -= 1;
            if *n == 0 {
                self.per_address.remove(&address);
            }
        }
    }

    /// Connections waiting now.
    pub fn waiting(&self) -> usize {
        self.pending.len()
    }

    /// When connection `id` from `address` may start an exchange (`code`: over a join code),
    /// as a wait from `now`; `None`: refused (its turn is more than [`MAX_WAIT`] away). The try
    /// holds its tokens until [`Gate::forgive`] (a `hello` that opened) or, before its turn,
    /// [`Gate::done`].
    pub fn try_at(
        &mut self,
        id: u64,
        address: IpAddr,
        code: bool,
        now: Instant,
    ) -> Option<Duration> {
        let key = paced(address);
        let tat = self.paces.get(&key).copied();
        let mut start = ADDRESS.start(tat, now);
        if code {
            start = start.max(CODE.start(self.code_pace, now));
        }
        if start.duration_since(now) > MAX_WAIT {
            return None;
        }
        self.remember(key, now);
        self.paces.insert(key, ADDRESS.take(tat, now));
        if code {
            self.code_pace = Some(CODE.take(self.code_pace, now));
        }
        self.held.insert(
            id,
            Held {
                address: key,
                code,
                start,
            },
        );
        Some(start.duration_since(now))
    }

    /// Connection `id`'s `hello` opened: its tokens are given back.
    pub fn forgive(&mut self, id: u64) {
        if let Some(held) = self.held.remove(&id) {
            self.give_back(&held);
        }
    }

    fn give_back(&mut self, held: &Held) {
        if let Some(tat) = self.paces.get_mut(&held.address) {
            *tat = tat.checked_sub(ADDRESS_INTERVAL).unwrap_or(*tat);
        }
        if held.code
            && let Some(tat) = self.code_pace.as_mut()
        {
            *tat = tat.checked_sub(CODE_INTERVAL).unwrap_or(*tat);
        }
    }

    /// Makes room for `key`'s pace: an address whose bucket is full again is forgotten.
    fn remember(&mut self, key: IpAddr, now: Instant) {
        if self.paces.len() < MAX_ADDRESSES || self.paces.contains_key(&key) {
            return;
        }
        self.paces.retain(|_, tat| *tat > now);
        if self.paces.len() >= MAX_ADDRESSES {
            // Still full of recent tries: forget the one owing least (memory stays bounded).
            if let Some(k) = self.paces.iter().min_by_key(|(_, t)| **t).map(|(k, _)| *k) {
                self.paces.remove(&k);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    fn ip(n: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(127, 0, 0, n))
    }

    #[test]
    fn an_address_waits_with_at_most_its_share() {
        let mut gate = Gate::default();
        let ids: Vec<_> = (0..MAX_PENDING_PER_ADDRESS)
            .map(|_| gate.admit(ip(2)))
            .collect();
        assert!(
            ids.iter()
                .all(|a| matches!(a, Admit::In { evict: None, .. }))
        );
        assert_eq!(gate.admit(ip(2)), Admit::TooManyWaiting);
        assert!(matches!(gate.admit(ip(3)), Admit::In { .. }));
        if let Admit::In { id, .. } = ids[0] {
            gate.done(id);
        }
        assert!(matches!(gate.admit(ip(2)), Admit::In { .. }));
    }

    #[test]
    fn past_the_cap_the_oldest_is_dropped() {
        let mut gate = Gate::default();
        for n in 0..MAX_PENDING {
            let address = IpAddr::V4(Ipv4Addr::new(127, 1, (n / 256) as u8, (n % 256) as u8));
            assert!(matches!(gate.admit(address), Admit::In { evict: None, .. }));
        }
        assert_eq!(
            gate.admit(ip(9)),
            Admit::In {
                id: MAX_PENDING as u64,
                evict: Some(0)
            }
        );
        assert_eq!(gate.waiting(), MAX_PENDING);
    }

    #[test]
    fn failures_slow_an_address_for_seconds_and_never_lock_it_out() {
        let mut gate = Gate::default();
        let t0 = Instant::now();
        for id in 0..u64::from(ADDRESS_BURST) {
            assert_eq!(gate.try_at(id, ip(4), true, t0), Some(Duration::ZERO));
            gate.done_at(id, t0); // failed
        }
        // The next waits one interval; another address does not wait.
        assert_eq!(gate.try_at(10, ip(4), true, t0), Some(ADDRESS_INTERVAL));
        assert_eq!(gate.try_at(11, ip(5), true, t0), Some(Duration::ZERO));
        // Tries that stack up wait longer; past MAX_WAIT they are refused, not queued.
        assert_eq!(gate.try_at(12, ip(4), true, t0), Some(2 * ADDRESS_INTERVAL));
        assert_eq!(gate.try_at(13, ip(4), true, t0), None);
        // A try dropped before its turn gives its place back.
        gate.done_at(12, t0);
        assert_eq!(gate.try_at(14, ip(4), true, t0), Some(2 * ADDRESS_INTERVAL));
        // Once the waits pass, the address tries at once again.
        let later = t0 + ADDRESS_INTERVAL * (ADDRESS_BURST + 2);
        assert_eq!(gate.try_at(15, ip(4), true, later), Some(Duration::ZERO));
        // A try whose hello opened does not count.
        for id in 100..120 {
            assert_eq!(gate.try_at(id, ip(6), true, later), Some(Duration::ZERO));
            gate.forgive(id);
        }
        // An IPv6 address is paced by its /64.
        let v6 =
            |last: u16| IpAddr::V6(std::net::Ipv6Addr::new(0x2001, 0xdb8, 0, 1, 0, 0, 0, last));
        for id in 200..205 {
            assert_eq!(
                gate.try_at(id, v6(id as u16), true, later),
                Some(Duration::ZERO)
            );
        }
        assert_eq!(gate.try_at(205, v6(9), true, later), Some(ADDRESS_INTERVAL));
    }

    #[test]
    fn every_try_over_the_code_gets_its_turn_within_the_longest_wait() {
        let mut gate = Gate::default();
        let t0 = Instant::now();
        // As many addresses as may wait at once, all trying at the same instant.
        let mut last = Duration::ZERO;
        for n in 0..MAX_PENDING as u64 {
            let address = IpAddr::V4(Ipv4Addr::new(127, 2, (n / 256) as u8, (n % 256) as u8));
            let wait = gate.try_at(n, address, true, t0).expect("a turn");
            assert!(wait >= last);
            last = wait;
        }
        assert_eq!(last, CODE_INTERVAL * (MAX_PENDING as u32 - CODE_BURST));
        assert!(last <= MAX_WAIT);
        // A seat's token is paced only by its address.
        assert_eq!(gate.try_at(999, ip(7), false, t0), Some(Duration::ZERO));
        // A day of guessing at the code's pace covers under 1% of the codes.
        let per_day = Duration::from_secs(86_400).as_micros() / CODE_INTERVAL.as_micros();
        assert!(per_day * 100 < 31u128.pow(6), "{per_day}");
    }

    #[test]
    fn past_the_cap_the_address_with_most_waiting_loses_its_oldest() {
        let mut gate = Gate::default();
        // One connection from the player's address, the rest from few others.
        assert!(matches!(gate.admit(ip(1)), Admit::In { id: 0, .. }));
        for n in 1..MAX_PENDING {
            let address = ip(10 + (n % 40) as u8);
            assert!(matches!(gate.admit(address), Admit::In { evict: None, .. }));
        }
        for n in 0..1000 {
            if let Admit::In { evict, .. } = gate.admit(ip(100 + (n % 50) as u8)) {
                assert_ne!(evict, Some(0), "the player's one connection stays");
            }
        }
    }
}
