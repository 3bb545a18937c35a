//! Playing KR vs K: games through the real referee, the adversary's exhaustive tree, and the
//! summary `kriegspiel krk` prints.

use super::defenders::{Defender, Kind};
use super::players::{History, Player};
use super::{Branch, Meta, valid_placement};
use crate::announce::{EndReason, Item};
use crate::bench::Rng;
use crate::log::Game;
use crate::referee::Request;
use crate::rules::RuleSet;
use shakmaty::{Bitboard, Board, Color, Setup, Square};
use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// White mated.
    Mate,
    /// Stalemate.
    Stalemate,
    /// The black king took the rook.
    RookLost,
    /// Draw by threefold repetition (the paper's "loop").
    Loop,
    /// The fifty-move rule, or the move cap.
    Cutoff,
}

/// One game's result.
#[derive(Clone, Debug)]
pub struct GameOutcome {
    /// How it ended.
    pub end: End,
    /// White moves played.
    pub moves: u32,
    /// White's thinking time per decision.
    pub think: Vec<Duration>,
}

/// A KRK start: White king, rook, and the true black king (White to move).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// White king.
    pub wk: Square,
    /// White rook.
    pub wr: Square,
    /// The black king's true square.
    pub bk: Square,
}

impl Start {
    /// The position as a setup.
    pub fn setup(&self) -> Setup {
        let mut board = Board::empty();
        board.set_piece_at(self.wk, Color::White.king());
        board.set_piece_at(self.wr, Color::White.rook());
        board.set_piece_at(self.bk, Color::Black.king());
        Setup {
            board,
            turn: Color::White,
            ..Setup::empty()
        }
    }
}

/// `n` random legal starts.
pub fn random_starts(n: usize, seed: u64) -> Vec<Start> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let wk = Square::new(rng.below(64) as u32);
        let wr = Square::new(rng.below(64) as u32);
        if !valid_placement(wk, wr) {
            continue;
        }
        let set = Meta::start(wk, wr).bk;
        let bk = set
            .into_iter()
            .nth(rng.below(set.count()))
            .unwrap_or(Square::A8);
        out.push(Start { wk, wr, bk });
    }
    out
}

/// Every White placement up to the board's eight symmetries (the white king in the a1-d1-d4
/// triangle, and on the long diagonal the rook on or below it).
pub fn placements() -> Vec<(Square, Square)> {
    let mut out = Vec::new();
    for wk in (0..64).map(Square::new) {
        let (f, r) = (u32::from(wk.file()), u32::from(wk.rank()));
        if f > 3 || r > f {
            continue;
        }
        for wr in (0..64).map(Square::new) {
            if f == r && u32::from(wr.rank()) > u32::from(wr.file()) {
                continue;
            }
            if valid_placement(wk, wr) {
                out.push((wk, wr));
            }
        }
    }
    out
}

/// Every start: every placement up to symmetry with every legal black king square.
pub fn all_starts() -> Vec<Start> {
    placements()
        .into_iter()
        .flat_map(|(wk, wr)| {
            Meta::start(wk, wr)
                .bk
                .into_iter()
                .map(move |bk| Start { wk, wr, bk })
        })
        .collect()
}

/// Plays one game through the referee: `player` (White, seeing only its metaposition) against
/// `defender`.
pub fn play(
    player: &mut dyn Player,
    defender: &mut Defender,
    rules: &RuleSet,
    start: Start,
    max_moves: u32,
) -> GameOutcome {
    play_observed(
        player,
        defender,
        rules,
        start,
        max_moves,
        &mut |meta, truth| {
            debug_assert!(
                truth.is_none_or(|k| meta.bk.contains(k)),
                "the metaposition lost the king"
            );
        },
    )
}

