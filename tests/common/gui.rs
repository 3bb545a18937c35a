//! The GUI test harness of the `tests/app_*.rs` files (included with `#[path]`): the app in an
//! egui_kittest harness with its saves in a temporary folder of its own, removed when the test
//! ends; the ways a person drives it (click a label, type into a field, press a key, drag); and
//! the one place that knows how to reach into the app's screens and its table, so a change there
//! touches only this file.
#![allow(dead_code)]

use egui_kittest::kittest::{By, NodeT, Queryable};
use egui_kittest::{Harness, HarnessBuilder};
use kriegspiel::app::network::NetworkScreen;
use kriegspiel::app::newgame::{GameSpec, NewGameDialog};
use kriegspiel::app::play::{Drawn, Place, PlayMode, PlayScreen};
use kriegspiel::app::problem_play::PlayPanel;
use kriegspiel::app::problems::ProblemsScreen;
use kriegspiel::app::settings::Settings;
use kriegspiel::app::study::StudyScreen;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::clock::TimeControl;
use kriegspiel::save::Meta;
use kriegspiel::session::GameSession;
use kriegspiel::table::Table;
use kriegspiel::{Game, GameLog, Preset, Request, RuleSet};
use shakmaty::{Color, Piece, Role, Setup, Square};
use std::collections::BTreeMap;
use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// The standard start position.
pub const STANDARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// The label of the play screen's move field.
pub const MOVE_FIELD: &str = "Type a move";
/// How long a test waits for another thread (a bot, the solver, a network peer) to answer.
const PATIENCE: Duration = Duration::from_secs(60);

/// A folder of the test's own, removed with its contents when dropped.
pub fn scratch() -> TempDir {
    tempfile::Builder::new()
        .prefix("kriegspiel-gui-")
        .tempdir()
        .expect("a temporary folder")
}

/// A sample game shipped in `saves/` (read only: tests never save there).
pub fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("saves")
        .join(name)
}

/// The position of a FEN (pockets allowed).
pub fn fen(text: &str) -> Setup {
    kriegspiel::setup::parse_fen(text).expect("a valid FEN")
}

/// A harness builder for any state: a 1280x800 window with the app's image loaders.
pub fn harness_builder<S>() -> HarnessBuilder<S> {
    // A move and the computer's answer (which asks for a frame of its own) can take a few more
    // frames than kittest's default four to settle.
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_max_steps(16)
        // Frames at a real display's pace, so that "at once" in a test is a fraction of a second
        // of the app's time (the curtain's moment counts it).
        .with_step_dt(1.0 / 60.0)
        .with_context_setup(egui_extras::install_image_loaders)
}

/// Saves what the harness shows as `name`.png in the folder `KRIEGSPIEL_SHOTS` names (for the
/// notes' screenshots; nothing when it is not set).
pub fn shot<S>(h: &mut Harness<'_, S>, name: &str) {
    if let Some(dir) = std::env::var_os("KRIEGSPIEL_SHOTS") {
        let image = h.render().expect("a rendered frame");
        image
            .save(Path::new(&dir).join(format!("{name}.png")))
            .expect("the screenshot is written");
    }
}

