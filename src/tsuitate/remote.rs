//! A tsuitate seat at a table across the network, for a screen that must never wait
//! ([`RemoteSeat`]): it holds only what the seat was told ([`TsuitateSeatState`]), sends each
//! request as one line over the sealed connection ([`Connection`], read on its own thread,
//! which wakes the window), and reads the answers in a later [`RemoteSeat::poll`]. An answer
//! that does not come within [`ANSWER_WAIT`] drops the connection; a dropped connection is said
//! in words ([`CutOff`]) and taken back with the seat's token on another thread, asking only
//! for the lines not yet held. The whole game is known here only once the table reveals it.
//!
//! [`connect_any`] takes a seat at a table of either game: the first line of the table's
//! welcome decides whether it is a chess seat ([`RemoteTable`]) or a tsuitate one;
//! [`start_host`] serves a new tsuitate table (the app's "Host a game").

use super::announce::{Item, color_from_name};
use super::client::{HeardLine, TsuitateSeatState};
use super::facts::TsuitateFacts;
use super::history::{Heard, History};
use super::referee::index;
use super::save::SavedRequest;
use super::table::TsuitateHost;
use super::wire::{FromSeat, is_tsuitate_welcome};
use super::{Over, SeatView, TsuitateGame, TsuitateRules};
use crate::save::Meta;
use crate::seat::Hello;
use crate::seat::client::Received;
use crate::seat::host::entropy;
use crate::seat::link::{Connection, Redial};
use crate::seat::remote::{ANSWER_WAIT, RemoteTable, Ticket};
use crate::seat::serve::{Hosted, ServeError, serve_table};
use crate::seat::trouble::{ConnectError, cut_off_at};
use crate::table::{CutOff, Waker};
use shogi_core::Color;
use std::io;
use std::path::PathBuf;
use std::time::Instant;

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

/// Takes a seat at `address` with `hello` (waiting at most [`ANSWER_WAIT`] for the table):
/// the table's welcome says which game it is.
pub fn connect_any(address: &str, hello: Hello) -> Result<Seated, ConnectError> {
    let connection = Connection::open(address, &hello)
        .map_err(|e| ConnectError::Unreachable(e.kind(), e.to_string()))?;
    let first = first_line(&connection, Instant::now() + ANSWER_WAIT)?;
    if is_tsuitate_welcome(&first) {
        let seat = RemoteSeat::seated(address, hello, connection, first)?;
        Ok(Seated::Tsuitate(Box::new(seat)))
    } else {
        let table = RemoteTable::seated(address, hello, connection, vec![first])?;
        Ok(Seated::Chess(Box::new(table)))
    }
}

/// The next line within `wait`, or why not.
fn first_line(connection: &Connection, deadline: Instant) -> Result<String, ConnectError> {
    match connection.recv_until(deadline) {
        Ok(Ok(line)) => Ok(line),
        Ok(Err(e)) => Err(ConnectError::Unreachable(e.kind(), e.to_string())),
        Err(_) => Err(ConnectError::Silent),
    }
}

/// Refusals kept for the screens' table's next poll, at most.
const MAX_REFUSALS_KEPT: usize = 16;

/// A request sent and not answered yet.
struct Pending {
    /// The seat's record length when it was sent: its answer is an own line after it.
    from: usize,
    since: Instant,
}

