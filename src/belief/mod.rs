//! A seat's belief state: the true positions consistent with everything that seat was told and
//! did, built from its [`PlayerView`] alone (the seat's own requests and what it heard), each
//! with a weight.
//!
//! Each position ("world") is a referee of its own. The seat's own requests are replayed in
//! every world and the worlds whose answer differs from what the seat heard are dropped; at the
//! opponent's turn every world branches over the opponent's options ([`steps`]) and keeps those
//! whose announcement is what the seat heard (an "Any?" the opponent asked filters too; the
//! world-set operations are [`crate::worlds`], shared with the problem solver). A
//! world's weight is shared among its children by how plausible each option is
//! ([`steps::prior`]: castling, developing and pawn moves before king walks and retreats; in
//! RBC a move that attacks our king first), and worlds that reached the same position are kept once with their
//! weights added (documented approximation: two move orders to one position count as one, so a
//! draw by repetition that only one of them would reach is not told apart).
//!
//! The belief is exact while it holds at most `cap` worlds; beyond that it keeps a weighted
//! sample (particles: `cap` draws by weight, the copies of a world adding to its weight),
//! filtered again by every new announcement; if every particle is later contradicted it draws
//! new ones by replaying the seat's history with random consistent opponent options, and as a
//! last resort scatters the last world's enemy units ([`refill`]).
//!
//! The opponent's refused attempts are not used (they only say that some attempt was illegal,
//! which nearly every world allows), so the belief never excludes the truth while exact.
//! Every rule set is supported: Kriegspiel (drops and Modern Kriegspiel's opened squares
//! included), Reconnaissance Blind Chess (its senses and move results filter; the opponent's
//! options are every possible attempt and a pass), and Semi-Kriegspiel, whose hidden placement
//! starts the blind seat's belief with every legal placement.

mod hidden;
mod ponder;
mod refill;
pub mod steps;

use crate::referee::{Referee, Request};
use crate::rng::Rng;
use crate::view::PlayerView;
use crate::worlds::{Weighted, dedup};
use shakmaty::{Color, Role, Square};
use steps::{Step, advance, turn_steps};
use thiserror::Error;

/// The default number of worlds kept exactly.
pub const DEFAULT_CAP: usize = 2_000;

/// Worlds kept by a belief drawn on a window's thread (study's overlay, the practice aid), so a
/// turn's expansion stays short.
pub const OVERLAY_CAP: usize = 300;

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

/// What one seat may believe about the true position.
#[derive(Clone, Debug)]
pub struct Belief {
    color: Color,
    start: Referee,
    worlds: Vec<Referee>,
    /// The worlds' weights, adding up to 1.
    weights: Vec<f64>,
    exact: bool,
    /// How many consistent positions each kept world stands for (1 while exact): a sampled
    /// belief's size estimate ([`Belief::size`]).
    scale: f64,
    cap: usize,
    rng: Rng,
    history: Vec<Step>,
    /// A world of the last non-empty belief (its enemy units are what a fresh sample places).
    template: Option<Referee>,
    /// How far the view was read: (turn index, entries of that turn taken in; `usize::MAX`
    /// once the whole turn was).
    read: (usize, usize),
    /// A hidden start with enemy units besides the king: what a fresh particle places.
    hidden: Option<hidden::Hidden>,
    /// The opponent's coming turn worked out ahead in these worlds ([`Belief::ponder`]);
    /// dropped whenever the worlds change.
    pondered: Option<Box<ponder::Pondered>>,
    /// The history's length when [`Belief::catch_up`] first read the view since the last
    /// update: the next update settles as if it had read everything since then itself.
    deferred: Option<usize>,
}

