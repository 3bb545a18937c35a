//! The game screen's boards: the three columns laid out as at the table (each player's own
//! board is drawn by `player`), and the referee's true board (where the club referee enters
//! attempts). A board the viewer may not see is drawn covered.

use super::input::{attempt_intent, click_intent};
use super::{Drawn, Intent, Place, PlayMode, PlayScreen};
use crate::announce::Item;
use crate::app::board::{self, BoardEvent, BoardSpec, Highlight};
use crate::app::layout::{self, Room};
use crate::app::logs::{heard_log, referee_log};
use crate::app::settings::{MoveMethod, Settings};
use crate::attempt::Attempt;
use crate::referee::Request;
use egui::RichText;
use shakmaty::Color;

/// The space between the single board and its log.
const ONE_BOARD_GAP: f32 = 24.0;
/// The height kept beside the single board for its title, the line of news and the trays.
const ONE_BOARD_ROOM: f32 = 110.0;

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
        // One person at the screen with one board to see: that board, large, with its log
        // beside it (the closed boards as one short line).
        if let Some(color) = self.single_board() {
            self.one_board(ui, color, settings, intents);
            return;
        }
        // In a narrow window the board of the person at the screen comes first.
        let focus = match self.mode {
            PlayMode::Referee => Some(Place::Referee),
            // One person at the screen, whoever is to move: always that person's board.
            PlayMode::Seat(c) => Some(Place::Player(c)),
            PlayMode::HotSeat => self.active_player().map(Place::Player),
        };
        layout::three_boards_focused(ui, ROOM, focus, |ui, place, size, log_height| {
            self.place_column(ui, place, size, log_height, settings, intents)
        });
    }

    /// The one board drawn alone: the seat's board when one person plays here (the computer,
    /// a network seat) or the open board in hot-seat play, until the game is over (then the
    /// true board is shown beside the players').
    fn single_board(&self) -> Option<Color> {
        if self.revealed() {
            return None;
        }
        match (self.mode, self.curtain) {
            (PlayMode::Seat(c), _) | (PlayMode::HotSeat, super::Curtain::Open(c)) => Some(c),
            _ => None,
        }
    }

    /// One large board on the left (title, board, trays) and what its player heard on the
    /// right, filling the screen's height; in hot-seat play, a short line says the other boards
    /// are closed.
    fn one_board(
        &mut self,
        ui: &mut egui::Ui,
        color: Color,
        settings: &Settings,
        intents: &mut Vec<Intent>,
    ) {
        let avail = ui.available_size();
        let log_width = (avail.x * 0.32).clamp(240.0, 440.0);
        let size = (avail.x - log_width - ONE_BOARD_GAP)
            .min(avail.y - ONE_BOARD_ROOM)
            .max(160.0);
        let pad = ((avail.x - size - log_width - ONE_BOARD_GAP) / 2.0).max(0.0);
        ui.horizontal_top(|ui| {
            ui.add_space(pad);
            ui.vertical(|ui| {
                ui.set_width(size);
                self.place_title(ui, Place::Player(color));
                self.player_board(ui, color, size, None, settings, intents);
            });
            ui.add_space(ONE_BOARD_GAP);
            ui.vertical(|ui| {
                ui.set_width(log_width);
                if self.mode == PlayMode::HotSeat {
                    let others = format!(
                        "{}'s board and the referee's board are closed.",
                        crate::wording::color_title(!color)
                    );
                    ui.label(RichText::new(others).weak());
                    ui.add_space(4.0);
                }
                if let Some(line) = self.opponent_line(color) {
                    ui.label(RichText::new(line).strong());
                    ui.add_space(4.0);
                }
                ui.label(RichText::new("What you heard").strong());
                let view = self.table.view(color).clone();
                heard_log(
                    ui,
                    &view,
                    (avail.y - 40.0).max(80.0),
                    color,
                    settings.notation,
                );
            });
        });
    }

    /// In a network game, who plays the other seat: its name (cleaned as it arrived), or that
    /// none is known yet.
    fn opponent_line(&self, own: Color) -> Option<String> {
        if self.facts().meta.mode != crate::save::Mode::Network {
            return None;
        }
        let other = crate::wording::color_title(!own);
        let name = (!own).fold_wb(&self.facts().meta.white, &self.facts().meta.black);
        Some(match name.trim() {
            "" if self.facts().opponent_present => format!("Your opponent ({other}) gave no name"),
            "" => format!("Your opponent ({other}) has not sat down yet"),
            name => format!("Your opponent: {name} ({other})"),
        })
    }

    /// A place's title line (with the player's name).
    fn place_title(&self, ui: &mut egui::Ui, place: Place) {
        let name = match place {
            Place::Player(c) => c.fold_wb(&self.facts().meta.white, &self.facts().meta.black),
            Place::Referee => "",
        };
        ui.label(RichText::new(place.title(name)).strong());
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
        self.place_title(ui, place);
        if !self.may_see(place) {
            board::covered(ui, place.name(), size);
            return;
        }
        match place {
            Place::Player(color) => {
                self.player_board(ui, color, size, Some(log_height), settings, intents)
            }
            Place::Referee => self.referee_board(ui, size, log_height, settings, intents),
        }
    }

    /// A player's board is seen from its own side unless the boards are flipped.
    pub(super) fn white_at_bottom(&self, own: Color) -> bool {
        (own == Color::White) != self.flipped
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
        let Some(game) = self.table.truth() else {
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
        let mover = self.facts().to_move;
        if club {
            spec.click = true;
            spec.drag = settings.move_method != MoveMethod::Click;
            spec.movable = board.by_color(mover);
            if let Some(sel) = self.entry.selected {
                spec.highlights.push((sel, Highlight::Selected));
            }
        }
        self.drawn.push(Drawn::of(Place::Referee, &spec));
        let events = board::show(ui, &spec, size);
        if club {
            // The referee enters the mover's attempt on the true board.
            let view = self.table.view(mover).clone();
            let sensing = self.facts().rules.variant().senses() && !view.sensed;
            for event in events {
                match event {
                    BoardEvent::Clicked(sq) if sensing => {
                        intents.push(Intent::Ask(Request::Sense(Some(sq))))
                    }
                    BoardEvent::Clicked(sq) => {
                        let own = board.by_color(mover);
                        intents.extend(click_intent(&view, own, self.entry.selected, sq));
                    }
                    BoardEvent::Dropped { from, to } => {
                        intents.push(attempt_intent(&view, Attempt::new(from, to)))
                    }
                    _ => {}
                }
            }
        }
        if let Some(game) = self.table.truth() {
            // The club referee's corrections stay in the log.
            referee_log(
                ui,
                game,
                self.table.record().map_or(&[][..], |r| r.corrections()),
                log_height,
            );
        }
    }
}
