//! Study mode: step through a saved game from White's, Black's or the referee's view, through
//! the one replay every game has ([`Replay`]: the cursor, the moves, the referee's game, each
//! seat's view from what it was told).
//!
//! A timeline of every event grouped by move (step one event or one move, jump anywhere,
//! autoplay; `timeline`), a move list with the studier's comments (`moves`), a perspective
//! switch, and the "what could you have known" overlay: the squares where the opponent's king
//! could have been, from that player's knowledge only. A player's perspective draws only that
//! player's board, the others covered, unless the studier asks to compare it with the truth: then
//! the player's board and the referee's stand side by side ([`StudyScreen::may_see`]).

mod heat;
mod moves;
mod review;
mod share;
mod timeline;

pub use moves::{COMMENT_LABEL, HIDDEN_MOVE, MoveEntry, move_list};
pub use review::ReviewPanel;
pub use timeline::{step_buttons, step_keys};

use super::board::{self, Arrow, BoardSpec, Highlight};
use super::layout::{self, Room};
use super::logs::study_heard_log;
use super::settings::Settings;
use super::theme;
use super::visibility::{Drawn, Place, Viewer};
use crate::announce::Item;
use crate::log::Game;
use crate::referee::Request;
use crate::replay::Perspective;
use crate::replay::step::Replay;
use crate::save::SavedGame;
use crate::seat::game::Chess;
use crate::view::PlayerView;
use crate::wording::color_title;
use egui::RichText;
use shakmaty::{Color, Role};
use std::path::PathBuf;

/// What the study screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StudyRequest {
    /// Export the referee's PGN.
    ExportPgn,
    /// Export the perspective's filtered PGN.
    ExportFiltered(Color),
    /// Export the board of the perspective shown as a picture (PNG or SVG).
    ExportPicture,
    /// Save the game with its comments to a file the user picks (the study has no file of its
    /// own to write back to).
    SaveAs,
    /// Leave study mode.
    Close,
}

/// The study screen's state.
pub struct StudyScreen {
    /// The game studied.
    pub saved: SavedGame,
    /// Whose knowledge is shown.
    pub perspective: Perspective,
    /// The game stepped through: the cursor (how many events have happened at the point shown,
    /// 0 = the start) and the referee's game there.
    replay: Replay<Chess>,
    /// Autoplay is on.
    pub autoplay: bool,
    /// Autoplay speed, events per second.
    pub speed: f32,
    last_step: f64,
    /// Show the "what could you have known" overlay.
    pub overlay: bool,
    /// The overlay's unit kind (`None`: every enemy unit).
    pub overlay_role: Option<Role>,
    heat: heat::Heat,
    /// A KR vs K game: the computer's metaposition (White's king-square set) can be shown.
    pub krk: bool,
    /// Show the computer's metaposition on White's board.
    pub metaposition: bool,
    flipped: bool,
    /// What was drawn on each board in the last frame.
    pub drawn: Vec<Drawn>,
    /// The last note for the user (e.g. "FEN copied").
    pub notice: Option<String>,
    /// The timeline was last scrolled to this event.
    scrolled_to: usize,
    /// The timeline's names of the attempts, by event, and the perspective and notation they
    /// were written for (kept: the game does not change while studied).
    event_words: Option<(
        (Perspective, crate::replay::Notation),
        std::collections::HashMap<usize, String>,
    )>,
    /// Show the referee's true board beside a player's (asked for by the studier).
    pub compare: bool,
    /// The file the game was loaded from, where "Save comments" writes it back.
    pub path: Option<PathBuf>,
    /// The move list and the perspective it was made for.
    moves: Option<(Perspective, Vec<MoveEntry>)>,
    /// The move list was last scrolled to this point.
    moves_scrolled_to: usize,
    /// Comments were changed since the game was last saved.
    unsaved: bool,
    /// The review after the reveal.
    pub review: ReviewPanel,
    /// Each board drawn in the last frame, as a picture to share.
    pub pictures: Vec<(Place, crate::picture::Picture)>,
}

/// The event index ranges of each turn: (move number, mover, first event, end event).
fn turns(saved: &SavedGame) -> Vec<(u32, Color, usize, usize)> {
    saved
        .log
        .turns()
        .map(|t| (t.number, t.mover, t.first, t.first + t.events.len()))
        .collect()
}

/// The room study mode keeps around its boards (the bars above, the timeline below).
const ROOM: Room = Room {
    beside: 170.0,
    log_reserve: 60.0,
    stacked_log: None,
    stacked_gap: false,
};

