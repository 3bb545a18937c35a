//! World sets: the true positions ("worlds") a seat cannot tell apart, each a referee of its
//! own, and what requests do to them. The belief state ([`crate::belief`]), the problem solver
//! and the problem's devil ([`crate::problem`]) keep their worlds with this module: a request
//! made in every world, the worlds kept or grouped by what a seat hears of it (the "split"),
//! every world branched over the options of its side to move, and one world kept per position.
//!
//! Every answer comes from each world's own referee ([`Referee::apply`]), so a world set and a
//! game always agree on the rules. A world may carry more than its referee (a weight, the moves
//! played in it): see [`World`].

use crate::announce::{Announcement, Item, heard_by};
use crate::referee::{Referee, Request, RequestError};
use shakmaty::Color;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

/// One world of a set: a referee, and whatever its owner keeps beside it.
pub trait World: Clone {
    /// The world's true position.
    fn referee(&self) -> &Referee;

    /// Makes `request` in this world (a world that records what was played records it).
    fn apply(&mut self, request: &Request) -> Result<Announcement, RequestError>;

    /// [`World::apply`], the announcement written into `out` (a buffer used again and again:
    /// an announcement is some 600 bytes, and searches make millions of them).
    fn apply_into(
        &mut self,
        request: &Request,
        out: &mut Announcement,
    ) -> Result<(), RequestError> {
        *out = self.apply(request)?;
        Ok(())
    }

    /// This world is an option of its parent: its weight becomes `part` of the parent's, out
    /// of `whole` (a world without a weight ignores it).
    fn share(&mut self, _part: f64, _whole: f64) {}

    /// `other`, a world at the same position, is kept as this one (weights add).
    fn merge(&mut self, _other: &Self) {}
}

impl World for Referee {
    fn referee(&self) -> &Referee {
        self
    }

    fn apply(&mut self, request: &Request) -> Result<Announcement, RequestError> {
        Referee::apply(self, request)
    }

    fn apply_into(
        &mut self,
        request: &Request,
        out: &mut Announcement,
    ) -> Result<(), RequestError> {
        Referee::apply_into(self, request, out)
    }
}

/// A world and its weight (its probability, up to a common factor).
pub type Weighted = (Referee, f64);

impl World for Weighted {
    fn referee(&self) -> &Referee {
        &self.0
    }

    fn apply(&mut self, request: &Request) -> Result<Announcement, RequestError> {
        self.0.apply(request)
    }

    fn apply_into(
        &mut self,
        request: &Request,
        out: &mut Announcement,
    ) -> Result<(), RequestError> {
        self.0.apply_into(request, out)
    }

    fn share(&mut self, part: f64, whole: f64) {
        self.1 = self.1 * part / whole;
    }

    fn merge(&mut self, other: &Self) {
        self.1 += other.1;
    }
}

/// Worlds grouped by what a seat heard: the groups in the order first heard, each group's worlds
/// in the order they came.
pub type Groups<W> = Vec<(Vec<Item>, Vec<W>)>;

/// Adds `world` to the group of what `seat` heard of `said` (only a new group allocates).
fn group<W>(groups: &mut Groups<W>, said: &Announcement, seat: Color, world: W) {
    let n = heard_by(said, seat).count();
    match groups
        .iter_mut()
        .find(|(h, _)| h.len() == n && hears(said, seat, h))
    {
        Some((_, worlds)) => worlds.push(world),
        None => groups.push((heard_by(said, seat).collect(), vec![world])),
    }
}

/// Whether `said` is, for `seat`, exactly `heard`.
fn hears(said: &Announcement, seat: Color, heard: &[Item]) -> bool {
    heard_by(said, seat).eq(heard.iter().copied())
}

/// Makes `request` in `world`: whether it could be made and `seat` heard exactly `heard`.
pub fn answers<W: World>(world: &mut W, request: &Request, seat: Color, heard: &[Item]) -> bool {
    world
        .apply(request)
        .is_ok_and(|said| hears(&said, seat, heard))
}

/// The worlds after `request` where `seat` heard exactly `heard` (each world is changed in
/// place; those where the request cannot be made are dropped too).
pub fn keep<W: World>(worlds: Vec<W>, request: &Request, seat: Color, heard: &[Item]) -> Vec<W> {
    worlds
        .into_iter()
        .filter_map(|mut w| answers(&mut w, request, seat, heard).then_some(w))
        .collect()
}

/// The answers to one request across a world set.
#[derive(Debug)]
pub struct Split<W> {
    /// Where it was refused (the seat still to move, the game going on).
    pub refused: Groups<W>,
    /// Where it was taken (the seat's turn, or the game, ended).
    pub taken: Groups<W>,
}

/// The worlds of every group, group after group.
pub fn all<W>(mut groups: Groups<W>) -> Vec<W> {
    match groups.len() {
        0 => Vec::new(),
        1 => groups.pop().map(|(_, worlds)| worlds).unwrap_or_default(),
        _ => groups.into_iter().flat_map(|(_, worlds)| worlds).collect(),
    }
}

