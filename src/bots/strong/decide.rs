//! The strong bot's decision over the drawn worlds: which attempts to weigh ([`candidates`]),
//! each attempt's expected gain ([`StrongBot::score`]) and the best of them
//! ([`StrongBot::decide`]).

use super::audit;
use super::eval::{MATE, Replies, STALEMATE, boxed_in, evaluate_pos, gain};
use super::{FEW_UNITS, StrongBot};
use crate::attempt::Attempt;
use crate::bots::{Bot, arrangement};
use crate::referee::Request;
use crate::view::PlayerView;
use shakmaty::{Bitboard, Position, Role};

impl StrongBot {
    /// The attempt with the best expected gain over `worlds`.
    pub(super) fn decide<P: Position + Clone + shakmaty::FromSetup>(
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
            // Mates in one are weighed in the strongest play, and not where the opponent may
            // have nothing but pawns (issue 36's won endings play exactly as before).
            replies: Replies::for_rules(&seat.rules, self.searches() && !pawns_only),
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
            let to = crate::bots::pawn_front(from, us)?;
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
        .map(|r| u32::from(crate::bots::pawns(r)))
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
