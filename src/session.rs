//! A game being played in the app: the game (referee + log), its metadata, the clock, both
//! players' markers, the club referee's corrections, and autosave after every accepted event.
//!
//! Time comes from the caller (`now`, a monotonic duration), never from the system clock, so
//! everything here is deterministic and testable. Nothing here draws anything.

use crate::announce::Over;
use crate::clock::{Clock, ClockReading, TimeControl};
use crate::log::{Event, Game};
use crate::referee::{NewGameError, Request, RequestError};
use crate::rules::RuleSet;
use crate::save::journal::Journal;
use crate::save::{Correction, Loaded, Markers, Meta, SavedGame};
use crate::table::Table;
use crate::view::PlayerView;
use shakmaty::{Color, Role, Setup, Square};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The open journal; a copy of a session has none (its next autosave writes a snapshot).
#[derive(Debug, Default)]
struct JournalSlot(Option<Journal>);

impl Clone for JournalSlot {
    fn clone(&self) -> JournalSlot {
        JournalSlot(None)
    }
}

/// A game in progress with everything around it.
#[derive(Clone, Debug)]
pub struct GameSession {
    game: Game,
    /// Who, where, when.
    pub meta: Meta,
    time_control: Option<TimeControl>,
    clock: Option<Clock>,
    markers: Markers,
    corrections: Vec<Correction>,
    /// Comments written in study, kept through the autosaves of a resumed game.
    comments: std::collections::BTreeMap<usize, String>,
    autosave: Option<PathBuf>,
    /// The autosave's journal of the events since its last snapshot.
    journal: JournalSlot,
    /// The last autosave failure, shown to the user until a save succeeds.
    pub autosave_error: Option<String>,
    /// Bumped by every change to the log (a new event, an undo): the key of the view cache.
    /// The log's length is not enough: undo then a new event gives the same length.
    revision: u64,
    views: [Option<(u64, PlayerView)>; 2],
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
        let game = Game::new(rules, start)?;
        let mut s = GameSession {
            game,
            meta,
            time_control,
            clock: time_control.map(Clock::new),
            markers: Markers::default(),
            corrections: Vec::new(),
            comments: Default::default(),
            autosave,
            journal: JournalSlot(None),
            autosave_error: None,
            revision: 0,
            views: [None, None],
        };
        s.autosave_now();
        Ok(s)
    }

    /// A new untimed game from the standard position, without metadata or autosave (tests and
    /// tools).
    pub fn untimed(rules: RuleSet) -> GameSession {
        match GameSession::new(rules, Setup::initial(), Meta::default(), None, None) {
            Ok(session) => session,
            Err(e) => unreachable!("the standard position always starts: {e}"),
        }
    }

    /// Resumes a loaded game; its clock shows the last recorded reading and is stopped.
    pub fn from_loaded(loaded: Loaded, autosave: Option<PathBuf>) -> GameSession {
        let Loaded { saved, game } = loaded;
        let last = game.log().events.iter().rev().find_map(|e| e.clock);
        let clock = saved.time_control.map(|tc| match last {
            Some(reading) => Clock::resumed(tc, reading),
            None => Clock::new(tc),
        });
        GameSession {
            game,
            meta: saved.meta,
            time_control: saved.time_control,
            clock,
            markers: saved.markers,
            corrections: saved.corrections,
            comments: saved.comments,
            autosave,
            journal: JournalSlot(None),
            autosave_error: None,
            revision: 0,
            views: [None, None],
        }
    }

    /// The game (referee and log).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game as a save.
    pub fn saved(&self) -> SavedGame {
        let mut saved = SavedGame::of(&self.game, self.meta.clone(), self.time_control);
        saved.markers = self.markers.clone();
        saved.corrections = self.corrections.clone();
        saved.comments = self.comments.clone();
        saved
    }

    fn apply_now(&mut self, request: Request, now: Duration) -> Result<Event, RequestError> {
        let mover = self.to_move();
        let turn_ends = self.game.apply(request)?.turn_ends;
        self.revision += 1;
        if let Some(clock) = &mut self.clock {
            if turn_ends {
                clock.complete_move(mover, now);
            }
            if self.game.referee().over().is_some() {
                clock.stop(now);
            }
            let reading = clock.reading(now);
            self.game.set_last_clock(reading);
        }
        self.autosave_event();
        match self.game.log().events.last() {
            Some(event) => Ok(event.clone()),
            None => unreachable!("the request was just logged"),
        }
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
        let Some(path) = &self.autosave else {
            return;
        };
        self.journal = JournalSlot(None);
        let text = self.saved().to_ron();
        let events = self.game.log().events.len();
        let written = crate::save::write_atomic(path, text.as_bytes())
            .and_then(|()| Journal::start(path, &text, events));
        match written {
            Ok(journal) => {
                self.journal = JournalSlot(Some(journal));
                self.autosave_error = None;
            }
            Err(e) => {
                self.autosave_error = Some(format!("autosave to {} failed: {e}", path.display()));
            }
        }
    }

    /// Autosaves after one new event: appended to the journal, or a new snapshot once the
    /// journal is as long as the snapshot (so rewriting costs O(1) per event on average).
    fn autosave_event(&mut self) {
        if self.autosave.is_none() {
            return;
        }
        let events = self.game.log().events.len();
        let over = self.game.referee().over();
        let appended = match (&mut self.journal.0, self.game.log().events.last()) {
            (Some(journal), Some(event)) if journal.entries() < (events / 2).max(64) => {
                Some(journal.append(events - 1, event, over))
            }
            _ => None,
        };
        match appended {
            Some(Ok(())) => self.autosave_error = None,
            // A failed append, or time for a snapshot: write the whole game.
            Some(Err(_)) | None => self.autosave_now(),
        }
    }
}

