//! The new-game dialog: mode, rule set (every preset with its summary, and every flag under
//! "Change any rule"), names, event and round, an arbiter's note, time control (base, increment, delay)
//! and start position. The last choices are remembered ([`Remembered`], kept in the settings)
//! and fill the next dialog; `--mode` / `--rules` on the command line take precedence.

mod names;

use super::play::PlayMode;
use super::theme;
use crate::bots::BotKind;
use crate::bots::level::Level;
use crate::clock::TimeControl;
use crate::games::GameKind;
use crate::rules::{Preset, RuleSet};
use crate::save::{Computer, Meta, Mode};
use crate::untrusted::{clean_name, quoted};
use egui::RichText;
use serde::{Deserialize, Serialize};
use shakmaty::{Color, Setup};

/// What kind of session to start.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NewMode {
    /// Two players on this machine.
    HotSeat,
    /// A club referee runs a physical game.
    Referee,
    /// Study a saved game.
    Study,
    /// Play the computer: any preset, either colour, a level.
    Computer,
}

/// Everything needed to start a game.
#[derive(Clone, Debug)]
pub struct GameSpec {
    /// Rule flags.
    pub rules: RuleSet,
    /// Start position.
    pub start: Setup,
    /// Names and mode.
    pub meta: Meta,
    /// Clock.
    pub time_control: Option<TimeControl>,
    /// Screen mode.
    pub mode: PlayMode,
}

/// What the dialog decided.
#[derive(Clone, Debug)]
pub enum NewGameAction {
    /// Keep showing it.
    Stay,
    /// Close it.
    Cancel,
    /// Start this game.
    Start(Box<GameSpec>),
    /// Open a save to study.
    Study,
    /// Start a game of another game instead ([`super::games`]), with the names, event, round
    /// and note typed (Black's: the side that moves first).
    Other(super::games::NewOther, Box<Meta>),
}

/// The dialog's state.
#[derive(Clone, Debug)]
pub struct NewGameDialog {
    /// The game: the chess family (the rules below), or another game ([`super::games`]).
    pub game: GameKind,
    /// Mode.
    pub mode: NewMode,
    /// Rule flags being edited.
    pub rules: RuleSet,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Referee's name.
    pub referee: String,
    /// Event.
    pub event: String,
    /// Round.
    pub round: String,
    /// The arbiter's note, stored with the game and shown on the scoresheet.
    pub note: String,
    /// Play on a clock.
    pub timed: bool,
    /// Base time, minutes.
    pub minutes: u32,
    /// Increment, seconds.
    pub increment: u32,
    /// Delay, seconds (simple delay: each move's first seconds are free).
    pub delay: u32,
    /// Start from a FEN.
    pub use_fen: bool,
    /// The FEN.
    pub fen: String,
    /// Why the game cannot start.
    pub error: Option<String>,
    /// Against the computer: which bot ([`BotKind::Engine`] for an engine program; otherwise
    /// the level's bot, [`NewGameDialog::level`] says how it plays).
    pub bot: BotKind,
    /// Against the computer (not an engine): its level.
    pub level: Level,
    /// Against the computer at another game: its level, an index into that game's levels
    /// ([`super::games::other_levels`], weakest first).
    pub other_level: usize,
    /// Against the computer: the person's side.
    pub human: Color,
    /// Against an engine: its command line (a program speaking the seat protocol).
    pub engine: String,
    /// Drawn once already: the first frame scrolls the dialog to its top.
    shown: bool,
}

/// The choices of the last game started from the dialog, kept in the settings to fill the next
/// one (the start position and the note belong to one game and are not kept).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Remembered {
    /// Club referee mode (else two players on this machine).
    pub referee_mode: bool,
    /// The rules.
    pub rules: RuleSet,
    /// Names: White, Black, referee.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The referee's name.
    pub referee: String,
    /// Event.
    pub event: String,
    /// Round.
    pub round: String,
    /// Played on a clock.
    pub timed: bool,
    /// Base minutes.
    pub minutes: u32,
    /// Increment seconds.
    pub increment: u32,
    /// Delay seconds.
    pub delay: u32,
}

impl Default for Remembered {
    fn default() -> Remembered {
        NewGameDialog::new(Preset::Berkeley, NewMode::HotSeat).remember()
    }
}

