//! What the table told the screen ([`News`]), told to the person: the answer to the person's own
//! request (what its mover heard; in club mode what the referee must say, and to whom), the
//! computer's turn as the person heard it, the opponent's turn at a network table as this seat
//! heard it, a flag fall. Every kind of table tells the same way, so a remote seat's screen
//! shows exactly what a local seat's screen shows.

use super::{Curtain, MessageKind, PlayMode, PlayScreen};
use crate::announce::{DrawReason, Item};
use crate::log::Event;
use crate::referee::Request;
use crate::table::News;
use crate::wording::{color_title, say};
use shakmaty::{Bitboard, Color, Square};
use std::time::Duration;

/// Who made a request the table has not answered yet.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Asker {
    /// The person (or the club referee for the mover).
    Person,
    /// The computer opponent.
    Computer,
}

impl PlayScreen {
    /// Hands `request` to the table for `asker`; its answer is told by [`PlayScreen::take_news`].
    pub(super) fn submit(&mut self, request: Request, now: Duration, asker: Asker) {
        self.asked.push_back(asker);
        self.table.submit(request, now);
    }

    /// Tells everything the table said since the last call; returns how many things it said.
    pub(super) fn take_news(&mut self, now: Duration) -> usize {
        let all = self.table.poll(now);
        let told = all.len();
        for news in all {
            if let News::Answered(event) | News::Happened(event) = &news {
                self.cue(event);
            }
            match news {
                News::Answered(event) => match self.asked.pop_front() {
                    Some(Asker::Computer) => self.computer_answered(&event),
                    _ => self.answered(&event),
                },
                News::Refused { request, error } => match self.asked.pop_front() {
                    Some(Asker::Computer) => self.computer_refused(&error),
                    _ => {
                        let _ = request;
                        self.tell(MessageKind::Error, error.to_string());
                    }
                },
                News::Happened(event) => self.happened(&event),
                News::DrawDeclined { by, played_on } => self.draw_declined(by, played_on),
            }
        }
        told + usize::from(self.tell_note())
    }

    /// A draw offer was declined by `by`: the offerer is told, now or once its board is open;
    /// the decliner hears that it was done.
    fn draw_declined(&mut self, by: Color, played_on: bool) {
        let text = if played_on {
            format!(
                "{} played on: your draw offer was declined.",
                color_title(by)
            )
        } else {
            format!("{} declined your draw offer.", color_title(by))
        };
        if self.mode != PlayMode::Referee {
            self.note_for = Some((!by, text));
        }
        if !played_on && self.own_seat() == Some(by) {
            self.tell(
                MessageKind::Success,
                format!("You declined {}'s draw offer.", color_title(!by)),
            );
        }
    }

    /// Tells the waiting note to its seat if that seat's board is open now, after what the
    /// table said this frame. Returns whether it told it.
    fn tell_note(&mut self) -> bool {
        let Some((seat, _)) = &self.note_for else {
            return false;
        };
        if self.own_seat() != Some(*seat) || self.curtain_up() {
            return false;
        }
        let Some((_, note)) = self.note_for.take() else {
            return false;
        };
        let text = match (&self.message, self.message_kind()) {
            (Some(said), Some(MessageKind::Info)) => format!("{said} {note}"),
            _ => note,
        };
        self.tell(MessageKind::Info, text);
        true
    }

    /// The answer to the person's own request: what its mover heard (and, in club mode, what
    /// the referee says to whom); the turn passes when it ends.
    fn answered(&mut self, event: &Event) {
        let facts = self.facts();
        let wording = facts.rules.wording;
        let mover = event.by.unwrap_or(facts.to_move);
        self.clear_markers_under_own(mover);
        self.say_this = crate::wording::say_to(&event.said, wording, mover);
        let heard: Vec<Item> = crate::announce::heard_by(&event.said, mover).collect();
        let words = say(&heard, wording, mover);
        let text = match &event.request {
            Request::Try(a) | Request::Move(a) => {
                format!("{}: {words}", self.written(mover, &event.request, *a))
            }
            _ => words,
        };
        // What the referee said is news, never an error (a refused attempt included).
        self.tell(MessageKind::Info, text);
        let to_open = self.facts().rules.variant().squares_to_open();
        let placed_for_other =
            matches!(event.request, Request::Place { color, .. } if color != self.facts().to_act());
        if matches!(event.request, Request::Open(_)) || placed_for_other {
            // A Semi-Kriegspiel placement by the second mover hands the board on like a
            // finished turn.
            self.entry.opening = None;
            self.after_turn();
        } else if event.turn_ends && to_open > 0 && !self.revealed() {
            self.offer_opening(mover, to_open);
        } else if event.turn_ends {
            self.after_turn();
        }
    }

