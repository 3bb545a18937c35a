//! Kriegspiel: a referee for chess with hidden pieces.
//!
//! The library is the GUI-free core: rule sets ([`rules`]), the referee that alone holds the true
//! position ([`referee`], `rbc`), what it says ([`announce`]), the game log ([`log`]), each
//! player's view built from the log ([`view`]), the JSON-lines referee protocol ([`protocol`])
//! and the benchmark ([`mod@bench`]). The desktop app lives in [`app`], the only module that uses egui.

pub mod announce;
#[cfg(feature = "gui")]
pub mod app;
pub mod attempt;
pub mod belief;
pub mod bench;
pub mod bots;
pub mod clock;
pub mod games;
pub mod gate;
pub mod import;
pub mod kbb;
pub mod knowledge;
pub mod krk;
pub mod library;
pub mod listing;
pub mod log;
pub mod matchplay;
pub mod pgn;
pub mod picture;
pub mod places;
pub mod possible;
pub mod problem;
pub mod process;
pub mod protocol;
pub mod referee;
pub mod replay;
pub mod review;
pub mod rng;
pub mod rules;
pub mod samples;
pub mod save;
pub mod scoresheet;
pub mod seat;
pub mod selfplay;
pub mod session;
pub mod setup;
pub mod table;
pub mod tsuitate;
pub mod typing;
pub mod untrusted;
pub mod variant;
pub mod view;
pub mod wording;
pub mod worlds;

/// Which game a save is of ([`GameKind`](crate::kind::GameKind)), told from its text alone.
/// It sits at the crate's root, below every module, so that the chess loader ([`crate::save`])
/// can refuse another game's save by name without depending on the games' registry
/// ([`crate::games`], which answers the rest of what a game is and re-exports it).
pub mod kind {
    /// A game the program plays (written by its [`GameKind::id`]).
    #[derive(
        Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
    )]
    #[serde(rename_all = "snake_case")]
    pub enum GameKind {
        /// The chess family: every Kriegspiel rule set (`src/referee`, `src/log`, `src/save`).
        #[default]
        Chess,
        /// Tsuitate shogi, 衝立将棋 (`src/tsuitate`).
        Tsuitate,
    }

    impl GameKind {
        /// Every game, the chess family first.
        pub const ALL: [GameKind; 2] = [GameKind::Chess, GameKind::Tsuitate];

        /// Its id: on the command line (`--mode`, `--tsuitate`) and in the referee protocol.
        pub fn id(self) -> &'static str {
            match self {
                GameKind::Chess => "chess",
                GameKind::Tsuitate => "tsuitate",
            }
        }

        /// Its name in a sentence ("a tsuitate shogi save").
        pub fn name(self) -> &'static str {
            match self {
                GameKind::Chess => "chess",
                GameKind::Tsuitate => "tsuitate shogi",
            }
        }

        /// Its title ("Tsuitate shogi": a window's title, a heading).
        pub fn title(self) -> &'static str {
            match self {
                GameKind::Chess => "Chess",
                GameKind::Tsuitate => "Tsuitate shogi",
            }
        }

        /// Its title with its name in its own language, as a list of saves shows it.
        pub fn long_title(self) -> &'static str {
            match self {
                GameKind::Chess => "Chess",
                GameKind::Tsuitate => "Tsuitate shogi (衝立将棋)",
            }
        }

        /// The game a save's text is of, told from its first field (a chess save's is `format`;
        /// anything that is no other game's save is left to the chess loader to read or explain).
        pub fn of_save(text: &str) -> GameKind {
            if is_tsuitate_save(text) {
                GameKind::Tsuitate
            } else {
                GameKind::Chess
            }
        }
    }

    /// Whether `text` is a tsuitate shogi save (its first field, after comments, is `tsuitate`):
    /// asked by [`GameKind::of_save`], so that the chess loader can refuse it clearly.
    pub fn is_tsuitate_save(text: &str) -> bool {
        let mut rest = text;
        loop {
            rest = rest.trim_start();
            match rest.strip_prefix("//") {
                Some(after) => rest = after.split_once('\n').map_or("", |(_, r)| r),
                None => break,
            }
        }
        let rest = rest
            .strip_prefix("TsuitateSave")
            .unwrap_or(rest)
            .trim_start();
        rest.strip_prefix('(')
            .map(str::trim_start)
            .and_then(|r| r.strip_prefix("tsuitate"))
            .is_some_and(|r| r.trim_start().starts_with(':'))
    }
}

pub use announce::{Announcement, Audience, Item, Over, Said};
pub use attempt::Attempt;
pub use log::{Game, GameLog};
pub use referee::{Referee, Request};
pub use rules::{Preset, RuleSet};
pub use view::PlayerView;
