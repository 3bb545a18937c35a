//! The players' display of a club table: a second window (an egui viewport) the referee puts on
//! a second screen or turns toward the players. It shows only public facts, in type that grows
//! with its window: whose turn it is (or the result) in a line a tenth of the window's height or
//! more, both clocks and which one runs (or that they are stopped), the correction the referee
//! just announced to both, and the announcements both players heard
//! ([`crate::log::GameLog::public_record`]). It never draws a board. A full-screen toggle.

use super::PlayScreen;
use crate::app::theme;
use crate::clock::format_ms;
use crate::wording::{color_title, say_correction};
use egui::{FontId, RichText, ViewportBuilder, ViewportClass, ViewportCommand, ViewportId};
use shakmaty::Color;
use std::time::Duration;

/// How many of the latest public lines the display shows (fewer where they do not fit).
const LINES: usize = 8;

/// What the display says.
struct Texts {
    /// Who moves, or the result.
    status: String,
    /// Both clocks, White's first, in a timed game.
    clocks: Option<[String; 2]>,
    /// Whose clock runs.
    running: Option<Color>,
    /// Which clock runs, or that they are stopped (a timed game).
    clock_state: Option<String>,
    /// The correction just announced to both players.
    correction: Option<String>,
    /// The latest public lines, oldest first.
    latest: Vec<String>,
}

impl Texts {
    /// Every line, in the order shown.
    fn lines(&self) -> Vec<String> {
        let mut lines = vec![self.status.clone()];
        lines.extend(self.clocks.iter().flatten().cloned());
        lines.extend(self.clock_state.iter().cloned());
        lines.extend(self.correction.iter().cloned());
        lines.extend(self.latest.iter().cloned());
        lines
    }
}

/// The display's text sizes (points) for a window `height` points high.
#[derive(Copy, Clone, Debug, PartialEq)]
struct Sizes {
    status: f32,
    clock: f32,
    line: f32,
}

impl Sizes {
    fn for_height(height: f32) -> Sizes {
        Sizes {
            status: height * 0.11,
            clock: height * 0.08,
            line: (height * 0.04).max(12.0),
        }
    }
}

/// `size`, made smaller where `text` set in it (with `extra` points more) would be wider than
/// `width`.
fn fit(ui: &egui::Ui, text: &str, font: FontId, extra: f32, width: f32) -> f32 {
    let size = font.size;
    let wide = ui.ctx().fonts_mut(|f| {
        f.layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE)
            .size()
            .x
    }) + extra;
    if wide > width && wide > 0.0 {
        size * width / wide * 0.98
    } else {
        size
    }
}

impl PlayScreen {
    /// Shows the players' display while it is open (a window of its own where the platform has
    /// several, otherwise a window inside the main one that leaves the console free).
    pub(super) fn players_display(&mut self, ctx: &egui::Context, now: Duration) {
        if !self.display.open {
            return;
        }
        let builder = ViewportBuilder::default().with_title("Kriegspiel — players' display");
        let builder = if ctx.embed_viewports() {
            // A window of a fixed size, which its contents never push bigger.
            let size = ctx.content_rect().size() * 0.6;
            builder
                .with_inner_size(size)
                .with_min_inner_size(size)
                .with_max_inner_size(size)
        } else {
            builder.with_inner_size([960.0, 640.0])
        };
        let id = ViewportId::from_hash_of("players-display");
        ctx.show_viewport_immediate(id, builder, |ui, class| self.display_ui(ui, class, now));
    }

    /// What the display says now.
    fn display_texts(&self, now: Duration) -> Texts {
        let facts = self.facts();
        let status = match facts.over {
            Some(o) => format!("Game over: {}", o.title()),
            None => format!("{} to move", color_title(facts.to_move)),
        };
        let clocks = facts.clock_reading(now).map(|reading| {
            [Color::White, Color::Black]
                .map(|c| format!("{} {}", color_title(c), format_ms(reading.of(c))))
        });
        let running = facts.clock_running();
        let clock_state = clocks.as_ref().map(|_| match running {
            Some(c) => format!("{}'s clock is running", color_title(c)),
            None => "Clocks stopped".to_owned(),
        });
        let record = self
            .table
            .truth()
            .map(|game| game.log().public_record())
            .unwrap_or_default();
        let latest = record
            .iter()
            .skip(record.len().saturating_sub(LINES))
            .map(|l| match l.number {
                0 => format!("Start: {}", l.text),
                n => format!("{n}{} {}", l.mover.fold_wb(".", "..."), l.text),
            })
            .collect();
        Texts {
            status,
            clocks,
            running,
            clock_state,
            correction: self.public_correction(),
            latest,
        }
    }

