//! Opening a saved game in the app: every path (Resume, Recent, Library, Study, Open, the command
//! line's file) asks the one gate ([`crate::gate`]) and shows what it allows, as the game is
//! seated; the two questions the gate can send back are asked here: which rules a PGN was played
//! under, and, for a game that is not over, whether to resume it, abandon it, or leave it.

use super::play::{MessageKind, PlayMode, PlayScreen};
use super::{KriegspielApp, Screen, network, study};
use crate::bots::BotKind;
use crate::gate::{self, GateError, Opening, Want};
use crate::krk::practice::LEGACY_COMPUTER_NAME;
use crate::rules::{Preset, RuleSet};
use crate::save::Seating;
use crate::session::GameSession;
use egui::RichText;
use shakmaty::Color;
use std::path::{Path, PathBuf};

/// A question the gate sent back, asked in a window over the screen.
pub enum Ask {
    /// The file does not name its rules: which were they?
    Rules {
        /// The file.
        path: PathBuf,
        /// To study it (else to play on).
        study: bool,
        /// The preset chosen so far.
        preset: Preset,
    },
    /// Study was asked of a game that is not over.
    NotOver {
        /// The save.
        path: PathBuf,
        /// The person ticked "it will not be continued".
        sure: bool,
    },
}

/// How the app tells a person to abandon a game.
const HOW: &str = "Abandon, below";

impl KriegspielApp {
    /// Opens the game in `path` to play on or (`study`) to study, as the gate allows.
    pub fn open(&mut self, path: &Path, study: bool) {
        self.open_with(path, study, None);
    }

    /// [`KriegspielApp::open`], a file that names no rules replayed under `rules`.
    fn open_with(&mut self, path: &Path, study: bool, rules: Option<RuleSet>) {
        let want = if study { Want::Study } else { Want::Play };
        match gate::open(path, want, rules.as_ref(), HOW) {
            Ok(opening) => {
                if let Some(dir) = path.parent() {
                    self.settings.last_folder = Some(dir.to_path_buf());
                }
                self.notice = None;
                self.enter(opening, path);
            }
            Err(GateError::NeedsRules(_)) => {
                self.asking = Some(Ask::Rules {
                    path: path.to_path_buf(),
                    study,
                    preset: Preset::Wild16,
                });
            }
            Err(GateError::NotOver { .. }) => {
                self.asking = Some(Ask::NotOver {
                    path: path.to_path_buf(),
                    sure: false,
                });
            }
            Err(e) => self.tell(MessageKind::Error, format!("{}: {e}", path.display())),
        }
    }

    /// Shows what the gate opened.
    fn enter(&mut self, opening: Opening, path: &Path) {
        match opening {
            Opening::Local {
                loaded,
                seating,
                own,
            } => self.play_here(*loaded, seating, own, path),
            Opening::Host {
                path,
                own,
                bind,
                port,
            } => self.host_again(&path, own, &bind, port),
            Opening::Rejoin(ticket) => {
                let form = network::NetworkScreen::rejoin(&ticket, || {});
                self.screen = Screen::Network(Box::new(form));
            }
            Opening::Study { game, own, notice } => {
                let screen = study::StudyScreen::new(*game);
                self.screen = Screen::Study(Box::new(match own {
                    Some(own) => screen.with_path(own),
                    None => screen,
                }));
                if let Some(notice) = notice {
                    self.tell(MessageKind::Info, notice);
                }
            }
            Opening::Other { game, path } => self.play_other(*game, path),
            Opening::OtherStudy(finished) => self.study_other(*finished),
        }
    }

