//! The desktop app (eframe/egui): the only module that draws anything.
//!
//! A thin shell over the GUI-free core: the start screen, the new-game dialog, the game screen
//! ([`play`]) and file dialogs. Settings are persisted with eframe's storage; game state never is
//! (a game is resumed only from its save file, and always onto the curtain).
//!
//! Shared by the game screen and study mode: who may see which board ([`visibility`]), the
//! three-board layout (`layout`), the log panels (`logs`) and the colours and text sizes
//! (`theme`).

pub mod board;
pub mod files;
pub mod flags;
mod layout;
mod logs;
pub mod network;
pub mod newgame;
pub mod pieces;
pub mod play;
pub mod problem_play;
pub mod problems;
pub mod settings;
mod start;
pub mod study;
mod theme;
pub mod visibility;

use crate::bots::BotKind;
use crate::krk::practice::LEGACY_COMPUTER_NAME;
use crate::rules::Preset;
use crate::session::GameSession;
use files::{FileOp, Files, SaveEntry, list_saves};
use newgame::{NewGameAction, NewGameDialog, NewMode};
use play::{AppRequest, MessageKind, PlayMode, PlayScreen};
use settings::{Settings, new_game_dialog, same_settings};
use shakmaty::Color;
use start::{StartAction, start_screen};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How the app was asked to start.
#[derive(Clone, Debug, Default)]
pub struct StartOptions {
    /// A save file to open.
    pub file: Option<PathBuf>,
    /// The mode to open straight into (`hotseat`, `referee` or `study`).
    pub mode: Option<String>,
    /// The rule set for a new game.
    pub rules: Option<Preset>,
    /// Where games are saved (default `saves/`).
    pub saves_dir: Option<PathBuf>,
    /// The seed of practice starts (default: the clock); fixed in tests.
    pub practice_seed: Option<u64>,
    /// Sit at a network table straight away (`kriegspiel host` / `kriegspiel join`).
    pub network: Option<NetworkStart>,
}

/// A network seat to open at start: where, the hello, and the server when this process hosts.
#[derive(Clone)]
pub struct NetworkStart {
    /// The table's address (HOST:PORT).
    pub address: String,
    /// The hello (join code or seat token, name).
    pub hello: crate::seat::Hello,
    /// This process's server, kept running while the app is open.
    pub hosted: Option<std::sync::Arc<crate::seat::serve::Hosted>>,
}

impl std::fmt::Debug for NetworkStart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NetworkStart")
            .field("address", &self.address)
            .field("hosted", &self.hosted.is_some())
            .finish_non_exhaustive()
    }
}

/// The screen being shown.
pub enum Screen {
    /// Start: new, open, resume, recent games.
    Start,
    /// The new-game dialog.
    NewGame(Box<NewGameDialog>),
    /// A game.
    Play(Box<PlayScreen>),
    /// Studying a saved game.
    Study(Box<study::StudyScreen>),
    /// The Kriegspiel problems.
    Problems(Box<problems::ProblemsScreen>),
    /// Host or join a network game.
    Network(Box<network::NetworkScreen>),
}

/// The app.
pub struct KriegspielApp {
    /// User settings (persisted).
    pub settings: Settings,
    /// The current screen.
    pub screen: Screen,
    files: Files,
    saves_dir: PathBuf,
    recent: Vec<SaveEntry>,
    /// A message for the user (e.g. why a file did not open, where a file was written); cleared
    /// by the next click.
    pub notice: Option<String>,
    /// What the notice is: an error (red) or something done (green).
    pub notice_kind: MessageKind,
    show_settings: bool,
    practice_seed: Option<u64>,
}

