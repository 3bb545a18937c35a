//! The start screen: new game, open, study, KR vs K practice, problems, and the saves in the
//! saves folder (resume the unfinished one, open a recent one).

use super::files::SaveEntry;
use super::theme;
use shakmaty::Color;
use std::path::PathBuf;

/// What the start screen asked for.
pub(super) enum StartAction {
    New,
    /// The new-game dialog, set for a game against the computer.
    Computer,
    Open,
    Study,
    Load(PathBuf),
    Practice(Color),
    Problems,
    Network(super::network::Tab),
}

/// The start screen: new, open, study, practice, problems, resume and recent games.
pub(super) fn start_screen(ui: &mut egui::Ui, recent: &[SaveEntry]) -> Option<StartAction> {
    let mut action = None;
    ui.vertical_centered(|ui| {
        ui.add_space(30.0);
        ui.heading(egui::RichText::new("Kriegspiel").size(theme::TEXT_TITLE));
        ui.label("Chess in which neither player sees the other's pieces, and a referee answers every attempted move.");
        ui.add_space(20.0);
        if ui.button(egui::RichText::new("New game").size(theme::TEXT_MAIN_BUTTON)).clicked() {
            action = Some(StartAction::New);
        }
        if ui.button(egui::RichText::new("Play the computer…").size(theme::TEXT_LARGE)).clicked() {
            action = Some(StartAction::Computer);
        }
        if ui.button(egui::RichText::new("Open game…").size(theme::TEXT_LARGE)).clicked() {
            action = Some(StartAction::Open);
        }
        if ui.button(egui::RichText::new("Study a saved game…").size(theme::TEXT_LARGE)).clicked() {
            action = Some(StartAction::Study);
        }
        ui.add_space(12.0);
        ui.label(egui::RichText::new("Practice: KR vs K against the computer").strong());
        ui.horizontal(|ui| {
            // Centre the pair of buttons under the column.
            ui.add_space((ui.available_width() - 440.0).max(0.0) / 2.0);
            if ui.button("Play White (the computer defends)").clicked() {
                action = Some(StartAction::Practice(Color::White));
            }
            if ui.button("Play Black (the computer mates)").clicked() {
                action = Some(StartAction::Practice(Color::Black));
            }
        });
        ui.add_space(12.0);
        if ui.button(egui::RichText::new("Kriegspiel problems…").size(theme::TEXT_LARGE)).clicked() {
            action = Some(StartAction::Problems);
        }
        ui.add_space(12.0);
        ui.label(egui::RichText::new("Play across two machines").strong());
        ui.horizontal(|ui| {
            ui.add_space((ui.available_width() - 320.0).max(0.0) / 2.0);
            let large = |text: &str| egui::RichText::new(text).size(theme::TEXT_LARGE);
            if ui.button(large("Host a game…")).clicked() {
                action = Some(StartAction::Network(super::network::Tab::Host));
            }
            if ui.button(large("Join a game…")).clicked() {
                action = Some(StartAction::Network(super::network::Tab::Join));
            }
        });
        ui.add_space(12.0);
        if let Some(unfinished) = recent.iter().find(|e| !e.finished)
            && ui
                .button(egui::RichText::new(format!("Resume unfinished game ({})", unfinished.summary)).size(theme::TEXT_LARGE))
                .clicked()
        {
            action = Some(StartAction::Load(unfinished.path.clone()));
        }
        if !recent.is_empty() {
            ui.add_space(20.0);
            ui.label(egui::RichText::new("Recent games").strong());
            egui::ScrollArea::vertical().max_height(300.0).show(ui, |ui| {
                for entry in recent.iter().take(30) {
                    if ui.link(&entry.summary).clicked() {
                        action = Some(StartAction::Load(entry.path.clone()));
                    }
                }
            });
        }
    });
    action
}
