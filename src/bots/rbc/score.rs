//! How good a position of one world is for the bot in Reconnaissance Blind Chess, once its
//! move is made and the opponent is to move: material, where the pieces stand, what the
//! opponent may take next and whether the enemy king is attacked.

use crate::bots::{off_centre, value};
use shakmaty::{Bitboard, Board, Color, Role, Square};

/// A king taken, in pawns.
pub(super) const KING: f32 = 100.0;

/// How likely the opponent is taken to capture a king left en prise.
const FINDS_KING: f32 = 0.8;

/// How likely the opponent is taken to make a capture other than a take-back.
const OTHER_CAPTURE: f32 = 0.3;

/// What an attack on the enemy king is worth (it may go unnoticed, and then the king falls),
/// unless it comes from the square of a capture just made or the checker can be taken for
/// gain (StrangeFish2 answered 120 of 123 checks).
const KING_ATTACKED: f32 = 15.0;

/// The score for `us` of `board` with the opponent to move; `hot`: where we just captured.
pub(super) fn score(board: &Board, us: Color, hot: Option<Square>) -> f32 {
    let occupied = board.occupied();
    let mut material = 0.0;
    for (_, piece) in board.iter() {
        if piece.role == Role::King {
            continue;
        }
        let v = value(piece.role);
        material += if piece.color == us { v } else { -v };
    }
    let them = !us;
    material += placement(board, us) - placement(board, them);
    // Our king en prise: the opponent takes it if it finds it.
    if let Some(k) = board.king_of(us)
        && board.attacks_to(k, them, occupied).any()
    {
        return material - FINDS_KING * KING;
    }
    // What the opponent may take, and what it costs it.
    let mut take_back: f32 = 0.0;
    let mut other: f32 = 0.0;
    for sq in board.by_color(us) & !board.kings() {
        let Some(gain) = capture_gain(board, sq, them) else {
            continue;
        };
        if Some(sq) == hot {
            take_back = take_back.max(gain);
        } else {
            other = other.max(gain);
        }
    }
    // A check from where we just took does not go unnoticed: the opponent is told the square.
    let told = hot.map_or(Bitboard::EMPTY, Bitboard::from);
    let checkers = board
        .king_of(them)
        .map_or(Bitboard::EMPTY, |k| board.attacks_to(k, us, occupied));
    // A checker that can be taken for gain is taken: an opponent in check answers it (the
    // belief's prior), and taking the checker is the answer.
    let answer = checkers
        .into_iter()
        .filter_map(|sq| capture_gain(board, sq, them))
        .fold(0.0f32, f32::max);
    if answer > 0.0 {
        return material - take_back.max(answer);
    }
    let mut s = material - take_back.max(0.0) - OTHER_CAPTURE * other.max(0.0);
    if (checkers & !told).any() {
        s += KING_ATTACKED;
    }
    s
}

/// Where `side`'s units stand, in pawns: pawns advanced (the centre's most), pieces developed
/// and central, a king at home behind its pawns while the opponent has pieces to attack it.
pub(super) fn placement(board: &Board, side: Color) -> f32 {
    let ours = board.by_color(side);
    let rank = |sq: Square| u32::from(side.relative_rank(sq.rank())) as f32;
    let king = board.king_of(side);
    let attackers = (board.by_color(!side) & !board.pawns() & !board.kings()).count();
    let mut s = 0.0;
    for sq in ours {
        let Some(role) = board.role_at(sq) else {
            continue;
        };
        let file = u32::from(sq.file());
        s += match role {
            Role::Pawn => {
                let centre = if (3..=4).contains(&file) { 0.08 } else { 0.03 };
                let mut p = centre * rank(sq).min(4.0) + 0.1 * (rank(sq) - 4.0).max(0.0);
                // Pawns in front of a king at home: its shelter.
                if let Some(k) = king
                    && attackers >= 3
                    && rank(k) == 0.0
                    && u32::from(k.file()).abs_diff(file) <= 1
                    && file != 3
                    && file != 4
                {
                    p -= 0.15 * (rank(sq) - 1.0).max(0.0);
                }
                p
            }
            Role::Knight => {
                0.12 * (2.5 - off_centre(sq)) - if rank(sq) == 0.0 { 0.15 } else { 0.0 }
            }
            Role::Bishop => {
                0.04 * (2.5 - off_centre(sq)) - if rank(sq) == 0.0 { 0.15 } else { 0.0 }
            }
            Role::Rook | Role::Queen => 0.0,
            Role::King => {
                if attackers >= 3 {
                    let castled = if file <= 2 || file >= 6 { 0.25 } else { 0.0 };
                    if rank(sq) == 0.0 {
                        castled
                    } else {
                        -0.3 * rank(sq)
                    }
                } else {
                    0.1 * (2.5 - off_centre(sq))
                }
            }
        };
    }
    s
}

