//! The game screen: three boards side by side as over the board (White's, Black's, the
//! referee's), move input on the player's own board, what each player heard, the clocks, and in
//! hot-seat play the curtain between turns.
//!
//! Who may see what is decided in one place, [`PlayScreen::may_see`] (by the rules in
//! [`super::visibility`]). A board the viewer may not see is drawn covered: its contents are never
//! computed into the frame. Changes requested while drawing are collected as `Intent`s and applied
//! after the whole screen is drawn, so a move that passes the turn brings the curtain up from the
//! very next frame.
//!
//! This module holds the screen's state and its frame; the parts are drawn by `boards` (the
//! three columns), `bars` (top and bottom bars, the curtain card, dialogs), `club` (the club
//! referee's console) and `display` (the players' display, a second window), read by `input` (clicks and typed moves into attempts), applied by `apply`.

mod apply;
mod bars;
mod boards;
mod club;
mod display;
mod input;

pub use super::visibility::{Curtain, Drawn, Place};
pub use input::{Typed, move_input_id, resolve_typed};

use super::settings::Settings;
use super::visibility::{self, Viewer};
use crate::attempt::Attempt;
use crate::table::Table;
use crate::wording::say;
use apply::Intent;
use shakmaty::{Bitboard, Color, Role, Square};
use std::time::Duration;

/// A bot thinking on another thread: it sends itself back with its request.
type ComputerJob =
    std::sync::mpsc::Receiver<(Box<dyn crate::bots::Bot>, Option<crate::referee::Request>)>;

/// How the game is being played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayMode {
    /// Two players on one machine with a curtain between turns.
    HotSeat,
    /// A club referee enters each attempt and reads out the answers (all boards visible).
    Referee,
    /// One player (this colour) against the computer: only that player's board is shown, and
    /// the computer plays its turns as soon as they come.
    Practice(Color),
    /// One seat (this colour) of a network game: only that player's board is shown; the
    /// opponent's turns arrive from the table ([`crate::seat::remote::RemoteTable`]).
    Remote(Color),
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
    /// Open the new-game dialog with this game's rules, names and clock (practice: a new
    /// practice game with the same side).
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

/// The game screen's state.
pub struct PlayScreen {
    /// The game.
    pub session: Box<dyn Table>,
    /// Hot-seat or club referee.
    pub mode: PlayMode,
    /// The curtain (hot-seat).
    pub curtain: Curtain,
    selected: Option<Square>,
    /// Club referee mode: the players' display (a second window of public facts).
    pub display: display::Display,
    /// Crazyhouse Kriegspiel: the pocket unit picked up for a drop (click a square next).
    pocket: Option<Role>,
    promotion: Option<Attempt>,
    /// The typed-move field.
    pub move_text: String,
    /// Feedback for the last input (a refused attempt, an unusable typed move).
    pub message: Option<String>,
    /// The kind of the message set through [`PlayScreen::tell`], with the text it was set for.
    tagged: Option<(String, MessageKind)>,
    /// Boards flipped (F).
    pub flipped: bool,
    brush: Option<Brush>,
    confirm: Option<Confirm>,
    draw_offer: Option<Color>,
    /// What was drawn on each board in the last frame.
    pub drawn: Vec<Drawn>,
    /// The log length when each player last opened its board [black, white].
    /// The clock has been started.
    clock_started: bool,
    /// What the referee must say about the last entry: (to whom, words).
    pub say_this: Vec<(String, String)>,
    /// Give the move field the keyboard focus in the next frame.
    focus_input: bool,
    /// Select the move field's text once it has the focus (after an unusable line).
    select_input: bool,
    /// RBC: the square under the pointer while sensing.
    hover: Option<Square>,
    /// Modern Kriegspiel: the player who just moved is choosing squares to open.
    opening: Option<(Color, Bitboard)>,
    /// The computer opponent in practice games (named in the save, [`crate::save::Computer`]).
    bot: Option<Box<dyn crate::bots::Bot>>,
    /// The bot at work on another thread: it comes back with its request.
    thinking: Option<ComputerJob>,
    /// Practice: show the person's belief as a heat map (a training aid).
    pub training_aid: bool,
    /// The belief behind the training aid, kept up to date with the person's view.
    training: Option<crate::belief::Belief>,
    /// A network game this app hosts: its server (kept running while the screen is open), with
    /// the address and join code to give the other player.
    pub hosting: Option<std::sync::Arc<crate::seat::serve::Hosted>>,
    /// A network game's table calls the window when news arrives.
    waker_set: bool,
}