/// A tsuitate seat at a remote table.
pub struct RemoteSeat {
    address: String,
    /// The hello that takes the seat back (its token, no code).
    hello: Hello,
    pub(super) connection: Option<Connection>,
    pub(super) state: TsuitateSeatState,
    pub(super) color: Color,
    /// The seat's view at the start: shown only should the state's kept view be missing.
    start_view: SeatView,
    /// The seat's history in words, extended as its record grows.
    history: History,
    /// Each side's fouls (sente's first), as the seat was last told them.
    pub(super) fouls: [u8; 2],
    /// The record lines taken into `history` and `fouls`.
    folded: usize,
    /// Record lines taken into the history in all (a measure of the work done).
    history_work: usize,
    pending: Option<Pending>,
    redial: Redial,
    pub(super) cut_off: Option<CutOff>,
    /// The last refusal of this seat's request, in the table's words.
    refused: Option<String>,
    /// A line from the table that did not read, or a refused reconnection.
    pub(super) trouble: Option<String>,
    /// The whole game, once revealed (and replayed).
    pub(super) revealed: Option<TsuitateGame>,
    /// The public facts, as the screens' table gives them.
    pub(super) facts: TsuitateFacts,
    /// Record lines already given out as news ([`Table::poll`]).
    pub(super) delivered: usize,
    /// Refusals not yet given out as news.
    pub(super) refusals: Vec<String>,
}

impl RemoteSeat {
    /// Connects to `address` with `hello` and waits (at most [`ANSWER_WAIT`]) for the seat; a
    /// chess table is refused as not a tsuitate one.
    pub fn connect(address: &str, hello: Hello) -> Result<RemoteSeat, ConnectError> {
        match connect_any(address, hello)? {
            Seated::Tsuitate(seat) => Ok(*seat),
            Seated::Chess(_) => Err(ConnectError::Protocol(
                "the table plays chess, not tsuitate shogi".into(),
            )),
        }
    }

    /// The seat over `connection`, whose `first` line was read already: reads until the
    /// table's state (at most [`ANSWER_WAIT`]).
    pub fn seated(
        address: &str,
        hello: Hello,
        connection: Connection,
        first: String,
    ) -> Result<RemoteSeat, ConnectError> {
        let mut state = TsuitateSeatState::new();
        let deadline = Instant::now() + ANSWER_WAIT;
        let mut line = first;
        loop {
            match state.receive(&line) {
                Ok(Received::Refused(e)) => return Err(ConnectError::Refused(e)),
                Ok(_) => {}
                Err(e) => return Err(ConnectError::Protocol(e.to_string())),
            }
            if state.state.is_some() {
                break;
            }
            line = first_line(&connection, deadline)?;
        }
        let Some(color) = state.seat() else {
            return Err(ConnectError::Protocol("the host sent no seat".into()));
        };
        let Some(told) = state.told() else {
            return Err(ConnectError::Protocol("the host sent no seat".into()));
        };
        let start_view = SeatView::new(color, &told.start, &told.opening);
        let history =
            History::at_start(color, &told.start, &told.opening, told.start.side_to_move());
        let mut hello = hello;
        hello.token = state.token().map(str::to_owned);
        hello.code = None;
        let mut seat = RemoteSeat {
            address: address.to_owned(),
            hello,
            connection: Some(connection),
            state,
            color,
            start_view,
            history,
            fouls: [0; 2],
            folded: 0,
            history_work: 0,
            pending: None,
            redial: Redial::new(address),
            cut_off: None,
            refused: None,
            trouble: None,
            revealed: None,
            facts: TsuitateFacts::new(TsuitateRules::default(), [String::new(), String::new()]),
            delivered: 0,
            refusals: Vec::new(),
        };
        seat.after_read();
        seat.refresh();
        Ok(seat)
    }

    /// The seat.
    pub fn color(&self) -> Color {
        self.color
    }

    /// The table's address.
    pub fn address(&self) -> &str {
        &self.address
    }

    /// What the seat was told, line by line.
    pub fn state(&self) -> &TsuitateSeatState {
        &self.state
    }

    /// The seat's side of the screen: its own pieces and what it heard, nothing else.
    pub fn view(&self) -> &SeatView {
        self.state.kept_view().unwrap_or(&self.start_view)
    }

    /// What takes this seat back from another run of the app: the table's address, the
    /// seat's token and its door slot.
    pub fn ticket(&self) -> Option<Ticket> {
        Some(Ticket {
            address: self.address.clone(),
            token: self.hello.token.clone()?,
            seat: super::table::slot(self.color),
            game: crate::kind::GameKind::Tsuitate,
        })
    }

