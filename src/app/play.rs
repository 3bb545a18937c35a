//! The game screen: three boards side by side as over the board (White's, Black's, the
//! referee's), move input on the player's own board, what each player heard, the clocks, and in
//! hot-seat play the curtain between turns.
//!
//! Who may see what is decided in one place, [`PlayScreen::may_see`]. A board the viewer may not
//! see is drawn covered: its contents are never computed into the frame. Changes requested while
//! drawing are collected as `Intent`s and applied after the whole screen is drawn, so a move
//! that passes the turn brings the curtain up from the very next frame.

use super::board::{self, Arrow, BoardEvent, BoardSpec, Highlight};
use super::pieces::role_name;
use super::settings::{MoveMethod, Settings};

mod club;
use crate::announce::{Audience, Item};
use crate::attempt::Attempt;
use crate::clock::format_ms;
use crate::possible::promotion_roles;
use crate::referee::Request;
use crate::session::GameSession;
use crate::view::PlayerView;
use crate::wording::{color_title, say};
use egui::{Color32, RichText};
use shakmaty::san::San;
use shakmaty::{Bitboard, Color, Piece, Rank, Role, Square};
use std::time::Duration;

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
}

/// The three places at the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A player's own board.
    Player(Color),
    /// The referee's true board.
    Referee,
}

impl Place {
    /// The name shown on the board and used in its square labels.
    pub fn name(self) -> &'static str {
        match self {
            Place::Player(c) => color_title(c),
            Place::Referee => "Referee",
        }
    }
}

/// The hot-seat curtain.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Curtain {
    /// Down: nothing private is shown until `next` opens its board.
    Up {
        /// The player who is to open next.
        next: Color,
    },
    /// This player's board is open.
    Open(Color),
}

/// What was drawn on one board in the last frame (for tests and checks: hidden information must
/// never appear here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// Which board.
    pub place: Place,
    /// Pieces drawn solid.
    pub pieces: Vec<(Square, Piece)>,
    /// Markers (the player's own guesses).
    pub markers: Vec<(Square, Piece)>,
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
}

/// A change requested while drawing, applied after the frame is drawn.
#[derive(Clone, Debug, PartialEq)]
enum Intent {
    OpenBoard(Color),
    CloseBoard,
    Select(Option<Square>),
    Attempt(Attempt),
    AskPromotion(Attempt),
    Typed,
    Ask(Request),
    Marker(Square, Option<Role>),
    Brush(Option<Role>),
    OfferDraw,
    AnswerDraw(bool),
    Confirm(Option<Confirm>),
    PauseClock,
    ResumeClock,
    Club(club::Command),
    Undo,
    ToggleOpen(Square),
    OpenChosen,
    SkipOpening,
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
    pub session: GameSession,
    /// Hot-seat or club referee.
    pub mode: PlayMode,
    /// The curtain (hot-seat).
    pub curtain: Curtain,
    selected: Option<Square>,
    promotion: Option<Attempt>,
    /// The typed-move field.
    pub move_text: String,
    /// Feedback for the last input (a refused attempt, an unusable typed move).
    pub message: Option<String>,
    /// Boards flipped (F).
    pub flipped: bool,
    brush: Option<Role>,
    confirm: Option<Confirm>,
    draw_offer: Option<Color>,
    /// What was drawn on each board in the last frame.
    pub drawn: Vec<Drawn>,
    /// The log length when each player last opened its board [black, white].
    opened_at: [usize; 2],
    /// The clock has been started.
    clock_started: bool,
    /// What the referee must say about the last entry: (to whom, words).
    pub say_this: Vec<(String, String)>,
    /// Give the move field the keyboard focus in the next frame.
    focus_input: bool,
    /// RBC: the square under the pointer while sensing.
    hover: Option<Square>,
    /// Modern Kriegspiel: the player who just moved is choosing squares to open.
    opening: Option<(Color, Bitboard)>,
}

fn idx(c: Color) -> usize {
    usize::from(c == Color::White)
}

impl PlayScreen {
    /// A new screen for `session`. Hot-seat games always start (or resume) on the curtain.
    pub fn new(session: GameSession, mode: PlayMode) -> PlayScreen {
        let next = session.to_move();
        let n = session.game().log().events.len();
        let curtain = match mode {
            PlayMode::Practice(human) => Curtain::Open(human),
            _ => Curtain::Up { next },
        };
        let mut screen = PlayScreen {
            session,
            mode,
            curtain,
            selected: None,
            promotion: None,
            move_text: String::new(),
            message: None,
            flipped: false,
            brush: None,
            confirm: None,
            draw_offer: None,
            drawn: Vec::new(),
            opened_at: [n, n],
            clock_started: false,
            say_this: Vec::new(),
            focus_input: mode == PlayMode::Referee,
            hover: None,
            opening: None,
        };
        screen.computer_turn(Duration::ZERO);
        screen
    }

    /// Practice: the computer plays while it is its turn (each attempt through the referee,
    /// exactly as a player's), from its own knowledge only.
    fn computer_turn(&mut self, now: Duration) {
        let PlayMode::Practice(human) = self.mode else {
            return;
        };
        // A turn never needs more attempts than there are king steps and rook moves.
        for played in 0..64 {
            if self.revealed() || self.session.to_move() == human {
                if played > 0
                    && let Some(last) = self.session.game().log().events.last()
                {
                    // What the person heard of the computer's last attempt.
                    let heard: Vec<Item> = crate::announce::heard_by(&last.said, human).collect();
                    let words = say(&heard, self.session.rules().wording, !human);
                    self.message = Some(format!("The computer played. {words}"));
                }
                return;
            }
            let Some(a) = crate::krk::practice::computer_attempt(self.session.game(), !human)
            else {
                self.message = Some("The computer cannot play this position.".to_owned());
                return;
            };
            if let Err(e) = self.session.apply(Request::Try(a), now) {
                self.message = Some(format!("The computer's attempt failed: {e}"));
                return;
            }
        }
    }