    /// The club referee's latest correction as both players heard it, while nothing has been
    /// entered since (what was said to one player alone is left out).
    fn public_correction(&self) -> Option<String> {
        let correction = self.table.record()?.corrections().last()?;
        let entered = self.table.truth()?.log().events.len();
        if correction.at != entered {
            return None;
        }
        let next = self.facts().to_move;
        let words: Vec<String> = correction
            .removed
            .iter()
            .flat_map(|e| say_correction(e.by, &e.request, &e.said, e.turn_ends, next))
            .filter(|(to, _)| to == "To both")
            .map(|(_, words)| words)
            .collect();
        (!words.is_empty()).then(|| words.join(" "))
    }

    /// The display's contents. What it shows is also kept in `display` (for tests): the lines,
    /// the window's height, the status line's text size, whether everything fitted.
    fn display_ui(&mut self, ui: &mut egui::Ui, class: ViewportClass, now: Duration) {
        if ui.input(|i| i.viewport().close_requested()) {
            self.display.open = false;
        }
        let texts = self.display_texts(now);
        self.display.lines = texts.lines();
        let window = ui.max_rect();
        self.display.height = window.height();
        let sizes = Sizes::for_height(self.display.height);
        egui::CentralPanel::default().show(ui, |ui| {
            self.display_buttons(ui, class);
            ui.add_space(sizes.line * 0.5);
            let width = ui.available_width();
            let font = FontId::proportional(sizes.status);
            self.display.status_size = fit(ui, &texts.status, font, 0.0, width);
            ui.label(
                RichText::new(&texts.status)
                    .size(self.display.status_size)
                    .strong(),
            );
            self.display_clocks(ui, &texts, sizes);
            if let Some(correction) = &texts.correction {
                let rich = RichText::new(correction).size(sizes.line).strong();
                ui.add(egui::Label::new(rich.color(theme::SAY_THIS_ACCENT)).truncate());
            }
            ui.separator();
            let row = ui
                .ctx()
                .fonts_mut(|f| f.row_height(&FontId::proportional(sizes.line)))
                + ui.spacing().item_spacing.y;
            let room = (ui.available_height() / row).floor().max(0.0) as usize;
            let shown = &texts.latest[texts.latest.len().saturating_sub(room)..];
            let newest = shown.len().saturating_sub(1);
            for (i, line) in shown.iter().enumerate() {
                let rich = RichText::new(line).size(sizes.line);
                let rich = if i == newest {
                    rich.strong()
                } else {
                    rich.weak()
                };
                ui.add(egui::Label::new(rich).truncate());
            }
            if texts.latest.is_empty() && room > 0 {
                ui.label(RichText::new("No announcements yet.").size(sizes.line));
            }
            self.display.fits = window.expand(0.5).contains_rect(ui.min_rect());
        });
    }

    /// Full screen (where the display is a window of its own) and Close.
    fn display_buttons(&mut self, ui: &mut egui::Ui, class: ViewportClass) {
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
    }

    /// Both clocks side by side, the running one marked, and which runs or that they are
    /// stopped.
    fn display_clocks(&self, ui: &mut egui::Ui, texts: &Texts, sizes: Sizes) {
        let (Some(clocks), Some(state)) = (&texts.clocks, &texts.clock_state) else {
            return;
        };
        let running_color = if ui.visuals().dark_mode {
            theme::CLOCK_RUNNING_ON_DARK
        } else {
            theme::CLOCK_RUNNING
        };
        let gap = sizes.clock;
        let both = format!("{}{}", clocks[0], clocks[1]);
        let size = fit(
            ui,
            &both,
            FontId::monospace(sizes.clock),
            gap,
            ui.available_width(),
        );
        ui.horizontal(|ui| {
            for (color, text) in [Color::White, Color::Black].into_iter().zip(clocks) {
                if color == Color::Black {
                    ui.add_space(gap);
                }
                let rich = RichText::new(text).monospace().size(size);
                ui.label(if texts.running == Some(color) {
                    rich.strong().color(running_color)
                } else {
                    rich
                });
            }
        });
        let rich = RichText::new(state).size(sizes.line * 1.1);
        ui.label(if texts.running.is_some() {
            rich.color(running_color)
        } else {
            rich.strong()
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
    /// The lines it showed in the last frame: status, clocks, which clock runs, a correction,
    /// public announcements.
    pub lines: Vec<String>,
    /// The height of its window in the last frame (points).
    pub height: f32,
    /// The size of the line saying who moves (points).
    pub status_size: f32,
    /// Everything it showed in the last frame fitted in its window.
    pub fits: bool,
}
