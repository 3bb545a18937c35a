//! Progress when ahead (issue 59): the strongest RBC play's memory of where it has stood, and
//! what a move that goes nowhere costs.
//!
//! Against StrangeFish2 a queen up, our engine checked Qf7+/Qf8+ from half-move 58 to 106
//! (the king stepping h8/h7 each time) until reconchess drew the game at 100 half-moves without
//! a pawn move or capture: every check was worth a bonus (it may go unnoticed), and a shallow
//! search saw nothing better. So, when ahead by [`AHEAD`] pawns or more (never behind, where a
//! draw is welcome):
//!
//! - an option that leaves our units where they stood after an earlier move of ours, the enemy
//!   king where the belief is sure it stood then, costs [`REPEAT`] of the advantage for each
//!   time it was made before (a first check keeps its worth: only a repeat is no progress);
//! - as the half-moves since the last pawn move or capture near 100 (reconchess's
//!   `reversible_moves_limit`, and the fifty-move rule where the rules have it; counted in the
//!   world that has the most, as the opponent's pawn moves go unseen), an option that starts
//!   the count again (a pawn moved, a unit taken) is worth up to the advantage more
//!   ([`URGENT_FROM`], [`URGENT_SPAN`]);
//! - a check's worth (it may go unnoticed) fades with each check given since our last pawn move
//!   or capture: after [`FRUITLESS`] of them, all answered, a check is worth what the search
//!   says of it and no more (the first checks keep their worth: the engine is not made
//!   passive).

use crate::attempt::Attempt;
use crate::belief::Belief;
use crate::bots::{arrangement, value};
use crate::referee::{Referee, Request};
use crate::view::PlayerView;
use shakmaty::{Board, Color, Role, Square};
use std::collections::HashMap;

/// How much material ahead, in pawns, makes going nowhere cost.
const AHEAD: f32 = 2.0;

/// The most advantage, in pawns, the costs below are taken from.
const MOST: f32 = 10.0;

/// The share of the advantage a repeat costs, for each time the same option was made before:
/// a queen up (9), 4.5 pawns a time, over the 3.75 a check is worth in the blended score.
const REPEAT: f32 = 0.5;

/// How sure the belief must be of the enemy king's square for it to tell positions apart.
const SURE: f32 = 0.9;

/// The half-moves without a pawn move or capture from which one that resets the count is
/// worth more, and over how many more it grows to the whole advantage.
const URGENT_FROM: u32 = 30;
const URGENT_SPAN: u32 = 50;

/// How many checks given since our last pawn move or capture (each answered, as the game goes
/// on) take a check's whole worth away.
const FRUITLESS: u32 = 4;

/// The most worlds an option is played in to see whether it checks or resets the count.
const LOOKED_AT: usize = 64;

/// Where our units stood after each of our moves, with the enemy king's square when the
/// belief was sure of it: how many times each; and the checks given since our last pawn move
/// or capture.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    seen: HashMap<u64, u32>,
    checks: u32,
}

impl Progress {
    /// The key of `own` (our units) with the enemy `king` where it is known.
    fn key(own: &Board, king: Option<Square>) -> u64 {
        let k = king.map_or(64, u64::from);
        arrangement(own) ^ (k + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93)
    }

    /// The key of making `option` from `seat` with the enemy `king` (our units as our own
    /// board says they would stand).
    fn key_of(seat: &PlayerView, option: Option<Attempt>, king: Option<Square>) -> u64 {
        let mut own = seat.own.clone();
        if let Some(a) = option {
            let mut castling = seat.castling;
            crate::possible::move_own_piece(&mut own, &mut castling, seat.color, a);
        }
        Progress::key(&own, king)
    }

    /// Counts `option`, chosen from `seat` with `belief` (`worlds`: the decision's).
    pub(super) fn record(
        &mut self,
        seat: &PlayerView,
        belief: &Belief,
        option: Option<Attempt>,
        worlds: &[(&Referee, f32)],
    ) {
        let key = Progress::key_of(seat, option, sure_king(belief));
        *self.seen.entry(key).or_default() += 1;
        let (resets, checks) = effects(worlds, option, seat.color);
        if resets >= 0.5 {
            self.checks = 0;
        } else if checks >= 0.5 {
            self.checks += 1;
        }
    }

