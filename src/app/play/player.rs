//! A player's own board: its pieces (the whole true board for a handicap game's sighted player,
//! from the table's public facts), its markers, what it saw and heard, and its input: moves,
//! drops, senses, squares to open, Semi-Kriegspiel's placement, guessed pieces.

use super::input::{attempt_intent, bound_to_pawn_captures, click_intent};
use super::{Brush, Drawn, Intent, Place, PlayMode, PlayScreen};
use crate::app::board::{self, Arrow, BoardEvent, BoardSpec, Highlight};
use crate::app::logs::heard_log;
use crate::app::settings::{MoveMethod, Settings};
use crate::app::theme;
use crate::attempt::Attempt;
use crate::referee::Request;
use crate::view::PlayerView;
use crate::wording::color_title;
use egui::RichText;
use shakmaty::{Bitboard, Color, Role, Square};
use std::collections::BTreeMap;

/// What one player's board is doing this frame.
struct Seat {
    color: Color,
    view: PlayerView,
    /// The board takes this player's moves now.
    active: bool,
    own: Bitboard,
    /// RBC: the player senses before moving.
    sensing: bool,
    /// Modern Kriegspiel: the squares chosen to open so far.
    opening: Option<Bitboard>,
    /// Semi-Kriegspiel: the player places its king and queen.
    placing: bool,
    can_mark: bool,
    markers: BTreeMap<Square, Role>,
    marker_squares: Bitboard,
    selected: Option<Square>,
    pocket: Option<Role>,
}

impl PlayScreen {
    /// A player's own board with its trays and, given a height, what it heard under it.
    pub(super) fn player_board(
        &mut self,
        ui: &mut egui::Ui,
        color: Color,
        size: f32,
        log_height: Option<f32>,
        settings: &Settings,
        intents: &mut Vec<Intent>,
    ) {
        self.notation = settings.notation;
        let seat = self.seat(color);
        let mut spec = self.player_spec(&seat, settings);
        self.hints(&seat, settings, &mut spec);
        self.drawn.push(Drawn::of(Place::Player(color), &spec));
        let events = board::show(ui, &spec, size);
        if seat.active && self.mode != PlayMode::Referee {
            let digest = crate::replay::record::since_last_turn(&seat.view);
            if !digest.is_empty() {
                ui.label(RichText::new(format!("Since your last turn: {digest}")).italics());
            }
        }
        for event in events {
            self.board_event(ui, &seat, event, intents);
        }
        if seat.can_mark {
            // The markers drawn: a guess under one of the player's own pieces is not.
            let placed = seat
                .markers
                .iter()
                .filter(|(sq, _)| !seat.own.contains(**sq))
                .map(|(sq, role)| (*sq, *role))
                .collect();
            self.marker_tray(ui, (color, &seat.view), &placed, intents);
        }
        if self.facts().rules.variant().capabilities().pocket_tray {
            let active = seat.active && !seat.sensing;
            self.pocket_tray(ui, color, &seat.view, active, intents);
        }
        if let Some(height) = log_height {
            heard_log(ui, &seat.view, height, color, settings.notation);
        }
    }

    /// What `color`'s board is doing this frame.
    fn seat(&mut self, color: Color) -> Seat {
        let active = self.active_player() == Some(color);
        let markers = self.table.markers().current(color).clone();
        let view = self.table.view(color).clone();
        let own = view.own.by_color(color);
        let senses = self.facts().rules.variant().senses();
        let opening = match self.entry.opening {
            Some((c, chosen)) if c == color => Some(chosen),
            _ => None,
        };
        let can_mark = !self.revealed() && self.marker_owner() == Some(color) && opening.is_none();
        let marker_squares = markers
            .keys()
            .filter(|sq| !own.contains(**sq))
            .fold(Bitboard::EMPTY, |b, sq| b.with(*sq));
        Seat {
            color,
            active,
            own,
            sensing: active && senses && !view.sensed,
            opening,
            placing: active && self.facts().placing == Some(color),
            can_mark,
            markers,
            marker_squares,
            selected: if active { self.entry.selected } else { None },
            pocket: if active { self.entry.pocket } else { None },
            view,
        }
    }

