//! The worlds a hidden start may have been (a random ending: the seat is told its own pieces
//! and how many enemy units there are, never where they stand).
//!
//! A lone enemy king, or a king with one or two pawns, is placed on every square it may stand
//! on (exact: at most about 130,000 starts, which the first step samples down to the cap); a
//! larger hidden army is drawn at random ([`HIDDEN_DRAWS`] legal placements: not exact). Pawns
//! never stand on the first or last rank; the referee keeps only legal positions (kings apart,
//! the side not to move not in check).

use super::BeliefError;
use crate::announce::{Item, heard_by};
use crate::referee::Referee;
use crate::rng::Rng;
use crate::rules::RuleSet;
use shakmaty::{Bitboard, ByRole, Color, Role, Setup, Square};

/// How many random placements stand for a hidden army too large to place in every way.
const HIDDEN_DRAWS: usize = 8_000;

/// What a hidden start leaves unknown: the seat's own start and the enemy units to place.
#[derive(Clone, Debug)]
pub(super) struct Hidden {
    start: Setup,
    rules: RuleSet,
    enemy: Color,
    /// The enemy's units besides its king.
    units: Vec<Role>,
    /// What the seat heard at the start (the pawn tries it has, a check): a placement that
    /// would have told it otherwise is no start.
    heard: Vec<Item>,
}

impl Hidden {
    /// The hidden start of a seat of `color` that was told `start` (its own pieces) and the
    /// enemy's `unseen` units.
    pub(super) fn new(
        start: &Setup,
        rules: &RuleSet,
        color: Color,
        unseen: &ByRole<u8>,
        heard: Vec<Item>,
    ) -> Hidden {
        let mut units = Vec::new();
        for role in Role::ALL {
            if role != Role::King {
                units.extend(std::iter::repeat_n(role, usize::from(*unseen.get(role))));
            }
        }
        Hidden {
            start: start.clone(),
            rules: rules.clone(),
            enemy: !color,
            units,
            heard,
        }
    }

    /// The game from `setup`, where it is a legal start that tells the seat what it heard.
    fn world(&self, setup: Setup) -> Option<Referee> {
        start_heard_so(&self.rules, setup, !self.enemy, &self.heard)
    }

    /// Whether every placement is listed (a king with at most two pawns).
    fn enumerable(&self) -> bool {
        self.units.len() <= 2 && self.units.iter().all(|r| *r == Role::Pawn)
    }

    /// The starts: every placement when [`Hidden::enumerable`] (`true`), else random draws.
    pub(super) fn starts(&self, rng: &mut Rng) -> Result<(Vec<Referee>, bool), BeliefError> {
        if self.enumerable() {
            let free = !self.start.board.occupied();
            let mut worlds = Vec::new();
            for king in free {
                let mut setup = self.start.clone();
                setup.board.set_piece_at(king, self.enemy.king());
                self.pawns(setup, free.without(king), self.units.len(), &mut worlds);
            }
            return Ok((worlds, true));
        }
        let mut worlds = Vec::new();
        for _ in 0..HIDDEN_DRAWS.saturating_mul(4) {
            if worlds.len() >= HIDDEN_DRAWS {
                break;
            }
            worlds.extend(self.draw(rng));
        }
        if worlds.is_empty() {
            return Err(BeliefError::Start(
                "no placement of the hidden units is legal".into(),
            ));
        }
        Ok((worlds, false))
    }

    /// Every placement of `n` more pawns on `free` (each after the last, so a set of squares
    /// comes once), added to `out` where legal.
    fn pawns(&self, setup: Setup, free: Bitboard, n: usize, out: &mut Vec<Referee>) {
        if n == 0 {
            out.extend(self.world(setup));
            return;
        }
        for sq in free & !Bitboard::BACKRANKS {
            let mut next = setup.clone();
            next.board.set_piece_at(sq, Role::Pawn.of(self.enemy));
            // Only squares after this one for the next pawn.
            let later = Bitboard::from_iter(free.into_iter().filter(|s| *s > sq));
            self.pawns(next, later, n - 1, out);
        }
    }

    /// One random placement of the enemy king and units, where legal.
    pub(super) fn draw(&self, rng: &mut Rng) -> Option<Referee> {
        let mut setup = self.start.clone();
        let mut free = !setup.board.occupied();
        for role in std::iter::once(Role::King).chain(self.units.iter().copied()) {
            let allowed = if role == Role::Pawn {
                free & !Bitboard::BACKRANKS
            } else {
                free
            };
            let sq: Square = allowed.into_iter().nth(rng.below(allowed.count().max(1)))?;
            setup.board.set_piece_at(sq, role.of(self.enemy));
            free.discard(sq);
        }
        self.world(setup)
    }
}

/// The game from `setup` where it is a legal start whose announcement tells the seat of
/// `color` exactly `heard` (the start of a hidden ending is told: its pawn tries, a check).
pub(super) fn start_heard_so(
    rules: &RuleSet,
    setup: Setup,
    color: Color,
    heard: &[Item],
) -> Option<Referee> {
    let (referee, said) = Referee::new(rules.clone(), setup).ok()?;
    heard_by(&said, color)
        .eq(heard.iter().copied())
        .then_some(referee)
}
