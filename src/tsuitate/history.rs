//! A seat's history in words, turn by turn: what it tried and what it heard, and what it heard
//! of the opponent's turns (RULES.md section 9.1), for the log beside a seat's board. It is built
//! from what the seat was told only: an opponent's request the seat heard nothing of (an
//! impossible attempt) leaves no trace, and turns are numbered by moves, never by requests.
//! The history keeps the seat's own board as its record builds it, so a piece of its own that
//! was taken is named as it stood (a horse, not the bishop the umpire names for the captor's
//! hand).

use super::announce::Item;
use super::game::{Request, TsuitateGame, heard_by};
use super::seam::{HeardLine, Tsuitate};
use super::seat::SeatView;
use super::words::{heard_line, heard_line_as, side_name};
use crate::replay::step::Recorded;
use shogi_core::{Color, PartialPosition, PieceKind};

/// One request as a seat knows it: by whom, its own request in words when it made it, and what
/// it heard of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heard {
    /// Who made the request.
    pub by: Color,
    /// The seat's own request in words (`7g7f`, `resign`), `None` for the opponent's.
    pub tried: Option<String>,
    /// What the seat heard of it.
    pub items: Vec<Item>,
}

/// A request in words, as its maker knows it.
pub fn request_words(request: &Request) -> String {
    match request {
        Request::Try(usi) => usi.clone(),
        Request::Resign => "resign".to_owned(),
        Request::Draw => "draw".to_owned(),
    }
}

impl Heard {
    /// One line of `seat`'s record ([`HeardLine`]) as its history tells it.
    pub fn of_line(seat: Color, line: &HeardLine) -> Heard {
        let tried = line.request.as_ref().map(|r| request_words(&r.into()));
        Heard {
            by: if tried.is_some() { seat } else { seat.flip() },
            tried,
            items: line.items.clone(),
        }
    }
}

/// What `color` knows of `game`'s requests, in order: its own with what it heard, and the
/// opponent's it heard anything of (its record, as the one replay gives it).
pub fn heard_of(game: &TsuitateGame, color: Color) -> Vec<Heard> {
    Tsuitate::told_at(game, color, game.events().len())
        .record
        .iter()
        .map(|line| Heard::of_line(color, line))
        .collect()
}

/// Whether `items` answer a request that ends the game by itself, no move (a resignation, an
/// agreed draw).
fn ends_game(items: &[Item]) -> bool {
    !items.contains(&Item::Legal)
        && items
            .iter()
            .any(|item| matches!(item, Item::Resigned | Item::Draw(_)))
}

/// Whether `items` end a turn (a legal move, or the end of the game).
fn ends_turn(items: &[Item]) -> bool {
    items.iter().any(|item| {
        matches!(
            item,
            Item::Legal
                | Item::Resigned
                | Item::Draw(_)
                | Item::FoulLimit
                | Item::Checkmate
                | Item::NoMoves
                | Item::PerpetualCheck
        )
    })
}

/// `color`'s history of a game from `start`, one line per turn, numbered by moves: "1. You
/// tried 7g7f: Legal.", "2. Gote moved. Your pawn on 7f was taken."; several requests in one
/// turn are joined by " | ". The turn in progress (refused attempts so far) is the last line.
pub fn history_lines(color: Color, start: &PartialPosition, heard: &[Heard]) -> Vec<String> {
    let mut history = History::new(color, start);
    for entry in heard {
        history.push(entry);
    }
    history.lines
}

/// A seat's history ([`history_lines`]) kept as it grows: each request taken in once, the
/// turn in progress its last line (extended as the turn goes on).
#[derive(Clone, Debug)]
pub struct History {
    color: Color,
    /// The seat's own side of the screen as its record so far built it (from the start).
    own: SeatView,
    /// The seat's own piece the last line took, as it stood (promoted or not).
    lost: Option<PieceKind>,
    /// The lines: one per turn, the last the turn in progress when `turn_by` is set.
    lines: Vec<String>,
    /// Who plays the turn in progress, if one is.
    turn_by: Option<Color>,
    /// The number of the turn in progress, or of the next.
    number: usize,
}

