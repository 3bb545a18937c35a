//! The game screen's boards: the three columns laid out as at the table, each player's own
//! board (pieces, markers, what it heard, move and marker input) with its marker tray, and the
//! referee's true board (where the club referee enters attempts). A board the viewer may not see
//! is drawn covered.

use super::input::{attempt_intent, bound_to_pawn_captures, click_intent};
use super::{Brush, Drawn, Intent, Place, PlayMode, PlayScreen};
use crate::announce::Item;
use crate::app::board::{self, Arrow, BoardEvent, BoardSpec, Highlight};
use crate::app::layout::{self, Room};
use crate::app::logs::{heard_log, referee_log};
use crate::app::pieces::{self, role_name};
use crate::app::settings::{MoveMethod, Settings};
use crate::app::theme;
use crate::attempt::Attempt;
use crate::referee::Request;
use crate::view::PlayerView;
use crate::wording::color_title;
use egui::{Color32, RichText};
use shakmaty::{Bitboard, Color, Role};

/// The room the game screen keeps around its boards (the bars above and below, the line of what
/// was heard since the last turn, the marker tray).
const ROOM: Room = Room {
    beside: 190.0,
    log_reserve: 90.0,
    stacked_log: Some(140.0),
    stacked_gap: true,
};

impl PlayScreen {
    /// The three boards with their logs.
    pub(super) fn boards(
        &mut self,
        ui: &mut egui::Ui,
        settings: &Settings,
        intents: &mut Vec<Intent>,
    ) {
        // In a narrow window the board of the person at the screen comes first.
        let focus = match self.mode {
            PlayMode::Referee => Some(Place::Referee),
            // One person at the screen, whoever is to move: always that person's board.
            PlayMode::Practice(c) | PlayMode::Remote(c) => Some(Place::Player(c)),
            PlayMode::HotSeat => self.active_player().map(Place::Player),
        };
        layout::three_boards_focused(ui, ROOM, focus, |ui, place, size, log_height| {
            self.place_column(ui, place, size, log_height, settings, intents)
        });
    }