    /// Plays a game on here, seated as its save says (`own`: its file, else a new save written
    /// at once, so that what the app says it saved exists and is listed).
    fn play_here(
        &mut self,
        mut loaded: crate::save::Loaded,
        seating: Seating,
        own: Option<PathBuf>,
        from: &Path,
    ) {
        let meta = &mut loaded.saved.meta;
        let mut seating = seating;
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
                level: None,
            });
            seating = Seating::Computer { human: !plays };
        }
        // A file never starts a program: an engine's command came from the file, so the strong
        // computer takes its seat over.
        let engine = meta.computer.filter(|c| c.bot == BotKind::Engine).is_some();
        if let Some(c) = meta.computer.as_mut().filter(|_| engine) {
            c.bot = BotKind::Strong;
        }
        let mode = match seating {
            Seating::Club => PlayMode::Referee,
            Seating::Computer { human } => PlayMode::Seat(human),
            _ => PlayMode::HotSeat,
        };
        let imported = own.is_none();
        let autosave = own.unwrap_or_else(|| self.new_autosave());
        let mut session = GameSession::from_loaded(loaded, Some(autosave.clone()));
        if imported {
            session.save_now();
        }
        let failed = session.autosave_error.clone();
        self.screen = Screen::Play(Box::new(PlayScreen::new(session, mode)));
        self.recent = super::files::RecentSaves::start(&self.saves_dir, self.older_saves);
        if let Some(e) = failed {
            self.tell(MessageKind::Error, e);
        } else if imported {
            self.tell(
                MessageKind::Success,
                format!(
                    "Imported {}: saved as {} (in Resume and Recent games)",
                    from.display(),
                    autosave.display()
                ),
            );
        } else if engine {
            self.tell(
                MessageKind::Info,
                "An engine is not started from a file: the strong computer plays on.",
            );
        }
    }

    /// Hosts the network game saved in `path` again: the table listens where it did, this
    /// machine's player takes back its own seat, the other seat rejoins with its token.
    fn host_again(&mut self, path: &Path, own: Option<Color>, bind: &str, port: u16) {
        let Some(own) = own else {
            self.tell(
                MessageKind::Error,
                format!(
                    "This network game was saved by an older version, which did not record your \
                     seat: host it again with kriegspiel host --resume {} (each seat then takes \
                     itself back with a code of its own).",
                    path.display()
                ),
            );
            return;
        };
        match super::rehost::host_again(path, own, bind, port) {
            Ok(form) => self.screen = Screen::Network(Box::new(form)),
            Err((words, detail)) => {
                let text = match detail {
                    Some(d) => format!("{words} ({d})"),
                    None => words,
                };
                self.tell(MessageKind::Error, text);
            }
        }
    }

    /// The gate's questions, when one is asked.
    pub(super) fn ask_dialogs(&mut self, ctx: &egui::Context) {
        let Some(ask) = &mut self.asking else {
            return;
        };
        let mut answer = None;
        let escape = ctx.input(|i| i.key_pressed(egui::Key::Escape));
        egui::Modal::new(egui::Id::unique("gate question")).show(ctx, |ui| {
            ui.set_max_width(520.0);
            answer = match ask {
                Ask::Rules {
                    path,
                    study,
                    preset,
                } => ask_rules(ui, path, *study, preset),
                Ask::NotOver { path, sure } => ask_not_over(ui, path, sure),
            };
        });
        if escape && answer.is_none() {
            answer = Some(Answer::Cancel);
        }
        let Some(answer) = answer else {
            return;
        };
        self.asking = None;
        match answer {
            Answer::Cancel => {}
            Answer::Open { path, study, rules } => self.open_with(&path, study, rules),
            Answer::Abandon(path) => match gate::abandon(&path, "the players at this machine") {
                Ok(()) => {
                    self.recent =
                        super::files::RecentSaves::start(&self.saves_dir, self.older_saves);
                    self.open(&path, true);
                }
                Err(e) => self.tell(MessageKind::Error, format!("{}: {e}", path.display())),
            },
        }
    }
}

/// What a question was answered.
enum Answer {
    Cancel,
    Open {
        path: PathBuf,
        study: bool,
        rules: Option<RuleSet>,
    },
    Abandon(PathBuf),
}

/// Which rules a PGN was played under.
fn ask_rules(ui: &mut egui::Ui, path: &Path, study: bool, preset: &mut Preset) -> Option<Answer> {
    ui.heading("Which rules?");
    ui.add(
        egui::Label::new(format!(
            "{} holds the moves of a chess game, but not the Kriegspiel rules it was played \
             under. Choose them: every move is replayed and answered under these rules.",
            path.display()
        ))
        .wrap(),
    );
    egui::ComboBox::from_label("Rules")
        .selected_text(preset.title())
        .show_ui(ui, |ui| {
            for p in Preset::ALL {
                ui.selectable_value(preset, p, p.title());
            }
        });
    let mut answer = None;
    ui.horizontal(|ui| {
        if ui.button(RichText::new("Open").strong()).clicked() {
            answer = Some(Answer::Open {
                path: path.to_path_buf(),
                study,
                rules: Some(preset.rules()),
            });
        }
        if ui.button("Cancel").clicked() {
            answer = Some(Answer::Cancel);
        }
    });
    answer
}

/// A game that is not over, asked to be studied: resume it, abandon it, or leave it.
fn ask_not_over(ui: &mut egui::Ui, path: &Path, sure: &mut bool) -> Option<Answer> {
    ui.heading("This game is not over");
    ui.add(
        egui::Label::new(
            "Studying it would show what is hidden from the players: the referee's board and \
             each player's moves. End it first: resume it and resign or agree a draw, or \
             abandon it. Abandoning is recorded in the save: the game is then over without a \
             result, is never played on, and whoever opens it is told.",
        )
        .wrap(),
    );
    ui.checkbox(sure, "This game will not be continued");
    let mut answer = None;
    ui.horizontal(|ui| {
        if ui.button(RichText::new("Resume it").strong()).clicked() {
            answer = Some(Answer::Open {
                path: path.to_path_buf(),
                study: false,
                rules: None,
            });
        }
        if ui
            .add_enabled(*sure, egui::Button::new("Abandon it and study"))
            .clicked()
        {
            answer = Some(Answer::Abandon(path.to_path_buf()));
        }
        if ui.button("Cancel").clicked() {
            answer = Some(Answer::Cancel);
        }
    });
    answer
}