    /// The seat's token (to take it back from another program).
    pub fn token(&self) -> Option<&str> {
        self.state.token()
    }

    /// Who moves now, as the table last said.
    pub fn to_move(&self) -> Color {
        self.state
            .state
            .as_ref()
            .and_then(|s| color_from_name(&s.to_move))
            .unwrap_or(self.view().board.side_to_move())
    }

    /// The end, once the table said it.
    pub fn over(&self) -> Option<Over> {
        self.state.over()
    }

    /// Whether the seat may act now: its turn, caught up, no request waiting, connected.
    pub fn to_act(&self) -> bool {
        self.state.to_act() && self.pending.is_none() && self.cut_off.is_none()
    }

    /// Whether a request waits for the table's answer.
    pub fn waiting(&self) -> bool {
        self.pending.is_some()
    }

    /// Whether the other seat is connected.
    pub fn opponent_connected(&self) -> bool {
        self.state
            .state
            .as_ref()
            .is_some_and(|s| s.opponent_connected)
    }

    /// The other seat's name, if it gave one.
    pub fn opponent_name(&self) -> &str {
        let other = usize::from(self.color == Color::Black);
        &self.state.names[other]
    }

    /// Why the seat cannot reach its table now, in words.
    pub fn cut_off(&self) -> Option<&CutOff> {
        self.cut_off.as_ref()
    }

    /// The last refusal of this seat's request, until the next request.
    pub fn refused(&self) -> Option<&str> {
        self.refused.as_deref()
    }

    /// A line from the table that did not read, or a refused reconnection.
    pub fn trouble(&self) -> Option<&str> {
        self.trouble.as_deref()
    }

    /// The whole game, once the table revealed it (and it replays).
    pub fn revealed(&self) -> Option<&TsuitateGame> {
        self.revealed.as_ref()
    }

    /// The seat's fouls so far (the last count it was told).
    pub fn fouls(&self) -> u8 {
        self.fouls[index(self.color)]
    }

    /// The fouls that lose (the rules' count).
    pub fn foul_limit(&self) -> u8 {
        self.state.rules().as_ref().map_or(0, |r| r.fouls)
    }

    /// What the seat heard of the opponent since its own last legal move, and whether it has
    /// made one yet.
    pub fn news(&self) -> (Vec<Item>, bool) {
        let record = &self.state.record();
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
        self.history.lines()
    }

    /// Record lines taken into the history in all: each once, however often it is shown.
    pub fn history_work(&self) -> usize {
        self.history_work
    }

    /// Sends `request` (an attempt, a resignation, a draw offer): refused here, in words, when
    /// cut off or while the last request waits for its answer.
    pub fn submit(&mut self, request: FromSeat) {
        if let Some(cut) = &self.cut_off {
            self.refuse(cut.words.clone());
            return;
        }
        if self.pending.is_some() {
            self.refuse("the table has not answered the last request".into());
            return;
        }
        self.refused = None;
        let answered = matches!(request, FromSeat::Try(_) | FromSeat::Resign);
        let Some(connection) = &mut self.connection else {
            return;
        };
        match connection.send(&request.line()) {
            Ok(()) if answered => {
                self.pending = Some(Pending {
                    from: self.state.record().len(),
                    since: Instant::now(),
                });
            }
            Ok(()) => {}
            Err(e) => self.drop_connection(e.kind()),
        }
    }

    /// Calls `waker` whenever a line arrives (reconnections too).
    pub fn set_waker(&mut self, waker: Waker) {
        self.redial.set_waker(waker, self.connection.as_ref());
    }

    /// Whether the screen should look again soon without being woken (a request waiting for
    /// its deadline, a connection being taken back).
    pub fn needs_polling(&self) -> bool {
        (self.connection.is_none() && self.revealed.is_none()) || self.pending.is_some()
    }

