//! The trays under a player's board: the opponent's material to place as markers (guessed
//! enemy pieces; each count is what is left to place once the markers on the board are
//! counted), and Crazyhouse Kriegspiel's pockets to drop from.

use super::{Brush, Intent, PlayScreen};
use crate::app::board;
use crate::app::pieces::{self, role_name};
use crate::app::theme;
use crate::view::PlayerView;
use crate::wording::color_title;
use egui::{Color32, RichText};
use shakmaty::{ByRole, Color, Role, Square};
use std::collections::BTreeMap;

/// The opponent's units of each kind still to place as markers: its `material` less the
/// `markers` on the board (never below none).
pub(super) fn markers_left(material: ByRole<u8>, markers: &BTreeMap<Square, Role>) -> ByRole<u8> {
    let mut left = material;
    for role in markers.values() {
        let n = left.get_mut(*role);
        *n = n.saturating_sub(1);
    }
    left
}

impl PlayScreen {
    /// The opponent's material to place as markers, each kind with the number not yet placed
    /// (`markers`: those on the board); right-click a square to cycle instead.
    pub(super) fn marker_tray(
        &self,
        ui: &mut egui::Ui,
        (color, view): (Color, &PlayerView),
        markers: &BTreeMap<Square, Role>,
        intents: &mut Vec<Intent>,
    ) {
        let enemy = !color;
        let total = view.opponent_material();
        let material = markers_left(total, markers);
        ui.horizontal_wrapped(|ui| {
            ui.label("Mark:");
            for role in [Role::King, Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn] {
                let image = egui::Image::new(pieces::image(role.of(enemy)))
                    .fit_to_exact_size(egui::vec2(theme::TRAY_PIECE, theme::TRAY_PIECE));
                let selected = self.entry.brush == Some(Brush::Mark(role));
                let fill = if selected { theme::BRUSH_SELECTED } else { theme::SQUARE_LIGHT };
                let count = *material.get(role);
                let resp = ui
                    .add(egui::Button::image_and_text(image, RichText::new(format!("{count}")).color(Color32::BLACK)).fill(fill).selected(selected))
                    .on_hover_text(format!(
                        "Place a guessed {} {} (then click a square); right-click a square to cycle. {} of {} placed.",
                        color_title(enemy).to_lowercase(),
                        role_name(role),
                        total.get(role) - count,
                        total.get(role)
                    ));
                let label = format!("{} marks {} {}", color_title(color), color_title(enemy).to_lowercase(), role_name(role));
                resp.widget_info(|| {
                    // The count left to place, for a screen reader.
                    let mut info = egui::WidgetInfo::labeled(egui::Role::Button, true, &label);
                    info.value = Some(f64::from(count));
                    info
                });
                if resp.clicked() {
                    intents.push(Intent::Brush(if selected { None } else { Some(Brush::Mark(role)) }));
                }
            }
            let erasing = self.entry.brush == Some(Brush::Erase);
            let erase = ui
                .add(egui::Button::new("Erase").selected(erasing))
                .on_hover_text("Then click a guessed piece to remove it");
            if erase.clicked() {
                intents.push(Intent::Brush(if erasing { None } else { Some(Brush::Erase) }));
            }
            let (taken, pawns) = view.own_captures();
            if taken > 0 {
                let detail = pawns.map_or(String::new(), |p| {
                    format!(" ({})", crate::wording::count(p, "pawn", "pawns"))
                });
                ui.label(format!("You captured {taken}{detail}."));
            }
            if !view.lost.is_empty() {
                ui.label(format!("You lost {}.", view.lost.len()));
            }
        });
    }

    /// Crazyhouse Kriegspiel: both pockets (public). On its turn the player drags a unit of its
    /// own pocket onto the board, or clicks it and then a square (or types `N@f3`).
    pub(super) fn pocket_tray(
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
                    let chosen = mine && self.entry.pocket == Some(role);
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counts_follow_the_markers_placed() {
        let material = shakmaty::Board::default().material_side(Color::Black);
        let mut markers = BTreeMap::new();
        assert_eq!(markers_left(material, &markers), material);
        markers.insert(Square::E5, Role::Pawn);
        markers.insert(Square::D5, Role::Pawn);
        markers.insert(Square::F6, Role::Knight);
        let left = markers_left(material, &markers);
        assert_eq!((left.pawn, left.knight, left.queen), (6, 1, 1));
        // A marker moved keeps the count; one removed gives its unit back.
        markers.remove(&Square::E5);
        markers.insert(Square::E4, Role::Pawn);
        assert_eq!(markers_left(material, &markers).pawn, 6);
        markers.remove(&Square::E4);
        assert_eq!(markers_left(material, &markers).pawn, 7);
        // More guesses than units: none left, never fewer.
        for sq in [Square::A3, Square::B3, Square::C3] {
            markers.insert(sq, Role::Queen);
        }
        assert_eq!(markers_left(material, &markers).queen, 0);
    }
}
