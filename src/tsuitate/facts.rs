//! Tsuitate shogi at the screens' one table ([`crate::table::Table`]): its table types
//! ([`TableGame`]: the public facts [`TsuitateFacts`], the news [`TsuitateNews`]), and the
//! local table, the true game ([`TsuitateSession`]: hot seat, against the computer, the club
//! console, study). The network seat's table is the one remote table every game has
//! ([`super::remote::RemoteSeat`]).
//!
//! A seat's news is a line of its record ([`HeardLine`]), built only from its own request and
//! what it heard: the local table builds each seat's from the game's events as the host does
//! ([`perceived`]), the network seat has it from its table. The whole event (what the umpire
//! said, to whom) is news only at the local table, which holds the truth.
//!
//! The network seat answers through a later poll: its news is its record, line by line, as its
//! table sent it (the first poll gives the whole record so far, a rejoined seat's too), and its
//! truth is known only once its table revealed the game ([`super::remote`]).

use super::announce::Over;
use super::game::{Event, Request, SIDES, TsuitateGame};
use super::referee::index;
use super::rules::TsuitateRules;
use super::save::TsuitateSave;
use super::seam::{HeardLine, Tsuitate, TsuitateSession, perceived};
use super::seat::SeatView;
use crate::seat::game::Game;
use crate::table::{CutOff, Table, TableGame};
use shogi_core::{Color, PartialPosition};
use std::path::{Path, PathBuf};
use std::time::Duration;

impl TableGame for Tsuitate {
    type Side = Color;
    type Request = Request;
    type View = SeatView;
    type Save = TsuitateSave;
    type Facts = TsuitateFacts;
    type News = TsuitateNews;
    type Whole = TsuitateGame;
}

/// The public facts of a tsuitate game, as the caller may know them: a local table and a
/// network seat fill in the same, so a screen draws both alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TsuitateFacts {
    /// The rule choices.
    pub rules: TsuitateRules,
    /// The names: sente's, then gote's.
    pub names: [String; 2],
    /// The agreed start (public): the position the game began from.
    pub start: PartialPosition,
    /// The side to move.
    pub to_move: Color,
    /// The end, once announced.
    pub over: Option<Over>,
    /// Each side's fouls (sente's first): the umpire announces every foul to both.
    pub fouls: [u8; 2],
    /// A standing draw offer, by whom.
    pub draw_offer: Option<Color>,
    /// Whether the other seat is taken (always, at a local table).
    pub opponent_present: bool,
    /// A network seat cut off from its table, in words.
    pub cut_off: Option<CutOff>,
    /// A network seat's trouble (a line that did not read, a refused reconnection).
    pub trouble: Option<String>,
    /// Where a local table autosaves the game.
    pub autosave_path: Option<PathBuf>,
    /// The last autosave failure, until a save succeeds (a local table's).
    pub autosave_error: Option<String>,
}

impl TsuitateFacts {
    /// The facts at the start of a game under `rules` between `names`: sente to move.
    pub fn new(rules: TsuitateRules, names: [String; 2]) -> TsuitateFacts {
        TsuitateFacts {
            rules,
            names,
            start: PartialPosition::startpos(),
            to_move: Color::Black,
            over: None,
            fouls: [0; 2],
            draw_offer: None,
            opponent_present: true,
            cut_off: None,
            trouble: None,
            autosave_path: None,
            autosave_error: None,
        }
    }

    /// `color`'s fouls so far.
    pub fn fouls_of(&self, color: Color) -> u8 {
        self.fouls[index(color)]
    }
}

/// Something that happened at a tsuitate table, as the caller may know it.
#[derive(Clone, Debug, PartialEq)]
pub enum TsuitateNews {
    /// A line of `seat`'s record: its own request (then the answer to it) with what it heard,
    /// or what it heard of the other side's turn.
    Heard {
        /// Whose record.
        seat: Color,
        /// The line.
        line: HeardLine,
    },
    /// The whole event, where the caller may see the truth (a local table): who asked what,
    /// and what the umpire said to whom.
    Event(Event),
    /// A request of the caller's was refused (the game unchanged), in words.
    Refused(String),
    /// A network seat's record was sent afresh: what it heard is told again from the start.
    Restarted,
}

/// The local table's own state: the news not yet polled and the standing draw offer.
#[derive(Clone, Debug, Default)]
pub struct Sitting {
    /// The game's events already given out as news.
    delivered: usize,
    /// Refusals not yet polled.
    refused: Vec<String>,
    /// A standing draw offer, by whom.
    draw_offer: Option<Color>,
}

impl TsuitateSession {
    /// The facts as the game now stands.
    pub(super) fn refresh(&mut self) {
        let referee = self.game.referee();
        let facts = TsuitateFacts {
            rules: referee.rules(),
            names: [self.meta.black.clone(), self.meta.white.clone()],
            start: referee.start().clone(),
            to_move: referee.to_move(),
            over: referee.over(),
            fouls: SIDES.map(|c| referee.fouls(c)),
            draw_offer: self.sitting.draw_offer,
            opponent_present: true,
            cut_off: None,
            trouble: None,
            autosave_path: self.autosave_path().map(Path::to_path_buf),
            autosave_error: Tsuitate::autosave_error(self),
        };
        self.facts = facts;
    }

    /// Makes `request` at the umpire (autosaved): a refusal is news.
    fn ask(&mut self, request: Request, now: Duration) {
        let mover = self.game.referee().to_move();
        match Tsuitate::apply(self, request, now) {
            Ok(applied) => {
                if applied.turn_ends && self.sitting.draw_offer == Some(mover.flip()) {
                    // Playing on lapses the other side's offer.
                    self.sitting.draw_offer = None;
                }
            }
            Err(error) => self.sitting.refused.push(error),
        }
        self.refresh();
    }
}

impl Table<Tsuitate> for TsuitateSession {
    fn facts(&self) -> &TsuitateFacts {
        &self.facts
    }

    fn view(&mut self, seat: Color) -> &SeatView {
        self.game.seat(seat)
    }

    fn submit(&mut self, request: Request, now: Duration) {
        self.ask(request, now);
    }

    fn offer_draw(&mut self, seat: Color, now: Duration) {
        if self.sitting.draw_offer == Some(seat.flip()) {
            self.sitting.draw_offer = None;
            self.ask(Request::Draw, now);
        } else if self.game.referee().over().is_none() {
            self.sitting.draw_offer = Some(seat);
            self.refresh();
        }
    }

    fn decline_draw(&mut self, seat: Color) {
        if self.sitting.draw_offer == Some(seat.flip()) {
            self.sitting.draw_offer = None;
            self.refresh();
        }
    }

    /// The events since the last poll: each whole, then as each seat perceived it; then the
    /// refusals. The first poll gives the whole game so far (a resumed game's history).
    fn poll(&mut self, _now: Duration) -> Vec<TsuitateNews> {
        let events = self.game.events();
        let mut news = Vec::new();
        for (i, event) in events.iter().enumerate().skip(self.sitting.delivered) {
            news.push(TsuitateNews::Event(event.clone()));
            for seat in SIDES {
                if let Some(line) = perceived(&self.game, i, seat) {
                    news.push(TsuitateNews::Heard { seat, line });
                }
            }
        }
        self.sitting.delivered = events.len();
        news.extend(self.sitting.refused.drain(..).map(TsuitateNews::Refused));
        news
    }

    fn truth(&self) -> Option<&TsuitateGame> {
        Some(&self.game)
    }

    fn saved(&self) -> Option<TsuitateSave> {
        Some(Tsuitate::save(self))
    }
}