    /// The game is over: everything is revealed.
    pub fn revealed(&self) -> bool {
        self.session.game().referee().over().is_some()
    }

    /// Whether the person at the screen may see `place` now. The single rule for hidden
    /// information on this screen.
    pub fn may_see(&self, place: Place) -> bool {
        if self.revealed() {
            return true;
        }
        match self.mode {
            PlayMode::Referee => true,
            PlayMode::HotSeat => {
                matches!((self.curtain, place), (Curtain::Open(c), Place::Player(p)) if c == p)
            }
            PlayMode::Practice(human) => place == Place::Player(human),
        }
    }

    /// Whether the viewer may see `color`'s remaining time: always, except in Reconnaissance
    /// Blind Chess hot-seat play, where each player sees only its own time.
    pub fn may_see_clock(&self, color: Color) -> bool {
        self.revealed()
            || self.mode == PlayMode::Referee
            || self.session.rules().family != crate::rules::Family::Rbc
            || self.curtain == Curtain::Open(color)
    }

    /// The player whose board accepts moves now, if any.
    fn active_player(&self) -> Option<Color> {
        if self.revealed() {
            return None;
        }
        let to_move = self.session.to_move();
        match (self.mode, self.curtain) {
            (PlayMode::Referee, _) => Some(to_move),
            (PlayMode::HotSeat, Curtain::Open(c)) if c == to_move => Some(c),
            (PlayMode::Practice(human), _) if human == to_move => Some(human),
            _ => None,
        }
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
            self.message = Some(say(
                &event.said.iter().map(|s| s.item).collect::<Vec<_>>(),
                self.session.rules().wording,
                self.session.to_move(),
            ));
        }
        // Keyboard: F flips the boards (not while typing).
        if !ui.ctx().egui_wants_keyboard_input() && ui.input(|i| i.key_pressed(egui::Key::F)) {
            self.flipped = !self.flipped;
        }

        egui::Panel::top("play-top").show(ui, |ui| self.top_bar(ui, now, &mut intents));
        if self.mode == PlayMode::Referee {
            egui::Panel::bottom("club-console")
                .show(ui, |ui| self.club_console(ui, &mut intents, &mut requests));
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
        self.computer_turn(now);
        self.schedule_repaint(ui.ctx(), now);
        requests
    }

    fn schedule_repaint(&self, ctx: &egui::Context, now: Duration) {
        if let (Some(_), Some(left)) =
            (self.session.clock_running(), self.session.time_to_flag(now))
        {
            let ms = left.as_millis() as u64;
            let next = if ms < 10_000 { ms % 100 } else { ms % 1000 };
            ctx.request_repaint_after(Duration::from_millis(next.max(10)));
        }
    }

    fn top_bar(&mut self, ui: &mut egui::Ui, now: Duration, intents: &mut Vec<Intent>) {
        ui.horizontal(|ui| {
            ui.heading(self.session.rules().title());
            ui.separator();
            let status = match self.session.game().referee().over() {
                Some(o) => format!(
                    "Game over: {} ({})",
                    o.result.pgn(),
                    o.reason.id().replace('_', " ")
                ),
                None => format!("{} to move", color_title(self.session.to_move())),
            };
            ui.label(RichText::new(status).strong());
            ui.separator();
            if let Some(reading) = self.session.clock_reading(now) {
                for c in [Color::White, Color::Black] {
                    if !self.may_see_clock(c) {
                        continue;
                    }
                    let running = self.session.clock_running() == Some(c);
                    let text = format!("{} {}", color_title(c), format_ms(reading.of(c)));
                    let rich = RichText::new(text).monospace().size(18.0);
                    ui.label(if running {
                        rich.strong().color(Color32::from_rgb(20, 120, 40))
                    } else {
                        rich
                    });
                }
                if !self.revealed() {
                    if self.session.clock_running().is_some() {
                        if ui.button("Pause clock").clicked() {
                            intents.push(Intent::PauseClock);
                        }
                    } else if self.clock_started && ui.button("Resume clock").clicked() {
                        intents.push(Intent::ResumeClock);
                    }
                }
            }
            if let Some(err) = &self.session.autosave_error {
                ui.colored_label(Color32::RED, err);
            }
        });
    }

