//! Where a seat's screen reads from, and the network seat. A seat's screen ([`super::seat`])
//! is drawn from a [`Shown`]: for a local game (hot seat, against the computer) the game's own
//! [`crate::tsuitate::SeatView`] of that seat, for a network seat ([`NetSeat`]) what the seat
//! was told by its table ([`RemoteSeat`]), nothing else: the other seat's moves never reach
//! this side. A network seat's requests go to the table as lines; the answers come in a later
//! frame (the connection's thread wakes the window). At the end the table's reveal (the whole
//! game) replaces the placeholder game and every board is shown; a lost connection is said in
//! words and the seat rejoins by itself, the game kept on the host.

use super::seat::Shown;
use super::{Request, Stage, TsuitateMode, TsuitateScreen, pieces::side_name};
use crate::app::leaving::Kept;
use crate::save::{Meta, Seating};
use crate::seat::remote::Ticket;
use crate::seat::serve::Hosted;
use crate::tsuitate::referee::index;
use crate::tsuitate::remote::RemoteSeat;
use crate::tsuitate::save::GameAutosave;
use crate::tsuitate::table::TsuitateHost;
use crate::tsuitate::wire::FromSeat;
use crate::tsuitate::{Item, Over, TsuitateGame, TsuitateRules};
use egui::RichText;
use shogi_core::{Color, PartialPosition};
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// A seat at a table across the network.
pub struct NetSeat {
    /// The seat: what it was told, and its connection.
    pub seat: RemoteSeat,
    /// This app's own table (kept running while the screen is open), when it hosts.
    pub hosting: Option<Arc<Hosted<TsuitateHost>>>,
    /// Where the game is kept once revealed (a seat at another machine's table: the host's
    /// machine keeps its own).
    pub keep: Option<PathBuf>,
}

impl TsuitateScreen {
    /// The screen of a network `seat`; `hosting`: this app's own table; `wake` asks the window
    /// for a frame when a line arrives.
    pub fn network(
        mut seat: RemoteSeat,
        hosting: Option<Arc<Hosted<TsuitateHost>>>,
        wake: crate::table::Waker,
    ) -> TsuitateScreen {
        let color = seat.color();
        seat.set_waker(wake);
        let names = &seat.state().names;
        let meta = Meta {
            site: seat.address().to_owned(),
            black: names[0].clone(),
            white: names[1].clone(),
            ..Meta::network_host()
        };
        // The public start only: never drawn before the reveal replaces it.
        let rules = seat
            .state()
            .rules()
            .as_ref()
            .map_or_else(TsuitateRules::default, |r| r.rules());
        let game = TsuitateGame::new(rules);
        let mut screen = TsuitateScreen::new(game, meta, TsuitateMode::Network(color), None);
        screen.stage = Stage::Open(color);
        screen.net = Some(NetSeat {
            seat,
            hosting,
            keep: None,
        });
        screen
    }

    /// The network seat, if this screen plays one.
    pub fn network_seat(&self) -> Option<&RemoteSeat> {
        self.net.as_ref().map(|n| &n.seat)
    }

    /// What takes this seat back from another run of the app: a seat at another machine's
    /// table only (this app's own table ends with the app), until its game is over.
    pub fn ticket(&self) -> Option<Ticket> {
        let net = self.net.as_ref().filter(|n| n.hosting.is_none())?;
        net.seat.ticket().filter(|_| net.seat.over().is_none())
    }

    /// Keeps the whole game in `path` (a new save) once the table reveals it, for a seat at
    /// another machine's table (a hosted game is kept by this app's own table already).
    pub fn keep_revealed_in(&mut self, path: PathBuf) {
        if let Some(net) = self.net.as_mut().filter(|n| n.hosting.is_none()) {
            net.keep = Some(path);
        }
    }

    /// Whether this is a seat at another machine's table whose game is over (nothing is
    /// left to rejoin).
    pub fn joined_over(&self) -> bool {
        self.net
            .as_ref()
            .is_some_and(|n| n.hosting.is_none() && n.seat.over().is_some())
    }