    /// The board as the player sees it: pieces, markers, what it saw, its last move, captures
    /// and checks.
    fn player_spec(&self, seat: &Seat, settings: &Settings) -> BoardSpec {
        let (color, view, own) = (seat.color, &seat.view, seat.own);
        let abilities = self.facts().rules.variant().capabilities();
        // A handicap game's sighted player sees the whole true board (RULES.md 5.2), from the
        // table's public facts (a local table and a remote seat alike); every other player
        // board holds the player's own pieces only.
        let pieces = match &self.facts().whole_board {
            Some(board) if abilities.sees_whole_board == Some(color) => board.iter().collect(),
            _ => view.own.iter().collect(),
        };
        let moving = seat.active && !seat.sensing && !seat.placing;
        let mut spec = BoardSpec {
            name: color_title(color).to_owned(),
            white_at_bottom: self.white_at_bottom(color),
            coordinates: settings.coordinates,
            pieces,
            // A guess under one of the player's own pieces is never drawn.
            markers: seat
                .markers
                .iter()
                .filter(|(sq, _)| !own.contains(**sq))
                .map(|(sq, role)| (*sq, role.of(!color)))
                .collect(),
            click: true,
            drag: settings.move_method != MoveMethod::Click
                && (moving || (seat.can_mark && !seat.markers.is_empty())),
            // The own pieces on the player's turn; a guessed piece may be dragged elsewhere
            // whenever the player may mark.
            movable: if moving { own } else { Bitboard::EMPTY }
                | if seat.can_mark {
                    seat.marker_squares
                } else {
                    Bitboard::EMPTY
                },
            ..BoardSpec::default()
        };
        // What the player saw of the true board (senses, opened squares), as of when it saw it.
        spec.ghosts.extend(view.enemy_sightings());
        let mut light = |squares: &mut dyn Iterator<Item = Square>, h: Highlight| {
            spec.highlights.extend(squares.map(|sq| (sq, h)));
        };
        light(&mut view.last_seen.into_iter(), Highlight::Seen);
        if let Some(m) = view.last_move {
            light(&mut [m.from, m.to].into_iter(), Highlight::LastMove);
        }
        light(&mut view.recent_captures().into_iter(), Highlight::Capture);
        if let Some(king) = view.own.king_of(color) {
            for dir in view.recent_checks() {
                light(
                    &mut board::check_shading(king, dir, own).into_iter(),
                    Highlight::Check,
                );
            }
        }
        spec
    }

    /// What helps the player enter its next request: the sense window, the squares chosen to
    /// open, the training aid's heat map, the move dots, the attempts refused this turn, the
    /// squares its king and queen may be placed on.
    fn hints(&mut self, seat: &Seat, settings: &Settings, spec: &mut BoardSpec) {
        let view = &seat.view;
        if seat.sensing
            && let Some(h) = self.entry.hover
        {
            // The 3x3 window the sense would reveal.
            let window = shakmaty::attacks::king_attacks(h).with(h);
            spec.highlights
                .extend(window.into_iter().map(|sq| (sq, Highlight::Region)));
        }
        for sq in seat.opening.unwrap_or(Bitboard::EMPTY) {
            spec.highlights.push((sq, Highlight::Region));
        }
        // The training aid: the person's belief as a heat map on its own board.
        if self.training_aid && self.mode == PlayMode::Seat(seat.color) && !self.revealed() {
            match &mut self.training {
                Some(belief) => belief.update(view),
                None => {
                    self.training =
                        crate::belief::Belief::with_cap(view, crate::belief::OVERLAY_CAP, 1).ok()
                }
            }
            if let Some(belief) = &self.training {
                spec.heat = belief.squares(self.training_role);
            }
        }
        if seat.placing {
            spec.dots = self.placement_squares(view);
            spec.highlights
                .extend(self.entry.placing_king.map(|k| (k, Highlight::Selected)));
        } else if let Some(role) = seat.pocket.filter(|_| settings.hints) {
            // A pocket unit picked up: the squares it may be dropped on.
            spec.dots = view
                .possible_attempts()
                .into_iter()
                .filter(|a| a.dropped() == Some(role))
                .fold(Bitboard::EMPTY, |b, a| b.with(a.to));
        }
        if let Some(sel) = seat.selected {
            spec.highlights.push((sel, Highlight::Selected));
            if settings.move_method != MoveMethod::Drag && settings.hints {
                spec.dots = move_dots(view, sel);
            }
        }
        if seat.active {
            spec.arrows.extend(view.refused.iter().map(|(a, _)| Arrow {
                from: a.from,
                to: a.to,
                color: theme::REFUSED_ARROW,
            }));
        }
    }