/// `request` made by `seat` (to move in every world) in a copy of every world, the copies
/// grouped by what the seat heard. `None` when `stop` holds for a world after it (the rest is
/// not worked out), or a world cannot take the request at all (the worlds of a set share the
/// seat's side, so then none can).
pub fn split<W: World>(
    worlds: &[W],
    request: &Request,
    seat: Color,
    stop: impl Fn(&Referee) -> bool,
) -> Option<Split<W>> {
    let mut out = Split {
        refused: Vec::new(),
        taken: Vec::new(),
    };
    let mut said = Announcement::new();
    for world in worlds {
        let mut w = world.clone();
        w.apply_into(request, &mut said).ok()?;
        let r = w.referee();
        if stop(r) {
            return None;
        }
        if r.over().is_none() && r.to_move() == seat {
            group(&mut out.refused, &said, seat, w);
        } else {
            group(&mut out.taken, &said, seat, w);
        }
    }
    Some(out)
}

/// The options of the side to move in a world: each request with its prior (how likely it is
/// chosen, up to a common factor; it only shares out a weighted world's weight).
pub type Options = Vec<(Request, f64)>;

/// Every legal move of the side to move, alike.
pub fn legal_moves(world: &Referee) -> Options {
    world
        .legal_attempts()
        .into_iter()
        .map(|a| (Request::Try(a), 1.0))
        .collect()
}

/// Branches every world over its `options`: each made in a copy of the world, which gets its
/// share of the world's weight. A copy where the option could not be made, or did not end the
/// mover's turn, is no child. `each` takes every child with what was said; `false` stops.
fn children<W: World>(
    worlds: &[W],
    options: impl Fn(&Referee) -> Options,
    mut each: impl FnMut(W, &Announcement) -> bool,
) -> bool {
    let mut said = Announcement::new();
    for world in worlds {
        let mover = world.referee().to_move();
        let options = options(world.referee());
        let whole: f64 = options.iter().map(|(_, p)| p).sum();
        for (option, part) in options {
            let mut child = world.clone();
            if child.apply_into(&option, &mut said).is_err() {
                continue;
            }
            let r = child.referee();
            if r.to_move() == mover && r.over().is_none() {
                continue;
            }
            child.share(part, whole.max(f64::MIN_POSITIVE));
            if !each(child, &said) {
                return false;
            }
        }
    }
    true
}

/// Every world branched over its `options`, the children grouped by what `seat` heard. `None`
/// when `stop` holds for a child.
pub fn branch<W: World>(
    worlds: &[W],
    seat: Color,
    options: impl Fn(&Referee) -> Options,
    stop: impl Fn(&Referee) -> bool,
) -> Option<Groups<W>> {
    let mut groups = Vec::new();
    let whole = children(worlds, options, |child, said| {
        if stop(child.referee()) {
            return false;
        }
        group(&mut groups, said, seat, child);
        true
    });
    whole.then_some(groups)
}

/// Every world branched over its `options`, keeping the children of which `seat` heard exactly
/// `heard`.
pub fn branch_heard<W: World>(
    worlds: &[W],
    seat: Color,
    options: impl Fn(&Referee) -> Options,
    heard: &[Item],
) -> Vec<W> {
    let mut out = Vec::new();
    children(worlds, options, |child, said| {
        if hears(said, seat, heard) {
            out.push(child);
        }
        true
    });
    out
}

/// Keeps one world per position, in order: the first, with the later ones merged into it.
pub fn dedup<W: World>(worlds: &mut Vec<W>) {
    let mut at: HashMap<u64, usize> = HashMap::with_capacity(worlds.len());
    let mut out: Vec<W> = Vec::with_capacity(worlds.len());
    for w in worlds.drain(..) {
        match at.entry(w.referee().position_key()) {
            Entry::Occupied(i) => out[*i.get()].merge(&w),
            Entry::Vacant(slot) => {
                slot.insert(out.len());
                out.push(w);
            }
        }
    }
    *worlds = out;
}