    /// Where a network game in progress is kept, as the question before leaving it says
    /// (`None`: not a network game, or over).
    pub fn leaving(&self) -> Option<Kept<'static>> {
        let net = self.net.as_ref().filter(|n| n.seat.over().is_none())?;
        Some(match net.hosting {
            // Its save keeps how it is seated: resuming it hosts it again.
            Some(_) => Kept::Hosting { hosted_again: true },
            None => Kept::Seat {
                rejoin: self.ticket().is_some(),
            },
        })
    }

    /// Where the revealed game was kept, once it was.
    pub fn kept_in(&self) -> Option<&Path> {
        self.net.as_ref()?;
        self.autosave.as_ref().map(|a| a.path())
    }

    /// This app's own table, when it hosts this network game.
    pub fn hosting(&self) -> Option<&Hosted<TsuitateHost>> {
        self.net.as_ref().and_then(|n| n.hosting.as_deref())
    }

    /// Reads what the table sent (never waits); once it reveals the game, every board.
    pub(super) fn poll_net(&mut self, ctx: &egui::Context) {
        let Some(net) = &mut self.net else {
            return;
        };
        net.seat.poll();
        if net.seat.needs_polling() {
            ctx.request_repaint_after(Duration::from_millis(100));
        }
        if self.stage != Stage::Over
            && let Some(game) = net.seat.revealed()
        {
            self.game = game.clone();
            if let Some(save) = &net.seat.state().reveal {
                self.meta = save.meta.clone();
            }
            self.stage = Stage::Over;
            if let Some(path) = net.keep.take() {
                // Kept as this machine holds it: a seat at another machine's table.
                self.meta.seating = net.seat.ticket().map(|t| Seating::Seat {
                    color: t.seat,
                    address: t.address,
                    token: t.token,
                });
                self.autosave = Some(GameAutosave::new(path));
                self.snapshot();
            }
        }
    }

    /// Sends a network seat's request to its table (its answer comes in a later frame).
    pub(super) fn send_net(&mut self, request: Request) {
        let Some(net) = &mut self.net else {
            return;
        };
        self.refused = None;
        match request {
            Request::Try(usi) => net.seat.submit(FromSeat::Try(usi)),
            Request::Resign => net.seat.submit(FromSeat::Resign),
            Request::Draw => net.seat.submit(FromSeat::OfferDraw),
        }
    }

    /// Who moves now (a network seat: as its table last said).
    pub(super) fn to_move(&self) -> Color {
        match &self.net {
            Some(net) if self.stage != Stage::Over => net.seat.to_move(),
            _ => self.game.referee().to_move(),
        }
    }

    /// The end, once known (a network seat: once its table said it).
    pub(super) fn over(&self) -> Option<Over> {
        match &self.net {
            Some(net) => net.seat.over(),
            None => self.game.referee().over(),
        }
    }

    /// `color`'s own pieces and hand, as that seat knows them.
    pub(super) fn own_board(&self, color: Color) -> PartialPosition {
        match &self.net {
            Some(net) => net.seat.view().board.clone(),
            None => self.game.seat(color).board.clone(),
        }
    }

    /// What `color`'s screen shows, from what that seat was told alone.
    pub(super) fn shown(&self, color: Color) -> Shown {
        if let Some(net) = &self.net {
            let seat = &net.seat;
            let view = seat.view();
            return Shown {
                board: view.board.clone(),
                lost_on: view.lost_on,
                to_move: seat.to_move(),
                may_act: seat.to_act(),
                fouls: (seat.fouls(), seat.foul_limit()),
                news: seat.news(),
                refused: self
                    .refused
                    .clone()
                    .or(seat.refused().map(str::to_owned))
                    .or_else(|| last_refused(seat)),
            };
        }
        let referee = self.game.referee();
        let view = self.game.seat(color);
        let moved = self
            .game
            .events()
            .iter()
            .any(|e| e.by == color && e.said.iter().any(|s| s.item == Item::Legal));
        Shown {
            may_act: view.to_move(),
            board: view.board.clone(),
            lost_on: view.lost_on,
            to_move: referee.to_move(),
            fouls: (referee.fouls(color), referee.rules().fouls),
            news: (self.news[index(color)].clone(), moved),
            refused: self.refused.clone(),
        }
    }

    /// `color`'s history, turn by turn: a network seat's as kept from its record (nothing
    /// rebuilt to draw it), a local seat's from the game.
    pub(super) fn history_of(&self, color: Color) -> Cow<'_, [String]> {
        let Some(net) = &self.net else {
            return Cow::Owned(crate::tsuitate::history::seat_history(&self.game, color));
        };
        match net.seat.history() {
            [] => Cow::Owned(vec![format!(
                "Nothing yet: {} moves first.",
                side_name(net.seat.view().board.side_to_move())
            )]),
            lines => Cow::Borrowed(lines),
        }
    }

    /// After the reveal, a network seat's own history (what it tried and heard).
    pub(super) fn net_history(&self, ui: &mut egui::Ui) {
        let Some(net) = &self.net else {
            return;
        };
        ui.add_space(8.0);
        if let Some(path) = self.kept_in() {
            ui.label(format!("The game is kept in {}.", path.display()));
        }
        ui.label(RichText::new("Your history").strong());
        let lines = net.seat.history();
        crate::app::logs::panel(ui, ("tsuitate-net-history", 0), 160.0, lines);
    }

    /// A network seat's screen: where it plays and who is there (the address and code to give
    /// while the other seat is free), a lost connection in words, then the seat's own screen.
    pub(super) fn net_screen(&mut self, ui: &mut egui::Ui, color: Color) {
        if let Some(net) = &self.net {
            net_status(ui, net, color);
        }
        self.seat_screen(ui, color);
    }
}