/// The positions the game may have started from: the agreed start; after a hidden start (a
/// random ending) the seat's own pieces with the enemy's lone king on every square it may stand
/// on (more enemy units: [`hidden`]); with whether they are every possible start.
fn start_worlds(
    view: &PlayerView,
    rng: &mut Rng,
) -> Result<(Vec<Referee>, bool, Option<hidden::Hidden>), BeliefError> {
    if let Some(unseen) = &view.perception.unseen
        && unseen.iter().map(|n| u32::from(*n)).sum::<u32>() > 1
    {
        if unseen.king != 1 {
            return Err(BeliefError::Start("a hidden start without a king".into()));
        }
        let hidden = hidden::Hidden::new(
            &view.start,
            &view.rules,
            view.color,
            unseen,
            start_heard(view),
        );
        let (worlds, exact) = hidden.starts(rng)?;
        return Ok((worlds, exact, Some(hidden)));
    }
    lone_king_starts(view).map(|w| (w, true, None))
}

/// [`start_worlds`] of the agreed start, or of a hidden lone king.
fn lone_king_starts(view: &PlayerView) -> Result<Vec<Referee>, BeliefError> {
    let start = |setup: shakmaty::Setup| {
        Referee::new(view.rules.clone(), setup).map(|(referee, _)| referee)
    };
    let Some(unseen) = &view.perception.unseen else {
        return start(view.start.clone())
            .map(|w| vec![w])
            .map_err(|e| BeliefError::Start(e.to_string()));
    };
    if unseen.king != 1 {
        return Err(BeliefError::Start("a hidden start without a king".into()));
    }
    // The referee takes exactly the legal positions (kings apart, the side not to move not in
    // check), and those whose start announcement is what the seat heard.
    let heard = start_heard(view);
    let mut worlds = Vec::new();
    for sq in !view.start.board.occupied() {
        let mut setup = view.start.clone();
        setup.board.set_piece_at(sq, (!view.color).king());
        worlds.extend(hidden::start_heard_so(
            &view.rules,
            setup,
            view.color,
            &heard,
        ));
    }
    Ok(worlds)
}

/// What the seat heard at the start of the game (before any request).
fn start_heard(view: &PlayerView) -> Vec<crate::announce::Item> {
    view.turns
        .first()
        .filter(|t| t.mover.is_none())
        .into_iter()
        .flat_map(|t| &t.heard)
        .filter(|h| h.request.is_none())
        .flat_map(|h| h.items.iter().copied())
        .collect()
}

impl Belief {
    /// The belief of `view`'s seat, exact up to [`DEFAULT_CAP`] worlds.
    pub fn new(view: &PlayerView) -> Result<Belief, BeliefError> {
        Belief::with_cap(view, DEFAULT_CAP, 1)
    }

    /// The belief of `view`'s seat, exact up to `cap` worlds (`seed`: for sampling).
    pub fn with_cap(view: &PlayerView, cap: usize, seed: u64) -> Result<Belief, BeliefError> {
        let mut rng = Rng::new(seed);
        let (starts, exact, hidden) = start_worlds(view, &mut rng)?;
        let Some(start) = starts.first().cloned() else {
            return Err(BeliefError::Start(
                "no position fits what the seat was told".into(),
            ));
        };
        let weights = vec![1.0 / starts.len() as f64; starts.len()];
        let mut belief = Belief {
            color: view.color,
            worlds: starts,
            weights,
            start,
            exact,
            scale: 1.0,
            cap: cap.max(1),
            rng,
            history: Vec::new(),
            template: None,
            read: (0, 0),
            hidden,
            pondered: None,
            deferred: None,
        };
        if belief.start.placing() == Some(!view.color) {
            belief.every_placement();
        }
        belief.update(view);
        Ok(belief)
    }

    /// Semi-Kriegspiel seen from the blind seat: the opponent's king and queen may stand on any
    /// squares that make a legal position, each placement alike.
    fn every_placement(&mut self) {
        let color = !self.color;
        let mut worlds = Vec::new();
        for king in Square::ALL {
            for queen in Square::ALL {
                let mut w = self.start.clone();
                if king != queen && w.apply(&Request::Place { color, king, queen }).is_ok() {
                    worlds.push((w, 1.0));
                }
            }
        }
        // (`start` stays the game before the placement: a regenerated particle draws one.)
        self.set(worlds);
    }