impl KriegspielApp {
    /// A new app. `native_dialogs` is off in tests.
    pub fn new(options: StartOptions, settings: Settings, native_dialogs: bool) -> KriegspielApp {
        let saves_dir = options
            .saves_dir
            .clone()
            .unwrap_or_else(|| PathBuf::from("saves"));
        // Temporary files a crashed write left behind.
        crate::save::remove_stale_temporaries(&saves_dir);
        pieces::use_set(settings.piece_set);
        let mut app = KriegspielApp {
            settings,
            screen: Screen::Start,
            files: Files::new(native_dialogs),
            recent: list_saves(&saves_dir),
            saves_dir,
            notice: None,
            notice_kind: MessageKind::Info,
            show_settings: false,
            practice_seed: options.practice_seed,
        };
        // The remembered form, with `--rules` and `--mode` taking precedence.
        let dialog = |mode: NewMode| {
            let mut dialog = new_game_dialog(&app.settings);
            dialog.mode = mode;
            if let Some(preset) = options.rules {
                dialog.rules = preset.rules();
            }
            dialog
        };
        let (referee, hotseat) = (dialog(NewMode::Referee), dialog(NewMode::HotSeat));
        match (&options.file, options.mode.as_deref()) {
            (Some(file), mode) => app.open(file, mode == Some("study")),
            (None, Some("referee")) => app.start_new(referee),
            (None, Some("hotseat")) => app.start_new(hotseat),
            (None, Some("study")) => app.files.request(FileOp::Study, &app.saves_dir.clone(), ""),
            (None, Some("practice")) => app.start_practice(Color::White, Duration::ZERO),
            (None, Some("practice-black")) => app.start_practice(Color::Black, Duration::ZERO),
            (None, _) if options.rules.is_some() => app.screen = Screen::NewGame(Box::new(hotseat)),
            _ => {}
        }
        if let Some(net) = options.network {
            match network::sit(&net.address, net.hello, net.hosted) {
                Ok(play) => app.screen = Screen::Play(play),
                Err(e) => app.tell(MessageKind::Error, e),
            }
        }
        app
    }

    /// Shows `text` in the menu bar as a notice of `kind`.
    fn tell(&mut self, kind: MessageKind, text: impl Into<String>) {
        self.notice = Some(text.into());
        self.notice_kind = kind;
    }

    fn start_new(&mut self, dialog: NewGameDialog) {
        match dialog.spec() {
            Ok(spec) => self.start_game(*Box::new(spec)),
            Err(e) => {
                self.tell(MessageKind::Error, e);
                self.screen = Screen::NewGame(Box::new(dialog));
            }
        }
    }

    fn start_game(&mut self, spec: newgame::GameSpec) {
        let path = self.saves_dir.join(crate::save::autosave_name());
        match GameSession::new(
            spec.rules,
            spec.start,
            spec.meta,
            spec.time_control,
            Some(path),
        ) {
            Ok(session) => {
                self.screen = Screen::Play(Box::new(PlayScreen::new(session, spec.mode)))
            }
            Err(e) => self.tell(MessageKind::Error, e.to_string()),
        }
    }