impl History {
    /// `color`'s history of a game from `start` (only `color`'s own pieces of it are kept),
    /// empty.
    pub fn new(color: Color, start: &PartialPosition) -> History {
        History {
            color,
            own: SeatView::new(color, start, &[]),
            lost: None,
            lines: Vec::new(),
            turn_by: None,
            number: 1,
        }
    }

    /// `color`'s history of a game from `start`, beginning with what it heard at the start (`opening`: a check, an
    /// immediate end; `first` moves first, so the start is the other side's doing), as "At the
    /// start: …" when anything was said.
    pub fn at_start(
        color: Color,
        start: &PartialPosition,
        opening: &[Item],
        first: Color,
    ) -> History {
        let mut history = History::new(color, start);
        if !opening.is_empty() {
            let words = heard_line(opening, color, first.flip());
            history.lines.push(format!("At the start: {words}"));
        }
        history
    }

    /// `color`'s history of `game` before any request: what it heard at the start.
    pub fn of_start(game: &TsuitateGame, color: Color) -> History {
        let start = game.referee().start();
        let opening = heard_by(game.opening(), color);
        History::at_start(color, start, &opening, start.side_to_move())
    }

    /// The lines so far.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// Takes in the next request the seat knows of.
    pub fn push(&mut self, entry: &Heard) {
        if self.turn_by.is_some_and(|by| by != entry.by) {
            self.close();
        }
        self.lost = self.take_in(entry);
        let words = heard_line_as(&entry.items, self.color, entry.by, self.lost);
        // Resigning or agreeing a draw is no attempt: its words alone ("You resigned.").
        let attempt = entry.tried.as_ref().filter(|_| !ends_game(&entry.items));
        let part = match attempt {
            Some(tried) => format!("{tried}: {words}"),
            None => words,
        };
        match self.lines.last_mut() {
            Some(line) if self.turn_by.is_some() => {
                line.push_str(" | ");
                line.push_str(&part);
            }
            _ => {
                let who = if attempt.is_some() { "You tried " } else { "" };
                self.lines.push(format!("{}. {who}{part}", self.number));
            }
        }
        self.turn_by = Some(entry.by);
        if ends_turn(&entry.items) {
            self.close();
        }
    }

    /// The seat's own piece the last request taken in captured, as its own board had it.
    pub fn lost(&self) -> Option<PieceKind> {
        self.lost
    }

    /// Takes `entry` into the seat's own board; returns the seat's own piece it captured, as
    /// it stood there.
    fn take_in(&mut self, entry: &Heard) -> Option<PieceKind> {
        let color = self.color;
        if !entry.items.contains(&Item::Legal) {
            return None;
        }
        if entry.by == color {
            if let Some(usi) = &entry.tried {
                self.own.update(color, usi, &entry.items, None);
                self.own.heard.clear();
            }
            return None;
        }
        let lost = entry.items.iter().find_map(|item| match item {
            Item::Capture { square, .. } => self.own.board.piece_at(*square),
            _ => None,
        });
        self.own.update(color.flip(), "", &entry.items, None);
        self.own.heard.clear();
        lost.filter(|piece| piece.color() == color)
            .map(|piece| piece.piece_kind())
    }

    /// Ends the turn in progress: its line stays, the next turn is numbered on.
    fn close(&mut self) {
        if self.turn_by.take().is_some() {
            self.number += 1;
        }
    }
}