    /// One place's column: its title, then its board and log, or the covered board.
    fn place_column(
        &mut self,
        ui: &mut egui::Ui,
        place: Place,
        size: f32,
        log_height: f32,
        settings: &Settings,
        intents: &mut Vec<Intent>,
    ) {
        let name = match place {
            Place::Player(c) => c.fold_wb(&self.session.meta().white, &self.session.meta().black),
            Place::Referee => "",
        };
        let title = place.title(name);
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

    /// A player's board is seen from its own side unless the boards are flipped.
    fn white_at_bottom(&self, own: Color) -> bool {
        (own == Color::White) != self.flipped
    }

    /// A player's own board: its pieces and markers, what it saw and heard, and its input.
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
        let own = view.own.by_color(color);
        let abilities = self.session.rules().variant().capabilities();
        let sensing = active && abilities.sense_prompt && !view.sensed;
        let opening = match self.opening {
            Some((c, chosen)) if c == color => Some(chosen),
            _ => None,
        };
        // A handicap game's sighted player sees the whole true board (RULES.md 5.2); every other
        // player board holds the player's own pieces only.
        let sighted = abilities.sees_whole_board == Some(color);
        let can_mark = !self.revealed() && self.marker_owner() == Some(color) && opening.is_none();
        let marker_squares = markers
            .keys()
            .filter(|sq| !own.contains(**sq))
            .fold(Bitboard::EMPTY, |b, sq| b.with(*sq));
        let pieces = match self.session.truth() {
            Some(game) if sighted => game.referee().true_board().iter().collect(),
            _ => view.own.iter().collect(),
        };
        let mut spec = BoardSpec {
            name: color_title(color).to_owned(),
            white_at_bottom: self.white_at_bottom(color),
            coordinates: settings.coordinates,
            pieces,
            // A guess under one of the player's own pieces is never drawn.
            markers: markers
                .iter()
                .filter(|(sq, _)| !own.contains(**sq))
                .map(|(sq, role)| (*sq, role.of(!color)))
                .collect(),
            click: true,
            drag: settings.move_method != MoveMethod::Click
                && ((active && !sensing) || (can_mark && !markers.is_empty())),
            // The own pieces on the player's turn; a guessed piece may be dragged elsewhere
            // whenever the player may mark.
            movable: if active && !sensing {
                own
            } else {
                Bitboard::EMPTY
            } | if can_mark {
                marker_squares
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
        for sq in view.recent_captures() {
            spec.highlights.push((sq, Highlight::Capture));
        }
        if let Some(king) = view.own.king_of(color) {
            for dir in view.recent_checks() {
                for sq in board::check_shading(king, dir, own) {
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
        // The practice training aid: the person's belief as a heat map on its own board.
        if self.training_aid && self.mode == PlayMode::Practice(color) && !self.revealed() {
            match &mut self.training {
                Some(belief) => belief.update(&view),
                None => {
                    self.training =
                        crate::belief::Belief::with_cap(&view, crate::belief::OVERLAY_CAP, 1).ok()
                }
            }
            if let Some(belief) = &self.training {
                spec.heat = belief.squares(None);
            }
        }
        let pocket = if active { self.pocket } else { None };
        if let Some(role) = pocket
            && settings.hints
        {
            // A pocket unit picked up: the squares it may be dropped on.
            spec.dots = view
                .possible_attempts()
                .into_iter()
                .filter(|a| a.dropped() == Some(role))
                .fold(Bitboard::EMPTY, |b, a| b.with(a.to));
        }
        if let Some(sel) = selected {
            spec.highlights.push((sel, Highlight::Selected));
            if settings.move_method != MoveMethod::Drag && settings.hints {
                // After "Any?" answered "Try": only the pawn captures the player still owes.
                let bound = bound_to_pawn_captures(&view);
                let side = view.side();
                spec.dots = view
                    .possible_attempts()
                    .into_iter()
                    .filter(|a| a.from == sel)
                    .filter(|a| {
                        !bound
                            || (side.is_pawn_capture(*a)
                                && !view.refused.iter().any(|(r, _)| r == a))
                    })
                    .fold(Bitboard::EMPTY, |b, a| b.with(a.to));
            }
        }
        if active {
            for (a, _) in &view.refused {
                spec.arrows.push(Arrow {
                    from: a.from,
                    to: a.to,
                    color: theme::REFUSED_ARROW,
                });
            }
        }
        self.drawn.push(Drawn::of(Place::Player(color), &spec));
        let events = board::show(ui, &spec, size);
        if active && self.mode != PlayMode::Referee {
            let digest = view.since_last_turn(self.session.rules().wording);
            if !digest.is_empty() {
                ui.label(RichText::new(format!("Since your last turn: {digest}")).italics());
            }
        }
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
                // Crazyhouse: a pocket unit dragged onto the board, or picked up and then a
                // square clicked, is a drop; a click on one's own piece selects it instead.
                BoardEvent::PocketDropped { role, to } if active && !sensing => {
                    intents.push(Intent::Attempt(Attempt::drop(role, to)));
                }
                BoardEvent::Clicked(sq) if active && !own.contains(sq) && pocket.is_some() => {
                    if let Some(role) = pocket {
                        intents.push(Intent::Attempt(Attempt::drop(role, sq)));
                    }
                }
                // A brush marks (or erases) squares without own pieces; a piece picked up for a
                // move, or a click on one's own piece, is always a move click.
                BoardEvent::Clicked(sq)
                    if can_mark && selected.is_none() && !own.contains(sq) && brush.is_some() =>
                {
                    intents.push(match brush {
                        Some(Brush::Mark(role)) => Intent::Marker(sq, Some(role)),
                        _ => Intent::Marker(sq, None),
                    });
                }
                BoardEvent::Clicked(sq) if active => {
                    intents.extend(click_intent(&view, own, selected, sq));
                }
                // A guessed piece dragged to another square moves there.
                BoardEvent::Dropped { from, to }
                    if can_mark && marker_squares.contains(from) && !own.contains(to) =>
                {
                    if let Some(role) = markers.get(&from) {
                        intents.push(Intent::Marker(from, None));
                        intents.push(Intent::Marker(to, Some(*role)));
                    }
                }
                BoardEvent::Dropped { from, to } if active && !sensing => {
                    intents.push(attempt_intent(&view, Attempt::new(from, to)));
                }
                BoardEvent::RightClicked(sq) if can_mark && !own.contains(sq) => {
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
        if abilities.pocket_tray {
            self.pocket_tray(ui, color, &view, active && !sensing, intents);
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
        let material = view.opponent_material();
        ui.horizontal_wrapped(|ui| {
            ui.label("Mark:");
            for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn] {
                let image = egui::Image::new(pieces::image(role.of(enemy)))
                    .fit_to_exact_size(egui::vec2(theme::TRAY_PIECE, theme::TRAY_PIECE));
                let selected = self.brush == Some(Brush::Mark(role));
                let fill = if selected { theme::BRUSH_SELECTED } else { theme::SQUARE_LIGHT };
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
                    intents.push(Intent::Brush(if selected { None } else { Some(Brush::Mark(role)) }));
                }
            }
            let erasing = self.brush == Some(Brush::Erase);
            let erase = ui
                .add(egui::Button::new("Erase").selected(erasing))
                .on_hover_text("Then click a guessed piece to remove it");
            if erase.clicked() {
                intents.push(Intent::Brush(if erasing { None } else { Some(Brush::Erase) }));
            }
            let (taken, pawns) = view.own_captures();
            if taken > 0 {
                let detail = pawns.map_or(String::new(), |p| format!(" ({p} pawns)"));
                ui.label(format!("You captured {taken}{detail}."));
            }
            if !view.lost.is_empty() {
                ui.label(format!("You lost {}.", view.lost.len()));
            }
        });
    }

    /// Crazyhouse Kriegspiel: both pockets (public). On its turn the player drags a unit of its
    /// own pocket onto the board, or clicks it and then a square (or types `N@f3`).
    fn pocket_tray(
        &self,
        ui: &mut egui::Ui,
        color: Color,
        view: &PlayerView,
        active: bool,
        intents: &mut Vec<Intent>,
    ) {
        ui.horizontal_wrapped(|ui| {
            for side in [color, !color] {
                ui.label(format!("{} pocket:", color_title(side)));
                let pocket = view.pockets.get(side);
                let mine = active && side == color;
                let mut empty = true;
                for role in crate::setup::POCKET_ROLES {
                    let count = *pocket.get(role);
                    if count == 0 {
                        continue;
                    }
                    empty = false;
                    let image = egui::Image::new(pieces::image(role.of(side)))
                        .fit_to_exact_size(egui::vec2(theme::TRAY_PIECE, theme::TRAY_PIECE));
                    let label = format!("{} pocket {}", color_title(side), role_name(role));
                    let chosen = mine && self.pocket == Some(role);
                    let text = RichText::new(format!("{count}")).color(Color32::BLACK);
                    let button = egui::Button::image_and_text(image, text)
                        .fill(if chosen {
                            theme::BRUSH_SELECTED
                        } else {
                            theme::SQUARE_LIGHT
                        })
                        .selected(chosen);
                    let resp = if mine {
                        let resp = ui
                            .add(button.sense(egui::Sense::click_and_drag()))
                            .on_hover_text(format!(
                                "Drop a {}: drag it onto your board, or click it and then a square",
                                role_name(role)
                            ));
                        resp.dnd_set_drag_payload(board::PocketUnit(role));
                        if resp.dragged()
                            && let Some(at) = ui.ctx().pointer_interact_pos()
                        {
                            // The unit follows the pointer while it is carried.
                            let size = egui::Vec2::splat(theme::TRAY_PIECE * 1.5);
                            egui::Area::new(resp.id.with("carried"))
                                .order(egui::Order::Tooltip)
                                .fixed_pos(at - size / 2.0)
                                .interactable(false)
                                .show(ui.ctx(), |ui| {
                                    ui.add(
                                        egui::Image::new(pieces::image(role.of(side)))
                                            .fit_to_exact_size(size),
                                    )
                                });
                        }
                        resp
                    } else {
                        ui.add_enabled(false, button)
                    };
                    resp.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Button, mine, &label)
                    });
                    if mine && resp.clicked() {
                        intents.push(Intent::SelectPocket(if chosen { None } else { Some(role) }));
                    }
                }
                if empty {
                    ui.label("empty");
                }
                ui.add_space(8.0);
            }
        });
    }

    /// The referee's true board; in club referee mode the mover's attempts are entered on it.
    fn referee_board(
        &mut self,
        ui: &mut egui::Ui,
        size: f32,
        log_height: f32,
        settings: &Settings,
        intents: &mut Vec<Intent>,
    ) {
        // The referee's board is the truth: only a table that shows it to this caller draws it.
        let Some(game) = self.session.truth() else {
            board::covered(ui, Place::Referee.name(), size);
            return;
        };
        let board = game.referee().true_board().clone();
        let log = game.log();
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
        self.drawn.push(Drawn::of(Place::Referee, &spec));
        let events = board::show(ui, &spec, size);
        if club {
            // The referee enters the mover's attempt on the true board.
            let view = self.session.view(mover).clone();
            let sensing = self.session.rules().variant().senses() && !view.sensed;
            for event in events {
                match event {
                    BoardEvent::Clicked(sq) if sensing => {
                        intents.push(Intent::Ask(Request::Sense(Some(sq))))
                    }
                    BoardEvent::Clicked(sq) => {
                        let own = board.by_color(mover);
                        intents.extend(click_intent(&view, own, self.selected, sq));
                    }
                    BoardEvent::Dropped { from, to } => {
                        intents.push(attempt_intent(&view, Attempt::new(from, to)))
                    }
                    _ => {}
                }
            }
        }
        if let Some(game) = self.session.truth() {
            // The club referee's corrections stay in the log.
            referee_log(ui, game, self.session.corrections(), log_height);
        }
    }
}