impl NewGameDialog {
    /// What the next dialog should start from.
    pub fn remember(&self) -> Remembered {
        Remembered {
            referee_mode: self.mode == NewMode::Referee,
            rules: self.rules.clone(),
            white: self.white.clone(),
            black: self.black.clone(),
            referee: self.referee.clone(),
            event: self.event.clone(),
            round: self.round.clone(),
            timed: self.timed,
            minutes: self.minutes,
            increment: self.increment,
            delay: self.delay,
        }
    }

    /// A dialog filled in from remembered choices.
    pub fn recall(r: &Remembered) -> NewGameDialog {
        let mode = if r.referee_mode {
            NewMode::Referee
        } else {
            NewMode::HotSeat
        };
        NewGameDialog {
            rules: r.rules.clone(),
            white: r.white.clone(),
            black: r.black.clone(),
            referee: r.referee.clone(),
            event: r.event.clone(),
            round: r.round.clone(),
            timed: r.timed,
            minutes: r.minutes.clamp(1, 300),
            increment: r.increment.min(120),
            delay: r.delay.min(60),
            ..NewGameDialog::new(Preset::Berkeley, mode)
        }
    }

    /// A dialog with the given rules and mode preselected.
    pub fn new(preset: Preset, mode: NewMode) -> NewGameDialog {
        NewGameDialog {
            game: GameKind::Chess,
            mode,
            rules: preset.rules(),
            white: String::new(),
            black: String::new(),
            referee: String::new(),
            event: String::new(),
            round: String::new(),
            note: String::new(),
            timed: false,
            minutes: 15,
            increment: 10,
            delay: 0,
            use_fen: false,
            fen: String::new(),
            error: None,
            bot: Level::DEFAULT.spec().bot,
            level: Level::DEFAULT,
            other_level: super::games::OTHER_DEFAULT_LEVEL,
            engine: "kriegspiel engine --bot strong".to_owned(),
            human: Color::White,
            shown: false,
        }
    }

    /// Checks the choices and builds the game to start.
    pub fn spec(&self) -> Result<GameSpec, String> {
        self.rules.check().map_err(|e| e.to_string())?;
        let handicapped = crate::variant::Variant::fixed_start(&self.rules);
        if handicapped.is_some() && self.use_fen {
            return Err("a handicap game starts from its handicap army: choose Standard".into());
        }
        let start = if let Some(start) = handicapped {
            start
        } else if self.use_fen {
            let fen: shakmaty::fen::Fen = self
                .fen
                .trim()
                .parse()
                .map_err(|_| format!("{} is not a valid FEN", quoted(self.fen.trim())))?;
            let setup = fen.into_setup();
            // Check it now, so the error shows in the dialog.
            crate::referee::Referee::new(self.rules.clone(), setup.clone())
                .map_err(|e| e.to_string())?;
            setup
        } else {
            Setup::initial()
        };
        let (mode, meta_mode) = match self.mode {
            NewMode::Referee => (PlayMode::Referee, Mode::ClubReferee),
            NewMode::Computer => (PlayMode::Seat(self.human), Mode::Practice),
            _ => (PlayMode::HotSeat, Mode::HotSeat),
        };
        // Against the computer, its seat carries its name (and level) and the save says so.
        let computer = (self.mode == NewMode::Computer).then(|| match self.bot {
            BotKind::Engine => Computer {
                plays: !self.human,
                bot: BotKind::Engine,
                level: None,
            },
            _ => Computer::at_level(!self.human, self.level),
        });
        let engine = self.engine.trim();
        if self.mode == NewMode::Computer && self.bot == BotKind::Engine && engine.is_empty() {
            return Err(
                "Type the engine's command line (a program speaking the seat protocol).".into(),
            );
        }
        let computer_name = self.computer_name();
        let name = |color: Color, typed: &str| match &computer_name {
            Some((plays, name)) if *plays == color => name.clone(),
            _ => clean_name(typed),
        };
        Ok(GameSpec {
            rules: self.rules.clone(),
            start,
            meta: Meta {
                event: clean_name(&self.event),
                round: clean_name(&self.round),
                note: crate::untrusted::clean_text(&self.note),
                caption: String::new(),
                site: String::new(),
                date: crate::save::today(),
                white: name(Color::White, &self.white),
                black: name(Color::Black, &self.black),
                referee: clean_name(&self.referee),
                mode: meta_mode,
                computer,
                engine: match computer {
                    Some(c) if c.bot == BotKind::Engine => engine.to_owned(),
                    _ => String::new(),
                },
                seating: Some(match mode {
                    PlayMode::Referee => crate::save::Seating::Club,
                    PlayMode::Seat(human) => crate::save::Seating::Computer { human },
                    PlayMode::HotSeat => crate::save::Seating::HotSeat,
                }),
                abandoned: None,
            },
            time_control: self.timed.then(|| TimeControl {
                base_ms: u64::from(self.minutes.max(1)) * 60_000,
                increment_ms: u64::from(self.increment) * 1000,
                delay_ms: u64::from(self.delay) * 1000,
            }),
            mode,
        })
    }

