//! A seat's belief state: the true positions consistent with everything that seat was told and
//! did, built from its [`PlayerView`] alone (the seat's own requests and what it heard).
//!
//! Each position ("world") is a referee of its own. The seat's own requests are replayed in
//! every world and the worlds whose answer differs from what the seat heard are dropped; at the
//! opponent's turn every world branches over the opponent's legal moves and keeps those whose
//! announcement is what the seat heard (an "Any?" the opponent asked filters too). Worlds that
//! reached the same position are kept once (documented approximation: two move orders to one
//! position count as one, so a draw by repetition that only one of them would reach is not
//! told apart). The belief is exact while it holds at most `cap` worlds; beyond that it keeps a
//! uniform sample of them (particles), and if every particle is later contradicted it draws new
//! ones by replaying the seat's history with random consistent opponent moves.
//!
//! The opponent's refused attempts are not used (they only say that some attempt was illegal,
//! which nearly every world allows), so the belief never excludes the truth while exact.
//! Supported: the Kriegspiel family without drops, openings or a hidden placement (RBC,
//! Crazyhouse, Modern and Semi-Kriegspiel have other request kinds; [`Belief::new`] says so).

use crate::announce::{Item, heard_by};
use crate::referee::{Referee, Request};
use crate::rng::Rng;
use crate::rules::{Family, Handicap};
use crate::view::PlayerView;
use shakmaty::{Color, Role, Square};
use std::collections::HashSet;
use thiserror::Error;

/// The default number of worlds kept exactly.
pub const DEFAULT_CAP: usize = 2_000;

/// Worlds kept by a belief drawn on a window's thread (study's overlay, the practice aid), so a
/// turn's expansion stays short.
pub const OVERLAY_CAP: usize = 300;

/// How long drawing new particles may take at most.
const REGENERATE_TIME: std::time::Duration = std::time::Duration::from_millis(150);

/// Why a belief cannot be kept for a game.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum BeliefError {
    /// The rules have requests the belief does not model.
    #[error("the belief state does not support {0}")]
    Unsupported(&'static str),
    /// The start position is not a legal game.
    #[error("the start position cannot be played: {0}")]
    Start(String),
}

/// One step of the seat's history, as the belief takes it in.
#[derive(Clone, Debug)]
enum Step {
    /// The seat's own request and what it heard.
    Own(Request, Vec<Item>),
    /// The opponent's turn: the answers to its "Any?" questions, and what was heard of its move.
    Opponent {
        any: Vec<Vec<Item>>,
        moved: Vec<Item>,
    },
}

/// What one seat may believe about the true position.
#[derive(Clone, Debug)]
pub struct Belief {
    color: Color,
    start: Referee,
    worlds: Vec<Referee>,
    exact: bool,
    cap: usize,
    rng: Rng,
    history: Vec<Step>,
    /// A world of the last non-empty belief (its enemy units are what a fresh sample places).
    template: Option<Referee>,
    /// How far the view was read: (turn index, entries of that turn taken in; `usize::MAX`
    /// once the whole turn was).
    read: (usize, usize),
}

impl Belief {
    /// The belief of `view`'s seat, exact up to [`DEFAULT_CAP`] worlds.
    pub fn new(view: &PlayerView) -> Result<Belief, BeliefError> {
        Belief::with_cap(view, DEFAULT_CAP, 1)
    }

