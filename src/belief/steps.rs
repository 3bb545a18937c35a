//! How the belief's worlds move with the game: the seat's own requests (replayed in every world,
//! kept where the answer is what the seat heard) and the opponent's turns (every world branches
//! over the opponent's options, kept where the seat would have heard what it heard).
//!
//! The opponent's options: in Kriegspiel its legal moves (drops included), in Reconnaissance
//! Blind Chess every possible attempt and a pass (resolved as the referee resolves them; its
//! sense is not heard and changes nothing). A world's weight is shared out among its children
//! by a plausibility prior ([`prior`]): the opponent plays chess, not dice.

use crate::announce::Item;
use crate::attempt::Attempt;
use crate::referee::{Referee, Request};
use crate::view::ViewTurn;
use crate::worlds::{self, Options};
use shakmaty::Color;

pub use crate::worlds::Weighted;

/// One step of the seat's history, as the belief takes it in.
#[derive(Clone, Debug)]
pub enum Step {
    /// The seat's own request and what it heard.
    Own(Request, Vec<Item>),
    /// The opponent's turn: the answers to its "Any?" questions, and what was heard of its move.
    Opponent {
        /// What the seat heard of each "Any?" the opponent asked.
        any: Vec<Vec<Item>>,
        /// What the seat heard of the opponent's move (or pass).
        moved: Vec<Item>,
    },
}

/// The steps of one turn of the view, for a seat of `color`: its own requests (also those made
/// during the opponent's turn, such as Modern Kriegspiel's opening of squares right after its
/// move, which come before the opponent acts) and, for the opponent's turn, its summary
/// (`None` when the opponent did not move: the game ended by a resignation or the clock).
pub fn turn_steps(turn: &ViewTurn, color: Color, from: usize) -> Vec<Step> {
    let mut out = Vec::new();
    let theirs = turn.mover.is_some_and(|m| m != color);
    let mut any = Vec::new();
    let mut moved = None;
    let mut ended = false;
    for heard in &turn.heard[from.min(turn.heard.len())..] {
        let items = &heard.items;
        if let Some(r) = &heard.request {
            out.push(Step::Own(r.clone(), items.clone()));
            continue;
        }
        if !theirs {
            continue;
        }
        if items.iter().any(|i| matches!(i, Item::AnyAnswer(_))) {
            any.push(items.clone());
        } else if !items.is_empty()
            && items
                .iter()
                .all(|i| matches!(i, Item::Illegal | Item::IllegalCount(_) | Item::Impossible))
        {
            // A refused attempt: not used (nearly every world allows some refusal).
        } else if items.iter().any(|i| {
            matches!(
                i,
                Item::Resigned(_) | Item::Timeout { .. } | Item::Adjudicated(_)
            )
        }) {
            ended = true;
        } else {
            moved = Some(items.clone());
        }
    }
    if theirs && !ended {
        // Some rule sets tell the seat nothing of the opponent's move: an empty record.
        out.push(Step::Opponent {
            any,
            moved: moved.unwrap_or_default(),
        });
    }
    out
}

/// The worlds after `step`, with their weights (not normalised).
pub fn advance(worlds: Vec<Weighted>, step: &Step, color: Color) -> Vec<Weighted> {
    match step {
        Step::Own(request, items) => worlds::keep(worlds, request, color, items),
        Step::Opponent { any, moved } => {
            let movers: Vec<Weighted> = worlds
                .into_iter()
                .filter(|(w, _)| opponent_moves(w, color) && answered(w, color, any))
                .collect();
            worlds::branch_heard(&movers, color, weighed_options, moved)
        }
    }
}

/// Whether the opponent of `color` is to move in `world`, the game going on.
pub(super) fn opponent_moves(world: &Referee, color: Color) -> bool {
    world.over().is_none() && world.to_move() != color
}