    /// The names, event, round and note typed, for a game of another game.
    fn names(&self) -> Meta {
        Meta {
            white: clean_name(&self.white),
            black: clean_name(&self.black),
            referee: clean_name(&self.referee),
            event: clean_name(&self.event),
            round: clean_name(&self.round),
            note: crate::untrusted::clean_text(&self.note),
            ..Meta::default()
        }
    }

    /// What "Start game" starts: the chess family's game, or another game's.
    fn start(&mut self) -> NewGameAction {
        if let Some((new, _)) =
            super::games::new_game_of(self.game, self.mode, self.human, self.other_level)
        {
            return NewGameAction::Other(new, Box::new(self.names()));
        }
        match self.spec() {
            Ok(spec) => NewGameAction::Start(Box::new(spec)),
            Err(e) => {
                self.error = Some(e);
                NewGameAction::Stay
            }
        }
    }

    /// Draws the dialog.
    pub fn show(&mut self, ui: &mut egui::Ui) -> NewGameAction {
        let chess = super::games::uses_chess_choices(self.game);
        if !chess && self.bot == BotKind::Engine {
            // No engine program plays another game here: its level's bot does.
            self.bot = self.level.spec().bot;
        }
        let mut action = NewGameAction::Stay;
        let mut scroll = egui::ScrollArea::vertical();
        // A dialog opens at its top, wherever the last one was left.
        if !std::mem::replace(&mut self.shown, true) {
            scroll = scroll.vertical_scroll_offset(0.0);
        }
        scroll.show(ui, |ui| {
            ui.label(RichText::new("New game").size(theme::TEXT_TITLE).strong());
            ui.add_space(6.0);
            if self.mode == NewMode::Study {
                self.mode_section(ui);
                ui.label("Open a saved game and step through it from White's, Black's or the referee's view.");
                ui.horizontal(|ui| {
                    if ui.button("Open a save to study…").clicked() {
                        action = NewGameAction::Study;
                    }
                    if ui.button("Cancel").clicked() {
                        action = NewGameAction::Cancel;
                    }
                });
                return;
            }
            // Three columns side by side: who plays, the rules, the clock and the start.
            ui.columns(3, |columns| {
                let [who, rules, clock] = columns else {
                    return;
                };
                self.mode_section(who);
                who.add_space(10.0);
                self.players_section(who);
                heading(rules, "Rules");
                match super::games::new_game_of(self.game, self.mode, self.human, self.other_level) {
                    Some((_, words)) => {
                        rules.label(words);
                    }
                    None => super::flags::rules_section(rules, &mut self.rules),
                }
                if chess {
                    self.clock_and_start_section(clock);
                } else {
                    heading(clock, "Time control");
                    clock.label("No clock: the game starts from the usual position.");
                    clock.add_space(10.0);
                    self.note_section(clock);
                }
                clock.add_space(16.0);
                if let Some(err) = &self.error {
                    clock.colored_label(theme::ERROR, err);
                }
                clock.horizontal(|ui| {
                    if ui.button(RichText::new("Start game").size(theme::TEXT_LARGE)).clicked() {
                        action = self.start();
                    }
                    if ui.button(RichText::new("Cancel").size(theme::TEXT_LARGE)).clicked() {
                        action = NewGameAction::Cancel;
                    }
                });
            });
        });
        action
    }

