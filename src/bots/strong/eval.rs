//! How the strong bot scores an attempt in one world: the position after it and the
//! opponent's plausible answer, generic over the position type (Crazyhouse worlds keep their
//! pockets and drops). The answers weighed are captures and mates at once: a mate the opponent
//! has in the world is found about as often as it is there in the worlds the opponent weighs
//! (issue 59: weighing it at one half took ICC Wild 16 against the engine before from 64 % to
//! 82 %).

use super::super::{off_centre, value};
use crate::attempt::Attempt;
use crate::view::PlayerView;
use shakmaty::{Bitboard, Board, Color, Position, Role, Square};

/// The score of a mate, in pawns.
pub(super) const MATE: f32 = 60.0;

/// What a stalemate costs beyond the advantage it throws away, in pawns.
pub(super) const STALEMATE: f32 = 30.0;

/// What losing the last unit that could mate costs beyond its material, in pawns (the won
/// ending it throws away; less than a stalemate, which is sure).
const LAST_PIECE: f32 = 20.0;

/// King steps between two squares.
fn distance(a: Square, b: Square) -> f32 {
    a.distance(b) as f32
}

/// The position's score for `us`, in pawns.
pub(super) fn evaluate(board: &Board, us: Color) -> f32 {
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

/// The score of a position for `us`: its board, and the units in the pockets (Crazyhouse),
/// which are material too.
pub(super) fn evaluate_pos<P: Position>(pos: &P, us: Color) -> f32 {
    let mut score = evaluate(pos.board(), us);
    if let Some(pockets) = pos.pockets() {
        for role in Role::ALL {
            let (ours, theirs) = (pockets.get(us).get(role), pockets.get(!us).get(role));
            score += value(role) * (f32::from(*ours) - f32::from(*theirs));
        }
    }
    score
}

/// How the opponent is taken to answer: it takes back where it just heard a capture; a pawn
/// capture it is told of (pawn tries announced, or "Any?") it makes; any other capture only
/// now and then, since it cannot see our pieces.
#[derive(Copy, Clone, Debug)]
pub(super) struct Replies {
    /// How likely an opponent pawn capture is made.
    pawn: f32,
    /// How likely another capture is made.
    other: f32,
    /// How likely a mate at once is played.
    mate: f32,
}

impl Replies {
    /// The replies expected under `rules`; `mates`: whether the opponent's mates in one are
    /// looked for (the strongest play only: [`MATE_FOUND`]).
    pub(super) fn for_rules(rules: &crate::rules::RuleSet, mates: bool) -> Replies {
        let told = rules.pawn_info != crate::rules::PawnInfo::None || rules.has_any();
        Replies {
            pawn: if told { 0.9 } else { 0.5 },
            other: 0.35,
            mate: if mates { MATE_FOUND } else { 0.0 },
        }
    }
}

/// How likely the opponent plays a mate it has at once. It cannot see our king, but where it
/// stands is seldom far from what the opponent makes of checks and captures heard, and a blind
/// opponent tries the mates that work in most of its worlds; without this the bot walked into
/// mates in one (issue 59, ICC Wild 16 at 5 min + 2 s against the engine before, 50dd5eb: not
/// weighed 64 % of 100 games, at one half 81.8 % of 200, at one 85.5 % of 100). Only the
/// strongest play weighs them (no thinking time set, as for RBC's search): at a level's 48
/// worlds it did not pay (the strongest level over expert, 200 games: 64.8 % with, 67.5 %
/// without), and every level weighing them squeezed the ladder (advanced over club 64.5 %).
/// Nor where the opponent may have nothing but pawns, by what we heard or in the world: a pawn
/// seldom mates at once, and issue 36's won endings stay as they were (weighed there, even in
/// worlds where a pawn promoted unheard, one of 4,000 endings was stalemated).
const MATE_FOUND: f32 = 0.5;

/// Whether `m` may give check to a king on `king`: it moves onto a line or a knight's step of
/// the king, or off a line of it (a discovered check), or it is a move of another kind
/// (castling, en passant, a drop). A cheap test before playing the move.
fn may_check(m: &shakmaty::Move, king: Square) -> bool {
    use shakmaty::attacks::{knight_attacks, queen_attacks};
    match *m {
        shakmaty::Move::Normal {
            from,
            to,
            promotion: None,
            ..
        } => {
            let lines = queen_attacks(king, Bitboard::EMPTY);
            lines.contains(from) || lines.contains(to) || knight_attacks(king).contains(to)
        }
        _ => true,
    }
}

/// The score for `us` after the opponent's plausible answer in `pos` (the opponent to move);
/// `hot`: the square where the opponent just heard a capture, if any.
fn after_reply<P: Position + Clone>(
    pos: &P,
    us: Color,
    hot: Option<Square>,
    replies: Replies,
) -> f32 {
    let base = evaluate_pos(pos, us);
    let board = pos.board();
    let mut take_back: f32 = 0.0;
    let mut other: f32 = 0.0;
    let could_mate = can_mate(board, us);
    // Against a king with nothing but pawns, losing the last piece that mates throws the
    // whole win away (a pawn left beside the enemy king seldom queens).
    let pawns_only = (board.by_color(!us) & !board.pawns() & !board.kings()).is_empty();
    let mating_pieces = pawns_only && mates_by_pieces(board, us);
    let moves = pos.legal_moves();
    // With few moves to choose from, even a blind opponent finds a capture: in check with
    // two ways out, one of them taking our piece, it takes one time in two.
    let few = 1.0 / moves.len().max(1) as f32;
    let our_king = board.king_of(us);
    let mut mated = false;
    for m in moves {
        // A capture is weighed as a capture (how likely it is made, what it takes): weighing
        // its mates as mates too scored worse (issue 59, Wild 16 against the engine before:
        // 74 % of 200 games, against 82.2 % of the same 200 without).
        let Some(captured) = m.capture() else {
            let looked_for = replies.mate > 0.0 && !pawns_only && !mated;
            if looked_for && our_king.is_some_and(|k| may_check(&m, k)) {
                let mut next = pos.clone();
                next.play_unchecked(m);
                mated = next.is_checkmate();
            }
            continue;
        };
        let mut gain = value(captured);
        // Our unit may be defended: the opponent then loses its capturer.
        let to = m.to();
        let defended = (board.attacks_to(to, us, board.occupied()) & board.by_color(us)).any();
        if defended {
            gain -= value(m.role());
        }
        // A capture that leaves too little to mate throws our advantage away: a draw (and so
        // does one that takes the last unit we could mate with).
        let mut next = pos.clone();
        next.play_unchecked(m);
        if next.is_insufficient_material() {
            gain = gain.max(base + STALEMATE);
        } else if mating_pieces && !mates_by_pieces(next.board(), us) {
            gain = gain.max((base + LAST_PIECE).max(MATE));
        } else if could_mate && !can_mate(next.board(), us) {
            gain = gain.max(base + LAST_PIECE);
        }
        if Some(to) == hot {
            take_back = take_back.max(gain);
        } else if m.role() == Role::Pawn {
            other = other.max(replies.pawn.max(few) * gain);
        } else {
            other = other.max(replies.other.max(few) * gain);
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
    let mate = if mated {
        replies.mate * (base + MATE)
    } else {
        0.0
    };
    base - take_back.max(other).max(mate).max(0.0) + 0.15 * threat
}

/// Whether `us` has pieces that mate without a pawn (see [`super::super::mates_by_pieces`]).
fn mates_by_pieces(board: &Board, us: Color) -> bool {
    super::super::mates_by_pieces(board, board.by_color(us))
}

/// Whether `us` still has what mates: pieces that do, or a pawn with nothing in front of it (a
/// pawn that cannot advance does not promote).
pub(super) fn can_mate(board: &Board, us: Color) -> bool {
    super::super::can_mate_with(board, board.by_color(us), board.occupied())
}

/// The share of the squares where the enemy king may stand from which, with our pieces as
/// `own` after our move, it would have no step and not be in check: a stalemate when the rest
/// of its army (pawns, at most) cannot move either, which the bot cannot see. `pawns`: squares
/// that may hold an enemy pawn (no step for the king either). With `pawn_behind`, an enemy pawn
/// may also stand just behind the king's square, blocked by its own king (issue 36: a king
/// stepped in front of its own pawn, which the sampled belief had lost, and was stalemated).
pub(crate) fn boxed_in(seat: &PlayerView, own: &Board, pawns: Bitboard, pawn_behind: bool) -> f32 {
    let us = seat.color;
    let kings = seat.king.possible & !own.occupied();
    if kings.is_empty() {
        return 0.0;
    }
    // A square just ahead of one of our units may hold an enemy pawn it blocks: no step for
    // the king either (and such pawns are what a stalemate needs).
    let forward = us.fold_wb(8, -8);
    let ahead = (own.by_color(us).shift(forward) | pawns) & !own.occupied() & !Bitboard::BACKRANKS;
    let attacked = crate::knowledge::certain_attacks(own, us, !own.occupied());
    let boxed = kings
        .into_iter()
        .filter(|&k| {
            let own_pawn = k
                .offset(forward)
                .filter(|b| pawn_behind && !own.occupied().contains(*b))
                .map_or(Bitboard::EMPTY, Bitboard::from_square);
            no_step(k, attacked, ahead | own_pawn)
        })
        .count();
    boxed as f32 / kings.count() as f32
}

/// The squares of `kings` where the enemy king would have no step and not be in check, our
/// pieces being `own` and the squares of `closed` (enemy pawns) no step for it either.
pub(crate) fn boxed_kings(own: &Board, us: Color, kings: Bitboard, closed: Bitboard) -> Bitboard {
    let attacked = crate::knowledge::certain_attacks(own, us, !own.occupied());
    kings
        .into_iter()
        .filter(|&k| no_step(k, attacked, closed))
        .collect()
}

/// Whether a king on `k` is out of check (`attacked`: our attacks) and has no step off the
/// `attacked` and `closed` squares.
fn no_step(k: Square, attacked: Bitboard, closed: Bitboard) -> bool {
    !attacked.contains(k) && (shakmaty::attacks::king_attacks(k) & !attacked & !closed).is_empty()
}

/// What attempting an attempt in one world comes to.
pub(super) struct Outcome {
    /// The gain, in pawns.
    pub(super) gain: f32,
    /// It draws at once (stalemate, dead material).
    pub(super) drawn: bool,
    /// The enemy king is left without a step and not in check: a stalemate if the rest of its
    /// army (pawns, at most) is stuck too, which the sample may not show.
    pub(super) boxed: bool,
    /// It is a capture or a pawn move: the fifty-move count starts again.
    pub(super) resets: bool,
}

/// Attempting `a` in the world `pos` (our move there): `None` when it is refused there.
pub(super) fn gain<P: Position + Clone>(
    pos: &P,
    a: Attempt,
    us: Color,
    replies: Replies,
) -> Option<Outcome> {
    let m = a.to_uci().to_move(pos).ok()?;
    let before = evaluate_pos(pos, us);
    let hot = m.is_capture().then(|| m.to());
    let mut after = pos.clone();
    after.play_unchecked(m);
    let resets = m.is_capture() || m.role() == Role::Pawn;
    let outcome = |gain, drawn, boxed| {
        Some(Outcome {
            gain,
            drawn,
            boxed,
            resets,
        })
    };
    if after.is_checkmate() {
        return outcome(MATE, false, false);
    }
    if after.is_stalemate() || after.is_insufficient_material() {
        return outcome(-before - STALEMATE, true, false);
    }
    let boxed = !after.is_check() && !after.legal_moves().iter().any(|r| r.role() == Role::King);
    let check = if after.is_check() { 0.1 } else { 0.0 };
    outcome(
        after_reply(&after, us, hot, replies) - before + check,
        false,
        boxed,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        fen.parse().expect("a board")
    }

    #[test]
    fn what_still_mates() {
        // A rook mates; a pawn blocked by the enemy king or a pawn does not; two bishops do.
        assert!(can_mate(&board("8/8/8/4p3/4P3/5k2/8/1K2R3"), Color::White));
        assert!(!can_mate(&board("8/8/8/4k3/4P3/8/8/1K6"), Color::White));
        assert!(!can_mate(&board("8/8/8/4p3/4P3/5k2/8/1K6"), Color::White));
        assert!(can_mate(&board("8/8/8/8/4P3/5k2/8/1K6"), Color::White));
        assert!(can_mate(&board("8/8/8/8/8/5k2/8/1KBB4"), Color::White));
        assert!(!can_mate(&board("8/8/8/8/8/5k2/8/1KNN4"), Color::White));
    }

    fn chess(fen: &str) -> shakmaty::Chess {
        let f: shakmaty::fen::Fen = fen.parse().expect("a FEN");
        f.into_position(shakmaty::CastlingMode::Standard)
            .expect("a legal position")
    }

    fn wild16() -> Replies {
        Replies::for_rules(&crate::rules::Preset::Wild16.rules(), true)
    }

    #[test]
    fn a_move_that_cannot_give_check_is_told_apart_cheaply() {
        use shakmaty::{Move, Square::*};
        let normal = |role, from, to| Move::Normal {
            role,
            from,
            capture: None,
            to,
            promotion: None,
        };
        // King on e1: onto its file, a diagonal or a knight's step; off a line of it.
        assert!(may_check(&normal(Role::Rook, A5, E5), E1));
        assert!(may_check(&normal(Role::Bishop, A1, B4), E1));
        assert!(may_check(&normal(Role::Knight, G5, F3), E1));
        assert!(may_check(&normal(Role::Knight, C3, B5), E1)); // off the e1-a5 diagonal
        assert!(!may_check(&normal(Role::Knight, G8, H6), E1));
        assert!(!may_check(&normal(Role::Rook, A7, B7), E1));
    }

    #[test]
    fn an_attempt_that_leaves_a_mate_in_one_scores_far_below_one_that_does_not() {
        // Back rank: Rd7 leaves ...Re1 mate, h3 gives the king air.
        let pos = chess("4r1k1/8/8/8/8/8/5PPP/3R2K1 w - - 0 1");
        let score = |a: &str| {
            let a: Attempt = a.parse().expect("an attempt");
            gain(&pos, a, Color::White, wild16()).expect("legal").gain
        };
        let (careless, safe) = (score("d1d7"), score("h2h3"));
        assert!(safe > careless + MATE / 4.0, "h3 {safe} Rd7 {careless}");
        // Where mates are not looked for (a level's play) the rook move scores as the push.
        let blind = Replies::for_rules(&crate::rules::Preset::Wild16.rules(), false);
        let a: Attempt = "d1d7".parse().expect("an attempt");
        let rook = gain(&pos, a, Color::White, blind).expect("legal").gain;
        assert!(rook > safe - 1.0, "careless Rd7 {rook} h3 {safe}");
        // Where no mate is left either way, the rook move is worth more than the pawn's.
        let pos = chess("4r1k1/8/8/8/8/7P/5PP1/3R2K1 w - - 0 1");
        let a: Attempt = "d1d7".parse().expect("an attempt");
        let b: Attempt = "g2g3".parse().expect("an attempt");
        let (rook, pawn) = (
            gain(&pos, a, Color::White, wild16()).expect("legal").gain,
            gain(&pos, b, Color::White, wild16()).expect("legal").gain,
        );
        assert!(rook > pawn - 1.0, "Rd7 {rook} g3 {pawn}");
    }

    #[test]
    fn a_mate_at_once_by_a_king_with_nothing_but_pawns_is_not_weighed() {
        // ...b1=Q mates after Ra7 (the king boxed in by its own pawns): a pawn, not weighed.
        let pos = chess("R7/8/8/8/8/2k5/1p4PP/7K w - - 0 1");
        let a: Attempt = "a8a7".parse().expect("an attempt");
        let rook = gain(&pos, a, Color::White, wild16()).expect("legal").gain;
        assert!(rook > -5.0, "Ra7 {rook}");
        // With a black knight beside, the same mate is weighed.
        let pos = chess("R7/8/8/8/8/2k5/1p4PP/n6K w - - 0 1");
        let rook = gain(&pos, a, Color::White, wild16()).expect("legal").gain;
        assert!(rook < -MATE / 4.0, "Ra7 beside a knight {rook}");
    }
}