/// The score for `us` of `board` with us to move (after the opponent's reply): material and
/// placement, the enemy king taken if we attack it (when we find it), half our best capture.
pub(super) fn to_move(board: &Board, us: Color) -> f32 {
    let them = !us;
    let occupied = board.occupied();
    let mut s = placement(board, us) - placement(board, them);
    for (_, piece) in board.iter() {
        if piece.role != Role::King {
            s += if piece.color == us {
                value(piece.role)
            } else {
                -value(piece.role)
            };
        }
    }
    if let Some(k) = board.king_of(them)
        && board.attacks_to(k, us, occupied).any()
    {
        return s + FINDS_KING * KING;
    }
    let mut best: f32 = 0.0;
    for sq in board.by_color(them) & !board.kings() {
        if let Some(gain) = capture_gain(board, sq, us) {
            best = best.max(gain);
        }
    }
    s + 0.5 * best
}

/// What `taker` wins by taking the unit on `sq` with its cheapest attacker (the unit's value,
/// less the attacker's when the unit is defended); `None` when nothing of `taker`'s attacks it.
pub(super) fn capture_gain(board: &Board, sq: Square, taker: Color) -> Option<f32> {
    let occupied = board.occupied();
    let cheapest = board
        .attacks_to(sq, taker, occupied)
        .into_iter()
        .filter_map(|a| board.role_at(a))
        .map(value)
        .reduce(f32::min)?;
    let role = board.role_at(sq).map_or(0.0, value);
    let defended = board.attacks_to(sq, !taker, occupied).any();
    Some(if defended { role - cheapest } else { role })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn board(fen: &str) -> Board {
        fen.parse::<Fen>().unwrap().into_setup().board
    }

    #[test]
    fn a_check_from_the_square_just_taken_is_worth_nothing() {
        // Game 5 against StrangeFish2: Qxh2+ took a knight the king defends, the check worth
        // 15 pawns outweighing the queen lost; Kxh2 followed.
        let queen_takes = board("r4rk1/p4ppp/1p2b3/2np4/8/4P3/PBP1BPPq/1R1Q1RK1 w - - 0 17");
        let quiet = board("r2r2k1/p1q2ppp/1p2b3/2np4/8/4P3/PBP1BPPN/1R1Q1RK1 w - - 0 17");
        let h2 = Square::H2;
        let taken = score(&queen_takes, Color::Black, Some(h2));
        assert!(taken < score(&quiet, Color::Black, None), "{taken}");
        // The same queen giving check, defended (the king cannot take it), from a square it
        // did not take on still counts.
        let unseen = board("r4rk1/p4ppp/1p1bb3/2np4/8/4P3/PBP1BPPq/1R1Q1RK1 w - - 0 17");
        assert!(score(&unseen, Color::Black, None) > taken + KING_ATTACKED / 2.0);
    }

    #[test]
    fn a_check_by_a_piece_that_can_be_taken_for_gain_costs_the_piece() {
        // Game 2 against StrangeFish2, the board known exactly: Qh5+ into the knight on f6
        // (Nxh5 gxh5) was chosen for its check over every quiet move.
        let queen_checks = board("r2q1b1r/p2n1kp1/4pn1p/2pp3Q/6P1/8/PP1PPP1P/R1B1KB1R b KQ - 1 15");
        let quiet = board("r2q1b1r/p2n1kp1/4pn1p/2pp4/6P1/1P5Q/P2PPP1P/R1B1KB1R b KQ - 0 15");
        let check = score(&queen_checks, Color::White, None);
        let calm = score(&quiet, Color::White, None);
        assert!(check < calm - 4.0, "{check} {calm}");
        // A check the opponent cannot answer by taking the checker keeps its worth.
        let safe = board("r2q1b1r/p2n1kp1/4p2p/2pp3Q/6P1/8/PP1PPP1P/R1B1KB1R b KQ - 1 15");
        assert!(score(&safe, Color::White, None) > calm + KING_ATTACKED / 2.0);
    }
}
