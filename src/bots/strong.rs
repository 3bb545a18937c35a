//! The strong bot: it keeps a [`Belief`] over the enemy pieces from its own seat's view, and
//! picks each attempt by its expected gain over a sample of the belief's worlds.
//!
//! In every sampled world an attempt is either refused (it gains nothing: a refusal costs only
//! a little information) or played: then the position is scored after the opponent's most
//! plausible answer, which is not adversarial (the opponent cannot see our pieces): it takes
//! back on the square where it just heard a capture when it can, and otherwise takes what it
//! can take only half the time. The score is material, pawn progress and, when the opponent has
//! its king alone, the push of that king to the edge and of our king towards it ("mop-up"), so
//! won endings get finished; a mate found in a world counts heavily, a stalemate as a draw.
//! Attempts that no sampled world allows are tried only when nothing else is left. Where the
//! belief is not supported (RBC, drops, opened squares, a hidden placement) it plays as the
//! heuristic bot.

use super::Bot;
use super::endgame::{self, Endgame};
use super::heuristic::HeuristicBot;
use crate::attempt::Attempt;
use crate::belief::Belief;
use crate::referee::Request;
use crate::rng::Rng;
use crate::view::PlayerView;
use shakmaty::{Board, CastlingMode, Chess, Color, Position, Role, Square};

/// How many worlds each decision looks at, at the default level.
const SAMPLES: usize = 48;

/// The default level's thinking time per request, in milliseconds (what [`SAMPLES`] stands for).
const DEFAULT_THINK_MS: u64 = 100;

/// Worlds kept exactly by the belief (a sample beyond).
const BELIEF_CAP: usize = 1_200;

/// The score of a mate, in pawns.
const MATE: f32 = 60.0;