    /// The belief of `view`'s seat, exact up to `cap` worlds (`seed`: for sampling).
    pub fn with_cap(view: &PlayerView, cap: usize, seed: u64) -> Result<Belief, BeliefError> {
        let rules = &view.rules;
        if rules.family == Family::Rbc {
            return Err(BeliefError::Unsupported("Reconnaissance Blind Chess"));
        }
        if rules.drops {
            return Err(BeliefError::Unsupported("drops"));
        }
        if rules.open_squares > 0 {
            return Err(BeliefError::Unsupported("opened squares"));
        }
        if rules.handicap == Handicap::Semi {
            return Err(BeliefError::Unsupported("a hidden placement"));
        }
        let (start, _) = Referee::new(rules.clone(), view.start.clone())
            .map_err(|e| BeliefError::Start(e.to_string()))?;
        let mut belief = Belief {
            color: view.color,
            worlds: vec![start.clone()],
            start,
            exact: true,
            cap: cap.max(1),
            rng: Rng::new(seed),
            history: Vec::new(),
            template: None,
            read: (0, 0),
        };
        belief.update(view);
        Ok(belief)
    }

    /// Takes in what `view` holds beyond what was read before (the same seat's later view).
    pub fn update(&mut self, view: &PlayerView) {
        let steps = self.history.len();
        let (mut t, mut e) = self.read;
        while t < view.turns.len() {
            let turn = &view.turns[t];
            let last = t + 1 == view.turns.len();
            match turn.mover {
                Some(m) if m == self.color => {
                    for heard in &turn.heard[e.min(turn.heard.len())..] {
                        if let Some(r) = &heard.request {
                            self.step(Step::Own(r.clone(), heard.items.clone()));
                        }
                    }
                    e = turn.heard.len();
                }
                Some(_) if e != usize::MAX => {
                    // The opponent's turn is taken in whole, once it is over.
                    if last && view.to_move != self.color && view.over.is_none() {
                        break;
                    }
                    if let Some(step) = opponent_step(turn) {
                        self.step(step);
                    }
                    e = usize::MAX;
                }
                _ => e = usize::MAX,
            }
            if last {
                break;
            }
            t += 1;
            e = 0;
        }
        self.read = (t, e);
        // Only when something new was heard (an unchanged view, e.g. every frame, costs
        // nothing).
        if self.history.len() != steps || steps == 0 {
            self.reseed_lone_king(view);
            if self.worlds.is_empty() {
                self.scatter(view);
            }
        }
    }

    /// When every world was contradicted and none could be drawn again: a fresh sample that
    /// keeps the enemy units of the last world but scatters them (the king where the view's
    /// tracker allows it, bishops on their colour, pawns off the end ranks), kept where it
    /// answers this turn's requests as the seat heard them. Not exact: a bot's last resort.
    fn scatter(&mut self, view: &PlayerView) {
        let Some(template) = &self.template else {
            return;
        };
        if view.to_move != self.color || view.over.is_some() {
            return;
        }
        let enemy: Vec<(Square, shakmaty::Piece)> = template
            .true_board()
            .iter()
            .filter(|(_, p)| p.color != self.color)
            .collect();
        let here = template.true_setup();
        // This turn's own requests, to check the fresh worlds against.
        let this_turn: Vec<Step> = self
            .history
            .iter()
            .rev()
            .take_while(|s| matches!(s, Step::Own(..)))
            .cloned()
            .collect();
        let want = (self.cap / 4).max(1);
        let mut out = Vec::new();
        for _ in 0..want * 20 {
            if out.len() >= want {
                break;
            }
            let mut setup = here.clone();
            setup.board = view.own.clone();
            setup.turn = self.color;
            setup.castling_rights = view.castling;
            setup.ep_square = None;
            let mut ok = true;
            for (from, piece) in &enemy {
                let free = !setup.board.occupied();
                let allowed = match piece.role {
                    Role::King => view.king.possible & free,
                    Role::Pawn => free & !shakmaty::Bitboard::BACKRANKS,
                    Role::Bishop if from.is_light() => free & shakmaty::Bitboard::LIGHT_SQUARES,
                    Role::Bishop => free & shakmaty::Bitboard::DARK_SQUARES,
                    _ => free,
                };
                let Some(sq) = allowed
                    .into_iter()
                    .nth(self.rng.below(allowed.count().max(1)))
                else {
                    ok = false;
                    break;
                };
                setup.board.set_piece_at(sq, *piece);
            }
            if !ok {
                continue;
            }
            let Ok((world, _)) = Referee::new(view.rules.clone(), setup) else {
                continue;
            };
            if world.over().is_some() {
                continue;
            }
            let color = self.color;
            let world = this_turn
                .iter()
                .rev()
                .try_fold(world, |w, step| advance(vec![w], step, color).pop());
            out.extend(world);
        }
        dedup(&mut out);
        self.worlds = out;
    }

