//! A problem's proof, worked out once: the solver's verdict, its strategy from the start and the
//! report in words ([`Problem::prove`]), and a proof worked out on a thread of its own with its
//! progress readable meanwhile ([`ProofJob`]: screens never wait for the solver).

use super::solve::TABLE_LIMIT;
use super::{Outcome, Problem, ProblemError, Progress, Reading, Search, Solver, Strategy, Verdict};
use crate::referee::Referee;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

/// What the solver found for a problem from its start.
#[derive(Clone, Debug)]
pub struct Proof {
    /// The verdict.
    pub verdict: Verdict,
    /// The strategy, when proven.
    pub strategy: Option<Arc<Strategy>>,
    /// The verdict, the key, the strategy tree and the search counts, in words.
    pub report: String,
}

impl Problem {
    /// Solves the problem within `limit` (the placing of its uncertain units included; a limit
    /// too far to count is none) and reports it as text: the verdict, the key and the strategy
    /// tree, and the search counts (for screens and tools that only show the result; it can run
    /// on another thread, as the problem is plain data).
    pub fn solve_report(&self, limit: Option<Duration>) -> Result<(Verdict, String), ProblemError> {
        let deadline = limit.and_then(|l| Instant::now().checked_add(l));
        let proof = self.prove(deadline, None, false)?;
        Ok((proof.verdict, proof.report))
    }

    /// Solves the problem until `deadline`, reporting to `progress` if given; `key_first`:
    /// the published key is searched before the other first moves.
    pub fn prove(
        &self,
        deadline: Option<Instant>,
        progress: Option<Arc<Progress>>,
        key_first: bool,
    ) -> Result<Proof, ProblemError> {
        match self.belief_until(deadline) {
            Ok(belief) => self.proof(
                belief,
                deadline,
                progress,
                key_first,
                None,
                self.default_search(),
            ),
            Err(ProblemError::OutOfTime) => {
                let (verdict, report) = super::out_of_time_while_placing();
                Ok(Proof {
                    verdict,
                    strategy: None,
                    report,
                })
            }
            Err(e) => Err(e),
        }
    }

    /// Solves the problem from `belief` (its own, [`Problem::belief_until`]) until `deadline`
    /// and reports it as [`Problem::solve_report`] does (`progress`, `key_first`: as
    /// [`Problem::prove`]); `memory_mb`: the most memory the search may take, in megabytes
    /// ([`Solver::memory`]; by default only its tables are bounded, to [`TABLE_LIMIT`] beliefs,
    /// about 500 MB).
    pub fn report(
        &self,
        belief: Vec<Referee>,
        deadline: Option<Instant>,
        progress: Option<Arc<Progress>>,
        key_first: bool,
        memory_mb: Option<usize>,
    ) -> Result<(Verdict, String), ProblemError> {
        let proof = self.prove_from(
            belief,
            deadline,
            progress,
            key_first,
            memory_mb,
            self.default_search(),
        )?;
        Ok((proof.verdict, proof.report))
    }

    /// [`Problem::report`] by `search`, the whole proof given back.
    pub fn prove_from(
        &self,
        belief: Vec<Referee>,
        deadline: Option<Instant>,
        progress: Option<Arc<Progress>>,
        key_first: bool,
        memory_mb: Option<usize>,
        search: Search,
    ) -> Result<Proof, ProblemError> {
        let bytes = memory_mb.map(|mb| mb.saturating_mul(1_000_000));
        self.proof(belief, deadline, progress, key_first, bytes, search)
    }

