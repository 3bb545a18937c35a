//! The new-game dialog's players: each side's name asked, or against the computer its side's
//! name shown as the game will give it; the referee, the event and the round.

use super::{NewGameDialog, NewMode, heading};
use crate::bots::BotKind;
use crate::untrusted::clean_name;
use shakmaty::Color;

impl NewGameDialog {
    /// Against the computer: its side and the name the game gives it ("Computer (club)"; an
    /// engine's, its program's file name), which the dialog shows in place of a name field.
    pub fn computer_name(&self) -> Option<(Color, String)> {
        if self.mode != NewMode::Computer {
            return None;
        }
        let plays = !self.human;
        if let Some(name) = crate::app::games::other_computer_name(self.game, self.other_level) {
            return Some((plays, name));
        }
        let name = if self.bot == BotKind::Engine {
            // The program's file name (the whole command is kept in `engine`): a name is short.
            let engine = self.engine.trim();
            let program = engine.split_whitespace().next().unwrap_or_default();
            let file = std::path::Path::new(program)
                .file_name()
                .map_or(program.into(), |f| f.to_string_lossy());
            clean_name(&format!("Engine: {file}"))
        } else {
            self.level.player_name()
        };
        Some((plays, name))
    }

    /// The players' and the event's names.
    pub(super) fn players_section(&mut self, ui: &mut egui::Ui) {
        heading(ui, "Players");
        // Against the computer its side's name is the one the game gives it: shown, not asked.
        let computer = self.computer_name();
        // Each side by the game's name for it, the side that moves first first.
        let [(first, first_name), (_, second_name)] = crate::app::games::host_sides(self.game);
        let (a, b) = match first {
            Color::White => (
                (first_name, &mut self.white, Color::White),
                (second_name, &mut self.black, Color::Black),
            ),
            Color::Black => (
                (first_name, &mut self.black, Color::Black),
                (second_name, &mut self.white, Color::White),
            ),
        };
        let sides = [a, b].map(|(label, value, side)| {
            let fixed = computer.as_ref().filter(|(plays, _)| *plays == side);
            (label, value, fixed.map(|(_, name)| name.as_str()))
        });
        egui::Grid::new("names").num_columns(2).show(ui, |ui| {
            for (label, value, fixed) in sides.into_iter().chain([
                ("Referee", &mut self.referee, None),
                ("Event", &mut self.event, None),
                ("Round", &mut self.round, None),
            ]) {
                ui.label(label);
                if let Some(name) = fixed {
                    ui.label(name);
                    ui.end_row();
                    continue;
                }
                let resp = ui.add(
                    egui::TextEdit::singleline(value)
                        .char_limit(crate::untrusted::NAME_CHARS)
                        .desired_width((ui.available_width() - 8.0).clamp(120.0, 260.0)),
                );
                let name = match label {
                    "Round" => "Round number".to_owned(),
                    _ => format!("{label} name"),
                };
                resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, &name));
                ui.end_row();
            }
        });
    }
}
