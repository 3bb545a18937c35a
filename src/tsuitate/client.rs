//! A seat at a tsuitate shogi table (PROTOCOL-SEAT.md section 11), without the network: the
//! seat's side of the lines ([`TsuitateSeatState`], which keeps the seat's
//! [`crate::tsuitate::SeatView`] from what it was told and did, and nothing else), a tsuitate bot
//! playing a seat over a line channel ([`play_tsuitate_seat`]), and [`play_any_seat`], which
//! plays chess or shogi as the table's welcome says (`kriegspiel engine`, `join --bot`).

use crate::bots::driver::Driver;
use crate::seat::Hello;
use crate::seat::client::{
    Received, SeatError, SeatState, malformed, next_heard, opponent_named, refused,
};
use crate::seat::engine::{SeatEnd, play_seat};
use crate::seat::link::Connection;
use crate::seat::play::{SeatBot, SeatSide, next_line, play, say_hello};
use crate::seat::serve::ServeError;
use crate::tsuitate::announce::{Item, color_from_name};
use crate::tsuitate::bots::TsuitateBot;
use crate::tsuitate::save::{SavedRequest, TsuitateSave};
use crate::tsuitate::wire::{FromSeat, ToSeat, WireRules, WireState, is_tsuitate_welcome};
use crate::tsuitate::{Over, SeatView};
use shogi_core::{Color, PartialPosition};
use shogi_usi_parser::FromUsi;
use std::io::{self, BufRead, Read, Write};

/// One `heard` line as the seat holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct HeardLine {
    /// Its own request, when it made it.
    pub request: Option<SavedRequest>,
    /// What it heard.
    pub items: Vec<Item>,
    /// Whether the turn ended.
    pub turn_ends: bool,
}

/// What a tsuitate seat knows: its colour and token, the public start and rules, its record,
/// the public state, and the reveal once the game is over.
#[derive(Clone, Debug, Default)]
pub struct TsuitateSeatState {
    seat: Option<(Color, String)>,
    /// The rules (public).
    pub rules: Option<WireRules>,
    start: Option<PartialPosition>,
    opening: Vec<Item>,
    /// The seat's record.
    pub record: Vec<HeardLine>,
    /// Sente's and gote's names.
    pub names: [String; 2],
    /// The latest public state.
    pub state: Option<WireState>,
    /// The whole game, once revealed.
    pub reveal: Option<TsuitateSave>,
    /// Refusals not yet read (the last [`crate::seat::client::KEPT_ERRORS`]).
    pub errors: Vec<String>,
}

fn items_of(values: &[serde_json::Value], line: &str) -> Result<Vec<Item>, SeatError> {
    values
        .iter()
        .map(|v| Item::from_json(v).ok_or_else(|| malformed("not a tsuitate item", line)))
        .collect()
}

impl TsuitateSeatState {
    /// Nothing heard yet.
    pub fn new() -> TsuitateSeatState {
        TsuitateSeatState::default()
    }

    /// Reads one line from the table.
    pub fn receive(&mut self, line: &str) -> Result<Received, SeatError> {
        let message: ToSeat =
            serde_json::from_str(line).map_err(|e| malformed(&e.to_string(), line))?;
        match message {
            ToSeat::Welcome {
                seat,
                token,
                rules,
                start,
                white,
                black,
                opening,
                ..
            } => {
                let color = color_from_name(&seat).ok_or_else(|| malformed("no seat", line))?;
                let position = PartialPosition::from_usi(&format!("sfen {start}"))
                    .map_err(|_| malformed("the start is not a SFEN", line))?;
                let opening = items_of(&opening, line)?;
                let same = self.seat.as_ref() == Some(&(color, token.clone()));
                if !same {
                    self.record.clear();
                }
                self.seat = Some((color, token));
                self.rules = Some(rules);
                self.start = Some(position);
                self.opening = opening;
                self.names = [black, white].map(|n| crate::untrusted::clean_name(&n));
                Ok(Received::Welcome)
            }
            ToSeat::Heard {
                n,
                request,
                items,
                turn_ends,
            } => {
                next_heard(n, self.seat.is_some().then_some(self.record.len()))?;
                let items = items_of(&items, line)?;
                self.record.push(HeardLine {
                    request,
                    items,
                    turn_ends,
                });
                Ok(Received::News)
            }
            ToSeat::State(mut state) => {
                let opponent = self.seat().map(|seat| usize::from(seat == Color::Black));
                opponent_named(&mut self.names, opponent, &mut state.opponent_name);
                self.state = Some(state);
                Ok(Received::State)
            }
            ToSeat::Error { error } => Ok(refused(&mut self.errors, &error)),
            ToSeat::Reveal { log } => {
                self.reveal = Some(*log);
                Ok(Received::News)
            }
        }
    }

