//! Leaving a screen: the question asked before a game in progress is left for a new game or the
//! start screen (saying where the game is saved, so nobody fears losing it), and the window's
//! title, which follows the screen ("Kriegspiel — Ann vs Bob (ICC Wild 16)").

use super::play::{PlayMode, PlayScreen};
use super::{KriegspielApp, Screen};
use crate::wording::color_title;
use egui::RichText;
use std::path::Path;

/// Where the person asked to go from a game in progress.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Leave {
    /// The new-game dialog.
    New,
    /// The start screen.
    Start,
}

/// The app's name, first in every window title.
const APP: &str = "Kriegspiel";

impl KriegspielApp {
    /// Goes to `to`, or first asks, when a game is in progress on screen.
    pub(super) fn leave(&mut self, to: Leave) {
        if self.in_progress().is_some() {
            self.leaving = Some(to);
        } else {
            self.go(to);
        }
    }

    /// Goes to `to` at once.
    fn go(&mut self, to: Leave) {
        self.leaving = None;
        match to {
            Leave::New => {
                self.screen =
                    Screen::NewGame(Box::new(super::settings::new_game_dialog(&self.settings)));
            }
            Leave::Start => {
                self.recent = super::files::RecentSaves::start(&self.saves_dir, self.older_saves);
                self.screen = Screen::Start;
            }
        }
    }

    /// Where the game in progress on screen is kept (`None`: no game in progress to ask
    /// about): a chess-family game's, or another game's network seat's
    /// ([`super::games::in_progress`]).
    fn in_progress(&self) -> Option<Kept<'_>> {
        match &self.screen {
            Screen::Play(p) if p.facts().over.is_none() => Some(where_saved(p)),
            other => super::games::in_progress(other),
        }
    }

    /// The question before a game in progress is left: where it is saved, leave or stay.
    pub(super) fn leaving_dialog(&mut self, ctx: &egui::Context) {
        let Some(to) = self.leaving else {
            return;
        };
        let Some(kept) = self.in_progress() else {
            self.leaving = None;
            return;
        };
        let text = kept.words();
        let go = match to {
            Leave::New => "Leave it for a new game",
            Leave::Start => "Leave it for the start screen",
        };
        let mut answer = None;
        egui::Modal::new(egui::Id::unique("leave a game")).show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.heading("This game is not over");
            ui.add(egui::Label::new(text).wrap());
            ui.add_space(8.0);
            ui.horizontal_wrapped(|ui| {
                if ui.button(RichText::new(go).strong()).clicked() {
                    answer = Some(true);
                }
                if ui.button("Stay in this game").clicked()
                    || ui.input(|i| i.key_pressed(egui::Key::Escape))
                {
                    answer = Some(false);
                }
            });
        });
        match answer {
            Some(true) => self.go(to),
            Some(false) => self.leaving = None,
            None => {}
        }
    }

    /// Sets the window's title to the screen's, when it changed (or the screen did: a new game
    /// screen may have set a title of its own).
    pub(super) fn follow_title(&mut self, ctx: &egui::Context) {
        let key = match &self.screen {
            Screen::Play(p) => std::ptr::from_ref::<PlayScreen>(p) as usize,
            _ => 0,
        };
        let title = window_title(&self.screen);
        if self.title.as_ref() != Some(&(title.clone(), key)) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = Some((title, key));
        }
    }

    /// The window's title as last set.
    pub fn window_title(&self) -> Option<&str> {
        self.title.as_ref().map(|(t, _)| t.as_str())
    }
}

/// Where a game in progress is kept, as the question before leaving it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept<'a> {
    /// Autosaved move by move to this file (the last autosave's error, if it failed).
    Autosaved(&'a Path, Option<&'a str>),
    /// This machine hosts the network game (its table autosaves in the saves folder);
    /// `hosted_again`: resuming the save hosts it again for the other player to rejoin.
    Hosting {
        /// Whether Resume hosts the game again.
        hosted_again: bool,
    },
    /// A seat at another machine's table, which keeps the game; `rejoin`: the start screen
    /// offers to take the seat back.
    Seat {
        /// Whether the start screen offers to rejoin.
        rejoin: bool,
    },
    /// Nowhere: leaving ends it.
    Nowhere,
}

impl Kept<'_> {
    /// Where the game is kept, and how to come back to it, in words.
    pub fn words(&self) -> String {
        match self {
            Kept::Autosaved(path, None) => format!(
                "It is saved automatically, move by move, to {}. To play on later, choose Resume \
                 unfinished game on the start screen, or open that file.",
                path.display()
            ),
            Kept::Autosaved(path, Some(e)) => format!(
                "The last automatic save to {} failed ({e}): save the game with Save as first, \
                 or what was played since is lost.",
                path.display()
            ),
            Kept::Hosting { hosted_again } => {
                let again = if *hosted_again {
                    ": Resume unfinished game hosts it again on the same port, and the other \
                     player rejoins."
                } else {
                    "."
                };
                format!(
                    "You host this network game: leaving closes the table for both players. \
                     The game stays saved in the saves folder{again}"
                )
            }
            Kept::Seat { rejoin: true } => "This is a network game: leaving gives up your seat \
                 at the table for now (the host's machine keeps the game); the start screen \
                 offers to rejoin it."
                .to_owned(),
            Kept::Seat { rejoin: false } => "This is a network game: leaving gives up your seat \
                 at the table (the host's machine keeps the game)."
                .to_owned(),
            Kept::Nowhere => "This game is not saved anywhere: leaving ends it.".to_owned(),
        }
    }
}

/// Where a chess-family game in progress is kept.
fn where_saved(play: &PlayScreen) -> Kept<'_> {
    let record = play.table.record();
    match (
        record.and_then(|r| r.autosave_path()),
        record.and_then(|r| r.autosave_error()),
    ) {
        (Some(path), error) => Kept::Autosaved(path, error),
        (None, _) if play.hosting.is_some() => Kept::Hosting { hosted_again: true },
        (None, _) if play.table.truth().is_none() => Kept::Seat {
            rejoin: play.ticket.is_some(),
        },
        (None, _) => Kept::Nowhere,
    }
}

/// The window title for `screen`: the app, then what is on it.
pub fn window_title(screen: &Screen) -> String {
    let what = match screen {
        Screen::Start => return APP.to_owned(),
        Screen::NewGame(_) => "New game".to_owned(),
        Screen::Problems(_) => "Problems".to_owned(),
        Screen::Library(_) => "Library".to_owned(),
        Screen::Network(_) => "Play across two machines".to_owned(),
        Screen::Study(s) => {
            let saved = &s.saved;
            format!(
                "Study: {}",
                players(
                    &saved.meta.white,
                    &saved.meta.black,
                    &saved.log.rules.title()
                )
            )
        }
        Screen::Play(p) => {
            let facts = p.facts();
            let game = players(&facts.meta.white, &facts.meta.black, &facts.rules.title());
            match p.mode {
                // Two windows of one machine (host and join) are told apart by their seat.
                PlayMode::Seat(me) => format!("{game}, you play {}", color_title(me)),
                _ => game,
            }
        }
        // Another game's screen ([`super::games`]).
        other => super::games::title(other).to_owned(),
    };
    format!("{APP} — {what}")
}

/// "Ann vs Bob (ICC Wild 16)", the colours standing in for names not given.
fn players(white: &str, black: &str, rules: &str) -> String {
    let or = |name: &str, color: &str| {
        if name.trim().is_empty() {
            color.to_owned()
        } else {
            name.trim().to_owned()
        }
    };
    format!("{} vs {} ({rules})", or(white, "White"), or(black, "Black"))
}
