//! Playing KR vs K: games through the real referee, the adversary's exhaustive tree, and the
//! summary `kriegspiel krk` prints.
//!
//! The starts are in `starts`, games in `game`, the adversary in `adversary` and the totals
//! in `summary`; this module runs the command itself.

mod adversary;
mod game;
mod starts;
mod summary;

pub use adversary::{Adversary, Failure};
pub use game::{End, GameOutcome, play, play_observed};
pub use starts::{Start, all_starts, placements, random_starts};
pub use summary::{Summary, describe};

use super::Meta;
use super::defenders::{Defender, Kind};
use super::players::{History, Player};
use super::solver::TableError;
use crate::rules::RuleSet;
use shakmaty::Square;
use std::time::{Duration, Instant};

/// The defender kind from its name.
pub fn defender_kind(name: &str) -> Option<Kind> {
    match name {
        "edge" => Some(Kind::Edge),
        "random" => Some(Kind::Random),
        _ => None,
    }
}

/// Options of `kriegspiel krk`.
#[derive(Clone, Debug)]
pub struct Options {
    /// "paper" or "ours".
    pub player: String,
    /// "edge", "random" or "adversary".
    pub defender: String,
    /// Random starts.
    pub positions: usize,
    /// Seed.
    pub seed: u64,
    /// Every start instead.
    pub all: bool,
    /// Rules.
    pub rules: RuleSet,
    /// Search depth.
    pub depth: Option<u32>,
    /// Move cap per game.
    pub max_moves: u32,
}

/// Why `kriegspiel krk` did not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KrkError {
    /// Rules that do not answer attempts (bad input).
    #[error("KR vs K is played under Kriegspiel rules")]
    NotKriegspiel,
    /// A player's name that is not one (bad input).
    #[error("unknown player {} (paper or ours)", crate::untrusted::quoted(.0))]
    UnknownPlayer(String),
    /// A defender's name that is not one (bad input).
    #[error("unknown defender")]
    UnknownDefender,
    /// The shipped strategy table does not load.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A thread of the adversary panicked.
    #[error("an adversary thread failed")]
    Thread,
}

impl KrkError {
    /// Whether what was asked for is at fault (rules or a name), not the program.
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            KrkError::NotKriegspiel | KrkError::UnknownPlayer(_) | KrkError::UnknownDefender
        )
    }
}

/// A fresh player by name (`depth` is the paper player's search depth).
pub fn player(name: &str, depth: Option<u32>) -> Result<Box<dyn Player>, KrkError> {
    match name {
        "paper" => Ok(Box::new(super::players::PaperPlayer::new(
            depth.unwrap_or(2),
        ))),
        "ours" => Ok(Box::new(super::players::OurPlayer::new()?)),
        other => Err(KrkError::UnknownPlayer(other.to_owned())),
    }
}

/// Runs `kriegspiel krk` and prints its report.
pub fn command(o: &Options) -> Result<(), KrkError> {
    if !o.rules.variant().answers_attempts() {
        return Err(KrkError::NotKriegspiel);
    }
    let mut summary = Summary::default();
    let started = Instant::now();
    if o.defender == "adversary" {
        adversary_games(o, &mut summary)?;
    } else {
        defender_games(o, &mut summary)?;
    }
    println!(
        "{} vs {}, {} starts, rules {}: {} mates, {} stalemates, {} rook losses, {} loops, {} cut-offs ({:.1} s)",
        o.player,
        o.defender,
        summary.games,
        o.rules.title(),
        summary.mates,
        summary.stalemates,
        summary.rook_losses,
        summary.loops,
        summary.cutoffs,
        started.elapsed().as_secs_f64()
    );
    println!("{}", summary.last_line());
    Ok(())
}