impl PlayScreen {
    /// A new screen for `session`. Hot-seat games always start (or resume) on the curtain.
    pub fn new(session: impl Table + 'static, mode: PlayMode) -> PlayScreen {
        let session: Box<dyn Table> = Box::new(session);
        let next = session.to_act();
        let curtain = match mode {
            PlayMode::Practice(human) | PlayMode::Remote(human) => Curtain::Open(human),
            _ => Curtain::Up { next },
        };
        let mut screen = PlayScreen {
            session,
            mode,
            curtain,
            selected: None,
            display: display::Display::default(),
            pocket: None,
            promotion: None,
            move_text: String::new(),
            message: None,
            tagged: None,
            flipped: false,
            brush: None,
            confirm: None,
            draw_offer: None,
            drawn: Vec::new(),
            clock_started: false,
            say_this: Vec::new(),
            focus_input: mode == PlayMode::Referee,
            select_input: false,
            hover: None,
            opening: None,
            bot: None,
            thinking: None,
            training_aid: false,
            training: None,
            hosting: None,
            waker_set: false,
        };
        if let PlayMode::Practice(_) = mode {
            let seed = u64::from(screen.session.view(Color::White).move_number);
            let meta = screen.session.meta();
            let start = |c: crate::save::Computer| {
                crate::seat::engine::start_bot(c.bot, &meta.engine, seed)
            };
            match meta.computer.map(start) {
                Some(Ok(bot)) => screen.bot = Some(bot),
                Some(Err(e)) => screen.tell(MessageKind::Error, e),
                None => {}
            }
        }
        screen.computer_turn(Duration::ZERO);
        screen
    }

    /// The game is over: everything is revealed.
    pub fn revealed(&self) -> bool {
        self.session.over().is_some()
    }

