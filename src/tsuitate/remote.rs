//! A tsuitate seat at a table across the network ([`RemoteSeat`]): the one remote table every
//! game has ([`RemoteTable`]: the connection, one request waiting at a time, the redial, the
//! cut-off, the reveal), with shogi's own parts ([`RemoteGame`] for [`Tsuitate`]): its facts
//! from the state line, its record told as news line by line, its history in words and the
//! fouls folded in as each line is read, its whole game replayed from the reveal.
//!
//! [`connect_any`] takes a seat at a table of either game: the first line of the table's
//! welcome decides whether it is a chess seat or a tsuitate one; [`start_host`] serves a new
//! tsuitate table (the app's "Host a game").

use super::announce::{Item, color_from_name};
use super::client::HeardLine;
use super::facts::{TsuitateFacts, TsuitateNews};
use super::game::Request;
use super::history::{Heard, History};
use super::referee::index;
use super::save::{SavedRequest, TsuitateSave};
use super::seam::{Told, Tsuitate};
use super::table::TsuitateHost;
use super::wire::{FromSeat, WireState};
use super::{Over, SeatView, TsuitateGame, TsuitateRules};
use crate::kind::GameKind;
use crate::save::Meta;
use crate::seat::Hello;
use crate::seat::client::GameSeat;
use crate::seat::host::entropy;
use crate::seat::remote::{Remote, RemoteGame, RemoteTable, open};
use crate::seat::serve::{Hosted, ServeError, serve_table};
use crate::seat::trouble::ConnectError;
use crate::seat::wire::{is_welcome_of, welcome_family};
use shogi_core::{Color, PartialPosition};
use std::path::PathBuf;
use std::time::Duration;

/// Serves a new tsuitate table on `bind`:`port` (0: any free port), autosaved to `autosave`
/// (a snapshot, then one journal line per event), with a fresh join code.
pub fn start_host(
    bind: &str,
    port: u16,
    autosave: PathBuf,
) -> Result<Hosted<TsuitateHost>, ServeError> {
    let meta = Meta::network_host();
    let game = TsuitateGame::new(super::TsuitateRules::default());
    let table = TsuitateHost::new(game, meta, Some(autosave), entropy(), false);
    if let Some(e) = &table.autosave_error {
        return Err(ServeError::Autosave(e.clone()));
    }
    serve_table(table, bind, port)
}

/// A seat taken at a table of either game.
pub enum Seated {
    /// A chess-family seat.
    Chess(Box<RemoteTable>),
    /// A tsuitate shogi seat.
    Tsuitate(Box<RemoteSeat>),
}

/// Takes a seat at `address` with `hello` (waiting at most [`crate::seat::remote::ANSWER_WAIT`]
/// for the table): the table's welcome says which game it is.
pub fn connect_any(address: &str, hello: Hello) -> Result<Seated, ConnectError> {
    let (connection, first) = open(address, &hello)?;
    if is_welcome_of::<Tsuitate>(&first) {
        let seat = RemoteSeat::seated(address, hello, connection, vec![first])?;
        Ok(Seated::Tsuitate(Box::new(seat)))
    } else {
        let table = RemoteTable::seated(address, hello, connection, vec![first])?;
        Ok(Seated::Chess(Box::new(table)))
    }
}

/// A tsuitate seat at a remote table.
pub type RemoteSeat = RemoteTable<Tsuitate>;

/// Refusals kept for the screens' table's next poll, at most.
const MAX_REFUSALS_KEPT: usize = 16;

/// What a tsuitate seat keeps of its own at a remote table.
pub struct TsuitateRemote {
    /// The seat's view at the start: shown only should the seat's kept view be missing.
    start_view: SeatView,
    /// The seat's history in words, extended as its record grows.
    history: History,
    /// Each side's fouls (sente's first), as the seat was last told them.
    fouls: [u8; 2],
    /// The record lines taken into `history` and `fouls`.
    folded: usize,
    /// Record lines taken into the history in all (a measure of the work done).
    history_work: usize,
    /// Record lines already given out as news.
    delivered: usize,
    /// Refusals not yet given out as news.
    refusals: Vec<String>,
}

impl RemoteTable<Tsuitate> {
    /// The seat's side of the screen: its own pieces and what it heard, nothing else.
    pub fn view(&self) -> &SeatView {
        seat_view(&self.own, &self.remote.seat)
    }

    /// Who moves now, as the table last said.
    pub fn to_move(&self) -> Color {
        to_move(&self.own, &self.remote.seat)
    }