/// Sorts the worlds by position and keeps one world per position (the first, with the later
/// ones merged into it); returns the positions' keys in that order: the set's identity.
pub fn normalize<W: World>(worlds: &mut Vec<W>) -> Vec<u64> {
    let mut keyed: Vec<(u64, W)> = worlds
        .drain(..)
        .map(|w| (w.referee().position_key(), w))
        .collect();
    keyed.sort_by_key(|(k, _)| *k);
    keyed.dedup_by(|later, first| {
        let same = later.0 == first.0;
        if same {
            first.1.merge(&later.1);
        }
        same
    });
    let keys = keyed.iter().map(|(k, _)| *k).collect();
    worlds.extend(keyed.into_iter().map(|(_, w)| w));
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attempt::Attempt;
    use crate::rules::Preset;

    /// White: Ka1, Rd1; Black: Kh7 and a knight on `knight`.
    fn world(knight: &str) -> Referee {
        let fen = match knight {
            "d5" => "8/7k/8/3n4/8/8/8/K2R4 w - - 0 1",
            "d8" => "3n4/7k/8/8/8/8/8/K2R4 w - - 0 1",
            "a5" => "8/7k/8/n7/8/8/8/K2R4 w - - 0 1",
            _ => "8/7k/1n6/8/8/8/8/K2R4 w - - 0 1",
        };
        match Referee::from_fen(Preset::Berkeley.rules(), fen) {
            Ok((r, _)) => r,
            Err(e) => panic!("{fen}: {e}"),
        }
    }

    fn rook_to_d8() -> Request {
        Request::Try(Attempt::parse("d1d8").expect("uci"))
    }

    fn knight_square(r: &Referee) -> Option<String> {
        r.true_board().knights().first().map(|sq| sq.to_string())
    }

    #[test]
    fn a_split_groups_refusals_and_each_answer_apart() {
        let set = [world("a5"), world("d5"), world("d8"), world("b6")];
        let split = split(&set, &rook_to_d8(), Color::White, |_| false).expect("split");
        let squares = |g: &[Referee]| g.iter().map(knight_square).collect::<Vec<_>>();
        assert_eq!(split.refused.len(), 1);
        assert_eq!(split.refused[0].0, vec![Item::Illegal]);
        assert_eq!(squares(&split.refused[0].1), [Some("d5".to_owned())]);
        assert!(split.refused[0].1[0].to_move() == Color::White);
        // The quiet move in a5 and b6 (in that order), the capture in d8.
        assert_eq!(split.taken.len(), 2);
        let quiet = squares(&split.taken[0].1);
        assert_eq!(quiet, [Some("a5".to_owned()), Some("b6".to_owned())]);
        assert_eq!(squares(&split.taken[1].1), [None]);
        assert!(
            split.taken[1]
                .0
                .iter()
                .any(|i| matches!(i, Item::Capture { .. }))
        );
        assert!(
            !split.taken[0]
                .0
                .iter()
                .any(|i| matches!(i, Item::Capture { .. }))
        );
        assert_eq!(all(split.taken).len(), 3);
    }

    #[test]
    fn a_split_stops_where_told_and_keep_filters_by_what_was_heard() {
        let set = [world("a5"), world("d8")];
        let no_knight = |r: &Referee| r.true_board().knights().is_empty();
        assert!(split(&set, &rook_to_d8(), Color::White, no_knight).is_none());
        let heard = split(&set, &rook_to_d8(), Color::White, |_| false)
            .expect("split")
            .taken
            .remove(1)
            .0;
        let kept = keep(set.to_vec(), &rook_to_d8(), Color::White, &heard);
        assert_eq!(kept.len(), 1);
        assert_eq!(knight_square(&kept[0]), None);
        assert_eq!(kept[0].to_move(), Color::Black);
    }

    #[test]
    fn branching_makes_every_option_and_shares_the_weight_by_prior() {
        let mut set = [world("a5"), world("b6")];
        for w in &mut set {
            w.apply(&Request::Try(Attempt::parse("a1b1").expect("uci")))
                .expect("legal");
        }
        let moves: usize = set.iter().map(|w| w.legal_attempts().len()).sum();
        let groups = branch(&set, Color::White, legal_moves, |_| false).expect("no stop");
        assert_eq!(groups.iter().map(|(_, g)| g.len()).sum::<usize>(), moves);
        for (heard, g) in &groups {
            assert!(g.iter().all(|w| w.to_move() == Color::White));
            let again = branch_heard(&set, Color::White, legal_moves, heard);
            assert_eq!(again.len(), g.len());
        }
        assert!(branch(&set, Color::White, legal_moves, |_| true).is_none());

        // Two options, one thrice as likely: a quarter and three quarters of the weight.
        let weighted: Vec<Weighted> = vec![(set[0].clone(), 0.5)];
        let two = |r: &Referee| {
            let mut o = legal_moves(r);
            o.truncate(2);
            o[1].1 = 3.0;
            o
        };
        let children = all(branch(&weighted, Color::White, two, |_| false).expect("no stop"));
        let shares: Vec<f64> = children.iter().map(|(_, w)| *w).collect();
        assert_eq!(shares, [0.125, 0.375]);
    }

    #[test]
    fn one_world_per_position_with_weights_added() {
        let (a, b) = (world("a5"), world("b6"));
        let mut set: Vec<Weighted> = vec![(a.clone(), 0.5), (b.clone(), 0.25), (a.clone(), 0.125)];
        dedup(&mut set);
        let kept: Vec<(u64, f64)> = set.iter().map(|(r, w)| (r.position_key(), *w)).collect();
        assert_eq!(kept, [(a.position_key(), 0.625), (b.position_key(), 0.25)]);

        let mut set = vec![b.clone(), a.clone(), b.clone(), a];
        let keys = normalize(&mut set);
        assert_eq!(keys.len(), 2);
        assert!(keys[0] < keys[1]);
        let now: Vec<u64> = set.iter().map(Referee::position_key).collect();
        assert_eq!(now, keys);
    }
}