    /// The seat, once welcomed.
    pub fn seat(&self) -> Option<Color> {
        self.seat.as_ref().map(|(c, _)| *c)
    }

    /// The seat's token, once welcomed.
    pub fn token(&self) -> Option<&str> {
        self.seat.as_ref().map(|(_, t)| t.as_str())
    }

    /// The end, once the table said it.
    pub fn over(&self) -> Option<Over> {
        self.state.as_ref().and_then(WireState::over)
    }

    /// The seat's side of the screen, rebuilt from its start and record alone.
    pub fn view(&self) -> Option<SeatView> {
        let (color, start) = (self.seat()?, self.start.as_ref()?);
        let mut view = SeatView::new(color, start, &self.opening);
        for line in &self.record {
            match &line.request {
                Some(SavedRequest::Try { usi }) => view.update(color, usi, &line.items, None),
                Some(_) => view.heard.extend_from_slice(&line.items),
                None => view.update(color.flip(), "", &line.items, None),
            }
        }
        view.over = self.over();
        Some(view)
    }

    /// Whether the seat is to act: its turn, the game not over, the state caught up.
    pub fn to_act(&self) -> bool {
        let (Some(seat), Some(state)) = (self.seat(), &self.state) else {
            return false;
        };
        state.over.is_none()
            && state.n == self.record.len()
            && color_from_name(&state.to_move) == Some(seat)
    }
}

/// Plays `bot` at a tsuitate seat: the one seat loop ([`crate::seat::play::play`]) with
/// tsuitate's lines: an attempt (or, with no possible move left, after
/// [`crate::seat::play::MAX_REFUSALS`] refusals in a row or once `max_plies` plies were played,
/// a resignation) whenever the seat is to act, until the reveal or the end of input; `seated` is
/// told the seat and its token as soon as the welcome comes.
pub fn play_tsuitate_seat(
    bot: &mut dyn TsuitateBot,
    hello: Option<&Hello>,
    max_plies: Option<u32>,
    input: impl BufRead,
    output: impl Write,
    seated: &mut dyn FnMut(&str, &str),
) -> io::Result<(SeatEnd, TsuitateSeatState)> {
    let mut told = |state: &TsuitateSeatState| {
        if let (Some(seat), Some(token)) = (state.seat(), state.token()) {
            seated(crate::tsuitate::announce::color_name(seat), token);
        }
    };
    play(
        &mut ShogiSeat(bot),
        hello,
        max_plies,
        input,
        output,
        &mut told,
    )
}

/// A tsuitate bot at a seat.
struct ShogiSeat<'a>(&'a mut dyn TsuitateBot);

impl SeatBot<TsuitateSeatState> for ShogiSeat<'_> {
    fn turn(&mut self, state: &mut TsuitateSeatState, give_up: bool) -> Option<String> {
        if !state.to_act() {
            return None;
        }
        let attempt = match state.view() {
            Some(view) if !give_up => self.0.next(&view),
            _ => None,
        };
        Some(attempt.map_or(FromSeat::Resign, FromSeat::Try).line())
    }
}

