//! The sample games shipped in `saves/` (and inside the program, [`crate::places::samples`]):
//! how each is made. One [`Recipe`] per preset (and one for a rule set with a flag changed): the
//! rules, the two computer levels that play it ([`Level`], each seeing only its own seat's view,
//! through [`crate::matchplay`]), the fixed seed that makes the game, a cap on its length, and
//! the one-line caption saying what to look at, chosen by looking at that game. The games are
//! deterministic (the bots' chances come from the seed and their thinking is counted in worlds,
//! not time), so `kriegspiel samples` writes the same files again, byte for byte.

use crate::bots::level::Level;
use crate::matchplay::{BotChoice, MatchConfig, MatchError, play_game};
use crate::rules::{Preset, RuleSet};
use crate::save::{Meta, Mode, SavedGame};
use thiserror::Error;

/// The date written in every sample (so that making them again changes nothing).
pub const DATE: &str = "2026-11-29";

/// How one sample game is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// The file is `sample-<name>.ron`: the preset's id, or a name of its own.
    pub name: &'static str,
    /// The preset the rules start from.
    pub preset: Preset,
    /// Rule flags changed from the preset, as in the protocol's `new` (JSON), if any.
    pub flags: Option<&'static str>,
    /// Who plays White.
    pub white: Level,
    /// Who plays Black.
    pub black: Level,
    /// The game's seed (as `kriegspiel match --seed`: game 0 of a match from this seed).
    pub seed: u64,
    /// The game is stopped, unfinished, after this many plies (a recipe's game ends before).
    pub max_plies: u32,
    /// What to look at, in one line (true of the game this seed makes).
    pub caption: &'static str,
}

/// Why a sample could not be made.
#[derive(Debug, Error)]
pub enum SampleError {
    /// The recipe's flags name no rule set.
    #[error("sample {name}: its flags name no rule set: {why}")]
    Flags {
        /// The recipe.
        name: &'static str,
        /// Why.
        why: String,
    },
    /// The game could not be played.
    #[error("sample {name}: {source}")]
    Match {
        /// The recipe.
        name: &'static str,
        /// Why.
        source: MatchError,
    },
}

use Level::{Expert, Strongest};

