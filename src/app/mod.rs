//! The desktop app (eframe/egui): the only module that draws anything.
//!
//! For now a placeholder window; the game screens build on the GUI-free core.

use crate::rules::Preset;

/// How the app was asked to start.
#[derive(Clone, Debug, Default)]
pub struct StartOptions {
    /// A save file to open.
    pub file: Option<std::path::PathBuf>,
    /// The mode to open straight into (`hotseat`, `referee` or `study`).
    pub mode: Option<String>,
    /// The rule set for a new game.
    pub rules: Option<Preset>,
}

struct Placeholder {
    options: StartOptions,
}

impl eframe::App for Placeholder {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| {
            ui.heading("Kriegspiel");
            ui.label("The referee core is ready; the game screens come next.");
            if let Some(p) = self.options.rules {
                ui.label(format!("Rules: {}", p.title()));
                ui.label(p.summary());
            }
        });
    }
}

/// Opens the app window and runs until it is closed.
pub fn run(options: StartOptions) -> Result<(), String> {
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Kriegspiel")
            .with_inner_size([1280.0, 800.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Kriegspiel",
        native,
        Box::new(move |_cc| Ok(Box::new(Placeholder { options }))),
    )
    .map_err(|e| {
        format!(
            "cannot open the app window ({e}); is a display available (DISPLAY or WAYLAND_DISPLAY)?"
        )
    })
}
