//! When the search must stop or give memory back: its deadline, a request to stop, the root's
//! node budget, another worker's decision, and the memory budget ([`Solver::memory`]).
//!
//! A memory budget bounds the whole process, not only the tables: the tables get
//! [`TABLES_PERCENT`] of it (their arrays reserved at once, so they never double in place), the
//! proof-number memo about two fifths of what the tables take ([`super::pnmemo`]), and the rest
//! is headroom (the positions, the workers' stacks, the proof tree, memory the allocator holds).
//! Where the resident memory can be read (Linux), the first worker reads it every
//! [`RESIDENT_EVERY`]; past [`SQUEEZE_AT`] of the budget the tables' limit and the memo shrink
//! by a quarter and the freed memory goes back to the system.

use super::{BELIEF_BYTES, LOOK_EVERY, Solver};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The share of a memory budget the transposition tables get, in percent.
pub(super) const TABLES_PERCENT: usize = 55;

/// How often the first worker reads the process's resident memory under a budget.
const RESIDENT_EVERY: Duration = Duration::from_millis(200);

/// The resident memory past which the tables and the memo shrink, in percent of the budget.
const SQUEEZE_AT: usize = 90;

/// The resident memory of this process in bytes, where the system says (Linux).
fn resident() -> Option<usize> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages.saturating_mul(4096))
}

/// Gives the memory the allocators hold free back to the system (they may keep it otherwise,
/// and it would count as resident): mimalloc's, the program's allocator (`src/main.rs`), and
/// glibc's, where a library or a program without mimalloc allocates.
fn release() {
    // SAFETY: mi_collect only frees and returns mimalloc's own free memory (harmless where
    // mimalloc is not the global allocator: its heaps are then empty).
    unsafe {
        mi_collect(true);
    }
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory of the allocator's own to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}

// mimalloc's C library, linked through the `mimalloc` crate.
use mimalloc as _;
unsafe extern "C" {
    /// Collects mimalloc's free memory (all of it with `force`) and returns it to the system.
    fn mi_collect(force: bool);
}

/// The fewest beliefs a table is ever trimmed to (about 0.5 MB), whatever the budget.
const TABLE_FLOOR: usize = 4_096;

impl Solver {
    /// Holds the whole search to about `bytes` of memory (see the module's doc): the tables get
    /// their share of it, in beliefs.
    pub fn memory(mut self, bytes: usize) -> Solver {
        self.memory = Some(bytes);
        self.table_limit(bytes.saturating_mul(TABLES_PERCENT) / 100 / BELIEF_BYTES)
    }

    /// The beliefs each table may hold now: half the limit, less what the memory budget took
    /// back.
    /// Never below [`TABLE_FLOOR`]: a search whose tables hold nothing repeats its work
    /// without end, so a budget below what the process already holds costs a little more
    /// memory rather than all the time.
    pub(super) fn table_share(&self) -> usize {
        let squeeze = self.shared.squeeze.load(Ordering::Relaxed);
        ((self.table_limit / 2).saturating_mul(squeeze) / 100).max(TABLE_FLOOR)
    }

    /// Whether the search must stop: the time ran out, the root's budget for one attempt, or
    /// another worker decided a node this one is inside.
    pub(super) fn out_of_time(&mut self) -> bool {
        // Every 64 nodes: a node of a wide belief may take a millisecond, and a review gives
        // the solver only some milliseconds a turn.
        // Counted from the last look, not by the count's remainder: a search that adds nodes
        // two at a time between calls could step over every multiple and never look.
        let nodes = self.stats.nodes;
        if !self.timed_out && nodes >= self.looked.0.saturating_add(LOOK_EVERY) {
            let since = nodes - self.looked.0;
            self.looked.0 = nodes;
            self.look_up(since);
        }
        if self.threads > 1
            && self.abandon.is_none()
            && nodes >= self.looked.1.saturating_add(LOOK_EVERY / 2)
        {
            self.looked.1 = nodes;
            self.abandon = self.path.iter().position(|m| self.shared.decided(*m));
        }
        if self.limit.is_some_and(|l| self.stats.nodes >= l) {
            self.over_budget = true;
        }
        self.interrupted()
    }

    /// Every [`LOOK_EVERY`] nodes (`since`: the nodes since the last look): the clock, a
    /// request to stop, the tables' size, the memory, the progress.
    fn look_up(&mut self, since: u64) {
        let stopped = self.progress.as_ref().is_some_and(|p| p.stopped());
        if stopped || self.shared.finished() || self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
        }
        if self.shared.trim(self.table_share()) {
            self.stats.trims += 1;
            if self.memory.is_some() {
                release();
            }
        }
        if self.worker > 0 {
            self.shared.helper_nodes.fetch_add(since, Ordering::Relaxed);
            return;
        }
        self.hold_memory();
        if let Some(p) = &self.progress {
            let helpers = self.shared.helper_nodes.load(Ordering::Relaxed);
            p.counts(self.stats.nodes + helpers, self.shared.len());
        }
    }

    /// Under a memory budget, every [`RESIDENT_EVERY`]: past [`SQUEEZE_AT`] of it, the tables'
    /// limit and the memo shrink by a quarter, and the freed memory goes back to the system.
    fn hold_memory(&mut self) {
        let Some(budget) = self.memory else { return };
        if self
            .resident_read
            .is_some_and(|t| t.elapsed() < RESIDENT_EVERY)
        {
            return;
        }
        self.resident_read = Some(Instant::now());
        let Some(now) = resident() else { return };
        if now <= budget / 100 * SQUEEZE_AT {
            return;
        }
        // Already down to the floors: trimming again would give nothing back and only lose
        // the work the tables and the memo hold (under a budget below what the process needs,
        // Anderson's no. 40 by proof numbers down to the last move was trimmed five times a
        // second and did not finish in minutes).
        if self.table_share() <= TABLE_FLOOR {
            return;
        }
        let squeeze = self.shared.squeeze.load(Ordering::Relaxed);
        self.shared
            .squeeze
            .store((squeeze * 3 / 4).max(1), Ordering::Relaxed);
        self.shared.trim(self.table_share());
        self.memo.squeeze();
        self.stats.trims += 1;
        self.stats.squeezes += 1;
        release();
    }

    /// An interrupted search proves nothing about what it did not finish.
    pub(super) fn interrupted(&self) -> bool {
        self.timed_out || self.over_budget || self.abandon.is_some()
    }
}
