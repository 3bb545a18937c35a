//! A seat's side of the seat protocol, without any I/O, for every game: [`GameSeat`] reads the
//! table's lines into what the seat was told (for the chess family its [`Perception`]: exactly
//! what it was told and did) and the public state, within bounds (the longest line the game so
//! far allows, the refusals kept), and builds the seat's view from them, as a local table would.

use super::play::SeatSide;
use crate::log::Perception;
use crate::seat::game::{Chess, Game, TableLine};
use crate::view::PlayerView;
use shakmaty::Color;
use thiserror::Error;

/// Refusals a seat keeps.
pub const KEPT_ERRORS: usize = 100;

/// A table's line the seat cannot use.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SeatError {
    /// Not a line of the seat protocol.
    #[error("the table sent a line that is not a seat-protocol line: {0}")]
    Malformed(String),
    /// A line out of order (a `heard` before the welcome, or with the wrong number).
    #[error("the table's lines are out of order: {0}")]
    OutOfOrder(String),
    /// A line longer than the game so far allows (only the reveal may be long, and it holds at
    /// most [`crate::log::MAX_REQUESTS_PER_TURN`] requests a turn): refused before it is read.
    #[error("the table sent a line of {len} bytes, more than this game allows ({limit})")]
    TooLong {
        /// The line's length.
        len: usize,
        /// The most this seat's game allows now.
        limit: usize,
    },
}

/// The longest line other than the reveal (a welcome, a `heard` line, a state).
const MAX_PLAIN_LINE: usize = 1024 * 1024;

/// A table's line the seat cannot read, in words: why, and the line quoted short.
pub fn malformed(why: &str, line: &str) -> SeatError {
    SeatError::Malformed(format!(
        "{}: {}",
        crate::untrusted::shortened_to(why, 80),
        crate::untrusted::quoted_to(line, 80)
    ))
}

/// A refusal from the table, kept among the last [`KEPT_ERRORS`] (a table can send any number);
/// the table's words are shown, so they are bounded and control characters escaped.
fn refused(errors: &mut Vec<String>, error: &str) -> Received {
    if errors.len() >= KEPT_ERRORS {
        errors.remove(0);
    }
    let error = crate::untrusted::shortened(error);
    errors.push(error.clone());
    Received::Refused(error)
}

/// Checks that heard line `n` follows the `held` ones (`None`: no welcome yet).
fn next_heard(n: usize, held: Option<usize>) -> Result<(), SeatError> {
    let Some(held) = held else {
        return Err(SeatError::OutOfOrder(
            "a heard line before the welcome".into(),
        ));
    };
    if n != held + 1 {
        return Err(SeatError::OutOfOrder(format!(
            "heard line {n} after {held}"
        )));
    }
    Ok(())
}

/// The opponent's name from a state line, cleaned as every name that enters, and kept in
/// `names` at `opponent` (its index there, once the seat is known) once it has sat down.
fn opponent_named(names: &mut [String; 2], opponent: Option<usize>, name: &mut String) {
    *name = crate::untrusted::clean_name(name);
    if let Some(i) = opponent
        && !name.is_empty()
    {
        names[i] = name.clone();
    }
}

/// What a seat of game `G` knows: what it was told (the welcome's public facts and its record),
/// the public state, and what the table said last. The chess family's is [`SeatState`];
/// every other game's is in its own module.
pub struct GameSeat<G: Game> {
    /// The seat, its token and everything it was told (after the welcome).
    seat: Option<(G::Side, String, G::Told)>,
    /// The names (public): Black's (sente's), then White's (gote's).
    pub names: [String; 2],
    /// The latest public state.
    pub state: Option<G::State>,
    /// The true board, for a handicap game's sighted seat.
    pub board: Option<G::Board>,
    /// The whole game, once revealed at the end.
    pub reveal: Option<G::Reveal>,
    /// Refusals not yet read by the caller (the last [`KEPT_ERRORS`]: a table can send any
    /// number).
    pub errors: Vec<String>,
    /// The view, kept up to date when it is asked for: extended with the record's new lines
    /// where the game can ([`Game::extend_view`]), else rebuilt.
    view: Option<G::View>,
    /// The record lines the kept view holds.
    viewed: usize,
    /// Record lines taken into views so far (a measure of the work: each line once when the
    /// view is extended, the whole record on each rebuild).
    view_work: usize,
}