impl Table for GameSession {
    fn rules(&self) -> &RuleSet {
        self.game.referee().rules()
    }

    fn to_move(&self) -> Color {
        self.game.referee().to_move()
    }

    fn placing(&self) -> Option<Color> {
        self.game.referee().placing()
    }

    fn time_control(&self) -> Option<TimeControl> {
        self.time_control
    }

    fn autosave_path(&self) -> Option<&Path> {
        self.autosave.as_deref()
    }

    fn autosave_error(&self) -> Option<&str> {
        self.autosave_error.as_deref()
    }

    fn meta(&self) -> &Meta {
        &self.meta
    }

    fn over(&self) -> Option<Over> {
        self.game.referee().over()
    }

    fn truth(&self) -> Option<&Game> {
        Some(&self.game)
    }

    fn markers(&self) -> &Markers {
        &self.markers
    }

    fn corrections(&self) -> &[Correction] {
        &self.corrections
    }

    fn view(&mut self, color: Color) -> &PlayerView {
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

    fn clock_reading(&self, now: Duration) -> Option<ClockReading> {
        self.clock.as_ref().map(|c| c.reading(now))
    }

    fn clock_running(&self) -> Option<Color> {
        self.clock.as_ref().and_then(Clock::running)
    }

    fn time_to_flag(&self, now: Duration) -> Option<Duration> {
        self.clock.as_ref().and_then(|c| c.time_to_flag(now))
    }

    fn start_clock(&mut self, now: Duration) {
        let to_move = self.to_move();
        if self.game.referee().over().is_none()
            && let Some(c) = &mut self.clock
        {
            c.start(to_move, now);
        }
    }

    fn pause_clock(&mut self, now: Duration) {
        if let Some(c) = &mut self.clock {
            c.stop(now);
        }
    }

    fn check_time(&mut self, now: Duration) -> Option<Event> {
        let flagged = self.clock.as_ref()?.flagged(now)?;
        if self.game.referee().over().is_some() {
            return None;
        }
        self.apply_now(Request::Timeout(flagged), now).ok()
    }

    fn apply(&mut self, request: Request, now: Duration) -> Result<Event, RequestError> {
        self.check_time(now);
        self.apply_now(request, now)
    }

    fn set_marker(&mut self, color: Color, square: Square, piece: Option<Role>) {
        let at = self.game.log().events.len();
        self.markers.set(color, square, piece, at);
        self.autosave_now();
    }

    fn undo(&mut self, note: &str, now: Duration) -> Option<Event> {
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
        if let (Some(clock), Some(tc)) = (&mut self.clock, self.time_control) {
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
        self.autosave_now();
        Some(removed)
    }

    fn to_saved(&self) -> Option<SavedGame> {
        Some(self.saved())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Attempt;
    use crate::rules::Preset;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn try_(s: &mut GameSession, m: &str, now: u64) -> Event {
        s.apply(Request::Try(Attempt::parse(m).expect("uci")), ms(now))
            .expect("accepted")
    }

    #[test]
    fn clock_runs_for_the_mover_and_flag_fall_ends_the_game() {
        let tc = TimeControl {
            base_ms: 10_000,
            increment_ms: 1_000,
            delay_ms: 0,
        };
        let mut s = GameSession::new(
            Preset::Berkeley.rules(),
            Setup::initial(),
            Meta::default(),
            Some(tc),
            None,
        )
        .expect("starts");
        s.start_clock(ms(0));
        let e = try_(&mut s, "e2e4", 3_000);
        assert_eq!(
            e.clock,
            Some(ClockReading {
                white_ms: 8_000,
                black_ms: 10_000
            })
        );
        try_(&mut s, "e7e5", 4_000);
        assert_eq!(
            s.clock_reading(ms(4_000)),
            Some(ClockReading {
                white_ms: 8_000,
                black_ms: 10_000
            })
        );
        // White thinks too long.
        let timeout = s.check_time(ms(12_000)).expect("flag falls");
        assert!(matches!(timeout.request, Request::Timeout(Color::White)));
        assert!(s.game().referee().over().is_some());
        assert!(
            s.apply(
                Request::Try(Attempt::parse("g1f3").expect("uci")),
                ms(12_500)
            )
            .is_err()
        );
    }

    #[test]
    fn undo_keeps_an_audit_trail_and_views_follow() {
        let mut s = GameSession::untimed(Preset::Wild16.rules());
        try_(&mut s, "e2e4", 0);
        assert_eq!(
            s.view(Color::White).own.piece_at(Square::E4),
            Some(Color::White.pawn())
        );
        let removed = s.undo("typed the wrong square", ms(0)).expect("undo");
        assert!(matches!(removed.request, Request::Try(_)));
        assert_eq!(s.view(Color::White).own.piece_at(Square::E4), None);
        assert_eq!(s.corrections().len(), 1);
        assert_eq!(s.to_move(), Color::White);
        let saved = s.saved();
        assert_eq!(
            crate::save::load_str(&saved.to_ron()).expect("loads").saved,
            saved
        );
    }

    /// Undo followed by a different event leaves the log as long as before: the cached view
    /// must still be rebuilt (it was keyed on the log's length).
    #[test]
    fn view_cache_follows_undo_then_a_new_event() {
        let mut s = GameSession::untimed(Preset::Wild16.rules());
        try_(&mut s, "e2e4", 0);
        assert!(s.view(Color::White).own.piece_at(Square::E4).is_some());
        s.undo("meant d2d4", ms(0)).expect("undo");
        try_(&mut s, "d2d4", 0);
        let view = s.view(Color::White).clone();
        assert_eq!(view.own.piece_at(Square::E4), None);
        assert_eq!(view.own.piece_at(Square::D4), Some(Color::White.pawn()));
        assert_eq!(view, PlayerView::build(s.game().log(), Color::White));
    }

    /// A player at a table plays through the trait alone.
    #[test]
    fn a_local_table_plays_through_the_trait() {
        let mut session = GameSession::untimed(Preset::Wild16.rules());
        let table: &mut dyn Table = &mut session;
        let e2e4 = Request::Try(Attempt::parse("e2e4").expect("uci"));
        table.apply(e2e4, Duration::ZERO).expect("legal");
        assert_eq!(table.to_move(), Color::Black);
        assert!(table.view(Color::White).own.piece_at(Square::E4).is_some());
        assert!(table.view(Color::Black).own.piece_at(Square::E4).is_none());
        let resign_twice = Request::Resign(Color::Black);
        table
            .apply(resign_twice.clone(), Duration::ZERO)
            .expect("accepted");
        assert!(table.over().is_some());
        assert!(table.apply(resign_twice, Duration::ZERO).is_err());
        assert_eq!(table.truth().map(|g| g.log().events.len()), Some(2));
    }
}