/// Every sample, one per preset in the picker's order, then the rule sets with a flag changed.
pub const RECIPES: [Recipe; 14] = [
    recipe(
        "berkeley",
        Preset::Berkeley,
        18,
        "White under-promotes to a knight (29. d8=N), queens a second pawn on the same square \
         (36. d8=Q) and mates with 38. Qc7#.",
    ),
    recipe(
        "berkeley_any",
        Preset::BerkeleyAny,
        15,
        "White drives the bare king into the corner with checks, misses a mate in 2 (Rd6) at \
         move 46, and mates two moves later with 48. Rd7#.",
    ),
    recipe(
        "wild16",
        Preset::Wild16,
        13,
        "White gives up a bishop with check (27. Bd3+ cxd3) and the queen mates by taking on \
         d3: 28. Qxd3#.",
    ),
    recipe(
        "cincinnati",
        Preset::Cincinnati,
        1,
        "White promotes twice, to a rook with check (42. e8=R+) and to a queen (45. h8=Q+), \
         and mates on e8 with 48. Re8#.",
    ),
    recipe("rand", Preset::Rand, 17, "A pawn gives mate: 37. f5#."),
    recipe(
        "english",
        Preset::English,
        3,
        "Against the bare king White misses a mate in 3 (Rh6) at moves 53 and 54, then mates \
         with 57. Ra5#.",
    ),
    recipe(
        "classic",
        Preset::Classic,
        19,
        "White queens with a capture and check (20. axb8=Q+) and mates with two queens two \
         moves later: 22. Qbe7#.",
    ),
    recipe(
        "crazykrieg",
        Preset::CrazyKrieg,
        20,
        "Mate by a drop: a bishop from White's pocket lands on e4 with mate (27. B@e4#).",
    ),
    recipe(
        "rbc",
        Preset::Rbc,
        1,
        "White's queen raids Black's camp (23. Qxe6) and takes the king on c8 at move 24: in \
         RBC the king is captured, not mated.",
    ),
    recipe(
        "modern",
        Preset::Modern,
        17,
        "Against the bare king White walks the h-pawn to h8 and makes a bishop (41. h8=B), \
         passing up mates in 3 on the way, then mates with 45. Rh8#.",
    ),
    recipe(
        "pickle_pot",
        Preset::PicklePot,
        20,
        "The sighted White (king, queen, one bishop, pawns) beats the full army: it queens on \
         a8 twice and mates by taking the blocking bishop, 47. Qxb8#.",
    ),
    recipe(
        "one_eye",
        Preset::OneEye,
        10,
        "The sighted White (king, two rooks, one bishop, pawns) beats the full army: \
         47. d8=Q and 48. Qb6#.",
    ),
    recipe(
        "semi",
        Preset::Semi,
        18,
        "Black, blind with the full army, mates White's sighted king and queen with a bishop \
         at move 20 (20... Be6#), the queen still on the board.",
    ),
    Recipe {
        flags: Some(r#"{"any":"secret"}"#),
        ..recipe(
            "secret_any",
            Preset::Berkeley,
            18,
            "A draw by the material rule: after 46. Nxa5 each side has one minor piece left, a \
             knight against a bishop.",
        )
    },
];

/// A recipe of the strongest level (White) against the expert (Black, a level that is now and
/// then careless, as people are).
const fn recipe(name: &'static str, preset: Preset, seed: u64, caption: &'static str) -> Recipe {
    Recipe {
        name,
        preset,
        flags: None,
        white: Strongest,
        black: Expert,
        seed,
        max_plies: 160,
        caption,
    }
}

impl Recipe {
    /// The file's name: `sample-<name>.ron`.
    pub fn file_name(&self) -> String {
        format!("sample-{}.ron", self.name)
    }

    /// The rules: the preset with the recipe's flags changed.
    pub fn rules(&self) -> Result<RuleSet, SampleError> {
        let Some(flags) = self.flags else {
            return Ok(self.preset.rules());
        };
        let flags_error = |why: String| SampleError::Flags {
            name: self.name,
            why,
        };
        let mut value: serde_json::Value =
            serde_json::from_str(flags).map_err(|e| flags_error(e.to_string()))?;
        let Some(object) = value.as_object_mut() else {
            return Err(flags_error("not a JSON object".to_owned()));
        };
        object.insert("preset".into(), self.preset.id().into());
        crate::protocol::rules_from_json(&value).map_err(|e| flags_error(e.to_string()))
    }

    /// Plays the game from `seed` (the recipe's own, or another while choosing one) and returns
    /// it as a save with its metadata and caption.
    pub fn play(&self, seed: u64) -> Result<SavedGame, SampleError> {
        let config = MatchConfig {
            white: BotChoice::Level(self.white),
            black: BotChoice::Level(self.black),
            rules: self.rules()?,
            games: 1,
            seed,
            max_plies: self.max_plies,
            ..MatchConfig::default()
        };
        let played = play_game(&config, 0).map_err(|source| SampleError::Match {
            name: self.name,
            source,
        })?;
        let meta = Meta {
            event: "Sample game".to_owned(),
            site: "kriegspiel samples".to_owned(),
            date: DATE.to_owned(),
            white: self.white.player_name(),
            black: self.black.player_name(),
            referee: "kriegspiel".to_owned(),
            mode: Mode::Protocol,
            caption: self.caption.to_owned(),
            ..Meta::default()
        };
        Ok(SavedGame::of(&played.game, meta, None))
    }
}

/// The recipe called `name` (`sample-` and `.ron` may be given).
pub fn recipe_named(name: &str) -> Option<&'static Recipe> {
    let name = name.strip_suffix(".ron").unwrap_or(name);
    let name = name.strip_prefix("sample-").unwrap_or(name);
    RECIPES.iter().find(|r| r.name == name)
}

/// The longest run of attempts answered "Nonsense" (impossible) in a row in `saved`: a sign of
/// a player that tries at random.
pub fn longest_nonsense_run(saved: &SavedGame) -> usize {
    let mut longest = 0;
    let mut run = 0;
    for event in &saved.log.events {
        if event
            .said
            .iter()
            .any(|s| s.item == crate::announce::Item::Impossible)
        {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    longest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_has_one_recipe_and_every_recipe_names_its_rules() {
        for preset in Preset::ALL {
            let own: Vec<_> = RECIPES
                .iter()
                .filter(|r| r.preset == preset && r.flags.is_none())
                .collect();
            assert_eq!(own.len(), 1, "{preset}");
            assert_eq!(own[0].name, preset.id());
        }
        for (i, r) in RECIPES.iter().enumerate() {
            assert!(r.rules().is_ok(), "{}", r.name);
            assert!(RECIPES[..i].iter().all(|o| o.name != r.name), "{}", r.name);
            assert_eq!(recipe_named(&r.file_name()), Some(r));
        }
        assert_eq!(recipe_named("no-such-sample"), None);
    }
}