impl<G: Game> Default for GameSeat<G> {
    fn default() -> GameSeat<G> {
        GameSeat {
            seat: None,
            names: Default::default(),
            state: None,
            board: None,
            reveal: None,
            errors: Vec::new(),
            view: None,
            viewed: 0,
            view_work: 0,
        }
    }
}

impl<G: Game> Clone for GameSeat<G> {
    fn clone(&self) -> GameSeat<G> {
        GameSeat {
            seat: self.seat.clone(),
            names: self.names.clone(),
            state: self.state.clone(),
            board: self.board.clone(),
            reveal: self.reveal.clone(),
            errors: self.errors.clone(),
            view: self.view.clone(),
            viewed: self.viewed,
            view_work: self.view_work,
        }
    }
}

impl<G: Game> std::fmt::Debug for GameSeat<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameSeat")
            .field("seat", &self.seat)
            .field("names", &self.names)
            .field("state", &self.state)
            .field("reveal", &self.reveal.is_some())
            .field("errors", &self.errors)
            .finish_non_exhaustive()
    }
}

/// What a chess-family seat knows: its [`Perception`], the public state, the table's last words.
pub type SeatState = GameSeat<Chess>;

/// What a line changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// The seat is (re)seated.
    Welcome,
    /// The seat heard something (or saw the board, or the reveal).
    News,
    /// The public state: the answer to a request is complete once it comes.
    State,
    /// The table refused a request (the text is also kept in `errors`).
    Refused(String),
}

impl<G: Game> GameSeat<G> {
    /// Nothing heard yet.
    pub fn new() -> GameSeat<G> {
        GameSeat::default()
    }

    /// Reads one line from the table.
    pub fn receive(&mut self, line: &str) -> Result<Received, SeatError> {
        let limit = self.longest_line();
        if line.len() > limit {
            return Err(SeatError::TooLong {
                len: line.len(),
                limit,
            });
        }
        let message: G::ToSeat =
            serde_json::from_str(line).map_err(|e| malformed(&e.to_string(), line))?;
        match G::table_line(message, line)? {
            TableLine::Welcome {
                seat,
                token,
                told,
                names,
            } => {
                self.welcome(seat, token, told);
                self.names = names.map(|n| crate::untrusted::clean_name(&n));
                Ok(Received::Welcome)
            }
            TableLine::Heard { n, heard } => self.heard(n, heard),
            TableLine::State(mut state) => {
                let opponent = self
                    .seat()
                    .map(|seat| usize::from(!G::slot(seat) == Color::White));
                opponent_named(&mut self.names, opponent, G::opponent_name(&mut state));
                self.state = Some(state);
                Ok(Received::State)
            }
            TableLine::Board(board) => {
                self.board = Some(board);
                Ok(Received::News)
            }
            TableLine::Error(error) => Ok(refused(&mut self.errors, &error)),
            TableLine::Reveal(log) => {
                self.reveal = Some(*log);
                Ok(Received::News)
            }
        }
    }

    /// A welcome: a new seat, or after a reconnection the record so far kept when it is the
    /// same seat of the same game (the table then sends only the later lines).
    fn welcome(&mut self, seat: G::Side, token: String, told: G::Told) {
        let keep = matches!(&self.seat, Some((c, t, _)) if *c == seat && *t == token);
        if !keep {
            self.seat = Some((seat, token, told));
            self.view = None;
        }
    }

    /// The `n`th thing the seat heard, which must follow the ones it holds.
    fn heard(&mut self, n: usize, heard: G::Heard) -> Result<Received, SeatError> {
        let held = self.seat.as_ref().map(|(_, _, told)| G::record_len(told));
        next_heard(n, held)?;
        if let Some((_, _, told)) = &mut self.seat {
            G::hear(told, heard);
        }
        Ok(Received::News)
    }

