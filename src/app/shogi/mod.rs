//! Tsuitate shogi in the app: hot-seat play with the curtain between turns, the club referee's
//! console ([`club`]), against the computer ([`versus`]), across the network ([`net`]) and
//! study. In every mode the screen sits at one table, a `Box<dyn Table<Tsuitate>>` (as the chess
//! screens sit at a `Box<dyn Table>`): the local game ([`crate::tsuitate::seam::TsuitateSession`],
//! autosaved as a tsuitate save) or a network seat ([`crate::tsuitate::remote::RemoteSeat`]). A
//! seat's board is drawn from that seat's [`crate::tsuitate::SeatView`] and its record only
//! ([`news`]), the umpire's board (the true position) only on the console or once the game is
//! over (a network seat: once the table revealed it).
//!
//! Hot-seat: the curtain ([`Stage::Curtain`]) shows only the public facts, and no board is drawn
//! until the next player opens theirs. The open seat ([`seat`]) shows its own board, what it
//! heard in its own words and its history turn by turn. The player moves by clicks ([`input`]):
//! a piece, then a square; a piece in hand, then a square; or types the move ([`typed`]: USI or
//! Western notation); a question beside the board when promotion is optional ([`promote`]).

mod army;
pub mod board;
mod club;
pub mod input;
mod net;
mod news;
mod over;
pub mod pieces;
mod promote;
mod seat;
mod study;
mod typed;
mod versus;
pub mod words;

use crate::app::leaving::Kept;
use crate::save::{Meta, Mode, Seating};
use crate::table::Table;
use crate::tsuitate::game::SIDES;
use crate::tsuitate::seam::{Tsuitate, TsuitateSession};
use crate::tsuitate::{Over, Request, Said, TsuitateFacts, TsuitateGame};
use board::Pick;
use egui::RichText;
use input::Entry;
use news::SeatNews;
use pieces::{Symbols, side_name};
use shogi_core::{Color, PartialPosition};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How the game is played at this machine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TsuitateMode {
    /// Two players take turns at the screen, with the curtain between turns.
    HotSeat,
    /// The club referee enters every attempt of a game played on two real boards.
    Club,
    /// A saved game studied event by event.
    Study,
    /// The person plays `human`'s side against the bot named (one of
    /// [`crate::tsuitate::bots::NAMES`]).
    Computer(Color, &'static str),
    /// The person plays this seat at a table across the network ([`net`]): the screen holds
    /// only what the seat was told until the reveal.
    Network(Color),
}

/// Where a hot-seat game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The curtain is up: `0` moves next and has not opened their board.
    Curtain(Color),
    /// `0`'s board is open.
    Open(Color),
    /// The game is over: every board is shown.
    Over,
}

/// The side's mark in shogi records: ☗ sente, ☖ gote.
fn mark(color: Color) -> &'static str {
    match color {
        Color::Black => "☗",
        Color::White => "☖",
    }
}

/// What the screen asks of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TsuitateAction {
    /// Back to the start screen.
    Close,
    /// Study: write a picture of the board chosen ([`TsuitateScreen::write_picture`]).
    ExportPicture,
    /// A game over here: study its save, opened through the gate as any save is.
    Study(PathBuf),
}

