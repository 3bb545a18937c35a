//! A seat's side of the seat protocol, without any I/O: [`SeatState`] reads the table's lines
//! into the seat's [`Perception`] (exactly what it was told and did) and the public state, and
//! builds the seat's [`PlayerView`] from them, as a local table would.

use super::wire::{State, ToSeat};
use crate::log::{GameLog, Perceived, Perception};
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

/// Bytes of the reveal a request may take, at most (an event in JSON is a few hundred bytes).
const REVEAL_PER_REQUEST: usize = 256;

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
pub fn refused(errors: &mut Vec<String>, error: &str) -> Received {
    if errors.len() >= KEPT_ERRORS {
        errors.remove(0);
    }
    let error = crate::untrusted::shortened(error);
    errors.push(error.clone());
    Received::Refused(error)
}

/// Checks that heard line `n` follows the `held` ones (`None`: no welcome yet).
pub fn next_heard(n: usize, held: Option<usize>) -> Result<(), SeatError> {
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
pub fn opponent_named(names: &mut [String; 2], opponent: Option<usize>, name: &mut String) {
    *name = crate::untrusted::clean_name(name);
    if let Some(i) = opponent
        && !name.is_empty()
    {
        names[i] = name.clone();
    }
}

/// What the seat knows: its perception, the public state, and what the table said last.
#[derive(Clone, Debug, Default)]
pub struct SeatState {
    /// The seat, its token and everything it heard (after the welcome).
    seat: Option<(Color, String, Perception)>,
    /// The names (public).
    pub names: [String; 2],
    /// The latest public state.
    pub state: Option<State>,
    /// The true board, for a handicap game's sighted seat.
    pub board: Option<String>,
    /// The whole game, once revealed at the end.
    pub reveal: Option<GameLog>,
    /// Refusals not yet read by the caller (the last [`KEPT_ERRORS`]: a table can send any
    /// number).
    pub errors: Vec<String>,
    /// The view, rebuilt when the perception changes.
    view: Option<PlayerView>,
}

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

impl SeatState {
    /// Nothing heard yet.
    pub fn new() -> SeatState {
        SeatState::default()
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
        let message: ToSeat =
            serde_json::from_str(line).map_err(|e| malformed(&e.to_string(), line))?;
        match message {
            ToSeat::Welcome {
                seat,
                token,
                rules,
                start,
                unseen,
                white,
                black,
                opening,
                ..
            } => {
                let perception = Perception {
                    color: seat,
                    rules,
                    start,
                    unseen: unseen.map(|[p, n, b, r, q, k]| shakmaty::ByRole {
                        pawn: p,
                        knight: n,
                        bishop: b,
                        rook: r,
                        queen: q,
                        king: k,
                    }),
                    opening,
                    events: Vec::new(),
                };
                self.welcome(token, perception);
                self.names = [black, white].map(|n| crate::untrusted::clean_name(&n));
                Ok(Received::Welcome)
            }
            ToSeat::Heard {
                n,
                request,
                items,
                turn_ends,
            } => self.heard(
                n,
                Perceived {
                    request,
                    heard: items,
                    turn_ends,
                },
            ),
            ToSeat::State(mut state) => {
                let opponent = self.seat().map(|seat| usize::from(!seat == Color::White));
                opponent_named(&mut self.names, opponent, &mut state.opponent_name);
                self.state = Some(state);
                Ok(Received::State)
            }
            ToSeat::Board { fen } => {
                self.board = Some(fen);
                Ok(Received::News)
            }
            ToSeat::Error { error } => Ok(refused(&mut self.errors, &error)),
            ToSeat::Reveal { log } => {
                self.reveal = Some(*log);
                Ok(Received::News)
            }
        }
    }

    /// A welcome: a new seat, or after a reconnection the record so far kept when it is the
    /// same seat of the same game (the table then sends only the later lines).
    fn welcome(&mut self, token: String, perception: Perception) {
        let seat = perception.color;
        let keep = matches!(&self.seat, Some((c, t, _)) if *c == seat && *t == token);
        if !keep {
            self.seat = Some((seat, token, perception));
            self.view = None;
        }
    }

    /// The `n`th thing the seat heard, which must follow the ones it holds.
    fn heard(&mut self, n: usize, perceived: Perceived) -> Result<Received, SeatError> {
        let held = self.seat.as_ref().map(|(_, _, seen)| seen.events.len());
        next_heard(n, held)?;
        if let Some((_, _, seen)) = &mut self.seat {
            seen.events.push(perceived);
        }
        self.view = None;
        Ok(Received::News)
    }

    /// The longest line the game allows now: the reveal holds every request of the game, at
    /// most [`crate::log::MAX_REQUESTS_PER_TURN`] (and a few more) for each turn, and every turn
    /// ends with a line this seat heard.
    fn longest_line(&self) -> usize {
        let turns = self.have().saturating_add(1);
        let per_turn = (crate::log::MAX_REQUESTS_PER_TURN + 8) * REVEAL_PER_REQUEST;
        turns
            .saturating_mul(per_turn)
            .saturating_add(MAX_PLAIN_LINE)
            .min(super::MAX_TABLE_LINE)
    }

    /// The seat, once welcomed.
    pub fn seat(&self) -> Option<Color> {
        self.seat.as_ref().map(|(c, _, _)| *c)
    }

    /// The seat's token, once welcomed.
    pub fn token(&self) -> Option<&str> {
        self.seat.as_ref().map(|(_, t, _)| t.as_str())
    }

    /// How many `heard` lines the seat holds (sent back in a reconnecting `hello`).
    pub fn have(&self) -> usize {
        self.seat.as_ref().map_or(0, |(_, _, p)| p.events.len())
    }

    /// What the seat was told and did.
    pub fn perception(&self) -> Option<&Perception> {
        self.seat.as_ref().map(|(_, _, p)| p)
    }

    /// The seat's view (rebuilt only after something new was heard).
    pub fn view(&mut self) -> Option<&PlayerView> {
        if self.view.is_none() {
            self.view = self.perception().map(PlayerView::from_perception);
        }
        self.view.as_ref()
    }

    /// Whether the seat is to act: its turn (or its placement), the game not over, and the
    /// table's state caught up with every line heard.
    pub fn to_act(&self) -> bool {
        let (Some(seat), Some(state)) = (self.seat(), &self.state) else {
            return false;
        };
        state.over.is_none()
            && state.n == self.have()
            && state.placing.unwrap_or(state.to_move) == seat
    }
}