    /// The public facts shown while the curtain is up.
    fn curtain_card(&mut self, ui: &mut egui::Ui, now: Duration, intents: &mut Vec<Intent>) {
        let Curtain::Up { next } = self.curtain else {
            return;
        };
        let wording = self.session.rules().wording;
        // Only items heard by both players, from the last completed turn.
        let log = self.session.game().log();
        let mut public: Vec<Item> = Vec::new();
        for e in log.events.iter().rev() {
            let items: Vec<Item> = e
                .said
                .iter()
                .filter(|s| s.to == Audience::Both)
                .map(|s| s.item)
                .collect();
            public.splice(0..0, items);
            if e.turn_ends {
                break;
            }
        }
        if log.events.is_empty() {
            public = log
                .opening
                .iter()
                .filter(|s| s.to == Audience::Both)
                .map(|s| s.item)
                .collect();
        }
        egui::Frame::new()
            .fill(Color32::from_rgb(24, 27, 34))
            .stroke(egui::Stroke::new(2.0, Color32::from_rgb(120, 130, 150)))
            .corner_radius(12.0)
            .inner_margin(28.0)
            .shadow(egui::Shadow {
                offset: [0, 8],
                blur: 24,
                spread: 4,
                color: Color32::from_black_alpha(160),
            })
            .show(ui, |ui| {
                ui.set_min_width(460.0);
                ui.vertical_centered(|ui| {
                    ui.heading(
                        RichText::new(format!("{} to move", color_title(next)))
                            .size(30.0)
                            .color(Color32::WHITE),
                    );
                    let name = next.fold_wb(&self.session.meta.white, &self.session.meta.black);
                    let who = if name.is_empty() {
                        color_title(next).to_owned()
                    } else {
                        name.clone()
                    };
                    ui.label(format!(
                        "Pass the screen to {who}. {} looks away.",
                        color_title(!next)
                    ));
                    if !public.is_empty() {
                        ui.label(RichText::new(public_summary(&public, wording, !next)).size(16.0));
                    }
                    if let Some(reading) = self.session.clock_reading(now)
                        && self.session.rules().family != crate::rules::Family::Rbc
                    {
                        ui.label(format!(
                            "Clocks: White {}  Black {}",
                            format_ms(reading.white_ms),
                            format_ms(reading.black_ms)
                        ));
                    }
                    if self.draw_offer == Some(!next) {
                        ui.label(format!("{} offers a draw.", color_title(!next)));
                    }
                    ui.add_space(8.0);
                    let button = egui::Button::new(
                        RichText::new(format!("Open {}'s board", color_title(next))).size(20.0),
                    );
                    if ui.add(button).clicked() {
                        intents.push(Intent::OpenBoard(next));
                    }
                });
            });
    }

    fn boards(&mut self, ui: &mut egui::Ui, settings: &Settings, intents: &mut Vec<Intent>) {
        let places = [
            Place::Player(Color::White),
            Place::Player(Color::Black),
            Place::Referee,
        ];
        let avail = ui.available_size();
        let gap = 16.0;
        if avail.x >= 900.0 {
            // Side by side, as at the table.
            let size = ((avail.x - 2.0 * gap) / 3.0)
                .min(avail.y - 190.0)
                .max(160.0);
            let log_height = (avail.y - size - 90.0).max(60.0);
            let pad = ((avail.x - 3.0 * size - 2.0 * gap) / 2.0).max(0.0);
            ui.horizontal_top(|ui| {
                ui.spacing_mut().item_spacing.x = 0.0;
                ui.add_space(pad);
                for place in places {
                    ui.vertical(|ui| {
                        ui.spacing_mut().item_spacing.x = 6.0;
                        ui.set_width(size);
                        ui.set_max_width(size);
                        self.place_column(ui, place, size, log_height, settings, intents);
                    });
                    ui.add_space(gap);
                }
            });
        } else {
            // Narrow window: stacked.
            let size = (avail.x - 24.0).clamp(160.0, 560.0);
            egui::ScrollArea::vertical().show(ui, |ui| {
                for place in places {
                    self.place_column(ui, place, size, 140.0, settings, intents);
                    ui.add_space(gap);
                }
            });
        }
    }

    fn place_column(
        &mut self,
        ui: &mut egui::Ui,
        place: Place,
        size: f32,
        log_height: f32,
        settings: &Settings,
        intents: &mut Vec<Intent>,
    ) {
        let title = match place {
            Place::Player(c) => {
                let name = c.fold_wb(&self.session.meta.white, &self.session.meta.black);
                if name.is_empty() {
                    format!("{}'s board", color_title(c))
                } else {
                    format!("{}'s board ({name})", color_title(c))
                }
            }
            Place::Referee => "Referee's board".to_owned(),
        };
        ui.label(RichText::new(title).strong());
        if !self.may_see(place) {
            board::covered(ui, place.name(), size);
            return;
        }
        match place {
            Place::Player(color) => {
                self.player_board(ui, color, size, log_height, settings, intents)
            }
            Place::Referee => self.referee_board(ui, size, log_height, settings, intents),
        }
    }

    fn white_at_bottom(&self, own: Color) -> bool {
        (own == Color::White) != self.flipped
    }