/// The tsuitate game screen.
pub struct TsuitateScreen {
    /// The table: the local game, or a network seat.
    table: Box<dyn Table<Tsuitate>>,
    /// The public start, drawn where the whole game is not known (a network seat before the
    /// reveal shows nothing of it but its own side).
    start: TsuitateGame,
    /// When the screen opened: the table's clock.
    since: Instant,
    meta: Meta,
    mode: TsuitateMode,
    /// The hot-seat stage (the console has no curtain).
    pub stage: Stage,
    selected: Option<Pick>,
    /// A move waiting for the promotion answer (USI without `+`).
    pub promotion: Option<String>,
    /// The promotion question's buttons as last drawn (one with the focus answers its own
    /// Enter).
    promotion_buttons: Vec<egui::Id>,
    /// "Resign" was pressed: the question is asked before the request is sent.
    confirm_resign: bool,
    /// How pieces are written.
    pub symbols: Symbols,
    /// What each seat was told, as the table's news gave it: what it heard since it last
    /// moved, its history.
    seats: [SeatNews; 2],
    /// The answer to the mover's last refused attempt.
    refused: Option<String>,
    /// The console's move field and the last answer to announce.
    entry: String,
    /// The field's text came back after an unusable line: select it once the field has the
    /// focus.
    select_entry: bool,
    /// The move field is to take the keyboard (the screen opened, a board was opened, a click
    /// landed anywhere but in a field): no key typed after it is lost.
    focus_entry: bool,
    last_said: Vec<Said>,
    /// The last request entered and by whom.
    last_request: Option<(Color, Request)>,
    /// When (the app's clock) the curtain card was first shown.
    curtain_since: Option<Duration>,
    /// Study: the saved game stepped through (the one replay every game has).
    replay: Option<crate::replay::step::Replay<Tsuitate>>,
    /// Study: the whole game in text, written once.
    whole_text: study::WholeText,
    /// Study: whose board a picture is asked of (`None`: the umpire's).
    picture_of: Option<Color>,
    /// Against the computer: its seat.
    opponent: Option<versus::Opponent>,
    /// A network seat: the seat at the remote table (and this app's own table, if it hosts).
    net: Option<net::NetSeat>,
}

impl TsuitateScreen {
    /// A new game in `mode`, autosaved to `autosave`: the local table.
    pub fn new(
        game: TsuitateGame,
        meta: Meta,
        mode: TsuitateMode,
        autosave: Option<PathBuf>,
    ) -> TsuitateScreen {
        let start = game.at(0);
        let table = TsuitateSession::new(game, meta.clone(), autosave);
        TsuitateScreen::at_table(Box::new(table), start, meta, mode)
    }

    /// The screen of `mode` at `table` (`start`: the public start).
    fn at_table(
        table: Box<dyn Table<Tsuitate>>,
        start: TsuitateGame,
        meta: Meta,
        mode: TsuitateMode,
    ) -> TsuitateScreen {
        let facts = table.facts();
        let stage = match (facts.over, mode) {
            (_, TsuitateMode::Network(color)) => Stage::Open(color),
            (Some(_), _) => Stage::Over,
            (None, _) => Stage::Curtain(facts.to_move),
        };
        let seats = SeatNews::both(&start);
        let mut screen = TsuitateScreen {
            table,
            start,
            since: Instant::now(),
            meta,
            mode,
            stage,
            selected: None,
            promotion: None,
            promotion_buttons: Vec::new(),
            confirm_resign: false,
            symbols: Symbols::Kanji,
            seats,
            refused: None,
            entry: String::new(),
            select_entry: false,
            focus_entry: true,
            last_said: Vec::new(),
            last_request: None,
            curtain_since: None,
            replay: None,
            whole_text: study::WholeText::default(),
            picture_of: None,
            opponent: None,
            net: None,
        };
        screen.pump();
        if let TsuitateMode::Computer(human, name) = mode {
            let seed = crate::seat::host::entropy();
            screen.opponent = crate::tsuitate::bots::make(name, seed).map(|bot| versus::Opponent {
                color: human.flip(),
                bot,
            });
            screen.stage = Stage::Open(human);
            screen.computer_turn();
        }
        screen
    }

    /// A new hot-seat or console game from the usual start.
    pub fn start(mode: TsuitateMode, autosave: Option<PathBuf>) -> TsuitateScreen {
        TsuitateScreen::start_named(mode, autosave, &Meta::default())
    }