/// What a stalemate costs beyond the advantage it throws away, in pawns.
const STALEMATE: f32 = 30.0;

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

    /// Brings the belief up to date with `seat`; false where it cannot be kept.
    fn refresh(&mut self, seat: &PlayerView) -> bool {
        if self.unsupported {
            return false;
        }
        match &mut self.belief {
            Some(b) => b.update(seat),
            None => match Belief::with_cap(seat, BELIEF_CAP, self.seed) {
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

/// A unit's value in pawns ([`super::pawns`]).
fn value(role: Role) -> f32 {
    f32::from(super::pawns(role))
}

/// King steps between two squares.
fn distance(a: Square, b: Square) -> f32 {
    a.distance(b) as f32
}

/// How far `sq` is from the centre (0 in the middle, 3 in a corner).
fn off_centre(sq: Square) -> f32 {
    let f = u32::from(sq.file()) as f32;
    let r = u32::from(sq.rank()) as f32;
    (f - 3.5).abs().max((r - 3.5).abs()) - 0.5
}

/// The position's score for `us`, in pawns.
fn evaluate(board: &Board, us: Color) -> f32 {
    let mut score = 0.0;
    for (sq, piece) in board.iter() {
        let mut v = value(piece.role);
        if piece.role == Role::Pawn {
            let rank = u32::from(piece.color.relative_rank(sq.rank())) as f32;
            v += 0.06 * rank;
        }
        score += if piece.color == us { v } else { -v };
    }
    // Pieces near the enemy king: that is where mates come from.
    if let Some(theirs) = board.king_of(!us) {
        for sq in board.by_color(us) & !board.pawns() & !board.kings() {
            score += 0.04 * (7.0 - distance(sq, theirs));
        }
    }
    let enemy = board.by_color(!us);
    if enemy.count() == 1
        && let (Some(theirs), Some(ours)) = (board.king_of(!us), board.king_of(us))
    {
        // Mop-up: their king to the edge, ours beside it.
        score += 0.4 * off_centre(theirs) - 0.2 * distance(theirs, ours);
    }
    score
}

/// How the opponent is taken to answer: it takes back where it just heard a capture; a pawn
/// capture it is told of (pawn tries announced, or "Any?") it makes; any other capture only
/// now and then, since it cannot see our pieces.
#[derive(Copy, Clone, Debug)]
struct Replies {
    /// How likely an opponent pawn capture is made.
    pawn: f32,
    /// How likely another capture is made.
    other: f32,
}

impl Replies {
    fn for_rules(rules: &crate::rules::RuleSet) -> Replies {
        let told = rules.pawn_info != crate::rules::PawnInfo::None || rules.has_any();
        Replies {
            pawn: if told { 0.9 } else { 0.5 },
            other: 0.35,
        }
    }
}

/// The score for `us` after the opponent's plausible answer in `pos` (the opponent to move);
/// `hot`: the square where the opponent just heard a capture, if any.
fn after_reply(pos: &Chess, us: Color, hot: Option<Square>, replies: Replies) -> f32 {
    let base = evaluate(pos.board(), us);
    let board = pos.board();
    let mut take_back: f32 = 0.0;
    let mut other: f32 = 0.0;
    for m in pos.legal_moves() {
        let Some(captured) = m.capture() else {
            continue;
        };
        let mut gain = value(captured);
        // Our unit may be defended: the opponent then loses its capturer.
        let to = m.to();
        let defended = (board.attacks_to(to, us, board.occupied()) & board.by_color(us)).any();
        if defended {
            gain -= value(m.role());
        }
        // A capture that leaves too little to mate throws our advantage away: a draw.
        let mut next = pos.clone();
        next.play_unchecked(m);
        if next.is_insufficient_material() {
            gain = gain.max(base + STALEMATE);
        }
        if Some(to) == hot {
            take_back = take_back.max(gain);
        } else if m.role() == Role::Pawn {
            other = other.max(replies.pawn * gain);
        } else {
            other = other.max(replies.other * gain);
        }
    }
    // What we threaten in turn: an enemy unit we attack that its side does not defend.
    let mut threat: f32 = 0.0;
    for sq in board.by_color(!us) & !board.kings() {
        if board.attacks_to(sq, us, board.occupied()).any()
            && !board.attacks_to(sq, !us, board.occupied()).any()
        {
            threat = threat.max(board.role_at(sq).map_or(0.0, value));
        }
    }
    base - take_back.max(other).max(0.0) + 0.15 * threat
}

/// The share of the squares where the enemy king may stand from which, with our pieces as
/// `own` after our move, it would have no step and not be in check: a stalemate when the rest
/// of its army (pawns, at most) cannot move either, which the bot cannot see.
fn boxed_in(seat: &PlayerView, own: &Board) -> f32 {
    let us = seat.color;
    let attacked = crate::knowledge::certain_attacks(own, us, !own.occupied());
    let kings = seat.king.possible & !own.occupied();
    if kings.is_empty() {
        return 0.0;
    }
    let boxed = kings
        .into_iter()
        .filter(|&k| !attacked.contains(k))
        .filter(|&k| (shakmaty::attacks::king_attacks(k) & !attacked).is_empty())
        .count();
    boxed as f32 / kings.count() as f32
}

/// A key of where our pieces stand.
fn arrangement(own: &Board) -> u64 {
    let mut h: u64 = u64::from(own.occupied());
    for role in Role::ALL {
        h = h.rotate_left(7) ^ u64::from(own.by_role(role)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    h
}

/// The gain of attempting `a` in the world `pos` (our move there), and whether it draws at
/// once (stalemate, dead material): `None` when it is refused there.
fn gain(pos: &Chess, a: Attempt, us: Color, replies: Replies) -> Option<(f32, bool)> {
    let m = a.to_uci().to_move(pos).ok()?;
    let before = evaluate(pos.board(), us);
    let hot = m.is_capture().then(|| m.to());
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.is_checkmate() {
        return Some((MATE, false));
    }
    if after.is_stalemate() || after.is_insufficient_material() {
        return Some((-before - STALEMATE, true));
    }
    let check = if after.is_check() { 0.1 } else { 0.0 };
    Some((
        after_reply(&after, us, hot, replies) - before + check,
        false,
    ))
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

    fn next(&mut self, seat: &PlayerView) -> Option<Request> {
        if !seat.my_turn() {
            return None;
        }
        let us = seat.color;
        if seat.rules.family == crate::rules::Family::Rbc {
            if !self.refresh(seat) {
                return self.fallback.next(seat);
            }
            let belief = self.belief.as_ref()?;
            return if seat.sensed {
                super::rbc::choose_move(seat, belief, self.samples, &mut self.rng)
            } else {
                Some(Request::Sense(super::rbc::sense(belief)))
            }
            .or_else(|| self.fallback.next(seat));
        }
        let new_turn = seat.refused.is_empty() && !seat.any_asked;
        let has_any = seat.rules.has_any();
        if seat.move_number != self.counted {
            self.counted = seat.move_number;
            *self.seen.entry(arrangement(&seat.own)).or_default() += 1;
        }
        if endgame::applies(seat) {
            self.refresh(seat);
            let halfmoves = self
                .belief
                .as_ref()
                .and_then(|b| b.worlds().iter().map(|w| w.true_setup().halfmoves).max())
                .unwrap_or(0);
            let seen = &self.seen;
            let repeated = |own: &Board| seen.get(&arrangement(own)).copied().unwrap_or(0);
            if let Some(request) = self.endgame.next(seat, halfmoves, &repeated) {
                return Some(request);
            }
        }
        if !self.refresh(seat) {
            return self.fallback.next(seat);
        }
        // Worlds drawn by weight, each with how many times it was drawn.
        let worlds: Vec<(Chess, f32)> = match &self.belief {
            Some(b) => b
                .sample(self.samples, &mut self.rng)
                .into_iter()
                .filter_map(|(w, n)| {
                    w.true_setup()
                        .position(CastlingMode::Standard)
                        .ok()
                        .map(|p| (p, n))
                })
                .collect(),
            None => Vec::new(),
        };
        if worlds.is_empty() {
            return self.fallback.next(seat);
        }
        if new_turn && has_any {
            return Some(Request::Any);
        }
        let candidates: Vec<Attempt> = seat
            .possible_attempts()
            .into_iter()
            .filter(|a| !seat.refused.iter().any(|(r, _)| r == a))
            .collect();
        if candidates.is_empty() {
            return self.fallback.next(seat);
        }
        let n: f32 = worlds.iter().map(|(_, k)| k).sum();
        let replies = Replies::for_rules(&seat.rules);
        // Ahead, a draw by repetition throws the advantage away; behind, it is welcome.
        let ahead: f32 = worlds
            .iter()
            .map(|(w, k)| k * evaluate(w.board(), us))
            .sum::<f32>()
            / n.max(1.0);
        // The opponent has nothing but pawns besides its king in every world: then a king
        // boxed in may be a stalemate.
        let pawns_only = worlds.iter().all(|(w, _)| {
            let b = w.board();
            (b.by_color(!us) & !b.pawns() & !b.kings()).is_empty()
        });
        let mut best: Option<(f32, Attempt)> = None;
        let mut unseen = Vec::new();
        for a in candidates {
            let mut total = 0.0;
            let mut legal = 0.0;
            let mut drawn = 0.0;
            for (w, k) in &worlds {
                if let Some((g, draw)) = gain(w, a, us, replies) {
                    total += k * g;
                    legal += k;
                    if draw {
                        drawn += k;
                    }
                }
            }
            // A stalemate seen in a few sampled worlds may be the truth: the sample is thin
            // where it matters most, so such an attempt counts as if it drew often.
            if drawn > 0.0 && ahead > 0.0 {
                total -= (0.3 * n - drawn).max(0.0) * (ahead + STALEMATE);
            }
            if legal == 0.0 {
                unseen.push(a);
                continue;
            }
            // Undoing the last move, or standing as we stood twice before, invites a draw by
            // repetition.
            let back = seat
                .last_move
                .is_some_and(|m| m.from == a.to && m.to == a.from);
            let mut own = seat.own.clone();
            let mut castling = seat.castling;
            crate::possible::move_own_piece(&mut own, &mut castling, us, a);
            if pawns_only && ahead > 0.0 {
                total -= legal * boxed_in(seat, &own) * (ahead + STALEMATE);
            }
            let times = self.seen.get(&arrangement(&own)).copied().unwrap_or(0);
            let repeat = match times {
                0 => 0.0,
                1 => 0.1 * ahead.max(0.0),
                _ => 0.6 * (ahead + STALEMATE / 10.0).max(0.0),
            };
            total -= legal * (repeat + if back { 0.3 } else { 0.0 });
            // A refusal is nearly free, but not quite (time, and what the opponent hears).
            // A little noise breaks ties between equal attempts.
            let score = total / n - 0.02 * (1.0 - legal / n)
                + 0.001 * (self.rng.below(1000) as f32 / 1000.0);
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, a));
            }
        }
        let pick = match best {
            Some((_, a)) => a,
            None => unseen[self.rng.below(unseen.len())],
        };
        Some(Request::Try(pick))
    }
}
