//! Trials of the strong bot's lone-king play ([`super::endgame`], [`super::mate`]) from the
//! widest uncertainty: the bot's king and pieces on random squares, the enemy king on any square
//! where it may legally stand, and the bot told nothing of where (a hidden start). The bot plays
//! through the bot driver from its seat's view, as in a game; the king steps as the defender
//! says. `kriegspiel endgame` prints a summary of many trials.

use super::driver::Driver;
use crate::announce::Over;
use crate::attempt::Attempt;
use crate::log::Game;
use crate::referee::Request;
use crate::rng::Rng;
use crate::rules::RuleSet;
use crate::view::PlayerView;
use shakmaty::{Color, Role, Square};

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

/// Plays one trial: the strong bot (White) with its king and `pieces` against a lone king,
/// `seed` for the placement and the defender, at most `max_moves` moves of the bot. The start is hidden from the bot ([`crate::log::Game::hide_start`]): it plays
/// through the bot driver from its seat's view, told only its own pieces and that the enemy has
/// a lone king somewhere.
pub fn run(
    pieces: &[Role],
    rules: &RuleSet,
    defender: Defender,
    seed: u64,
    max_moves: u32,
) -> Option<Trial> {
    let mut rng = Rng::new(seed);
    let start = crate::setup::random_ending(pieces, Color::White, &mut rng)?;
    play(start, rules, defender, seed, max_moves, rng)
}

/// Plays one trial from `start` (White, the bot, to move against a lone king; see [`run`]).
pub fn run_from(
    start: shakmaty::Setup,
    rules: &RuleSet,
    defender: Defender,
    seed: u64,
    max_moves: u32,
) -> Option<Trial> {
    play(
        start,
        rules,
        defender,
        seed,
        max_moves,
        Rng::new(seed ^ 0xDEF),
    )
}

/// [`run_from`], the defender drawing from `rng`.
fn play(
    start: shakmaty::Setup,
    rules: &RuleSet,
    defender: Defender,
    seed: u64,
    max_moves: u32,
    mut rng: Rng,
) -> Option<Trial> {
    let max_plies = max_moves.saturating_mul(2);
    let us = Color::White;
    let mut game = Game::new(rules.clone(), start).ok()?;
    game.hide_start();
    let mut bot = Driver::start(Box::new(super::strong::StrongBot::new(seed)));
    let (mut plies, mut refusals) = (0, 0);
    while plies < max_plies {
        if let Some(over) = game.referee().over() {
            return Some(Trial {
                over: Some(over),
                moves: plies.div_ceil(2),
            });
        }
        let request = if game.referee().to_move() == us {
            let view = PlayerView::build(game.log(), us);
            bot.act(&view)?
        } else {
            Request::Try(king_step(game.referee(), defender, &mut rng)?)
        };
        let event = game.apply(request).ok()?;
        if event.turn_ends {
            plies += 1;
            refusals = 0;
        } else {
            // A bot that only ever makes refused attempts gives the trial up.
            refusals += 1;
            if refusals > 500 {
                return None;
            }
        }
    }
    Some(Trial {
        over: game.referee().over(),
        moves: plies.div_ceil(2),
    })
}

/// The lone king's step: a random legal one, or the one nearest the centre.
fn king_step(
    truth: &crate::referee::Referee,
    defender: Defender,
    rng: &mut Rng,
) -> Option<Attempt> {
    let steps = truth.legal_attempts();
    match defender {
        Defender::Random => steps.get(rng.below(steps.len().max(1))).copied(),
        Defender::Centre => {
            let best = steps.iter().map(|a| centre(a.to)).min()?;
            let near: Vec<_> = steps.iter().filter(|a| centre(a.to) == best).collect();
            near.get(rng.below(near.len().max(1))).map(|a| **a)
        }
    }
}

/// How far a square is from the centre (king steps to the nearest of the four centre squares).
fn centre(sq: Square) -> u32 {
    [Square::D4, Square::E4, Square::D5, Square::E5]
        .into_iter()
        .map(|c| sq.distance(c))
        .min()
        .unwrap_or(0)
}
