//! The strong bot's play in Reconnaissance Blind Chess, over its belief's weighted worlds
//! (board-set tracking: every world a referee, filtered by each sense and move result).
//!
//! - **Sense** where the answer splits the belief most: the square whose 3x3 window leaves the
//!   least expected weight of worlds agreeing with what it would show (the sum of the squared
//!   weights of the groups of worlds that look alike there), the enemy king's whereabouts
//!   counted twice, since that is what wins and loses games.
//! - **Move** by expected score over a weighted sample of worlds: each attempt is resolved as
//!   the referee resolves it (a slider stopping on the first enemy piece, a blocked pawn); a
//!   captured king wins outright; otherwise the position is scored by material, our king left
//!   en prise (the opponent is assumed to find it most of the time), the opponent taking back
//!   where it heard a capture, its other captures a third of the time, and an attack on its
//!   king (which it may not notice).

use super::value;
use crate::announce::{Item, heard_by};
use crate::attempt::Attempt;
use crate::belief::Belief;
use crate::referee::{Referee, Request};
use crate::rng::Rng;
use crate::view::PlayerView;
use shakmaty::{Bitboard, Board, Color, Role, Square, attacks};
use std::collections::HashMap;

/// A king taken, in pawns.
const KING: f32 = 100.0;

/// How likely the opponent is taken to capture a king left en prise.
const FINDS_KING: f32 = 0.8;

/// How likely the opponent is taken to make a capture other than a take-back.
const OTHER_CAPTURE: f32 = 0.3;

/// What an attack on the enemy king is worth (it may go unnoticed, and then the king falls).
const KING_ATTACKED: f32 = 15.0;

/// The sense square for `belief` (`None` only when it holds no world).
pub fn sense(belief: &Belief) -> Option<Square> {
    let worlds = belief.worlds();
    let weights = belief.weights_of_worlds();
    if worlds.is_empty() {
        return None;
    }
    let them = !belief.color();
    let mut best: Option<(f64, Square)> = None;
    // Centres off the edge: an edge window sees less and never more.
    for centre in Square::ALL {
        let (file, rank) = (u32::from(centre.file()), u32::from(centre.rank()));
        if !(1..=6).contains(&file) || !(1..=6).contains(&rank) {
            continue;
        }
        let window = attacks::king_attacks(centre).with(centre);
        let mut groups: HashMap<u64, f64> = HashMap::new();
        let mut kings: HashMap<Option<Square>, f64> = HashMap::new();
        for (w, weight) in worlds.iter().zip(weights) {
            let board = w.true_board();
            groups
                .entry(window_key(board, window))
                .and_modify(|x| *x += weight)
                .or_insert(*weight);
            let king = board.king_of(them).filter(|k| window.contains(*k));
            kings
                .entry(king)
                .and_modify(|x| *x += weight)
                .or_insert(*weight);
        }
        let left: f64 = groups.values().map(|w| w * w).sum::<f64>()
            + kings.values().map(|w| w * w).sum::<f64>();
        if best.is_none_or(|(b, _)| left < b) {
            best = Some((left, centre));
        }
    }
    best.map(|(_, sq)| sq)
}

/// A key of what a window shows on `board`.
fn window_key(board: &Board, window: Bitboard) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for sq in window {
        let code = board.piece_at(sq).map_or(0, |p| {
            1 + p.role as u64 + if p.color == Color::White { 0 } else { 8 }
        });
        h = (h ^ code).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The bot's move: the attempt (or a pass) with the best expected score over up to `samples`
/// worlds of `belief`, drawn by weight.
pub fn choose_move(
    seat: &PlayerView,
    belief: &Belief,
    samples: usize,
    rng: &mut Rng,
) -> Option<Request> {
    let picked = belief.sample(samples, rng);
    if picked.is_empty() {
        return None;
    }
    let mut options: Vec<Option<Attempt>> =
        seat.possible_attempts().into_iter().map(Some).collect();
    options.push(None);
    let us = seat.color;
    let mut best: Option<(f32, Option<Attempt>)> = None;
    for option in options {
        let mut total = 0.0;
        for &(world, count) in &picked {
            total += count * outcome(world, option, us);
        }
        // A little noise breaks ties between equal options.
        total += 0.001 * rng.below(1000) as f32 / 1000.0;
        if best.is_none_or(|(b, _)| total > b) {
            best = Some((total, option));
        }
    }
    Some(match best?.1 {
        Some(a) => Request::Move(a),
        None => Request::Pass,
    })
}

/// The score for `us` of making `option` (a pass when `None`) in `world`.
fn outcome(world: &Referee, option: Option<Attempt>, us: Color) -> f32 {
    let mut next = world.clone();
    let request = match option {
        Some(a) => Request::Move(a),
        None => Request::Pass,
    };
    let Ok(said) = next.apply(&request) else {
        return -KING; // never: the attempt is possible on the own board
    };
    let mut hot = None;
    for item in heard_by(&said, us) {
        match item {
            Item::KingCaptured => return KING,
            Item::Capture { square, .. } => hot = Some(square),
            _ => {}
        }
    }
    score(next.true_board(), us, hot)
}

/// The score for `us` of `board` with the opponent to move; `hot`: where we just captured.
fn score(board: &Board, us: Color, hot: Option<Square>) -> f32 {
    let occupied = board.occupied();
    let mut material = 0.0;
    for (sq, piece) in board.iter() {
        if piece.role == Role::King {
            continue;
        }
        let mut v = value(piece.role);
        if piece.role == Role::Pawn {
            v += 0.05 * u32::from(piece.color.relative_rank(sq.rank())) as f32;
        }
        material += if piece.color == us { v } else { -v };
    }
    let them = !us;
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
        let attackers = board.attacks_to(sq, them, occupied);
        let Some(cheapest) = attackers
            .into_iter()
            .filter_map(|a| board.role_at(a))
            .map(value)
            .reduce(f32::min)
        else {
            continue;
        };
        let role = board.role_at(sq).map_or(0.0, value);
        let defended = board.attacks_to(sq, us, occupied).any();
        let gain = if defended { role - cheapest } else { role };
        if Some(sq) == hot {
            take_back = take_back.max(gain);
        } else {
            other = other.max(gain);
        }
    }
    let mut s = material - take_back.max(0.0) - OTHER_CAPTURE * other.max(0.0);
    if let Some(k) = board.king_of(them)
        && board.attacks_to(k, us, occupied).any()
    {
        s += KING_ATTACKED;
    }
    s
}