/// [`play`], calling `observe` with White's metaposition and the true black king square (for
/// checks only: White never sees it) before every White attempt and after every Black turn.
pub fn play_observed(
    player: &mut dyn Player,
    defender: &mut Defender,
    rules: &RuleSet,
    start: Start,
    max_moves: u32,
    observe: &mut dyn FnMut(&Meta, Option<Square>),
) -> GameOutcome {
    let mut game = match Game::new(rules.clone(), start.setup()) {
        Ok(g) => g,
        Err(_) => {
            return GameOutcome {
                end: End::Cutoff,
                moves: 0,
                think: Vec::new(),
            };
        }
    };
    let mut meta = Meta::start(start.wk, start.wr);
    let mut history = History::default();
    history.record(meta.wk, meta.wr, meta.bk, false);
    let mut think = Vec::new();
    let mut moves = 0;
    let end = loop {
        if let Some(over) = game.referee().over() {
            break match over.reason {
                EndReason::Checkmate => End::Mate,
                EndReason::Stalemate => End::Stalemate,
                EndReason::InsufficientMaterial => End::RookLost,
                EndReason::Threefold => End::Loop,
                _ => End::Cutoff,
            };
        }
        if moves >= max_moves {
            break End::Cutoff;
        }
        observe(&meta, game.referee().true_board().king_of(Color::Black));
        if game.referee().to_move() == Color::White {
            let t = Instant::now();
            let a = player.choose_in_game(&meta, &history);
            think.push(t.elapsed());
            let Ok(event) = game.apply(Request::Try(a)) else {
                break End::Cutoff;
            };
            let heard: Vec<Item> = crate::announce::heard_by(&event.said, Color::White).collect();
            let turn_ends = event.turn_ends;
            meta.after_white(a, &heard);
            if turn_ends {
                moves += 1;
                history.record(meta.wk, meta.wr, meta.bk, true);
            }
            if meta.bk.is_empty() {
                break End::Cutoff; // cannot happen: the set keeps the true square
            }
        } else {
            let Some(king) = game.referee().true_board().king_of(Color::Black) else {
                break End::RookLost;
            };
            let mut refused = 0;
            let mut done = false;
            for a in defender.preferences(king) {
                let Ok(event) = game.apply(Request::Try(a)) else {
                    break;
                };
                let heard: Vec<Item> =
                    crate::announce::heard_by(&event.said, Color::White).collect();
                if heard.contains(&Item::Illegal) {
                    refused += 1;
                }
                if event.turn_ends || game.referee().over().is_some() {
                    done = true;
                    break;
                }
            }
            if !done {
                break End::Cutoff;
            }
            meta.after_black(if player.uses_refusals() { refused } else { 0 });
            history.record(meta.wk, meta.wr, meta.bk, false);
        }
    };
    GameOutcome { end, moves, think }
}

/// Why the adversary beat White.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// A branch stalemates.
    Stalemate,
    /// A branch loses the rook.
    RookLost,
    /// A branch loops (White's play can repeat forever).
    Loop,
    /// A branch needs more moves than the limit.
    TooLong,
    /// A branch may repeat a position a third time (a draw under automatic threefold).
    Repetition,
}

/// The adversary: explores every branch of referee answers from `meta` (White to move) with
/// White playing `player`, and returns the worst-case number of White moves to mate.
pub struct Adversary<'a> {
    player: &'a mut dyn Player,
    memo: HashMap<Meta, Result<u32, Failure>>,
    stack: HashSet<Meta>,
    limit: u32,
    /// Nodes visited by the last [`Adversary::in_game_from_start`].
    pub nodes: u64,
}

/// Node budget of one [`Adversary::in_game_from_start`] search.
const IN_GAME_NODES: u64 = 50_000_000;

