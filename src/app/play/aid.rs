//! The training aid of a game against the computer or over the network: the person's own belief
//! (what it was told, nothing else) drawn as a heat map on its board, for every enemy unit or one
//! kind, with a legend saying what the shading means.

use super::PlayScreen;
use crate::app::pieces::role_name;
use crate::app::theme;
use egui::RichText;
use shakmaty::Role;

/// The kinds the map can show (`None`: every unit).
const KINDS: [Option<Role>; 7] = [
    None,
    Some(Role::King),
    Some(Role::Queen),
    Some(Role::Rook),
    Some(Role::Bishop),
    Some(Role::Knight),
    Some(Role::Pawn),
];

impl PlayScreen {
    /// The aid's switch, the kind of unit mapped and the legend.
    pub(super) fn training_controls(&mut self, ui: &mut egui::Ui) {
        ui.checkbox(&mut self.training_aid, "Where enemy units may be")
            .on_hover_text(
                "A training aid: shades the squares where the enemy's units may stand, \
                 from what you were told only",
            );
        if !self.training_aid {
            return;
        }
        let name = |r: Option<Role>| r.map_or("every unit", role_name);
        egui::ComboBox::from_label("on the map")
            .selected_text(name(self.training_role))
            .show_ui(ui, |ui| {
                for r in KINDS {
                    ui.selectable_value(&mut self.training_role, r, name(r));
                }
            });
        legend(ui);
    }
}

/// A swatch from faint to deep, and what the shades mean.
fn legend(ui: &mut egui::Ui) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(60.0, 14.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let steps = 6;
    let width = rect.width() / steps as f32;
    for i in 0..steps {
        let weight = i as f32 / (steps - 1) as f32;
        let cell = egui::Rect::from_min_size(
            rect.min + egui::vec2(i as f32 * width, 0.0),
            egui::vec2(width, rect.height()),
        );
        painter.rect_filled(cell, 0.0, theme::heat(theme::heat_alpha(weight)));
    }
    painter.rect_stroke(
        rect,
        0.0,
        egui::Stroke::new(1.0, theme::heat(theme::HEAT_EDGE)),
        egui::StrokeKind::Inside,
    );
    ui.label(RichText::new("shaded: may stand there; deeper: likelier").small());
}
