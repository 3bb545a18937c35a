//! The app's registry of games: what the screens that serve every game ask of each game with
//! screens of its own (the core's [`crate::games`] answers the rest): a new game of it (from the
//! start screen's card, the new-game dialog's row or `--mode`), its save opened to play on or to
//! study, its screen's frame and window title, its card's picture, its table hosted and its
//! seat taken from the network screen. Outside this file and the games' own screens, the app
//! names no game: it asks here.

use super::leaving::Kept;
use super::newgame::NewMode;
use super::play::MessageKind;
use super::shogi::{TsuitateAction, TsuitateMode, TsuitateScreen};
use super::{KriegspielApp, Screen};
use crate::games::{GameKind, OtherGame};
use crate::gate::FinishedOther;
use crate::save::{Meta, Seating};
use crate::seat::Hello;
use crate::seat::remote::Ticket;
use crate::seat::serve::{Hosted, ServeError};
use crate::tsuitate::table::TsuitateHost;
use egui::{Color32, Rect, Stroke, pos2, vec2};
use shakmaty::Color;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A new game of a game with screens of its own, as a card, the new-game dialog or `--mode`
/// asks for it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NewOther {
    /// Tsuitate shogi, played this way.
    Tsuitate(TsuitateMode),
}

impl NewOther {
    /// The new game a `--mode` names (`None`: a mode of the chess family's, or none).
    pub fn of_mode(mode: &str) -> Option<NewOther> {
        match mode {
            "tsuitate" => Some(NewOther::Tsuitate(TsuitateMode::HotSeat)),
            "tsuitate-referee" => Some(NewOther::Tsuitate(TsuitateMode::Club)),
            _ => None,
        }
    }
}

impl KriegspielApp {
    /// Starts a new game of another game, autosaved in the saves folder.
    pub fn start_other(&mut self, new: NewOther) {
        self.screen = self.other_screen(new, &Meta::default());
    }

    /// Starts a new game of another game from the new-game dialog, with the names, event,
    /// round and note typed there (`names`: Black's the side that moves first).
    pub(super) fn start_other_named(&mut self, new: NewOther, names: &Meta) {
        self.screen = self.other_screen(new, names);
    }

    /// The screen of a new game of another game, autosaved in the saves folder, with `names`
    /// where any were typed.
    pub(super) fn other_screen(&mut self, new: NewOther, names: &Meta) -> Screen {
        match new {
            NewOther::Tsuitate(mode) => Screen::Tsuitate(Box::new(TsuitateScreen::start_named(
                mode,
                Some(self.new_autosave()),
                names,
            ))),
        }
    }

    /// Plays on here the save of another game (the gate's [`crate::gate::Opening::Other`]),
    /// written back to `path`.
    pub(super) fn play_other(&mut self, game: OtherGame, path: PathBuf) {
        match game {
            OtherGame::Tsuitate(loaded) => {
                let loaded = *loaded;
                let mode = match loaded.saved.meta.seating() {
                    Seating::Club => TsuitateMode::Club,
                    // A game this machine hosted, its own seat kept: hosted again.
                    Seating::Host {
                        own: Some(own),
                        bind,
                        port,
                        ..
                    } => return self.host_tsuitate_again(&path, own, &bind, port),
                    _ => TsuitateScreen::resumed_mode(&loaded.saved.meta),
                };
                let screen = TsuitateScreen::new(loaded.game, loaded.saved.meta, mode, Some(path));
                self.screen = Screen::Tsuitate(Box::new(screen));
            }
        }
    }

    /// Hosts again the tsuitate game this machine hosted, saved at `path`: the table listens
    /// where it did, this machine's player takes back its `own` seat with its kept token, the
    /// other seat rejoins with its own (as a chess game is hosted again: [`super::rehost`]).
    fn host_tsuitate_again(&mut self, path: &std::path::Path, own: Color, bind: &str, port: u16) {
        let port = super::rehost::port_or_default(port);
        match crate::tsuitate::table::host_again(path, bind, port) {
            Ok(hosted) => {
                let token = hosted.server.with_host(|h| h.reserve(own));
                let local = format!("127.0.0.1:{}", hosted.server.addr().port());
                let own = OwnTable::Tsuitate(Arc::new(hosted));
                let form = super::rehost::seat_again(&local, token, own);
                self.screen = Screen::Network(Box::new(form));
            }
            Err(e) => {
                let (words, detail) = super::rehost::failure(port, &e);
                let text = detail.map_or(words.clone(), |d| format!("{words} ({d})"));
                self.tell(MessageKind::Error, text);
            }
        }
    }

