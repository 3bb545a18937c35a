//! The players' display of a club table: a second window (an egui viewport) the referee puts on
//! a second screen or turns toward the players. It shows only public facts, in big type: whose
//! turn it is (or the result), both clocks, and the announcements both players heard
//! ([`crate::log::GameLog::public_record`]). It never draws a board. A full-screen toggle.

use super::PlayScreen;
use crate::app::theme;
use crate::clock::format_ms;
use crate::wording::color_title;
use egui::{RichText, ViewportBuilder, ViewportClass, ViewportCommand, ViewportId};
use shakmaty::Color;
use std::time::Duration;

/// How many of the latest public lines the display shows.
const LINES: usize = 8;

impl PlayScreen {
    /// Shows the players' display while it is open (a window of its own where the platform has
    /// several, otherwise a window inside the main one).
    pub(super) fn players_display(&mut self, ctx: &egui::Context, now: Duration) {
        if !self.display.open {
            return;
        }
        let builder = ViewportBuilder::default()
            .with_title("Kriegspiel — players' display")
            .with_inner_size([960.0, 640.0]);
        let id = ViewportId::from_hash_of("players-display");
        ctx.show_viewport_immediate(id, builder, |ui, class| self.display_ui(ui, class, now));
    }

    /// What the display says: who moves (or the result), the clocks, the latest public lines.
    fn display_texts(&self, now: Duration) -> (String, Option<[String; 2]>, Vec<String>) {
        let status = match self.facts().over {
            Some(o) => format!("Game over: {}", o.title()),
            None => format!("{} to move", color_title(self.facts().to_move)),
        };
        let clocks = self.facts().clock_reading(now).map(|reading| {
            [Color::White, Color::Black]
                .map(|c| format!("{} {}", color_title(c), format_ms(reading.of(c))))
        });
        let record = self
            .table
            .truth()
            .map(|game| game.log().public_record())
            .unwrap_or_default();
        let latest: Vec<String> = record
            .iter()
            .skip(record.len().saturating_sub(LINES))
            .map(|l| match l.number {
                0 => format!("Start: {}", l.text),
                n => format!("{n}{} {}", l.mover.fold_wb(".", "..."), l.text),
            })
            .collect();
        (status, clocks, latest)
    }

    /// The display's contents. What it shows is also kept in `display.lines` (for tests).
    fn display_ui(&mut self, ui: &mut egui::Ui, class: ViewportClass, now: Duration) {
        if ui.input(|i| i.viewport().close_requested()) {
            self.display.open = false;
        }
        let (status, clocks, latest) = self.display_texts(now);
        let mut lines = vec![status.clone()];
        lines.extend(clocks.iter().flatten().cloned());
        lines.extend(latest.iter().cloned());
        self.display.lines = lines;

        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                let full = self.display.fullscreen;
                let label = if full {
                    "Leave full screen"
                } else {
                    "Full screen"
                };
                if class != ViewportClass::EmbeddedWindow && ui.button(label).clicked() {
                    self.display.fullscreen = !full;
                    ui.ctx()
                        .send_viewport_cmd(ViewportCommand::Fullscreen(self.display.fullscreen));
                }
                if ui.button("Close display").clicked() {
                    self.display.open = false;
                }
            });
            ui.add_space(12.0);
            ui.label(RichText::new(status).size(theme::TEXT_LARGE * 2.2).strong());
            if let Some(clocks) = &clocks {
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    for (i, text) in clocks.iter().enumerate() {
                        let running = self.facts().clock_running()
                            == Some(if i == 0 { Color::White } else { Color::Black });
                        let rich = RichText::new(text)
                            .monospace()
                            .size(theme::TEXT_LARGE * 2.6);
                        ui.label(if running {
                            rich.strong().color(theme::CLOCK_RUNNING)
                        } else {
                            rich
                        });
                        ui.add_space(40.0);
                    }
                });
            }
            ui.add_space(16.0);
            ui.separator();
            let newest = latest.len().saturating_sub(1);
            for (i, line) in latest.iter().enumerate() {
                let rich = RichText::new(line).size(theme::TEXT_LARGE * 1.6);
                ui.label(if i == newest {
                    rich.strong()
                } else {
                    rich.weak()
                });
            }
            if latest.is_empty() {
                ui.label(RichText::new("No announcements yet.").size(theme::TEXT_LARGE * 1.6));
            }
        });
    }
}

/// The players' display's state: runtime only, not saved with the game.
#[derive(Clone, Debug, Default)]
pub struct Display {
    /// The display is shown.
    pub open: bool,
    /// It fills its screen.
    pub fullscreen: bool,
    /// The lines it showed in the last frame: status, clocks, public announcements.
    pub lines: Vec<String>,
}