/// Whether the opponent's "Any?" questions in `world` were answered as `color` heard them.
pub(super) fn answered(world: &Referee, color: Color, any: &[Vec<Item>]) -> bool {
    any.iter()
        .all(|items| worlds::answers(&mut world.clone(), &Request::Any, color, items))
}

/// [`options`], each with its [`prior`].
pub(super) fn weighed_options(world: &Referee) -> Options {
    options(world)
        .into_iter()
        .map(|o| {
            let p = prior(world, &o);
            (o, p)
        })
        .collect()
}

/// The requests that end the turn of the side to move in `world`, one per option it has.
pub fn options(world: &Referee) -> Vec<Request> {
    if world.rules().variant().resolves_moves() {
        let mut out: Vec<Request> = world
            .mover_side()
            .possible_attempts()
            .into_iter()
            .map(Request::Move)
            .collect();
        out.push(Request::Pass);
        out
    } else {
        world
            .legal_attempts()
            .into_iter()
            .map(Request::Try)
            .collect()
    }
}

/// How likely the side to move in `world` is to choose `option`, up to a common factor: a
/// player who cannot see the enemy still plays chess, so castling, promoting to a queen and
/// developing or pushing a pawn are likelier than a king walk or a retreat, and passing (RBC)
/// is rare; in RBC a move that attacks our king is much likelier ([`AIMS_AT_KING`]). Only the
/// weights of worlds depend on it: no option is ever excluded.
pub fn prior(world: &Referee, option: &Request) -> f64 {
    let a = match option {
        Request::Try(a) | Request::Move(a) => *a,
        Request::Pass
            if world.rules().variant().resolves_moves()
                && in_check(world.true_board(), world.to_move()) =>
        {
            return RBC_PASS * LEAVES_CHECK;
        }
        Request::Pass => return RBC_PASS,
        _ => return 1.0,
    };
    if let Some(role) = a.dropped() {
        return if role == shakmaty::Role::Pawn {
            1.0
        } else {
            1.5
        };
    }
    let board = world.true_board();
    let mover = world.to_move();
    let Some(role) = board.role_at(a.from) else {
        return 1.0;
    };
    let rank = |sq: shakmaty::Square| u32::from(mover.relative_rank(sq.rank()));
    let pieces = (board.by_color(mover) & !board.pawns() & !board.kings()).count();
    let base = match role {
        shakmaty::Role::King if a.from.distance(a.to) == 2 => 4.0,
        shakmaty::Role::King if pieces >= 4 => 0.3,
        shakmaty::Role::King => 1.0,
        shakmaty::Role::Pawn => match a.promotion {
            Some(shakmaty::Role::Queen) => 4.0,
            Some(_) => 0.2,
            None => 1.5,
        },
        _ if rank(a.from) == 0 && rank(a.to) > 0 => 1.5,
        _ if rank(a.to) < rank(a.from) => 0.6,
        _ => 1.0,
    };
    if !world.rules().variant().resolves_moves() {
        return base;
    }
    let base = if in_check(board, mover) && still_in_check(board, a, role, mover) {
        base * LEAVES_CHECK
    } else {
        base
    };
    if aims_at_king(board, a, role, mover) {
        base * AIMS_AT_KING
    } else {
        base
    }
}

/// How likely an RBC pass is, as a move's weight: StrangeFish2 passed 21 times in 927 turns
/// (at 0.1 a pass weighed a third of that).
const RBC_PASS: f64 = 0.7;

/// How much less likely an RBC move is that leaves the mover's king attacked where it was
/// attacked before: a strong opponent senses the checking piece and answers it (Qa4+ ...c6
/// was weighed a move among many, and Qa4-e8 then ran into the pawn against StrangeFish2).
const LEAVES_CHECK: f64 = 0.05;

/// Whether `side`'s king stands attacked on `board`.
fn in_check(board: &shakmaty::Board, side: shakmaty::Color) -> bool {
    board
        .king_of(side)
        .is_some_and(|k| board.attacks_to(k, !side, board.occupied()).any())
}