    /// Studies the save of another game that is over (the gate's
    /// [`crate::gate::Opening::OtherStudy`]), saying so when it was abandoned.
    pub(super) fn study_other(&mut self, finished: FinishedOther) {
        let game = finished.into_game();
        let abandoned = game.meta().abandoned.as_ref().map(|a| a.words());
        match game {
            OtherGame::Tsuitate(loaded) => {
                let loaded = *loaded;
                let screen = TsuitateScreen::study(loaded.game, loaded.saved.meta);
                self.screen = Screen::Tsuitate(Box::new(screen));
            }
        }
        if let Some(a) = abandoned {
            self.tell(MessageKind::Info, a);
        }
    }
}

/// The window title of another game's screen (empty for any other screen).
pub(super) fn title(screen: &Screen) -> &'static str {
    match screen {
        Screen::Tsuitate(_) => GameKind::Tsuitate.title(),
        _ => "",
    }
}

/// What another game's screen asked of the app this frame.
pub(super) enum OtherAsk {
    /// Back to the start screen.
    Close,
    /// A file for the picture of the board chosen ([`write_picture`]).
    ExportPicture,
    /// The save to study (opened through the gate).
    Study(PathBuf),
}

/// One frame of another game's screen, and what it asked.
pub(super) fn show(screen: &mut Screen, ui: &mut egui::Ui) -> Option<OtherAsk> {
    match screen {
        Screen::Tsuitate(t) => {
            let mut action = None;
            egui::CentralPanel::default().show(ui, |ui| action = t.show(ui));
            match action? {
                TsuitateAction::Close => Some(OtherAsk::Close),
                TsuitateAction::ExportPicture => Some(OtherAsk::ExportPicture),
                TsuitateAction::Study(path) => Some(OtherAsk::Study(path)),
            }
        }
        _ => None,
    }
}

/// Writes the picture another game's study asked for to `path` (`None`: no such screen).
pub(super) fn write_picture(screen: &mut Screen, path: &Path) -> Option<Result<(), String>> {
    match screen {
        Screen::Tsuitate(t) => Some(t.write_picture(path)),
        _ => None,
    }
}

/// Another game's network seat just opened: a seat at another machine's table keeps its
/// revealed game in `keep` (a new save), and is rejoined with the ticket returned.
pub(super) fn joined(screen: &mut Screen, keep: PathBuf) -> Option<Ticket> {
    match screen {
        Screen::Tsuitate(t) => {
            t.keep_revealed_in(keep);
            t.ticket()
        }
        _ => None,
    }
}

/// Where another game's game in progress on `screen` is kept, when leaving it asks first
/// ([`super::leaving`]).
pub(super) fn in_progress(screen: &Screen) -> Option<Kept<'_>> {
    match screen {
        Screen::Tsuitate(t) => t.leaving(),
        _ => None,
    }
}

/// Whether another game's screen is a seat at another machine's table whose game is over.
pub(super) fn joined_over(screen: &Screen) -> bool {
    matches!(screen, Screen::Tsuitate(t) if t.joined_over())
}

/// What every frame needs of the games' screens (their fonts).
pub(super) fn install(ctx: &egui::Context) {
    super::shogi::pieces::install_font(ctx);
}

/// The new-game dialog's choice of game: the chess family (its rules below) or another game.
pub(super) fn game_choice(ui: &mut egui::Ui, game: &mut GameKind) -> bool {
    let mut changed = false;
    ui.horizontal_wrapped(|ui| {
        ui.label("Game:");
        for kind in GameKind::ALL {
            let title = match kind {
                GameKind::Chess => "Chess (Kriegspiel rules)",
                GameKind::Tsuitate => kind.long_title(),
            };
            changed |= ui.radio_value(game, kind, title).changed();
        }
    });
    changed
}

/// Whether the new-game dialog's chess-family parts (the rules, the clock, the start position,
/// an engine program) apply to a new game of `kind`.
pub(super) fn uses_chess_choices(kind: GameKind) -> bool {
    kind == GameKind::Chess
}

