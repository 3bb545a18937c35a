//! What the table said, taken in: each frame the screen polls its table
//! ([`crate::table::Table::poll`]) and takes every [`TsuitateNews`] into what each seat was
//! told ([`SeatNews`]: what it heard of the other side since its own last move, its history turn
//! by turn), the answer to a refused attempt, and the words the console announces. A seat's
//! screen ([`Shown`]) is drawn from its own view and these alone, whether the table is the local
//! game or a network seat; then the stage follows the table (the curtain after a move, every
//! board at the end, a network seat's reveal).

use super::pieces::side_name;
use super::seat::Shown;
use super::{Stage, TsuitateMode, TsuitateScreen, words};
use crate::tsuitate::history::{Heard, History, request_words};
use crate::tsuitate::notation::why_impossible;
use crate::tsuitate::referee::index;
use crate::tsuitate::save::SavedRequest;
use crate::tsuitate::seam::HeardLine;
use crate::tsuitate::{Item, Request, TsuitateGame, TsuitateNews};
use shogi_core::{Color, PieceKind};
use std::borrow::Cow;

/// What one seat was told, as the table's news gave it.
pub(super) struct SeatNews {
    /// What it heard of the other side since its own last legal move.
    pub news: Vec<Item>,
    /// Its own piece the other side's capture among `news` took, as it stood (a horse, not
    /// the bishop the umpire names).
    pub lost: Option<PieceKind>,
    /// Whether it has made a legal move yet.
    pub moved: bool,
    /// The other side's units it took, as they went into its hand (unpromoted).
    pub won: Vec<PieceKind>,
    /// Its own units the other side took, as the umpire named them (unpromoted).
    pub lost_units: Vec<PieceKind>,
    /// Whether it heard of a turn of the other side's (so that side sat at the table).
    pub other_played: bool,
    /// Its history in words, turn by turn, from its record alone.
    pub history: History,
}

impl SeatNews {
    /// `color`'s at the start of `start` (the game's public start): its history begins with
    /// what it heard then, as a chess seat's does.
    pub fn at_start(start: &TsuitateGame, color: Color) -> SeatNews {
        SeatNews {
            news: Vec::new(),
            lost: None,
            moved: false,
            won: Vec::new(),
            lost_units: Vec::new(),
            other_played: false,
            history: History::of_start(start, color),
        }
    }

    /// Both seats' at the start of `start`.
    pub fn both(start: &TsuitateGame) -> [SeatNews; 2] {
        super::SIDES.map(|color| SeatNews::at_start(start, color))
    }
}

impl TsuitateScreen {
    /// Polls the table and takes in what it said; then the stage follows it.
    pub(super) fn pump(&mut self) {
        let now = self.now();
        for news in self.table.poll(now) {
            match news {
                TsuitateNews::Event(event) => {
                    self.last_said = event.said.clone();
                    self.last_request = Some((event.by, event.request));
                }
                TsuitateNews::Heard { seat, line } => self.hear(seat, &line),
                TsuitateNews::Refused(why) => self.refused = Some(why),
                TsuitateNews::Restarted => self.seats = SeatNews::both(&self.start),
            }
        }
        if self.facts().opponent_present
            && let Some(net) = self.net.as_mut()
        {
            net.opponent_came = true;
        }
        self.follow_table();
    }

