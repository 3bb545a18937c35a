//! A remote seat's lines, for every game: the table's lines read without waiting (a request
//! unanswered for [`ANSWER_WAIT`] gives up its connection, a dropped one is dialled again), the
//! seat's requests sent one at a time (refused here, in words, while cut off or while the last
//! one waits), and the screens' [`Table`] over them. What a line means to the game's facts,
//! news and view is the game's ([`RemoteGame`]).

use super::{ANSWER_WAIT, Pending, RemoteGame, RemoteTable};
use crate::save::Markers;
use crate::seat::client::Received;
use crate::seat::link::LinkError;
use crate::seat::trouble::cut_off_at;
use crate::table::{Table, Waker};
use shakmaty::{Color, Role, Square};
use std::io::ErrorKind;
use std::time::{Duration, Instant};

/// No markers: a game that has none.
static NO_MARKERS: Markers = Markers(Vec::new());

impl<G: RemoteGame> RemoteTable<G> {
    /// Reads every line that arrived at `now` (never waits); a request unanswered for too long
    /// gives up its connection (the answer, if any, comes with the lines the seat lacks), and a
    /// dropped one is dialled again now and then.
    pub fn read_lines(&mut self, now: Duration) {
        let mut hello = self.hello.clone();
        hello.have = self.remote.seat.have();
        let may_dial = self.remote.revealed.is_none();
        // With no connection, what ends is a try to rejoin (the seat keeps trying).
        let dialled = self.connection.is_none();
        let (lines, ended) = self.redial.read(&mut self.connection, &hello, may_dial);
        if let Some((kind, _)) = ended {
            self.cut(kind, dialled);
        }
        for line in lines {
            self.read(&line, now);
        }
        if self
            .pending
            .as_ref()
            .is_some_and(|p| p.since.elapsed() >= ANSWER_WAIT)
            && let Some(p) = self.pending.take()
        {
            self.connection = None;
            self.cut(ErrorKind::TimedOut, false);
            self.refuse(p.request, "the host did not answer in time".into());
        }
        G::refresh(&mut self.own, &mut self.remote);
    }

    /// Reads one line from the table at `now`.
    fn read(&mut self, line: &str, now: Duration) {
        let remote = &mut self.remote;
        match remote.seat.receive(line) {
            Err(e) => {
                remote.trouble = Some(e.to_string());
                return;
            }
            Ok(Received::Welcome) => {
                remote.trouble = None;
                remote.cut_off = None;
            }
            Ok(Received::Refused(e)) => match self.pending.take() {
                Some(p) => self.refuse(p.request, e),
                // A refused reconnection (or a late refusal) is said, not dropped.
                None => remote.trouble = Some(e),
            },
            Ok(Received::State) => self.answer(),
            Ok(Received::News) => {}
        }
        let remote = &mut self.remote;
        if remote.revealed.is_none()
            && let Some(reveal) = &remote.seat.reveal
        {
            remote.revealed = G::reveal(&mut self.own, reveal, remote.side);
        }
        G::heard(&mut self.own, &mut self.remote, now);
    }

    /// A state completes the answer to the waiting request: the own record line after it was
    /// sent.
    fn answer(&mut self) {
        let Some(p) = &self.pending else {
            return;
        };
        let record = self.remote.seat.told().map_or(&[][..], G::record);
        let own = record
            .get(p.from..)
            .and_then(|lines| lines.iter().position(G::own_line));
        if let Some(i) = own {
            let index = p.from + i;
            self.pending = None;
            G::answered(&mut self.own, &mut self.remote, index);
        }
    }

    /// Says in words why the seat is cut off from its table (`dialled`: a try to rejoin
    /// failed), until the game is revealed.
    fn cut(&mut self, kind: ErrorKind, dialled: bool) {
        if self.remote.revealed.is_none() {
            self.remote.cut_off = Some(cut_off_at(&self.remote.address, kind, dialled));
        }
    }