/// Whether `mover`'s king is still attacked after `role`'s move `a` (played as a chess move,
/// its path taken as clear).
fn still_in_check(
    board: &shakmaty::Board,
    a: Attempt,
    role: shakmaty::Role,
    mover: shakmaty::Color,
) -> bool {
    let mut after = board.clone();
    after.discard_piece_at(a.from);
    after.set_piece_at(
        a.to,
        shakmaty::Piece {
            color: mover,
            role: a.promotion.unwrap_or(role),
        },
    );
    in_check(&after, mover)
}

/// How much likelier an RBC move is when it attacks the enemy king: an opponent who knows or
/// guesses where our king stands goes for it (announced checks filter Kriegspiel's worlds
/// already, so only RBC weighs this). Fitted to StrangeFish2's 927 moves in 19 games (4 the
/// likeliest; at 15, 51 nats less likely): at 15 the worlds where it had attacked compounded
/// turn after turn, and its quiet moves' worlds were sampled out (the truth lost by move 13).
const AIMS_AT_KING: f64 = 4.0;

/// Whether `role`'s move `a` by `mover` on `board` would attack the enemy king from where it
/// lands (its path taken as clear).
fn aims_at_king(
    board: &shakmaty::Board,
    a: Attempt,
    role: shakmaty::Role,
    mover: shakmaty::Color,
) -> bool {
    // A king never attacks a king; a castling's rook is not looked at.
    if role == shakmaty::Role::King {
        return false;
    }
    let Some(king) = board.king_of(!mover) else {
        return false;
    };
    let role = a.promotion.unwrap_or(role);
    let occupied =
        (board.occupied() ^ shakmaty::Bitboard::from(a.from)) | shakmaty::Bitboard::from(a.to);
    shakmaty::attacks::attacks(a.to, shakmaty::Piece { color: mover, role }, occupied)
        .contains(king)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    fn chance(world: &Referee, uci: &str) -> f64 {
        let a = world
            .mover_side()
            .possible_attempts()
            .into_iter()
            .find(|a| format!("{}{}", a.from, a.to) == uci)
            .unwrap();
        prior(world, &Request::Move(a))
    }

    #[test]
    fn an_rbc_opponent_in_check_answers_it() {
        // After Qa4+ the pawn's block ...c6 is far likelier than ...h6, which leaves the check.
        let fen = "rnbqkbnr/ppp2ppp/4p3/3p4/Q1PP4/8/PP2PPPP/RNB1KBNR b KQkq - 0 4";
        let w = Referee::from_fen(Preset::Rbc.rules(), fen).unwrap().0;
        assert!(chance(&w, "c7c6") > 10.0 * chance(&w, "h7h6"));
        assert!(prior(&w, &Request::Pass) < chance(&w, "h7h6"));
        // Out of check the two are alike.
        let quiet = "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 4";
        let w = Referee::from_fen(Preset::Rbc.rules(), quiet).unwrap().0;
        assert!(chance(&w, "c7c6") < 2.0 * chance(&w, "h7h6"));
    }

    #[test]
    fn an_rbc_opponent_plays_quiet_moves_and_passes_too() {
        // Fitted to StrangeFish2's moves: a move that aims at our king is about 4 times as
        // likely, not 15 (in game 6 of the session its fianchetto ...g6 was weighed low, and
        // Qxf5 took a bishop the pawn defended); it passed 21 times in 927 turns.
        let fen = "rnbqkbnr/ppp2ppp/4p3/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 4";
        let w = Referee::from_fen(Preset::Rbc.rules(), fen).unwrap().0;
        let quiet = chance(&w, "g7g6");
        let check = chance(&w, "f8b4");
        assert!(check <= 4.0 * quiet && check > quiet, "{quiet} {check}");
        assert!(prior(&w, &Request::Pass) > 0.4 * chance(&w, "g8f6"));
    }
}
