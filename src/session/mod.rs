//! A game being played in the app: the game (referee + log), its public facts (metadata, the
//! clock, a draw offer), both players' markers, the club referee's corrections, and autosave
//! after every accepted event. It is the local [`crate::table::Table`] (`table.rs`), and the
//! host of a network game and the referee protocol play on it directly ([`GameSession::apply`]).
//!
//! Time comes from the caller (`now`, a monotonic duration), never from the system clock, so
//! everything here is deterministic and testable. Nothing here draws anything.

mod table;
#[cfg(test)]
mod tests;

use crate::announce::Over;
use crate::clock::{Clock, TimeControl};
use crate::log::{Event, Game};
use crate::referee::{NewGameError, Request, RequestError};
use crate::rules::RuleSet;
use crate::save::journal::Autosave;
use crate::save::{Correction, Loaded, Markers, Meta, SavedGame};
use crate::table::{Facts, News};
use crate::view::PlayerView;
use shakmaty::{Color, Role, Setup, Square};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A game in progress with everything around it.
#[derive(Clone, Debug)]
pub struct GameSession {
    game: Game,
    /// The public facts; the one place the metadata, the clock and a draw offer live.
    facts: Facts,
    markers: Markers,
    corrections: Vec<Correction>,
    /// Comments written in study, kept through the autosaves of a resumed game.
    comments: std::collections::BTreeMap<usize, String>,
    /// The autosave: a snapshot and the journal of the events since.
    autosave: Option<Autosave>,
    /// The last autosave failure, shown to the user until a save succeeds.
    pub autosave_error: Option<String>,
    /// Bumped by every change to the log (a new event, an undo): the key of the view cache.
    /// The log's length is not enough: undo then a new event gives the same length.
    revision: u64,
    views: [Option<(u64, PlayerView)>; 2],
    /// What happened since the table was last polled.
    news: Vec<News>,
}

impl GameSession {
    /// Starts a new game. The clock (if any) does not run until [`GameSession::start_clock`].
    pub fn new(
        rules: RuleSet,
        start: Setup,
        meta: Meta,
        time_control: Option<TimeControl>,
        autosave: Option<PathBuf>,
    ) -> Result<GameSession, NewGameError> {
        let game = Game::new(rules.clone(), start)?;
        let mut s = GameSession::around(game, Facts::new(rules, meta, time_control), autosave);
        s.autosave_now();
        Ok(s)
    }

    fn around(game: Game, facts: Facts, autosave: Option<PathBuf>) -> GameSession {
        let mut s = GameSession {
            game,
            facts,
            markers: Markers::default(),
            corrections: Vec::new(),
            comments: Default::default(),
            autosave: autosave.map(Autosave::new),
            autosave_error: None,
            revision: 0,
            views: [None, None],
            news: Vec::new(),
        };
        s.refresh();
        s
    }

    /// A new untimed game from the family's start, without metadata or autosave (tests and
    /// tools).
    pub fn untimed(rules: RuleSet) -> GameSession {
        let start = crate::variant::Variant::start(&rules);
        match GameSession::new(rules, start, Meta::default(), None, None) {
            Ok(session) => session,
            Err(e) => unreachable!("the family's start always starts: {e}"),
        }
    }

    /// Resumes a loaded game; its clock shows the last recorded reading and is stopped.
    pub fn from_loaded(loaded: Loaded, autosave: Option<PathBuf>) -> GameSession {
        let Loaded { saved, game } = loaded;
        let last = game.log().events.iter().rev().find_map(|e| e.clock);
        let mut facts = Facts::new(game.log().rules.clone(), saved.meta, saved.time_control);
        facts.clock = saved.time_control.map(|tc| match last {
            Some(reading) => Clock::resumed(tc, reading),
            None => Clock::new(tc),
        });
        let mut s = GameSession::around(game, facts, autosave);
        s.markers = saved.markers;
        s.corrections = saved.corrections;
        s.comments = saved.comments;
        s
    }

    /// The game (referee and log).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The public facts.
    pub fn facts(&self) -> &Facts {
        &self.facts
    }

    /// Who, where and when.
    pub fn meta(&self) -> &Meta {
        &self.facts.meta
    }

    /// Who, where and when, to change (a seat's name).
    pub fn meta_mut(&mut self) -> &mut Meta {
        &mut self.facts.meta
    }

    /// The rules.
    pub fn rules(&self) -> &RuleSet {
        self.game.referee().rules()
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.game.referee().to_move()
    }

    /// The side whose Semi-Kriegspiel placement the game waits for, if any.
    pub fn placing(&self) -> Option<Color> {
        self.game.referee().placing()
    }

    /// The result, once the game is over.
    pub fn over(&self) -> Option<Over> {
        self.game.referee().over()
    }

    /// The players' markers.
    pub fn markers(&self) -> &Markers {
        &self.markers
    }

    /// The club referee's corrections so far.
    pub fn corrections(&self) -> &[Correction] {
        &self.corrections
    }

    /// What `color` knows now (cached until the log changes).
    pub fn view(&mut self, color: Color) -> &PlayerView {
        let revision = self.revision;
        let slot = &mut self.views[usize::from(color == Color::White)];
        if slot.as_ref().is_none_or(|(r, _)| *r != revision) {
            *slot = Some((revision, PlayerView::build(self.game.log(), color)));
        }
        match slot {
            Some((_, view)) => view,
            None => unreachable!("just filled"),
        }
    }

