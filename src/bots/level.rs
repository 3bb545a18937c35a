//! Levels for people: the one place that says what each named level from "beginner" to
//! "strongest" plays with. A [`Level`] is one of our bots ([`BotKind`]) at a thinking time, with a
//! handicap: a share of its turns played by the random bot instead ([`Handicapped`]), so that
//! the weaker levels make the blunders a beginner makes (a piece left hanging, a capture not
//! seen) and each level beats the one below in about 65-80 % of games (`kriegspiel bench
//! --only ladder` measures it).
//!
//! A level's id is its name on the command line (`engine --level`, `match --white/--black`) and
//! in saves; ids never collide with a [`BotKind`] id.

use super::random::RandomBot;
use super::{Bot, BotKind};
use crate::referee::Request;
use crate::rng::Rng;
use crate::view::PlayerView;
use serde::{Deserialize, Serialize};

/// A named level, from the weakest to the strongest.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
#[value(rename_all = "snake_case")]
pub enum Level {
    /// Rules of thumb, but most turns random.
    #[value(help = "most moves at random: for a first game")]
    Beginner,
    /// Rules of thumb, more often random.
    #[value(help = "plays sensibly two moves in five")]
    Novice,
    /// Rules of thumb, sometimes random.
    #[value(help = "chess rules of thumb, a blunder every few moves")]
    Casual,
    /// Weighs the hidden pieces, often careless.
    #[value(help = "weighs where your pieces may be, but is often careless")]
    Club,
    /// Weighs the hidden pieces, sometimes careless.
    #[value(help = "weighs where your pieces may be, sometimes careless")]
    Advanced,
    /// Weighs the hidden pieces, now and then careless.
    #[value(help = "weighs where your pieces may be, careless now and then")]
    Expert,
    /// The strong bot at its default thinking time, no handicap.
    #[value(help = "the strongest player, at its default thinking time")]
    Strongest,
}

/// How a level is made: which bot, how long it thinks, how often it plays at random.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    /// The bot that plays the level's thought-out turns.
    pub bot: BotKind,
    /// Its thinking time per request in milliseconds (`None`: the bot's default).
    pub think_ms: Option<u64>,
    /// The share of turns played by the random bot instead, in thousandths.
    pub random_per_mille: u32,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 7] = [
        Level::Beginner,
        Level::Novice,
        Level::Casual,
        Level::Club,
        Level::Advanced,
        Level::Expert,
        Level::Strongest,
    ];

    /// The level a new game offers first.
    pub const DEFAULT: Level = Level::Club;

    /// The stable id: on the command line and in saves.
    pub fn id(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Novice => "novice",
            Level::Casual => "casual",
            Level::Club => "club",
            Level::Advanced => "advanced",
            Level::Expert => "expert",
            Level::Strongest => "strongest",
        }
    }

    /// The level an id names (`None` for any other text).
    pub fn from_id(id: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.id() == id)
    }

    /// The level nearest a bare bot's strength (a game saved before levels: the random bot as a
    /// beginner, the heuristic as casual, the strong bot and an engine as the strongest).
    pub fn for_bot(bot: BotKind) -> Level {
        match bot {
            BotKind::Random | BotKind::KrkPractice => Level::Beginner,
            BotKind::Heuristic => Level::Casual,
            BotKind::Strong | BotKind::Engine => Level::Strongest,
        }
    }

    /// The ids, comma-separated, weakest first.
    pub fn id_list() -> String {
        Level::ALL.map(Level::id).join(", ")
    }

    /// The name shown to people ("Club").
    pub fn title(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Novice => "Novice",
            Level::Casual => "Casual",
            Level::Club => "Club",
            Level::Advanced => "Advanced",
            Level::Expert => "Expert",
            Level::Strongest => "Strongest",
        }
    }

    /// One line saying how the level plays.
    pub fn description(self) -> &'static str {
        match self {
            Level::Beginner => "most of its moves are random",
            Level::Novice => "rules of thumb, three moves in five random",
            Level::Casual => "chess rules of thumb, a blunder every few moves",
            Level::Club => "weighs where your pieces may be, but is often careless",
            Level::Advanced => "weighs where your pieces may be, sometimes careless",
            Level::Expert => "weighs where your pieces may be, careless now and then",
            Level::Strongest => "weighs where your pieces may be, always",
        }
    }

    /// The name the computer plays under at this level ("Computer (club)").
    pub fn player_name(self) -> String {
        format!("Computer ({})", self.id())
    }

    /// How the level is made.
    pub fn spec(self) -> LevelSpec {
        let (bot, think_ms, random_per_mille) = match self {
            Level::Beginner => (BotKind::Heuristic, None, 900),
            Level::Novice => (BotKind::Heuristic, None, 600),
            Level::Casual => (BotKind::Heuristic, None, 300),
            Level::Club => (BotKind::Strong, Some(50), 400),
            Level::Advanced => (BotKind::Strong, Some(50), 270),
            Level::Expert => (BotKind::Strong, Some(50), 120),
            Level::Strongest => (BotKind::Strong, None, 0),
        };
        LevelSpec {
            bot,
            think_ms,
            random_per_mille,
        }
    }

    /// A fresh player at this level (`seed` for its chances).
    pub fn make(self, seed: u64) -> Box<dyn Bot> {
        self.spec().make(seed, self.player_name())
    }
}

