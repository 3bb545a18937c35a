//! The seat loop, for every game: a player at a seat reading the table's lines and answering
//! whenever its seat is to act, with the same bounds whatever the game: lines read within
//! [`MAX_TABLE_LINE`], one request waiting for its answer at a time, a resignation after
//! [`MAX_REFUSALS`] refused requests in a row, and `--max-plies`. A game gives its seat's side
//! of the lines ([`SeatSide`], e.g. the chess family's [`super::SeatState`]) and its player
//! ([`SeatBot`]).

use super::client::{Received, SeatError};
use super::{Hello, Line, MAX_TABLE_LINE, read_line};
use std::io::{self, BufRead, Read, Write};

/// After this many refused requests in a row, a bot resigns rather than loop.
pub const MAX_REFUSALS: u32 = 64;

/// How a seat's game ended for the engine loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatEnd {
    /// The game is over and revealed.
    Revealed,
    /// The table closed the connection first.
    Closed,
}

/// A seat's side of the lines in one game: what it was told, without I/O.
pub trait SeatSide: Default {
    /// Reads one line from the table.
    fn receive(&mut self, line: &str) -> Result<Received, SeatError>;
    /// The seat's token, once welcomed.
    fn token(&self) -> Option<&str>;
    /// Whether the game was revealed (it is over).
    fn revealed(&self) -> bool;
    /// How many `heard` lines the seat holds.
    fn have(&self) -> usize;
    /// Whether the table's public state has caught up with every line heard (nothing is
    /// decided during a long catch-up).
    fn caught_up(&self) -> bool;
    /// The plies played before the seat's current turn, from what it was told.
    fn plies(&mut self) -> Option<u32>;
}

/// A player at a seat of one game.
pub trait SeatBot<S: SeatSide> {
    /// The table refused the player's last request.
    fn refused(&mut self, _error: &str) {}
    /// The line to send now, if any (`None`: not the seat's to act, or nothing to say).
    /// `give_up`: the refusal cap or the ply cap is reached: a player on its turn resigns.
    fn turn(&mut self, seat: &mut S, give_up: bool) -> Option<String>;
}

/// The table's next line that is not blank (lines too long or not UTF-8 are skipped), or
/// `None` at the end of the input.
pub fn next_line(input: &mut impl BufRead) -> io::Result<Option<String>> {
    loop {
        match read_line(input, MAX_TABLE_LINE)? {
            Line::Text(line) if line.trim().is_empty() => {}
            Line::Text(line) => return Ok(Some(line)),
            Line::TooLong | Line::NotUtf8 => {}
            Line::End => return Ok(None),
        }
    }
}

/// Sends `hello`, when given, as the seat's first line.
pub fn say_hello(hello: Option<&Hello>, output: &mut impl Write) -> io::Result<()> {
    if let Some(hello) = hello {
        writeln!(output, "{}", hello.line())?;
        output.flush()?;
    }
    Ok(())
}

/// The input of a seat whose game the table's first line (its welcome) decides: that line put
/// back in front of the rest ([`first_line`]).
pub type Replayed<R> = io::Chain<io::Cursor<Vec<u8>>, R>;

/// Sends `hello` (if given) and reads the table's first line, whose welcome tells the game: the
/// line, and the input with it put back in front for the game's seat loop (`None`: the input
/// ended first).
pub fn first_line<R: BufRead>(
    hello: Option<&Hello>,
    mut input: R,
    output: &mut impl Write,
) -> io::Result<Option<(String, Replayed<R>)>> {
    say_hello(hello, output)?;
    let Some(first) = next_line(&mut input)? else {
        return Ok(None);
    };
    let replayed = io::Cursor::new(format!("{first}\n").into_bytes()).chain(input);
    Ok(Some((first, replayed)))
}

/// Plays `bot` at a seat of game `S`: sends `hello` (unless the connection already did), then
/// reads the table's lines from `input` and writes the bot's line to `output` whenever it has
/// one, until the reveal or the end of input; `seated` is called once, as soon as the table has
/// given the seat (its token). With `max_plies`, the bot gives up once that many plies were
/// played ([`SeatSide::plies`]).
pub fn play<S: SeatSide>(
    bot: &mut dyn SeatBot<S>,
    hello: Option<&Hello>,
    max_plies: Option<u32>,
    mut input: impl BufRead,
    mut output: impl Write,
    seated: &mut dyn FnMut(&S),
) -> io::Result<(SeatEnd, S)> {
    say_hello(hello, &mut output)?;
    let mut state = S::default();
    let mut told = false;
    // The seat's record length when the request waiting for its answer was sent.
    let mut waiting: Option<usize> = None;
    let mut refusals = 0;
    loop {
        let Some(line) = next_line(&mut input)? else {
            return Ok((SeatEnd::Closed, state));
        };
        let got = state
            .receive(&line)
            .map_err(|e| io::Error::other(e.to_string()))?;
        if !told && state.token().is_some() {
            told = true;
            seated(&state);
        }
        if state.revealed() {
            return Ok((SeatEnd::Revealed, state));
        }
        // A request is answered by an error, or by its own heard line and then the state (a
        // state line for anything else, e.g. the opponent's connection, is not the answer).
        match (got, waiting) {
            (Received::Refused(e), _) => {
                refusals += 1;
                waiting = None;
                bot.refused(&e);
            }
            (Received::State, Some(have)) if state.have() > have => {
                refusals = 0;
                waiting = None;
            }
            _ => {}
        }
        if waiting.is_some() || !state.caught_up() {
            continue;
        }
        let capped = max_plies
            .zip(state.plies())
            .is_some_and(|(max, played)| played >= max);
        let Some(request) = bot.turn(&mut state, refusals >= MAX_REFUSALS || capped) else {
            continue;
        };
        writeln!(output, "{request}")?;
        output.flush()?;
        waiting = Some(state.have());
    }
}
