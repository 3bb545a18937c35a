//! One frame of the whole app: the shortcuts and the menu bar, the current screen, then what
//! the screen asked for (another screen, a message, a file to save or export, a game to start),
//! applied once the screen is drawn, How to play, the question before leaving a game, the file
//! dialogs and the window title.

use super::files::FileOp;
use super::howto::HowTo;
use super::leaving::Leave;
use super::newgame::{NewGameAction, NewGameDialog, NewMode};
use super::play::{AppRequest, MessageKind, PlayMode, PlayScreen};
use super::settings::{new_game_dialog, same_settings};
use super::start::{StartAction, start_screen};
use super::{KriegspielApp, Screen, network, problems, study};
use crate::bots::BotKind;
use shakmaty::Color;
use std::path::Path;
use std::time::Duration;

/// What the screen asked for in this frame, applied after it was drawn.
#[derive(Default)]
struct Asked {
    next: Option<Screen>,
    told: Option<(MessageKind, String)>,
    practice_again: Option<Color>,
    /// A new game to start at once (the same settings again).
    start: Option<NewGameDialog>,
    save_as: bool,
    export: Option<FileOp>,
}

impl KriegspielApp {
    /// Draws the whole app (also used by tests through egui_kittest).
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let now = Self::now(&ctx);
        self.settings.apply(&ctx);
        super::games::install(&ctx);
        // A notice stays until the next click (one that brings a new notice sets it again below).
        if ctx.input(|i| i.pointer.any_click()) {
            self.notice = None;
        }
        let mut asked = Asked::default();
        self.shortcuts(&ctx, &mut asked);
        egui::Panel::top("menu").show(ui, |ui| self.menu(ui, &mut asked));
        if self.show_settings {
            self.settings.window(&ctx, &mut self.show_settings);
        }
        if self.show_about {
            super::about::window(&ctx, &mut self.show_about);
        }
        let mut closed = false;
        let mut study = None;
        match &mut self.screen {
            Screen::Start => self.start_frame(ui, now, &mut asked),
            Screen::NewGame(_) => self.new_game_frame(ui),
            Screen::Play(_) => self.play_frame(ui, now, &mut asked),
            Screen::Problems(p) => {
                p.show(ui);
                if std::mem::take(&mut p.wants_folder) {
                    self.files.request(FileOp::ProblemFolder, &self.dir(), "");
                }
            }
            Screen::Network(form) => {
                let mut action = network::NetworkAction::Stay;
                egui::CentralPanel::default()
                    .show(ui, |ui| action = form.show(ui, &self.saves_dir));
                if std::mem::take(&mut form.stale_ticket) {
                    self.settings.rejoin = None; // the table no longer keeps that seat
                }
                match action {
                    network::NetworkAction::Stay => {}
                    network::NetworkAction::Back => asked.next = Some(Screen::Start),
                    network::NetworkAction::Play(play) => {
                        if play.ticket.is_some() {
                            self.settings.rejoin = play.ticket.clone();
                        }
                        asked.next = Some(Screen::Play(play));
                    }
                    network::NetworkAction::Game(mut screen) => {
                        let keep = self.new_autosave();
                        if let Some(ticket) = super::games::joined(&mut screen, keep) {
                            self.settings.rejoin = Some(ticket);
                        }
                        asked.next = Some(screen);
                    }
                }
            }
            Screen::Study(_) => self.study_frame(ui, &mut asked),
            Screen::Library(_) => self.library_frame(ui, &mut asked),
            // Another game's screen ([`super::games`]).
            other => {
                match super::games::show(other, ui) {
                    Some(super::games::OtherAsk::Close) => closed = true,
                    Some(super::games::OtherAsk::ExportPicture) => {
                        asked.export = Some(FileOp::ExportPicture);
                    }
                    Some(super::games::OtherAsk::Study(path)) => study = Some(path),
                    None => {}
                }
                if super::games::joined_over(other) {
                    self.settings.rejoin = None; // nothing left to rejoin
                }
            }
        }
        if closed {
            // Autosaved: the start screen lists it.
            self.leave(Leave::Start);
        }
        if let Some(path) = study {
            // Through the gate, as the Library's "Study".
            self.open(&path, true);
        }
        self.carry_out(asked, now);
        if let Some(howto) = &mut self.howto
            && !howto.window(&ctx)
        {
            self.howto = None;
        }
        self.leaving_dialog(&ctx);
        self.ask_dialogs(&ctx);
        self.file_dialogs(&ctx);
        self.follow_title(&ctx);
    }

    /// Opens How to play on the rules of the screen (the game's, the dialog's), or the last ones
    /// chosen; closes it when open.
    fn toggle_howto(&mut self) {
        if self.howto.take().is_some() {
            return;
        }
        let rules = match &self.screen {
            Screen::Play(p) => p.facts().rules.clone(),
            Screen::Study(s) => s.saved.log.rules.clone(),
            Screen::NewGame(d) => d.rules.clone(),
            _ => new_game_dialog(&self.settings).rules,
        };
        self.howto = Some(HowTo::new(rules));
    }

    /// Escape closes the top window that has a Close button (How to play, then About, then
    /// Settings); the key is then the window's, not the screen's below.
    fn escape_closes_a_window(&mut self, ctx: &egui::Context) {
        let any = self.howto.is_some() || self.show_about || self.show_settings;
        if !any || !ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
            return;
        }
        if self.howto.take().is_none() && !std::mem::take(&mut self.show_about) {
            self.show_settings = false;
        }
    }

    /// Ctrl+N, Ctrl+O, Ctrl+S, F1 and Escape.
    fn shortcuts(&mut self, ctx: &egui::Context, asked: &mut Asked) {
        let key = |k| egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, k);
        let help = egui::KeyboardShortcut::new(egui::Modifiers::NONE, egui::Key::F1);
        let (new, open, save, howto) = ctx.input_mut(|i| {
            (
                i.consume_shortcut(&key(egui::Key::N)),
                i.consume_shortcut(&key(egui::Key::O)),
                i.consume_shortcut(&key(egui::Key::S)),
                i.consume_shortcut(&help),
            )
        });
        if howto {
            self.toggle_howto();
        }
        self.escape_closes_a_window(ctx);
        if new {
            self.leave(Leave::New);
        }
        if open {
            self.files.request(FileOp::Open, &self.dir(), "");
        }
        if save && matches!(self.screen, Screen::Play(_)) {
            asked.save_as = true;
        }
    }

    /// The menu bar: new, open, save, the start screen, settings, How to play, About, and the
    /// latest notice.
    fn menu(&mut self, ui: &mut egui::Ui, asked: &mut Asked) {
        ui.horizontal(|ui| {
            if ui.button("New (Ctrl+N)").clicked() {
                self.leave(Leave::New);
            }
            if ui.button("Open (Ctrl+O)").clicked() {
                self.files.request(FileOp::Open, &self.dir(), "");
            }
            let playing = matches!(self.screen, Screen::Play(_));
            if playing && ui.button("Save as (Ctrl+S)").clicked() {
                asked.save_as = true;
            }
            if ui.button("Start screen").clicked() {
                self.leave(Leave::Start);
            }
            if ui.button("Settings").clicked() {
                self.show_settings = !self.show_settings;
            }
            if ui.button("How to play (F1)").clicked() {
                self.toggle_howto();
            }
            if ui.button("About").clicked() {
                self.show_about = !self.show_about;
            }
            if playing {
                ui.label("F: flip boards");
            }
            if let Some(n) = &self.notice {
                let color = self.notice_kind.color(ui.visuals().dark_mode);
                ui.add(egui::Label::new(egui::RichText::new(n).color(color)).wrap());
            }
        });
    }

    /// The start screen and what was chosen on it.
    fn start_frame(&mut self, ui: &mut egui::Ui, now: Duration, asked: &mut Asked) {
        let mut action = None;
        let tip = !self.settings.seen_tip;
        let rejoin = self.settings.rejoin.as_ref();
        self.recent.poll(ui.ctx());
        egui::CentralPanel::default().show(ui, |ui| {
            action = start_screen(ui, self.recent.entries(), tip, rejoin)
        });
        match action {
            Some(StartAction::HowTo) => {
                self.settings.seen_tip = true;
                if self.howto.is_none() {
                    self.toggle_howto();
                }
            }
            Some(StartAction::DismissTip) => self.settings.seen_tip = true,
            Some(StartAction::New) => {
                // The card says two players at this computer: a remembered club mode gives way.
                let mut dialog = new_game_dialog(&self.settings);
                if dialog.mode == NewMode::Referee {
                    dialog.mode = NewMode::HotSeat;
                }
                asked.next = Some(Screen::NewGame(Box::new(dialog)));
            }
            Some(StartAction::Club) => {
                let mut dialog = new_game_dialog(&self.settings);
                dialog.mode = NewMode::Referee;
                asked.next = Some(Screen::NewGame(Box::new(dialog)));
            }
            Some(StartAction::Computer) => {
                let mut dialog = new_game_dialog(&self.settings);
                dialog.mode = NewMode::Computer;
                asked.next = Some(Screen::NewGame(Box::new(dialog)));
            }
            Some(StartAction::Open) => self.files.request(FileOp::Open, &self.dir(), ""),
            Some(StartAction::Study) => self.files.request(FileOp::Study, &self.dir(), ""),
            Some(StartAction::Load(path)) => self.open(&path, false),
            Some(StartAction::Practice(human)) => self.start_practice(human, now),
            Some(StartAction::Sample(name)) => study_sample(name, asked),
            Some(StartAction::Library) => {
                let screen = super::library::LibraryScreen::new(&self.saves_dir);
                asked.next = Some(Screen::Library(Box::new(screen)));
            }
            Some(StartAction::Rejoin(ticket)) => {
                let ctx = ui.ctx().clone();
                let form = network::NetworkScreen::rejoin(&ticket, move || ctx.request_repaint());
                asked.next = Some(Screen::Network(Box::new(form)));
            }
            Some(StartAction::Network(tab)) => {
                asked.next = Some(Screen::Network(Box::new(network::NetworkScreen::new(tab))));
            }
            Some(StartAction::Other(new)) => {
                asked.next = Some(self.other_screen(new, &crate::save::Meta::default()));
            }
            Some(StartAction::Problems) => {
                asked.next = Some(Screen::Problems(Box::new(
                    problems::ProblemsScreen::shipped(),
                )));
            }
            None => {}
        }
    }

    /// The Library, and the game opened from it.
    fn library_frame(&mut self, ui: &mut egui::Ui, asked: &mut Asked) {
        use super::library::LibraryAction;
        let Screen::Library(library) = &mut self.screen else {
            return;
        };
        match library.show(ui) {
            Some(LibraryAction::Back) => asked.next = Some(Screen::Start),
            Some(LibraryAction::Study(crate::library::Origin::Sample(name))) => {
                study_sample(name, asked);
            }
            Some(LibraryAction::Study(crate::library::Origin::File(path))) => {
                self.open(&path, true);
            }
            Some(LibraryAction::Resume(path)) => self.open(&path, false),
            None => {}
        }
    }

    /// The new-game dialog and what was decided in it.
    fn new_game_frame(&mut self, ui: &mut egui::Ui) {
        let Screen::NewGame(dialog) = &mut self.screen else {
            return;
        };
        let mut action = NewGameAction::Stay;
        egui::CentralPanel::default().show(ui, |ui| action = dialog.show(ui));
        match action {
            NewGameAction::Stay => {}
            NewGameAction::Cancel => self.screen = Screen::Start,
            NewGameAction::Start(spec) => {
                // The next dialog starts from these choices.
                self.settings.new_game = Some(dialog.remember());
                self.start_game(*spec);
            }
            NewGameAction::Study => self.files.request(FileOp::Study, &self.dir(), ""),
            NewGameAction::Other(new, names) => self.start_other_named(new, &names),
        }
    }

    /// The game screen and what it asked for.
    fn play_frame(&mut self, ui: &mut egui::Ui, now: Duration, asked: &mut Asked) {
        let Screen::Play(play) = &mut self.screen else {
            return;
        };
        if play.ticket.is_some() && play.table.facts().over.is_some() {
            self.settings.rejoin = None; // nothing left to rejoin
        }
        for request in play.show(ui, &self.settings, now) {
            match request {
                AppRequest::SaveAs => asked.save_as = true,
                AppRequest::ExportPgn => asked.export = Some(FileOp::ExportPgn),
                AppRequest::ExportScoresheet => asked.export = Some(FileOp::ExportScoresheet),
                AppRequest::StudyGame => match play.table.saved().map(crate::gate::finished) {
                    Some(Some(game)) => {
                        let study = study::StudyScreen::new(game);
                        asked.next = Some(Screen::Study(Box::new(study)));
                    }
                    Some(None) => {
                        let text = "This game is not over: it is studied once it has ended.";
                        asked.told = Some((MessageKind::Error, text.to_owned()));
                    }
                    None => {
                        let text = "This table keeps no record of the game to study.";
                        asked.told = Some((MessageKind::Error, text.to_owned()));
                    }
                },
                AppRequest::NewGameSameSettings => same_again(play, asked),
            }
        }
    }

    /// Study mode and what it asked for.
    fn study_frame(&mut self, ui: &mut egui::Ui, asked: &mut Asked) {
        let Screen::Study(s) = &mut self.screen else {
            return;
        };
        for request in s.show(ui, &self.settings) {
            match request {
                study::StudyRequest::ExportPgn => asked.export = Some(FileOp::ExportPgn),
                study::StudyRequest::ExportPicture => {
                    asked.export = Some(FileOp::ExportPicture);
                }
                study::StudyRequest::ExportFiltered(c) => {
                    asked.export = Some(FileOp::ExportFilteredPgn(c))
                }
                study::StudyRequest::SaveAs => asked.save_as = true,
                study::StudyRequest::Close => asked.next = Some(Screen::Start),
            }
        }
    }

    /// What the screen asked for: another screen, a message, a new practice game, a file.
    fn carry_out(&mut self, asked: Asked, now: Duration) {
        if let Some(screen) = asked.next {
            self.screen = screen;
        }
        if let Some((kind, text)) = asked.told {
            self.tell(kind, text);
        }
        if let Some(human) = asked.practice_again {
            self.start_practice(human, now);
        }
        if let Some(dialog) = asked.start {
            self.start_new(dialog);
        }
        let name = crate::save::autosave_name();
        if asked.save_as {
            self.files.request(FileOp::SaveAs, &self.dir(), &name);
        }
        if let Some(op) = asked.export {
            self.files.request(op, &self.dir(), &name);
        }
    }

    /// The file dialogs, and a file chosen in one.
    fn file_dialogs(&mut self, ctx: &egui::Context) {
        let dir = self.dir();
        let chosen = self
            .files
            .poll(&dir, &crate::save::autosave_name())
            .or_else(|| self.files.show(ctx));
        if let Some((op, path)) = chosen {
            match op {
                FileOp::Open => self.open(&path, false),
                FileOp::Study => self.open(&path, true),
                FileOp::ProblemFolder => {
                    if let Screen::Problems(p) = &mut self.screen {
                        p.add_folder(&path);
                    }
                }
                _ => self.write_file(op, &path),
            }
        }
        if self.files.busy() {
            ctx.request_repaint_after(Duration::from_millis(100));
        }
    }

    /// Writes the game on the screen to `path`: the save, its PGN or its scoresheet (or the
    /// board study shows, as a picture).
    fn write_file(&mut self, op: FileOp, path: &Path) {
        if op == FileOp::ExportPicture {
            let written = match &mut self.screen {
                Screen::Study(s) => Some(s.write_picture(path)),
                other => super::games::write_picture(other, path),
            };
            match written {
                Some(Ok(())) => self.tell(
                    MessageKind::Success,
                    format!("Written to {}", path.display()),
                ),
                Some(Err(e)) => self.tell(MessageKind::Error, e),
                None => {}
            }
            return;
        }
        let saved = match &self.screen {
            Screen::Play(play) => play.table.saved(),
            Screen::Study(s) => Some(s.saved.clone()),
            _ => None,
        };
        let Some(saved) = saved else {
            return;
        };
        let text = match op {
            FileOp::ExportPgn => crate::pgn::referee_pgn(&saved),
            FileOp::ExportFilteredPgn(c) => crate::pgn::player_pgn(&saved, c),
            FileOp::ExportScoresheet => crate::scoresheet::scoresheet(&saved),
            _ => saved.to_ron(),
        };
        match crate::save::write_atomic(path, text.as_bytes()) {
            Ok(()) => {
                // Later "Save comments" write to the file just chosen.
                if matches!(op, FileOp::SaveAs)
                    && let Screen::Study(s) = &mut self.screen
                {
                    s.saved_to(path.to_path_buf());
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

/// "New game with the same settings": KR vs K practice starts from a new random start; a game
/// on this machine starts again at once with this game's settings (the dialog shows only if
/// they cannot start); a network game opens the new-game dialog with its settings.
fn same_again(play: &PlayScreen, asked: &mut Asked) {
    match (play.mode, play.facts().meta.computer) {
        (PlayMode::Seat(human), Some(c)) if c.bot == BotKind::KrkPractice => {
            asked.practice_again = Some(human)
        }
        _ if play.table.record().is_some() => asked.start = Some(same_settings(play)),
        _ => asked.next = Some(Screen::NewGame(Box::new(same_settings(play)))),
    }
}

/// Studies the sample game `name` shipped with the program, saying what to look at in it.
fn study_sample(name: &str, asked: &mut Asked) {
    match crate::gate::sample(name) {
        Ok(game) => {
            let caption = &game.saved().meta.caption;
            if !caption.is_empty() {
                asked.told = Some((MessageKind::Info, format!("Sample game: {caption}")));
            }
            let study = study::StudyScreen::new(game);
            asked.next = Some(Screen::Study(Box::new(study)));
        }
        Err(e) => {
            asked.told = Some((MessageKind::Error, format!("The sample game: {e}")));
        }
    }
}