    /// The longest line the game allows now: the reveal holds every request of the game, at
    /// most [`crate::log::MAX_REQUESTS_PER_TURN`] (and a few more) for each turn, and every turn
    /// ends with a line this seat heard.
    fn longest_line(&self) -> usize {
        let turns = self.have().saturating_add(1);
        let per_turn = (crate::log::MAX_REQUESTS_PER_TURN + 8) * G::REVEAL_PER_REQUEST;
        turns
            .saturating_mul(per_turn)
            .saturating_add(MAX_PLAIN_LINE)
            .min(super::MAX_TABLE_LINE)
    }

    /// The seat, once welcomed.
    pub fn seat(&self) -> Option<G::Side> {
        self.seat.as_ref().map(|(c, _, _)| *c)
    }

    /// The seat's token, once welcomed.
    pub fn token(&self) -> Option<&str> {
        self.seat.as_ref().map(|(_, t, _)| t.as_str())
    }

    /// How many `heard` lines the seat holds (sent back in a reconnecting `hello`).
    pub fn have(&self) -> usize {
        self.seat
            .as_ref()
            .map_or(0, |(_, _, told)| G::record_len(told))
    }

    /// What the seat was told (the welcome's facts and its record), once welcomed.
    pub fn told(&self) -> Option<&G::Told> {
        self.seat.as_ref().map(|(_, _, told)| told)
    }

    /// The view, brought up to date with the record: the kept one extended with the lines
    /// heard since ([`Game::extend_view`]), or else made by `build` from the whole record.
    pub(crate) fn cached_view(
        &mut self,
        build: impl FnOnce(&G::Told) -> G::View,
    ) -> Option<&mut G::View> {
        let told = self.seat.as_ref().map(|(_, _, told)| told)?;
        let len = G::record_len(told);
        let kept = match &mut self.view {
            Some(_) if self.viewed == len => true,
            Some(view) if self.viewed < len => {
                let extended = G::extend_view(view, told, self.viewed);
                if extended {
                    self.view_work += len - self.viewed;
                }
                extended
            }
            _ => false,
        };
        if !kept {
            self.view = Some(build(told));
            self.view_work += len;
        }
        self.viewed = len;
        self.view.as_mut()
    }

    /// The view as last brought up to date (`None` before the first).
    pub fn kept_view(&self) -> Option<&G::View> {
        self.view.as_ref()
    }

    /// Record lines taken into views so far: with a game that extends its view, each line
    /// once however often the view is asked for.
    pub fn view_work(&self) -> usize {
        self.view_work
    }

    /// Whether the table's public state has caught up with every line heard.
    pub fn caught_up(&self) -> bool {
        self.state
            .as_ref()
            .is_some_and(|s| G::state_n(s) == self.have())
    }

    /// Whether the seat is to act: its turn (or its placement), the game not over, and the
    /// table's state caught up with every line heard.
    pub fn to_act(&self) -> bool {
        let (Some(seat), Some(state)) = (self.seat(), &self.state) else {
            return false;
        };
        self.caught_up() && G::acting(state) == Some(seat)
    }
}

impl<G: Game> SeatSide for GameSeat<G> {
    fn receive(&mut self, line: &str) -> Result<Received, SeatError> {
        GameSeat::receive(self, line)
    }

    fn token(&self) -> Option<&str> {
        GameSeat::token(self)
    }

    fn revealed(&self) -> bool {
        self.reveal.is_some()
    }

    fn have(&self) -> usize {
        GameSeat::have(self)
    }

    fn caught_up(&self) -> bool {
        GameSeat::caught_up(self)
    }

    fn plies(&mut self) -> Option<u32> {
        G::plies(self)
    }
}

impl GameSeat<Chess> {
    /// What the seat was told and did.
    pub fn perception(&self) -> Option<&Perception> {
        self.told()
    }

    /// The seat's view (rebuilt only after something new was heard).
    pub fn view(&mut self) -> Option<&PlayerView> {
        self.cached_view(PlayerView::from_perception)
            .map(|view| &*view)
    }
}
