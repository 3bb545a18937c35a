//! Pondering: the belief's work on the opponent's coming turn, done while the opponent thinks
//! (issue 59). Between turns the seat's view is read up to the opponent's turn
//! ([`Belief::catch_up`]); then each world is branched over the opponent's options, its
//! children grouped by what the seat would hear ([`Belief::ponder`]), a slice at a time. When the
//! turn is heard, the group of what was heard is kept and the worlds not reached are branched as
//! before ([`Belief::pondered_turn`]).
//!
//! The result is the same, world for world and weight for weight, as without pondering (the same
//! children in the same order; the updates settle as if read in one go): pondering saves time and
//! changes no decision, so a game without a clock plays the same whether it ran or not. Where
//! the opponent never asks "Any?", the children are kept one per position as they come (the
//! merging the belief does anyway, done ahead). At most [`PONDER_CHILDREN`] children are kept;
//! the worlds past them wait for the turn.

use super::Belief;
use super::steps::{answered, opponent_moves, weighed_options};
use crate::announce::{Announcement, Item};
use crate::referee::{Referee, Request, RequestError};
use crate::rules::AnyRule;
use crate::view::PlayerView;
use crate::worlds::{self, Groups, Weighted, World};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::time::Instant;

/// The most children pondering keeps.
pub const PONDER_CHILDREN: usize = 400_000;

/// A child of a world, with the index of that world (its parent) in the belief.
#[derive(Clone)]
pub(super) struct Child {
    world: Weighted,
    parent: usize,
}

impl World for Child {
    fn referee(&self) -> &Referee {
        &self.world.0
    }

    fn apply(&mut self, request: &Request) -> Result<Announcement, RequestError> {
        self.world.apply(request)
    }

    fn apply_into(
        &mut self,
        request: &Request,
        out: &mut Announcement,
    ) -> Result<(), RequestError> {
        self.world.apply_into(request, out)
    }

    fn share(&mut self, part: f64, whole: f64) {
        self.world.share(part, whole);
    }

    fn merge(&mut self, other: &Self) {
        self.world.merge(&other.world);
    }
}

/// The opponent's turn, worked out for the belief's first `done` worlds.
#[derive(Clone, Default)]
pub(super) struct Pondered {
    /// How many of the belief's worlds were branched, in order.
    done: usize,
    /// How many children `groups` holds.
    children: usize,
    /// The children by what the seat hears of them, each group in the order of its parents.
    groups: Groups<Child>,
    /// Where the opponent never asks "Any?" (so no world is dropped by its answers), each
    /// group's children are kept one per position as they come, the later merged into the
    /// first, as [`crate::worlds::dedup`] keeps them (the same worlds, the weights added in the
    /// same order): each group's index of its positions. Empty otherwise.
    merged: Vec<HashMap<u64, usize>>,
    /// Whether the children are merged so.
    merging: bool,
}

impl std::fmt::Debug for Pondered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pondered")
            .field("done", &self.done)
            .field("children", &self.children)
            .field("merging", &self.merging)
            .finish_non_exhaustive()
    }
}

impl Pondered {
    /// Adds `children`, heard as `heard`, to their group (merged into the children at the same
    /// positions where [`Pondered::merging`]).
    fn add(&mut self, heard: Vec<Item>, children: Vec<Child>) {
        let g = match self.groups.iter().position(|(h, _)| *h == heard) {
            Some(g) => g,
            None => {
                self.groups.push((heard, Vec::new()));
                self.merged.push(HashMap::new());
                self.groups.len() - 1
            }
        };
        let kept = &mut self.groups[g].1;
        if !self.merging {
            self.children += children.len();
            kept.extend(children);
            return;
        }
        let index = &mut self.merged[g];
        for child in children {
            match index.entry(child.referee().position_key()) {
                Entry::Occupied(at) => kept[*at.get()].merge(&child),
                Entry::Vacant(slot) => {
                    slot.insert(kept.len());
                    kept.push(child);
                    self.children += 1;
                }
            }
        }
    }
}

impl Belief {
    /// Takes in what `view` holds beyond what was read before, up to an opponent's turn not
    /// over yet, leaving the settling (a regenerated sample, reseeded kings) to the next
    /// [`Belief::update`], which settles as if it had read it all itself: a seat's view read
    /// between turns, to ponder on.
    pub fn catch_up(&mut self, view: &PlayerView) {
        if self.deferred.is_none() {
            self.deferred = Some(self.history.len());
        }
        self.read_view(view);
    }

    /// Works on the opponent's coming turn: branches the next worlds over its options, at
    /// least one and on until `until`. Whether there is more to do.
    pub fn ponder(&mut self, until: Instant) -> bool {
        let color = self.color;
        let merging = self.start.rules().any == AnyRule::Off;
        let pondered = self.pondered.get_or_insert_with(|| {
            Box::new(Pondered {
                merging,
                ..Pondered::default()
            })
        });
        loop {
            if pondered.done >= self.worlds.len() || pondered.children >= PONDER_CHILDREN {
                return false;
            }
            let i = pondered.done;
            pondered.done += 1;
            let world = &self.worlds[i];
            if opponent_moves(world, color) {
                let parent = [Child {
                    world: (world.clone(), self.weights[i]),
                    parent: i,
                }];
                let groups = worlds::branch(&parent, color, weighed_options, |_| false);
                for (heard, children) in groups.unwrap_or_default() {
                    pondered.add(heard, children);
                }
            }
            if Instant::now() >= until {
                return pondered.done < self.worlds.len() && pondered.children < PONDER_CHILDREN;
            }
        }
    }

    /// How many worlds were branched ahead of the opponent's coming turn.
    pub fn pondered_worlds(&self) -> usize {
        self.pondered.as_ref().map_or(0, |p| p.done)
    }

    /// The worlds after the opponent's turn (its "Any?" answers `any`, its move heard as
    /// `moved`) from what was worked out ahead, the worlds not reached branched now; `None`
    /// when nothing was worked out.
    pub(super) fn pondered_turn(
        &mut self,
        any: &[Vec<Item>],
        moved: &[Item],
    ) -> Option<Vec<Weighted>> {
        let pondered = self.pondered.take().filter(|p| p.done > 0)?;
        let color = self.color;
        let moves = |w: &Referee| opponent_moves(w, color) && answered(w, color, any);
        let kept: Vec<bool> = self.worlds[..pondered.done].iter().map(&moves).collect();
        let mut out: Vec<Weighted> = pondered
            .groups
            .into_iter()
            .find(|(heard, _)| heard.as_slice() == moved)
            .map(|(_, children)| {
                children
                    .into_iter()
                    .filter(|c| kept[c.parent])
                    .map(|c| c.world)
                    .collect()
            })
            .unwrap_or_default();
        let rest: Vec<Weighted> = self.worlds[pondered.done..]
            .iter()
            .zip(&self.weights[pondered.done..])
            .filter(|(w, _)| moves(w))
            .map(|(w, p)| (w.clone(), *p))
            .collect();
        out.extend(worlds::branch_heard(&rest, color, weighed_options, moved));
        Some(out)
    }
}