    /// A sampled belief about a lone enemy king is rebuilt exactly at the start of the seat's
    /// turn: one world for each square the view's king tracker still allows (the tracker keeps
    /// every square the king may stand on, so the truth is among them again).
    fn reseed_lone_king(&mut self, view: &PlayerView) {
        if self.exact
            || view.to_move != self.color
            || view.over.is_some()
            || !view.refused.is_empty()
            || view.any_asked
        {
            return;
        }
        // The enemy's units: its army at the start less the captures the seat made.
        let taken = view
            .turns
            .iter()
            .filter(|t| t.mover == Some(self.color))
            .flat_map(|t| &t.heard)
            .filter(|h| h.request.is_some())
            .filter(|h| h.items.iter().any(|i| matches!(i, Item::Capture { .. })))
            .count();
        if view.start.board.by_color(!self.color).count() != taken + 1 {
            return;
        }
        let here = match self.worlds.first() {
            Some(w) => w.true_setup(),
            None => view.start.clone(),
        };
        let mut worlds = Vec::new();
        for sq in view.king.possible & !view.own.occupied() {
            let mut setup = here.clone();
            setup.turn = self.color;
            setup.board = view.own.clone();
            setup.board.set_piece_at(
                sq,
                shakmaty::Piece {
                    color: !self.color,
                    role: Role::King,
                },
            );
            setup.castling_rights = view.castling;
            setup.ep_square = None;
            if let Ok((world, _)) = Referee::new(view.rules.clone(), setup)
                && world.over().is_none()
            {
                worlds.push(world);
            }
        }
        if !worlds.is_empty() && worlds.len() <= self.cap {
            self.worlds = worlds;
            self.exact = true;
        }
    }

    /// Applies one step to every world, then samples or regenerates as needed.
    fn step(&mut self, step: Step) {
        let worlds = std::mem::take(&mut self.worlds);
        let mut next = advance(worlds, &step, self.color);
        self.history.push(step);
        dedup(&mut next);
        if next.len() > self.cap {
            self.shuffle(&mut next);
            next.truncate(self.cap);
            self.exact = false;
        }
        if next.is_empty() && !self.exact {
            next = self.regenerate();
        }
        if let Some(w) = next.first() {
            self.template = Some(w.clone());
        }
        self.worlds = next;
    }

    fn shuffle(&mut self, v: &mut [Referee]) {
        for i in (1..v.len()).rev() {
            let j = self.rng.below(i + 1);
            v.swap(i, j);
        }
    }

    /// New particles: the seat's history replayed from the start with a random consistent
    /// opponent move at each opponent turn (a bounded number of tries).
    fn regenerate(&mut self) -> Vec<Referee> {
        let want = (self.cap / 4).max(1);
        let mut out = Vec::new();
        let deadline = std::time::Instant::now() + REGENERATE_TIME;
        for _ in 0..want.saturating_mul(8).min(4_000) {
            if std::time::Instant::now() >= deadline {
                break;
            }
            let mut world = Some(self.start.clone());
            for step in &self.history {
                let Some(w) = world.take() else { break };
                let mut options = advance(vec![w], step, self.color);
                if options.is_empty() {
                    break;
                }
                let pick = self.rng.below(options.len());
                world = Some(options.swap_remove(pick));
            }
            if let Some(w) = world {
                out.push(w);
                if out.len() >= want {
                    break;
                }
            }
        }
        dedup(&mut out);
        out
    }

