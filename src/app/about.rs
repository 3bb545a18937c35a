//! Who the program is: the About window (version, licence, where the rules come from, the
//! source), and what the desktop knows it by: the app id of its desktop entry and the window
//! icon (`assets/desktop/`, `assets/icons/`).

use egui::RichText;

/// The About window's title.
pub const TITLE: &str = "About Kriegspiel";

/// The app id: the desktop entry's name (`assets/desktop/org.kriegspiel.Kriegspiel.desktop`),
/// the icon's name, and the window's app id (Wayland) and class (X11).
pub const APP_ID: &str = "org.kriegspiel.Kriegspiel";

/// This build's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The licence, as an SPDX expression.
pub const LICENCE: &str = env!("CARGO_PKG_LICENSE");

/// The source repository, when the package names one (`repository` in Cargo.toml).
const REPOSITORY: &str = env!("CARGO_PKG_REPOSITORY");

/// The icon shown by the window and the taskbar (the 256-pixel PNG of the desktop icon).
const ICON_PNG: &[u8] = include_bytes!("../../assets/icons/256x256/org.kriegspiel.Kriegspiel.png");

/// The window icon, decoded; `None` (the platform's default icon) if it cannot be.
pub fn window_icon() -> Option<egui::IconData> {
    eframe::icon_data::from_png_bytes(ICON_PNG).ok()
}

/// Where the rules come from.
const RULES: &str = "The referee follows the project's rules page (RULES.md), written from the \
original rule texts: the Berkeley rules (w01fe), the encyclopedia article on Kriegspiel (the game \
Henry Michael Temple invented in 1899) and ICC's Wild 16, the rules of Reconnaissance Blind \
Chess, the three-board \"Chess Kriegspiel\" club rules, and A. Bolognesi and P. Ciancarini's \
paper on Kriegspiel endings (the Eastern, RAND and Western rule families). Where the texts leave \
a point open, RULES.md decides.";

/// The licence in words.
const LICENCE_TEXT: &str = "This program is free software: you can redistribute it and/or \
modify it under the terms of the GNU General Public License as published by the Free Software \
Foundation, either version 3 of the License, or (at your option) any later version. It comes \
with ABSOLUTELY NO WARRANTY.";

/// Draws the About window while `open`; its Close button and title bar's cross clear `open`.
pub fn window(ctx: &egui::Context, open: &mut bool) {
    let mut closed = false;
    let room = (ctx.content_rect().height() - 140.0).max(120.0);
    egui::Window::new(TITLE)
        .open(open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .default_width(460.0)
        .show(ctx, |ui| {
            ui.set_max_width(460.0);
            egui::ScrollArea::vertical()
                .max_height(room)
                .show(ui, contents);
            ui.separator();
            closed = ui.button("Close About").clicked();
        });
    if closed {
        *open = false;
    }
}

/// What the window says.
fn contents(ui: &mut egui::Ui) {
    ui.heading("Kriegspiel");
    ui.label(format!("Version {VERSION}"));
    ui.label("A referee for Kriegspiel: chess in which neither player sees the other's pieces.");
    ui.separator();
    ui.label(RichText::new(format!("Licence: {LICENCE}")).strong());
    ui.label(LICENCE_TEXT);
    ui.hyperlink_to(
        "GNU General Public License",
        "https://www.gnu.org/licenses/gpl-3.0.html",
    );
    ui.separator();
    ui.label(RichText::new("The rules").strong());
    ui.label(RULES);
    ui.separator();
    if REPOSITORY.is_empty() {
        ui.label("Source code: the Kriegspiel repository (README.md tells how to build it).");
    } else {
        ui.horizontal_wrapped(|ui| {
            ui.label("Source code:");
            ui.hyperlink(REPOSITORY);
        });
    }
}
