//! "Host a game" and "Join a game": the screen that starts a network game, and the seat it opens.
//! Hosting starts a [`crate::seat::net::Server`] in this process (autosaved to the saves
//! folder) and sits this app at its seat over the loopback, exactly as the other machine sits at
//! the other seat: the app never holds the true game of a network game, only what its seat was
//! told ([`RemoteTable`]). The game hosted is chosen here (a chess rule set, or any other game
//! the registry lists); a joined table's welcome says which game it is ([`connect_any`]), and
//! another game's seat opens that game's screen ([`super::games`]).

use super::play::{PlayMode, PlayScreen};
use crate::clock::TimeControl;
use crate::games::{Seated, connect_any};
use crate::rules::{Preset, RuleSet};
use crate::seat::Hello;
use crate::seat::remote::{RemoteTable, Ticket};
use crate::seat::serve::{self, HostOptions, Hosted, Reach};
use crate::seat::trouble::ConnectError;
use egui::RichText;
use shakmaty::Color;
use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError};

/// Host or join.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Tab {
    /// Host a game on this machine.
    Host,
    /// Join a game hosted elsewhere.
    Join,
}

/// The game a host plays: any game (a chess-family game under the rules chosen).
pub use crate::games::GameKind as HostGame;

pub use super::games::OwnTable;

/// The screen's form.
pub struct NetworkScreen {
    /// Host or join.
    pub tab: Tab,
    /// Host: the game.
    pub game: HostGame,
    /// Host: the rules (any preset, a handicap's choices, any flag changed).
    pub rules: RuleSet,
    /// Host: this machine's seat.
    pub seat: Color,
    /// Host: the clock ("" for none, else "5+3").
    pub clock: String,
    /// Host: the port.
    pub port: String,
    /// Host: who may join (this machine only, or the local network).
    pub reach: Reach,
    /// Host: the addresses others can type, as last read for this port (read once, not every
    /// frame).
    addresses: Option<(u16, Vec<String>)>,
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
    /// A seat being taken (on another thread: the window never waits on the network).
    pub dialling: Option<Dialling>,
    /// A rejoin was refused because the table no longer keeps the seat (the app forgets it).
    pub stale_ticket: bool,
}

/// A seat being taken on another thread; the window is woken when it is decided.
pub struct Dialling {
    answer: Receiver<Result<Seated, ConnectError>>,
    hosted: Option<OwnTable>,
    /// Where, in words.
    pub address: String,
}

impl Dialling {
    /// Starts taking the seat at `address` with `hello` (`hosted`: this app's own server, kept
    /// running while the game screen is open); `wake` is called when it is decided.
    pub fn start(
        address: &str,
        hello: Hello,
        hosted: Option<OwnTable>,
        wake: impl Fn() + Send + 'static,
    ) -> Dialling {
        let (tx, answer) = std::sync::mpsc::channel();
        let dialled = address.to_owned();
        std::thread::spawn(move || {
            let _ = tx.send(connect_any(&dialled, hello));
            wake();
        });
        Dialling {
            answer,
            hosted,
            address: address.to_owned(),
        }
    }

    /// The game screen once seated, or why not; `None` while it is not decided.
    fn poll(&self, ctx: &egui::Context) -> Option<Result<NetworkAction, ConnectError>> {
        match self.answer.try_recv() {
            Ok(Ok(Seated::Chess(table))) => {
                let hosted = match &self.hosted {
                    Some(OwnTable::Chess(h)) => Some(h.clone()),
                    _ => None,
                };
                Some(Ok(NetworkAction::Play(seat_screen(*table, hosted))))
            }
            Ok(Ok(other)) => {
                let screen = super::games::seated_screen(other, self.hosted.as_ref(), ctx);
                Some(Ok(screen.map_or(NetworkAction::Stay, NetworkAction::Game)))
            }
            Ok(Err(e)) => Some(Err(e)),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(ConnectError::Silent)),
        }
    }
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
    /// Sit at another game's table: its screen.
    Game(super::Screen),
}

impl NetworkScreen {
    /// The form, on `tab`.
    pub fn new(tab: Tab) -> NetworkScreen {
        NetworkScreen {
            tab,
            game: HostGame::Chess,
            rules: Preset::Wild16.rules(),
            seat: Color::White,
            clock: String::new(),
            port: serve::DEFAULT_PORT.to_string(),
            reach: Reach::LocalNetwork,
            addresses: None,
            address: String::new(),
            code: String::new(),
            name: String::new(),
            error: None,
            error_detail: None,
            dialling: None,
            stale_ticket: false,
        }
    }

    /// The join form, already taking back the seat of `ticket`.
    pub fn rejoin(ticket: &Ticket, wake: impl Fn() + Send + 'static) -> NetworkScreen {
        NetworkScreen::dial(&ticket.address, ticket.hello(), None, wake)
    }