    fn player_board(
        &mut self,
        ui: &mut egui::Ui,
        color: Color,
        size: f32,
        log_height: f32,
        settings: &Settings,
        intents: &mut Vec<Intent>,
    ) {
        let active = self.active_player() == Some(color);
        let markers = self.session.markers().current(color);
        let selected = if active { self.selected } else { None };
        let brush = self.brush;
        let view = self.session.view(color).clone();
        let rbc = self.session.rules().family == crate::rules::Family::Rbc;
        let sensing = active && rbc && !view.sensed;
        let opening = match self.opening {
            Some((c, chosen)) if c == color => Some(chosen),
            _ => None,
        };
        let mut spec = BoardSpec {
            name: color_title(color).to_owned(),
            white_at_bottom: self.white_at_bottom(color),
            coordinates: settings.coordinates,
            pieces: view.own.iter().collect(),
            markers: markers
                .iter()
                .map(|(sq, role)| (*sq, role.of(!color)))
                .collect(),
            click: true,
            drag: active && !sensing && settings.move_method != MoveMethod::Click,
            movable: if active && !sensing {
                view.own.by_color(color)
            } else {
                Bitboard::EMPTY
            },
            ..BoardSpec::default()
        };
        // What the player saw of the true board (senses, opened squares), as of when it saw it.
        spec.ghosts.extend(view.enemy_sightings());
        for sq in view.last_seen {
            spec.highlights.push((sq, Highlight::Seen));
        }
        if let Some(m) = view.last_move {
            spec.highlights.push((m.from, Highlight::LastMove));
            spec.highlights.push((m.to, Highlight::LastMove));
        }
        for sq in recent_captures(&view) {
            spec.highlights.push((sq, Highlight::Capture));
        }
        if let Some(king) = view.own.king_of(color) {
            for dir in recent_checks_on(&view, color) {
                for sq in board::check_squares(king, dir) {
                    spec.highlights.push((sq, Highlight::Check));
                }
            }
        }
        if sensing && let Some(h) = self.hover {
            // The 3x3 window the sense would reveal.
            for sq in shakmaty::attacks::king_attacks(h).with(h) {
                spec.highlights.push((sq, Highlight::Region));
            }
        }
        if let Some(chosen) = opening {
            for sq in chosen {
                spec.highlights.push((sq, Highlight::Region));
            }
        }
        if let Some(sel) = selected {
            spec.highlights.push((sel, Highlight::Selected));
            if settings.move_method != MoveMethod::Drag && settings.hints {
                spec.dots = view
                    .possible_attempts()
                    .into_iter()
                    .filter(|a| a.from == sel)
                    .fold(Bitboard::EMPTY, |b, a| b.with(a.to));
            }
        }
        if active {
            for (a, _) in &view.refused {
                spec.arrows.push(Arrow {
                    from: a.from,
                    to: a.to,
                    color: Color32::from_rgba_unmultiplied(200, 30, 30, 150),
                });
            }
        }
        self.drawn.push(Drawn {
            place: Place::Player(color),
            pieces: spec.pieces.clone(),
            markers: spec.markers.clone(),
        });
        let events = board::show(ui, &spec, size);
        if active && self.mode != PlayMode::Referee {
            let digest = since_last_turn(&view, color, self.session.rules().wording);
            if !digest.is_empty() {
                ui.label(RichText::new(format!("Since your last turn: {digest}")).italics());
            }
        }
        let can_mark = !self.revealed() && self.marker_owner() == Some(color) && opening.is_none();
        for event in events {
            match event {
                BoardEvent::Hovered(sq) if sensing && self.hover != Some(sq) => {
                    self.hover = Some(sq);
                    ui.ctx().request_repaint();
                }
                BoardEvent::Clicked(sq) if sensing => {
                    intents.push(Intent::Ask(Request::Sense(Some(sq))))
                }
                BoardEvent::Clicked(sq) if opening.is_some() => {
                    intents.push(Intent::ToggleOpen(sq))
                }
                BoardEvent::Clicked(sq)
                    if can_mark && brush.is_some() && !view.own.by_color(color).contains(sq) =>
                {
                    intents.push(Intent::Marker(sq, brush));
                }
                BoardEvent::Clicked(sq) if active => {
                    if view.own.by_color(color).contains(sq) && selected != Some(sq) {
                        intents.push(Intent::Select(Some(sq)));
                    } else if let Some(from) = selected {
                        if from == sq {
                            intents.push(Intent::Select(None));
                        } else {
                            intents.push(attempt_intent(&view, Attempt::new(from, sq)));
                        }
                    }
                }
                BoardEvent::Dropped { from, to } if active && !sensing => {
                    intents.push(attempt_intent(&view, Attempt::new(from, to)));
                }
                BoardEvent::RightClicked(sq)
                    if can_mark && !view.own.by_color(color).contains(sq) =>
                {
                    let next = match markers.get(&sq) {
                        None => Some(Role::Pawn),
                        Some(Role::Pawn) => Some(Role::Knight),
                        Some(Role::Knight) => Some(Role::Bishop),
                        Some(Role::Bishop) => Some(Role::Rook),
                        Some(Role::Rook) => Some(Role::Queen),
                        Some(Role::Queen) => Some(Role::King),
                        Some(Role::King) => None,
                    };
                    intents.push(Intent::Marker(sq, next));
                }
                _ => {}
            }
        }
        if can_mark {
            self.marker_tray(ui, color, &view, intents);
        }
        heard_log(ui, &view, self.session.rules().wording, log_height, color);
    }

