//! Trials of the lone-king search ([`super::mate`]) from the widest uncertainty: the bot's king
//! and pieces on random squares, the enemy king on any square where it may legally stand, and
//! the bot told nothing of where (unlike a game's public start). The bot's knowledge is a
//! [`KingTracker`] fed with what it hears, as in a game; the truth is a [`Referee`].
//! `kriegspiel endgame` prints a summary of many trials.

use super::mate::{self, LoneKing};
use crate::announce::{Over, heard_by};
use crate::knowledge::KingTracker;
use crate::possible::Side;
use crate::referee::{Referee, Request};
use crate::rng::Rng;
use crate::rules::RuleSet;
use shakmaty::{Bitboard, Board, Color, Role, Square};
use std::collections::HashMap;

/// How the lone king moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Defender {
    /// A random legal step.
    Random,
    /// The legal step nearest the centre (random among equals).
    Centre,
}

/// How a trial ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trial {
    /// The end, if the game ended (`None`: the move limit was reached).
    pub over: Option<Over>,
    /// The bot's moves.
    pub moves: u32,
}

/// Plays one trial: the bot (White) with its king and `pieces` against a lone king, `seed` for
/// the placement and the defender, at most `max_moves` bot moves.
pub fn run(
    pieces: &[Role],
    rules: &RuleSet,
    defender: Defender,
    seed: u64,
    max_moves: u32,
) -> Option<Trial> {
    let mut rng = Rng::new(seed);
    let us = Color::White;
    let start = crate::setup::random_ending(pieces, us, &mut rng)?;
    let (mut truth, _) = Referee::new(rules.clone(), start.clone()).ok()?;
    let mut own = Board::empty();
    for sq in start.board.by_color(us) {
        own.set_piece_at(sq, start.board.piece_at(sq)?);
    }
    let mut tracker = KingTracker::new(us, &own, &start.board, Bitboard::EMPTY, true);
    // The bot does not know where the king stands: anywhere it could legally be.
    tracker.possible = mate::unattacked(&own, us) & !own.occupied();
    tracker.possible &= !shakmaty::attacks::king_attacks(own.king_of(us)?);
    let mut seen: HashMap<Board, u32> = HashMap::new();
    let mut moves = 0;
    let mut halfmoves = 0;
    while moves < max_moves {
        *seen.entry(own.clone()).or_default() += 1;
        let mut refused = Vec::new();
        // Our turn: attempts until one is legal.
        loop {
            let side = Side {
                board: &own,
                color: us,
                castling: Bitboard::EMPTY,
                promotion: rules.promotion,
            };
            let candidates: Vec<_> = side
                .possible_attempts()
                .into_iter()
                .filter(|a| !refused.contains(a))
                .collect();
            let k = LoneKing {
                own: &own,
                us,
                castling: Bitboard::EMPTY,
                kings: tracker.possible,
                halfmoves,
                fifty_moves: rules.fifty_moves,
                promotion: rules.promotion,
            };
            let repeated = |b: &Board| seen.get(b).copied().unwrap_or(0);
            let a = mate::choose(&k, &candidates, &repeated)?;
            let said = truth.apply(&Request::Try(a)).ok()?;
            let heard: Vec<_> = heard_by(&said, us).collect();
            if !heard.contains(&crate::announce::Item::Legal) {
                tracker.refused(&own, a);
                refused.push(a);
                continue;
            }
            let before = own.clone();
            let pawn = own.role_at(a.from) == Some(Role::Pawn);
            let mut castling = Bitboard::EMPTY;
            crate::possible::move_own_piece(&mut own, &mut castling, us, a);
            tracker.own_move(&before, &own, a, &heard);
            halfmoves = if pawn { 0 } else { halfmoves + 1 };
            moves += 1;
            break;
        }
        if let Some(over) = truth.over() {
            return Some(Trial {
                over: Some(over),
                moves,
            });
        }
        // The king's step.
        let steps = truth.legal_attempts();
        let pick = match defender {
            Defender::Random => steps.get(rng.below(steps.len().max(1))).copied(),
            Defender::Centre => {
                let best = steps.iter().map(|a| centre(a.to)).min()?;
                let near: Vec<_> = steps.iter().filter(|a| centre(a.to) == best).collect();
                near.get(rng.below(near.len().max(1))).map(|a| **a)
            }
        }?;
        let said = truth.apply(&Request::Try(pick)).ok()?;
        let heard: Vec<_> = heard_by(&said, us).collect();
        if let Some(sq) = heard.iter().find_map(|i| match i {
            crate::announce::Item::Capture { square, .. } => Some(*square),
            _ => None,
        }) {
            own.discard_piece_at(sq);
            halfmoves = 0;
        } else {
            halfmoves += 1;
        }
        tracker.opponent_moved(&own, &heard);
        if let Some(over) = truth.over() {
            return Some(Trial {
                over: Some(over),
                moves,
            });
        }
    }
    Some(Trial { over: None, moves })
}

/// How far a square is from the centre (king steps to the nearest of the four centre squares).
fn centre(sq: Square) -> u32 {
    [Square::D4, Square::E4, Square::D5, Square::E5]
        .into_iter()
        .map(|c| sq.distance(c))
        .min()
        .unwrap_or(0)
}
