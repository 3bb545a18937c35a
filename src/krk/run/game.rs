//! One game through the real referee: White's player on its metaposition against a black
//! defender, and how the game ended.

use super::Start;
use crate::announce::{EndReason, Item};
use crate::krk::Meta;
use crate::krk::defenders::Defender;
use crate::krk::players::Player;
use crate::krk::practice::WhiteKnowledge;
use crate::log::Game;
use crate::referee::Request;
use crate::rules::RuleSet;
use shakmaty::{Color, Square};
use std::time::{Duration, Instant};

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// White mated.
    Mate,
    /// Stalemate.
    Stalemate,
    /// The black king took the rook.
    RookLost,
    /// Draw by threefold repetition (the paper's "loop").
    Loop,
    /// The fifty-move rule, or the move cap.
    Cutoff,
}

/// One game's result.
#[derive(Clone, Debug)]
pub struct GameOutcome {
    /// How it ended.
    pub end: End,
    /// White moves played.
    pub moves: u32,
    /// White's thinking time per decision.
    pub think: Vec<Duration>,
}

/// Plays one game through the referee: `player` (White, seeing only its metaposition) against
/// `defender`.
pub fn play(
    player: &mut dyn Player,
    defender: &mut Defender,
    rules: &RuleSet,
    start: Start,
    max_moves: u32,
) -> GameOutcome {
    play_observed(
        player,
        defender,
        rules,
        start,
        max_moves,
        &mut |meta, truth| {
            debug_assert!(
                truth.is_none_or(|k| meta.bk.contains(k)),
                "the metaposition lost the king"
            );
        },
    )
}

/// [`play`], calling `observe` with White's metaposition and the true black king square (for
/// checks only: White never sees it) before every White attempt and after every Black turn.
pub fn play_observed(
    player: &mut dyn Player,
    defender: &mut Defender,
    rules: &RuleSet,
    start: Start,
    max_moves: u32,
    observe: &mut dyn FnMut(&Meta, Option<Square>),
) -> GameOutcome {
    let mut game = match Game::new(rules.clone(), start.setup()) {
        Ok(g) => g,
        Err(_) => {
            return GameOutcome {
                end: End::Cutoff,
                moves: 0,
                think: Vec::new(),
            };
        }
    };
    let mut known = WhiteKnowledge::start(start.wk, start.wr);
    let mut think = Vec::new();
    let mut moves = 0;
    let end = loop {
        if let Some(over) = game.referee().over() {
            break match over.reason {
                EndReason::Checkmate => End::Mate,
                EndReason::Stalemate => End::Stalemate,
                EndReason::InsufficientMaterial => End::RookLost,
                EndReason::Threefold => End::Loop,
                _ => End::Cutoff,
            };
        }
        if moves >= max_moves {
            break End::Cutoff;
        }
        observe(
            &known.meta,
            game.referee().true_board().king_of(Color::Black),
        );
        if game.referee().to_move() == Color::White {
            let t = Instant::now();
            let a = player.choose_in_game(&known.meta, &known.history);
            think.push(t.elapsed());
            let Ok(event) = game.apply(Request::Try(a)) else {
                break End::Cutoff;
            };
            let heard: Vec<Item> = crate::announce::heard_by(&event.said, Color::White).collect();
            let turn_ends = event.turn_ends;
            let known_still = known.white_tried(a, &heard, turn_ends);
            moves += u32::from(turn_ends);
            if !known_still {
                break End::Cutoff; // cannot happen: the set keeps the true square
            }
        } else {
            let Some(king) = game.referee().true_board().king_of(Color::Black) else {
                break End::RookLost;
            };
            let mut refused = 0;
            let mut done = false;
            for a in defender.preferences(king) {
                let Ok(event) = game.apply(Request::Try(a)) else {
                    break;
                };
                let heard: Vec<Item> =
                    crate::announce::heard_by(&event.said, Color::White).collect();
                if heard.contains(&Item::Illegal) {
                    refused += 1;
                }
                if event.turn_ends || game.referee().over().is_some() {
                    done = true;
                    break;
                }
            }
            if !done {
                break End::Cutoff;
            }
            known.black_moved(if player.uses_refusals() { refused } else { 0 });
        }
    };
    GameOutcome { end, moves, think }
}