    /// The end, once the table said it.
    pub fn over(&self) -> Option<Over> {
        self.remote.seat.over()
    }

    /// The seat's fouls so far (the last count it was told).
    pub fn fouls(&self) -> u8 {
        self.own.fouls[index(self.remote.side)]
    }

    /// The fouls that lose (the rules' count).
    pub fn foul_limit(&self) -> u8 {
        self.remote.seat.rules().as_ref().map_or(0, |r| r.fouls)
    }

    /// What the seat heard of the opponent since its own last legal move, and whether it has
    /// made one yet.
    pub fn news(&self) -> (Vec<Item>, bool) {
        let record = &self.remote.seat.record();
        let moved = record
            .iter()
            .rposition(|l| l.request.is_some() && l.turn_ends);
        let since = moved.map_or(0, |i| i + 1);
        let items = record[since..]
            .iter()
            .filter(|l| l.request.is_none())
            .flat_map(|l| l.items.iter().copied())
            .collect();
        (items, moved.is_some())
    }

    /// The seat's history in words, turn by turn ([`super::history::history_lines`]), from
    /// its record alone: kept, each record line taken in once when it is read.
    pub fn history(&self) -> &[String] {
        self.own.history.lines()
    }

    /// Record lines taken into the history in all: each once, however often it is shown.
    pub fn history_work(&self) -> usize {
        self.own.history_work
    }

    /// Sends `request` (an attempt, a resignation, a draw offer): refused here, in words, when
    /// cut off or while the last request waits for its answer.
    pub fn submit(&mut self, request: FromSeat) {
        match request {
            FromSeat::Try(usi) => self.ask(Request::Try(usi)),
            FromSeat::Resign => self.ask(Request::Resign),
            FromSeat::OfferDraw => self.draw(false),
            FromSeat::AcceptDraw => self.draw(true),
            // The seat said hello when it sat down (and says it again when it rejoins).
            FromSeat::Hello(_) => {}
        }
    }

    /// Reads every line that arrived (never waits); a request unanswered for too long gives up
    /// its connection, and a dropped one is dialled again now and then.
    pub fn poll(&mut self) {
        self.read_lines(Duration::ZERO);
    }
}

/// The seat's kept view, or its start before there is one.
fn seat_view<'a>(own: &'a TsuitateRemote, seat: &'a GameSeat<Tsuitate>) -> &'a SeatView {
    seat.kept_view().unwrap_or(&own.start_view)
}

/// Who moves now, as the table last said.
fn to_move(own: &TsuitateRemote, seat: &GameSeat<Tsuitate>) -> Color {
    seat.state
        .as_ref()
        .and_then(|s| color_from_name(&s.to_move))
        .unwrap_or(seat_view(own, seat).board.side_to_move())
}

/// The history from the start the seat was told.
fn history_at_start(color: Color, told: &Told) -> History {
    History::at_start(color, &told.start, &told.opening, told.start.side_to_move())
}

impl RemoteGame for Tsuitate {
    const KIND: GameKind = GameKind::Tsuitate;
    type Own = TsuitateRemote;

    /// Another game's welcome.
    fn foreign(first: &str) -> Option<String> {
        welcome_family(first)
            .is_some_and(|family| family != super::wire::FAMILY)
            .then(|| "the table plays chess, not tsuitate shogi".to_owned())
    }

    fn opponent_connected(state: &WireState) -> bool {
        state.opponent_connected
    }

    fn record(told: &Told) -> &[HeardLine] {
        &told.record
    }

    fn own_line(heard: &HeardLine) -> bool {
        heard.request.is_some()
    }

    fn start(
        seat: &mut GameSeat<Tsuitate>,
        color: Color,
    ) -> Option<(TsuitateRemote, TsuitateFacts)> {
        let told = seat.told()?;
        let own = TsuitateRemote {
            start_view: SeatView::new(color, &told.start, &told.opening),
            history: history_at_start(color, told),
            fouls: [0; 2],
            folded: 0,
            history_work: 0,
            delivered: 0,
            refusals: Vec::new(),
        };
        let facts = TsuitateFacts::new(TsuitateRules::default(), [String::new(), String::new()]);
        Some((own, facts))
    }

    /// A draw offer is not answered with a record line.
    fn request_line(request: &Request) -> Result<(String, bool), String> {
        Ok(match request {
            Request::Try(usi) => (FromSeat::Try(usi.clone()).line(), true),
            Request::Resign => (FromSeat::Resign.line(), true),
            Request::Draw => (FromSeat::OfferDraw.line(), false),
        })
    }

