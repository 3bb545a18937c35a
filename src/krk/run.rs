//! Playing KR vs K: games through the real referee, the adversary's exhaustive tree, and the
//! summary `kriegspiel krk` prints.

use super::defenders::{Defender, Kind};
use super::players::{History, Player};
use super::{Answer, Meta, valid_placement};
use crate::announce::{EndReason, Item};
use crate::bench::Rng;
use crate::log::Game;
use crate::referee::Request;
use crate::rules::RuleSet;
use shakmaty::{Board, Color, Setup, Square};
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
            meta.after_black(refused);
            history.record(meta.wk, meta.wr, meta.bk, false);
        }
    };
    GameOutcome { end, moves, think }
}

/// A node of White's strategy graph: a metaposition and its branches (whether White's pieces
/// moved, the child, and the black king squares that give that answer).
struct Node {
    meta: Meta,
    children: Vec<(bool, usize, shakmaty::Bitboard)>,
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
}

/// The adversary: explores every branch of referee answers from `meta` (White to move) with
/// White playing `player`, and returns the worst-case number of White moves to mate.
pub struct Adversary<'a> {
    player: &'a mut dyn Player,
    memo: HashMap<Meta, Result<u32, Failure>>,
    stack: HashSet<Meta>,
    limit: u32,
}