    /// The opponent's material to place as markers; right-click a square to cycle instead.
    fn marker_tray(
        &self,
        ui: &mut egui::Ui,
        color: Color,
        view: &PlayerView,
        intents: &mut Vec<Intent>,
    ) {
        let enemy = !color;
        let material = opponent_material(&self.session.game().log().start, color);
        ui.horizontal_wrapped(|ui| {
            ui.label("Mark:");
            for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn] {
                let image = egui::Image::new(super::pieces::image(role.of(enemy))).fit_to_exact_size(egui::vec2(22.0, 22.0));
                let selected = self.brush == Some(role);
                let fill = if selected { Color32::from_rgb(130, 170, 110) } else { Color32::from_rgb(240, 217, 181) };
                let count = *material.get(role);
                let resp = ui
                    .add(egui::Button::image_and_text(image, RichText::new(format!("{count}")).color(Color32::BLACK)).fill(fill).selected(selected))
                    .on_hover_text(format!(
                        "Place a guessed {} {} (then click a square); right-click a square to cycle",
                        color_title(enemy).to_lowercase(),
                        role_name(role)
                    ));
                let label = format!("{} marks {} {}", color_title(color), color_title(enemy).to_lowercase(), role_name(role));
                resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
                if resp.clicked() {
                    intents.push(Intent::Brush(if selected { None } else { Some(role) }));
                }
            }
            let erase = ui.add(egui::Button::new("Erase").selected(self.brush.is_none()));
            if erase.clicked() {
                intents.push(Intent::Brush(None));
            }
            let (taken, pawns) = own_captures(view, color);
            if taken > 0 {
                let detail = pawns.map_or(String::new(), |p| format!(" ({p} pawns)"));
                ui.label(format!("You captured {taken}{detail}."));
            }
            if !view.lost.is_empty() {
                ui.label(format!("You lost {}.", view.lost.len()));
            }
        });
    }

    fn referee_board(
        &mut self,
        ui: &mut egui::Ui,
        size: f32,
        log_height: f32,
        settings: &Settings,
        intents: &mut Vec<Intent>,
    ) {
        let board = self.session.game().referee().true_board().clone();
        let log = self.session.game().log();
        let mut spec = BoardSpec {
            name: "Referee".to_owned(),
            white_at_bottom: !self.flipped,
            coordinates: settings.coordinates,
            pieces: board.iter().collect(),
            ..BoardSpec::default()
        };
        if let Some(a) = log.events.iter().rev().find_map(|e| match &e.request {
            Request::Try(a) if e.turn_ends => Some(*a),
            Request::Move(_) => e.said.iter().find_map(|s| match s.item {
                Item::Moved { taken, .. } => taken,
                _ => None,
            }),
            _ => None,
        }) {
            spec.highlights.push((a.from, Highlight::LastMove));
            spec.highlights.push((a.to, Highlight::LastMove));
        }
        let club = self.mode == PlayMode::Referee && !self.revealed();
        let mover = self.session.to_move();
        if club {
            spec.click = true;
            spec.drag = settings.move_method != MoveMethod::Click;
            spec.movable = board.by_color(mover);
            if let Some(sel) = self.selected {
                spec.highlights.push((sel, Highlight::Selected));
            }
        }
        self.drawn.push(Drawn {
            place: Place::Referee,
            pieces: spec.pieces.clone(),
            markers: Vec::new(),
        });
        let events = board::show(ui, &spec, size);
        if club {
            // The referee enters the mover's attempt on the true board.
            let view = self.session.view(mover).clone();
            let sensing = self.session.rules().family == crate::rules::Family::Rbc && !view.sensed;
            for event in events {
                match event {
                    BoardEvent::Clicked(sq) if sensing => {
                        intents.push(Intent::Ask(Request::Sense(Some(sq))))
                    }
                    BoardEvent::Clicked(sq)
                        if board.by_color(mover).contains(sq) && self.selected != Some(sq) =>
                    {
                        intents.push(Intent::Select(Some(sq)));
                    }
                    BoardEvent::Clicked(sq) => match self.selected {
                        Some(from) if from == sq => intents.push(Intent::Select(None)),
                        Some(from) => intents.push(attempt_intent(&view, Attempt::new(from, sq))),
                        None => {}
                    },
                    BoardEvent::Dropped { from, to } => {
                        intents.push(attempt_intent(&view, Attempt::new(from, to)))
                    }
                    _ => {}
                }
            }
        }
        referee_log(ui, &self.session, log_height);
    }

    fn bottom_bar(
        &mut self,
        ui: &mut egui::Ui,
        intents: &mut Vec<Intent>,
        requests: &mut Vec<AppRequest>,
    ) {
        ui.add_space(4.0);
        if self.revealed() {
            ui.horizontal(|ui| {
                if let Some(o) = self.session.game().referee().over() {
                    ui.label(
                        RichText::new(format!(
                            "Result {}: {}. All boards are revealed.",
                            o.result.pgn(),
                            o.reason.id().replace('_', " ")
                        ))
                        .strong()
                        .size(18.0),
                    );
                }
                if ui.button("Save game as… (Ctrl+S)").clicked() {
                    requests.push(AppRequest::SaveAs);
                }
                if let Some(path) = self.session.autosave_path() {
                    ui.label(format!("Saved automatically to {}", path.display()));
                }
            });
            return;
        }
        if let Some((opener, chosen)) = self.opening {
            let wanted = self.session.rules().open_squares;
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(format!(
                        "{}: click {wanted} squares to open ({} chosen).",
                        color_title(opener),
                        chosen.count()
                    ))
                    .strong(),
                );
                let ready = chosen.count() == usize::from(wanted);
                if ui
                    .add_enabled(ready, egui::Button::new("Open these squares"))
                    .clicked()
                {
                    intents.push(Intent::OpenChosen);
                }
                if ui.button("Skip opening").clicked() {
                    intents.push(Intent::SkipOpening);
                }
            });
            if let Some(message) = &self.message {
                ui.label(RichText::new(message).size(16.0));
            }
            return;
        }
        let Some(player) = self.active_player() else {
            ui.horizontal(|ui| {
                if let Curtain::Open(c) = self.curtain
                    && self.mode == PlayMode::HotSeat
                {
                    ui.label(format!(
                        "It is {}'s turn.",
                        color_title(self.session.to_move())
                    ));
                    if ui
                        .button(format!("Close {}'s board", color_title(c)))
                        .clicked()
                    {
                        intents.push(Intent::CloseBoard);
                    }
                } else {
                    ui.label("The curtain is down.");
                }
            });
            return;
        };
        let rbc = self.session.rules().family == crate::rules::Family::Rbc;
        let sensed = self.session.view(player).sensed;
        if rbc && !sensed {
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(format!(
                        "{}: sense first. Point at a square to see its 3x3 window, click to sense.",
                        color_title(player)
                    ))
                    .strong(),
                );
                if ui.button("Skip sensing").clicked() {
                    intents.push(Intent::Ask(Request::Sense(None)));
                }
            });
            if let Some(message) = &self.message {
                ui.label(RichText::new(message).size(16.0));
            }
            return;
        }
        ui.horizontal(|ui| {
            ui.label(RichText::new(format!("{} to move:", color_title(player))).strong());
            if rbc && ui.button("Pass").clicked() {
                intents.push(Intent::Ask(Request::Pass));
            }
            let edit = egui::TextEdit::singleline(&mut self.move_text)
                .hint_text("e2e4 or Nf3, then Enter")
                .desired_width(160.0)
                .id(egui::Id::unique("move-input"));
            let resp = ui.add(edit);
            resp.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Type a move")
            });
            if resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                intents.push(Intent::Typed);
            }
            if ui.button("Play typed move").clicked() {
                intents.push(Intent::Typed);
            }
            let rules = self.session.rules().clone();
            if rules.has_any()
                && !self.session.game().referee().any_asked()
                && ui.button("Any?").clicked()
            {
                intents.push(Intent::Ask(Request::Any));
            }
            if self.draw_offer == Some(!player) {
                if ui.button("Accept draw").clicked() {
                    intents.push(Intent::AnswerDraw(true));
                }
                if ui.button("Decline draw").clicked() {
                    intents.push(Intent::AnswerDraw(false));
                }
            } else if self.draw_offer.is_none()
                && !matches!(self.mode, PlayMode::Practice(_))
                && ui.button("Offer draw").clicked()
            {
                intents.push(Intent::OfferDraw);
            }
            if ui.button("Resign").clicked() {
                intents.push(Intent::Confirm(Some(Confirm::Resign(player))));
            }
        });
        if let Some(message) = &self.message {
            ui.label(
                RichText::new(message)
                    .size(16.0)
                    .color(Color32::from_rgb(235, 200, 120)),
            );
        }
    }

    fn promotion_picker(&self, ui: &mut egui::Ui, attempt: Attempt, intents: &mut Vec<Intent>) {
        let color = self.session.to_move();
        egui::Modal::new(egui::Id::unique("promotion")).show(ui.ctx(), |ui| {
            ui.heading("Promote to");
            ui.horizontal(|ui| {
                for &role in promotion_roles(self.session.rules().promotion) {
                    let image = egui::Image::new(super::pieces::image(role.of(color)))
                        .fit_to_exact_size(egui::vec2(56.0, 56.0));
                    let resp = ui.add(egui::Button::image(image));
                    let label = format!("Promote to {}", role_name(role));
                    resp.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Button, true, &label)
                    });
                    if resp.clicked() {
                        intents.push(Intent::Attempt(Attempt {
                            promotion: Some(role),
                            ..attempt
                        }));
                    }
                }
            });
            if ui.button("Cancel").clicked() {
                intents.push(Intent::Select(None));
            }
        });
    }

    fn confirm_dialog(&self, ui: &mut egui::Ui, confirm: Confirm, intents: &mut Vec<Intent>) {
        egui::Modal::new(egui::Id::unique("confirm")).show(ui.ctx(), |ui| match confirm {
            Confirm::Undo | Confirm::Draw | Confirm::Flag(_) | Confirm::Adjudicate(..) => {}
            Confirm::Resign(c) => {
                ui.heading(format!("{} resigns?", color_title(c)));
                ui.horizontal(|ui| {
                    if ui.button("Yes, resign").clicked() {
                        intents.push(Intent::Ask(Request::Resign(c)));
                        intents.push(Intent::Confirm(None));
                    }
                    if ui.button("No, play on").clicked() {
                        intents.push(Intent::Confirm(None));
                    }
                });
            }
        });
    }

    fn apply(&mut self, intent: Intent, now: Duration) {
        match intent {
            Intent::OpenBoard(c) => {
                self.curtain = Curtain::Open(c);
                self.opened_at[idx(c)] = self.session.game().log().events.len();
                self.selected = None;
                self.message = None;
                if !self.clock_started {
                    self.session.start_clock(now);
                    self.clock_started = true;
                }
            }
            Intent::CloseBoard => {
                self.curtain = Curtain::Up {
                    next: self.session.to_move(),
                };
                self.brush = None;
            }
            Intent::Select(sq) => {
                self.selected = sq;
                self.promotion = None;
            }
            Intent::AskPromotion(a) => self.promotion = Some(a),
            Intent::Attempt(a) => {
                self.promotion = None;
                self.selected = None;
                let request = self.attempt_request(a);
                self.request(request, now);
            }
            Intent::ToggleOpen(sq) => {
                if let Some((_, chosen)) = &mut self.opening {
                    let wanted = usize::from(self.session.rules().open_squares);
                    if chosen.contains(sq) {
                        chosen.discard(sq);
                    } else if chosen.count() < wanted {
                        chosen.add(sq);
                    }
                }
            }
            Intent::OpenChosen => {
                if let Some((_, chosen)) = self.opening {
                    self.request(Request::Open(chosen), now);
                }
            }
            Intent::SkipOpening => {
                self.opening = None;
                self.after_turn();
            }
            Intent::Typed if self.mode == PlayMode::Referee => match club::parse(&self.move_text) {
                Ok(command) => self.club_command(command, now),
                Err(e) => {
                    self.message = Some(e);
                    self.focus_input = true;
                }
            },
            Intent::Typed => {
                let text = self.move_text.trim().to_owned();
                if text.is_empty() {
                    return;
                }
                let color = self.session.to_move();
                let view = self.session.view(color).clone();
                match resolve_typed(&view, &text) {
                    Ok(a) => {
                        self.move_text.clear();
                        let request = self.attempt_request(a);
                        self.request(request, now);
                    }
                    Err(message) => self.message = Some(message),
                }
            }
            Intent::Ask(r) => self.request(r, now),
            Intent::Marker(sq, piece) => {
                if let Some(c) = self.marker_owner() {
                    self.session.set_marker(c, sq, piece);
                }
            }
            Intent::Brush(b) => self.brush = b,
            Intent::OfferDraw => {
                self.draw_offer = Some(self.session.to_move());
                self.message = Some("Draw offered; your opponent will be asked.".into());
            }
            Intent::AnswerDraw(yes) => {
                self.draw_offer = None;
                if yes {
                    self.request(Request::Draw, now);
                }
            }
            Intent::Confirm(c) => self.confirm = c,
            Intent::PauseClock => self.session.pause_clock(now),
            Intent::ResumeClock => {
                self.session.start_clock(now);
                self.clock_started = true;
            }
            Intent::Club(command) => self.club_command(command, now),
            Intent::Undo => {
                if let Some(removed) = self.session.undo("undo", now) {
                    let what = crate::replay::request_text(&removed.request);
                    self.message = Some(format!("Took back: {what}"));
                    self.say_this = vec![(
                        "Correction".to_owned(),
                        format!(
                            "Take back {what}. {} to move.",
                            color_title(self.session.to_move())
                        ),
                    )];
                } else {
                    self.message = Some("Nothing to take back.".to_owned());
                }
                self.focus_input = true;
            }
        }
    }

    /// Whose markers the screen edits: the open board's player (in club referee mode the players
    /// keep their guesses on their own physical boards).
    fn marker_owner(&self) -> Option<Color> {
        match (self.mode, self.curtain) {
            (PlayMode::HotSeat, Curtain::Open(c)) => Some(c),
            (PlayMode::Practice(human), _) => Some(human),
            _ => None,
        }
    }

    fn request(&mut self, request: Request, now: Duration) {
        let mover = self.session.to_move();
        self.focus_input = self.mode == PlayMode::Referee;
        match self.session.apply(request.clone(), now) {
            Ok(event) => {
                self.say_this = crate::wording::say_to(
                    &event.said,
                    self.session.rules().wording,
                    event.by.unwrap_or(mover),
                );
                let heard: Vec<Item> = crate::announce::heard_by(&event.said, mover).collect();
                let words = say(&heard, self.session.rules().wording, mover);
                self.message = match &request {
                    Request::Try(a) | Request::Move(a) => Some(format!("{a}: {words}")),
                    Request::Open(_) => {
                        let opener = !self.session.to_move();
                        let heard: Vec<Item> =
                            crate::announce::heard_by(&event.said, opener).collect();
                        Some(say(&heard, self.session.rules().wording, opener))
                    }
                    _ => Some(words),
                };
                if self.draw_offer == Some(!mover) && event.turn_ends {
                    self.draw_offer = None; // an offer lapses when not taken
                }
                let modern = self.session.rules().open_squares > 0
                    && self.session.rules().family == crate::rules::Family::Kriegspiel;
                if matches!(request, Request::Open(_)) {
                    self.opening = None;
                    self.after_turn();
                } else if event.turn_ends
                    && modern
                    && !self.revealed()
                    && self.mode == PlayMode::HotSeat
                {
                    // Modern Kriegspiel: the mover names squares to open before the turn passes.
                    self.opening = Some((mover, Bitboard::EMPTY));
                } else if event.turn_ends {
                    if modern && !self.revealed() {
                        self.say_this.push((
                            "Then".to_owned(),
                            format!(
                                "{} may name {} squares to open: type open a1 b2 …",
                                color_title(mover),
                                self.session.rules().open_squares
                            ),
                        ));
                    }
                    self.after_turn();
                }
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }
}

impl PlayScreen {
    /// An attempt as the rules' request: a Kriegspiel try or an RBC move.
    fn attempt_request(&self, a: Attempt) -> Request {
        match self.session.rules().family {
            crate::rules::Family::Kriegspiel => Request::Try(a),
            crate::rules::Family::Rbc => Request::Move(a),
        }
    }

    /// The turn has passed: in hot-seat play the curtain comes down at once, so the next frame
    /// shows no board.
    fn after_turn(&mut self) {
        if self.mode == PlayMode::HotSeat && !self.revealed() {
            self.curtain = Curtain::Up {
                next: self.session.to_move(),
            };
            self.message = None;
            self.brush = None;
            self.hover = None;
        }
    }
}

fn attempt_intent(view: &PlayerView, a: Attempt) -> Intent {
    let promotes = view.own.role_at(a.from) == Some(Role::Pawn)
        && a.to.rank() == view.color.relative_rank(Rank::Eighth);
    if promotes {
        Intent::AskPromotion(a)
    } else {
        Intent::Attempt(a)
    }
}

/// The opponent's material in the start position (agreed before play, so public), by role.
fn opponent_material(start: &str, color: Color) -> shakmaty::ByRole<u8> {
    let setup = start
        .parse::<shakmaty::fen::Fen>()
        .map(shakmaty::fen::Fen::into_setup)
        .unwrap_or_default();
    setup.board.material_side(!color)
}

/// How many enemy units the player captured, and how many of them were pawns when the rules
/// say so.
fn own_captures(view: &PlayerView, color: Color) -> (usize, Option<usize>) {
    let mut taken = 0;
    let mut pawns = Some(0);
    for turn in view.turns.iter().filter(|t| t.mover == Some(color)) {
        for item in turn
            .heard
            .iter()
            .filter(|h| h.request.is_some())
            .flat_map(|h| h.items.iter())
        {
            if let Item::Capture { unit, .. } = item {
                taken += 1;
                pawns = match (pawns, unit) {
                    (Some(p), Some(crate::announce::Unit::Pawn)) => Some(p + 1),
                    (Some(p), Some(crate::announce::Unit::Piece)) => Some(p),
                    _ => None,
                };
            }
        }
    }
    (taken, pawns)
}

/// Capture squares heard in the current and the previous turn.
fn recent_captures(view: &PlayerView) -> Vec<Square> {
    view.turns
        .iter()
        .rev()
        .take(2)
        .flat_map(|t| t.heard.iter())
        .flat_map(|h| h.items.iter())
        .filter_map(|i| match i {
            Item::Capture { square, .. } | Item::Captured(square) => Some(*square),
            _ => None,
        })
        .collect()
}

/// Check directions the player heard against its own king: announced with the opponent's last
/// move (or at the start), shown while it is the player's turn.
fn recent_checks_on(view: &PlayerView, color: Color) -> Vec<crate::announce::CheckDirection> {
    if view.to_move != color {
        return Vec::new();
    }
    let Some(turn) = view.turns.iter().rev().find(|t| t.mover != Some(color)) else {
        return Vec::new();
    };
    turn.heard
        .iter()
        .flat_map(|h| h.items.iter())
        .filter_map(|i| match i {
            Item::Check(d) => Some(*d),
            _ => None,
        })
        .collect()
}

/// The public facts of the last turn for the curtain: "White moved. Capture at d4. ..."
fn public_summary(items: &[Item], wording: crate::rules::Wording, mover: Color) -> String {
    format!(
        "Announced to both: {}",
        crate::wording::heard_line(items, wording, mover, None)
    )
}

/// What the player heard during the opponent's last turn.
fn since_last_turn(view: &PlayerView, color: Color, wording: crate::rules::Wording) -> String {
    let Some(turn) = view.turns.iter().rev().find(|t| t.mover == Some(!color)) else {
        return String::new();
    };
    let lines: Vec<String> = turn
        .heard
        .iter()
        .map(|h| crate::wording::heard_line(&h.items, wording, !color, Some(color)))
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        format!("{} moved.", color_title(!color))
    } else {
        lines.join(" ")
    }
}