impl<'a> Adversary<'a> {
    /// An adversary for `player`; branches longer than `limit` moves count as failures.
    pub fn new(player: &'a mut dyn Player, limit: u32) -> Adversary<'a> {
        Adversary {
            player,
            memo: HashMap::new(),
            stack: HashSet::new(),
            limit,
            nodes: 0,
        }
    }

    /// Worst case from a White-to-move metaposition.
    pub fn worst(&mut self, m: Meta, budget: u32) -> Result<u32, Failure> {
        if let Some(r) = self.memo.get(&m) {
            return match r {
                Ok(v) if *v > budget => Err(Failure::TooLong),
                other => other.clone(),
            };
        }
        if !self.stack.insert(m) {
            return Err(Failure::Loop);
        }
        let result = self.explore(m, budget);
        self.stack.remove(&m);
        if !matches!(result, Err(Failure::TooLong)) {
            self.memo.insert(m, result.clone());
        }
        result
    }

    fn explore(&mut self, m: Meta, budget: u32) -> Result<u32, Failure> {
        if budget == 0 {
            return Err(Failure::TooLong);
        }
        let a = self.player.choose(&m);
        let mut worst = 0;
        for branch in m.branches(a) {
            let v = match branch {
                Branch::Refused(narrower) => self.worst(narrower, budget)?,
                Branch::Mate => 1,
                Branch::Stalemate => return Err(Failure::Stalemate),
                Branch::RookLost => return Err(Failure::RookLost),
                Branch::Moved { next, .. } => 1 + self.worst(next, budget - 1)?,
            };
            worst = worst.max(v);
        }
        if worst > self.limit {
            return Err(Failure::TooLong);
        }
        Ok(worst)
    }

    /// Worst case from the start of a game under automatic threefold repetition, with White
    /// choosing in view of everything it heard ([`Player::choose_in_game`] with the game's
    /// [`History`]). Explores every sequence of answers (the history depends on the path, so
    /// nothing is shared between paths) and fails with [`Failure::Repetition`] at the first
    /// attempt after which some possible position may occur a third time. The history counts a
    /// position whenever its square was possible, so it never counts fewer occurrences than
    /// the game had: success proves that no threefold repetition can happen.
    pub fn in_game_from_start(&mut self, wk: Square, wr: Square) -> Result<u32, Failure> {
        let m = Meta::start(wk, wr);
        let mut history = History::default();
        history.record(m.wk, m.wr, m.bk, false);
        self.nodes = 0;
        let limit = self.limit;
        self.in_game(m, &mut history, limit)
    }

    fn in_game(&mut self, m: Meta, history: &mut History, budget: u32) -> Result<u32, Failure> {
        if budget == 0 {
            return Err(Failure::TooLong);
        }
        self.nodes += 1;
        if self.nodes > IN_GAME_NODES {
            return Err(Failure::TooLong);
        }
        let a = self.player.choose_in_game(&m, history);
        if history.danger(&m, a) > 0 {
            return Err(Failure::Repetition);
        }
        let mut worst = 0;
        for branch in m.branches(a) {
            let v = match branch {
                Branch::Refused(narrower) if narrower == m => return Err(Failure::Loop),
                Branch::Refused(narrower) => self.in_game(narrower, history, budget)?,
                Branch::Mate => 1,
                Branch::Stalemate => return Err(Failure::Stalemate),
                Branch::RookLost => return Err(Failure::RookLost),
                Branch::Moved { answered, next } => {
                    let (wk, wr) = (next.wk, next.wr);
                    // Black may make refused attempts first, which White hears: for a player
                    // that uses them, each number of them narrows the set differently.
                    let mut nexts: Vec<Bitboard> = vec![next.bk];
                    if self.player.uses_refusals() {
                        for refused in 1..=8 {
                            let mut narrower = Meta {
                                bk: answered,
                                ..next
                            };
                            narrower.after_black(refused);
                            if narrower.bk.any() && !nexts.contains(&narrower.bk) {
                                nexts.push(narrower.bk);
                            }
                        }
                    }
                    history.record(wk, wr, answered, true);
                    let mut deepest = 0;
                    for bk in nexts {
                        history.record(wk, wr, bk, false);
                        let v = self.in_game(Meta { bk, ..next }, history, budget - 1);
                        history.forget(wk, wr, bk, false);
                        match v {
                            Ok(v) => deepest = deepest.max(v),
                            Err(e) => {
                                history.forget(wk, wr, answered, true);
                                return Err(e);
                            }
                        }
                    }
                    history.forget(wk, wr, answered, true);
                    1 + deepest
                }
            };
            worst = worst.max(v);
        }
        Ok(worst)
    }

    /// Worst case from the start of a game with White's pieces on `wk`, `wr`.
    pub fn from_start(&mut self, wk: Square, wr: Square) -> Result<u32, Failure> {
        let limit = self.limit;
        self.worst(Meta::start(wk, wr), limit)
    }
}

/// Totals of a run.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Games (or adversary starts).
    pub games: usize,
    /// Mates.
    pub mates: usize,
    /// Stalemates.
    pub stalemates: usize,
    /// Rook losses.
    pub rook_losses: usize,
    /// Threefold repetitions.
    pub loops: usize,
    /// Fifty-move rule or move cap.
    pub cutoffs: usize,
    /// Moves of every mating game.
    pub mate_moves: Vec<u32>,
    /// Every thinking time.
    pub think: Vec<Duration>,
}

