//! `kriegspiel bench --only ladder`: the levels' ladder. Each [`Level`] plays the level below it
//! ([`crate::matchplay`], colours exchanged every other game); one line per step gives the upper
//! level's wins, losses and draws as White, as Black and in all, its score (a draw counts half)
//! and its median and worst time per decision.

use crate::announce::GameResult;
use crate::bots::level::Level;
use crate::matchplay::{BotChoice, GameRecord, MatchConfig, MatchError, play_match};
use crate::rules::RuleSet;
use shakmaty::Color;

/// Wins, losses and draws (unfinished games among the draws).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn or unfinished.
    pub draws: u32,
}

impl Tally {
    /// Counts one game for the side that played `color`.
    fn count(&mut self, result: Option<GameResult>, color: Color) {
        match (result, color) {
            (Some(GameResult::WhiteWins), Color::White)
            | (Some(GameResult::BlackWins), Color::Black) => self.wins += 1,
            (Some(GameResult::WhiteWins | GameResult::BlackWins), _) => self.losses += 1,
            (Some(GameResult::Draw) | None, _) => self.draws += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The score in percent, a draw counting half (0 without games).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.0,
            n => (f64::from(self.wins) + f64::from(self.draws) / 2.0) * 100.0 / f64::from(n),
        }
    }

    /// `W-L-D`.
    pub fn wld(&self) -> String {
        format!("{}-{}-{}", self.wins, self.losses, self.draws)
    }
}

/// One step of the ladder: `upper` against `lower`, counted for `upper`.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The stronger level.
    pub upper: Level,
    /// The level below it.
    pub lower: Level,
    /// Its games as White.
    pub as_white: Tally,
    /// Its games as Black.
    pub as_black: Tally,
    /// Its median time per decision (per request), in milliseconds.
    pub median_ms: f64,
    /// Its longest time for one decision, in milliseconds.
    pub worst_ms: f64,
}

impl Step {
    /// Both colours together.
    pub fn total(&self) -> Tally {
        Tally {
            wins: self.as_white.wins + self.as_black.wins,
            losses: self.as_white.losses + self.as_black.losses,
            draws: self.as_white.draws + self.as_black.draws,
        }
    }
}

/// What the ladder plays.
#[derive(Clone, Debug)]
pub struct Options {
    /// The rules of every game.
    pub rules: RuleSet,
    /// Games a step (half with each colour).
    pub games: u32,
    /// Game `i` of a step seeds its bots from `seed + i`.
    pub seed: u64,
    /// A game stops, unfinished (a draw), after this many completed turns.
    pub max_plies: u32,
}

/// Plays `upper` against `lower`, calling `progress` with each game's 0-based index.
pub fn step(
    options: &Options,
    upper: Level,
    lower: Level,
    mut progress: impl FnMut(u32),
) -> Result<Step, MatchError> {
    let config = MatchConfig {
        white: BotChoice::Level(upper),
        black: BotChoice::Level(lower),
        rules: options.rules.clone(),
        games: options.games,
        seed: options.seed,
        max_plies: options.max_plies,
        swap: true,
        ..MatchConfig::default()
    };
    let (mut as_white, mut as_black) = (Tally::default(), Tally::default());
    let upper_id = upper.id();
    let summary = play_match(&config, |index, record: &GameRecord| {
        if record.white == upper_id {
            as_white.count(record.result, Color::White);
        } else {
            as_black.count(record.result, Color::Black);
        }
        progress(index);
    })?;
    Ok(Step {
        upper,
        lower,
        as_white,
        as_black,
        median_ms: summary.median_think_ms,
        worst_ms: summary.worst_think_ms,
    })
}

/// The table's heading.
pub const HEADING: &str =
    "step                    as White  as Black  total     score   median ms  worst ms";

/// A step as a line of the table.
pub fn line(step: &Step) -> String {
    let total = step.total();
    format!(
        "{:<22}  {:<8}  {:<8}  {:<8}  {:>5.1} %  {:>9.2}  {:>8.1}",
        format!("{} vs {}", step.upper.id(), step.lower.id()),
        step.as_white.wld(),
        step.as_black.wld(),
        total.wld(),
        total.score(),
        step.median_ms,
        step.worst_ms
    )
}

/// Plays every step of the ladder, weakest first, printing the table on standard output as it
/// goes and the progress on standard error.
pub fn run(options: &Options) -> Result<Vec<Step>, MatchError> {
    println!(
        "the levels' ladder: {} games a step (colours exchanged every other game), rules {}, seed {}; W-L-D for the upper level, a draw scores half",
        options.games,
        options.rules.preset().map_or("custom", |p| p.id()),
        options.seed
    );
    println!("{HEADING}");
    let mut steps = Vec::new();
    for pair in Level::ALL.windows(2) {
        let (lower, upper) = (pair[0], pair[1]);
        let step = step(options, upper, lower, |i| {
            eprintln!(
                "{} vs {}: game {}/{} played",
                upper.id(),
                lower.id(),
                i + 1,
                options.games
            );
        })?;
        println!("{}", line(&step));
        steps.push(step);
    }
    Ok(steps)
}
