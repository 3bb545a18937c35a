//! The start screen: new game, open, study, KR vs K practice, problems, How to play (and, on
//! the first launch, a tip pointing at it), and the saves in the saves folder (resume the
//! unfinished one, open a recent one from a list that scrolls in the room left). The saves are
//! listed off the UI thread ([`super::files::RecentSaves`]) newest first, so the list fills in
//! from the top and the Resume button, once shown, names the newest unfinished game.

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
    /// How to play (from its button or the tip, which it dismisses).
    HowTo,
    /// The first-launch tip was dismissed.
    DismissTip,
    /// Take back the seat at another machine's table.
    Rejoin(crate::seat::remote::Ticket),
    /// Study a sample game shipped with the program (by name).
    Sample(&'static str),
    /// Every save and sample game in one list.
    Library,
    /// A new game of tsuitate shogi.
    Tsuitate(super::shogi::TsuitateMode),
}

/// The narrowest the recent games' list is given (it scrolls past it).
const RECENT_MIN_HEIGHT: f32 = 120.0;

/// The start screen: new, open, study, practice, problems, How to play (`tip`: with the
/// first-launch tip), host, join or rejoin (`rejoin`: the last seat at another machine's table),
/// resume and recent games.
pub(super) fn start_screen(
    ui: &mut egui::Ui,
    recent: &[SaveEntry],
    tip: bool,
    rejoin: Option<&crate::seat::remote::Ticket>,
) -> Option<StartAction> {
    let mut action = None;
    ui.vertical_centered(|ui| {
        ui.add_space(20.0);
        ui.heading(egui::RichText::new("Kriegspiel").size(theme::TEXT_TITLE));
        ui.add(egui::Label::new("Chess in which neither player sees the other's pieces, and a referee answers every attempted move.").wrap());
        if tip {
            first_launch_tip(ui, &mut action);
        }
        ui.add_space(12.0);
        if ui.button(egui::RichText::new("New game").size(theme::TEXT_MAIN_BUTTON)).clicked() {
            action = Some(StartAction::New);
        }
        if ui.button(egui::RichText::new("Play the computer…").size(theme::TEXT_LARGE)).clicked() {
            action = Some(StartAction::Computer);
        }
        if ui.button(egui::RichText::new("Open game…").size(theme::TEXT_LARGE)).clicked() {
            action = Some(StartAction::Open);
        }
        if ui.button(egui::RichText::new("Library…").size(theme::TEXT_LARGE)).clicked() {
            action = Some(StartAction::Library);
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
        ui.horizontal(|ui| {
            ui.add_space((ui.available_width() - 360.0).max(0.0) / 2.0);
            let large = |text: &str| egui::RichText::new(text).size(theme::TEXT_LARGE);
            if ui.button(large("Kriegspiel problems…")).clicked() {
                action = Some(StartAction::Problems);
            }
            if ui.button(large("How to play")).clicked() {
                action = Some(StartAction::HowTo);
            }
        });
        ui.add_space(12.0);
        ui.label(egui::RichText::new("Tsuitate shogi (衝立将棋): the shogi of the family").strong());
        ui.horizontal(|ui| {
            ui.add_space((ui.available_width() - 420.0).max(0.0) / 2.0);
            let large = |text: &str| egui::RichText::new(text).size(theme::TEXT_LARGE);
            if ui.button(large("Tsuitate hot-seat")).clicked() {
                action = Some(StartAction::Tsuitate(super::shogi::TsuitateMode::HotSeat));
            }
            if ui.button(large("Tsuitate club console")).clicked() {
                action = Some(StartAction::Tsuitate(super::shogi::TsuitateMode::Club));
            }
        });
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
        if let Some(ticket) = rejoin {
            let seat = ticket.seat.fold_wb("White", "Black");
            let text = format!("Rejoin the game at {} (you play {seat})", ticket.address);
            let button = egui::Button::new(egui::RichText::new(text).size(theme::TEXT_LARGE));
            if ui.add(button.wrap()).clicked() {
                action = Some(StartAction::Rejoin(ticket.clone()));
            }
        }
        ui.add_space(12.0);
        saves(ui, recent, &mut action);
    });
    action
}

/// Resume the unfinished game, and the recent games in a list that scrolls in the room left.
fn saves(ui: &mut egui::Ui, recent: &[SaveEntry], action: &mut Option<StartAction>) {
    if let Some(unfinished) = recent.iter().find(|e| !e.finished)
        && ui
            .add(
                egui::Button::new(
                    egui::RichText::new(format!("Resume unfinished game ({})", unfinished.summary))
                        .size(theme::TEXT_LARGE),
                )
                .wrap(),
            )
            .clicked()
    {
        *action = Some(StartAction::Load(unfinished.path.clone()));
    }
    if !recent.is_empty() {
        ui.add_space(12.0);
        ui.label(egui::RichText::new("Recent games").strong());
        // The list takes the room left (it scrolls), never less than a few lines.
        let room = (ui.available_height() - 8.0).max(RECENT_MIN_HEIGHT);
        egui::ScrollArea::vertical()
            .max_height(room)
            .show(ui, |ui| {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                for entry in recent.iter().take(30) {
                    if ui.link(&entry.summary).clicked() {
                        *action = Some(StartAction::Load(entry.path.clone()));
                    }
                }
            });
    }
    samples(ui, action);
}

/// The sample games shipped with the program, one per rule set, to study.
fn samples(ui: &mut egui::Ui, action: &mut Option<StartAction>) {
    egui::CollapsingHeader::new("Sample games")
        .id_salt("sample games")
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                for sample in crate::places::samples() {
                    let id = sample.name.strip_prefix("sample-").unwrap_or(sample.name);
                    let title = id.parse::<crate::rules::Preset>().map_or(id, |p| p.title());
                    let resp = ui.link(title);
                    if resp.clicked() {
                        *action = Some(StartAction::Sample(sample.name));
                    }
                    resp.on_hover_text(format!("Study the sample game {}", sample.name));
                }
            });
        });
}

/// The tip shown on the first launch: How to play, or dismiss it.
fn first_launch_tip(ui: &mut egui::Ui, action: &mut Option<StartAction>) {
    ui.add_space(10.0);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_max_width(560.0);
        ui.add(
            egui::Label::new(
                "New to Kriegspiel? How to play explains the rules and the controls in a few \
                 minutes (F1 opens it at any time, in a game too).",
            )
            .wrap(),
        );
        ui.horizontal(|ui| {
            ui.add_space((ui.available_width() - 260.0).max(0.0) / 2.0);
            if ui.button("Show me how to play").clicked() {
                *action = Some(StartAction::HowTo);
            }
            if ui.button("Dismiss tip").clicked() {
                *action = Some(StartAction::DismissTip);
            }
        });
    });
}