    /// The worlds kept (all of them while [`Belief::is_exact`]; a sample otherwise).
    pub fn worlds(&self) -> &[Referee] {
        &self.worlds
    }

    /// Whether the worlds are every position consistent with what the seat was told.
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// Whether `truth` is one of the worlds (tests: the truth is never excluded while exact).
    pub fn contains(&self, truth: &Referee) -> bool {
        let id = truth.position_key();
        self.worlds.iter().any(|w| w.position_key() == id)
    }

    /// For each square, the share of worlds with an enemy unit of `role` there (`None`: any
    /// enemy unit), from 0 to 1.
    pub fn weights(&self, role: Option<Role>) -> [f32; 64] {
        let mut count = [0u32; 64];
        for w in &self.worlds {
            let board = w.true_board();
            let mut units = board.by_color(!self.color);
            if let Some(role) = role {
                units &= board.by_role(role);
            }
            for sq in units {
                count[usize::from(sq)] += 1;
            }
        }
        let n = self.worlds.len().max(1) as f32;
        count.map(|c| c as f32 / n)
    }

    /// The squares where `role` (`None`: any enemy unit) may stand, with their weights.
    pub fn squares(&self, role: Option<Role>) -> Vec<(Square, f32)> {
        self.weights(role)
            .iter()
            .enumerate()
            .filter(|(_, w)| **w > 0.0)
            .map(|(i, w)| (Square::new(i as u32), *w))
            .collect()
    }
}

/// The opponent's turn as a step: its "Any?" answers and its move (`None` when it did not move,
/// e.g. the game ended by a resignation or the clock).
fn opponent_step(turn: &crate::view::ViewTurn) -> Option<Step> {
    let mut any = Vec::new();
    let mut moved = None;
    for heard in &turn.heard {
        let items = &heard.items;
        if items.iter().any(|i| matches!(i, Item::AnyAnswer(_))) {
            any.push(items.clone());
        } else if !items.is_empty()
            && items
                .iter()
                .all(|i| matches!(i, Item::Illegal | Item::IllegalCount(_) | Item::Impossible))
        {
            // A refused attempt: not used.
        } else if items.iter().any(|i| {
            matches!(
                i,
                Item::Resigned(_) | Item::Timeout { .. } | Item::Adjudicated(_)
            )
        }) {
            return None;
        } else {
            moved = Some(items.clone());
        }
    }
    // Some rule sets tell the seat nothing of the opponent's move: an empty record.
    Some(Step::Opponent {
        any,
        moved: moved.unwrap_or_default(),
    })
}

/// The worlds after `step`.
fn advance(worlds: Vec<Referee>, step: &Step, color: Color) -> Vec<Referee> {
    match step {
        Step::Own(request, items) => worlds
            .into_iter()
            .filter_map(|mut w| {
                let said = w.apply(request).ok()?;
                heard_by(&said, color)
                    .eq(items.iter().copied())
                    .then_some(w)
            })
            .collect(),
        Step::Opponent { any, moved } => {
            let mut out = Vec::new();
            for w in worlds {
                if w.over().is_some() || w.to_move() == color {
                    continue;
                }
                let answers_fit = any.iter().all(|items| {
                    let mut probe = w.clone();
                    probe
                        .apply(&Request::Any)
                        .is_ok_and(|said| heard_by(&said, color).eq(items.iter().copied()))
                });
                if !answers_fit {
                    continue;
                }
                for m in w.legal_attempts() {
                    let mut next = w.clone();
                    let Ok(said) = next.apply(&Request::Try(m)) else {
                        continue;
                    };
                    if (next.to_move() == color || next.over().is_some())
                        && heard_by(&said, color).eq(moved.iter().copied())
                    {
                        out.push(next);
                    }
                }
            }
            out
        }
    }
}

/// Keeps one world per position.
fn dedup(worlds: &mut Vec<Referee>) {
    let mut seen = HashSet::new();
    worlds.retain(|w| seen.insert(w.position_key()));
}
