//! The strong bot's time manager (issue 59): from its own clock (the time left and what each
//! move adds, as the table last read them) how long one decision may take. A decision keeps to
//! its soft budget when the choice is clear and may spend up to its hard budget when the best
//! options are close; a reserve is always kept back, so the bot does not lose on time.
//! [`Pace`] turns a budget into a number of worlds where a decision cannot stop on its own.

use crate::bots::ClockLeft;
use std::time::Duration;

/// The most of the reserve that is a fixed amount, in milliseconds: what a decision's fixed
/// costs (the belief brought up to date, the answer on its way) may take beyond its budget.
const RESERVE_MS: u64 = 500;

/// The share of the time left kept back besides, in twentieths.
const RESERVE_TWENTIETHS: u64 = 1;

/// Below this much left, in milliseconds, the clock is short: a decision keeps to its soft
/// budget whatever the options, and the fixed reserve is [`SHORT_RESERVE_MS`] (a 60 s + 1 s
/// game went down to 2.9 s, where one slow answer on a loaded machine loses).
const SHORT_MS: u64 = 20_000;

/// The most of the reserve that is a fixed amount on a short clock, in milliseconds.
const SHORT_RESERVE_MS: u64 = 1_500;

/// How long a decision may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Enough when the best option stands out.
    pub soft: Duration,
    /// The most it may take (the best options close).
    pub hard: Duration,
}

impl Budget {
    /// This budget, neither part longer than `cap_ms`.
    pub fn capped(self, cap_ms: u64) -> Budget {
        let cap = Duration::from_millis(cap_ms);
        Budget {
            soft: self.soft.min(cap),
            hard: self.hard.min(cap),
        }
    }
}

/// The budget of one decision with `clock` at move `move_number`; `senses`: Reconnaissance
/// Blind Chess (a sense and a move a turn, games shorter), else Kriegspiel (a few attempts a
/// turn, games longer). The time left less a reserve is shared over the turns still expected,
/// the increment spent as it comes; the hard budget is three times the soft one (the soft one
/// on a short clock), and never more than a quarter of what is left after the reserve.
pub fn budget(clock: ClockLeft, senses: bool, move_number: u32) -> Budget {
    let left = clock.left_ms;
    let short = left < SHORT_MS;
    let fixed = if short { SHORT_RESERVE_MS } else { RESERVE_MS };
    let reserve = (left / 2).min(fixed) + left * RESERVE_TWENTIETHS / 20;
    let usable = left.saturating_sub(reserve);
    let (turns_left, per_turn) = if senses {
        (45u64.saturating_sub(u64::from(move_number)).max(15), 2)
    } else {
        (70u64.saturating_sub(u64::from(move_number)).max(20), 3)
    };
    // The increment comes after the move: counted in only while the time left covers it.
    let increment = clock.increment_ms.min(usable) * 4 / 5;
    let soft = (usable / turns_left + increment) / per_turn;
    let hard = if short { soft } else { soft * 3 }.min(usable / 4);
    Budget {
        soft: Duration::from_millis(soft.min(hard)),
        hard: Duration::from_millis(hard),
    }
}

/// How long a world takes a decision that cannot stop on its own, learnt from the decisions
/// made: the number of worlds a budget allows.
#[derive(Clone, Debug)]
pub struct Pace {
    /// Milliseconds a world, as measured (a mean leaning to the latest).
    ms_per_world: f64,
    /// The worlds of the last decision (at first, those it starts from): the next takes at most
    /// twice as many.
    last: usize,
}

impl Pace {
    /// A pace that starts at `ms_per_world` (the bot's default: its thinking time over its
    /// worlds), the first decision at most twice `start` worlds.
    pub fn new(ms_per_world: f64, start: usize) -> Pace {
        Pace {
            ms_per_world,
            last: start.max(1),
        }
    }

    /// The worlds `budget` allows, from `min` to `max`.
    pub fn worlds(&self, budget: Duration, min: usize, max: usize) -> usize {
        let ms = budget.as_secs_f64() * 1000.0;
        let n = (ms / self.ms_per_world.max(1e-3)).floor();
        let n = if n.is_finite() && n > 0.0 {
            n.min(max as f64) as usize
        } else {
            0
        };
        n.min(self.last.saturating_mul(2)).clamp(min, max.max(min))
    }