    /// One line of `seat`'s record: its history, what it heard of the other side, and the
    /// answer to its attempt when it did not end the turn.
    fn hear(&mut self, seat: Color, line: &HeardLine) {
        let told = &mut self.seats[index(seat)];
        told.history.push(&Heard::of_line(seat, line));
        let captured = line.items.iter().filter_map(|item| match item {
            Item::Capture { piece, .. } => Some(*piece),
            _ => None,
        });
        told.other_played |= line.request.is_none();
        match &line.request {
            None => told.lost_units.extend(captured),
            Some(_) if line.turn_ends => told.won.extend(captured),
            Some(_) => {}
        }
        match &line.request {
            None => {
                told.news.extend_from_slice(&line.items);
                told.lost = told.history.lost().or(told.lost);
            }
            Some(_) if line.turn_ends => {
                told.news.clear();
                told.lost = None;
                told.moved = true;
                self.refused = None;
            }
            Some(SavedRequest::Try { usi }) => {
                let tried = request_words(&Request::Try(usi.clone()));
                let heard = words::heard_line(&line.items, seat, seat);
                // An impossible attempt: why, from the seat's own board (nothing it could not
                // see itself).
                let why = if line.items.contains(&Item::Impossible) {
                    let board = &self.table.view(seat).board;
                    format!(" {}", why_impossible(board, usi, seat))
                } else {
                    String::new()
                };
                self.refused = Some(format!("{tried}: {heard}{why}"));
            }
            Some(_) => {}
        }
    }

    /// The stage after the table's news: every board once the game is over (a network seat:
    /// once its table revealed the game), the curtain once the open seat's turn has ended.
    fn follow_table(&mut self) {
        match self.mode {
            TsuitateMode::Study => {}
            TsuitateMode::Network(_) => self.follow_reveal(),
            _ if self.over().is_some() => {
                self.stage = Stage::Over;
                self.refused = None;
            }
            TsuitateMode::HotSeat => {
                if let Stage::Open(open) = self.stage
                    && self.to_move() != open
                {
                    self.stage = Stage::Curtain(self.to_move());
                    self.curtain_since = None;
                }
            }
            _ => {}
        }
    }

    /// Whether the open seat may act now: its turn, no request waiting for its answer, its
    /// table in reach.
    pub fn may_act(&self) -> bool {
        let facts = self.facts();
        let open = match self.stage {
            Stage::Open(color) => color,
            _ => return false,
        };
        facts.over.is_none()
            && facts.to_move == open
            && facts.cut_off.is_none()
            && !self.table.waiting()
            && !self.alone()
    }

    /// Whether a network seat waits for the other seat to be taken (or taken again): its board
    /// takes no move until then, as a chess host's does not.
    pub(super) fn alone(&self) -> bool {
        self.net.is_some() && !self.facts().opponent_present && self.facts().over.is_none()
    }

    /// What a network seat waiting for the other seat says: it waits for it to join, or, once
    /// it had sat there (this screen saw it connected, or the seat heard it play), to come back.
    pub(super) fn waiting_words(&self) -> String {
        let Some(net) = &self.net else {
            return super::seat::WAITING.to_owned();
        };
        let came = net.opponent_came || self.seats[index(net.color)].other_played;
        super::seat::waiting_for(net.color.flip(), came)
    }

    /// What `color`'s screen shows, from its own view and what it was told alone.
    pub(super) fn shown(&mut self, color: Color) -> Shown {
        let to_move = self.to_move();
        let waiting = self.table.waiting() || self.facts().cut_off.is_some();
        let limit = self.facts().rules.fouls;
        let fouls = self.facts().fouls_of(color);
        let view = self.table.view(color);
        let (board, lost_on, turn) = (view.board.clone(), view.lost_on, view.to_move());
        let told = &self.seats[index(color)];
        Shown {
            board,
            lost_on,
            to_move,
            may_act: turn && to_move == color && !waiting && !self.alone(),
            alone: self.alone().then(|| self.waiting_words()),
            fouls: (fouls, limit),
            news: (told.news.clone(), told.moved),
            lost: told.lost,
            refused: self.refused.clone(),
        }
    }

    /// `color`'s history, turn by turn, as kept from its record.
    pub(super) fn history_of(&self, color: Color) -> Cow<'_, [String]> {
        match self.seats[index(color)].history.lines() {
            [] => Cow::Owned(vec![format!(
                "Nothing yet: {} moves first.",
                side_name(self.start.referee().to_move())
            )]),
            lines => Cow::Borrowed(lines),
        }
    }

    /// `color`'s history, turn by turn (what it tried and heard), as kept from its record.
    pub fn history(&self, color: Color) -> &[String] {
        self.seats[index(color)].history.lines()
    }
}