impl StudyScreen {
    /// Study `game` (over: only the gate, [`crate::gate`], makes one), from the start, as the
    /// referee.
    pub fn new(game: crate::gate::Finished) -> StudyScreen {
        let saved = game.into_saved();
        let krk = crate::krk::practice::white_knowledge(&PlayerView::build_prefix(
            &saved.log,
            Color::White,
            0,
        ))
        .is_some();
        StudyScreen {
            krk,
            metaposition: krk,
            replay: Replay::new(saved.log.clone()),
            saved,
            perspective: Perspective::Referee,
            autoplay: false,
            speed: 2.0,
            last_step: 0.0,
            overlay: true,
            overlay_role: Some(Role::King),
            heat: heat::Heat::default(),
            flipped: false,
            drawn: Vec::new(),
            notice: None,
            scrolled_to: usize::MAX,
            event_words: None,
            compare: false,
            path: None,
            moves: None,
            moves_scrolled_to: usize::MAX,
            unsaved: false,
            review: ReviewPanel::default(),
            pictures: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.replay.len()
    }

    /// How many events have happened at the point shown (0 = the start).
    pub fn cursor(&self) -> usize {
        self.replay.cursor()
    }

    /// Moves the cursor to `n` events (clamped).
    pub fn seek(&mut self, n: usize) {
        self.replay.seek(n);
    }

    /// One move forward (to the end of the current or next turn).
    pub fn next_move(&mut self) {
        self.replay.next_move();
    }

    /// One move back (to the end of the previous turn).
    pub fn previous_move(&mut self) {
        self.replay.previous_move();
    }

    /// The referee's game at the cursor.
    pub fn truth(&mut self) -> Option<&Game> {
        self.replay.truth()
    }

    /// Whether the perspective may see `place`: the one rule for what study draws. A player's
    /// perspective sees its own board, and the referee's only when the studier turned on the
    /// comparison with the truth.
    pub fn may_see(&self, place: Place) -> bool {
        Viewer::at_study(self.perspective.color()).may_see(place)
            || (self.compare && place == Place::Referee)
    }

    /// Draws the screen.
    pub fn show(&mut self, ui: &mut egui::Ui, settings: &Settings) -> Vec<StudyRequest> {
        let mut requests = Vec::new();
        self.drawn.clear();
        self.pictures.clear();
        self.keyboard(ui);
        let time = ui.input(|i| i.time);
        if self.autoplay {
            if self.cursor() >= self.len() {
                self.autoplay = false;
            } else if time - self.last_step >= 1.0 / f64::from(self.speed.max(0.1)) {
                self.replay.forward();
                self.last_step = time;
            }
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(50));
        }
        egui::Panel::top("study-top").show(ui, |ui| self.top_bar(ui, &mut requests));
        egui::Panel::bottom("study-timeline").show(ui, |ui| self.timeline(ui, settings.notation));
        if self.review.open {
            egui::Panel::bottom("study-review")
                .resizable(true)
                .show(ui, |ui| self.review_panel(ui));
        }
        egui::Panel::right("study-moves")
            .resizable(true)
            .default_size(230.0)
            .show(ui, |ui| self.moves_panel(ui, &mut requests));
        egui::CentralPanel::default().show(ui, |ui| self.boards(ui, settings));
        requests
    }

    /// The keys, each press counted: every game's study keys ([`timeline::step_key`]), then
    /// Space (autoplay) and F (flip).
    fn keyboard(&mut self, ui: &egui::Ui) {
        for (key, ctrl) in timeline::key_presses(ui) {
            if timeline::step_key(&mut self.replay, key, ctrl) {
                continue;
            }
            match key {
                egui::Key::Space => self.autoplay = !self.autoplay,
                egui::Key::F => self.flipped = !self.flipped,
                _ => {}
            }
        }
    }

