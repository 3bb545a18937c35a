//! The game screen's boards: the three columns laid out as at the table (each player's own
//! board is drawn by `player`), and the referee's true board (where the club referee enters
//! attempts). A board the viewer may not see is drawn covered.

use super::input::{attempt_intent, click_intent};
use super::{Drawn, Intent, Place, PlayMode, PlayScreen};
use crate::announce::Item;
use crate::app::board::{self, BoardEvent, BoardSpec, Highlight};
use crate::app::layout::{self, Room};
use crate::app::logs::referee_log;
use crate::app::settings::{MoveMethod, Settings};
use crate::attempt::Attempt;
use crate::referee::Request;
use egui::RichText;
use shakmaty::Color;

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
            PlayMode::Seat(c) => Some(Place::Player(c)),
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
            Place::Player(c) => c.fold_wb(&self.facts().meta.white, &self.facts().meta.black),
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