/// Every label and value in the accessibility tree.
pub fn texts<S>(h: &Harness<'_, S>) -> Vec<String> {
    h.root()
        .query_all(By::new())
        .flat_map(|n| {
            let node = n.accesskit_node();
            [node.label(), node.value()]
                .into_iter()
                .flatten()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The game screen of `app`.
pub fn play_of(app: &KriegspielApp) -> &PlayScreen {
    match &app.screen {
        Screen::Play(p) => p,
        // A seat not taken: why, as the form says it.
        Screen::Network(form) => panic!(
            "not on the game screen: the network form says {:?} ({:?})",
            form.error, form.error_detail
        ),
        _ => panic!("not on the game screen (the notice: {:?})", app.notice),
    }
}

/// The game screen's table in `app`.
pub fn table_of(app: &KriegspielApp) -> &dyn Table {
    &*play_of(app).table
}

/// How the app is started: its options, settings, window and first screen.
pub struct GuiBuilder {
    dir: TempDir,
    options: StartOptions,
    settings: Settings,
    size: egui::Vec2,
    start: Option<(RuleSet, Setup)>,
    meta: Meta,
    clock: Option<TimeControl>,
    mode: PlayMode,
    screen: Option<Screen>,
}

impl GuiBuilder {
    /// The folder the app saves in (the test's own).
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// The window's size.
    pub fn size(mut self, width: f32, height: f32) -> Self {
        self.size = egui::vec2(width, height);
        self
    }

    pub fn settings(mut self, settings: Settings) -> Self {
        self.settings = settings;
        self
    }

    /// A save file to open at start (`kriegspiel FILE`).
    pub fn file(mut self, file: impl Into<PathBuf>) -> Self {
        self.options.file = Some(file.into());
        self
    }

    /// The mode to open straight into (`--mode`).
    pub fn start_mode(mut self, mode: &str) -> Self {
        self.options.mode = Some(mode.to_owned());
        self
    }

    /// A save studied at start (`kriegspiel FILE --mode study`).
    pub fn study(self, file: impl Into<PathBuf>) -> Self {
        self.file(file).start_mode("study")
    }

    /// The rules of a new game (`--rules`).
    pub fn rules(mut self, preset: Preset) -> Self {
        self.options.rules = Some(preset);
        self
    }

    /// The seed of practice starts.
    pub fn practice_seed(mut self, seed: u64) -> Self {
        self.options.practice_seed = Some(seed);
        self
    }

    /// A new game on the game screen (hot seat unless [`GuiBuilder::play_mode`] says otherwise),
    /// autosaved in the test's folder.
    pub fn game(mut self, rules: RuleSet, start: Setup) -> Self {
        self.start = Some((rules, start));
        self
    }

    pub fn meta(mut self, meta: Meta) -> Self {
        self.meta = meta;
        self
    }

    pub fn clock(mut self, clock: Option<TimeControl>) -> Self {
        self.clock = clock;
        self
    }

    pub fn play_mode(mut self, mode: PlayMode) -> Self {
        self.mode = mode;
        self
    }

    /// The game the new-game dialog decided on.
    pub fn spec(self, spec: GameSpec) -> Self {
        self.game(spec.rules, spec.start)
            .meta(spec.meta)
            .clock(spec.time_control)
            .play_mode(spec.mode)
    }

    /// Opens on the new-game dialog.
    pub fn new_game(mut self, dialog: NewGameDialog) -> Self {
        self.screen = Some(Screen::NewGame(Box::new(dialog)));
        self
    }

    /// Opens on the network form.
    pub fn network(mut self, form: NetworkScreen) -> Self {
        self.screen = Some(Screen::Network(Box::new(form)));
        self
    }

    /// Opens on the problems screen of the test's folder.
    pub fn problems(mut self) -> Self {
        let screen = ProblemsScreen::new(self.dir.path());
        self.screen = Some(Screen::Problems(Box::new(screen)));
        self
    }

    /// The app alone, without a harness (nothing drawn yet), with its folder.
    pub fn app(self) -> (KriegspielApp, TempDir) {
        let options = StartOptions {
            saves_dir: Some(self.dir.path().to_path_buf()),
            ..self.options
        };
        let mut app = KriegspielApp::new(options, self.settings, false);
        if let Some((rules, start)) = self.start {
            let autosave = self.dir.path().join("game.ron");
            let session = GameSession::new(rules, start, self.meta, self.clock, Some(autosave))
                .expect("a valid start");
            app.screen = Screen::Play(Box::new(PlayScreen::new(session, self.mode)));
        }
        if let Some(screen) = self.screen {
            app.screen = screen;
        }
        (app, self.dir)
    }

    /// The app in a harness, settled after its first frames.
    pub fn build(self) -> Gui {
        let mut gui = self.build_without_run();
        gui.run();
        gui
    }

    /// The app in a harness after only the frames of its construction (for apps that never
    /// settle while another thread works: step them with `run_steps`).
    pub fn build_without_run(self) -> Gui {
        let size = self.size;
        let (app, dir) = self.app();
        Gui::of(app, dir, size)
    }
}

/// The app in a harness, with the folder it saves in (removed after the harness is dropped).
pub struct Gui {
    harness: Harness<'static, KriegspielApp>,
    dir: TempDir,
}

impl Deref for Gui {
    type Target = Harness<'static, KriegspielApp>;
    fn deref(&self) -> &Self::Target {
        &self.harness
    }
}

impl DerefMut for Gui {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.harness
    }
}

impl Gui {
    /// A 1280x800 app with default settings, saving in a new folder of the test's own.
    pub fn builder() -> GuiBuilder {
        GuiBuilder {
            dir: scratch(),
            options: StartOptions::default(),
            settings: Settings::default(),
            size: egui::vec2(1280.0, 800.0),
            start: None,
            meta: Meta::default(),
            clock: None,
            mode: PlayMode::HotSeat,
            screen: None,
        }
    }

    /// A 1280x900 app that hosts the game `form` describes (Start hosting pressed), its seat
    /// decided.
    pub fn hosting(form: NetworkScreen) -> Gui {
        let mut h = Gui::builder()
            .size(1280.0, 900.0)
            .network(form)
            .build_without_run();
        h.run_steps(2);
        h.get_by_label("Start hosting").click();
        h.until_dialled();
        h
    }

    /// A hot-seat game under `rules` from the FEN `start`, settled on the curtain.
    pub fn hot_seat(rules: RuleSet, start: &str) -> Gui {
        Gui::builder().game(rules, fen(start)).build()
    }

    /// `app` (made by [`GuiBuilder::app`]) in a harness of `size`, after the frames of its
    /// construction.
    pub fn of(app: KriegspielApp, dir: TempDir, size: egui::Vec2) -> Gui {
        let harness = harness_builder()
            .with_size(size)
            .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app);
        Gui { harness, dir }
    }

    /// The folder the app saves in.
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// Waits (at most a minute) until the saves are listed (the start screen's and the
    /// Library's lists fill in off the UI thread), then settles the frames.
    pub fn listed(&mut self) {
        self.state_mut()
            .finish_listing(std::time::Duration::from_secs(60));
        self.run();
    }

    /// The game screen.
    pub fn play(&self) -> &PlayScreen {
        play_of(self.state())
    }

    /// The game screen's table.
    pub fn table(&self) -> &dyn Table {
        table_of(self.state())
    }

    /// The true game of a local table.
    pub fn game(&self) -> &Game {
        self.table().truth().expect("a local table")
    }

    /// The referee's log of a local table.
    pub fn log(&self) -> &GameLog {
        self.game().log()
    }

    /// The number of events in the referee's log.
    pub fn events(&self) -> usize {
        self.log().events.len()
    }

    /// Every request the referee took.
    pub fn requests(&self) -> Vec<Request> {
        self.log()
            .events
            .iter()
            .map(|e| e.request.clone())
            .collect()
    }

    /// The last request the referee took.
    pub fn last_request(&self) -> Request {
        self.log().events.last().expect("an event").request.clone()
    }

    /// The game screen's message.
    pub fn message(&self) -> Option<&str> {
        self.play().message.as_deref()
    }

    /// The board drawn at `place`.
    pub fn board(&self, place: Place) -> Drawn {
        self.play()
            .drawn
            .iter()
            .find(|d| d.place == place)
            .expect("the board is drawn")
            .clone()
    }

    /// The pieces drawn on `color`'s boards (none when its board is not drawn).
    pub fn pieces_on(&self, color: Color) -> Vec<Piece> {
        self.play()
            .drawn
            .iter()
            .filter(|d| d.place == Place::Player(color))
            .flat_map(|d| d.pieces.iter().map(|(_, piece)| *piece))
            .collect()
    }

    /// `color`'s markers now.
    pub fn markers(&self, color: Color) -> BTreeMap<Square, Role> {
        self.table().markers().current(color)
    }

    pub fn study(&self) -> &StudyScreen {
        match &self.state().screen {
            Screen::Study(s) => s,
            _ => panic!("not in study mode"),
        }
    }

    pub fn study_mut(&mut self) -> &mut StudyScreen {
        match &mut self.state_mut().screen {
            Screen::Study(s) => s,
            _ => panic!("not in study mode"),
        }
    }

    pub fn problems(&self) -> &ProblemsScreen {
        match &self.state().screen {
            Screen::Problems(p) => p,
            _ => panic!("not on the problems screen"),
        }
    }

    /// The problems screen's panel for playing a problem against the computer.
    pub fn problem_panel(&self) -> &PlayPanel {
        self.problems().playing.as_ref().expect("playing")
    }

    pub fn new_game(&self) -> &NewGameDialog {
        match &self.state().screen {
            Screen::NewGame(d) => d,
            _ => panic!("not in the new-game dialog"),
        }
    }

    pub fn new_game_mut(&mut self) -> &mut NewGameDialog {
        match &mut self.state_mut().screen {
            Screen::NewGame(d) => d,
            _ => panic!("not in the new-game dialog"),
        }
    }

    pub fn network_mut(&mut self) -> &mut NetworkScreen {
        match &mut self.state_mut().screen {
            Screen::Network(form) => form,
            _ => panic!("not on the network form"),
        }
    }

    /// Runs until the seat the network form is taking (on its own thread) is decided: the game
    /// screen, or the form with its failure.
    pub fn until_dialled(&mut self) {
        self.run_until(
            "the seat was never decided",
            |h| !matches!(&h.state().screen, Screen::Network(form) if form.dialling.is_some()),
        );
        self.run_steps(1);
    }

    /// Whether the app shows the game screen.
    pub fn playing(&self) -> bool {
        matches!(self.state().screen, Screen::Play(_))
    }

    /// Every label and value on screen.
    pub fn all_text(&self) -> Vec<String> {
        texts(&self.harness)
    }

    /// Clicks the widget labelled `label`, then lets the app settle. The curtain's "Open …'s
    /// board" is clicked as a person would: once the curtain has stood for a moment.
    pub fn click(&mut self, label: &str) {
        if label.starts_with("Open ") && label.ends_with("'s board") {
            self.let_time_pass(kriegspiel::app::play::CURTAIN_ARM);
        }
        self.get_by_label(label).click();
        self.run();
    }

    /// Lets `time` pass on the app's clock (one frame at the later time, then frames go on at
    /// the usual pace).
    pub fn let_time_pass(&mut self, time: Duration) {
        let now = self.ctx.input(|i| i.time);
        self.input_mut().time = Some(now + time.as_secs_f64() + 0.05);
        self.run();
        self.input_mut().time = None;
    }

    /// Gives the keyboard focus to the widget labelled `label`.
    pub fn focus(&mut self, label: &str) {
        self.get_by_label(label).focus();
        self.run();
    }

    /// Types `text` into whatever has the keyboard focus (as a keyboard would).
    pub fn type_text(&mut self, text: &str) {
        self.event(egui::Event::Text(text.to_owned()));
        self.run();
    }

    pub fn press(&mut self, key: egui::Key) {
        self.key_press(key);
        self.run();
    }

    /// Clicks the field labelled `label` and types `text` into it.
    pub fn type_into(&mut self, label: &str, text: &str) {
        self.click(label);
        self.get_by_label(label).type_text(text);
        self.run();
    }

    /// Clicks the move field, types `line` and presses Enter, in one frame.
    pub fn enter_line(&mut self, line: &str) {
        self.click(MOVE_FIELD);
        self.get_by_label(MOVE_FIELD).type_text(line);
        self.key_press(egui::Key::Enter);
        self.run();
    }

    /// Types `text` into the move field and plays it with the button.
    pub fn play_typed(&mut self, text: &str) {
        let field = self.get_by_label(MOVE_FIELD);
        field.focus();
        field.type_text(text);
        self.run();
        self.click("Play typed move");
    }

    /// Selects all of the move field's text and deletes it.
    pub fn clear_move_field(&mut self) {
        self.get_by_label(MOVE_FIELD).focus();
        self.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        self.key_press(egui::Key::Backspace);
        self.run();
    }

    /// Drags the widget labelled `from` onto the one labelled `to`, in small steps.
    pub fn drag(&mut self, from: &str, to: &str) {
        let from = self.get_by_label(from).rect().center();
        let to = self.get_by_label(to).rect().center();
        self.hover_at(from);
        self.run();
        self.drag_at(from);
        self.run();
        for step in 1..=4 {
            self.hover_at(from + (to - from) * (step as f32 / 4.0));
            self.run();
        }
        self.drop_at(to);
        self.run();
    }

    /// Steps frame by frame, pausing between frames, until `done` (another thread is at work);
    /// fails with `never` if it takes too long.
    /// Runs frames (no input) until the computer at the other seat has answered: its turn is
    /// over, or the game.
    pub fn await_computer(&mut self) {
        self.run_until("the computer never answered", |g| {
            let p = g.play();
            let PlayMode::Seat(me) = p.mode else {
                return true;
            };
            p.revealed() || (!p.computer_thinking() && p.facts().to_act() == me)
        });
        // The frame the screen asked for once the answer came: it draws it.
        self.run();
    }

    pub fn run_until(&mut self, never: &str, mut done: impl FnMut(&Gui) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            self.run_steps(1);
            if done(self) {
                return;
            }
            assert!(Instant::now() < deadline, "{never}");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}