    /// The game as a save.
    pub fn saved(&self) -> SavedGame {
        let mut saved = SavedGame::of(&self.game, self.facts.meta.clone(), self.facts.time_control);
        saved.markers = self.markers.clone();
        saved.corrections = self.corrections.clone();
        saved.comments = self.comments.clone();
        saved
    }

    /// Makes a request at `now` (a fallen flag is recorded first, and then the request is
    /// refused as the game is over). Returns its event; on error nothing changed.
    pub fn apply(&mut self, request: Request, now: Duration) -> Result<Event, RequestError> {
        self.check_time(now);
        self.apply_now(request, now)
    }

    /// If the running side's time is up, records the loss on time and returns its event.
    pub fn check_time(&mut self, now: Duration) -> Option<Event> {
        let flagged = self.facts.clock.as_ref()?.flagged(now)?;
        if self.game.referee().over().is_some() {
            return None;
        }
        self.apply_now(Request::Timeout(flagged), now).ok()
    }

    fn apply_now(&mut self, request: Request, now: Duration) -> Result<Event, RequestError> {
        let mover = self.to_move();
        let turn_ends = self.game.apply(request)?.turn_ends;
        self.revision += 1;
        if let Some(clock) = &mut self.facts.clock {
            if turn_ends {
                clock.complete_move(mover, now);
            }
            if self.game.referee().over().is_some() {
                clock.stop(now);
            }
            let reading = clock.reading(now);
            self.game.set_last_clock(reading);
        }
        // A draw offer not taken lapses when the other side's turn ends: declined by playing on.
        if turn_ends && self.facts.draw_offer == Some(!mover) {
            self.facts.draw_offer = None;
            if self.game.referee().over().is_none() {
                self.news.push(News::DrawDeclined {
                    by: mover,
                    played_on: true,
                });
            }
        }
        self.refresh();
        self.autosave_event();
        match self.game.log().events.last() {
            Some(event) => Ok(event.clone()),
            None => unreachable!("the request was just logged"),
        }
    }

    /// Brings the facts the game decides up to date.
    fn refresh(&mut self) {
        let referee = self.game.referee();
        self.facts.rules = referee.rules().clone();
        self.facts.to_move = referee.to_move();
        self.facts.placing = referee.placing();
        self.facts.over = referee.over();
        if referee.over().is_some() {
            self.facts.draw_offer = None;
        }
        self.facts.whole_board = referee
            .rules()
            .variant()
            .seeing_side()
            .map(|_| referee.true_board().clone());
    }

    /// Starts (or resumes) the side to move's clock.
    pub fn start_clock(&mut self, now: Duration) {
        let to_move = self.to_move();
        if self.game.referee().over().is_none()
            && let Some(c) = &mut self.facts.clock
        {
            c.start(to_move, now);
        }
    }

    /// Stops the clock.
    pub fn pause_clock(&mut self, now: Duration) {
        if let Some(c) = &mut self.facts.clock {
            c.stop(now);
        }
    }

    /// Puts (or clears) a guessed enemy piece on `color`'s board.
    pub fn set_marker(&mut self, color: Color, square: Square, piece: Option<Role>) {
        let at = self.game.log().events.len();
        self.markers.set(color, square, piece, at);
        self.autosave_now();
    }

    /// Takes back the last event with `note` (the club referee's correction).
    pub fn undo(&mut self, note: &str, now: Duration) -> Option<Event> {
        let n = self.game.log().events.len();
        let removed = self.game.log().events.last()?.clone();
        let rebuilt = self.game.log().replay_prefix(n - 1).ok()?;
        self.game = rebuilt;
        self.revision += 1;
        self.corrections.push(Correction {
            at: n - 1,
            removed: vec![removed.clone()],
            note: note.to_owned(),
        });
        if let (Some(clock), Some(tc)) = (&mut self.facts.clock, self.facts.time_control) {
            let running = clock.running().is_some();
            let last = self.game.log().events.iter().rev().find_map(|e| e.clock);
            *clock = match last {
                Some(r) => Clock::resumed(tc, r),
                None => Clock::new(tc),
            };
            if running && self.game.referee().over().is_none() {
                clock.start(self.game.referee().to_move(), now);
            }
        }
        self.refresh();
        self.autosave_now();
        Some(removed)
    }

    /// Where the game is autosaved.
    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.as_ref().map(Autosave::path)
    }

    /// Writes the game to `path` (atomically).
    pub fn save_to(&self, path: &std::path::Path) -> std::io::Result<()> {
        self.saved().write(path)
    }

    /// Writes the whole game to the autosave file now (a snapshot) and starts a fresh journal.
    pub fn save_now(&mut self) {
        self.autosave_now();
    }

    fn autosave_now(&mut self) {
        if self.autosave.is_none() {
            return;
        }
        let text = self.saved().to_ron();
        let events = self.game.log().events.len();
        if let Some(autosave) = &mut self.autosave {
            autosave.snapshot(&text, events);
            self.autosave_error.clone_from(&autosave.error);
        }
    }

    /// Autosaves after one new event: appended to the journal, or a new snapshot once the
    /// journal is as long as the snapshot (so rewriting costs O(1) per event on average).
    fn autosave_event(&mut self) {
        let Some(mut autosave) = self.autosave.take() else {
            return;
        };
        let log = self.game.log();
        if let Some(event) = log.events.last() {
            let over = self.game.referee().over();
            autosave.event(log.events.len(), event, over, || self.saved().to_ron());
        }
        self.autosave_error.clone_from(&autosave.error);
        self.autosave = Some(autosave);
    }
}