    /// A new game from the usual start with the names typed in the new-game dialog (`names`:
    /// `black` sente's, `white` gote's, the referee, event, round and note; an empty name is
    /// the side's), recorded in the save. Against the computer its seat is named for it.
    pub fn start_named(
        mode: TsuitateMode,
        autosave: Option<PathBuf>,
        names: &Meta,
    ) -> TsuitateScreen {
        let or = |typed: &str, side: Color| match typed.trim() {
            "" => side_name(side).to_owned(),
            name => name.to_owned(),
        };
        let mut meta = Meta {
            date: crate::save::today(),
            black: or(&names.black, Color::Black),
            white: or(&names.white, Color::White),
            referee: names.referee.clone(),
            event: names.event.clone(),
            round: names.round.clone(),
            note: names.note.clone(),
            mode: match mode {
                TsuitateMode::HotSeat | TsuitateMode::Study => Mode::HotSeat,
                TsuitateMode::Club => Mode::ClubReferee,
                TsuitateMode::Computer(..) => Mode::Practice,
                TsuitateMode::Network(_) => Mode::Network,
            },
            ..Meta::default()
        };
        if let TsuitateMode::Computer(human, name) = mode {
            let bot = format!("Computer ({name})");
            let you = match human {
                Color::Black => names.black.trim(),
                Color::White => names.white.trim(),
            };
            let you = if you.is_empty() { "You" } else { you }.to_owned();
            (meta.black, meta.white) = match human {
                Color::Black => (you, bot),
                Color::White => (bot, you),
            };
            // The seating says which seat is the person's, so that a resumed game is played
            // against the computer again (never opened as hot-seat, where the computer's board
            // could be opened).
            meta.seating = Some(Seating::Computer {
                human: crate::tsuitate::table::slot(human),
            });
        }
        let game = TsuitateGame::new(crate::tsuitate::TsuitateRules::default());
        TsuitateScreen::new(game, meta, mode, autosave)
    }

    /// How a saved game that is not over is played on here, where it is neither the club's nor
    /// hosted: against the computer again when the person played the computer (its seating, or
    /// in a save without one its mode and the computer's name), else hot-seat. The computer's
    /// bot is the one its name gives (`Computer (careful)`; a save from before tsuitate had
    /// levels of its own names one of chess's, `Computer (club)`: that level's bot), the
    /// careful one otherwise.
    pub fn resumed_mode(meta: &Meta) -> TsuitateMode {
        let bot_of = |name: &str| {
            name.strip_prefix("Computer (")
                .and_then(|rest| rest.strip_suffix(')'))
                .and_then(crate::tsuitate::bots::bot_named)
        };
        let named = |side: Color| match side {
            Color::Black => meta.black.as_str(),
            Color::White => meta.white.as_str(),
        };
        let human = match meta.seating() {
            Seating::Computer { human } => crate::tsuitate::table::side(human),
            _ if meta.mode == Mode::Practice => {
                match SIDES
                    .into_iter()
                    .find(|&side| bot_of(named(side)).is_some())
                {
                    Some(computer) => computer.flip(),
                    None => Color::Black,
                }
            }
            _ => return TsuitateMode::HotSeat,
        };
        let bot = bot_of(named(human.flip())).unwrap_or("careful");
        TsuitateMode::Computer(human, bot)
    }

    /// A saved game to study, shown at its end.
    pub fn study(game: TsuitateGame, meta: Meta) -> TsuitateScreen {
        let mut replay = crate::replay::step::Replay::new(game.clone());
        replay.seek(replay.len());
        let mut screen = TsuitateScreen::new(game, meta, TsuitateMode::Study, None);
        screen.replay = Some(replay);
        screen
    }

    /// How the game is played here.
    pub fn mode(&self) -> TsuitateMode {
        self.mode
    }

    /// Who, where and when (and whether the game was abandoned).
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// The whole game, where this screen may know it (a network seat: once revealed;
    /// before that the public start).
    pub fn game(&self) -> &TsuitateGame {
        self.table.truth().unwrap_or(&self.start)
    }

    /// The table this screen sits at.
    pub fn table(&self) -> &dyn Table<Tsuitate> {
        self.table.as_ref()
    }

    /// The public facts, as the table gives them.
    fn facts(&self) -> &TsuitateFacts {
        self.table.facts()
    }

    /// The table's clock now.
    fn now(&self) -> Duration {
        self.since.elapsed()
    }

    /// Whether the curtain is up.
    pub fn curtain_up(&self) -> bool {
        matches!(self.stage, Stage::Curtain(_)) && self.mode == TsuitateMode::HotSeat
    }

