//! The game screen: three boards side by side as over the board (White's, Black's, the
//! referee's), move input on the player's own board, what each player heard, the clocks, and in
//! hot-seat play the curtain between turns. One person at one seat (against the computer, or at
//! a network table) sees one board.
//!
//! The screen sits at a [`Table`] and draws what the table and the rule family
//! ([`crate::variant::Variant`]) give it: it hands requests to the table and reads what happened
//! from [`Table::poll`], so a local table and a remote seat are drawn alike and no frame ever
//! waits. The computer opponent thinks on its own thread ([`crate::bots::driver::Driver`]) and
//! wakes the window when it has answered.
//!
//! Who may see what is decided in one place, [`PlayScreen::may_see`] (by the rules in
//! [`super::visibility`]). A board the viewer may not see is drawn covered: its contents are never
//! computed into the frame. Changes requested while drawing are collected as `Intent`s and applied
//! after the whole screen is drawn, so a move that passes the turn brings the curtain up from the
//! very next frame.
//!
//! The parts: `frame` (the frame: panels, then intents, then news), `boards` (the three
//! columns), `bars` (top and bottom bars, the curtain card, dialogs), `club` (the club referee's
//! console), `display` (the players' display, a second window), `input` (clicks and typed moves
//! into attempts), `apply` (intents), `news` (what the table told), `computer` (the opponent),
//! `feedback` (sounds and speech).

mod aid;
mod apply;
mod bars;
mod boards;
mod club;
mod computer;
mod curtain;
mod display;
mod feedback;
pub(crate) mod field;
mod frame;
mod input;
mod news;
mod player;
mod trays;

pub use super::visibility::{Curtain, Drawn, Place};
pub use input::{Typed, move_input_id, resolve_typed};

use super::visibility::{self, Viewer};
use crate::attempt::Attempt;
use crate::table::{Facts, Table};
use apply::Intent;
use shakmaty::{Bitboard, Color, Role, Square};
use std::time::Duration;

/// How the game is being played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayMode {
    /// Two players on one machine with a curtain between turns.
    HotSeat,
    /// A club referee enters each attempt and reads out the answers (all boards visible).
    Referee,
    /// One person at this seat: against the computer (the screen's computer plays the other
    /// seat) or at a network table (the other seat plays elsewhere). Only this seat's board is
    /// shown.
    Seat(Color),
}

/// Something the screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AppRequest {
    /// Offer to save the finished game.
    SaveAs,
    /// Export the referee's PGN.
    ExportPgn,
    /// Export the printable scoresheet.
    ExportScoresheet,
    /// Open the finished game in study mode.
    StudyGame,
    /// Open the new-game dialog with this game's rules, names and clock (against the computer:
    /// a new game with the same side).
    NewGameSameSettings,
}

/// What a message to the player is: news, something done, or something that could not be done.
/// Drawn in the message colour, green or red.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// What the referee said, or what happened (neutral).
    Info,
    /// Something was done as asked (green).
    Success,
    /// Something could not be done: an unusable typed move, a refused request (red).
    Error,
}

impl MessageKind {
    /// The text colour on dark (`dark_mode`) or light panels.
    pub fn color(self, dark_mode: bool) -> egui::Color32 {
        use super::theme;
        match (self, dark_mode) {
            (MessageKind::Info, true) => theme::MESSAGE,
            (MessageKind::Info, false) => theme::MESSAGE_ON_LIGHT,
            (MessageKind::Success, true) => theme::SUCCESS,
            (MessageKind::Success, false) => theme::SUCCESS_ON_LIGHT,
            (MessageKind::Error, true) => theme::FAILURE,
            (MessageKind::Error, false) => theme::FAILURE_ON_LIGHT,
        }
    }
}

/// What a click on the player's board does besides moving a piece: put a guessed enemy piece
/// on a square, or erase a guess. A piece picked up for a move always wins over the brush.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Brush {
    /// Place a guessed enemy piece of this kind.
    Mark(Role),
    /// Remove the guess on the clicked square.
    Erase,
}

/// A question waiting for a yes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// The player resigns.
    Resign(Color),
    /// Take back the last entry (club referee).
    Undo,
    /// Both players agreed a draw (club referee).
    Draw,
    /// A flag fell (club referee).
    Flag(Color),
    /// The referee decides the result.
    Adjudicate(crate::announce::GameResult, String),
}