    /// Refuses the seat's `request` with `why`: kept as the last refusal, and news.
    fn refuse(&mut self, request: G::Request, why: String) {
        self.remote.refused = Some(why.clone());
        G::refuse(&mut self.own, &mut self.remote, request, why);
    }

    fn send(&mut self, line: &str) -> Result<(), LinkError> {
        let Some(connection) = &mut self.connection else {
            return Err(LinkError::NotConnected);
        };
        connection.send(line).map_err(|e| {
            self.connection = None;
            self.cut(e.kind(), false);
            LinkError::Write(e)
        })
    }

    /// Sends `request`, or tells at once (as a refusal) why it was not sent: cut off, the last
    /// request still waiting, or the line not written.
    pub fn ask(&mut self, request: G::Request) {
        if let Some(cut) = &self.remote.cut_off {
            let words = cut.words.clone();
            self.refuse(request, words);
        } else if self.pending.is_some() {
            self.refuse(
                request,
                "the table has not answered the last request".into(),
            );
        } else {
            match G::request_line(&request) {
                Ok((line, answered)) => {
                    self.remote.refused = None;
                    let from = self.remote.seat.have();
                    match self.send(&line) {
                        Ok(()) if answered => {
                            self.pending = Some(Pending {
                                request,
                                from,
                                since: Instant::now(),
                            })
                        }
                        Ok(()) => {}
                        Err(e) => self.refuse(request, e.to_string()),
                    }
                }
                Err(e) => self.refuse(request, e),
            }
        }
        G::refresh(&mut self.own, &mut self.remote);
    }

    /// Offers a draw (`accept`: takes the other side's standing offer); nothing is sent while
    /// cut off, and a line not written is said as trouble.
    pub fn draw(&mut self, accept: bool) {
        if self.remote.cut_off.is_none() {
            let op = if accept {
                "{\"op\":\"accept_draw\"}"
            } else {
                "{\"op\":\"offer_draw\"}"
            };
            if let Err(e) = self.send(op) {
                self.remote.trouble = Some(e.to_string());
            }
        }
        G::refresh(&mut self.own, &mut self.remote);
    }
}

/// The network seat as the screens' table: every answer comes through a later poll, and the
/// truth is known only once revealed.
impl<G: RemoteGame> Table<G> for RemoteTable<G> {
    fn facts(&self) -> &G::Facts {
        &self.remote.facts
    }

    fn view(&mut self, seat: G::Side) -> &G::View {
        G::view(&self.own, &mut self.remote, seat)
    }

    fn submit(&mut self, request: G::Request, _now: Duration) {
        self.ask(request);
    }

    fn offer_draw(&mut self, seat: G::Side, _now: Duration) {
        let other = G::side(!G::slot(seat));
        let accept = G::draw_offer(&self.remote.facts) == Some(other);
        self.draw(accept);
    }

    /// The host keeps an offer until the next move: it lapses then, nothing is sent.
    fn decline_draw(&mut self, _seat: G::Side) {}

    fn poll(&mut self, now: Duration) -> Vec<G::News> {
        self.read_lines(now);
        G::tell(&mut self.own, &mut self.remote, self.pending.is_some());
        std::mem::take(&mut self.remote.news)
    }

    fn waiting(&self) -> bool {
        RemoteTable::waiting(self)
    }

    fn set_waker(&mut self, waker: Waker) {
        RemoteTable::set_waker(self, waker);
    }

    fn needs_polling(&self) -> bool {
        RemoteTable::needs_polling(self)
    }

    fn markers(&self) -> &Markers {
        G::markers(&self.own).unwrap_or(&NO_MARKERS)
    }

    fn set_marker(&mut self, seat: Color, square: Square, piece: Option<Role>) {
        G::set_marker(&mut self.own, &self.remote, seat, square, piece);
    }

    fn truth(&self) -> Option<&G::Whole> {
        self.remote.revealed.as_ref()
    }

    fn saved(&self) -> Option<G::Save> {
        G::saved(&self.own, &self.remote)
    }
}