/// The player's log: what it did and heard, by turn, in the rule set's words.
fn heard_log(
    ui: &mut egui::Ui,
    view: &PlayerView,
    wording: crate::rules::Wording,
    height: f32,
    color: Color,
) {
    egui::ScrollArea::vertical()
        .id_salt(("heard", color_title(color)))
        .max_height(height)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for turn in &view.turns {
                if turn.heard.is_empty() {
                    continue;
                }
                let head = match turn.mover {
                    None => "Start".to_owned(),
                    Some(m) if m == color => {
                        format!("{}{} you", turn.number, m.fold_wb(".", "..."))
                    }
                    Some(m) => format!(
                        "{}{} {}",
                        turn.number,
                        m.fold_wb(".", "..."),
                        color_title(m)
                    ),
                };
                let mut parts = Vec::new();
                for h in &turn.heard {
                    let mover = turn.mover.unwrap_or(color);
                    let line = crate::wording::heard_line(&h.items, wording, mover, Some(color));
                    let moved = format!("{} moved.", color_title(mover));
                    let words = match line.strip_prefix(&moved) {
                        Some(rest) => format!("moved.{rest}"),
                        None => line,
                    };
                    parts.push(match &h.request {
                        Some(r) => format!("{}: {words}", crate::replay::request_text(r)),
                        None => words,
                    });
                }
                ui.label(format!("{head}: {}", parts.join(" | ")));
            }
        });
}