    /// `mover`'s attempt `a` (its `request`, just answered) as its log writes it: from its own
    /// board, in the person's notation.
    fn written(&mut self, mover: Color, request: &Request, a: crate::Attempt) -> String {
        let notation = self.notation;
        let view = self.table.view(mover);
        let heard = view.turns.iter().rev().flat_map(|t| t.heard.iter().rev());
        heard
            .filter(|h| h.request.as_ref() == Some(request))
            .find_map(|h| h.written.as_ref())
            .map_or_else(|| a.to_string(), |w| w.text(notation).to_owned())
    }

    /// Modern Kriegspiel: after a legal move the mover may name squares to open; at a board the
    /// person chooses them (the turn passes once it has, or skipped); the club referee types
    /// them for the player.
    fn offer_opening(&mut self, mover: Color, to_open: u8) {
        if self.mode == PlayMode::Referee {
            self.say_this.push((
                "Then".to_owned(),
                format!(
                    "{} may name {} to open: type open a1 b2 …",
                    color_title(mover),
                    crate::wording::count(usize::from(to_open), "square", "squares")
                ),
            ));
            self.after_turn();
        } else {
            self.entry.opening = Some((mover, Bitboard::EMPTY));
        }
    }

    /// Something that happened without the person asking: a flag fall, or at a network table
    /// the opponent's turn as this seat heard it (or the late answer to a request that timed
    /// out).
    fn happened(&mut self, event: &Event) {
        let facts = self.facts();
        let wording = facts.rules.wording;
        let listener = match self.mode {
            PlayMode::Seat(me) => me,
            _ => event.by.unwrap_or(facts.to_move),
        };
        if matches!(event.request, Request::Timeout(_)) || self.mode != PlayMode::Seat(listener) {
            // A flag that fell on the running clock is announced like any entry.
            let mover = event.by.unwrap_or(facts.to_move);
            self.say_this = crate::wording::say_to(&event.said, wording, mover);
        }
        let heard: Vec<Item> = crate::announce::heard_by(&event.said, listener).collect();
        if heard.is_empty() {
            return;
        }
        let theirs = event.by != Some(listener);
        let words = say(&heard, wording, if theirs { !listener } else { listener });
        // The end of the game by the table or a seat's word is said as it is, not as a move.
        let ended_without_move = heard.iter().all(|i| {
            matches!(
                i,
                Item::Resigned(_)
                    | Item::Timeout { .. }
                    | Item::Adjudicated(_)
                    | Item::Draw(DrawReason::Agreement)
            )
        });
        let text = if !theirs {
            format!("The table answered: {words}")
        } else if ended_without_move || self.mode != PlayMode::Seat(listener) {
            words
        } else {
            format!("{} played. {words}", color_title(!listener))
        };
        self.tell(MessageKind::Info, text);
        if event.turn_ends {
            self.after_turn();
        }
    }

    /// A guess is gone once one of the player's own pieces stands on its square (the piece moved
    /// there, or took what was there).
    fn clear_markers_under_own(&mut self, color: Color) {
        let own = self.table.view(color).own.by_color(color);
        let under: Vec<Square> = self
            .table
            .markers()
            .current(color)
            .keys()
            .copied()
            .filter(|sq| own.contains(*sq))
            .collect();
        for sq in under {
            self.table.set_marker(color, sq, None);
        }
    }

    /// The turn has passed: in hot-seat play the curtain comes down at once, so the next frame
    /// shows no board.
    pub(super) fn after_turn(&mut self) {
        if self.mode == PlayMode::HotSeat && !self.revealed() {
            self.curtain = Curtain::Up {
                next: self.facts().to_act(),
            };
            self.message = None;
            self.entry.brush = None;
            self.entry.hover = None;
            // The next player opens the board with the keys free for shortcuts; what the
            // player who moved typed beyond the move is theirs, never the next player's.
            self.focus_input = false;
            self.select_input = false;
            self.move_text.clear();
            self.typed_ahead.forget();
        }
    }
}
