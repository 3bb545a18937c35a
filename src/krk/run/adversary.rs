//! The adversary: every branch of the referee's answers against a player, for its worst
//! case (with or without White's game history).

use crate::krk::players::{History, Player};
use crate::krk::{Branch, Meta};
use shakmaty::{Bitboard, Square};
use std::collections::{HashMap, HashSet};

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
    pub(super) memo: HashMap<Meta, Result<u32, Failure>>,
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
