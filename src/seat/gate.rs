//! The table's door: which new connections may start an exchange. Connections that have not yet
//! sent their `hello` are capped (in all and per address; past the cap the oldest is dropped),
//! and an address whose exchanges failed [`MAX_FAILURES`] times in the last [`WINDOW`] is refused
//! until the window passes. Everything kept here is bounded.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// Connections still in their handshake, in all.
pub const MAX_PENDING: usize = 256;

/// Connections still in their handshake from one address.
pub const MAX_PENDING_PER_ADDRESS: usize = 8;

/// Failed exchanges an address may have in [`WINDOW`].
pub const MAX_FAILURES: usize = 5;

/// The window failed exchanges are counted over.
pub const WINDOW: Duration = Duration::from_secs(60);

/// Addresses whose failures are remembered (older ones are forgotten first).
const MAX_ADDRESSES: usize = 65_536;

/// What to do with a new connection.
#[derive(Debug, PartialEq, Eq)]
pub enum Admit {
    /// Let it in under this number; the handshake with that number may be dropped for it.
    In { id: u64, evict: Option<u64> },
    /// Close it at once: its address has too many connections waiting.
    TooManyWaiting,
}

/// The door's state.
#[derive(Default)]
pub struct Gate {
    next: u64,
    /// Waiting connections by number: their address, in arrival order.
    pending: VecDeque<(u64, IpAddr)>,
    per_address: HashMap<IpAddr, usize>,
    failures: HashMap<IpAddr, VecDeque<Instant>>,
}

impl Gate {
    /// A new connection from `address`.
    pub fn admit(&mut self, address: IpAddr) -> Admit {
        if self.per_address.get(&address).copied().unwrap_or(0) >= MAX_PENDING_PER_ADDRESS {
            return Admit::TooManyWaiting;
        }
        let evict = if self.pending.len() >= MAX_PENDING {
            self.pending.front().map(|&(id, _)| id)
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

    /// A handshake ended (seated, refused, dropped or timed out).
    pub fn done(&mut self, id: u64) {
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

    /// Whether `address` may try an exchange now; if so, the try counts as a failure until
    /// [`Gate::forgive`] (so that tries made at the same time cannot pass the limit together).
    pub fn try_now(&mut self, address: IpAddr, now: Instant) -> bool {
        if let Some(times) = self.failures.get_mut(&address) {
            while times
                .front()
                .is_some_and(|&t| now.duration_since(t) >= WINDOW)
            {
                times.pop_front();
            }
            if times.len() >= MAX_FAILURES {
                return false;
            }
        }
        self.failed(address, now);
        true
    }

    /// The last try from `address` succeeded.
    pub fn forgive(&mut self, address: IpAddr) {
        if let Some(times) = self.failures.get_mut(&address) {
            times.pop_back();
            if times.is_empty() {
                self.failures.remove(&address);
            }
        }
    }

    fn failed(&mut self, address: IpAddr, now: Instant) {
        if self.failures.len() >= MAX_ADDRESSES && !self.failures.contains_key(&address) {
            self.failures.retain(|_, t| {
                t.back()
                    .is_some_and(|&last| now.duration_since(last) < WINDOW)
            });
            if self.failures.len() >= MAX_ADDRESSES {
                // Still full of recent failures: forget an arbitrary one (each holds at most
                // MAX_FAILURES times, so memory stays bounded either way).
                if let Some(k) = self.failures.keys().next().copied() {
                    self.failures.remove(&k);
                }
            }
        }
        let times = self.failures.entry(address).or_default();
        times.push_back(now);
        while times.len() > MAX_FAILURES {
            times.pop_front();
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
    fn failures_refuse_an_address_for_a_window() {
        let mut gate = Gate::default();
        let t0 = Instant::now();
        for _ in 0..MAX_FAILURES {
            assert!(gate.try_now(ip(4), t0));
        }
        assert!(!gate.try_now(ip(4), t0 + Duration::from_secs(59)));
        assert!(gate.try_now(ip(5), t0));
        assert!(gate.try_now(ip(4), t0 + WINDOW));
        // A try that succeeds does not count.
        for _ in 0..2 * MAX_FAILURES {
            assert!(gate.try_now(ip(6), t0));
            gate.forgive(ip(6));
        }
    }
}
