//! The strong bot: it keeps a [`Belief`] over the enemy pieces from its own seat's view (every rule
//! set), and picks each attempt by its expected gain over worlds drawn from the belief by weight.
//!
//! In every drawn world an attempt is either refused (it gains nothing: a refusal costs only a
//! little information) or played: then the position is scored after the opponent's most plausible
//! answer, which is not adversarial (the opponent cannot see our pieces): it takes back on the
//! square where it just heard a capture, makes a pawn capture it was told of, any other capture
//! only now and then, and in the strongest play (no thinking time set, or one of a second or more)
//! a mate it has at once half the time, unless it may have nothing but pawns ([`eval`]). The score
//! is material (pockets included), pawn progress, pieces near the enemy king and what we threaten;
//! a mate found in a world counts heavily, a stalemate or dead material as a draw, and when ahead a
//! repeated arrangement of our pieces and a king boxed in with nothing but pawns (a possible
//! stalemate) cost what the advantage is worth; ahead against few units, the attempts ranked first
//! are checked for a draw against every world the belief holds, not just the sample ([`audit`]).
//! "Any?" is asked only with a pawn capture to make. Ahead against pawns alone, a push of ours
//! never refused is tried first ([`probes`]): a refusal says a blocked pawn stands in front, which
//! the exact endgame play needs to know. In Modern Kriegspiel it opens the squares that split its
//! belief the most ([`super::opening`]). Attempts that no drawn world allows are tried only when
//! nothing else is left.
//!
//! On a clock ([`Bot::set_clock`]) a decision spends what [`time`] allots it: in RBC, the strongest
//! play (no thinking time set below [`SEARCH_FROM_MS`]) searches every option in each world drawn,
//! deeper while the budget allows, the levels score worlds until the budget says stop; in
//! Kriegspiel as many worlds are drawn as the budget allows at the pace measured so far; a thinking
//! time set ([`Bot::set_think_ms`]) stays a cap, and where the budget is at least that time the bot
//! plays exactly as at that time.
//!
//! Reconnaissance Blind Chess is played by [`super::rbc`] over the same belief. In Kriegspiel, once
//! the opponent has a lone king, [`super::endgame`] plays exactly.

mod audit;
mod decide;
pub(crate) mod eval;
pub(crate) mod time;

use super::arrangement;
use super::endgame::{self, Endgame};
use super::heuristic::HeuristicBot;
use super::{Bot, ClockLeft};
use crate::belief::Belief;
use crate::referee::Request;
use crate::rng::Rng;
use crate::view::PlayerView;
use eval::boxed_kings;
use shakmaty::Role;
use shakmaty::variant::Crazyhouse;
use shakmaty::{Bitboard, Board, CastlingMode, Chess, Position, Square};
use std::time::Instant;
use time::{Budget, Pace};

/// How long a slice of pondering works before the bot looks for a request again.
const PONDER_SLICE: std::time::Duration = std::time::Duration::from_millis(2);

/// How many worlds each decision looks at, at the default level.
const SAMPLES: usize = 48;

/// The default level's thinking time per request, in milliseconds (what [`SAMPLES`] stands for).
pub(crate) const DEFAULT_THINK_MS: u64 = 100;

/// The thinking time from which RBC on a clock searches every world ([`super::rbc`]'s deep
/// search): no level thinks this long, so only the strongest play (no thinking time set, or
/// one this long) searches.
const SEARCH_FROM_MS: u64 = 1_000;

/// Where captures do not say pawn or piece, or more pieces were taken than the opponent started
/// with (a pawn promoted unannounced, so any pawn may have): with this many units left (its
/// king included) the opponent may have nothing but pawns, and a king boxed in is feared as a
/// stalemate.
pub(super) const FEW_UNITS: usize = 6;

/// Worlds kept exactly by the belief (a sample beyond) at the default thinking time, outside
/// RBC ([`super::rbc::BELIEF_CAP`]).
const BELIEF_CAP: usize = 1_200;

/// How many times [`BELIEF_CAP`] a long thinking time keeps at most.
const CAP_SCALE: usize = 10;