    /// Semi-Kriegspiel: where the king may be placed, or once it is, the queen.
    fn placement_squares(&self, view: &PlayerView) -> Bitboard {
        match self.entry.placing_king {
            None => crate::variant::placement::king_squares(view),
            Some(king) => crate::variant::placement::queen_squares(view, king),
        }
    }

    /// One thing done on the board: a click, a drag, a right click, the pointer moving.
    fn board_event(
        &mut self,
        ui: &egui::Ui,
        seat: &Seat,
        event: BoardEvent,
        intents: &mut Vec<Intent>,
    ) {
        let (own, active, sensing) = (seat.own, seat.active, seat.sensing);
        let brush = self.entry.brush;
        match event {
            BoardEvent::Hovered(sq) if sensing && self.entry.hover != Some(sq) => {
                self.entry.hover = Some(sq);
                ui.ctx().request_repaint();
            }
            BoardEvent::Clicked(sq) if sensing => {
                intents.push(Intent::Ask(Request::Sense(Some(sq))))
            }
            BoardEvent::Clicked(sq) if seat.opening.is_some() => {
                intents.push(Intent::ToggleOpen(sq))
            }
            BoardEvent::Clicked(sq) if seat.placing => intents.push(Intent::PlaceOn(sq)),
            // Crazyhouse: a pocket unit dragged onto the board, or picked up and then a
            // square clicked, is a drop; a click on one's own piece selects it instead.
            BoardEvent::PocketDropped { role, to } if active && !sensing => {
                intents.push(Intent::Attempt(Attempt::drop(role, to)));
            }
            BoardEvent::Clicked(sq) if active && !own.contains(sq) && seat.pocket.is_some() => {
                intents.extend(
                    seat.pocket
                        .map(|role| Intent::Attempt(Attempt::drop(role, sq))),
                );
            }
            // A brush marks (or erases) squares without own pieces; a piece picked up for a
            // move, or a click on one's own piece, is always a move click.
            BoardEvent::Clicked(sq)
                if seat.can_mark && seat.selected.is_none() && !own.contains(sq) =>
            {
                match brush {
                    Some(Brush::Mark(role)) => intents.push(Intent::Marker(sq, Some(role))),
                    Some(Brush::Erase) => intents.push(Intent::Marker(sq, None)),
                    None if active => intents.extend(click_intent(&seat.view, own, None, sq)),
                    None => {}
                }
            }
            BoardEvent::Clicked(sq) if active => {
                intents.extend(click_intent(&seat.view, own, seat.selected, sq));
            }
            // A guessed piece dragged to another square moves there.
            BoardEvent::Dropped { from, to }
                if seat.can_mark && seat.marker_squares.contains(from) && !own.contains(to) =>
            {
                if let Some(role) = seat.markers.get(&from) {
                    intents.push(Intent::Marker(from, None));
                    intents.push(Intent::Marker(to, Some(*role)));
                }
            }
            BoardEvent::Dropped { from, to } if active && !sensing && !seat.placing => {
                intents.push(attempt_intent(&seat.view, Attempt::new(from, to)));
            }
            BoardEvent::RightClicked(sq) if seat.can_mark && !own.contains(sq) => {
                intents.push(Intent::Marker(sq, next_marker(seat.markers.get(&sq))));
            }
            _ => {}
        }
    }
}

/// The squares the selected piece may be tried to; after "Any?" answered "Try", only the pawn
/// captures the player still owes.
fn move_dots(view: &PlayerView, from: Square) -> Bitboard {
    let bound = bound_to_pawn_captures(view);
    let side = view.side();
    view.possible_attempts()
        .into_iter()
        .filter(|a| a.from == from)
        .filter(|a| {
            !bound || (side.is_pawn_capture(*a) && !view.refused.iter().any(|(r, _)| r == a))
        })
        .fold(Bitboard::EMPTY, |b, a| b.with(a.to))
}

/// A right click cycles a square's guessed piece: none, pawn, knight, bishop, rook, queen,
/// king, none.
fn next_marker(current: Option<&Role>) -> Option<Role> {
    match current {
        None => Some(Role::Pawn),
        Some(Role::Pawn) => Some(Role::Knight),
        Some(Role::Knight) => Some(Role::Bishop),
        Some(Role::Bishop) => Some(Role::Rook),
        Some(Role::Rook) => Some(Role::Queen),
        Some(Role::Queen) => Some(Role::King),
        Some(Role::King) => None,
    }
}