/// `color`'s history of `game`, with what it heard at the start first.
pub fn seat_history(game: &TsuitateGame, color: Color) -> Vec<String> {
    let mut history = History::of_start(game, color);
    for entry in heard_of(game, color) {
        history.push(&entry);
    }
    if history.lines.is_empty() {
        history.lines.push(format!(
            "Nothing yet: {} moves first.",
            side_name(game.referee().start().side_to_move())
        ));
    }
    history.lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tsuitate::TsuitateRules;

    #[test]
    fn each_seat_hears_its_own_history_and_no_more() {
        let mut game = TsuitateGame::new(TsuitateRules::default());
        // Sente: an impossible attempt, then a move; gote: a foul (its bishop's diagonal is
        // blocked by sente's hidden bishop on 8h), then a move; sente takes on 2b.
        for usi in ["7g7e", "7g7f", "3c3d", "2g2f", "2b9i", "8c8d", "8h2b+"] {
            game.attempt(usi).expect("attempt");
        }
        let sente = seat_history(&game, Color::Black);
        assert_eq!(
            sente,
            [
                "1. You tried 7g7e: Impossible (not a move even on your own board). | 7g7f: Legal.",
                "2. Gote moved.",
                "3. You tried 2g2f: Legal.",
                "4. Gote tried an illegal move (反則): their foul number 1. | Gote moved.",
                "5. You tried 8h2b+: Legal. You took a bishop or horse on 2b.",
            ]
        );
        // Sente's impossible attempt is not heard by gote, nor counted.
        let gote = seat_history(&game, Color::White);
        assert_eq!(
            gote,
            [
                "1. Sente moved.",
                "2. You tried 3c3d: Legal.",
                "3. Sente moved.",
                "4. You tried 2b9i: Illegal (反則): your foul number 1. | 8c8d: Legal.",
                "5. Sente moved. Your bishop on 2b was taken.",
            ]
        );
    }

    #[test]
    fn a_history_begins_with_what_was_heard_at_the_start() {
        // Gote's rook on 5h gives check at the start: both seats hear it before any move.
        let sfen = "4k4/9/9/9/9/9/9/4r4/4K4 b - 1";
        let game = TsuitateGame::from_sfen(TsuitateRules::default(), sfen).expect("sfen");
        assert!(!game.opening().is_empty());
        for (color, words) in [
            (
                Color::Black,
                "At the start: Check (王手): your king is in check.",
            ),
            (Color::White, "At the start: Check (王手): you give check."),
        ] {
            let lines = seat_history(&game, color);
            assert_eq!(lines, [words]);
            assert_eq!(History::of_start(&game, color).lines(), lines);
        }
    }

    #[test]
    fn a_promoted_piece_taken_is_named_as_its_owner_knew_it_and_no_more_to_the_captor() {
        let mut game = TsuitateGame::new(TsuitateRules::default());
        // Sente's bishop takes on 2b and promotes; gote's silver takes the horse.
        for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
            game.attempt(usi).expect("attempt");
        }
        let sente = seat_history(&game, Color::Black);
        assert_eq!(
            sente[2],
            "3. You tried 8h2b+: Legal. You took a bishop or horse on 2b."
        );
        assert_eq!(sente[3], "4. Gote moved. Your horse on 2b was taken.");
        let gote = seat_history(&game, Color::White);
        assert_eq!(gote[2], "3. Sente moved. Your bishop on 2b was taken.");
        assert_eq!(
            gote[3],
            "4. You tried 3a2b: Legal. You took a bishop or horse on 2b."
        );
    }

    #[test]
    fn resigning_is_told_as_such_not_as_an_attempt() {
        let mut game = TsuitateGame::new(TsuitateRules::default());
        game.attempt("7g7f").expect("attempt");
        game.apply(crate::tsuitate::Request::Resign)
            .expect("resigns");
        let gote = seat_history(&game, Color::White);
        assert_eq!(gote.last().map(String::as_str), Some("2. You resigned."));
        let sente = seat_history(&game, Color::Black);
        assert_eq!(sente.last().map(String::as_str), Some("2. Gote resigned."));
    }

    #[test]
    fn a_new_game_has_nothing_heard() {
        let game = TsuitateGame::new(TsuitateRules::default());
        assert_eq!(
            seat_history(&game, Color::White),
            vec!["Nothing yet: Sente moves first.".to_owned()]
        );
    }
}
