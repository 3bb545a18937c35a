//! The network seat's screen. The screen sits at the seat as at any table
//! ([`crate::tsuitate::remote::RemoteSeat`] is a `Table<Tsuitate>`): it holds only what the seat
//! was told (the other seat's moves never reach this side); its requests go to the table as
//! lines and the answers come in a later frame (the connection's thread wakes the window). At
//! the end the table's reveal (the whole game) is the table's truth and every board is shown; a
//! lost connection is said in words and the seat rejoins by itself, the game kept on the host.
//! Here: where it plays and who is there, the ticket that takes the seat back, and the
//! revealed game kept in a save of its own.

use super::{Stage, TsuitateMode, TsuitateScreen, pieces::side_name};
use crate::app::leaving::Kept;
use crate::save::{Meta, Seating};
use crate::seat::remote::Ticket;
use crate::seat::serve::Hosted;
use crate::tsuitate::TsuitateRules;
use crate::tsuitate::remote::RemoteSeat;
use crate::tsuitate::save::GameAutosave;
use crate::tsuitate::table::TsuitateHost;
use crate::tsuitate::{TsuitateFacts, TsuitateGame};
use egui::RichText;
use shogi_core::Color;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A seat at a table across the network: what the screen keeps besides the table.
pub struct NetSeat {
    /// The seat.
    pub color: Color,
    /// The table's address.
    pub address: String,
    /// What takes the seat back from another run of the app (its token).
    pub ticket: Option<Ticket>,
    /// This app's own table (kept running while the screen is open), when it hosts.
    pub hosting: Option<Arc<Hosted<TsuitateHost>>>,
    /// Where the game is kept once revealed (a seat at another machine's table: the host's
    /// machine keeps its own).
    pub keep: Option<PathBuf>,
    /// The revealed game's save, once kept.
    pub kept: Option<GameAutosave>,
    /// Whether the other seat was taken at some time (seen connected, or it moved): while it is
    /// empty, the seat waits for it to come back rather than to join.
    pub opponent_came: bool,
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
        // The public start only (what both heard at it begins each history): never drawn
        // before the reveal replaces it.
        let rules = seat
            .state()
            .rules()
            .as_ref()
            .map_or_else(TsuitateRules::default, |r| r.rules());
        let start = seat
            .state()
            .told()
            .and_then(|told| TsuitateGame::from_sfen(rules, &told.start.to_sfen_owned()).ok())
            .unwrap_or_else(|| TsuitateGame::new(rules));
        let net = NetSeat {
            color,
            address: seat.address().to_owned(),
            ticket: seat.ticket(),
            hosting,
            keep: None,
            kept: None,
            opponent_came: false,
        };
        let mode = TsuitateMode::Network(color);
        let mut screen = TsuitateScreen::at_table(Box::new(seat), start, meta, mode);
        screen.net = Some(net);
        screen
    }

    /// The network seat's side, if this screen plays one.
    pub fn network_color(&self) -> Option<Color> {
        self.net.as_ref().map(|n| n.color)
    }

    /// What takes this seat back from another run of the app: a seat at another machine's
    /// table only (this app's own table ends with the app), until its game is over.
    pub fn ticket(&self) -> Option<Ticket> {
        let net = self.net.as_ref().filter(|n| n.hosting.is_none())?;
        net.ticket.clone().filter(|_| self.over().is_none())
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
            .is_some_and(|n| n.hosting.is_none() && self.over().is_some())
    }

    /// Where a network game in progress is kept, as the question before leaving it says
    /// (`None`: not a network game).
    pub(super) fn net_leaving(&self) -> Option<Kept<'static>> {
        let net = self.net.as_ref()?;
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
        self.net.as_ref()?.kept.as_ref().map(GameAutosave::path)
    }

    /// This app's own table, when it hosts this network game.
    pub fn hosting(&self) -> Option<&Hosted<TsuitateHost>> {
        self.net.as_ref().and_then(|n| n.hosting.as_deref())
    }

    /// Once the table revealed the whole game: every board, and the game kept where asked.
    pub(super) fn follow_reveal(&mut self) {
        if self.stage == Stage::Over || self.table.truth().is_none() {
            return;
        }
        if let Some(save) = self.table.saved() {
            self.meta = save.meta.clone();
        }
        self.stage = Stage::Over;
        let Some(net) = &mut self.net else {
            return;
        };
        if let Some(path) = net.keep.take() {
            // Kept as this machine holds it: a seat at another machine's table.
            self.meta.seating = net.ticket.clone().map(|t| Seating::Seat {
                color: t.seat,
                address: t.address,
                token: t.token,
            });
            let mut kept = GameAutosave::new(path);
            if let Some(game) = self.table.truth() {
                kept.snapshot(game, &self.meta);
            }
            net.kept = Some(kept);
        }
    }

    /// A network seat's screen: where it plays and who is there (the address and code to give
    /// while the other seat is free), a lost connection in words, then the seat's own screen.
    pub(super) fn net_screen(&mut self, ui: &mut egui::Ui, color: Color) {
        if let Some(net) = &self.net {
            let revealed = self.table.truth().is_some();
            let waiting = self.table.waiting();
            // In a Ui of its own: the widgets after it keep their ids as its lines come and go
            // (the address while the other seat is free), so a click made then is not lost.
            ui.vertical(|ui| net_status(ui, net, self.table.facts(), (waiting, revealed)));
        }
        self.seat_screen(ui, color);
    }
}

/// Where the seat plays, who is there, and what has gone wrong (`waiting`: a request waits
/// for its answer; `revealed`: the table revealed the game).
fn net_status(ui: &mut egui::Ui, net: &NetSeat, facts: &TsuitateFacts, flags: (bool, bool)) {
    let (waiting, revealed) = flags;
    let color = net.color;
    let name = facts.names[usize::from(color == Color::Black)].as_str();
    let place = net.hosting.is_none().then_some(net.address.as_str());
    ui.label(crate::seat::trouble::status_line(
        (side_name(color), side_name(color.flip()), name),
        place,
        facts.cut_off.is_some(),
        facts.opponent_present,
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
    if let Some(cut) = &facts.cut_off {
        ui.colored_label(crate::app::theme::ERROR, &cut.words);
        ui.label(RichText::new(&cut.detail).small().weak());
    }
    if let Some(trouble) = &facts.trouble {
        ui.colored_label(ui.visuals().warn_fg_color, trouble);
    }
    // The answer waited for, in a row kept whether or not it is: the seat's screen under it
    // does not move with each request.
    ui.horizontal(|ui| {
        ui.set_min_height(ui.spacing().interact_size.y);
        if waiting {
            ui.spinner();
            ui.label("Waiting for the umpire's answer…");
        }
    });
    if facts.over.is_some() && !revealed {
        ui.label("The game is over: waiting for the table to reveal the whole game.");
    }
    ui.add_space(4.0);
}

/// The door's slot of a tsuitate side.
fn slot(color: Color) -> shakmaty::Color {
    crate::tsuitate::table::slot(color)
}