/// The adversary's games (every answer explored), shared out over the cores, into `summary`.
fn adversary_games(o: &Options, summary: &mut Summary) -> Result<(), KrkError> {
    let starts: Vec<(Square, Square)> = if o.all {
        placements()
    } else {
        random_starts(o.positions, o.seed)
            .into_iter()
            .map(|s| (s.wk, s.wr))
            .collect()
    };
    player(&o.player, o.depth)?;
    // The starts are independent: share them out over the cores.
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, starts.len().max(1));
    let shares = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let starts = &starts;
                scope.spawn(move || adversary_share(o, starts, t, threads))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or(Err(KrkError::Thread)))
            .collect::<Result<Vec<_>, KrkError>>()
    })?;
    let mut results = Vec::new();
    let mut explored = 0u64;
    for share in shares {
        results.extend(share.results);
        summary.think.extend(share.think);
        explored += share.explored;
    }
    results.sort_by_key(|&(i, _)| i);
    for (_, result) in results {
        summary.add(match result {
            Ok(moves) => GameOutcome {
                end: End::Mate,
                moves,
                think: Vec::new(),
            },
            Err(f) => GameOutcome {
                end: match f {
                    Failure::Stalemate => End::Stalemate,
                    Failure::RookLost => End::RookLost,
                    Failure::Loop | Failure::Repetition => End::Loop,
                    Failure::TooLong => End::Cutoff,
                },
                moves: 0,
                think: Vec::new(),
            },
        });
    }
    let exposed = starts
        .iter()
        .filter(|&&(wk, wr)| super::rook_always_exposed(wk, wr))
        .count();
    println!("adversary: {explored} White decisions explored");
    println!(
        "{exposed} of {} starts are lost for any player: whatever White tries first, some possible king can take the rook",
        starts.len()
    );
    Ok(())
}

/// Games against a defender, one per start, into `summary`.
fn defender_games(o: &Options, summary: &mut Summary) -> Result<(), KrkError> {
    let kind = defender_kind(&o.defender).ok_or(KrkError::UnknownDefender)?;
    let starts = if o.all {
        all_starts()
    } else {
        random_starts(o.positions, o.seed)
    };
    let mut p = player(&o.player, o.depth)?;
    for (i, start) in starts.iter().enumerate() {
        let mut d = Defender::new(kind, o.seed.wrapping_add(i as u64));
        summary.add(play(p.as_mut(), &mut d, &o.rules, *start, o.max_moves));
    }
    Ok(())
}

/// What one thread of the adversary found.
struct Share {
    /// (index into the starts, result) of the starts it took.
    results: Vec<(usize, Result<u32, Failure>)>,
    think: Vec<Duration>,
    explored: u64,
}

/// The adversary on every `threads`-th start from `first`. Under automatic threefold
/// repetition it explores every sequence of answers with White's history
/// ([`Adversary::in_game_from_start`]); otherwise the strategy graph, shared between paths.
fn adversary_share(
    o: &Options,
    starts: &[(Square, Square)],
    first: usize,
    threads: usize,
) -> Result<Share, KrkError> {
    let mut p = player(&o.player, o.depth)?;
    let mut timed = Timed {
        inner: p.as_mut(),
        think: Vec::new(),
        calls: 0,
    };
    let mut results = Vec::new();
    let mut explored = 0;
    {
        let mut adversary = Adversary::new(&mut timed, o.max_moves);
        for (i, &(wk, wr)) in starts.iter().enumerate().skip(first).step_by(threads) {
            let result = if o.rules.threefold {
                let r = adversary.in_game_from_start(wk, wr);
                explored += adversary.nodes;
                r
            } else {
                adversary.from_start(wk, wr)
            };
            results.push((i, result));
        }
        if !o.rules.threefold {
            explored = adversary.memo.len() as u64;
        }
    }
    Ok(Share {
        results,
        think: timed.think,
        explored,
    })
}

/// A player whose thinking time is measured.
struct Timed<'a> {
    inner: &'a mut dyn Player,
    think: Vec<Duration>,
    calls: u64,
}

/// [`Timed`] keeps at most this many thinking times...
const TIMED_SAMPLES: usize = 1 << 20;
/// ...and of history-aware choices, one in this many.
const TIMED_STRIDE: u64 = 64;

impl Player for Timed<'_> {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn choose(&mut self, m: &Meta) -> crate::attempt::Attempt {
        let t = Instant::now();
        let a = self.inner.choose(m);
        if self.think.len() < TIMED_SAMPLES {
            self.think.push(t.elapsed());
        }
        a
    }

    fn uses_refusals(&self) -> bool {
        self.inner.uses_refusals()
    }

    fn choose_in_game(&mut self, m: &Meta, history: &History) -> crate::attempt::Attempt {
        let t = Instant::now();
        let a = self.inner.choose_in_game(m, history);
        self.calls += 1;
        // The history-aware adversary asks millions of times: keep a sample.
        if self.calls.is_multiple_of(TIMED_STRIDE) && self.think.len() < TIMED_SAMPLES {
            self.think.push(t.elapsed());
        }
        a
    }
}
