//! "Host a game" and "Join a game": the screen that starts a network game, and the seat it opens.
//! Hosting starts a [`crate::seat::net::Server`] in this process (autosaved to the saves
//! folder) and sits this app at its seat over the loopback, exactly as the other machine sits at
//! the other seat: the app never holds the true game of a network game, only what its seat was
//! told ([`RemoteTable`]).

use super::play::{PlayMode, PlayScreen};
use crate::clock::TimeControl;
use crate::rules::Preset;
use crate::seat::Hello;
use crate::seat::remote::RemoteTable;
use crate::seat::serve::{self, HostOptions, Hosted};
use shakmaty::Color;
use std::path::Path;
use std::sync::Arc;

/// Host or join.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tab {
    /// Host a game on this machine.
    Host,
    /// Join a game hosted elsewhere.
    Join,
}

/// The screen's form.
pub struct NetworkScreen {
    /// Host or join.
    pub tab: Tab,
    /// Host: the rules.
    pub preset: Preset,
    /// Host: this machine's seat.
    pub seat: Color,
    /// Host: the clock ("" for none, else "5+3").
    pub clock: String,
    /// Host: the port.
    pub port: String,
    /// Join: the host's address.
    pub address: String,
    /// Join: the join code.
    pub code: String,
    /// The player's name, shown to the other player.
    pub name: String,
    /// Why the last try failed, in words.
    pub error: Option<String>,
    /// The technical detail of that failure (shown smaller, under the words).
    pub error_detail: Option<String>,
}

/// Why a try failed: in words, then the technical detail if there is one.
type Failure = (String, Option<String>);

/// A failure said in `words` alone.
fn plain(words: impl Into<String>) -> Failure {
    (words.into(), None)
}

/// What the screen asks for.
pub enum NetworkAction {
    /// Nothing yet.
    Stay,
    /// Back to the start screen.
    Back,
    /// Sit at the table.
    Play(Box<PlayScreen>),
}

impl NetworkScreen {
    /// The form, on `tab`.
    pub fn new(tab: Tab) -> NetworkScreen {
        NetworkScreen {
            tab,
            preset: Preset::Wild16,
            seat: Color::White,
            clock: String::new(),
            port: serve::DEFAULT_PORT.to_string(),
            address: String::new(),
            code: String::new(),
            name: String::new(),
            error: None,
            error_detail: None,
        }
    }