/// The computer's levels at another game `kind` the new-game dialog offers, weakest first,
/// each as "Title: what it does" (`None`: the chess family's, whose levels are [`crate::bots::level::Level`]'s).
pub(super) fn other_levels(kind: GameKind) -> Option<Vec<String>> {
    match kind {
        GameKind::Chess => None,
        GameKind::Tsuitate => Some(
            crate::tsuitate::bots::LEVELS
                .iter()
                .map(|l| format!("{}: {}", l.title, l.description))
                .collect(),
        ),
    }
}

/// The name a new game of another `kind` gives the computer playing at `level` (an index into
/// [`other_levels`]; `None`: the chess family's, whose names its levels give).
pub(super) fn other_computer_name(kind: GameKind, level: usize) -> Option<String> {
    match kind {
        GameKind::Chess => None,
        GameKind::Tsuitate => {
            let levels = &crate::tsuitate::bots::LEVELS;
            let level = levels.get(level).unwrap_or(&levels[OTHER_DEFAULT_LEVEL]);
            Some(format!("Computer ({})", level.bot))
        }
    }
}

/// The level of another game the new-game dialog offers first (an index into
/// [`other_levels`]).
pub(super) const OTHER_DEFAULT_LEVEL: usize = crate::tsuitate::bots::DEFAULT_LEVEL;

/// The new-game dialog's hint in the arbiter's note of a game of `kind`: where the note goes.
pub(super) fn note_hint(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Chess => "Stored with the game and printed on the scoresheet",
        GameKind::Tsuitate => "Stored with the game, in its save",
    }
}

/// The new game of another `kind` the new-game dialog starts, for its `mode`, the `human`'s
/// side and the computer's `level` (an index into [`other_levels`]; `None`: the chess
/// family's, or study); and the dialog's words for it in place of the chess rules.
pub(super) fn new_game_of(
    kind: GameKind,
    mode: NewMode,
    human: Color,
    level: usize,
) -> Option<(NewOther, String)> {
    if kind == GameKind::Chess {
        return None;
    }
    // The door's colours: sente (who moves first) is Black.
    let side = match human {
        Color::White => shogi_core::Color::White,
        Color::Black => shogi_core::Color::Black,
    };
    let mode = match mode {
        NewMode::HotSeat => TsuitateMode::HotSeat,
        NewMode::Referee => TsuitateMode::Club,
        NewMode::Computer => {
            let levels = &crate::tsuitate::bots::LEVELS;
            let level = levels.get(level).unwrap_or(&levels[OTHER_DEFAULT_LEVEL]);
            TsuitateMode::Computer(side, level.bot)
        }
        NewMode::Study => return None,
    };
    let mut words = host_note(kind).unwrap_or_default().to_owned();
    if let TsuitateMode::Computer(side, name) = mode {
        let level = match name {
            "random" => "the random player",
            "heuristic" => "the rules-of-thumb player",
            _ => "the careful player (it guesses where your pieces stand)",
        };
        let who = super::shogi::pieces::side_name(side);
        words.push_str(&format!(" You play {who}, against {level}."));
    }
    Some((NewOther::Tsuitate(mode), words))
}

/// The start screen's card of another game.
pub(super) struct GameCard {
    /// The game (its picture: [`paint_icon`]).
    pub kind: GameKind,
    /// The card's title.
    pub title: &'static str,
    /// Its line of caption.
    pub caption: &'static str,
    /// Its buttons, one a row.
    pub choices: Vec<(&'static str, NewOther)>,
}

/// The start screen's cards of the other games.
pub(super) fn start_cards() -> Vec<GameCard> {
    vec![GameCard {
        kind: GameKind::Tsuitate,
        title: GameKind::Tsuitate.title(),
        caption: "衝立将棋: the shogi of the family, behind a screen",
        choices: vec![
            (
                "Tsuitate hot-seat",
                NewOther::Tsuitate(TsuitateMode::HotSeat),
            ),
            (
                "Tsuitate club console",
                NewOther::Tsuitate(TsuitateMode::Club),
            ),
        ],
    }]
}

/// Draws the picture of `kind`'s card in the square `rect` with `stroke` (a shogi piece for
/// tsuitate shogi; nothing for the chess family, whose cards have their own).
pub(super) fn paint_icon(ui: &egui::Ui, rect: Rect, kind: GameKind, stroke: Stroke) {
    let p = ui.painter();
    let s = rect.width();
    let at = |x: f32, y: f32| rect.min + vec2(x * s, y * s);
    match kind {
        GameKind::Chess => {}
        GameKind::Tsuitate => {
            let outline = vec![
                at(0.5, 0.04),
                at(0.8, 0.2),
                at(0.9, 0.95),
                at(0.1, 0.95),
                at(0.2, 0.2),
            ];
            let wood = Color32::from_rgb(232, 200, 140);
            p.add(egui::Shape::convex_polygon(outline, wood, stroke));
            p.text(
                pos2(rect.center().x, at(0.0, 0.58).y),
                egui::Align2::CENTER_CENTER,
                "王",
                egui::FontId::proportional(s * 0.42),
                Color32::from_gray(20),
            );
        }
    }
}

/// This app's own table, kept running while the game screen is open.
#[derive(Clone)]
pub enum OwnTable {
    /// A chess-family table.
    Chess(Arc<Hosted>),
    /// A tsuitate table.
    Tsuitate(Arc<Hosted<TsuitateHost>>),
}

/// The network screen's name of `kind` as a game to host.
pub(super) fn host_label(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Chess => "Chess (Kriegspiel rules)",
        GameKind::Tsuitate => kind.title(),
    }
}

