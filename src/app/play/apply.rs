//! The game screen's state changes: the `Intent`s collected while drawing, and how each one
//! is applied after the frame (requests handed to the table, the curtain, the entry on a board).
//! What the table answers is told by `news`.

use super::news::Asker;
use super::{Brush, Confirm, Curtain, MessageKind, PlayMode, PlayScreen, club};
use crate::attempt::Attempt;
use crate::referee::Request;
use shakmaty::{Color, Role, Square};
use std::time::Duration;

/// A change requested while drawing, applied after the frame is drawn.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Intent {
    OpenBoard(Color),
    CloseBoard,
    Select(Option<Square>),
    /// A unit of the own Crazyhouse pocket picked up (or put back) for a click-click drop.
    SelectPocket(Option<Role>),
    Attempt(Attempt),
    AskPromotion(Attempt),
    Typed,
    Ask(Request),
    Marker(Square, Option<Role>),
    Brush(Option<Brush>),
    OfferDraw,
    AnswerDraw(bool),
    Confirm(Option<Confirm>),
    PauseClock,
    ResumeClock,
    Club(club::Command),
    Undo,
    ToggleOpen(Square),
    OpenChosen,
    SkipOpening,
    /// Semi-Kriegspiel: a square clicked for the king, then for the queen.
    PlaceOn(Square),
}

impl Intent {
    /// An action that makes the last message stale: an attempt, a typed line, a question, a
    /// command. Picking up a piece or placing a marker keeps it (the player is still reading).
    fn clears_message(&self) -> bool {
        matches!(
            self,
            Intent::Attempt(_)
                | Intent::Typed
                | Intent::Ask(_)
                | Intent::OfferDraw
                | Intent::AnswerDraw(_)
                | Intent::PauseClock
                | Intent::ResumeClock
                | Intent::Club(_)
                | Intent::Undo
                | Intent::OpenChosen
                | Intent::SkipOpening
        )
    }
}

impl PlayScreen {
    /// Carries out one change requested while drawing. An action first clears the last message,
    /// so what is shown is always about the latest action.
    pub(super) fn apply(&mut self, intent: Intent, now: Duration) {
        if intent.clears_message() {
            self.message = None;
        }
        match intent {
            Intent::OpenBoard(c) => self.open_board(c, now),
            Intent::CloseBoard => {
                self.curtain = Curtain::Up {
                    next: self.facts().to_act(),
                };
                self.entry.brush = None;
            }
            Intent::Select(sq) => {
                self.entry.placing_king = None;
                self.entry.selected = sq;
                self.entry.pocket = None;
                self.entry.promotion = None;
            }
            Intent::SelectPocket(role) => {
                self.entry.pocket = role;
                self.entry.selected = None;
                self.entry.promotion = None;
            }
            Intent::AskPromotion(a) => self.entry.promotion = Some(a),
            Intent::Attempt(a) => {
                self.entry.promotion = None;
                self.entry.selected = None;
                self.entry.pocket = None;
                let request = self.facts().rules.variant().attempt(a);
                self.request(request, now);
            }
            Intent::ToggleOpen(sq) => self.toggle_open(sq),
            Intent::OpenChosen => {
                if let Some((_, chosen)) = self.entry.opening {
                    self.request(Request::Open(chosen), now);
                }
            }
            Intent::SkipOpening => {
                self.entry.opening = None;
                self.after_turn();
            }
            Intent::PlaceOn(sq) => self.place_on(sq, now),
            Intent::Typed => self.typed(),
            Intent::Ask(r) => self.request(r, now),
            Intent::Marker(sq, piece) => {
                if let Some(c) = self.marker_owner() {
                    self.table.set_marker(c, sq, piece);
                }
            }
            Intent::Brush(b) => {
                self.entry.brush = b;
                // Taking a brush puts a picked-up piece down: the next clicks mark.
                if b.is_some() {
                    self.entry.selected = None;
                }
            }
            Intent::OfferDraw | Intent::AnswerDraw(_) => self.draw(&intent, now),
            Intent::Confirm(c) => {
                // The console's field was hidden behind the question: it takes the keys again.
                if c.is_none() && self.mode == PlayMode::Referee {
                    self.focus_input = true;
                }
                self.confirm = c;
            }
            Intent::PauseClock => self.table.pause_clock(now),
            Intent::ResumeClock => {
                self.table.start_clock(now);
                self.clock_started = true;
            }
            Intent::Club(command) => self.club_command(command, now),
            Intent::Undo => self.undo(now),
        }
    }