    fn proof(
        &self,
        belief: Vec<Referee>,
        deadline: Option<Instant>,
        progress: Option<Arc<Progress>>,
        key_first: bool,
        memory: Option<usize>,
        search: Search,
    ) -> Result<Proof, ProblemError> {
        let started = Instant::now();
        // Along a published line the proof-number worker does the work, and a depth-first
        // helper beside it only slows it down (measured on this 2-core machine, release: the
        // mate in 15 in 2.3-2.9 s alone, 3.7-4.7 s with a helper; the mate in 8 1.2-1.4 s
        // either way).
        let threads = if search == Search::Pn && !self.line.is_empty() {
            1
        } else {
            super::solve::workers()
        };
        let mut solver = Solver::until(self.solver()?, deadline)
            .search(search)
            .material_mates(self.material_mates)
            .table_limit(TABLE_LIMIT)
            .threads(threads);
        if let Some(bytes) = memory {
            solver = solver.memory(bytes);
        }
        if key_first {
            solver = solver.prefer(&self.key);
        }
        solver = solver.line(&self.line);
        if let Some(p) = progress {
            solver = solver.progress(p);
        }
        let outcome = solver.solve(belief, self.mate_in);
        let trims = match solver.stats.trims {
            0 => String::new(),
            n => format!(
                ", tables trimmed {}",
                crate::wording::count(n, "time", "times")
            ),
        };
        let trims = match solver.stats.squeezes {
            0 => trims,
            n => format!(
                "{trims}, shrunk to the memory budget {}",
                crate::wording::count(n, "time", "times")
            ),
        };
        let trims = match solver.stats.refuted_alone {
            0 => trims,
            n => format!(
                "{trims}, {} refuted by one position alone",
                crate::wording::count(n, "turn", "turns")
            ),
        };
        let trims = match (solver.stats.on_line, solver.stats.probes) {
            (0, 0) => trims,
            (l, p) => format!(
                "{trims}; {} on the published line, {p} probed depth-first",
                crate::wording::count(l, "turn", "turns")
            ),
        };
        let subsumed = match (solver.subsumed(), solver.replies_subsumed()) {
            ((0, 0), (0, 0)) => String::new(),
            ((p, r), (0, 0)) => {
                format!(", {p} by a larger belief's proof, {r} by a smaller one's refutation")
            }
            ((p, r), (rp, rr)) => format!(
                ", {p} by a larger belief's proof, {r} by a smaller one's refutation; \
                 opponent's turns: {rp} by more positions' proof, {rr} by fewer's refutation"
            ),
        };
        let stats = format!(
            "{} nodes ({} from the table{subsumed}{trims}) in {:.2} s",
            solver.stats.nodes,
            solver.stats.hits,
            started.elapsed().as_secs_f64()
        );
        let proof = match outcome {
            Outcome::Proven { depth, strategy } => Proof {
                verdict: Verdict::Proven,
                report: format!(
                    "Proven: mate in {depth}. Key: {}\n{strategy}{stats}",
                    strategy.key_line()
                ),
                strategy: Some(strategy),
            },
            Outcome::Refuted { placement } => {
                let why = placement.map_or(String::new(), |fen| {
                    format!("Even knowing it, the solver cannot mate in time from: {fen}\n")
                });
                Proof {
                    verdict: Verdict::Refuted,
                    strategy: None,
                    report: format!(
                        "Refuted: no strategy mates in {}.\n{why}{stats}",
                        self.mate_in
                    ),
                }
            }
            Outcome::Unknown => {
                let deep = match solver.proofs_from(5) {
                    p if p.is_empty() => String::new(),
                    p => format!("turns proven: {p}\n"),
                };
                Proof {
                    verdict: Verdict::Undecided,
                    strategy: None,
                    report: match solver.front() {
                        "" => format!("Undecided: the time ran out.\n{deep}{stats}"),
                        front => format!("Undecided: the time ran out.\n{front}\n{deep}{stats}"),
                    },
                }
            }
        };
        // Freeing the tables and the memo (millions of beliefs after a long search) took up to
        // half a minute: it is left to a thread of its own (inline if none can be started).
        let _ = std::thread::Builder::new()
            .name("problem-tables".to_owned())
            .spawn(move || drop(solver));
        Ok(proof)
    }

    /// The problem's identity for a cache of proofs: two problems with the same content (read
    /// from the same file, or from two copies of it) have the same key.
    pub fn content_key(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        ron::to_string(self).unwrap_or_default().hash(&mut h);
        h.finish()
    }
}

/// A proof being worked out on its own thread; dropping the job stops the search.
pub struct ProofJob {
    progress: Arc<Progress>,
    answer: Option<Receiver<Result<Proof, ProblemError>>>,
    started: Instant,
}

impl ProofJob {
    /// Starts proving `problem`, giving up after `limit` if given (its published key searched
    /// first: a proof for hints, not a check of the source).
    pub fn start(problem: Problem, limit: Option<Duration>) -> ProofJob {
        let progress = Arc::new(Progress::default());
        let (tx, rx) = channel();
        let shared = progress.clone();
        std::thread::spawn(move || {
            let deadline = limit.and_then(|l| Instant::now().checked_add(l));
            let proof = problem.prove(deadline, Some(shared), true);
            let _ = tx.send(proof);
        });
        ProofJob {
            progress,
            answer: Some(rx),
            started: Instant::now(),
        }
    }

    /// How far it has come.
    pub fn reading(&self) -> Reading {
        self.progress.read()
    }

    /// How long it has run.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The proof, once it is worked out (given once; an error when the problem cannot be
    /// solved at all, or the search thread died).
    pub fn poll(&mut self) -> Option<Result<Proof, ProblemError>> {
        let rx = self.answer.as_ref()?;
        let got = match rx.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => Err(ProblemError::SolverDied),
        };
        self.answer = None;
        Some(got)
    }
}

impl Drop for ProofJob {
    fn drop(&mut self) {
        self.progress.stop();
    }
}