impl Summary {
    /// Adds a game.
    pub fn add(&mut self, g: GameOutcome) {
        self.games += 1;
        match g.end {
            End::Mate => {
                self.mates += 1;
                self.mate_moves.push(g.moves);
            }
            End::Stalemate => self.stalemates += 1,
            End::RookLost => self.rook_losses += 1,
            End::Loop => self.loops += 1,
            End::Cutoff => self.cutoffs += 1,
        }
        self.think.extend(g.think);
    }

    /// Average moves of the mates.
    pub fn average(&self) -> f64 {
        if self.mate_moves.is_empty() {
            0.0
        } else {
            self.mate_moves.iter().map(|&m| f64::from(m)).sum::<f64>()
                / self.mate_moves.len() as f64
        }
    }

    /// The longest mate.
    pub fn worst(&self) -> u32 {
        self.mate_moves.iter().copied().max().unwrap_or(0)
    }

    /// Median thinking time per decision, in milliseconds.
    pub fn median_ms(&self) -> f64 {
        let mut t: Vec<Duration> = self.think.clone();
        t.sort();
        t.get(t.len() / 2).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }

    /// The last line: `mate X/Y (P%), avg A moves, worst W moves, median T ms/move`.
    pub fn last_line(&self) -> String {
        let pct = if self.games == 0 {
            0.0
        } else {
            100.0 * self.mates as f64 / self.games as f64
        };
        format!(
            "mate {}/{} ({pct:.1}%), avg {:.1} moves, worst {} moves, median {:.4} ms/move",
            self.mates,
            self.games,
            self.average(),
            self.worst(),
            self.median_ms()
        )
    }
}

/// The squares a metaposition holds (for display).
pub fn describe(m: &Meta) -> String {
    let squares: Vec<String> = m.bk.into_iter().map(|s| s.to_string()).collect();
    format!("K{} R{} bk{{{}}}", m.wk, m.wr, squares.join(" "))
}

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

/// A fresh player by name (`depth` is the paper player's search depth).
pub fn player(name: &str, depth: Option<u32>) -> Result<Box<dyn Player>, String> {
    match name {
        "paper" => Ok(Box::new(super::players::PaperPlayer::new(
            depth.unwrap_or(2),
        ))),
        "ours" => Ok(Box::new(
            super::players::OurPlayer::new().map_err(|e| e.to_string())?,
        )),
        other => Err(format!("unknown player {other:?} (paper or ours)")),
    }
}

/// Runs `kriegspiel krk` and prints its report.
pub fn command(o: &Options) -> Result<(), String> {
    if o.rules.family != crate::rules::Family::Kriegspiel {
        return Err("KR vs K is played under Kriegspiel rules".into());
    }
    let mut summary = Summary::default();
    let started = Instant::now();
    if o.defender == "adversary" {
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
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err("an adversary thread failed".into()))
                })
                .collect::<Result<Vec<_>, String>>()
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
    } else {
        let kind = defender_kind(&o.defender).ok_or("unknown defender")?;
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
) -> Result<Share, String> {
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
