//! The strong bot: it keeps a [`Belief`] over the enemy pieces from its own seat's view (every
//! rule set), and picks each attempt by its expected gain over worlds drawn from the belief by
//! weight.
//!
//! In every drawn world an attempt is either refused (it gains nothing: a refusal costs only a
//! little information) or played: then the position is scored after the opponent's most
//! plausible answer, which is not adversarial (the opponent cannot see our pieces): it takes
//! back on the square where it just heard a capture, makes a pawn capture it was told of, and
//! any other capture only now and then ([`eval`]). The score is material (pockets included),
//! pawn progress, pieces near the enemy king and what we threaten; a mate found in a world
//! counts heavily, a stalemate or dead material as a draw, and when ahead a repeated
//! arrangement of our pieces and a king boxed in with nothing but pawns (a possible stalemate)
//! cost what the advantage is worth; ahead against few units, the attempts ranked first are
//! checked for a draw against every world the belief holds, not just the sample ([`audit`]).
//! "Any?" is asked only with a pawn capture to make. Ahead against pawns alone, a push of ours
//! never refused is tried first ([`probes`]): a refusal says a blocked pawn stands in front,
//! which the exact endgame play needs to know. In Modern Kriegspiel it opens the squares that
//! split its belief the most ([`super::opening`]). Attempts that no drawn world allows are
//! tried only when nothing else is left.
//!
//! Reconnaissance Blind Chess is played by [`super::rbc`] over the same belief. In Kriegspiel,
//! once the opponent has a lone king, [`super::endgame`] plays exactly.

mod audit;
pub(crate) mod eval;

use super::Bot;
use super::arrangement;
use super::endgame::{self, Endgame};
use super::heuristic::HeuristicBot;
use crate::attempt::Attempt;
use crate::belief::Belief;
use crate::referee::Request;
use crate::rng::Rng;
use crate::view::PlayerView;
use eval::{MATE, Replies, STALEMATE, boxed_in, boxed_kings, evaluate_pos, gain};
use shakmaty::Role;
use shakmaty::variant::Crazyhouse;
use shakmaty::{Bitboard, Board, CastlingMode, Chess, Position, Square};

/// How many worlds each decision looks at, at the default level.
const SAMPLES: usize = 48;

/// The default level's thinking time per request, in milliseconds (what [`SAMPLES`] stands for).
const DEFAULT_THINK_MS: u64 = 100;

/// Where captures do not say pawn or piece, or more pieces were taken than the opponent started
/// with (a pawn promoted unannounced, so any pawn may have): with this many units left (its
/// king included) the opponent may have nothing but pawns, and a king boxed in is feared as a
/// stalemate.
const FEW_UNITS: usize = 6;