    /// The save error, if the last autosave failed.
    pub fn save_error(&self) -> Option<&str> {
        self.facts().autosave_error.as_deref()
    }

    /// Hands a request to the table (a local one answers at once, a network seat's in a later
    /// frame) and takes in what it said; then the computer's turn, if it plays.
    fn send(&mut self, request: Request) {
        self.refused = None;
        let now = self.now();
        self.table.submit(request, now);
        self.pump();
        if self.opponent.is_some() {
            self.computer_turn();
        }
    }

    /// Who moves now, as the table says.
    pub(super) fn to_move(&self) -> Color {
        self.facts().to_move
    }

    /// The end, once the table said it.
    pub(super) fn over(&self) -> Option<Over> {
        self.facts().over
    }

    /// `color`'s own pieces and hand, as that seat knows them.
    pub(super) fn own_board(&mut self, color: Color) -> PartialPosition {
        self.table.view(color).board.clone()
    }

    /// Where the game in progress is kept, as the question before leaving it says (`None`:
    /// over, or studied): a local game's autosave, a network seat's table.
    pub fn leaving(&self) -> Option<Kept<'_>> {
        if self.mode == TsuitateMode::Study || self.over().is_some() {
            return None;
        }
        if let Some(kept) = self.net_leaving() {
            return Some(kept);
        }
        let facts = self.facts();
        Some(match &facts.autosave_path {
            Some(path) => Kept::Autosaved(path, facts.autosave_error.as_deref()),
            None => Kept::Nowhere,
        })
    }

    /// Takes a click on the board of `mover` (`true_board`: the umpire's).
    fn click(&mut self, pick: Pick, true_board: bool) {
        let mover = self.to_move();
        let board = if true_board {
            self.game().referee().position().clone()
        } else {
            self.own_board(mover)
        };
        self.focus_entry = true;
        match input::click(&board, mover, &mut self.selected, pick) {
            Entry::Nothing => {}
            Entry::Attempt(usi) => self.send(Request::Try(usi)),
            Entry::AskPromotion(usi) => self.promotion = Some(usi),
        }
    }

    /// Draws the screen.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<TsuitateAction> {
        pieces::install_font(ui.ctx());
        self.pump();
        self.promotion_keys(ui.ctx());
        if self.table.needs_polling() {
            ui.ctx().request_repaint_after(Duration::from_millis(100));
        }
        let mut action = None;
        self.top_bar(ui, &mut action);
        ui.separator();
        if let Some(error) = self.save_error() {
            ui.colored_label(ui.visuals().error_fg_color, error);
        }
        let stage = self.stage;
        match (self.mode, self.stage) {
            (TsuitateMode::Network(color), Stage::Open(_)) => self.net_screen(ui, color),
            (TsuitateMode::Club, _) => self.console(ui),
            (TsuitateMode::Study, _) => {
                if self.study_view(ui) {
                    action = Some(TsuitateAction::ExportPicture);
                }
            }
            (_, Stage::Curtain(next)) => self.curtain(ui, next),
            (_, Stage::Open(color)) => self.seat_screen(ui, color),
            (_, Stage::Over) => {
                if let Some(path) = self.over_screen(ui) {
                    action = Some(TsuitateAction::Study(path));
                }
            }
        }
        // A board just opened, or a click anywhere but into a text field (a square, a button),
        // gives the keyboard back to the move field, as at a chess board.
        let opened = self.stage != stage;
        if opened || ui.input(|i| i.pointer.any_click()) && !ui.ctx().egui_wants_keyboard_input() {
            self.focus_entry = true;
        }
        action
    }

    fn top_bar(&mut self, ui: &mut egui::Ui, action: &mut Option<TsuitateAction>) {
        ui.horizontal(|ui| {
            let what = match self.mode {
                TsuitateMode::HotSeat => "Tsuitate shogi (衝立将棋): hot-seat",
                TsuitateMode::Club => "Tsuitate shogi (衝立将棋): club referee's console",
                TsuitateMode::Study => "Tsuitate shogi (衝立将棋): study",
                TsuitateMode::Computer(..) => "Tsuitate shogi (衝立将棋): against the computer",
                TsuitateMode::Network(_) => "Tsuitate shogi (衝立将棋): across the network",
            };
            ui.heading(what);
            if ui.button("Back to start").clicked() {
                *action = Some(TsuitateAction::Close);
            }
            let latin = self.symbols == Symbols::Latin;
            let label = if latin {
                "Pieces: letters (P L N…)"
            } else {
                "Pieces: kanji (歩 香 桂…)"
            };
            if ui.button(label).clicked() {
                self.symbols = if latin {
                    Symbols::Kanji
                } else {
                    Symbols::Latin
                };
            }
            let playing = self.over().is_none() && self.mode != TsuitateMode::Study;
            let open = matches!(self.stage, Stage::Open(_)) || self.mode == TsuitateMode::Club;
            if playing && open && ui.button("Resign").clicked() {
                self.confirm_resign = true;
            }
        });
        if self.confirm_resign {
            self.resign_question(ui);
        }
    }

    /// Asks before resigning, as a chess game does: one misclick must not lose the game.
    fn resign_question(&mut self, ui: &mut egui::Ui) {
        let who = match self.stage {
            Stage::Open(color) => color,
            _ => self.to_move(),
        };
        let mut answer = None;
        let modal = egui::Modal::new(egui::Id::unique("tsuitate-resign")).show(ui.ctx(), |ui| {
            ui.heading(format!("{} resigns?", side_name(who)));
            ui.horizontal(|ui| {
                if ui.button("Yes, resign").clicked() {
                    answer = Some(true);
                }
                if ui.button("No, play on").clicked() {
                    answer = Some(false);
                }
            });
        });
        if modal.should_close() && answer.is_none() {
            answer = Some(false);
        }
        if let Some(resign) = answer {
            self.confirm_resign = false;
            self.focus_entry = true;
            if resign && self.over().is_none() {
                self.send(Request::Resign);
            }
        }
    }

    /// The curtain card ([`crate::app::curtain::card`], as chess's): who moves, who looks away,
    /// the public news, the fouls; no board. It opens the board only once it has stood for a
    /// moment (a click meant for the last move never opens the next player's board).
    fn curtain(&mut self, ui: &mut egui::Ui, next: Color) {
        let now = Duration::from_secs_f64(ui.input(|i| i.time).max(0.0));
        let shown = *self.curtain_since.get_or_insert(now);
        let side = side_name(next);
        let title = format!("{} {side}", mark(next));
        // Each side named with its player's name where the game has one: "Sente (Hanako)".
        let who = |color: Color| {
            let name = match color {
                Color::Black => &self.meta.black,
                Color::White => &self.meta.white,
            };
            match name.trim() {
                "" => side_name(color).to_owned(),
                name => format!("{} ({name})", side_name(color)),
            }
        };
        let lines = |ui: &mut egui::Ui| {
            ui.label(format!(
                "{}: look away. {}: open your board when only you can see the screen.",
                who(next.flip()),
                who(next),
            ));
            let told = &self.seats[crate::tsuitate::referee::index(next)];
            if !told.news.is_empty() {
                ui.add_space(8.0);
                ui.label(RichText::new("The umpire announced:").strong());
                // Both players see the card: a capture is said as the umpire said it, the
                // piece as it goes into the captor's hand (the captor may not learn that the
                // piece it took was promoted; its owner reads that on its own board).
                for item in &told.news {
                    ui.label(match item {
                        crate::tsuitate::Item::Capture { .. } => words::item_text(*item),
                        _ => words::heard_text(*item, next, next.flip()),
                    });
                }
            }
            let fouls = self.facts().fouls;
            ui.label(format!("Fouls: Sente {}, Gote {}.", fouls[0], fouls[1]));
        };
        let mut open = false;
        ui.vertical_centered(|ui| {
            ui.add_space(60.0);
            open = crate::app::curtain::card(ui, now.saturating_sub(shown), &title, side, lines);
        });
        if open {
            self.stage = Stage::Open(next);
            self.selected = None;
        }
    }
}
