//! One renderer from a record to words. The log and the view give data (turns, requests, items
//! heard); this turns a seat's record into turns of entries in the rule set's words, for every
//! place that prints one: the log under a player's board, study's log, `kriegspiel replay`, the
//! news since the player's last turn.
//!
//! Every entry is credited to the side that made it: the turn's mover, except a request the seat
//! made itself outside its own turn (a resignation while the other side was to move) and a
//! resignation heard from the opponent, which are credited to that side ("(White) White
//! resigns."). Modern Kriegspiel's squares opened after a move are part of the
//! opener's turn ([`crate::view::PlayerView`] keeps them there).

use crate::announce::Item;
pub use crate::view::san::Notation;
use crate::view::{Heard, PlayerView, ViewTurn};
use crate::wording::{color_title, heard_line};
use shakmaty::Color;

/// One entry of a record in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The side that made it (`None`: nobody, e.g. what was said at the start).
    pub actor: Option<Color>,
    /// The request as its maker describes it (the own move in SAN), then what was heard.
    pub text: String,
}

/// One turn of a record in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnWords {
    /// The move number (0: the start of the game).
    pub number: u32,
    /// Whose turn it was (`None`: the start of the game).
    pub mover: Option<Color>,
    /// What was done and heard, in order.
    pub entries: Vec<Entry>,
}

/// How a turn's head is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Head {
    /// "12. you", "12... Black" (the log under a board).
    Short,
    /// "12. White (you)", "12... Black" (the replay's text).
    Long,
    /// "12.", "12..." (study's log, one line per entry).
    Number,
}

/// The side an entry of a seat's record is credited to.
fn actor(h: &Heard, mover: Option<Color>, seat: Color) -> Option<Color> {
    if h.request.is_some() {
        return Some(seat);
    }
    let resigned = h.items.iter().find_map(|i| match i {
        Item::Resigned(c) => Some(*c),
        _ => None,
    });
    resigned.or(mover)
}

/// A seat's record in words, its own moves and attempts in `notation`: every turn of its view
/// with what it did and heard (turns with nothing to say are left out).
pub fn seat_record(view: &PlayerView, notation: Notation) -> Vec<TurnWords> {
    view.turns
        .iter()
        .map(|turn| turn_words(view, turn, notation))
        .filter(|t| !t.entries.is_empty())
        .collect()
}

/// One turn of `view` in words, its own moves and attempts in `notation` (no entries when
/// nothing was done or heard in it).
pub fn turn_words(view: &PlayerView, turn: &ViewTurn, notation: Notation) -> TurnWords {
    let wording = view.rules.wording;
    let seat = view.color;
    TurnWords {
        number: turn.number,
        mover: turn.mover,
        entries: turn
            .heard
            .iter()
            .filter_map(|h| {
                let actor = actor(h, turn.mover, seat);
                let speaker = actor.or(turn.mover).unwrap_or(seat);
                let words = heard_line(&h.items, wording, speaker, Some(seat));
                let text = super::heard_entry(h, &words, notation);
                (!text.is_empty()).then_some(Entry { actor, text })
            })
            .collect(),
    }
}

/// What the seat heard during the opponent's last turn ("White moved." when nothing more).
pub fn since_last_turn(view: &PlayerView) -> String {
    let them = !view.color;
    let Some(turn) = view.turns.iter().rev().find(|t| t.mover == Some(them)) else {
        return String::new();
    };
    let lines: Vec<String> = turn
        .heard
        .iter()
        .map(|h| heard_line(&h.items, view.rules.wording, them, Some(view.color)))
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        format!("{} moved.", color_title(them))
    } else {
        lines.join(" ")
    }
}

impl TurnWords {
    /// The turn's head as `listener` reads it.
    pub fn head(&self, listener: Color, style: Head) -> String {
        let Some(mover) = self.mover else {
            return "Start".to_owned();
        };
        let number = format!("{}{}", self.number, mover.fold_wb(".", "..."));
        match style {
            Head::Number => number,
            Head::Short if mover == listener => format!("{number} you"),
            Head::Long if mover == listener => format!("{number} {} (you)", color_title(mover)),
            Head::Short | Head::Long => format!("{number} {}", color_title(mover)),
        }
    }

    /// An entry's words as `listener` reads them: credited to its maker when that is not the
    /// turn's mover.
    pub fn entry(&self, e: &Entry, listener: Color) -> String {
        match e.actor {
            Some(a) if self.mover.is_some() && Some(a) != self.mover => {
                let who = if a == listener {
                    "you".to_owned()
                } else {
                    color_title(a).to_owned()
                };
                format!("({who}) {}", e.text)
            }
            _ => e.text.clone(),
        }
    }