/// The referee's log: every request with its answer and audience.
fn referee_log(ui: &mut egui::Ui, session: &GameSession, height: f32) {
    let log = session.game().log();
    let wording = session.rules().wording;
    egui::ScrollArea::vertical()
        .id_salt("referee-log")
        .max_height(height)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            let mut to_move = log
                .start
                .parse::<shakmaty::fen::Fen>()
                .map(|f| f.as_setup().turn)
                .unwrap_or(Color::White);
            for (i, e) in log.events.iter().enumerate() {
                let mover = e.by.unwrap_or(to_move);
                let said: Vec<String> = crate::wording::say_to(&e.said, wording, mover)
                    .into_iter()
                    .map(|(to, text)| format!("{to}: {text}"))
                    .collect();
                ui.label(format!(
                    "{}. {}: {}",
                    i + 1,
                    crate::replay::request_text(&e.request),
                    if said.is_empty() {
                        "-".to_owned()
                    } else {
                        said.join(" / ")
                    }
                ));
                if e.turn_ends {
                    to_move = !to_move;
                }
            }
        });
}

/// Resolves a typed move (UCI or SAN) against the player's own board only.
pub fn resolve_typed(view: &PlayerView, text: &str) -> Result<Attempt, String> {
    if let Ok(a) = Attempt::parse(text) {
        return Ok(a);
    }
    let cleaned: String = text.trim_end_matches(['+', '#', '!', '?']).to_owned();
    let san = San::from_ascii(cleaned.as_bytes()).map_err(|_| {
        format!("'{text}' is not a move: type it like e2e4, Nf3, exd5, O-O or e8=Q")
    })?;
    let candidates: Vec<Attempt> = view
        .possible_attempts()
        .into_iter()
        .filter(|a| san_matches(view, san, *a))
        .collect();
    match candidates.as_slice() {
        [one] => Ok(*one),
        [] => Err(format!("none of your pieces can play {text}")),
        many => Err(format!(
            "{text} is ambiguous: {}",
            many.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" or ")
        )),
    }
}

fn san_matches(view: &PlayerView, san: San, a: Attempt) -> bool {
    let role = view.own.role_at(a.from);
    match san {
        San::Normal {
            role: r,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            role == Some(r)
                && to == a.to
                && file.is_none_or(|f| f == a.from.file())
                && rank.is_none_or(|rk| rk == a.from.rank())
                && promotion == a.promotion
                && (!capture || r != Role::Pawn || a.from.file() != a.to.file())
        }
        San::Castle(side) => {
            role == Some(Role::King)
                && a.from.distance(a.to) == 2
                && a.from.rank() == a.to.rank()
                && (a.to.file() > a.from.file()) == (side == shakmaty::CastlingSide::KingSide)
        }
        _ => false,
    }
}
