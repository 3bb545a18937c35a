//! The random bot: random possible attempts from its own pieces (a random own piece, a random
//! square it may try to reach), "Any?" at the start of half its turns where the rules have it;
//! in RBC a random sense (or none), then a random move or, now and then, a pass. With its small
//! fast generator it also drives the benchmark and self-play.

use super::Bot;
use crate::attempt::Attempt;
use crate::possible::{Side, promotion_roles};
use crate::referee::{Referee, Request};
pub use crate::rng::Rng;
use crate::rules::RuleSet;
use crate::view::PlayerView;
use shakmaty::{Bitboard, ByRole, Rank, Role, Square};

/// Makes random requests for whichever side is to move: random possible attempts (a random own
/// piece, a random square it may try to reach), "Any?" at the start of half the turns where the
/// rules have it; in RBC a random sense (or none), then a random move or, now and then, a pass.
pub struct RandomBot {
    rng: Rng,
}

fn nth(b: Bitboard, n: usize) -> Option<Square> {
    b.into_iter().nth(n)
}

impl RandomBot {
    /// A player with its own random stream.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::new(seed),
        }
    }

    /// A random possible attempt for `side` (`None` if it has none).
    fn random_attempt(&mut self, side: &Side) -> Option<Attempt> {
        let own = side.board.by_color(side.color);
        for _ in 0..64 {
            let from = nth(own, self.rng.below(own.count().max(1)))?;
            let targets = side.targets(from);
            if targets.is_empty() {
                continue;
            }
            let to = nth(targets, self.rng.below(targets.count()))?;
            let promotion = (side.board.role_at(from) == Some(Role::Pawn)
                && to.rank() == side.color.relative_rank(Rank::Eighth))
            .then(|| {
                let roles = promotion_roles(side.promotion);
                roles[self.rng.below(roles.len())]
            });
            return Some(Attempt {
                from,
                to,
                promotion,
            });
        }
        None
    }

    /// The side to move's next request in `referee`'s game, or `None` when the game is over.
    /// `new_turn` must be true at the start of every turn. For the benchmark and self-play,
    /// which drive the referee directly: the request is drawn from the mover's own pieces only
    /// (what its seat's view holds too), exactly as [`Bot::next`] draws it from the view.
    pub fn next_request(&mut self, referee: &Referee, new_turn: bool) -> Option<Request> {
        if referee.over().is_some() {
            return None;
        }
        let pocket = referee.pockets().map(|p| *p.get(referee.to_move()));
        self.request(&referee.mover_side(), pocket, referee.rules(), new_turn)
    }

    /// Crazyhouse: now and then a random drop from a non-empty `pocket` onto a square empty on
    /// the own board (so a turn in which only a drop is legal still ends).
    fn random_drop(&mut self, side: &Side, pocket: ByRole<u8>) -> Option<Attempt> {
        let roles: Vec<Role> = crate::setup::POCKET_ROLES
            .into_iter()
            .filter(|r| *pocket.get(*r) > 0)
            .collect();
        if roles.is_empty() || self.rng.below(4) != 0 {
            return None;
        }
        let role = roles[self.rng.below(roles.len())];
        let back_ranks = Bitboard::from_rank(Rank::First) | Bitboard::from_rank(Rank::Eighth);
        let mut empty = !side.board.by_color(side.color);
        if role == Role::Pawn {
            empty &= !back_ranks;
        }
        let to = nth(empty, self.rng.below(empty.count().max(1)))?;
        Some(Attempt::drop(role, to))
    }

    /// The next request for a player with `side`'s pieces (and `pocket`, in Crazyhouse) under
    /// `rules`.
    fn request(
        &mut self,
        side: &Side,
        pocket: Option<ByRole<u8>>,
        rules: &RuleSet,
        new_turn: bool,
    ) -> Option<Request> {
        if rules.variant().senses() {
            if new_turn {
                return Some(Request::Sense(match self.rng.below(4) {
                    0 => None,
                    _ => Some(Square::new(self.rng.below(64) as u32)),
                }));
            }
            return match self.random_attempt(side) {
                Some(a) if self.rng.below(20) != 0 => Some(Request::Move(a)),
                _ => Some(Request::Pass),
            };
        }
        if new_turn && rules.has_any() && self.rng.below(2) == 0 {
            return Some(Request::Any);
        }
        if let Some(drop) = pocket.and_then(|p| self.random_drop(side, p)) {
            return Some(Request::Try(drop));
        }
        self.random_attempt(side).map(Request::Try)
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "Random"
    }

    fn next(&mut self, seat: &PlayerView) -> Option<Request> {
        if !seat.my_turn() {
            return None;
        }
        let new_turn = seat.refused.is_empty() && !seat.any_asked && !seat.sensed;
        let pocket = seat
            .rules
            .variant()
            .pockets()
            .then(|| *seat.pockets.get(seat.color));
        self.request(&seat.side(), pocket, &seat.rules, new_turn)
    }
}