    /// Starts a practice game of KR vs K from a random start where mate can be forced, `human`
    /// against the computer (Wild 16 rules, as `kriegspiel krk`; untimed).
    pub fn start_practice(&mut self, human: Color, now: Duration) {
        let seed = self.practice_seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
                ^ now.as_nanos() as u64
        });
        let bot = BotKind::KrkPractice;
        let (white, black) = match human {
            Color::White => ("You".to_owned(), bot.title().to_owned()),
            Color::Black => (bot.title().to_owned(), "You".to_owned()),
        };
        let meta = crate::save::Meta {
            event: "Practice: KR vs K".to_owned(),
            date: crate::save::today(),
            white,
            black,
            mode: crate::save::Mode::Practice,
            computer: Some(crate::save::Computer { plays: !human, bot }),
            ..crate::save::Meta::default()
        };
        let path = self.saves_dir.join(crate::save::autosave_name());
        match GameSession::new(
            Preset::Wild16.rules(),
            crate::krk::practice::random_start(seed),
            meta,
            None,
            Some(path),
        ) {
            Ok(session) => {
                self.screen = Screen::Play(Box::new(PlayScreen::new(
                    session,
                    PlayMode::Practice(human),
                )));
            }
            Err(e) => self.tell(MessageKind::Error, e.to_string()),
        }
    }

    /// Opens a save: resumed (on the curtain) or studied.
    pub fn open(&mut self, path: &Path, study: bool) {
        match crate::save::load_file(path) {
            Ok(loaded) => {
                if let Some(dir) = path.parent() {
                    self.settings.last_folder = Some(dir.to_path_buf());
                }
                let mut loaded = loaded;
                let meta = &mut loaded.saved.meta;
                if meta.mode == crate::save::Mode::Practice && meta.computer.is_none() {
                    // Saves from before the bot was named: the computer played under its name.
                    let plays = if meta.white == LEGACY_COMPUTER_NAME {
                        Color::White
                    } else {
                        Color::Black
                    };
                    meta.computer = Some(crate::save::Computer {
                        plays,
                        bot: BotKind::KrkPractice,
                    });
                }
                // A file never starts a program: an engine's command came from the file, so
                // the strong computer takes its seat over.
                let engine = meta.computer.filter(|c| c.bot == BotKind::Engine).is_some();
                if let Some(c) = meta.computer.as_mut().filter(|_| engine && !study) {
                    c.bot = BotKind::Strong;
                }
                let mode = match (meta.mode, meta.computer) {
                    (crate::save::Mode::ClubReferee, _) => PlayMode::Referee,
                    (crate::save::Mode::Practice, Some(c)) => PlayMode::Practice(!c.plays),
                    _ => PlayMode::HotSeat,
                };
                if study {
                    self.screen = Screen::Study(Box::new(
                        study::StudyScreen::new(loaded.saved).with_path(path.to_path_buf()),
                    ));
                } else {
                    let session = GameSession::from_loaded(loaded, Some(path.to_path_buf()));
                    self.screen = Screen::Play(Box::new(PlayScreen::new(session, mode)));
                }
                self.notice = None;
                if engine && !study {
                    self.tell(
                        MessageKind::Info,
                        "An engine is not started from a file: the strong computer plays on.",
                    );
                }
            }
            Err(e) => self.tell(MessageKind::Error, format!("{}: {e}", path.display())),
        }
    }

    fn dir(&self) -> PathBuf {
        self.settings
            .last_folder
            .clone()
            .unwrap_or_else(|| self.saves_dir.clone())
    }

    fn now(ctx: &egui::Context) -> Duration {
        Duration::from_secs_f64(ctx.input(|i| i.time).max(0.0))
    }

    /// Draws the whole app (also used by tests through egui_kittest).
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let now = Self::now(&ctx);
        self.settings.apply(&ctx);
        // A notice stays until the next click (one that brings a new notice sets it again below).
        if ctx.input(|i| i.pointer.any_click()) {
            self.notice = None;
        }
        let mut save_as = false;
        let mut export: Option<FileOp> = None;
        let typing = ctx.egui_wants_keyboard_input();
        let (new, open, save) = ctx.input_mut(|i| {
            (
                i.consume_shortcut(&egui::KeyboardShortcut::new(
                    egui::Modifiers::COMMAND,
                    egui::Key::N,
                )),
                i.consume_shortcut(&egui::KeyboardShortcut::new(
                    egui::Modifiers::COMMAND,
                    egui::Key::O,
                )),
                i.consume_shortcut(&egui::KeyboardShortcut::new(
                    egui::Modifiers::COMMAND,
                    egui::Key::S,
                )),
            )
        });
        let _ = typing;
        if new {
            self.screen = Screen::NewGame(Box::new(new_game_dialog(&self.settings)));
        }
        if open {
            self.files.request(FileOp::Open, &self.dir(), "");
        }
        if save && matches!(self.screen, Screen::Play(_)) {
            save_as = true;
        }

        egui::Panel::top("menu").show(ui, |ui| {
            ui.horizontal(|ui| {
                if ui.button("New (Ctrl+N)").clicked() {
                    self.screen = Screen::NewGame(Box::new(new_game_dialog(&self.settings)));
                }
                if ui.button("Open (Ctrl+O)").clicked() {
                    self.files.request(FileOp::Open, &self.dir(), "");
                }
                if matches!(self.screen, Screen::Play(_)) && ui.button("Save as (Ctrl+S)").clicked()
                {
                    save_as = true;
                }
                if ui.button("Start screen").clicked() {
                    self.recent = list_saves(&self.saves_dir);
                    self.screen = Screen::Start;
                }
                if ui.button("Settings").clicked() {
                    self.show_settings = !self.show_settings;
                }
                if matches!(self.screen, Screen::Play(_)) {
                    ui.label("F: flip boards");
                }
                if let Some(n) = &self.notice {
                    let color = self.notice_kind.color(ui.visuals().dark_mode);
                    ui.add(egui::Label::new(egui::RichText::new(n).color(color)).wrap());
                }
            });
        });
        if self.show_settings {
            self.settings.window(&ctx, &mut self.show_settings);
        }

        let mut next: Option<Screen> = None;
        let mut told: Option<(MessageKind, String)> = None;
        let mut practice_again: Option<Color> = None;
        match &mut self.screen {
            Screen::Start => {
                let mut action = None;
                egui::CentralPanel::default()
                    .show(ui, |ui| action = start_screen(ui, &self.recent));
                match action {
                    Some(StartAction::New) => {
                        next = Some(Screen::NewGame(Box::new(new_game_dialog(&self.settings))));
                    }
                    Some(StartAction::Computer) => {
                        let mut dialog = new_game_dialog(&self.settings);
                        dialog.mode = NewMode::Computer;
                        next = Some(Screen::NewGame(Box::new(dialog)));
                    }
                    Some(StartAction::Open) => self.files.request(FileOp::Open, &self.dir(), ""),
                    Some(StartAction::Study) => self.files.request(FileOp::Study, &self.dir(), ""),
                    Some(StartAction::Load(path)) => self.open(&path, false),
                    Some(StartAction::Practice(human)) => self.start_practice(human, now),
                    Some(StartAction::Network(tab)) => {
                        next = Some(Screen::Network(Box::new(network::NetworkScreen::new(tab))));
                    }
                    Some(StartAction::Problems) => {
                        let dir = PathBuf::from("assets/problems");
                        next = Some(Screen::Problems(Box::new(problems::ProblemsScreen::new(
                            &dir,
                        ))));
                    }
                    None => {}
                }
            }
            Screen::NewGame(dialog) => {
                let mut action = NewGameAction::Stay;
                egui::CentralPanel::default().show(ui, |ui| action = dialog.show(ui));
                match action {
                    NewGameAction::Stay => {}
                    NewGameAction::Cancel => next = Some(Screen::Start),
                    NewGameAction::Start(spec) => {
                        // The next dialog starts from these choices.
                        self.settings.new_game = Some(dialog.remember());
                        self.start_game(*spec);
                    }
                    NewGameAction::Study => self.files.request(FileOp::Study, &self.dir(), ""),
                }
            }
            Screen::Play(play) => {
                for request in play.show(ui, &self.settings, now) {
                    match request {
                        AppRequest::SaveAs => save_as = true,
                        AppRequest::ExportPgn => export = Some(FileOp::ExportPgn),
                        AppRequest::ExportScoresheet => export = Some(FileOp::ExportScoresheet),
                        AppRequest::StudyGame => match play.session.to_saved() {
                            Some(saved) => {
                                next =
                                    Some(Screen::Study(Box::new(study::StudyScreen::new(saved))));
                            }
                            None => {
                                told = Some((
                                    MessageKind::Error,
                                    "This table keeps no record of the game to study.".to_owned(),
                                ));
                            }
                        },
                        AppRequest::NewGameSameSettings => match play.mode {
                            PlayMode::Practice(human) => practice_again = Some(human),
                            _ => next = Some(Screen::NewGame(Box::new(same_settings(play)))),
                        },
                    }
                }
            }
            Screen::Problems(p) => p.show(ui),
            Screen::Network(form) => {
                let mut action = network::NetworkAction::Stay;
                egui::CentralPanel::default()
                    .show(ui, |ui| action = form.show(ui, &self.saves_dir));
                match action {
                    network::NetworkAction::Stay => {}
                    network::NetworkAction::Back => next = Some(Screen::Start),
                    network::NetworkAction::Play(play) => next = Some(Screen::Play(play)),
                }
            }
            Screen::Study(s) => {
                for request in s.show(ui, &self.settings) {
                    match request {
                        study::StudyRequest::ExportPgn => export = Some(FileOp::ExportPgn),
                        study::StudyRequest::ExportFiltered(c) => {
                            export = Some(FileOp::ExportFilteredPgn(c))
                        }
                        study::StudyRequest::SaveAs => save_as = true,
                        study::StudyRequest::Close => next = Some(Screen::Start),
                    }
                }
            }
        }
        if let Some(screen) = next {
            let network =
                |s: &Screen| matches!(s, Screen::Play(p) if matches!(p.mode, PlayMode::Remote(_)));
            if network(&self.screen) && !network(&screen) {
                // A network game named its seat in the window's title.
                ui.ctx()
                    .send_viewport_cmd(egui::ViewportCommand::Title("Kriegspiel".to_owned()));
            }
            self.screen = screen;
        }
        if let Some((kind, text)) = told {
            self.tell(kind, text);
        }
        if let Some(human) = practice_again {
            self.start_practice(human, now);
        }
        if save_as {
            self.files
                .request(FileOp::SaveAs, &self.dir(), &crate::save::autosave_name());
        }
        if let Some(op) = export {
            self.files
                .request(op, &self.dir(), &crate::save::autosave_name());
        }
        let dir = self.dir();
        let chosen = self
            .files
            .poll(&dir, &crate::save::autosave_name())
            .or_else(|| self.files.show(&ctx));
        if let Some((op, path)) = chosen {
            match op {
                FileOp::Open => self.open(&path, false),
                FileOp::Study => self.open(&path, true),
                FileOp::SaveAs
                | FileOp::ExportPgn
                | FileOp::ExportScoresheet
                | FileOp::ExportFilteredPgn(_) => {
                    let saved = match &self.screen {
                        Screen::Play(play) => play.session.to_saved(),
                        Screen::Study(s) => Some(s.saved.clone()),
                        _ => None,
                    };
                    if let Some(saved) = saved {
                        let text = match op {
                            FileOp::ExportPgn => crate::pgn::referee_pgn(&saved),
                            FileOp::ExportFilteredPgn(c) => crate::pgn::player_pgn(&saved, c),
                            FileOp::ExportScoresheet => crate::scoresheet::scoresheet(&saved),
                            _ => saved.to_ron(),
                        };
                        match crate::save::write_atomic(&path, text.as_bytes()) {
                            Ok(()) => {
                                // Later "Save comments" write to the file just chosen.
                                if matches!(op, FileOp::SaveAs)
                                    && let Screen::Study(s) = &mut self.screen
                                {
                                    s.saved_to(path.clone());
                                }
                                self.tell(
                                    MessageKind::Success,
                                    format!("Written to {}", path.display()),
                                );
                            }
                            Err(e) => self.tell(
                                MessageKind::Error,
                                format!("Could not write {}: {e}", path.display()),
                            ),
                        }
                    }
                }
            }
        }
        if self.files.busy() {
            ctx.request_repaint_after(Duration::from_millis(100));
        }
    }
}

impl eframe::App for KriegspielApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, settings::KEY, &self.settings);
    }

    fn persist_egui_memory(&self) -> bool {
        false
    }
}

/// Opens the app window and runs until it is closed.
pub fn run(options: StartOptions) -> Result<(), String> {
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Kriegspiel")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([480.0, 400.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Kriegspiel",
        native,
        Box::new(move |cc| {
            egui_extras::install_image_loaders(&cc.egui_ctx);
            let settings: Settings = cc
                .storage
                .and_then(|s| eframe::get_value(s, settings::KEY))
                .unwrap_or_default();
            Ok(Box::new(KriegspielApp::new(options, settings, true)))
        }),
    )
    .map_err(|e| {
        format!(
            "cannot open the app window ({e}); is a display available (DISPLAY or WAYLAND_DISPLAY)?"
        )
    })
}