    /// Whether the person at the screen may see `place` now. The single rule for hidden
    /// information on this screen.
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
        let private = self.session.rules().variant().capabilities().private_clocks;
        visibility::may_see_clock(self.mode, self.curtain, self.revealed(), private, color)
    }

    /// The player whose board accepts moves now, if any.
    pub(super) fn active_player(&self) -> Option<Color> {
        if self.revealed() {
            return None;
        }
        let to_move = self.session.to_move();
        match (self.mode, self.curtain) {
            (PlayMode::Referee, _) => Some(to_move),
            // During a Semi-Kriegspiel placement the sighted side acts, even as second mover.
            (PlayMode::HotSeat, Curtain::Open(c)) if c == self.session.to_act() => Some(c),
            (PlayMode::Practice(human) | PlayMode::Remote(human), _)
                if human == self.session.to_act() =>
            {
                Some(human)
            }
            _ => None,
        }
    }

    /// The host's invitation while the other seat is empty: what to tell the other player.
    fn invitation(&self) -> Option<Vec<String>> {
        let hosted = self.hosting.as_ref()?;
        let PlayMode::Remote(me) = self.mode else {
            return None;
        };
        if self.session.over().is_some() || hosted.server.with_host(|h| h.is_connected(!me)) {
            return None;
        }
        Some(vec![
            "Waiting for the other player to join".to_owned(),
            format!("Address: {}", hosted.address),
            format!("Join code: {}", hosted.server.code()),
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

    /// Draws the screen; returns requests for the app.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        settings: &Settings,
        now: Duration,
    ) -> Vec<AppRequest> {
        let mut intents = Vec::new();
        let mut requests = Vec::new();
        self.drawn.clear();
        if let Some(event) = self.session.check_time(now) {
            // A flag that fell on the running clock is announced like any entry (the club
            // console's "Say this").
            self.say_this = crate::wording::say_to(
                &event.said,
                self.session.rules().wording,
                event.by.unwrap_or_else(|| self.session.to_move()),
            );
            let words = say(
                &event.said.iter().map(|s| s.item).collect::<Vec<_>>(),
                self.session.rules().wording,
                self.session.to_move(),
            );
            self.tell(MessageKind::Info, words);
        }
        if let PlayMode::Remote(me) = self.mode {
            if !self.waker_set {
                // A frame comes whenever a line arrives from the table (none while idle).
                let ctx = ui.ctx().clone();
                self.session
                    .set_waker(std::sync::Arc::new(move || ctx.request_repaint()));
                self.waker_set = true;
                // Two windows of one machine (host and join) tell their seats apart.
                ui.ctx()
                    .send_viewport_cmd(egui::ViewportCommand::Title(format!(
                        "Kriegspiel: {} (network game)",
                        crate::wording::color_title(me)
                    )));
            }
            self.remote_news(me, now);
            if self.session.needs_polling() {
                // Dialling the host again: look again soon.
                ui.ctx().request_repaint_after(Duration::from_millis(500));
            }
        }
        // Keyboard, never while a field has the focus (an `f` typed in `Nf3` flips nothing):
        // F flips the boards, / goes to the move field.
        if !ui.ctx().egui_wants_keyboard_input() {
            let (flips, slash) =
                ui.input(|i| (i.num_presses(egui::Key::F), i.key_pressed(egui::Key::Slash)));
            if flips % 2 == 1 {
                self.flipped = !self.flipped;
            }
            if slash && self.mode != PlayMode::Referee && self.active_player().is_some() {
                self.focus_input = true;
            }
        }

        let invitation = self.invitation();
        egui::Panel::top("play-top").show(ui, |ui| {
            self.top_bar(ui, now, invitation.is_some(), &mut intents)
        });
        if let Some(invite) = invitation {
            // Until the other player sits, the host's screen says how to join, in large type.
            egui::Panel::top("host-invite").show(ui, |ui| {
                ui.add_space(6.0);
                ui.vertical_centered(|ui| {
                    for (i, line) in invite.iter().enumerate() {
                        let text = egui::RichText::new(line.as_str());
                        ui.label(if i == 0 {
                            text.heading()
                        } else {
                            text.size(22.0).strong()
                        });
                    }
                });
                ui.add_space(6.0);
            });
        }
        if self.mode == PlayMode::Referee {
            egui::Panel::bottom("club-console")
                .show(ui, |ui| self.club_console(ui, &mut intents, &mut requests));
            if self.revealed() {
                // The console exports the PGN itself.
                egui::Panel::bottom("game-end").show(ui, |ui| {
                    ui.add_space(4.0);
                    ui.horizontal_wrapped(|ui| bars::end_buttons(ui, &mut requests, false));
                    ui.add_space(4.0);
                });
            }
        } else {
            egui::Panel::bottom("play-bottom")
                .show(ui, |ui| self.bottom_bar(ui, &mut intents, &mut requests));
        }
        egui::CentralPanel::default().show(ui, |ui| {
            self.boards(ui, settings, &mut intents);
            if self.curtain_up() {
                let ctx = ui.ctx().clone();
                egui::Area::new(egui::Id::unique("curtain"))
                    .order(egui::Order::Foreground)
                    .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
                    .show(&ctx, |ui| self.curtain_card(ui, now, &mut intents));
            }
        });
        if let Some(attempt) = self.promotion {
            self.promotion_picker(ui, attempt, &mut intents);
        }
        if let Some(confirm) = self.confirm.clone()
            && self.mode != PlayMode::Referee
        {
            self.confirm_dialog(ui, confirm, &mut intents);
        }
        for intent in intents {
            self.apply(intent, now);
        }
        if self.mode == PlayMode::Referee {
            self.players_display(&ui.ctx().clone(), now);
        }
        self.computer_turn(now);
        if self.thinking.is_some() {
            ui.ctx().request_repaint_after(Duration::from_millis(30));
        }
        self.schedule_repaint(ui.ctx(), now);
        requests
    }

    /// Repaints in time for the running clock's next visible change.
    fn schedule_repaint(&self, ctx: &egui::Context, now: Duration) {
        if let (Some(_), Some(left)) =
            (self.session.clock_running(), self.session.time_to_flag(now))
        {
            let ms = left.as_millis() as u64;
            let next = if ms < 10_000 { ms % 100 } else { ms % 1000 };
            ctx.request_repaint_after(Duration::from_millis(next.max(10)));
        }
    }
}