    /// The mode, and for a game against the computer its level, engine and the human's colour.
    fn mode_section(&mut self, ui: &mut egui::Ui) {
        if self.mode != NewMode::Study {
            if super::games::game_choice(ui, &mut self.game) {
                // Another game: the person plays the side that moves first, as at first.
                self.human = super::games::host_sides(self.game)[0].0;
            }
            ui.add_space(6.0);
        }
        heading(ui, "Mode");
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(
                &mut self.mode,
                NewMode::HotSeat,
                "Two players on this machine",
            );
            ui.radio_value(&mut self.mode, NewMode::Referee, "Club referee");
            ui.radio_value(&mut self.mode, NewMode::Computer, "Play the computer");
            ui.radio_value(&mut self.mode, NewMode::Study, "Study a saved game");
        });
        if self.mode != NewMode::Computer {
            return;
        }
        ui.label("Level:");
        ui.indent("levels", |ui| {
            if let Some(levels) = super::games::other_levels(self.game) {
                // Another game's own levels, one a player.
                for (index, label) in levels.into_iter().enumerate() {
                    if ui.radio(self.other_level == index, label).clicked() {
                        self.other_level = index;
                    }
                }
            } else {
                for level in Level::ALL {
                    let chosen = self.bot != BotKind::Engine && self.level == level;
                    if ui.radio(chosen, level_label(level)).clicked() {
                        self.level = level;
                        self.bot = level.spec().bot;
                    }
                }
            }
            if super::games::uses_chess_choices(self.game) {
                ui.radio_value(&mut self.bot, BotKind::Engine, "An engine program");
            }
        });
        if self.bot == BotKind::Engine {
            ui.label("Engine command:");
            {
                let resp = ui.add(
                    egui::TextEdit::singleline(&mut self.engine)
                        .desired_width(ui.available_width())
                        .hint_text("a program speaking the seat protocol (PROTOCOL-SEAT.md)"),
                );
                resp.widget_info(|| {
                    egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Engine command")
                });
            }
        }
        ui.horizontal(|ui| {
            ui.label("You play:");
            for (side, name) in super::games::host_sides(self.game) {
                ui.radio_value(&mut self.human, side, name);
            }
        });
    }

    /// The time control, the arbiter's note and the start position.
    fn clock_and_start_section(&mut self, ui: &mut egui::Ui) {
        heading(ui, "Time control");
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(&mut self.timed, false, "No clock");
            ui.radio_value(&mut self.timed, true, "Clock:");
            ui.add_enabled(
                self.timed,
                egui::DragValue::new(&mut self.minutes)
                    .range(1..=300)
                    .suffix(" min"),
            );
            ui.label("+");
            ui.add_enabled(
                self.timed,
                egui::DragValue::new(&mut self.increment)
                    .range(0..=120)
                    .suffix(" s"),
            );
            ui.label("delay");
            ui.add_enabled(
                self.timed,
                egui::DragValue::new(&mut self.delay)
                    .range(0..=60)
                    .suffix(" s"),
            )
            .on_hover_text(
                "Simple delay: the clock waits this long at the start of each move before it runs",
            );
        });
        ui.add_space(10.0);
        self.note_section(ui);
        ui.add_space(10.0);
        heading(ui, "Start position");
        if crate::variant::Variant::fixed_start(&self.rules).is_some() {
            // A handicap game starts from its army: no other start applies.
            self.use_fen = false;
            ui.label("The handicap army's start.");
            return;
        }
        ui.horizontal(|ui| {
            ui.radio_value(&mut self.use_fen, false, "Standard");
            ui.radio_value(&mut self.use_fen, true, "From FEN:");
        });
        let resp = ui.add_enabled(
            self.use_fen,
            egui::TextEdit::singleline(&mut self.fen).desired_width(ui.available_width()),
        );
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "FEN"));
    }

    /// The arbiter's note, stored with the game.
    fn note_section(&mut self, ui: &mut egui::Ui) {
        heading(ui, "Arbiter's note");
        let note = ui.add(
            egui::TextEdit::multiline(&mut self.note)
                .desired_rows(2)
                .desired_width(ui.available_width())
                .hint_text(super::games::note_hint(self.game)),
        );
        note.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Arbiter's note text")
        });
    }
}

/// A section's heading in the dialog.
fn heading(ui: &mut egui::Ui, text: &str) {
    ui.label(RichText::new(text).size(theme::TEXT_LARGE).strong());
}

/// A level's choice in the dialog for chess: "Club: weighs where your pieces may be, but is often
/// careless".
pub fn level_label(level: Level) -> String {
    format!("{}: {}", level.title(), level.description())
}

/// The levels' choices in the dialog for a game of `kind`, weakest first, in that game's words
/// (the chess family's: [`level_label`] of every level).
pub fn level_labels(kind: GameKind) -> Vec<String> {
    super::games::other_levels(kind).unwrap_or_else(|| Level::ALL.map(level_label).to_vec())
}
