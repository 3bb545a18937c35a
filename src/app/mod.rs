//! The desktop app (eframe/egui): the only module that draws anything.
//!
//! A thin shell over the GUI-free core: the start screen, the new-game dialog, the game screen
//! ([`play`]) and file dialogs. Settings are persisted with eframe's storage; game state never is
//! (a game is resumed only from its save file, and always onto the curtain).
//!
//! Around every screen: How to play ([`howto`]), the question before a game in progress is left
//! and the window title (`leaving`).
//!
//! Shared by the game screen and study mode: who may see which board ([`visibility`]), the
//! three-board layout (`layout`), the log panels (`logs`) and the colours and text sizes
//! (`theme`). The game screen's sound cues are in [`sound`], spoken announcements in
//! [`speech`].

pub mod about;
pub mod board;
pub mod browser;
mod curtain;
pub mod files;
pub mod flags;
mod frame;
mod games;
pub mod howto;
mod layout;
pub mod leaving;
pub mod library;
mod logs;
pub mod network;
pub mod newgame;
pub mod opening;
pub mod pieces;
pub mod play;
pub mod problem_play;
pub mod problems;
mod rehost;
pub mod settings;
pub mod shogi;
pub mod sound;
pub mod speech;
mod start;
pub mod study;
mod theme;
pub mod visibility;

use crate::bots::BotKind;
use crate::rules::Preset;
use crate::session::GameSession;
use files::{FileOp, Files};
use newgame::{NewGameDialog, NewMode};
use play::{MessageKind, PlayMode, PlayScreen};
use settings::{Settings, new_game_dialog};
use shakmaty::Color;
use std::path::PathBuf;
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
    /// Every save and sample game in one list.
    Library(Box<library::LibraryScreen>),
    /// The Kriegspiel problems.
    Problems(Box<problems::ProblemsScreen>),
    /// Host or join a network game.
    Network(Box<network::NetworkScreen>),
    /// A game of tsuitate shogi (hot-seat or the club referee's console).
    Tsuitate(Box<shogi::TsuitateScreen>),
}

/// The app.
pub struct KriegspielApp {
    /// User settings (persisted).
    pub settings: Settings,
    /// The current screen.
    pub screen: Screen,
    files: Files,
    saves_dir: PathBuf,
    /// The saves folder is the user's (not one given): an older `./saves` is offered too.
    older_saves: bool,
    recent: files::RecentSaves,
    /// A message for the user (e.g. why a file did not open, where a file was written); cleared
    /// by the next click.
    pub notice: Option<String>,
    /// What the notice is: an error (red) or something done (green).
    pub notice_kind: MessageKind,
    show_settings: bool,
    practice_seed: Option<u64>,
    /// The How to play window, when open.
    pub howto: Option<howto::HowTo>,
    /// Whether the About window is open.
    pub show_about: bool,
    /// A game in progress is to be left for this, once the person says so.
    pub leaving: Option<leaving::Leave>,
    /// A question the gate sent back while opening a game (its rules, or a game not over).
    pub asking: Option<opening::Ask>,
    /// The window title last set, and the game screen it was set for.
    title: Option<(String, usize)>,
}

impl KriegspielApp {
    /// A new app. `native_dialogs` is off in tests.
    pub fn new(options: StartOptions, settings: Settings, native_dialogs: bool) -> KriegspielApp {
        let saves_dir = options
            .saves_dir
            .clone()
            .unwrap_or_else(crate::places::saves_dir);
        // The app's own folder (its parents too: a first start); a failure shows when saving.
        let _ = std::fs::create_dir_all(&saves_dir);
        // Temporary files a crashed write left behind.
        crate::save::remove_stale_temporaries(&saves_dir);
        pieces::use_set(settings.piece_set);
        let mut app = KriegspielApp {
            settings,
            screen: Screen::Start,
            files: Files::new(native_dialogs),
            recent: files::RecentSaves::start(&saves_dir, options.saves_dir.is_none()),
            older_saves: options.saves_dir.is_none(),
            saves_dir,
            notice: None,
            notice_kind: MessageKind::Info,
            show_settings: false,
            practice_seed: options.practice_seed,
            howto: None,
            show_about: false,
            leaving: None,
            asking: None,
            title: None,
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
            (None, Some(mode)) if let Some(new) = games::NewOther::of_mode(mode) => {
                app.start_other(new);
            }
            (None, Some("practice")) => app.start_practice(Color::White, Duration::ZERO),
            (None, Some("practice-black")) => app.start_practice(Color::Black, Duration::ZERO),
            (None, _) if options.rules.is_some() => app.screen = Screen::NewGame(Box::new(hotseat)),
            _ => {}
        }
        if let Some(net) = options.network {
            // Taken on another thread, as from the form (the form shows a failure).
            let form = network::NetworkScreen::dial(&net.address, net.hello, net.hosted, || {});
            app.screen = Screen::Network(Box::new(form));
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
        let path = self.new_autosave();
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
            computer: Some(crate::save::Computer {
                plays: !human,
                bot,
                level: None,
            }),
            ..crate::save::Meta::default()
        };
        let path = self.new_autosave();
        match GameSession::new(
            Preset::Wild16.rules(),
            crate::krk::practice::random_start(seed),
            meta,
            None,
            Some(path),
        ) {
            Ok(session) => {
                self.screen =
                    Screen::Play(Box::new(PlayScreen::new(session, PlayMode::Seat(human))));
            }
            Err(e) => self.tell(MessageKind::Error, e.to_string()),
        }
    }

    /// A new autosave file in the saves folder. The saves folder is created when missing: the
    /// one folder the app creates (a save never creates folders; if this fails, the autosave
    /// reports it).
    fn new_autosave(&self) -> PathBuf {
        let _ = std::fs::create_dir_all(&self.saves_dir);
        self.saves_dir.join(crate::save::autosave_name())
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
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Kriegspiel")
        .with_app_id(about::APP_ID)
        .with_inner_size([1280.0, 800.0])
        .with_min_inner_size([480.0, 400.0]);
    if let Some(icon) = about::window_icon() {
        viewport = viewport.with_icon(icon);
    }
    let native = eframe::NativeOptions {
        viewport,
        // Settings in the user's config folder.
        persistence_path: crate::places::settings_file(),
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