    /// Takes in what `view` holds beyond what was read before (the same seat's later view).
    pub fn update(&mut self, view: &PlayerView) {
        let steps = self.deferred.take().unwrap_or(self.history.len());
        self.read_view(view);
        // Only when something new was heard (an unchanged view, e.g. every frame, costs
        // nothing).
        if self.history.len() != steps || steps == 0 {
            // A sample that lost every world on the way is regenerated once, through the whole
            // history, after the last step: not at every step (a long turn of refused attempts
            // would cost a regeneration each).
            if self.worlds.is_empty() && !self.exact {
                let regenerated = self.regenerate();
                self.set(regenerated);
            }
            self.reseed_lone_king(view);
            self.reseed_king_among_pawns(view);
            if self.worlds.is_empty() {
                self.scatter(view);
            }
        }
    }

    /// Applies the steps `view` holds beyond what was read before, up to an opponent's turn
    /// not over yet.
    fn read_view(&mut self, view: &PlayerView) {
        let (mut t, mut e) = self.read;
        while t < view.turns.len() {
            let turn = &view.turns[t];
            let last = t + 1 == view.turns.len();
            match turn.mover {
                // The seat's own turn, or the start (Semi-Kriegspiel's placement): its own
                // requests, as they come.
                mover if mover.is_none_or(|m| m == self.color) => {
                    for step in turn_steps(turn, self.color, e) {
                        self.step(step);
                    }
                    e = turn.heard.len();
                }
                Some(_) if e != usize::MAX => {
                    // The opponent's turn is taken in whole, once it is over.
                    if last && view.to_move != self.color && view.over.is_none() {
                        break;
                    }
                    for step in turn_steps(turn, self.color, 0) {
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
    }

    /// Applies one step to every world (the opponent's turn from what was worked out ahead,
    /// if anything was), then samples down as needed.
    fn step(&mut self, step: Step) {
        let pondered = match &step {
            Step::Opponent { any, moved } => self.pondered_turn(any, moved),
            Step::Own(..) => None,
        };
        let next = match pondered {
            Some(next) => next,
            None => {
                let worlds: Vec<Weighted> = std::mem::take(&mut self.worlds)
                    .into_iter()
                    .zip(std::mem::take(&mut self.weights))
                    .collect();
                advance(worlds, &step, self.color)
            }
        };
        self.history.push(step);
        self.set(next);
    }

    /// Keeps `worlds` (one per position, weights normalised), sampled down to the cap.
    fn set(&mut self, mut worlds: Vec<Weighted>) {
        self.pondered = None;
        dedup(&mut worlds);
        if worlds.len() > self.cap {
            // Each world kept stands for its share of every world the sample leaves out.
            let estimate = worlds.len() as f64 * self.scale;
            worlds = self.resample(worlds);
            self.scale = estimate / worlds.len().max(1) as f64;
            self.exact = false;
        }
        let total: f64 = worlds.iter().map(|(_, w)| *w).sum();
        if let Some((w, _)) = worlds.first() {
            self.template = Some(w.clone());
        }
        let (worlds, weights): (Vec<Referee>, Vec<f64>) = worlds
            .into_iter()
            .map(|(r, w)| (r, if total > 0.0 { w / total } else { 0.0 }))
            .unzip();
        self.worlds = worlds;
        self.weights = weights;
    }

    /// The worlds sampled down to `cap`. In RBC `cap` distinct worlds ([`distinct_resample`]);
    /// elsewhere `cap` draws by weight (systematic resampling), each world drawn keeping as
    /// much weight as it was drawn times.
    fn resample(&mut self, worlds: Vec<Weighted>) -> Vec<Weighted> {
        if self.start.rules().variant().resolves_moves() {
            return distinct_resample(worlds, self.cap, &mut self.rng);
        }
        let drawn = systematic(worlds.iter().map(|(_, w)| *w), self.cap, &mut self.rng);
        let mut copies = drawn.into_iter().peekable();
        let mut out = Vec::with_capacity(self.cap);
        for (i, (world, _)) in worlds.into_iter().enumerate() {
            if let Some((_, n)) = copies.next_if(|(j, _)| *j == i) {
                out.push((world, f64::from(n)));
            }
        }
        out
    }

    /// The seat whose belief this is.
    pub fn color(&self) -> Color {
        self.color
    }

    /// The worlds kept (all of them while [`Belief::is_exact`]; a sample otherwise).
    pub fn worlds(&self) -> &[Referee] {
        &self.worlds
    }

    /// The worlds' weights, in the order of [`Belief::worlds`], adding up to 1.
    pub fn weights_of_worlds(&self) -> &[f64] {
        &self.weights
    }

    /// Up to `n` worlds drawn by weight (systematic resampling), each with how many times it
    /// was drawn; all the worlds, each with its share of `n`, when there are no more than `n`.
    pub fn sample(&self, n: usize, rng: &mut Rng) -> Vec<(&Referee, f32)> {
        self.sample_flattened(n, 0.0, rng)
    }

    /// [`Belief::sample`] by the weights mixed with equal ones: `uniform` (0 to 1) is the equal
    /// share, each world's weight `(1 - uniform) * w + uniform / worlds` (an unlikely world
    /// counts more).
    pub fn sample_flattened(&self, n: usize, uniform: f64, rng: &mut Rng) -> Vec<(&Referee, f32)> {
        let n = n.max(1);
        let flat = flattened(&self.weights, uniform);
        if self.worlds.len() <= n {
            return self
                .worlds
                .iter()
                .zip(flat)
                .map(|(w, p)| (w, (p * n as f64) as f32))
                .collect();
        }
        systematic(flat, n, rng)
            .into_iter()
            .map(|(i, copies)| (&self.worlds[i], copies as f32))
            .collect()
    }

    /// Whether the worlds are every position consistent with what the seat was told.
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// How many positions are consistent with what the seat was told: exact while
    /// [`Belief::is_exact`]; otherwise an estimate (each kept world counts for as many positions
    /// as it stood for when the belief was last sampled down to its cap, so a sample's branching
    /// is taken as the whole's; positions reached by two move orders count once only among the
    /// worlds kept).
    pub fn size(&self) -> f64 {
        self.worlds.len() as f64 * self.scale
    }

    /// How many consistent positions each kept world stands for: 1 while exact, then what
    /// [`Belief::size`] multiplies the worlds kept by.
    pub fn scale(&self) -> f64 {
        self.scale
    }

    /// Tests: this belief holding `worlds` instead (their weights made to add up to 1).
    #[cfg(test)]
    pub(crate) fn holding(mut self, worlds: Vec<Weighted>) -> Belief {
        self.set(worlds);
        self
    }

    /// Whether `truth` is one of the worlds (tests: the truth is never excluded while exact).
    pub fn contains(&self, truth: &Referee) -> bool {
        let id = truth.position_key();
        self.worlds.iter().any(|w| w.position_key() == id)
    }

    /// For each square, the weight of the worlds with an enemy unit of `role` there (`None`:
    /// any enemy unit), from 0 to 1.
    pub fn weights(&self, role: Option<Role>) -> [f32; 64] {
        let mut sum = [0f64; 64];
        for (w, weight) in self.worlds.iter().zip(&self.weights) {
            let board = w.true_board();
            let mut units = board.by_color(!self.color);
            if let Some(role) = role {
                units &= board.by_role(role);
            }
            for sq in units {
                sum[usize::from(sq)] += weight;
            }
        }
        // A world's square is never shown as impossible, however small its weight.
        sum.map(|c| {
            if c > 0.0 {
                (c.min(1.0) as f32).max(f32::MIN_POSITIVE)
            } else {
                0.0
            }
        })
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

/// `weights` (adding up to 1) mixed with equal ones, `uniform` (0 to 1) the equal share.
pub fn flattened(weights: &[f64], uniform: f64) -> impl Iterator<Item = f64> + Clone + '_ {
    let uniform = uniform.clamp(0.0, 1.0);
    let equal = uniform / weights.len().max(1) as f64;
    weights.iter().map(move |w| (1.0 - uniform) * w + equal)
}

/// `items` sampled down to `n` distinct ones (Fearnhead and Clifford's optimal resampling):
/// every item weighing at least `1 / c` of the total is kept with its own weight, where `c` is
/// such that `min(1, c * w)` adds up to `n` over the items; the rest are drawn systematically,
/// at most once each, each kept with weight `1 / c`. Unbiased, as plain resampling is, but no
/// draw is a copy: drawing `n` by weight in RBC kept 5,000-8,500 distinct worlds of 20,000
/// and lost the truth among the copies of the likeliest.
fn distinct_resample<T>(mut items: Vec<(T, f64)>, n: usize, rng: &mut Rng) -> Vec<(T, f64)> {
    if items.len() <= n {
        return items;
    }
    for (_, w) in &mut items {
        if !w.is_finite() || *w < 0.0 {
            *w = 0.0;
        }
    }
    let mut total: f64 = items.iter().map(|(_, w)| *w).sum();
    if total <= 0.0 {
        items.iter_mut().for_each(|(_, w)| *w = 1.0);
        total = items.len() as f64;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_unstable_by(|a, b| items[*b].1.total_cmp(&items[*a].1));
    // The heaviest are kept while each weighs at least the share of the rest a draw stands for.
    let mut kept = vec![false; items.len()];
    let (mut heavy, mut rest) = (0, total);
    while heavy < n && rest > 0.0 {
        let w = items[order[heavy]].1;
        if w * ((n - heavy) as f64) < rest {
            break;
        }
        kept[order[heavy]] = true;
        rest -= w;
        heavy += 1;
    }
    let draws = n - heavy;
    let share = if draws > 0 {
        rest.max(0.0) / draws as f64
    } else {
        0.0
    };
    let light = items
        .iter()
        .zip(&kept)
        .map(|((_, w), k)| if *k { 0.0 } else { *w });
    let drawn = if draws > 0 && share > 0.0 {
        systematic(light, draws, rng)
    } else {
        Vec::new()
    };
    let mut copies = drawn.into_iter().peekable();
    let mut out = Vec::with_capacity(n);
    for (i, (item, w)) in items.into_iter().enumerate() {
        if kept[i] {
            out.push((item, w));
        } else if let Some((_, c)) = copies.next_if(|(j, _)| *j == i) {
            out.push((item, share * f64::from(c)));
        }
    }
    out
}

/// `n` draws from `weights` at evenly spaced points from one random start (systematic
/// resampling): the index of each item drawn, with how many times, in order.
fn systematic(
    weights: impl Iterator<Item = f64> + Clone,
    n: usize,
    rng: &mut Rng,
) -> Vec<(usize, u32)> {
    let total: f64 = weights.clone().sum();
    let step = total / n.max(1) as f64;
    let mut point = step * (rng.below(1 << 20) as f64 / f64::from(1u32 << 20));
    let mut out = Vec::new();
    let mut reached = 0.0;
    for (i, w) in weights.enumerate() {
        reached += w;
        let mut copies = 0u32;
        while point < reached {
            copies += 1;
            point += step;
        }
        if copies > 0 {
            out.push((i, copies));
        }
    }
    out
}

#[cfg(test)]
mod tests;
