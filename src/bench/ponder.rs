//! `kriegspiel bench --only ponder`: what pondering saves (issue 59). The strong bot at a
//! thinking time of 1 s (its belief up to 12,000 worlds) takes each of its turns in a recorded
//! game twice: once cold, once after working through the opponent's turn while it was to move
//! ([`crate::bots::Bot::ponder`], run to the end). At the first request of each turn, the time
//! the view takes to be taken in (the opponent's turn: the belief's step) is printed for both,
//! with the decision's for scale, and the two bots' requests are checked to be the same.

use crate::bots::Bot;
use crate::bots::strong::StrongBot;
use crate::rules::Preset;
use crate::view::PlayerView;
use shakmaty::Color;
use std::time::{Duration, Instant};

/// The games measured: the preset, the recorded game's seed and its length in moves.
const GAMES: [(Preset, u64, usize); 2] = [(Preset::Wild16, 3, 60), (Preset::Berkeley, 5, 60)];

/// Runs the measurement and prints one line per game.
pub fn run() {
    for (preset, seed, moves) in GAMES {
        let saved = crate::selfplay::random_game(preset.rules(), seed, moves);
        let (cold, warm, decisions, same) = turns(&saved.log, Color::Black);
        println!(
            "{preset:?} (seed {seed}, {} turns): the opponent's turn taken in cold {}; after pondering {}; the decision then {}; {}",
            cold.len(),
            figures(cold),
            figures(warm),
            figures(decisions),
            if same {
                "the same requests"
            } else {
                "REQUESTS DIFFER"
            }
        );
    }
}

/// The times measured at the first request of each turn: the view taken in cold, and
/// pondered; the decision then; whether every request of the two bots was the same.
type Measured = (Vec<Duration>, Vec<Duration>, Vec<Duration>, bool);

/// At each of `color`'s turns, the time its view (the opponent's turn) takes to be taken in,
/// cold and pondered, and the decision's, and whether every request of the two bots was the
/// same.
fn turns(log: &crate::log::GameLog, color: Color) -> Measured {
    let (mut cold, mut warm) = (StrongBot::new(1), StrongBot::new(1));
    cold.set_think_ms(1_000);
    warm.set_think_ms(1_000);
    let (mut cold_times, mut warm_times, mut same) = (Vec::new(), Vec::new(), true);
    let mut decisions = Vec::new();
    let mut first = true;
    for upto in 0..=log.events.len() {
        let view = PlayerView::build_prefix(log, color, upto);
        if !view.my_turn() {
            if view.over.is_none() {
                while warm.ponder(&view) {}
            }
            first = true;
            continue;
        }
        // The view taken in (the opponent's turn, at a turn's first request), then the
        // decision.
        let started = Instant::now();
        cold.belief_for(&view);
        let took_cold = started.elapsed();
        let a = cold.next(&view);
        let started = Instant::now();
        warm.belief_for(&view);
        let took_warm = started.elapsed();
        let decided = Instant::now();
        let b = warm.next(&view);
        let took_decision = decided.elapsed();
        same &= a == b;
        if first && upto > 0 {
            cold_times.push(took_cold);
            warm_times.push(took_warm);
            decisions.push(took_decision);
        }
        first = false;
    }
    (cold_times, warm_times, decisions, same)
}

/// The median, the 90th percentile, the longest and the sum, in milliseconds.
fn figures(mut times: Vec<Duration>) -> String {
    times.sort_unstable();
    let ms = |d: Option<&Duration>| d.map_or(0.0, |d| d.as_secs_f64() * 1000.0);
    let at = |q: f64| {
        ms(times.get(((times.len() as f64 * q) as usize).min(times.len().saturating_sub(1))))
    };
    let total: Duration = times.iter().sum();
    format!(
        "median {:.1} ms, 90 % {:.1} ms, longest {:.1} ms, in all {:.2} s",
        at(0.5),
        at(0.9),
        ms(times.last()),
        total.as_secs_f64()
    )
}
