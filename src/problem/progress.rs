//! How far a search has come, shared with whoever waits for it (a screen, the command line):
//! counts the solver updates as it goes, read from another thread, and a request to stop.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};

/// A search's progress; the solver writes it, anyone may read it (see [`super::Solver::progress`]).
#[derive(Debug, Default)]
pub struct Progress {
    nodes: AtomicU64,
    entries: AtomicU64,
    tried: AtomicU32,
    first_moves: AtomicU32,
    round: AtomicU32,
    stop: AtomicBool,
}

/// A reading of [`Progress`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// Solver turns searched.
    pub nodes: u64,
    /// Beliefs held in the tables.
    pub entries: u64,
    /// First moves searched in this round, of `first_moves`.
    pub tried: u32,
    /// First moves (and questions) worth searching.
    pub first_moves: u32,
    /// The round (each gives every first move left a larger budget).
    pub round: u32,
}

impl Progress {
    /// Asks the search to stop (it then reports the time as run out).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The counts now.
    pub fn read(&self) -> Reading {
        Reading {
            nodes: self.nodes.load(Ordering::Relaxed),
            entries: self.entries.load(Ordering::Relaxed),
            tried: self.tried.load(Ordering::Relaxed),
            first_moves: self.first_moves.load(Ordering::Relaxed),
            round: self.round.load(Ordering::Relaxed),
        }
    }

    pub(super) fn counts(&self, nodes: u64, entries: usize) {
        self.nodes.store(nodes, Ordering::Relaxed);
        self.entries.store(entries as u64, Ordering::Relaxed);
    }

    pub(super) fn first(&self, tried: usize, of: usize, round: u32) {
        self.tried
            .store(u32::try_from(tried).unwrap_or(u32::MAX), Ordering::Relaxed);
        self.first_moves
            .store(u32::try_from(of).unwrap_or(u32::MAX), Ordering::Relaxed);
        self.round.store(round, Ordering::Relaxed);
    }
}

impl std::fmt::Display for Reading {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} positions searched",
            crate::wording::thousands(u128::from(self.nodes))
        )?;
        if self.first_moves > 0 {
            write!(
                f,
                "; first move {} of {}",
                (self.tried + 1).min(self.first_moves),
                self.first_moves
            )?;
            if self.round > 1 {
                write!(f, " (round {})", self.round)?;
            }
        }
        write!(
            f,
            "; {} beliefs in memory",
            crate::wording::thousands(u128::from(self.entries))
        )
    }
}