    /// The join form, already taking the seat at `address` with `hello`.
    pub fn dial(
        address: &str,
        hello: Hello,
        hosted: Option<Arc<Hosted>>,
        wake: impl Fn() + Send + 'static,
    ) -> NetworkScreen {
        let mut form = NetworkScreen::new(Tab::Join);
        form.address = address.to_owned();
        let own = hosted.map(OwnTable::Chess);
        form.dialling = Some(Dialling::start(address, hello, own, wake));
        form
    }

    /// Draws the form (scrolled when it is taller than the window: the rule editor is long);
    /// `saves_dir` is where a hosted game is autosaved.
    pub fn show(&mut self, ui: &mut egui::Ui, saves_dir: &Path) -> NetworkAction {
        if self.dialling.is_some() {
            return self.dialling(ui);
        }
        let mut action = NetworkAction::Stay;
        egui::ScrollArea::vertical().show(ui, |ui| action = self.form(ui, saves_dir));
        action
    }

    /// While a seat is being taken: what is dialled, and Cancel; then the game or the failure.
    fn dialling(&mut self, ui: &mut egui::Ui) -> NetworkAction {
        let Some(dialling) = &self.dialling else {
            return NetworkAction::Stay;
        };
        match dialling.poll(ui.ctx()) {
            Some(Ok(action)) => {
                self.dialling = None;
                return action;
            }
            Some(Err(e)) => {
                self.stale_ticket =
                    matches!(&e, ConnectError::Refused(t) if t == "no seat has this token");
                self.error = Some(e.words().to_owned());
                self.error_detail = Some(e.detail());
                self.dialling = None;
                return NetworkAction::Stay;
            }
            None => {}
        }
        // Woken when decided; also looked at now and then, should a wake be missed.
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(100));
        ui.heading("Play across two machines");
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(format!("Connecting to {}…", dialling.address));
        });
        if ui.button("Cancel").clicked() {
            // The thread's answer is dropped with the receiver (a server of ours with it).
            self.dialling = None;
        }
        NetworkAction::Stay
    }

    fn form(&mut self, ui: &mut egui::Ui, saves_dir: &Path) -> NetworkAction {
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
        if self.tab == Tab::Host {
            edited |= self.game_row(ui);
        }
        if self.tab == Tab::Host && self.game == HostGame::Chess {
            // The same rule choice as a new game: any preset, a handicap's choices, any flag.
            ui.label(egui::RichText::new("Rules").strong());
            let before = self.rules.clone();
            super::flags::rules_section(ui, &mut self.rules);
            edited |= self.rules != before;
            ui.add_space(6.0);
        }
        edited |= self.fields(ui);
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
                let ctx = ui.ctx().clone();
                let wake = move || ctx.request_repaint();
                let dialled = match self.tab {
                    Tab::Host if self.game == HostGame::Chess => self.host(saves_dir, wake),
                    Tab::Host => self.host_other(saves_dir, wake),
                    Tab::Join => self.join(wake),
                };
                match dialled {
                    Ok(dialling) => self.dialling = Some(dialling),
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

    /// The tab's fields (the seat, clock and port of a host; the address and code to join; the
    /// name); true when one changed.
    fn fields(&mut self, ui: &mut egui::Ui) -> bool {
        let mut edited = false;
        egui::Grid::new("network form")
            .num_columns(2)
            .show(ui, |ui| {
                if self.tab == Tab::Host {
                    ui.label("You play");
                    ui.horizontal(|ui| {
                        for (color, text) in super::games::host_sides(self.game) {
                            let resp = ui.selectable_value(&mut self.seat, color, text);
                            // Named apart from a handicap's "Sighted player: White".
                            let (name, chosen) = (format!("You play {text}"), self.seat == color);
                            resp.widget_info(|| {
                                egui::WidgetInfo::selected(egui::Role::Button, true, chosen, &name)
                            });
                            edited |= resp.changed();
                        }
                    });
                    ui.end_row();
                    if self.game == HostGame::Chess {
                        edited |= field(ui, "Clock", &mut self.clock, "none, or 5+3");
                    }
                    edited |= field(ui, "Port", &mut self.port, "7716");
                    edited |= self.reach_rows(ui);
                } else {
                    edited |= field(ui, "Host address", &mut self.address, "192.168.1.5:7716");
                    edited |= field(ui, "Join code", &mut self.code, "ABC-DEF");
                }
                edited |= field(ui, "Your name", &mut self.name, "shown to the other player");
            });
        edited
    }

    /// Who may join, and the addresses they type (for the port typed); true when changed.
    fn reach_rows(&mut self, ui: &mut egui::Ui) -> bool {
        let mut edited = false;
        ui.label("Who may join");
        ui.vertical(|ui| {
            for (reach, text) in [
                (Reach::ThisMachine, "This machine only (127.0.0.1)"),
                (Reach::LocalNetwork, "The local network"),
            ] {
                edited |= ui.radio_value(&mut self.reach, reach, text).changed();
            }
        });
        ui.end_row();
        let Ok(port) = self.port.trim().parse::<u16>() else {
            return edited;
        };
        let addresses = match self.reach {
            Reach::ThisMachine => vec![format!("127.0.0.1:{port}")],
            Reach::LocalNetwork => {
                if self.addresses.as_ref().is_none_or(|(p, _)| *p != port) {
                    let found = serve::join_addresses(Reach::LocalNetwork.bind(), port);
                    self.addresses = Some((port, found));
                }
                self.addresses
                    .as_ref()
                    .map_or(Vec::new(), |(_, a)| a.clone())
            }
        };
        ui.label(match self.reach {
            Reach::ThisMachine => "Joined at",
            Reach::LocalNetwork => "Others type",
        });
        ui.vertical(|ui| {
            for address in &addresses {
                ui.label(RichText::new(address).monospace().strong());
            }
            if self.reach == Reach::LocalNetwork && addresses.iter().all(|a| a.starts_with("127."))
            {
                ui.label(RichText::new("No network found: only this machine can join.").weak());
            }
        });
        ui.end_row();
        edited
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

    /// Starts the server and starts taking this machine's seat.
    fn host(
        &self,
        saves_dir: &Path,
        wake: impl Fn() + Send + 'static,
    ) -> Result<Dialling, Failure> {
        self.rules.check().map_err(|e| {
            (
                "These rules cannot be played together: change them.".to_owned(),
                Some(e.to_string()),
            )
        })?;
        let port = self.port_number()?;
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
        make_saves_dir(saves_dir)?;
        let hosted = serve::start_host(&HostOptions {
            rules: self.rules.clone(),
            time_control,
            bind: self.reach.bind().to_owned(),
            port,
            autosave: saves_dir.join(crate::save::autosave_name()),
            resume: None,
        })
        .map_err(hosting_failure)?;
        let mut hello = self.hello();
        hello.token = Some(hosted.server.with_host(|h| h.reserve(self.seat)));
        let local = format!("127.0.0.1:{}", hosted.server.addr().port());
        let own = OwnTable::Chess(Arc::new(hosted));
        Ok(Dialling::start(&local, hello, Some(own), wake))
    }

    /// Starts another game's table ([`super::games::host_table`]) and starts taking this
    /// machine's seat.
    fn host_other(
        &self,
        saves_dir: &Path,
        wake: impl Fn() + Send + 'static,
    ) -> Result<Dialling, Failure> {
        let port = self.port_number()?;
        make_saves_dir(saves_dir)?;
        let autosave = saves_dir.join(crate::save::autosave_name());
        let bind = self.reach.bind();
        let Some(hosted) =
            super::games::host_table(self.game, bind, port, autosave, self.seat, self.hello())
        else {
            return self.host(saves_dir, wake);
        };
        let (local, hello, own) = hosted.map_err(hosting_failure)?;
        Ok(Dialling::start(&local, hello, Some(own), wake))
    }

    /// The game hosted: a chess rule set, or another game; true when changed.
    fn game_row(&mut self, ui: &mut egui::Ui) -> bool {
        let mut edited = false;
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new("Game").strong());
            for game in HostGame::ALL {
                let text = super::games::host_label(game);
                if ui.selectable_value(&mut self.game, game, text).changed() {
                    edited = true;
                    // The side that moves first (listed first).
                    self.seat = super::games::host_sides(game)[0].0;
                }
            }
        });
        if let Some(note) = super::games::host_note(self.game) {
            ui.label(RichText::new(note).weak());
        }
        ui.add_space(4.0);
        edited
    }

    /// The port typed, or why it is not one.
    fn port_number(&self) -> Result<u16, Failure> {
        self.port.trim().parse().map_err(|_| {
            plain(format!(
                "{} is not a port number (1-65535).",
                crate::untrusted::quoted(&self.port)
            ))
        })
    }

    fn join(&self, wake: impl Fn() + Send + 'static) -> Result<Dialling, Failure> {
        let address = self.address.trim();
        if address.is_empty() {
            return Err(plain(
                "Type the host's address (shown on the host's screen).",
            ));
        }
        let mut hello = self.hello();
        hello.code = Some(self.code.trim().to_owned());
        Ok(Dialling::start(address, hello, None, wake))
    }
}

/// The folder hosted games are autosaved in, created when missing.
fn make_saves_dir(saves_dir: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(saves_dir).map_err(|e| {
        (
            "Cannot create the folder the game is saved in.".to_owned(),
            Some(format!("{}: {e}", saves_dir.display())),
        )
    })
}

/// Why a table could not be hosted, in words.
fn hosting_failure(e: serve::ServeError) -> Failure {
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
}

/// The game screen of the seat at `table` (`hosted`: this app's server, kept running while the
/// screen is open).
fn seat_screen(mut table: RemoteTable, hosted: Option<Arc<Hosted>>) -> Box<PlayScreen> {
    if let Some(h) = &hosted {
        table.set_hosting(&h.address);
    }
    let seat = table.color();
    // A seat at this app's own table ends with the app: only another machine's is rejoined.
    let ticket = table.ticket().filter(|_| hosted.is_none());
    let mut play = PlayScreen::new(table, PlayMode::Seat(seat));
    play.hosting = hosted;
    play.ticket = ticket;
    Box::new(play)
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