/// What the person is entering on a board: a piece picked up, a pocket unit, a promotion to
/// choose, squares to open, the square under the pointer while sensing.
#[derive(Clone, Debug, Default)]
struct Entry {
    selected: Option<Square>,
    /// Crazyhouse Kriegspiel: the pocket unit picked up for a drop (click a square next).
    pocket: Option<Role>,
    promotion: Option<Attempt>,
    brush: Option<Brush>,
    /// RBC: the square under the pointer while sensing.
    hover: Option<Square>,
    /// Modern Kriegspiel: the player who just moved is choosing squares to open.
    opening: Option<(Color, Bitboard)>,
    /// Semi-Kriegspiel: the king's square chosen on the board, the queen's to come.
    placing_king: Option<Square>,
}

/// The game screen's state.
pub struct PlayScreen {
    /// The table the screen sits at.
    pub table: Box<dyn Table>,
    /// Hot-seat, club referee, or one seat.
    pub mode: PlayMode,
    /// The curtain (hot-seat).
    pub curtain: Curtain,
    entry: Entry,
    /// Club referee mode: the players' display (a second window of public facts).
    pub display: display::Display,
    /// The sounds played and the words spoken.
    pub feedback: feedback::Feedback,
    /// The typed-move field.
    pub move_text: String,
    /// The lines typed in the move field (or the console), waiting their turn.
    pub typed_ahead: crate::typing::TypeAhead,
    /// Feedback for the last input (a refused attempt, an unusable typed move).
    pub message: Option<String>,
    /// The kind of the message set through [`PlayScreen::tell`], with the text it was set for.
    tagged: Option<(String, MessageKind)>,
    /// Boards flipped (F).
    pub flipped: bool,
    confirm: Option<Confirm>,
    /// What was drawn on each board in the last frame.
    pub drawn: Vec<Drawn>,
    /// The clock has been started.
    clock_started: bool,
    /// What the referee must say about the last entry: (to whom, words).
    pub say_this: Vec<(String, String)>,
    /// Give the move field the keyboard focus in the next frame.
    focus_input: bool,
    /// The focus request was already made again once without success.
    focus_retried: bool,
    /// Select the move field's text once it has the focus (after an unusable line).
    select_input: bool,
    /// The computer opponent, where the person plays the computer.
    computer: Option<computer::Computer>,
    /// Who made the requests the table has not answered yet, in order.
    asked: std::collections::VecDeque<news::Asker>,
    /// Show the person's belief as a heat map (a training aid).
    pub training_aid: bool,
    /// Which enemy units the training aid maps (`None`: every unit).
    pub training_role: Option<Role>,
    /// The belief behind the training aid, kept up to date with the person's view.
    training: Option<crate::belief::Belief>,
    /// A network game this app hosts: its server (kept running while the screen is open), with
    /// the address and join code to give the other player.
    pub hosting: Option<std::sync::Arc<crate::seat::serve::Hosted>>,
    /// A seat joined at another machine's table: what takes it back (the app remembers it).
    pub ticket: Option<crate::seat::remote::Ticket>,
    /// The table and the computer call the window when news arrives.
    waker_set: bool,
    /// When the curtain card was first drawn since the last board was opened: it opens the next
    /// board only once [`CURTAIN_ARM`] has passed since then.
    curtain_shown: Option<Duration>,
    /// How the person's moves and attempts are written (the Settings' choice, as of the last
    /// board drawn).
    notation: crate::replay::record::Notation,
    /// A word for one seat, told once its board is open (in hot-seat play the offerer of a
    /// declined draw is not at the screen when it is declined).
    note_for: Option<(Color, String)>,
}

pub use crate::app::curtain::CURTAIN_ARM;

impl PlayScreen {
    /// A new screen for `table`. Hot-seat games always start (or resume) on the curtain; where
    /// the game names a computer opponent for the other seat, it is started.
    pub fn new(table: impl Table + 'static, mode: PlayMode) -> PlayScreen {
        let table: Box<dyn Table> = Box::new(table);
        let curtain = match mode {
            PlayMode::Seat(me) => Curtain::Open(me),
            _ => Curtain::Up {
                next: table.facts().to_act(),
            },
        };
        let mut screen = PlayScreen {
            table,
            mode,
            curtain,
            entry: Entry::default(),
            display: display::Display::default(),
            feedback: feedback::Feedback::default(),
            move_text: String::new(),
            typed_ahead: Default::default(),
            message: None,
            tagged: None,
            flipped: false,
            confirm: None,
            drawn: Vec::new(),
            clock_started: false,
            say_this: Vec::new(),
            focus_input: mode != PlayMode::HotSeat,
            focus_retried: false,
            select_input: false,
            computer: None,
            asked: Default::default(),
            training_aid: false,
            training_role: None,
            training: None,
            hosting: None,
            ticket: None,
            waker_set: false,
            curtain_shown: None,
            notation: Default::default(),
            note_for: None,
        };
        screen.start_computer();
        screen
    }