/// Worlds kept exactly by the belief when `samples` are drawn for each decision: in RBC its
/// own cap, else [`BELIEF_CAP`] times the thinking time over the default's, from 1 to
/// [`CAP_SCALE`] times (12,000 at 1 s a decision). A larger belief loses the truth less often,
/// so the bot gets stronger with time (issue 33, Wild 16: at 1 s against itself at 50 ms it
/// scored 59.5 % in 100 games with 1,200 worlds, 74.5 % with 12,000).
fn belief_cap(samples: usize, senses: bool) -> usize {
    if senses {
        super::rbc::BELIEF_CAP
    } else {
        BELIEF_CAP * (samples / SAMPLES).clamp(1, CAP_SCALE)
    }
}

/// The strong bot.
pub struct StrongBot {
    rng: Rng,
    seed: u64,
    belief: Option<Belief>,
    /// Set when the belief cannot be kept for this game.
    unsupported: bool,
    fallback: HeuristicBot,
    /// Exact play once the opponent has only its king.
    endgame: Endgame,
    /// How many worlds each decision looks at (the level, or the thinking time).
    samples: usize,
    /// The thinking time set ([`Bot::set_think_ms`]): with a clock, a cap on each decision.
    cap_ms: Option<u64>,
    /// The bot's own clock, as last told (`None`: no time control).
    clock: Option<ClockLeft>,
    /// How long a world takes a Kriegspiel decision (the clock's worlds from its budget).
    pace: Pace,
    /// How often each arrangement of our own pieces stood on the board at our turn (a repeated
    /// arrangement is how draws by repetition begin).
    seen: std::collections::HashMap<u64, u32>,
    /// The move number whose arrangement was last counted.
    counted: u32,
    /// The UCI engine scoring RBC's searched worlds (started at the first, if one is found).
    engine: super::rbc::Engine,
}

impl StrongBot {
    /// A bot with its own random stream.
    pub fn new(seed: u64) -> StrongBot {
        StrongBot {
            rng: Rng::new(seed ^ 0x5EED),
            seed,
            belief: None,
            unsupported: false,
            fallback: HeuristicBot::new(seed),
            endgame: Endgame::default(),
            samples: SAMPLES,
            cap_ms: None,
            clock: None,
            pace: Pace::new(DEFAULT_THINK_MS as f64 / SAMPLES as f64, SAMPLES),
            seen: std::collections::HashMap::new(),
            counted: 0,
            engine: super::rbc::Engine::default(),
        }
    }

    /// The bot's belief brought up to date with `seat` (a review reads from it what the seat
    /// knew); `None` where the rules have no belief state.
    pub fn belief_for(&mut self, seat: &PlayerView) -> Option<&Belief> {
        if self.refresh(seat) {
            self.belief.as_ref()
        } else {
            None
        }
    }

    /// The budget of this decision by the clock, if it has one and the thinking time set does
    /// not already say less (then it plays as at that time, as the levels do).
    fn budget(&self, seat: &PlayerView) -> Option<Budget> {
        let b = time::budget(self.clock?, seat.rules.variant().senses(), seat.move_number);
        match self.cap_ms {
            Some(cap) if b.soft >= std::time::Duration::from_millis(cap) => None,
            Some(cap) => Some(b.capped(cap)),
            None => Some(b),
        }
    }

    /// Whether RBC on a clock searches every world: no thinking time set, or one of at least
    /// [`SEARCH_FROM_MS`] (never a level's).
    fn searches(&self) -> bool {
        self.cap_ms.is_none_or(|c| c >= SEARCH_FROM_MS)
    }

    /// The worlds a Kriegspiel decision looks at: by the clock's budget when it has one.
    fn worlds_for(&self, budget: Option<Budget>) -> usize {
        budget.map_or(self.samples, |b| self.pace.worlds(b.soft, 4, 1_000))
    }

    /// Brings the belief up to date with `seat`; false where it cannot be kept.
    fn refresh(&mut self, seat: &PlayerView) -> bool {
        if self.unsupported {
            return false;
        }
        match &mut self.belief {
            Some(b) => b.update(seat),
            None => match Belief::with_cap(seat, self.first_cap(seat), self.seed) {
                Ok(b) => self.belief = Some(b),
                Err(_) => {
                    self.unsupported = true;
                    return false;
                }
            },
        }
        true
    }
}

impl Bot for StrongBot {
    fn name(&self) -> &str {
        "Strong"
    }

    fn set_clock(&mut self, clock: Option<ClockLeft>) {
        self.clock = clock;
    }

    fn set_think_ms(&mut self, ms: u64) {
        self.cap_ms = Some(ms);
        // More time, more worlds: the decision's cost grows with the sample.
        let scaled = ms.saturating_mul(SAMPLES as u64) / DEFAULT_THINK_MS;
        self.samples = usize::try_from(scaled)
            .unwrap_or(usize::MAX)
            .clamp(4, 1_000);
    }