    /// Draws the form; `saves_dir` is where a hosted game is autosaved.
    pub fn show(&mut self, ui: &mut egui::Ui, saves_dir: &Path) -> NetworkAction {
        let mut action = NetworkAction::Stay;
        ui.heading("Play across two machines");
        ui.label(
            "One machine hosts the game (it runs the referee and autosaves); the other joins \
             with the host's address and join code. Each side is told only what its seat hears.",
        );
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.tab, Tab::Host, "Host a game");
            ui.selectable_value(&mut self.tab, Tab::Join, "Join a game");
        });
        ui.separator();
        let mut edited = false;
        egui::Grid::new("network form")
            .num_columns(2)
            .show(ui, |ui| {
                if self.tab == Tab::Host {
                    ui.label("Rules");
                    super::flags::preset_combo(ui, &mut self.preset).widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Rules")
                    });
                    ui.end_row();
                    ui.label("You play");
                    ui.horizontal(|ui| {
                        ui.selectable_value(&mut self.seat, Color::White, "White");
                        ui.selectable_value(&mut self.seat, Color::Black, "Black");
                    });
                    ui.end_row();
                    edited |= field(ui, "Clock", &mut self.clock, "none, or 5+3");
                    edited |= field(ui, "Port", &mut self.port, "7716");
                } else {
                    edited |= field(ui, "Host address", &mut self.address, "192.168.1.5:7716");
                    edited |= field(ui, "Join code", &mut self.code, "ABC-DEF");
                }
                edited |= field(ui, "Your name", &mut self.name, "shown to the other player");
            });
        if self.tab == Tab::Host {
            ui.add(egui::Label::new(self.preset.summary()).wrap());
        }
        // An error is about what was sent: it goes once the form is changed.
        if edited {
            self.error = None;
            self.error_detail = None;
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let go = match self.tab {
                Tab::Host => "Start hosting",
                Tab::Join => "Join",
            };
            if ui.button(go).clicked() {
                let sat = match self.tab {
                    Tab::Host => self.host(saves_dir),
                    Tab::Join => self.join(),
                };
                match sat {
                    Ok(play) => action = NetworkAction::Play(play),
                    Err((words, detail)) => {
                        self.error = Some(words);
                        self.error_detail = detail;
                    }
                }
            }
            if ui.button("Back").clicked() {
                action = NetworkAction::Back;
            }
        });
        self.failure(ui);
        action
    }

    /// Why the last try failed: in words, then the detail in small type.
    fn failure(&self, ui: &mut egui::Ui) {
        if let Some(e) = &self.error {
            ui.colored_label(super::theme::ERROR, e);
            if let Some(detail) = &self.error_detail {
                ui.add(egui::Label::new(egui::RichText::new(detail).small().weak()).wrap());
            }
        }
    }

    fn hello(&self) -> Hello {
        let mut hello = Hello::new();
        let name = crate::untrusted::clean_name(&self.name);
        hello.name = (!name.is_empty()).then_some(name);
        hello
    }

    /// Starts the server and sits at this machine's seat.
    fn host(&self, saves_dir: &Path) -> Result<Box<PlayScreen>, Failure> {
        let port: u16 = self.port.trim().parse().map_err(|_| {
            plain(format!(
                "{} is not a port number (1-65535).",
                crate::untrusted::quoted(&self.port)
            ))
        })?;
        let clock = self.clock.trim();
        let time_control: Option<TimeControl> = match clock {
            "" | "none" => None,
            text => Some(serve::parse_time_control(text).map_err(|e| {
                (
                    "The clock reads as minutes+seconds, e.g. 5+3.".to_owned(),
                    Some(e.to_string()),
                )
            })?),
        };
        std::fs::create_dir_all(saves_dir).map_err(|e| {
            (
                "Cannot create the folder the game is saved in.".to_owned(),
                Some(format!("{}: {e}", saves_dir.display())),
            )
        })?;
        let hosted = serve::start_host(&HostOptions {
            rules: self.preset.rules(),
            time_control,
            bind: "0.0.0.0".to_owned(),
            port,
            autosave: saves_dir.join(crate::save::autosave_name()),
            resume: None,
        })
        .map_err(|e| {
            let words = match &e {
                serve::ServeError::Listen { source, .. }
                    if source.kind() == std::io::ErrorKind::AddrInUse =>
                {
                    "That port is in use (another game is hosted there?): choose another."
                }
                serve::ServeError::Listen { .. } => "Cannot host on that port: choose another.",
                _ => "Cannot host the game.",
            };
            (words.to_owned(), Some(e.to_string()))
        })?;
        let mut hello = self.hello();
        hello.token = Some(hosted.server.with_host(|h| h.reserve(self.seat)));
        let local = format!("127.0.0.1:{}", hosted.server.addr().port());
        sit(&local, hello, Some(Arc::new(hosted)))
    }

    fn join(&self) -> Result<Box<PlayScreen>, Failure> {
        let address = self.address.trim();
        if address.is_empty() {
            return Err(plain(
                "Type the host's address (shown on the host's screen).",
            ));
        }
        let mut hello = self.hello();
        hello.code = Some(self.code.trim().to_owned());
        sit(address, hello, None)
    }
}

/// Sits at the table at `address`: the game screen of that seat (`hosted`: this app's server,
/// kept running while the screen is open). Fails in words, then in detail.
pub fn sit(
    address: &str,
    hello: Hello,
    hosted: Option<Arc<Hosted>>,
) -> Result<Box<PlayScreen>, (String, Option<String>)> {
    let mut table = RemoteTable::connect(address, hello)
        .map_err(|e| (e.words().to_owned(), Some(e.detail())))?;
    if let Some(h) = &hosted {
        table.set_hosting(&h.address);
    }
    let seat = table.color();
    let mut play = PlayScreen::new(table, PlayMode::Seat(seat));
    play.hosting = hosted;
    Ok(Box::new(play))
}

/// A labelled one-line field (the label is also its accessible name); true when its text
/// changed.
fn field(ui: &mut egui::Ui, label: &str, value: &mut String, hint: &str) -> bool {
    ui.label(label);
    let resp = ui.add(
        egui::TextEdit::singleline(value)
            .hint_text(hint)
            .desired_width(220.0),
    );
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, label));
    ui.end_row();
    resp.changed()
}