impl LevelSpec {
    /// A fresh player made to this spec, playing under `name`.
    pub fn make(self, seed: u64, name: String) -> Box<dyn Bot> {
        // The level's bots are ours: never an engine, which cannot be made here.
        let mut inner = match self.bot.make(seed) {
            Ok(bot) => bot,
            Err(_) => Box::new(RandomBot::new(seed)),
        };
        // The strong bot's thinking time is also the cap on what a clock lets it spend: the
        // strongest level plays at the default time, as it always did (issue 59).
        match (self.think_ms, self.bot) {
            (Some(ms), _) => inner.set_think_ms(ms),
            (None, BotKind::Strong) => inner.set_think_ms(super::strong::DEFAULT_THINK_MS),
            (None, _) => {}
        }
        Box::new(Handicapped {
            inner,
            random: RandomBot::new(seed ^ 0xB1_0DE5),
            rng: Rng::new(seed ^ 0x1E7E1),
            random_per_mille: self.random_per_mille,
            turn: None,
            random_turn: false,
            name,
        })
    }
}

/// A bot that plays a share of its turns at random: at the start of each of its turns it draws
/// whether the random bot plays the whole turn; otherwise its own bot does. Both see only the
/// seat's view; the own bot catches up with the turns it did not play from that view.
pub struct Handicapped {
    inner: Box<dyn Bot>,
    random: RandomBot,
    rng: Rng,
    random_per_mille: u32,
    /// The move number of the turn drawn last.
    turn: Option<u32>,
    /// Whether the random bot plays that turn.
    random_turn: bool,
    name: String,
}

impl Bot for Handicapped {
    fn name(&self) -> &str {
        &self.name
    }

    /// A level keeps its own thinking time.
    fn set_think_ms(&mut self, _ms: u64) {}

    /// The level's bot keeps time within its own thinking time.
    fn set_clock(&mut self, clock: Option<super::ClockLeft>) {
        self.inner.set_clock(clock);
    }

    fn next(&mut self, seat: &PlayerView) -> Option<Request> {
        if !seat.my_turn() {
            return None;
        }
        if self.turn != Some(seat.move_number) {
            self.turn = Some(seat.move_number);
            let draw = u32::try_from(self.rng.below(1000)).unwrap_or(u32::MAX);
            self.random_turn = draw < self.random_per_mille;
        }
        if self.random_turn
            && let Some(request) = self.random.next(seat)
        {
            return Some(request);
        }
        self.inner.next(seat)
    }

    fn open(&mut self, seat: &PlayerView) -> Option<shakmaty::Bitboard> {
        self.inner.open(seat)
    }

    fn refused(&mut self, error: &str) {
        if !self.random_turn {
            self.inner.refused(error);
        }
    }

    fn game_over(&mut self, seat: &PlayerView, log: &crate::log::GameLog) {
        self.inner.game_over(seat, log);
    }

    fn trouble(&self) -> Option<String> {
        self.inner.trouble()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_never_a_bot_id() {
        for (i, level) in Level::ALL.into_iter().enumerate() {
            assert_eq!(Level::from_id(level.id()), Some(level));
            assert!(BotKind::from_id(level.id()).is_err(), "{}", level.id());
            assert!(Level::ALL[..i].iter().all(|l| l.id() != level.id()));
        }
        assert_eq!(Level::from_id("strong"), None);
    }

    #[test]
    fn handicaps_shrink_up_the_ladder() {
        let specs = Level::ALL.map(Level::spec);
        assert_eq!(specs[6].random_per_mille, 0);
        for pair in specs.windows(2) {
            let same_bot = pair[0].bot == pair[1].bot;
            assert!(!same_bot || pair[0].random_per_mille > pair[1].random_per_mille);
        }
    }
}