    /// What each of `options` gains or loses for progress, in pawns, over `worlds` (each with
    /// how many times it was drawn), a check worth `check_worth` in the decision's score: zero
    /// unless we are ahead.
    pub(super) fn adjustments(
        &self,
        seat: &PlayerView,
        belief: &Belief,
        options: &[Option<Attempt>],
        worlds: &[(&Referee, f32)],
        check_worth: f32,
    ) -> Vec<f32> {
        let mut out = vec![0.0; options.len()];
        let ahead = ahead(worlds, seat.color);
        if ahead < AHEAD {
            return out;
        }
        let stake = ahead.min(MOST);
        let king = sure_king(belief);
        for (o, option) in options.iter().enumerate() {
            let times = self
                .seen
                .get(&Progress::key_of(seat, *option, king))
                .copied()
                .unwrap_or(0);
            out[o] -= REPEAT * stake * times as f32;
        }
        let halfmoves = belief
            .worlds()
            .iter()
            .map(|w| w.true_setup().halfmoves)
            .max()
            .unwrap_or(0);
        let urgency = (halfmoves.saturating_sub(URGENT_FROM) as f32 / URGENT_SPAN as f32).min(1.0);
        let faded = (self.checks as f32 / FRUITLESS as f32).min(1.0);
        if urgency > 0.0 || faded > 0.0 {
            for (o, option) in options.iter().enumerate() {
                let (resets, checks) = effects(worlds, *option, seat.color);
                out[o] += urgency * stake * resets - faded * check_worth * checks;
            }
        }
        out
    }
}

