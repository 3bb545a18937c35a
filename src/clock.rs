//! Chess clocks: a time control, and a two-sided clock driven by an injected time source.
//!
//! The clock never reads the system time itself: every call takes `now`, a monotonic
//! [`Duration`] chosen by the caller (the app passes the time since it started; tests pass exact
//! values), so clock behaviour is reproducible.

use serde::{Deserialize, Serialize};
use shakmaty::{ByColor, Color};
use std::time::Duration;

/// Base time, increment and delay per move, in milliseconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// Starting time of each player.
    pub base_ms: u64,
    /// Added to a player's time after each of its moves.
    pub increment_ms: u64,
    /// Simple ("US") delay: at the start of each of its moves a player's time stands still
    /// this long before it runs down. 0 when the control has no delay.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub delay_ms: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// The longest base time (600 minutes, as `host --clock` allows).
pub const MAX_BASE_MS: u64 = 600 * 60_000;

/// The longest increment, and the longest delay (600 seconds, as `host --clock` allows).
pub const MAX_STEP_MS: u64 = 600_000;

/// A time control out of range (read from a file).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a time control of {base_ms} ms + {increment_ms} ms (delay {delay_ms} ms) is out of range: \
     the base must be 1 ms to 600 minutes, the increment and the delay at most 600 s"
)]
pub struct OutOfRange {
    /// The base, in milliseconds.
    pub base_ms: u64,
    /// The increment, in milliseconds.
    pub increment_ms: u64,
    /// The delay, in milliseconds.
    pub delay_ms: u64,
}

impl TimeControl {
    /// Checks the control is in the range the command line and the app accept.
    pub fn check(&self) -> Result<(), OutOfRange> {
        let ok = (1..=MAX_BASE_MS).contains(&self.base_ms)
            && self.increment_ms <= MAX_STEP_MS
            && self.delay_ms <= MAX_STEP_MS;
        ok.then_some(()).ok_or(OutOfRange {
            base_ms: self.base_ms,
            increment_ms: self.increment_ms,
            delay_ms: self.delay_ms,
        })
    }

    /// The most a side's clock can show after `moves` requests (its base and every increment).
    pub fn most_after(&self, moves: usize) -> u64 {
        let moves = u64::try_from(moves).unwrap_or(u64::MAX);
        self.base_ms
            .saturating_add(self.increment_ms.saturating_mul(moves))
    }

    /// Minutes + seconds, as clubs write it ("5+3").
    pub fn minutes_plus_seconds(minutes: u64, seconds: u64) -> TimeControl {
        TimeControl {
            base_ms: minutes.saturating_mul(60_000),
            increment_ms: seconds.saturating_mul(1000),
            delay_ms: 0,
        }
    }

    /// "5+3" style label.
    pub fn label(&self) -> String {
        let minutes = self.base_ms as f64 / 60_000.0;
        let base = if self.base_ms.is_multiple_of(60_000) {
            format!("{}", self.base_ms / 60_000)
        } else {
            format!("{minutes:.1}")
        };
        let delay = if self.delay_ms > 0 {
            format!(" d{}", self.delay_ms / 1000)
        } else {
            String::new()
        };
        format!("{base}+{}{delay}", self.increment_ms / 1000)
    }
}

/// Both players' remaining time at one moment, in milliseconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockReading {
    /// White's remaining time.
    pub white_ms: u64,
    /// Black's remaining time.
    pub black_ms: u64,
}

impl ClockReading {
    /// The reading of one side.
    pub fn of(&self, color: Color) -> u64 {
        color.fold_wb(self.white_ms, self.black_ms)
    }
}

/// A running two-sided clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    remaining: ByColor<u64>,
    /// The side whose time is running and from when it counts: after a move under a delay,
    /// that instant lies in the future (the delay), and the time stands still until then.
    running: Option<(Color, Duration)>,
}