/// The seats of `kind` the host chooses from, the side that moves first first, each as the
/// door's colour and its name.
pub(super) fn host_sides(kind: GameKind) -> [(Color, &'static str); 2] {
    match kind {
        GameKind::Chess => [(Color::White, "White"), (Color::Black, "Black")],
        // Tsuitate: sente (who moves first) is the door's Black seat.
        GameKind::Tsuitate => [(Color::Black, "Sente"), (Color::White, "Gote")],
    }
}

/// What the network screen says under the choice of `kind` (`None`: nothing, the chess
/// family's rules follow).
pub(super) fn host_note(kind: GameKind) -> Option<&'static str> {
    match kind {
        GameKind::Chess => None,
        GameKind::Tsuitate => Some(
            "Each player sees only their own pieces; the umpire (this machine) rules on \
             every attempted move. Sente moves first; there is no clock.",
        ),
    }
}

/// Starts a table of `kind` on `bind`:`port` autosaved to `autosave`, its `seat` kept for
/// this machine: the address to take it at, the `hello` with its token, and the table
/// (`None`: the chess family, whose table the network screen starts itself).
pub(super) fn host_table(
    kind: GameKind,
    bind: &str,
    port: u16,
    autosave: PathBuf,
    seat: Color,
    hello: Hello,
) -> Option<Result<(String, Hello, OwnTable), ServeError>> {
    match kind {
        GameKind::Chess => None,
        GameKind::Tsuitate => Some(host_tsuitate(bind, port, autosave, seat, hello)),
    }
}

/// Starts a tsuitate table and keeps this machine's seat (sente is the door's Black).
fn host_tsuitate(
    bind: &str,
    port: u16,
    autosave: PathBuf,
    seat: Color,
    mut hello: Hello,
) -> Result<(String, Hello, OwnTable), ServeError> {
    let hosted = crate::tsuitate::remote::start_host(bind, port, autosave)?;
    // The save keeps how the game is seated (hosted here, the tokens, this machine's seat), so
    // that it is hosted again when resumed.
    let listening = hosted.server.addr().port();
    hello.token = Some(hosted.server.with_host(|h| {
        h.keep_seating(bind, listening);
        h.reserve(seat)
    }));
    let local = format!("127.0.0.1:{}", hosted.server.addr().port());
    let own = OwnTable::Tsuitate(Arc::new(hosted));
    Ok((local, hello, own))
}

/// The screen of a seat taken at another game's table (`hosted`: this app's own table, kept
/// with the screen when it is that game's); `None` for a chess-family seat, whose screen the
/// network screen makes.
pub(super) fn seated_screen(
    seated: crate::games::Seated,
    hosted: Option<&OwnTable>,
    ctx: &egui::Context,
) -> Option<Screen> {
    match seated {
        crate::games::Seated::Chess(_) => None,
        crate::games::Seated::Tsuitate(seat) => {
            let hosted = match hosted {
                Some(OwnTable::Tsuitate(h)) => Some(h.clone()),
                _ => None,
            };
            let ctx = ctx.clone();
            let wake = Arc::new(move || ctx.request_repaint());
            let screen = TsuitateScreen::network(*seat, hosted, wake);
            Some(Screen::Tsuitate(Box::new(screen)))
        }
    }
}