    /// The belief read up to the opponent's turn, then the opponent's options branched in its
    /// worlds ([`Belief::ponder`]), [`PONDER_SLICE`] at a time.
    fn ponder(&mut self, seat: &PlayerView) -> bool {
        if seat.my_turn() || seat.over.is_some() || seat.acts_after_moving() {
            return false;
        }
        let Some(belief) = &mut self.belief else {
            return false;
        };
        belief.catch_up(seat);
        belief.ponder(Instant::now() + PONDER_SLICE)
    }

    fn open(&mut self, seat: &PlayerView) -> Option<shakmaty::Bitboard> {
        let n = usize::from(seat.rules.variant().squares_to_open());
        if !seat.acts_after_moving() || n == 0 || !self.refresh(seat) {
            return None;
        }
        let belief = self.belief.as_ref()?;
        Some(super::opening::most_telling(
            belief,
            seat.own.by_color(seat.color),
            n,
        ))
    }

    fn next(&mut self, seat: &PlayerView) -> Option<Request> {
        if !seat.my_turn() {
            return None;
        }
        let started = Instant::now();
        let budget = self.budget(seat);
        if !self.refresh(seat) {
            return self.fallback.next(seat);
        }
        if seat.rules.variant().senses() {
            let effort = match budget {
                Some(b) if self.searches() => super::rbc::Effort::searched(started, b),
                Some(b) => super::rbc::Effort::timed(started, b),
                None => super::rbc::Effort::fixed(self.samples),
            };
            let belief = self.belief.as_ref()?;
            return if seat.sensed {
                super::rbc::choose_move(seat, belief, &effort, &mut self.rng, &mut self.engine)
            } else {
                Some(Request::Sense(super::rbc::sense(
                    seat,
                    belief,
                    &effort,
                    &mut self.rng,
                    &mut self.engine,
                )))
            }
            .or_else(|| self.fallback.next(seat));
        }
        let worlds = self.worlds_for(budget);
        let request = self.kriegspiel(seat, worlds);
        if budget.is_some() {
            self.pace.took(worlds, started.elapsed());
        }
        request
    }
}

impl StrongBot {
    /// A Kriegspiel decision over `samples` worlds drawn from the belief.
    fn kriegspiel(&mut self, seat: &PlayerView, samples: usize) -> Option<Request> {
        if seat.move_number != self.counted {
            self.counted = seat.move_number;
            *self.seen.entry(arrangement(&seat.own)).or_default() += 1;
        }
        endgame::prepare(seat);
        let blocked = self
            .belief
            .as_ref()
            .and_then(|b| endgame::blocked(seat, b.worlds(), b.weights_of_worlds(), b.is_exact()));
        if endgame::applies(seat) || blocked.is_some() {
            let halfmoves = self
                .belief
                .as_ref()
                .and_then(|b| b.worlds().iter().map(|w| w.true_setup().halfmoves).max())
                .unwrap_or(0);
            let seen = &self.seen;
            let repeated = |own: &Board| seen.get(&arrangement(own)).copied().unwrap_or(0);
            let known = blocked.as_ref().map(|b| b.pawns);
            if let Some(request) = self.endgame.next(seat, blocked, halfmoves, &repeated)
                && !self.may_stalemate_unknown_pawn(seat, &request, known)
            {
                return Some(request);
            }
        }
        // Worlds drawn by weight, each with how many times it was drawn.
        if seat.rules.variant().pockets() {
            let worlds = self.draw_worlds::<Crazyhouse>(samples);
            self.decide(seat, worlds)
        } else {
            let worlds = self.draw_worlds::<Chess>(samples);
            self.decide(seat, worlds)
        }
    }
}

impl StrongBot {
    /// The cap of the belief made for `seat`: by the thinking time, or with a clock by the
    /// first decision's soft budget (as if it were the thinking time).
    fn first_cap(&self, seat: &PlayerView) -> usize {
        let senses = seat.rules.variant().senses();
        let samples = self.budget(seat).map_or(self.samples, |b| {
            let ms = u64::try_from(b.soft.as_millis()).unwrap_or(u64::MAX);
            usize::try_from(ms.saturating_mul(SAMPLES as u64) / DEFAULT_THINK_MS)
                .unwrap_or(usize::MAX)
        });
        belief_cap(samples, senses)
    }