    /// A decision over `worlds` worlds took `took`.
    pub fn took(&mut self, worlds: usize, took: Duration) {
        if worlds == 0 {
            return;
        }
        let measured = took.as_secs_f64() * 1000.0 / worlds as f64;
        self.ms_per_world = 0.6 * measured + 0.4 * self.ms_per_world;
        self.last = worlds;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(left_s: f64, increment_s: f64) -> ClockLeft {
        ClockLeft {
            left_ms: (left_s * 1000.0) as u64,
            increment_ms: (increment_s * 1000.0) as u64,
        }
    }

    #[test]
    fn the_budget_follows_the_clock() {
        // RBC at 300 s + 5 s, first move: a share of the time, and most of the increment.
        let b = budget(clock(300.0, 5.0), true, 1);
        assert!(b.soft >= Duration::from_secs(4), "{b:?}");
        assert!(b.soft <= Duration::from_secs(10), "{b:?}");
        assert!(
            b.hard >= b.soft && b.hard <= Duration::from_secs(30),
            "{b:?}"
        );
        // Less time left, less spent; more increment, more spent.
        let low = budget(clock(30.0, 5.0), true, 1);
        assert!(low.soft < b.soft && low.hard < b.hard, "{low:?}");
        let more = budget(clock(300.0, 10.0), true, 1);
        assert!(more.soft > b.soft, "{more:?}");
        // Kriegspiel shares the same time over more decisions.
        assert!(budget(clock(300.0, 5.0), false, 1).soft < b.soft);
        // Every budget keeps a reserve: the hard budget is at most a quarter of what is left.
        for (left, inc) in [(0.0, 0.0), (0.05, 0.0), (0.2, 5.0), (1.0, 0.0), (3.0, 1.0)] {
            let c = clock(left, inc);
            for senses in [true, false] {
                for move_number in [1, 20, 200] {
                    let b = budget(c, senses, move_number);
                    assert!(b.soft <= b.hard, "{c:?}: {b:?}");
                    assert!(
                        b.hard.as_millis() * 4 <= u128::from(c.left_ms),
                        "{c:?}: {b:?}"
                    );
                }
            }
        }
        // A short clock spends little more a turn (a sense and a move) than the increment
        // brings back, whatever the options: no going on to three times the soft budget.
        for left in [3.0, 5.0, 10.0, 15.0] {
            let c = clock(left, 1.0);
            let b = budget(c, true, 40);
            assert_eq!(b.soft, b.hard, "{c:?}: {b:?}");
            assert!(
                b.hard.as_millis() * 2 <= 1_000 + u128::from(c.left_ms) / 10,
                "{c:?}: {b:?}"
            );
        }
        // Nothing left: nothing to spend.
        assert_eq!(budget(clock(0.0, 2.0), true, 5).hard, Duration::ZERO);
    }

    #[test]
    fn a_cap_bounds_both_parts() {
        let b = budget(clock(300.0, 5.0), true, 1).capped(50);
        assert_eq!(b.hard, Duration::from_millis(50));
        assert_eq!(b.soft, Duration::from_millis(50));
    }

    #[test]
    fn the_pace_learns_from_the_decisions_made_and_ramps_up_slowly() {
        let mut pace = Pace::new(2.0, 48);
        assert_eq!(pace.worlds(Duration::from_millis(100), 4, 1000), 50);
        assert_eq!(pace.worlds(Duration::from_secs(1), 4, 1000), 96);
        assert_eq!(pace.worlds(Duration::ZERO, 4, 1000), 4);
        // Slower than thought: fewer worlds next time.
        pace.took(50, Duration::from_millis(500));
        let next = pace.worlds(Duration::from_millis(100), 4, 1000);
        assert!(next < 20, "{next}");
        // Faster: more, but at most twice the last decision's.
        pace.took(10, Duration::from_millis(1));
        assert_eq!(pace.worlds(Duration::from_secs(10), 4, 1000), 20);
    }
}