/// Worlds kept exactly by the belief (a sample beyond), outside RBC ([`super::rbc::BELIEF_CAP`]).
const BELIEF_CAP: usize = 1_200;

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
    /// How many worlds each decision looks at (the level).
    samples: usize,
    /// How often each arrangement of our own pieces stood on the board at our turn (a repeated
    /// arrangement is how draws by repetition begin).
    seen: std::collections::HashMap<u64, u32>,
    /// The move number whose arrangement was last counted.
    counted: u32,
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
            seen: std::collections::HashMap::new(),
            counted: 0,
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

    /// Brings the belief up to date with `seat`; false where it cannot be kept.
    fn refresh(&mut self, seat: &PlayerView) -> bool {
        if self.unsupported {
            return false;
        }
        match &mut self.belief {
            Some(b) => b.update(seat),
            None => match Belief::with_cap(
                seat,
                if seat.rules.variant().senses() {
                    super::rbc::BELIEF_CAP
                } else {
                    BELIEF_CAP
                },
                self.seed,
            ) {
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

    fn set_think_ms(&mut self, ms: u64) {
        // More time, more worlds: the decision's cost grows with the sample.
        let scaled = ms.saturating_mul(SAMPLES as u64) / DEFAULT_THINK_MS;
        self.samples = usize::try_from(scaled)
            .unwrap_or(usize::MAX)
            .clamp(4, 1_000);
    }

    fn open(&mut self, seat: &PlayerView) -> Option<shakmaty::Bitboard> {
        let n = usize::from(seat.rules.variant().squares_to_open());
        if !seat.may_open || n == 0 || !self.refresh(seat) {
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
        if !self.refresh(seat) {
            return self.fallback.next(seat);
        }
        if seat.rules.variant().senses() {
            let belief = self.belief.as_ref()?;
            return if seat.sensed {
                super::rbc::choose_move(seat, belief, self.samples, &mut self.rng)
            } else {
                Some(Request::Sense(super::rbc::sense(
                    seat,
                    belief,
                    self.samples,
                    &mut self.rng,
                )))
            }
            .or_else(|| self.fallback.next(seat));
        }
        if seat.move_number != self.counted {
            self.counted = seat.move_number;
            *self.seen.entry(arrangement(&seat.own)).or_default() += 1;
        }
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
            let worlds = self.draw_worlds::<Crazyhouse>();
            self.decide(seat, worlds)
        } else {
            let worlds = self.draw_worlds::<Chess>();
            self.decide(seat, worlds)
        }
    }
}

impl StrongBot {
    /// Worlds drawn from the belief by weight, as positions of type `P`, each with how many
    /// times it was drawn.
    fn draw_worlds<P: Position + shakmaty::FromSetup>(&mut self) -> Vec<(P, f32)> {
        match &self.belief {
            Some(b) => b
                .sample(self.samples, &mut self.rng)
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

    /// The attempt with the best expected gain over `worlds`.
    fn decide<P: Position + Clone + shakmaty::FromSetup>(
        &mut self,
        seat: &PlayerView,
        worlds: Vec<(P, f32)>,
    ) -> Option<Request> {
        if worlds.is_empty() {
            return self.fallback.next(seat);
        }
        let candidates = match candidates(seat) {
            Plan::Any => return Some(Request::Any),
            Plan::Weigh(c) if c.is_empty() => return self.fallback.next(seat),
            Plan::Weigh(c) => c,
        };
        let n: f32 = worlds.iter().map(|(_, k)| k).sum();
        let ahead = advantage(&worlds, seat.color, n);
        // Plies since the last capture or pawn move (the most any world has): past 40, when
        // ahead, a move that starts the count again is worth more and more of the advantage.
        let halfmoves = self
            .belief
            .as_ref()
            .and_then(|b| b.worlds().iter().map(|w| w.true_setup().halfmoves).max())
            .unwrap_or(0);
        let urgency = if ahead > 0.0 {
            ahead * ((halfmoves as f32 - 40.0) / 50.0).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let pawns_only = pawns_only(seat, &worlds);
        // A stalemate needs the opponent's army stuck, so where it may have nothing but pawns
        // the worlds that stalemate are worlds we are ahead in by what we have against its
        // pawns, whatever the sample's mean says (issue 36: a sample full of unannounced
        // promotions put the bot four pawns behind, its guard slept, and a rook stalemated a
        // king with two pawns).
        let ahead_of_pawns = if pawns_only {
            ahead.max(material_against_pawns(seat))
        } else {
            ahead
        };
        // Against a king with pawns, or one unit beside its king, the win is all but sure: a
        // draw throws away more than a mate now brings (issue 36: Rxh7 mated in a tenth of
        // the worlds and stalemated a pinned bishop in a fiftieth, and was played).
        let nearly_won = pawns_only || seat.opponent_units_left() <= 2;
        let draw_stake = if nearly_won {
            (ahead_of_pawns + STALEMATE).max(MATE + STALEMATE)
        } else {
            ahead_of_pawns + STALEMATE
        };
        let weighing = Weighing {
            draw_stake,
            ahead_of_pawns,
            last_piece: !pawns_only && pieces_left(seat) == Some(1),
            n,
            ahead,
            urgency,
            pawns_only,
            replies: Replies::for_rules(&seat.rules),
            pawn_squares: self.pawn_squares(),
            probes: if pawns_only && ahead_of_pawns > 0.0 {
                probes(seat)
            } else {
                Vec::new()
            },
        };
        let mut scored = Vec::new();
        let mut unseen = Vec::new();
        for a in candidates {
            match self.score(seat, &worlds, a, &weighing) {
                None => unseen.push(a),
                Some((score, drew)) => scored.push(audit::Scored {
                    score,
                    drew,
                    attempt: a,
                }),
            }
        }
        // Ahead against few units, a stalemate the sample missed may be the truth.
        let audited = self
            .belief
            .as_ref()
            .filter(|_| ahead_of_pawns > 0.0 && seat.opponent_units_left() <= FEW_UNITS);
        let best = audit::best::<P>(audited, scored, weighing.draw_stake);
        let pick = match best {
            Some(a) => a,
            None => unseen[self.rng.below(unseen.len())],
        };
        Some(Request::Try(pick))
    }

    /// The score of attempt `a` over `worlds`, and whether it drew in one of them; `None` when
    /// no world allows it.
    fn score<P: Position + Clone>(
        &mut self,
        seat: &PlayerView,
        worlds: &[(P, f32)],
        a: Attempt,
        w8: &Weighing,
    ) -> Option<(f32, bool)> {
        let (n, ahead, us) = (w8.n, w8.ahead, seat.color);
        let mut total = 0.0;
        let mut legal = 0.0;
        let mut drawn = 0.0;
        let mut boxed = 0.0;
        let mut resets = 0.0;
        // Worlds where the attempt takes the opponent's last piece.
        let mut takes_last = 0.0;
        for (w, k) in worlds {
            if let Some(o) = gain(w, a, us, w8.replies) {
                total += k * o.gain;
                legal += k;
                if w8.last_piece
                    && w.board().piece_at(a.to).is_some_and(|p| {
                        p.color != us && !matches!(p.role, Role::Pawn | Role::King)
                    })
                {
                    takes_last += k;
                }
                if o.resets {
                    resets += k;
                }
                if o.drawn {
                    drawn += k;
                }
                if o.boxed {
                    boxed += k;
                }
            }
        }
        // A stalemate seen in a few sampled worlds may be the truth: the sample is thin
        // where it matters most, so such an attempt counts as if it drew often.
        let ahead_of_pawns = w8.ahead_of_pawns;
        if drawn > 0.0 && ahead_of_pawns > 0.0 {
            total -= (0.3 * n - drawn).max(0.0) * w8.draw_stake;
        }
        if legal == 0.0 {
            return None;
        }
        // Ahead with the fifty-move count running out: a capture or a pawn move in time.
        total += resets * w8.urgency;
        // Undoing the last move, or standing as we stood twice before, invites a draw by
        // repetition.
        let back = seat
            .last_move
            .is_some_and(|m| m.from == a.to && m.to == a.from);
        let mut own = seat.own.clone();
        let mut castling = seat.castling;
        crate::possible::move_own_piece(&mut own, &mut castling, us, a);
        // Taking the last piece leaves pawns only where it is taken.
        let pawns_only_after = if w8.pawns_only { legal } else { takes_last };
        if pawns_only_after > 0.0 && ahead_of_pawns > 0.0 {
            // Against pawns alone, any square the king may stand on where it would be boxed
            // in is a real risk: where it stands is known only roughly, and so are its pawns.
            // Taking the last piece risks the share of the king's squares where it would be
            // boxed in: counting any of them as half made a queen shy of ever taking a last
            // knight, and the fifty-move rule drew.
            let tracked = boxed_in(seat, &own, w8.pawn_squares, false);
            let tracked = if w8.pawns_only && tracked > 0.0 {
                tracked.max(0.5)
            } else {
                tracked
            };
            // A pawn the belief lost may stand just behind the king, blocked by it: each
            // square boxed in so counts for its share of the king's squares (a sample that had
            // lost the pawn let a rook stalemate a king in front of it, issue 36).
            let behind = if w8.pawns_only && seat.opponent_units_left() > 1 {
                boxed_in(seat, &own, w8.pawn_squares, true)
            } else {
                0.0
            };
            let tracked = tracked.max(behind);
            let share = (boxed / legal).max(tracked);
            // Ahead against pawns alone the win is all but sure: a stalemate throws away as
            // much as a mate now would bring, and more (issue 36: a stalemate risk of one
            // world in ten was taken for a mate in half of them, and drew).
            total -= pawns_only_after * share * (ahead_of_pawns + STALEMATE).max(MATE + STALEMATE);
        }
        let times = self.seen.get(&arrangement(&own)).copied().unwrap_or(0);
        let repeat = match times {
            0 => 0.0,
            1 => 0.1 * ahead.max(0.0),
            _ => 0.6 * (ahead + STALEMATE / 10.0).max(0.0),
        };
        total -= legal * (repeat + if back { 0.3 } else { 0.0 });
        if w8.probes.contains(&a) {
            total += n * PROBE;
        }
        // A refusal is nearly free, but not quite (time, and what the opponent hears).
        // A little noise breaks ties between equal attempts.
        let score =
            total / n - 0.02 * (1.0 - legal / n) + 0.001 * (self.rng.below(1000) as f32 / 1000.0);
        Some((score, drawn > 0.0))
    }
}

/// A world of the belief as a position of type `P` (`None` if it makes none).
fn world_position<P: Position + shakmaty::FromSetup>(w: &crate::referee::Referee) -> Option<P> {
    w.true_setup().position::<P>(CastlingMode::Standard).ok()
}

/// What a decision starts from: ask "Any?", or weigh these attempts.
enum Plan {
    /// Ask "Any?".
    Any,
    /// Weigh these attempts (none: leave it to the fallback).
    Weigh(Vec<Attempt>),
}

/// What every attempt of one decision is weighed with.
struct Weighing {
    /// What a draw throws away when ahead, in pawns: the advantage and [`STALEMATE`], and at
    /// least a mate's worth when the win is all but sure.
    draw_stake: f32,
    /// The number of worlds drawn (with repeats).
    n: f32,
    /// Our expected material advantage over the worlds.
    ahead: f32,
    /// [`Weighing::ahead`], or where the opponent may have nothing but pawns, at least what our
    /// units are worth against its pawns (what a stalemate throws away).
    ahead_of_pawns: f32,
    /// What starting the fifty-move count again is worth now.
    urgency: f32,
    /// The opponent may have nothing but pawns besides its king.
    pawns_only: bool,
    /// The opponent has one piece left besides king and pawns (by the captures heard): taking
    /// it may leave a king boxed in, alone or beside pawns that cannot move.
    last_piece: bool,
    /// How the opponent is expected to answer.
    replies: Replies,
    /// Pawn pushes worth trying for what a refusal would tell ([`probes`]).
    probes: Vec<Attempt>,
    /// Squares where the belief has an enemy pawn more than [`PAWN_MAYBE`] of the time.
    pawn_squares: Bitboard,
}

/// How likely an enemy pawn on a square must be for a king beside it to be taken as boxed in
/// there (a pawn blocked by its own king, or by ours, leaves the king no step).
const PAWN_MAYBE: f32 = 0.05;

/// What trying a pawn push is worth for what its refusal would tell, in pawns.
const PROBE: f32 = 1.0;

/// Ahead against a king with nothing but pawns: the pushes of our pawns never refused from the
/// square they stand on. A refusal says that an enemy unit stands in front (most often a pawn it
/// blocks, which the lone-king search needs to know), costs nothing but the try, and a push
/// that is played is progress. Only the first try of a turn.
fn probes(seat: &PlayerView) -> Vec<Attempt> {
    if !seat.refused.is_empty() {
        return Vec::new();
    }
    let us = seat.color;
    let refused = seat.blocked_fronts();
    (seat.own.by_color(us) & seat.own.pawns())
        .into_iter()
        .filter_map(|from| {
            let to = super::pawn_front(from, us)?;
            let a = Attempt::new(from, to);
            (seat.is_possible(a) && !refused.contains(to)).then_some(a)
        })
        .collect()
}

/// "Any?" with a pawn capture on the own board at the start of a turn, else the untried
/// attempts (only the pawn captures once told "Try").
fn candidates(seat: &PlayerView) -> Plan {
    let new_turn = seat.refused.is_empty() && !seat.any_asked;
    let side = seat.side();
    let open = seat.untried_attempts();
    let pawn_captures: Vec<Attempt> = open
        .iter()
        .copied()
        .filter(|a| side.is_pawn_capture(*a))
        .collect();
    // "Any?" only with a pawn capture on the own board (else the answer is known).
    if new_turn && seat.rules.has_any() && !pawn_captures.is_empty() {
        return Plan::Any;
    }
    // Told "Try": the rules oblige pawn captures (Berkeley until one is legal, English one).
    let told_try = seat
        .turns
        .last()
        .into_iter()
        .flat_map(|t| &t.heard)
        .flat_map(|h| &h.items)
        .any(|i| *i == crate::announce::Item::AnyAnswer(true));
    Plan::Weigh(if told_try && !pawn_captures.is_empty() {
        pawn_captures
    } else {
        open
    })
}

/// The mean value for `us` of the `n` worlds drawn: ahead, a draw by repetition throws the
/// advantage away; behind, it is welcome.
fn advantage<P: Position>(worlds: &[(P, f32)], us: shakmaty::Color, n: f32) -> f32 {
    worlds
        .iter()
        .map(|(w, k)| k * evaluate_pos(w, us))
        .sum::<f32>()
        / n.max(1.0)
}

/// What our units (the king aside) are worth, in pawns, less the opponent's units left but its
/// king, all counted as pawns.
fn material_against_pawns(seat: &PlayerView) -> f32 {
    let ours: u32 = (seat.own.by_color(seat.color) & !seat.own.kings())
        .into_iter()
        .filter_map(|sq| seat.own.role_at(sq))
        .map(|r| u32::from(super::pawns(r)))
        .sum();
    ours as f32 - seat.opponent_units_left().saturating_sub(1) as f32
}

/// How many pieces (neither king nor pawn) the opponent has left by the captures heard, when
/// they say: the pieces it started with less those taken (`None` when captures do not say pawn
/// or piece, or when more were taken than it started with: a pawn promoted). A promotion not
/// yet met makes it more.
fn pieces_left(seat: &PlayerView) -> Option<usize> {
    let start = seat.opponent_material();
    let (taken, pawns_taken) = seat.own_captures();
    let pieces = usize::from(start.knight + start.bishop + start.rook + start.queen);
    pieces.checked_sub(taken - pawns_taken?)
}

/// A king boxed in may be a stalemate when the opponent has nothing but pawns besides:
/// so in every world, or by the captures heard (the sample may be wrong where it
/// matters), or, where captures do not settle it, when it has few units left. Captures do not
/// settle it when they do not say pawn or piece, or when more pieces were taken than it
/// started with: a pawn promoted unannounced, and the one left may be a piece or a pawn
/// (issue 36: both stalemates left in 4,000 blocked-pawn endings were such games).
fn pawns_only<P: Position>(seat: &PlayerView, worlds: &[(P, f32)]) -> bool {
    let us = seat.color;
    let units_left = seat.opponent_units_left();
    (match pieces_left(seat) {
        Some(pieces) => pieces == 0,
        None => units_left <= FEW_UNITS,
    }) || worlds.iter().all(|(w, _)| {
        let b = w.board();
        (b.by_color(!us) & !b.pawns() & !b.kings()).is_empty()
    })
}
