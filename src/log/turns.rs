//! The log read by turns: [`GameLog::turns`] groups the events into the turns of the game, with
//! the move number and the mover, for everything that prints or walks a game (study, PGN, the
//! scoresheet, the replay and the app's log panels).

use super::{Event, GameLog};
use shakmaty::Color;

/// One turn of the referee's record: the mover's attempts up to the one that ended the turn, plus
/// any request of both players or the clock made during it. A Modern Kriegspiel opening of
/// squares, made right after the opener's own move, belongs to the opener's turn (RULES.md
/// section 5: it is part of the move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn<'a> {
    /// The move number.
    pub number: u32,
    /// Whose turn it is.
    pub mover: Color,
    /// Index in the log of the turn's first event.
    pub first: usize,
    /// The turn's events, in order.
    pub events: &'a [Event],
    /// Whether the turn ended (the last event passed the move on).
    pub ended: bool,
}

impl<'a> Turn<'a> {
    /// The events with their indices in the log.
    pub fn indexed(self) -> impl Iterator<Item = (usize, &'a Event)> + 'a {
        let first = self.first;
        self.events
            .iter()
            .enumerate()
            .map(move |(i, e)| (first + i, e))
    }
}

/// The move number and mover at each event: `(number, mover)` before the event is applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveCounter {
    /// The move number.
    pub number: u32,
    /// The side to move.
    pub mover: Color,
}

impl MoveCounter {
    /// Advances past an event that ended the turn.
    pub fn pass(&mut self) {
        if self.mover == Color::Black {
            self.number += 1;
        }
        self.mover = !self.mover;
    }
}

impl GameLog {
    /// The move number and mover at the start.
    pub fn first_turn(&self) -> MoveCounter {
        MoveCounter {
            number: self.start.fullmoves.get(),
            mover: self.start.turn,
        }
    }

    /// The turns of the game, in order (the last one may be unfinished).
    pub fn turns(&self) -> Turns<'_> {
        Turns {
            events: &self.events,
            next: 0,
            clock: self.first_turn(),
        }
    }
}

/// Iterator over a log's turns (see [`GameLog::turns`]).
#[derive(Clone, Debug)]
pub struct Turns<'a> {
    events: &'a [Event],
    next: usize,
    clock: MoveCounter,
}

impl<'a> Iterator for Turns<'a> {
    type Item = Turn<'a>;

    fn next(&mut self) -> Option<Turn<'a>> {
        let rest = self.events.get(self.next..).filter(|r| !r.is_empty())?;
        let mover = self.clock.mover;
        let mut len = rest
            .iter()
            .position(|e| e.turn_ends)
            .map_or(rest.len(), |i| i + 1);
        // The mover's squares opened right after its move (Modern Kriegspiel).
        while rest.get(len).is_some_and(|e| opened_by(e, mover)) {
            len += 1;
        }
        let events = &rest[..len];
        let turn = Turn {
            number: self.clock.number,
            mover,
            first: self.next,
            events,
            ended: events.iter().any(|e| e.turn_ends),
        };
        self.next += len;
        if turn.ended {
            self.clock.pass();
        }
        Some(turn)
    }
}

/// Whether `e` is `mover`'s opening of squares (Modern Kriegspiel), made after its move.
fn opened_by(e: &Event, mover: Color) -> bool {
    matches!(e.request, crate::referee::Request::Open(_)) && e.by == Some(mover) && !e.turn_ends
}
