//! The hot-seat curtain's card, one for every game: the dark card with "… to move", the game's
//! own public lines (each game passes its own: who moves, what both heard, public clocks), and
//! the one deliberate act that opens the next board: its button, or Space or Enter, each only
//! once the card has stood [`CURTAIN_ARM`] (keys and clicks in the first moment after the
//! curtain came down are the mover's, not the next player's).

use super::theme;
use egui::{Color32, RichText};
use std::time::Duration;

/// How long the curtain ignores every key and click after it comes down, so that a second Enter
/// or click of the player who just moved (or a held key) never opens the next player's board
/// while the mover still sits there: opening it takes a deliberate act once the card is shown.
pub const CURTAIN_ARM: Duration = Duration::from_millis(1200);

/// Draws the curtain card for the side named `side` ("White"; its title `title` to move, with
/// the game's own mark where it has one), with the game's public `lines` under the title. `waited` is how
/// long the card has stood (the screen keeps when it was first shown). Whether the next player
/// opened their board this frame.
pub fn card(
    ui: &mut egui::Ui,
    waited: Duration,
    title: &str,
    side: &str,
    lines: impl FnOnce(&mut egui::Ui),
) -> bool {
    let armed = waited >= CURTAIN_ARM;
    if !armed {
        ui.ctx().request_repaint_after(CURTAIN_ARM - waited);
    }
    let mut open = armed && open_key_pressed(ui);
    curtain_frame().show(ui, |ui| {
        ui.set_min_width(460.0);
        // Long announcements wrap inside the card.
        ui.set_max_width(620.0);
        // The card is dark in either theme: its text and button are drawn as in the dark theme.
        *ui.visuals_mut() = egui::Visuals::dark();
        ui.vertical_centered(|ui| {
            ui.heading(
                RichText::new(format!("{title} to move"))
                    .size(theme::TEXT_HEADLINE)
                    .color(Color32::WHITE),
            );
            lines(ui);
            ui.add_space(8.0);
            let button = egui::Button::new(
                RichText::new(format!("Open {side}'s board")).size(theme::TEXT_PROMPT),
            );
            if ui.add_enabled(armed, button).clicked() {
                open = true;
            }
            let hint = if armed {
                "Space or Enter opens it."
            } else {
                "One moment…"
            };
            ui.label(RichText::new(hint).small());
        });
    });
    open
}

/// Whether Space or Enter was pressed this frame while no text field has the keyboard (the
/// board's button, when it has the focus, takes them itself); a held key's repeats never count.
fn open_key_pressed(ui: &egui::Ui) -> bool {
    !ui.ctx().egui_wants_keyboard_input()
        && ui.input(|i| {
            i.events.iter().any(|e| {
                matches!(
                    e,
                    egui::Event::Key {
                        key: egui::Key::Space | egui::Key::Enter,
                        pressed: true,
                        repeat: false,
                        ..
                    }
                )
            })
        })
}

/// The curtain card's dark frame.
fn curtain_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(theme::CURTAIN_FILL)
        .stroke(egui::Stroke::new(2.0, theme::CURTAIN_FRAME))
        .corner_radius(12.0)
        .inner_margin(28.0)
        .shadow(egui::Shadow {
            offset: [0, 8],
            blur: 24,
            spread: 4,
            color: theme::CURTAIN_SHADOW,
        })
}