/// The seat's last attempt in words when it did not end its turn (a foul, an impossible
/// move): what the umpire answered, as a local seat is told.
fn last_refused(seat: &RemoteSeat) -> Option<String> {
    let last = seat.state().record().last()?;
    let tried = match (&last.request, last.turn_ends) {
        (Some(crate::tsuitate::save::SavedRequest::Try { usi }), false) => usi,
        _ => return None,
    };
    let color = seat.color();
    Some(format!(
        "{tried}: {}",
        crate::tsuitate::words::heard_line(&last.items, color, color)
    ))
}

/// Where the seat plays, who is there, and what has gone wrong.
fn net_status(ui: &mut egui::Ui, net: &NetSeat, color: Color) {
    let seat = &net.seat;
    let other = side_name(color.flip());
    let opponent = match (seat.opponent_connected(), seat.opponent_name()) {
        (true, "") => format!("{other} is connected"),
        (true, name) => format!("{name} ({other}) is connected"),
        (false, "") => "waiting for the opponent".to_owned(),
        (false, name) => format!("waiting for {name} ({other}) to come back"),
    };
    let place = match &net.hosting {
        Some(_) => "hosting".to_owned(),
        None => format!("at {}", seat.address()),
    };
    ui.label(format!(
        "You play {}, {place}: {opponent}",
        side_name(color)
    ));
    if let Some(hosted) = &net.hosting {
        let free = hosted
            .server
            .with_host(|h| !crate::seat::SeatTable::door(h).is_claimed(slot(color.flip())));
        if free {
            ui.horizontal(|ui| {
                ui.label("Give the other player the address");
                ui.label(RichText::new(&hosted.address).monospace().strong());
                ui.label("and the join code");
                ui.label(RichText::new(hosted.server.code()).monospace().strong());
            });
        }
    }
    if let Some(cut) = seat.cut_off() {
        ui.colored_label(crate::app::theme::ERROR, &cut.words);
        ui.label(RichText::new(&cut.detail).small().weak());
    }
    if let Some(trouble) = seat.trouble() {
        ui.colored_label(ui.visuals().warn_fg_color, trouble);
    }
    if seat.waiting() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Waiting for the umpire's answer…");
        });
    }
    if seat.over().is_some() && seat.revealed().is_none() {
        ui.label("The game is over: waiting for the table to reveal the whole game.");
    }
    ui.add_space(4.0);
}

/// The door's slot of a tsuitate side.
fn slot(color: Color) -> shakmaty::Color {
    crate::tsuitate::table::slot(color)
}