impl<'a> Adversary<'a> {
    /// An adversary for `player`; branches longer than `limit` moves count as failures.
    pub fn new(player: &'a mut dyn Player, limit: u32) -> Adversary<'a> {
        Adversary {
            player,
            memo: HashMap::new(),
            stack: HashSet::new(),
            limit,
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
        for (ans, squares) in m.split(a) {
            let v = match ans {
                Answer::Illegal => self.worst(Meta { bk: squares, ..m }, budget)?,
                Answer::Legal {
                    check: Some(_),
                    no_moves: true,
                } => 1,
                Answer::Legal {
                    check: None,
                    no_moves: true,
                } => return Err(Failure::Stalemate),
                Answer::Legal { .. } => {
                    let (wk, wr) = m.moved(a);
                    let Some(bk) = Meta::black_metamove(wk, wr, squares) else {
                        return Err(Failure::RookLost);
                    };
                    1 + self.worst(Meta { wk, wr, bk }, budget - 1)?
                }
            };
            worst = worst.max(v);
        }
        if worst > self.limit {
            return Err(Failure::TooLong);
        }
        Ok(worst)
    }

    /// The most times (up to 3, where it stops looking) one position (White's placement, the black king's square, the side to
    /// move) can occur along a game from `m` (White to move), over every true black king and
    /// every Black reply, with White playing its strategy: 2 or less proves that no threefold
    /// repetition can happen. Exact: it follows the true king square through the strategy's
    /// graph. Call after [`Adversary::worst`] succeeded from `m` (the graph is then acyclic).
    pub fn most_repeats(&mut self, m: Meta) -> u32 {
        let mut index: HashMap<Meta, usize> = HashMap::new();
        let mut nodes: Vec<Node> = Vec::new();
        let root = self.graph(m, &mut index, &mut nodes);
        // A position: squares of the white king, rook and black king, and Black to move.
        type Position = (Square, Square, Square, bool);
        // Positions that arise at three or more distinct points of the graph; only these can
        // repeat three times on one path (the graph of (node, true square) is acyclic).
        let mut arising: HashMap<Position, u32> = HashMap::new();
        for node in &nodes {
            for &(moved, c, part) in &node.children {
                if !moved {
                    continue;
                }
                let child = &nodes[c].meta;
                for q in part {
                    *arising.entry((child.wk, child.wr, q, true)).or_default() += 1;
                    for q2 in super::black_steps(child.wk, child.wr, q) & child.bk {
                        *arising.entry((child.wk, child.wr, q2, false)).or_default() += 1;
                    }
                }
            }
        }
        let ids: HashMap<Position, u16> = arising
            .into_iter()
            .filter(|&(_, n)| n >= 3)
            .enumerate()
            .map(|(i, (p, _))| (p, i as u16))
            .collect();
        if ids.is_empty() {
            return 1;
        }
        // after[i][q]: for paths leaving node i with the king on q, the most occurrences of
        // each candidate position (occurrences created by the moves along the path).
        type Counts = Vec<(u16, u8)>;
        fn merge(into: &mut Counts, from: &Counts, extra: &[u16]) {
            for &(p, n) in from {
                let add = extra.iter().filter(|&&e| e == p).count() as u8;
                bump(into, p, n + add);
            }
            for &e in extra {
                if !from.iter().any(|&(p, _)| p == e) {
                    let n = extra.iter().filter(|&&x| x == e).count() as u8;
                    bump(into, e, n);
                }
            }
        }
        fn bump(into: &mut Counts, p: u16, n: u8) {
            match into.iter_mut().find(|(x, _)| *x == p) {
                Some((_, m)) => *m = (*m).max(n),
                None => into.push((p, n)),
            }
        }
        let mut after: Vec<HashMap<Square, Counts>> = vec![HashMap::new(); nodes.len()];
        let mut most = 1u32;
        // Children are pushed before their parents, so index order is a topological order.
        for i in 0..nodes.len() {
            let mut here: HashMap<Square, Counts> = HashMap::new();
            for &(moved, c, part) in &nodes[i].children {
                for q in part {
                    let mut counts = Counts::new();
                    if !moved {
                        if let Some(below) = after[c].get(&q) {
                            counts.clone_from(below);
                        }
                    } else {
                        let child = &nodes[c].meta;
                        let black = ids.get(&(child.wk, child.wr, q, true)).copied();
                        for q2 in super::black_steps(child.wk, child.wr, q) & child.bk {
                            let mut extra: Vec<u16> = black.into_iter().collect();
                            extra.extend(ids.get(&(child.wk, child.wr, q2, false)).copied());
                            let empty = Counts::new();
                            merge(&mut counts, after[c].get(&q2).unwrap_or(&empty), &extra);
                        }
                    }
                    if !counts.is_empty() {
                        here.insert(q, counts);
                    }
                }
            }
            // Stop at the first position that can occur three times.
            if here.values().flatten().any(|&(_, n)| n >= 3) {
                return 3;
            }
            after[i] = here;
        }
        for q in nodes[root].meta.bk {
            let start = ids
                .get(&(nodes[root].meta.wk, nodes[root].meta.wr, q, false))
                .copied();
            for &(p, n) in after[root].get(&q).map(Vec::as_slice).unwrap_or(&[]) {
                most = most.max(u32::from(n) + u32::from(start == Some(p)));
            }
        }
        most
    }

    fn graph(&mut self, m: Meta, index: &mut HashMap<Meta, usize>, nodes: &mut Vec<Node>) -> usize {
        if let Some(&i) = index.get(&m) {
            return i;
        }
        let a = self.player.choose(&m);
        let mut children = Vec::new();
        for (ans, squares) in m.split(a) {
            let (moved, child) = match ans {
                Answer::Illegal => (false, Meta { bk: squares, ..m }),
                Answer::Legal { no_moves: true, .. } => continue,
                Answer::Legal { .. } => {
                    let (wk, wr) = m.moved(a);
                    match Meta::black_metamove(wk, wr, squares) {
                        Some(bk) => (true, Meta { wk, wr, bk }),
                        None => continue,
                    }
                }
            };
            children.push((moved, self.graph(child, index, nodes), squares));
        }
        nodes.push(Node { meta: m, children });
        index.insert(m, nodes.len() - 1);
        nodes.len() - 1
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
            "mate {}/{} ({pct:.1}%), avg {:.1} moves, worst {} moves, median {:.3} ms/move",
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
        let mut p = player(&o.player, o.depth)?;
        let mut timed = Timed {
            inner: p.as_mut(),
            think: Vec::new(),
        };
        let mut failures: HashMap<String, usize> = HashMap::new();
        let mut exposed = 0usize;
        {
            let mut adversary = Adversary::new(&mut timed, o.max_moves);
            for &(wk, wr) in &starts {
                if super::rook_always_exposed(wk, wr) {
                    exposed += 1;
                }
                match adversary.from_start(wk, wr) {
                    Ok(_)
                        if o.rules.threefold && adversary.most_repeats(Meta::start(wk, wr)) > 2 =>
                    {
                        *failures.entry("Repetition".into()).or_default() += 1;
                        summary.add(GameOutcome {
                            end: End::Loop,
                            moves: 0,
                            think: Vec::new(),
                        });
                    }
                    Ok(moves) => summary.add(GameOutcome {
                        end: End::Mate,
                        moves,
                        think: Vec::new(),
                    }),
                    Err(f) => {
                        *failures.entry(format!("{f:?}")).or_default() += 1;
                        summary.add(GameOutcome {
                            end: match f {
                                Failure::Stalemate => End::Stalemate,
                                Failure::RookLost => End::RookLost,
                                Failure::Loop => End::Loop,
                                Failure::TooLong => End::Cutoff,
                            },
                            moves: 0,
                            think: Vec::new(),
                        });
                    }
                }
            }
            println!("adversary: {} metapositions explored", adversary.memo.len());
            println!(
                "{exposed} of {} starts are lost for any player: whatever White tries first, some possible king can take the rook",
                starts.len()
            );
        }
        summary.think = timed.think;
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

/// A player whose thinking time is measured.
struct Timed<'a> {
    inner: &'a mut dyn Player,
    think: Vec<Duration>,
}

impl Player for Timed<'_> {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn choose(&mut self, m: &Meta) -> crate::attempt::Attempt {
        let t = Instant::now();
        let a = self.inner.choose(m);
        self.think.push(t.elapsed());
        a
    }

    fn choose_in_game(&mut self, m: &Meta, history: &History) -> crate::attempt::Attempt {
        let t = Instant::now();
        let a = self.inner.choose_in_game(m, history);
        self.think.push(t.elapsed());
        a
    }
}