    /// `samples` worlds drawn from the belief by weight, as positions of type `P`, each with
    /// how many times it was drawn.
    fn draw_worlds<P: Position + shakmaty::FromSetup>(&mut self, samples: usize) -> Vec<(P, f32)> {
        match &self.belief {
            Some(b) => b
                .sample(samples, &mut self.rng)
                .into_iter()
                .filter_map(|(w, n)| world_position(w).map(|p| (p, n)))
                .collect(),
            None => Vec::new(),
        }
    }

    /// Squares where the belief has an enemy pawn more than [`PAWN_MAYBE`] of the time.
    fn pawn_squares(&self) -> Bitboard {
        self.belief.as_ref().map_or(Bitboard::EMPTY, |b| {
            let marks = b.weights(Some(Role::Pawn));
            Square::ALL
                .into_iter()
                .filter(|sq| marks[usize::from(*sq)] > PAWN_MAYBE)
                .collect()
        })
    }

    /// Whether the blocked-pawn search's `request` may stalemate through a pawn it does not
    /// know of (`known`: the pawns it takes as the enemy's): one standing in front of a pawn of
    /// ours, or where the belief has one now and then, with the king boxed in beside it. The
    /// search trusts a belief that most worlds agree on; a sample can agree on a wrong pawn
    /// (issue 36: the belief put it on g4 while it stood on c5, and Ke6 stalemated Kc6).
    fn may_stalemate_unknown_pawn(
        &self,
        seat: &PlayerView,
        request: &Request,
        known: Option<Bitboard>,
    ) -> bool {
        let (Request::Try(a), Some(known)) = (request, known) else {
            return false;
        };
        let us = seat.color;
        let fronts = (seat.own.pawns() & seat.own.by_color(us)).shift(us.fold_wb(8, -8));
        let unknown = (fronts | self.pawn_squares()) & !known;
        if unknown.is_empty() {
            return false;
        }
        let mut own = seat.own.clone();
        let mut castling = seat.castling;
        crate::possible::move_own_piece(&mut own, &mut castling, us, *a);
        // The squares boxed in only if one of those pawns is there.
        let kings = seat.king.possible & !own.occupied() & !unknown & !known;
        let with = boxed_kings(&own, us, kings, known | unknown);
        (with & !boxed_kings(&own, us, kings, known)).any()
    }
}

/// A world of the belief as a position of type `P` (`None` if it makes none).
fn world_position<P: Position + shakmaty::FromSetup>(w: &crate::referee::Referee) -> Option<P> {
    w.true_setup().position::<P>(CastlingMode::Standard).ok()
}

/// How likely an enemy pawn on a square must be for a king beside it to be taken as boxed in
/// there (a pawn blocked by its own king, or by ours, leaves the king no step).
const PAWN_MAYBE: f32 = 0.05;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_longer_thinking_time_keeps_a_larger_belief_up_to_ten_times() {
        let bot = |ms: u64| {
            let mut b = StrongBot::new(1);
            b.set_think_ms(ms);
            belief_cap(b.samples, false)
        };
        // The levels think at most the default time: their belief is unchanged.
        assert_eq!(bot(50), BELIEF_CAP);
        assert_eq!(bot(DEFAULT_THINK_MS), BELIEF_CAP);
        assert_eq!(bot(500), 5 * BELIEF_CAP);
        assert_eq!(bot(1_000), 10 * BELIEF_CAP);
        assert_eq!(bot(60_000), 10 * BELIEF_CAP);
        // RBC keeps its own cap at any thinking time.
        assert_eq!(belief_cap(480, true), crate::bots::rbc::BELIEF_CAP);
    }

    #[test]
    fn only_the_strongest_play_searches_every_world() {
        use crate::bots::level::Level;
        // The default engine and the strongest level set no thinking time: they search.
        assert!(StrongBot::new(1).searches());
        assert_eq!(Level::Strongest.spec().think_ms, None);
        // Every level with a thinking time plays as before.
        for level in Level::ALL {
            if let Some(ms) = level.spec().think_ms {
                let mut bot = StrongBot::new(1);
                bot.set_think_ms(ms);
                assert!(!bot.searches(), "{level:?}");
            }
        }
        // A long thinking time set by hand is a cap on a search.
        let mut bot = StrongBot::new(1);
        bot.set_think_ms(SEARCH_FROM_MS);
        assert!(bot.searches());
    }
}