    fn draw_offer(facts: &TsuitateFacts) -> Option<Color> {
        facts.draw_offer
    }

    fn refuse(own: &mut TsuitateRemote, _: &mut Remote<Tsuitate>, _: Request, why: String) {
        if own.refusals.len() >= MAX_REFUSALS_KEPT {
            own.refusals.remove(0);
        }
        own.refusals.push(why);
    }

    /// The view, the history and the fouls extended with the new record lines.
    fn heard(own: &mut TsuitateRemote, remote: &mut Remote<Tsuitate>, _now: Duration) {
        let color = remote.side;
        let _ = remote.seat.view();
        let record = remote.seat.record();
        if record.len() < own.folded {
            // Another seat's record (a table that welcomed another seat): taken in afresh.
            let history = match remote.seat.told() {
                Some(told) => history_at_start(color, told),
                None => History::new(color, &own.start_view.board),
            };
            (own.history, own.fouls, own.folded) = (history, [0; 2], 0);
        }
        let new = record.get(own.folded..).unwrap_or_default();
        for line in new {
            own.history.push(&heard(color, line));
            // A foul is announced to both: after the seat's own attempt, its own count.
            let fouled = if line.request.is_some() {
                color
            } else {
                color.flip()
            };
            let fouls = line.items.iter().rev().find_map(|item| match item {
                Item::Illegal { fouls } => Some(*fouls),
                _ => None,
            });
            if let Some(fouls) = fouls {
                own.fouls[index(fouled)] = fouls;
            }
        }
        own.folded += new.len();
        own.history_work += new.len();
    }

    /// The public facts as the seat was last told them.
    fn refresh(own: &mut TsuitateRemote, remote: &mut Remote<Tsuitate>) {
        let seat = &remote.seat;
        let state = seat.state.as_ref();
        remote.facts = TsuitateFacts {
            rules: seat
                .rules()
                .map_or_else(TsuitateRules::default, |r| r.rules()),
            names: seat.names.clone(),
            start: seat
                .told()
                .map_or_else(PartialPosition::startpos, |told| told.start.clone()),
            to_move: to_move(own, seat),
            over: seat.over(),
            fouls: own.fouls,
            draw_offer: state.and_then(|s| s.draw_offer.as_deref().and_then(color_from_name)),
            opponent_present: remote.opponent_connected(),
            cut_off: remote.cut_off.clone(),
            trouble: remote.trouble.clone(),
            autosave_path: None,
            autosave_error: None,
        };
    }

    fn reveal(_own: &mut TsuitateRemote, save: &TsuitateSave, _: Color) -> Option<TsuitateGame> {
        save.replay().ok()
    }

    /// The record line by line as the table sent it (the first poll gives the whole record so
    /// far, a rejoined seat's too), then the refusals.
    fn tell(own: &mut TsuitateRemote, remote: &mut Remote<Tsuitate>, _waiting: bool) {
        let record = remote.seat.record();
        if record.len() < own.delivered {
            remote.news.push(TsuitateNews::Restarted);
            own.delivered = 0;
        }
        let seat = remote.side;
        let lines = record.get(own.delivered..).unwrap_or_default();
        remote
            .news
            .extend(lines.iter().map(|line| TsuitateNews::Heard {
                seat,
                line: line.clone(),
            }));
        own.delivered = record.len();
        let refusals = own.refusals.drain(..).map(TsuitateNews::Refused);
        remote.news.extend(refusals);
    }

    /// The seat's own view (whichever seat is asked for: it knows no other).
    fn view<'a>(
        own: &'a TsuitateRemote,
        remote: &'a mut Remote<Tsuitate>,
        _: Color,
    ) -> &'a SeatView {
        seat_view(own, &remote.seat)
    }

    fn saved(_own: &TsuitateRemote, remote: &Remote<Tsuitate>) -> Option<TsuitateSave> {
        remote.revealed.as_ref()?;
        remote.seat.reveal.clone()
    }
}

/// A record line as the seat's history takes it: who made the request, the seat's own in words.
fn heard(color: Color, line: &HeardLine) -> Heard {
    let tried = line.request.as_ref().map(|r| match r {
        SavedRequest::Try { usi } => usi.clone(),
        SavedRequest::Resign => "resign".to_owned(),
        SavedRequest::Draw => "draw".to_owned(),
    });
    Heard {
        by: if tried.is_some() { color } else { color.flip() },
        tried,
        items: line.items.clone(),
    }
}
