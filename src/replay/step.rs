//! One replay for every game: a saved game stepped event by event and move by move, with the
//! referee's game and each seat's view at any step ("who knew what"). A seat's view at a step is
//! built only from what that seat was told by then ([`Recorded::told_at`]: the public start and
//! its own perceived lines), never from the true position; the truth is
//! [`Replay::truth`], for the referee's board. Study (both games), the pictures and the replay
//! text of every game read a saved game through it.

use crate::log::{GameLog, Perception};
use crate::seat::game::{Chess, Game};
use crate::view::PlayerView;
use shakmaty::Color;

/// A game whose saved record can be replayed: the [`Game`] seam's small extra for study,
/// pictures and replays.
pub trait Recorded: Game {
    /// A saved game's record: its start and every request with what was said, to whom.
    type Record: Clone + std::fmt::Debug;
    /// The referee's game after some events (the truth: for the referee's board only).
    type Position: Clone;

    /// The events recorded.
    fn events_in(record: &Self::Record) -> usize;
    /// The cursor after each turn, in order: the event that ends a turn (and, in a game of
    /// that family, what belongs to it) and the turn under way at the end, if any.
    fn turn_ends(record: &Self::Record) -> Vec<usize>;
    /// The referee's game after the first `n` events (`None`: it does not rebuild).
    fn truth_at(record: &Self::Record, n: usize) -> Option<Self::Position>;
    /// Moves `position`, the referee's game after the first `from` events, on to after the
    /// first `to` (`to > from`): whether the game can (by default it cannot, and the truth is
    /// rebuilt from the start with [`Recorded::truth_at`]). Stepping a replay forward then costs
    /// the events stepped over, not the whole game again.
    fn truth_forward(
        _record: &Self::Record,
        _position: &mut Self::Position,
        _from: usize,
        _to: usize,
    ) -> bool {
        false
    }
    /// What `side` was told over the first `n` events: the public start and the lines it
    /// perceived (its own requests and what it heard), nothing else.
    fn told_at(record: &Self::Record, side: Self::Side, n: usize) -> Self::Told;
    /// `side`'s view after the first `n` events, built from [`Recorded::told_at`] and the
    /// public facts alone (as a seat at a table builds it).
    fn view_at(record: &Self::Record, side: Self::Side, n: usize) -> Self::View;
}

/// A saved game stepped through: the record, the cursor (how many events have happened at the
/// point shown) and the referee's game there, kept while the cursor stays.
#[derive(Clone)]
pub struct Replay<G: Recorded> {
    record: G::Record,
    cursor: usize,
    ends: Vec<usize>,
    truth: Option<(usize, Option<G::Position>)>,
}

impl<G: Recorded> std::fmt::Debug for Replay<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replay")
            .field("cursor", &self.cursor)
            .field("events", &self.len())
            .finish_non_exhaustive()
    }
}

impl<G: Recorded> Replay<G> {
    /// `record` from its start.
    pub fn new(record: G::Record) -> Replay<G> {
        let ends = G::turn_ends(&record);
        Replay {
            record,
            cursor: 0,
            ends,
            truth: None,
        }
    }

    /// The record.
    pub fn record(&self) -> &G::Record {
        &self.record
    }

    /// The events recorded.
    pub fn len(&self) -> usize {
        G::events_in(&self.record)
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many events have happened at the point shown (0: the start).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Moves the cursor to `n` events (clamped).
    pub fn seek(&mut self, n: usize) {
        self.cursor = n.min(self.len());
    }

    /// One event forward.
    pub fn forward(&mut self) {
        self.seek(self.cursor.saturating_add(1));
    }

    /// One event back.
    pub fn back(&mut self) {
        self.seek(self.cursor.saturating_sub(1));
    }

    /// The cursor after each turn ([`Recorded::turn_ends`]).
    pub fn ends(&self) -> &[usize] {
        &self.ends
    }

    /// One move forward (to the end of the current or next turn).
    pub fn next_move(&mut self) {
        if let Some(&end) = self.ends.iter().find(|end| **end > self.cursor) {
            self.seek(end);
        }
    }

    /// One move back (to the end of the previous turn, or the start).
    pub fn previous_move(&mut self) {
        let cursor = self.cursor;
        let target = self
            .ends
            .iter()
            .rev()
            .copied()
            .find(|end| *end < cursor)
            .unwrap_or(0);
        self.seek(target);
    }

    /// The cursor after the first `moves` turns (0: the start; past the last: the end).
    pub fn after_moves(&self, moves: usize) -> usize {
        match moves.checked_sub(1) {
            None => 0,
            Some(i) => self.ends.get(i).copied().unwrap_or(self.len()),
        }
    }

    /// The referee's game at the cursor (`None`: it does not rebuild).
    pub fn truth(&mut self) -> Option<&G::Position> {
        let cursor = self.cursor;
        let stepped = match &mut self.truth {
            Some((n, Some(position))) if *n < cursor => {
                let on = G::truth_forward(&self.record, position, *n, cursor);
                if on {
                    *n = cursor;
                }
                on
            }
            _ => false,
        };
        if !stepped && self.truth.as_ref().is_none_or(|(n, _)| *n != cursor) {
            self.truth = Some((cursor, G::truth_at(&self.record, cursor)));
        }
        self.truth.as_ref().and_then(|(_, t)| t.as_ref())
    }

    /// What `side` was told up to the cursor.
    pub fn told(&self, side: G::Side) -> G::Told {
        G::told_at(&self.record, side, self.cursor)
    }

    /// `side`'s view at the cursor, from what it was told only.
    pub fn view(&self, side: G::Side) -> G::View {
        G::view_at(&self.record, side, self.cursor)
    }
}

/// The chess family: the record is the log; a seat's view is its [`PlayerView`] from its
/// [`Perception`].
impl Recorded for Chess {
    type Record = GameLog;
    type Position = crate::log::Game;

    fn events_in(log: &GameLog) -> usize {
        log.events.len()
    }

    fn turn_ends(log: &GameLog) -> Vec<usize> {
        log.turns().map(|t| t.first + t.events.len()).collect()
    }

    fn truth_at(log: &GameLog, n: usize) -> Option<crate::log::Game> {
        log.replay_prefix(n).ok()
    }

    fn told_at(log: &GameLog, side: Color, n: usize) -> Perception {
        log.perceived_by_upto(side, n)
    }

    fn view_at(log: &GameLog, side: Color, n: usize) -> PlayerView {
        PlayerView::from_perception(&Chess::told_at(log, side, n))
    }
}