/// The enemy king's square where the belief is [`SURE`] of it.
fn sure_king(belief: &Belief) -> Option<Square> {
    Square::ALL
        .into_iter()
        .zip(belief.weights(Some(Role::King)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .filter(|(_, w)| *w >= SURE)
        .map(|(sq, _)| sq)
}

/// Our material lead over `worlds`, in pawns (kings left out).
fn ahead(worlds: &[(&Referee, f32)], us: Color) -> f32 {
    let total: f32 = worlds.iter().map(|(_, n)| n).sum();
    if total <= 0.0 {
        return 0.0;
    }
    let lead: f32 = worlds
        .iter()
        .map(|(w, n)| {
            let material: f32 = w
                .true_board()
                .iter()
                .filter(|(_, p)| p.role != Role::King)
                .map(|(_, p)| {
                    let v = value(p.role);
                    if p.color == us { v } else { -v }
                })
                .sum();
            n * material
        })
        .sum();
    lead / total
}

/// The shares of (up to [`LOOKED_AT`] of) `worlds` where `option` starts the half-move count
/// again, and where it leaves the enemy king attacked by `us`.
fn effects(worlds: &[(&Referee, f32)], option: Option<Attempt>, us: Color) -> (f32, f32) {
    let Some(a) = option else {
        return (0.0, 0.0);
    };
    let (mut total, mut resets, mut checks) = (0.0, 0.0, 0.0);
    for (w, n) in worlds.iter().take(LOOKED_AT) {
        total += n;
        let mut next = (*w).clone();
        if next.apply(&Request::Move(a)).is_err() || next.over().is_some() {
            continue;
        }
        let setup = next.true_setup();
        if setup.halfmoves == 0 {
            resets += n;
        }
        let board = &setup.board;
        if board
            .king_of(!us)
            .is_some_and(|k| board.attacks_to(k, us, board.occupied()).any())
        {
            checks += n;
        }
    }
    if total > 0.0 {
        (resets / total, checks / total)
    } else {
        (0.0, 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::Game;
    use crate::rules::Preset;

    /// White's view and exact belief at the start of `fen`, its options (a pass last).
    fn start(fen: &str) -> (PlayerView, Belief, Vec<Option<Attempt>>) {
        let game = Game::from_fen(Preset::Rbc.rules(), fen).expect("a position");
        let view = PlayerView::build(game.log(), Color::White);
        let belief = Belief::new(&view).expect("a belief");
        let mut options: Vec<Option<Attempt>> =
            view.possible_attempts().into_iter().map(Some).collect();
        options.push(None);
        (view, belief, options)
    }

    fn option(options: &[Option<Attempt>], uci: &str) -> usize {
        let a = Attempt::parse(uci).expect("uci");
        options
            .iter()
            .position(|o| *o == Some(a))
            .expect("an option")
    }

    /// The queen up of the game against StrangeFish2, the king on h8.
    const SHUFFLE: &str = "7k/5Q2/7p/4pp2/8/5P2/5P1P/5K2 w - - 20 68";

    #[test]
    fn only_a_repeat_costs_and_more_each_time_and_checks_fade() {
        let (view, belief, options) = start(SHUFFLE);
        let worlds: Vec<(&Referee, f32)> = belief.worlds().iter().map(|w| (w, 1.0)).collect();
        let mut progress = Progress::default();
        // Nothing made yet: every option keeps its worth (a check included).
        let fresh = progress.adjustments(&view, &belief, &options, &worlds, 15.0);
        assert!(fresh.iter().all(|a| *a == 0.0), "{fresh:?}");
        let (check, other_check, quiet) = (
            option(&options, "f7f8"),
            option(&options, "f7e8"),
            option(&options, "f7e7"),
        );
        progress.record(&view, &belief, options[check], &worlds);
        let once = progress.adjustments(&view, &belief, &options, &worlds, 15.0);
        // A repeat costs half the advantage (nine pawns), a check a quarter of its worth.
        assert!((once[check] + 4.5 + 15.0 / 4.0).abs() < 1e-3, "{once:?}");
        assert!((once[other_check] + 15.0 / 4.0).abs() < 1e-3, "{once:?}");
        assert_eq!(once[quiet], 0.0);
        progress.record(&view, &belief, options[check], &worlds);
        let twice = progress.adjustments(&view, &belief, &options, &worlds, 15.0);
        assert!((twice[check] + 9.0 + 15.0 / 2.0).abs() < 1e-3, "{twice:?}");
        // After four checks a check is worth what the search says, and no less.
        for _ in 0..4 {
            progress.record(&view, &belief, options[other_check], &worlds);
        }
        let faded = progress.adjustments(&view, &belief, &options, &worlds, 15.0);
        assert!(
            (faded[other_check] + 4.0 * 4.5 + 15.0).abs() < 1e-3,
            "{faded:?}"
        );
        assert_eq!(faded[quiet], 0.0);
        // A pawn move starts the count of checks again.
        progress.record(&view, &belief, options[option(&options, "h2h3")], &worlds);
        let reset = progress.adjustments(&view, &belief, &options, &worlds, 15.0);
        assert!((reset[check] + 9.0).abs() < 1e-3, "{reset:?}");
    }

    #[test]
    fn behind_a_repeat_costs_nothing() {
        // Black has the queen: a draw by shuffling is welcome.
        let (view, belief, options) = start("7k/8/7q/4PP2/8/5p2/5p1p/5K2 w - - 20 68");
        let worlds: Vec<(&Referee, f32)> = belief.worlds().iter().map(|w| (w, 1.0)).collect();
        let mut progress = Progress::default();
        for o in &options {
            progress.record(&view, &belief, *o, &worlds);
        }
        let a = progress.adjustments(&view, &belief, &options, &worlds, 15.0);
        assert!(a.iter().all(|a| *a == 0.0), "{a:?}");
    }

    #[test]
    fn near_the_move_limit_a_pawn_move_or_a_capture_gains() {
        let late = SHUFFLE.replace(" 20 68", " 80 68");
        for (fen, full) in [(SHUFFLE, false), (late.as_str(), true)] {
            let (view, belief, options) = start(fen);
            let worlds: Vec<(&Referee, f32)> = belief.worlds().iter().map(|w| (w, 1.0)).collect();
            let a = Progress::default().adjustments(&view, &belief, &options, &worlds, 15.0);
            let (push, take, quiet) = (
                a[option(&options, "h2h4")],
                a[option(&options, "f7f5")],
                a[option(&options, "f7e7")],
            );
            assert_eq!(quiet, 0.0);
            if full {
                // A queen and three pawns against three pawns: nine pawns ahead.
                assert!(push > 8.0 && take > 8.0, "{a:?}");
            } else {
                assert!(push == 0.0 && take == 0.0, "{a:?}");
            }
        }
    }
}
