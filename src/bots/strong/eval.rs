//! How the strong bot scores an attempt in one world: the position after it and the
//! opponent's plausible answer, generic over the position type (Crazyhouse worlds keep their
//! pockets and drops).

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
}

impl Replies {
    pub(super) fn for_rules(rules: &crate::rules::RuleSet) -> Replies {
        let told = rules.pawn_info != crate::rules::PawnInfo::None || rules.has_any();
        Replies {
            pawn: if told { 0.9 } else { 0.5 },
            other: 0.35,
        }
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
    for m in moves {
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
    base - take_back.max(other).max(0.0) + 0.15 * threat
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
}