impl SeatSide for TsuitateSeatState {
    fn receive(&mut self, line: &str) -> Result<Received, SeatError> {
        TsuitateSeatState::receive(self, line)
    }

    fn token(&self) -> Option<&str> {
        TsuitateSeatState::token(self)
    }

    fn revealed(&self) -> bool {
        self.reveal.is_some()
    }

    fn have(&self) -> usize {
        self.record.len()
    }

    fn caught_up(&self) -> bool {
        self.state
            .as_ref()
            .is_some_and(|s| s.n == self.record.len())
    }

    /// The legal moves the seat heard (its own and the opponent's).
    fn plies(&mut self) -> Option<u32> {
        self.seat()?;
        let legal = self.record.iter().filter(|line| line.turn_ends).count();
        Some(u32::try_from(legal).unwrap_or(u32::MAX))
    }
}

/// How a seat of either family ended.
pub enum AnySeat {
    /// A chess seat.
    Chess(SeatEnd, Box<SeatState>),
    /// A tsuitate seat.
    Tsuitate(SeatEnd, Box<TsuitateSeatState>),
}

/// A seat whose family the table's welcome decides: sends `hello` (if given), reads the first
/// line, and plays chess with `chess` ([`play_seat`]) or tsuitate shogi with `shogi`.
/// `seated` is told the seat's name and token.
pub fn play_any_seat(
    chess: &mut Driver,
    shogi: &mut dyn TsuitateBot,
    hello: Option<&Hello>,
    max_plies: Option<u32>,
    mut input: impl BufRead,
    mut output: impl Write,
    seated: &mut dyn FnMut(&str, &str),
) -> io::Result<AnySeat> {
    say_hello(hello, &mut output)?;
    let Some(first) = next_line(&mut input)? else {
        return Ok(AnySeat::Chess(SeatEnd::Closed, Box::default()));
    };
    let replayed = io::Cursor::new(format!("{first}\n").into_bytes()).chain(input);
    if is_tsuitate_welcome(&first) {
        let (end, state) = play_tsuitate_seat(shogi, None, max_plies, replayed, output, seated)?;
        return Ok(AnySeat::Tsuitate(end, Box::new(state)));
    }
    let mut told = |state: &SeatState| {
        if let (Some(seat), Some(token)) = (state.seat(), state.token()) {
            seated(seat.fold_wb("white", "black"), token);
        }
    };
    let (end, state) = play_seat(chess, None, max_plies, replayed, output, &mut told)?;
    Ok(AnySeat::Chess(end, Box::new(state)))
}

/// Plays `bot` at a table over TCP: the exchange and `hello` (with the code or a token), then
/// the game (the bot resigns once `max_plies` plies were played, see [`crate::seat::engine::play_seat`]); at a
/// tsuitate table `shogi` plays instead ([`play_any_seat`]). `seated` is told the seat and its
/// token as soon as the table gives them.
pub fn join_with_bot(
    address: &str,
    hello: &Hello,
    bot: &mut crate::bots::driver::Driver,
    shogi: &mut dyn TsuitateBot,
    max_plies: Option<u32>,
    seated: &mut dyn FnMut(&str, &str),
) -> Result<AnySeat, ServeError> {
    let connection = Connection::open(address, hello).map_err(|source| ServeError::Connect {
        address: address.to_owned(),
        source,
    })?;
    let (reader, writer) = connection.into_io();
    play_any_seat(bot, shogi, None, max_plies, reader, writer, seated).map_err(ServeError::Stopped)
}

/// `kriegspiel engine`: `bot` (or at a tsuitate table `shogi`) as a seat on standard input and
/// output.
pub fn engine(
    bot: &mut crate::bots::driver::Driver,
    shogi: &mut dyn TsuitateBot,
) -> Result<(), ServeError> {
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    play_any_seat(
        bot,
        shogi,
        Some(&Hello::new()),
        None,
        stdin,
        stdout,
        &mut |_, _| {},
    )
    .map(|_| ())
    .map_err(ServeError::Engine)
}