    fn top_bar(&mut self, ui: &mut egui::Ui, requests: &mut Vec<StudyRequest>) {
        ui.horizontal_wrapped(|ui| {
            ui.heading(format!("Study: {}", self.saved.log.rules.title()));
            ui.separator();
            ui.label("View:");
            ui.radio_value(&mut self.perspective, Perspective::White, "White");
            ui.radio_value(&mut self.perspective, Perspective::Black, "Black");
            ui.radio_value(&mut self.perspective, Perspective::Referee, "Referee");
            ui.separator();
            if self.perspective != Perspective::Referee {
                ui.checkbox(&mut self.overlay, "What could you have known");
                if self.overlay {
                    let name = |r: Option<Role>| r.map_or("every unit", super::pieces::role_name);
                    egui::ComboBox::from_label("on the map")
                        .selected_text(name(self.overlay_role))
                        .show_ui(ui, |ui| {
                            for r in [
                                None,
                                Some(Role::King),
                                Some(Role::Queen),
                                Some(Role::Rook),
                                Some(Role::Bishop),
                                Some(Role::Knight),
                                Some(Role::Pawn),
                            ] {
                                ui.selectable_value(&mut self.overlay_role, r, name(r));
                            }
                        });
                }
                let compare = ui.checkbox(&mut self.compare, "Compare with the truth");
                let on = self.compare;
                compare.widget_info(|| {
                    egui::WidgetInfo::selected(
                        egui::Role::CheckBox,
                        true,
                        on,
                        "Compare with the truth",
                    )
                });
            }
            if self.krk && self.perspective != Perspective::Black {
                ui.checkbox(&mut self.metaposition, "Computer's metaposition");
            }
            ui.separator();
            if ui.button("Export PGN…").clicked() {
                requests.push(match self.perspective.color() {
                    Some(c) => StudyRequest::ExportFiltered(c),
                    None => StudyRequest::ExportPgn,
                });
            }
            if ui
                .add_enabled(!self.review.open, egui::Button::new("Review"))
                .on_hover_text("After the reveal: what each side knew, the mates there were, what the computer would have tried")
                .clicked()
            {
                self.open_review();
            }
            if ui.button("Export picture…").clicked() {
                requests.push(StudyRequest::ExportPicture);
            }
            if ui.button("Copy FEN").clicked() {
                // Only what the chosen perspective may see: a player's own pieces, or the truth
                // for the referee.
                let fen = match self.perspective.color() {
                    Some(c) => {
                        Some(self.replay.view(c).known_fen())
                    }
                    None => self.truth().map(|g| g.referee().fen()),
                };
                if let Some(fen) = fen {
                    ui.ctx().copy_text(fen.clone());
                    self.notice = Some(format!("Copied {fen}"));
                }
            }
            if ui.button("Close study").clicked() {
                requests.push(StudyRequest::Close);
            }
            if let Some(n) = &self.notice {
                ui.label(n);
            }
        });
    }

    fn boards(&mut self, ui: &mut egui::Ui, settings: &Settings) {
        match self.perspective.color() {
            Some(color) if self.compare => self.compare_boards(ui, color, settings),
            _ => layout::three_boards(ui, ROOM, |ui, place, size, log_height| {
                self.place_column(ui, place, size, log_height, settings)
            }),
        }
    }

    /// The comparison: `color`'s board (what it knew) beside the referee's (the truth), or one
    /// above the other in a narrow window.
    fn compare_boards(&mut self, ui: &mut egui::Ui, color: Color, settings: &Settings) {
        const GAP: f32 = 16.0;
        const MIN_BOARD: f32 = 160.0;
        let places = [Place::Player(color), Place::Referee];
        let avail = ui.available_size();
        if avail.x >= 2.0 * MIN_BOARD + 3.0 * GAP {
            let size = ((avail.x - GAP) / 2.0)
                .min(avail.y - ROOM.beside)
                .max(MIN_BOARD);
            let log_height = (avail.y - size - ROOM.log_reserve).max(60.0);
            ui.horizontal_top(|ui| {
                for place in places {
                    ui.vertical(|ui| {
                        ui.set_width(size);
                        ui.set_max_width(size);
                        self.place_column(ui, place, size, log_height, settings);
                    });
                    ui.add_space(GAP);
                }
            });
        } else {
            let size = (avail.x - 24.0).max(MIN_BOARD);
            egui::ScrollArea::vertical()
                .id_salt("study-compare")
                .show(ui, |ui| {
                    for place in places {
                        self.place_column(ui, place, size, 120.0, settings);
                    }
                });
        }
    }

    /// One place's column: its title, then its board (and log), or the covered board.
    fn place_column(
        &mut self,
        ui: &mut egui::Ui,
        place: Place,
        size: f32,
        log_height: f32,
        settings: &Settings,
    ) {
        ui.label(RichText::new(place.title("")).strong());
        if !self.may_see(place) {
            board::covered(ui, place.name(), size);
            return;
        }
        match place {
            Place::Player(c) => self.player_board(ui, c, size, log_height, settings),
            Place::Referee => self.referee_board(ui, size, settings),
        }
    }