    /// Reads every line that arrived (never waits); a request unanswered for too long gives up
    /// its connection, and a dropped one is dialled again now and then.
    pub fn poll(&mut self) {
        let mut hello = self.hello.clone();
        hello.have = self.state.record().len();
        let may_dial = self.revealed.is_none();
        let dialling = self.connection.is_none();
        let (lines, ended) = self.redial.read(&mut self.connection, &hello, may_dial);
        if let Some((kind, _)) = ended {
            self.cut(kind, dialling);
        }
        let read = !lines.is_empty();
        for line in lines {
            self.read(&line);
        }
        if read {
            self.after_read();
        }
        if self
            .pending
            .as_ref()
            .is_some_and(|p| p.since.elapsed() >= ANSWER_WAIT)
        {
            self.pending = None;
            self.drop_connection(io::ErrorKind::TimedOut);
            self.refuse("the host did not answer in time".into());
        }
    }

    /// Refuses the seat's request with `why`: said on its screen, and news.
    fn refuse(&mut self, why: String) {
        if self.refusals.len() >= MAX_REFUSALS_KEPT {
            self.refusals.remove(0);
        }
        self.refusals.push(why.clone());
        self.refused = Some(why);
    }

    fn drop_connection(&mut self, kind: io::ErrorKind) {
        self.connection = None;
        self.cut(kind, false);
    }

    /// Says in words why the seat is cut off from its table (`dialled`: a try to rejoin
    /// failed), until the game is revealed.
    fn cut(&mut self, kind: io::ErrorKind, dialled: bool) {
        if self.revealed.is_none() {
            self.cut_off = Some(cut_off_at(&self.address, kind, dialled));
        }
    }

    /// Reads one line from the table.
    fn read(&mut self, line: &str) {
        match self.state.receive(line) {
            Ok(Received::Welcome) => {
                self.cut_off = None;
                self.trouble = None;
            }
            Ok(Received::Refused(e)) => {
                if self.pending.take().is_some() {
                    self.refuse(e);
                } else {
                    self.trouble = Some(e);
                }
            }
            Ok(Received::State) => {
                let answered = self.pending.as_ref().is_some_and(|p| {
                    self.state.record()[p.from.min(self.state.record().len())..]
                        .iter()
                        .any(|l| l.request.is_some())
                });
                if answered {
                    self.pending = None;
                }
            }
            Ok(Received::News) => {}
            Err(e) => self.trouble = Some(e.to_string()),
        }
    }

    /// After lines were read: the view, the history and the fouls extended with the new
    /// record lines, the reveal replayed once.
    fn after_read(&mut self) {
        let _ = self.state.view();
        if self.state.record().len() < self.folded {
            // Another seat's record (a table that welcomed another seat): taken in afresh.
            let history = match self.state.told() {
                Some(told) => History::at_start(
                    self.color,
                    &told.start,
                    &told.opening,
                    told.start.side_to_move(),
                ),
                None => History::new(self.color, &self.start_view.board),
            };
            (self.history, self.fouls, self.folded) = (history, [0; 2], 0);
        }
        let new = self.state.record().get(self.folded..).unwrap_or_default();
        for line in new {
            let heard = heard(self.color, line);
            self.history.push(&heard);
            // A foul is announced to both: after the seat's own attempt, its own count.
            let fouled = if line.request.is_some() {
                self.color
            } else {
                self.color.flip()
            };
            let fouls = line.items.iter().rev().find_map(|item| match item {
                Item::Illegal { fouls } => Some(*fouls),
                _ => None,
            });
            if let Some(fouls) = fouls {
                self.fouls[index(fouled)] = fouls;
            }
        }
        self.folded += new.len();
        self.history_work += new.len();
        if self.revealed.is_none()
            && let Some(save) = &self.state.reveal
        {
            self.revealed = save.replay().ok();
        }
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