    /// Opens `c`'s board (hot-seat); the clock starts with the first board opened.
    fn open_board(&mut self, c: Color, now: Duration) {
        self.curtain = Curtain::Open(c);
        self.curtain_shown = None;
        // The player's keystrokes go to the move field at once.
        self.focus_input = true;
        self.entry.selected = None;
        self.message = None;
        if !self.clock_started {
            self.table.start_clock(now);
            self.clock_started = true;
        }
    }

    /// Modern Kriegspiel: a square chosen (or unchosen) to open, up to the rules' number.
    fn toggle_open(&mut self, sq: Square) {
        let wanted = usize::from(self.facts().rules.variant().squares_to_open());
        if let Some((_, chosen)) = &mut self.entry.opening {
            if chosen.contains(sq) {
                chosen.discard(sq);
            } else if chosen.count() < wanted {
                chosen.add(sq);
            }
        }
    }

    /// Semi-Kriegspiel: the first square clicked takes the king, the second the queen; then
    /// the placement goes to the referee.
    fn place_on(&mut self, sq: Square, now: Duration) {
        let Some(color) = self.active_player() else {
            return;
        };
        match self.entry.placing_king.take() {
            None => self.entry.placing_king = Some(sq),
            Some(king) if king == sq => {}
            Some(king) => self.request(
                Request::Place {
                    color,
                    king,
                    queen: sq,
                },
                now,
            ),
        }
    }

    /// Offers a draw for the person's seat, or answers the opponent's offer; the table keeps
    /// offers.
    fn draw(&mut self, intent: &Intent, now: Duration) {
        let Some(seat) = self.own_seat() else {
            return;
        };
        match intent {
            Intent::AnswerDraw(false) => self.table.decline_draw(seat),
            Intent::AnswerDraw(true) => self.table.offer_draw(seat, now),
            _ => {
                self.table.offer_draw(seat, now);
                self.tell(
                    MessageKind::Success,
                    "Draw offered; your opponent will be asked.",
                );
            }
        }
    }

    /// The club referee takes back the last entry.
    fn undo(&mut self, now: Duration) {
        let removed = self.table.record_mut().and_then(|r| r.undo("undo", now));
        // The side to move once the entry is taken back.
        let to_move = self.facts().to_move;
        if let Some(removed) = removed {
            let what = crate::replay::request_text(&removed.request);
            self.tell(MessageKind::Success, format!("Took back: {what}"));
            // To whom: the squares of an attempt only to the player who made it.
            self.say_this = crate::wording::say_correction(
                removed.by,
                &removed.request,
                &removed.said,
                removed.turn_ends,
                to_move,
            );
        } else {
            self.tell(MessageKind::Error, "Nothing to take back.");
        }
        self.focus_input = true;
    }

    /// Whose markers the screen edits: the open board's player (in club referee mode the players
    /// keep their guesses on their own physical boards).
    pub(super) fn marker_owner(&self) -> Option<Color> {
        match (self.mode, self.curtain) {
            (PlayMode::HotSeat, Curtain::Open(c)) => Some(c),
            (PlayMode::Seat(human), _) => Some(human),
            _ => None,
        }
    }

    /// Hands the person's (or the club referee's) request to the table; the move field keeps
    /// the keyboard.
    pub(super) fn request(&mut self, request: Request, now: Duration) {
        self.focus_input = true;
        self.submit(request, now, Asker::Person);
    }
}