    fn player_board(
        &mut self,
        ui: &mut egui::Ui,
        color: Color,
        size: f32,
        log_height: f32,
        settings: &Settings,
    ) {
        let view = self.replay.view(color);
        if view.rules.variant().capabilities().pocket_tray {
            // Crazyhouse Kriegspiel: both pockets are public, as this player knew them.
            let show = |s: String| if s.is_empty() { "empty".to_owned() } else { s };
            ui.label(format!(
                "Pockets: White {} · Black {}",
                show(view.pocket_letters(Color::White)),
                show(view.pocket_letters(Color::Black))
            ));
        }
        let markers = self.saved.markers.at(color, self.cursor());
        let mut spec = BoardSpec {
            name: color_title(color).to_owned(),
            white_at_bottom: (color == Color::White) != self.flipped,
            coordinates: settings.coordinates,
            pieces: view.own.iter().collect(),
            markers: markers.iter().map(|(sq, r)| (*sq, r.of(!color))).collect(),
            ..BoardSpec::default()
        };
        spec.ghosts.extend(view.enemy_sightings());
        if let Some(m) = view.last_move {
            spec.highlights.push((m.from, Highlight::LastMove));
            spec.highlights.push((m.to, Highlight::LastMove));
        }
        if let Some(turn) = view.turns.last() {
            for item in turn.heard.iter().flat_map(|h| h.items.iter()) {
                if let Item::Capture { square, .. } | Item::Captured(square) = item {
                    spec.highlights.push((*square, Highlight::Capture));
                }
            }
        }
        self.overlays(&view, color, &mut spec);
        self.drawn.push(Drawn::of(Place::Player(color), &spec));
        self.pictures
            .push((Place::Player(color), share::picture(&spec)));
        board::show(ui, &spec, size);
        study_heard_log(ui, &view, log_height, color, settings.notation);
    }

    /// The overlays on a player's board: the belief's heat map (or the king tracker's squares)
    /// and the computer's metaposition.
    fn overlays(&mut self, view: &PlayerView, color: Color, spec: &mut BoardSpec) {
        if self.overlay && self.perspective.color() == Some(color) {
            let role = self.overlay_role;
            match self
                .heat
                .squares(&self.saved.log, color, self.cursor(), role)
            {
                // The heat map of the player's belief (exact, or a sample of it).
                Some((squares, exact)) => {
                    let n = squares.len();
                    let what = role.map_or("units", super::pieces::role_name);
                    spec.caption = Some(format!(
                        "{what}: {n} square{}{}",
                        if n == 1 { "" } else { "s" },
                        if exact { "" } else { " (sampled)" }
                    ));
                    spec.heat = squares;
                }
                // Without a belief state: the king tracker's squares.
                None => {
                    for sq in view.king.possible {
                        spec.highlights.push((sq, Highlight::Region));
                    }
                    for sq in view.king.empty {
                        spec.highlights.push((sq, Highlight::Seen));
                    }
                    let n = view.king.possible.count();
                    spec.caption =
                        Some(format!("king: {n} square{}", if n == 1 { "" } else { "s" }));
                }
            }
        }
        // The computer's metaposition: White's set, rebuilt from what White heard (shown only
        // where White's board may be seen, and instead of the player overlay).
        if self.metaposition
            && color == Color::White
            && self.may_see(Place::Player(Color::White))
            && let Some((meta, _)) = crate::krk::practice::white_knowledge(view)
        {
            spec.highlights
                .retain(|(_, h)| !matches!(h, Highlight::Region | Highlight::Seen));
            for sq in meta.bk {
                spec.highlights.push((sq, Highlight::Region));
            }
            let n = meta.bk.count();
            spec.caption = Some(format!(
                "metaposition: {n} square{}",
                if n == 1 { "" } else { "s" }
            ));
        }
    }

    fn referee_board(&mut self, ui: &mut egui::Ui, size: f32, settings: &Settings) {
        let cursor = self.cursor();
        let flipped = self.flipped;
        let Some(game) = self.truth() else {
            ui.label("This position cannot be rebuilt.");
            return;
        };
        let board_now = game.referee().true_board().clone();
        let mut spec = BoardSpec {
            name: "Referee".to_owned(),
            white_at_bottom: !flipped,
            coordinates: settings.coordinates,
            pieces: board_now.iter().collect(),
            ..BoardSpec::default()
        };
        // Every refused attempt of the turn under way, as an arrow; the last move highlighted.
        let events = &self.saved.log.events[..cursor];
        for (from, to) in crate::picture::refused_this_turn(events) {
            spec.arrows.push(Arrow {
                from,
                to,
                color: theme::STUDY_REFUSED_ARROW,
            });
        }
        if let Some(e) = events.iter().rev().find(|e| e.turn_ends)
            && let Request::Try(a) | Request::Move(a) = &e.request
        {
            spec.highlights.push((a.from, Highlight::LastMove));
            spec.highlights.push((a.to, Highlight::LastMove));
        }
        self.drawn.push(Drawn::of(Place::Referee, &spec));
        self.pictures.push((Place::Referee, share::picture(&spec)));
        board::show(ui, &spec, size);
        if let Some(g) = self.truth() {
            ui.label(RichText::new(g.referee().fen()).small().monospace());
        }
    }
}
