//! A game at a table: the one shape the screens (and later the network) talk to. A table gives
//! each seat its view, takes requests with the time they were made, tells everyone the public
//! state (who is to move, the result, the clocks), and shows the truth only where the caller may
//! see it. [`GameSession`] is the local table; a remote table (another machine hosting the
//! referee) implements the same trait, so the screens need not know which one they sit at.

use crate::announce::Over;
use crate::clock::{ClockReading, TimeControl};
use crate::log::{Event, Game};
use crate::referee::{Request, RequestError};
use crate::rules::RuleSet;
use crate::save::{Correction, Markers, Meta, SavedGame};
use crate::view::PlayerView;
use shakmaty::{Color, Role, Square};
use std::path::Path;
use std::time::Duration;

/// Called when news arrives for a table (e.g. a window's repaint request).
pub type Waker = std::sync::Arc<dyn Fn() + Send + Sync>;

/// A game at a table. Requests and the seats' views go through it; what is hidden from the
/// caller stays behind it.
pub trait Table {
    /// The rules (public).
    fn rules(&self) -> &RuleSet;

    /// Who, where and when (public).
    fn meta(&self) -> &Meta;

    /// The side to move (public).
    fn to_move(&self) -> Color;

    /// The side whose Semi-Kriegspiel placement the game waits for, if any.
    fn placing(&self) -> Option<Color> {
        None
    }

    /// The side that acts next: the sighted side during a Semi-Kriegspiel placement, otherwise
    /// the side to move. The hot-seat curtain passes the board to this side.
    fn to_act(&self) -> Color {
        self.placing().unwrap_or_else(|| self.to_move())
    }

    /// The result, once the game is over (public).
    fn over(&self) -> Option<Over>;

    /// What `seat` knows now.
    fn view(&mut self, seat: Color) -> &PlayerView;

    /// Makes a request at `now` (a fallen flag is recorded first). Returns the event as the
    /// caller may see it (a local table: all of it); on error nothing changed.
    fn apply(&mut self, request: Request, now: Duration) -> Result<Event, RequestError>;

    /// What arrived from elsewhere since the last call (a remote table: the opponent's turns
    /// as this seat heard them, a flag fall); a local table has nothing to wait for.
    fn poll(&mut self, _now: Duration) -> Vec<Event> {
        Vec::new()
    }

    /// A draw offer the table keeps (a remote table), by whom; `None` also where the screen
    /// keeps offers itself.
    fn draw_offer(&self) -> Option<Color> {
        None
    }

    /// Offers a draw, or takes the opponent's standing offer, at a table that keeps offers
    /// (`None`: this table does not).
    fn offer_draw(&mut self) -> Option<Result<(), String>> {
        None
    }

    /// Asks the table to call `waker` whenever news arrives for [`Table::poll`] (a window then
    /// repaints only when there is something to show). Tables that never have news ignore it.
    fn set_waker(&mut self, _waker: Waker) {}

    /// Whether [`Table::poll`] should be called again soon without any news (a lost connection
    /// being dialled again).
    fn needs_polling(&self) -> bool {
        false
    }

    /// A network seat's status in words (whose seat, the connection, the opponent's).
    fn seat_status(&self) -> Option<String> {
        None
    }

    /// If the running side's time is up, records the loss on time and returns its event.
    fn check_time(&mut self, now: Duration) -> Option<Event>;

    /// The time control, if the game is played on a clock (public).
    fn time_control(&self) -> Option<TimeControl>;

    /// Both clocks at `now` (public).
    fn clock_reading(&self, now: Duration) -> Option<ClockReading>;

    /// Whose clock runs (public).
    fn clock_running(&self) -> Option<Color>;

    /// How long until the running clock reaches zero.
    fn time_to_flag(&self, now: Duration) -> Option<Duration>;

    /// Starts (or resumes) the side to move's clock.
    fn start_clock(&mut self, now: Duration);

    /// Stops the clock.
    fn pause_clock(&mut self, now: Duration);

    /// Both players' markers (guessed enemy pieces; each player's own notes).
    fn markers(&self) -> &Markers;

    /// Puts (or clears) a guessed enemy piece on `color`'s board.
    fn set_marker(&mut self, color: Color, square: Square, piece: Option<Role>);

    /// The club referee's corrections so far.
    fn corrections(&self) -> &[Correction];

    /// Takes back the last event with `note` (the club referee's correction); `None` when there
    /// is nothing to take back or this table cannot.
    fn undo(&mut self, note: &str, now: Duration) -> Option<Event>;

    /// The game as a save, where this table holds the whole game.
    fn to_saved(&self) -> Option<SavedGame>;

    /// Where the game is autosaved.
    fn autosave_path(&self) -> Option<&Path>;

    /// The last autosave failure, until a save succeeds.
    fn autosave_error(&self) -> Option<&str>;

    /// The referee's game (the true position and the full log), where the caller may see it: a
    /// local table has it (the referee's board, the club console, study after the game); a
    /// remote seat does not.
    fn truth(&self) -> Option<&Game>;
}