impl Clock {
    /// A stopped clock with both players at the base time.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            remaining: ByColor::new_with(|_| control.base_ms),
            running: None,
        }
    }

    /// A stopped clock showing `reading` (to resume a saved game).
    pub fn resumed(control: TimeControl, reading: ClockReading) -> Clock {
        Clock {
            control,
            remaining: ByColor {
                white: reading.white_ms,
                black: reading.black_ms,
            },
            running: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Whose time is running, if any.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    fn settle(&mut self, now: Duration) {
        if let Some((color, since)) = self.running
            && now > since
        {
            let spent = now
                .saturating_sub(since)
                .as_millis()
                .min(u128::from(u64::MAX)) as u64;
            let left = self.remaining.get_mut(color);
            *left = left.saturating_sub(spent);
            self.running = Some((color, now));
        }
    }

    /// Starts (or keeps) `color`'s time running.
    pub fn start(&mut self, color: Color, now: Duration) {
        self.settle(now);
        self.running = Some((color, now));
    }

    /// Stops the clock (pause); remaining times are kept.
    pub fn stop(&mut self, now: Duration) {
        self.settle(now);
        self.running = None;
    }

    /// The mover completed a move: add its increment and start the opponent's time. While the
    /// clocks are stopped (paused, or not yet started) nothing is added and nothing starts.
    pub fn complete_move(&mut self, mover: Color, now: Duration) {
        let was_running = self.running.is_some();
        self.settle(now);
        if was_running && self.remaining(mover, now) > 0 {
            let left = self.remaining.get_mut(mover);
            *left = left.saturating_add(self.control.increment_ms);
        }
        // Under a delay the opponent's time starts counting only once the delay has passed.
        let from = now.saturating_add(Duration::from_millis(self.control.delay_ms));
        self.running = was_running.then_some((!mover, from));
    }

    /// Remaining time of `color` at `now`.
    pub fn remaining(&self, color: Color, now: Duration) -> u64 {
        let left = *self.remaining.get(color);
        match self.running {
            Some((c, since)) if c == color => left.saturating_sub(
                now.saturating_sub(since)
                    .as_millis()
                    .min(u128::from(u64::MAX)) as u64,
            ),
            _ => left,
        }
    }

    /// Both remaining times at `now`.
    pub fn reading(&self, now: Duration) -> ClockReading {
        ClockReading {
            white_ms: self.remaining(Color::White, now),
            black_ms: self.remaining(Color::Black, now),
        }
    }

    /// The side whose flag has fallen at `now`, if any.
    pub fn flagged(&self, now: Duration) -> Option<Color> {
        self.running
            .map(|(c, _)| c)
            .filter(|c| self.remaining(*c, now) == 0)
    }

    /// Time until the running side's flag falls (for scheduling the next repaint).
    pub fn time_to_flag(&self, now: Duration) -> Option<Duration> {
        self.running.map(|(c, since)| {
            Duration::from_millis(self.remaining(c, now)).saturating_add(since.saturating_sub(now))
        })
    }
}

/// Formats milliseconds as `m:ss`, with tenths under ten seconds (`0:07.3`), as club clocks do.
pub fn format_ms(ms: u64) -> String {
    let total_s = ms / 1000;
    let (h, m, s) = (total_s / 3600, (total_s / 60) % 60, total_s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if ms < 10_000 {
        format!("{m}:{s:02}.{}", (ms % 1000) / 100)
    } else {
        format!("{m:02}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn clock_runs_switches_and_flags() {
        let mut c = Clock::new(TimeControl {
            base_ms: 10_000,
            increment_ms: 2_000,
            delay_ms: 0,
        });
        c.start(Color::White, ms(0));
        assert_eq!(c.remaining(Color::White, ms(3_000)), 7_000);
        assert_eq!(c.remaining(Color::Black, ms(3_000)), 10_000);
        c.complete_move(Color::White, ms(3_000));
        assert_eq!(
            c.remaining(Color::White, ms(5_000)),
            9_000,
            "increment added, white stopped"
        );
        assert_eq!(c.remaining(Color::Black, ms(5_000)), 8_000);
        c.stop(ms(5_000));
        assert_eq!(c.remaining(Color::Black, ms(60_000)), 8_000, "paused");
        c.start(Color::Black, ms(60_000));
        assert_eq!(c.flagged(ms(67_999)), None);
        assert_eq!(c.flagged(ms(68_000)), Some(Color::Black));
        assert_eq!(
            c.reading(ms(70_000)),
            ClockReading {
                white_ms: 9_000,
                black_ms: 0
            }
        );
    }

    #[test]
    fn a_delay_holds_the_time_at_the_start_of_each_move() {
        let mut c = Clock::new(TimeControl {
            base_ms: 10_000,
            increment_ms: 0,
            delay_ms: 3_000,
        });
        c.start(Color::White, ms(0));
        c.complete_move(Color::White, ms(1_000));
        assert_eq!(
            c.remaining(Color::Black, ms(3_500)),
            10_000,
            "within the delay"
        );
        assert_eq!(c.remaining(Color::Black, ms(5_000)), 9_000, "runs after it");
        assert_eq!(c.time_to_flag(ms(2_000)), Some(ms(12_000)));
        c.complete_move(Color::Black, ms(5_000));
        assert_eq!(c.remaining(Color::Black, ms(9_000)), 9_000);
        assert_eq!(c.remaining(Color::White, ms(9_000)), 8_000);
        assert_eq!(c.control().label(), "0.2+0 d3");
    }

    #[test]
    fn formatting() {
        assert_eq!(format_ms(300_000), "05:00");
        assert_eq!(format_ms(61_000), "01:01");
        assert_eq!(format_ms(9_870), "0:09.8");
        assert_eq!(format_ms(0), "0:00.0");
        assert_eq!(format_ms(3_723_000), "1:02:03");
        assert_eq!(TimeControl::minutes_plus_seconds(5, 3).label(), "5+3");
    }

    #[test]
    fn no_increment_while_the_clocks_are_stopped() {
        let control = TimeControl::minutes_plus_seconds(5, 3);
        let mut clock = Clock::new(control);
        // Before the clocks are started.
        clock.complete_move(Color::White, Duration::from_secs(1));
        assert_eq!(clock.reading(Duration::from_secs(2)).white_ms, 300_000);
        assert_eq!(
            clock.running(),
            None,
            "a move does not start stopped clocks"
        );
        // Running: the increment is added.
        clock.start(Color::Black, Duration::from_secs(2));
        clock.complete_move(Color::Black, Duration::from_secs(4));
        assert_eq!(clock.reading(Duration::from_secs(4)).black_ms, 301_000);
        // Paused: nothing added.
        clock.stop(Duration::from_secs(5));
        clock.complete_move(Color::White, Duration::from_secs(6));
        assert_eq!(clock.reading(Duration::from_secs(9)).white_ms, 299_000);
    }

    #[test]
    fn huge_numbers_saturate_instead_of_wrapping() {
        let control = TimeControl {
            base_ms: 10_000,
            increment_ms: u64::MAX,
            delay_ms: u64::MAX,
        };
        let mut clock = Clock::new(control);
        clock.start(Color::White, Duration::ZERO);
        clock.complete_move(Color::White, Duration::from_secs(1));
        // The increment fills the clock up; it never wraps round to take time off.
        assert_eq!(clock.reading(Duration::from_secs(1)).white_ms, u64::MAX);
        assert_eq!(clock.flagged(Duration::from_secs(2)), None);
        assert!(clock.time_to_flag(Duration::from_secs(2)).is_some());
        let huge = TimeControl::minutes_plus_seconds(u64::MAX, u64::MAX);
        assert_eq!((huge.base_ms, huge.increment_ms), (u64::MAX, u64::MAX));
    }
}