    /// The public facts of the game.
    pub fn facts(&self) -> &Facts {
        self.table.facts()
    }

    /// The game is over: everything is revealed.
    pub fn revealed(&self) -> bool {
        self.facts().over.is_some()
    }

    /// Whether the person plays against the computer here.
    pub fn against_computer(&self) -> bool {
        self.computer.is_some()
    }

    /// Whether the computer is thinking about its next request.
    pub fn computer_thinking(&self) -> bool {
        self.computer.as_ref().is_some_and(|c| c.thinking())
    }

    /// Whether the person may see `place` now. The single rule for hidden information on this
    /// screen.
    pub fn may_see(&self, place: Place) -> bool {
        self.viewer().may_see(place)
    }

    /// The person at the screen: by the mode, the curtain, and whether the game is over.
    fn viewer(&self) -> Viewer {
        Viewer::at_play(self.mode, self.curtain, self.revealed())
    }

    /// Whether the viewer may see `color`'s remaining time: always, except in Reconnaissance
    /// Blind Chess hot-seat play, where each player sees only its own time.
    pub fn may_see_clock(&self, color: Color) -> bool {
        let private = self.facts().rules.variant().capabilities().private_clocks;
        visibility::may_see_clock(self.mode, self.curtain, self.revealed(), private, color)
    }

    /// The player whose board accepts moves now, if any.
    pub(super) fn active_player(&self) -> Option<Color> {
        if self.revealed() || self.facts().cut_off.is_some() {
            return None;
        }
        let (to_move, to_act) = (self.facts().to_move, self.facts().to_act());
        match (self.mode, self.curtain) {
            (PlayMode::Referee, _) => Some(to_move),
            // During a Semi-Kriegspiel placement the sighted side acts, even as second mover.
            (PlayMode::HotSeat, Curtain::Open(c)) if c == to_act => Some(c),
            (PlayMode::Seat(me), _) if me == to_act => Some(me),
            _ => None,
        }
    }

    /// The seat whose offers and resignation the screen's buttons make: the open board's in
    /// hot-seat play, the person's at one seat.
    fn own_seat(&self) -> Option<Color> {
        match (self.mode, self.curtain) {
            (PlayMode::Seat(me), _) => Some(me),
            (PlayMode::HotSeat, Curtain::Open(c)) => Some(c),
            _ => None,
        }
    }

    /// The host's invitation while the other seat is empty: what to tell the other player.
    fn invitation(&self) -> Option<Vec<String>> {
        let hosted = self.hosting.as_ref()?;
        if self.revealed() || self.facts().opponent_present {
            return None;
        }
        Some(vec![
            "Waiting for the other player to join".to_owned(),
            format!("Address: {}", hosted.addresses.join("  or  ")),
            format!("Join code: {}", hosted.server.invitation()),
        ])
    }

    /// Shows `text` to the player as a message of `kind`.
    pub(super) fn tell(&mut self, kind: MessageKind, text: impl Into<String>) {
        let text = text.into();
        self.tagged = Some((text.clone(), kind));
        self.message = Some(text);
    }

    /// The kind of the message shown, if any: as it was told, or else (a line the move field or
    /// the console could not use) an error, except the console's clock notes.
    pub fn message_kind(&self) -> Option<MessageKind> {
        let text = self.message.as_ref()?;
        Some(match &self.tagged {
            Some((told, kind)) if told == text => *kind,
            _ if text.starts_with("Clock ") => MessageKind::Info,
            _ => MessageKind::Error,
        })
    }

    /// Whether the curtain is up (hot-seat, game not over).
    pub fn curtain_up(&self) -> bool {
        self.mode == PlayMode::HotSeat
            && !self.revealed()
            && matches!(self.curtain, Curtain::Up { .. })
    }
}