    /// The turn on one line: its head, then its entries. Under the short head the mover's
    /// name is not said twice ("12... Black: moved."), and several entries are numbered so that
    /// two equal answers read as two ("12. you: 1) Qe2: illegal | 2) e4: moved.").
    pub fn line(&self, listener: Color, style: Head) -> String {
        let mut parts: Vec<String> = self
            .entries
            .iter()
            .map(|e| {
                let text = self.entry(e, listener);
                match (style, self.mover) {
                    (Head::Short, Some(m)) => {
                        let moved = format!("{} moved.", color_title(m));
                        match text.strip_prefix(&moved) {
                            Some(rest) => format!("moved.{rest}"),
                            None => text,
                        }
                    }
                    _ => text,
                }
            })
            .collect();
        if style == Head::Short && parts.len() > 1 {
            for (k, part) in parts.iter_mut().enumerate() {
                *part = format!("{}) {part}", k + 1);
            }
        }
        format!("{}: {}", self.head(listener, style), parts.join(" | "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attempt::Attempt;
    use crate::log::Game;
    use crate::referee::Request;
    use crate::rules::Preset;

    fn try_(game: &mut Game, uci: &str) {
        game.apply(Request::Try(Attempt::parse(uci).expect("uci")))
            .expect("accepted");
    }

    /// Modern Kriegspiel: the squares a player opens right after its move are credited to it
    /// and listed under its own turn, never under the opponent's, whose turn has begun.
    #[test]
    fn opened_squares_are_credited_to_the_side_that_opened_them() {
        let mut game = Game::standard(Preset::Modern.rules());
        try_(&mut game, "e2e4");
        // Modern Kriegspiel opens exactly seven squares.
        let squares = shakmaty::Bitboard::from_rank(shakmaty::Rank::Seventh)
            .into_iter()
            .take(7)
            .collect();
        game.apply(Request::Open(squares)).expect("opened");
        let view = PlayerView::build(game.log(), Color::White);
        let record = seat_record(&view, Notation::San);
        let opened = record
            .iter()
            .find_map(|t| {
                t.entries
                    .iter()
                    .find(|e| e.text.contains("Opened"))
                    .map(|e| (t, e))
            })
            .expect("the opening is in White's record");
        assert_eq!(opened.1.actor, Some(Color::White));
        // Listed under the opener's own turn (issue 55), after its move, never under Black's.
        assert_eq!(opened.0.mover, Some(Color::White));
        let line = opened.0.line(Color::White, Head::Short);
        assert!(line.starts_with("1. you: 1) e4: "), "{line}");
        assert!(line.contains("| 2) open a7, b7"), "{line}");
        assert!(!line.contains("(you)"), "{line}");
        // Black's record has nothing of it, and its turn begins empty.
        let black = seat_record(&PlayerView::build(game.log(), Color::Black), Notation::San);
        assert!(
            black
                .iter()
                .all(|t| t.entries.iter().all(|e| !e.text.contains("pen")))
        );
        // The log's turns agree: the opening is the last event of White's turn.
        let first = game.log().turns().next().expect("a turn");
        assert_eq!(
            (first.mover, first.events.len(), first.ended),
            (Color::White, 2, true)
        );
        assert_eq!(game.log().turns().count(), 1);
    }

    /// A resignation made while the other side is to move is credited to the side that
    /// resigned, in both seats' records.
    #[test]
    fn a_resignation_is_credited_to_the_side_that_resigned() {
        let mut game = Game::standard(Preset::Wild16.rules());
        try_(&mut game, "e2e4");
        game.apply(Request::Resign(Color::White)).expect("resigned");
        for seat in Color::ALL {
            let view = PlayerView::build(game.log(), seat);
            let record = seat_record(&view, Notation::San);
            let (turn, entry) = record
                .iter()
                .find_map(|t| {
                    t.entries
                        .iter()
                        .find(|e| e.text.contains("resign"))
                        .map(|e| (t, e))
                })
                .expect("the resignation is recorded");
            assert_eq!(entry.actor, Some(Color::White), "{seat:?}");
            let line = turn.line(seat, Head::Short);
            let who = if seat == Color::White {
                "(you)"
            } else {
                "(White)"
            };
            assert!(line.contains(who), "{seat:?}: {line}");
        }
    }
}
