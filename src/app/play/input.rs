//! Move input: the one mapping from what the user did (a click or a drop on a board that takes
//! moves, a typed line) to an attempt for the referee. Typed moves, from a player's move field
//! and from the club referee's console alike, are read by the family module
//! ([`crate::variant::typed`]) against the mover's own board only, never the true position.

use super::{Intent, PlayMode, PlayScreen};
use crate::announce::Item;
use crate::attempt::Attempt;
use crate::referee::Request;
use crate::rules::AnyRule;
use crate::variant::typed::Line;
use crate::variant::typed::promotes;
pub use crate::variant::typed::{Typed, resolve as resolve_typed};
use crate::view::PlayerView;
use shakmaty::{Bitboard, Square};
use std::time::Duration;

/// The id of the move field (the player's bar and the club referee's console share it).
pub fn move_input_id() -> egui::Id {
    egui::Id::unique("move-input")
}

impl PlayScreen {
    /// The field's text entered with the button: a line like one ended by Enter, queued.
    pub(super) fn typed(&mut self) {
        let line = std::mem::take(&mut self.move_text);
        self.queue_line(line);
    }

    /// A line typed (ended by Enter or the button): it waits its turn behind the lines typed
    /// before it ([`PlayScreen::drain_typed`]).
    pub(super) fn queue_line(&mut self, line: String) {
        self.focus_input = true;
        if let Err(line) = self.typed_ahead.push(line) {
            self.unusable(
                &line,
                "too many lines typed ahead: this one was not taken".into(),
            );
        }
    }

    /// Whether the next line typed ahead may go now: no answer pending, no question or
    /// promotion open, and a seat to type for (the club referee's console always has one).
    fn ready_for_line(&self) -> bool {
        if !self.asked.is_empty() || self.confirm.is_some() || self.entry.promotion.is_some() {
            return false;
        }
        self.mode == PlayMode::Referee || self.active_player().is_some()
    }

    /// Hands on the lines typed ahead, oldest first, one at a time while the table is ready for
    /// the next (a local table answers at once, so a whole typed sequence goes in one frame);
    /// each line's answer is noted for the console. Returns how many things the table said.
    pub(super) fn drain_typed(&mut self, now: Duration) -> usize {
        let mut told = 0;
        loop {
            if self.asked.is_empty() {
                let words = self.message.clone().unwrap_or_else(|| "done".to_owned());
                self.typed_ahead.answered(&words);
            }
            if !self.ready_for_line() {
                return told;
            }
            let Some(line) = self.typed_ahead.send_next() else {
                return told;
            };
            self.typed_line(&line, now);
            told += self.take_news(now);
        }
    }

    /// A typed line in its turn: a console command in club referee mode; at a player's board
    /// a move, or a line of the family (`?`, `sense e4`, `pass`, `open a1 b2 …`, `Ke1 Qd1`).
    /// The move field keeps the keyboard focus.
    fn typed_line(&mut self, text: &str, now: Duration) {
        self.focus_input = true;
        self.message = None;
        if text.trim().is_empty() && self.mode != PlayMode::Referee {
            return;
        }
        let line = crate::variant::typed::parse_line(text);
        // At a hot-seat board only the sighted player places its own king and queen: the
        // player at the board must not choose (and so learn) the other side's squares.
        let sighted = self.facts().rules.variant().seeing_side();
        let placing = matches!(line, Ok(Line::Place(..)));
        if placing && self.mode != PlayMode::Referee && self.active_player() != sighted {
            let why = "only the sighted player places its king and queen, at its own board";
            self.unusable(text, why.into());
            return;
        }
        let a_players_line = matches!(
            line,
            Ok(Line::Move(_)
                | Line::Any
                | Line::Sense(_)
                | Line::Pass
                | Line::Open(_)
                | Line::Place(..))
        );
        match line {
            Ok(command) if self.mode == PlayMode::Referee || a_players_line => {
                self.club_command(command, now)
            }
            Ok(_) => {
                let why = "that is a command of the club referee's console";
                self.unusable(text, why.into());
            }
            Err(e) => self.unusable(text, e.to_string()),
        }
    }

    /// A line that could not be used: the message says why; when nothing was typed after it,
    /// it comes back into the field selected, so the next keystrokes replace it (text typed
    /// since is never overwritten).
    pub(super) fn unusable(&mut self, text: &str, message: String) {
        self.message = Some(message);
        if self.move_text.is_empty() && self.typed_ahead.is_empty() {
            text.clone_into(&mut self.move_text);
            self.select_input = true;
        }
    }

    /// Plays a typed move (UCI or SAN) for the side to move, resolved against its own board:
    /// the attempt goes to the referee (or the promotion piece is asked first); otherwise the
    /// line is [unusable](PlayScreen::unusable).
    pub(super) fn play_typed(&mut self, text: &str, now: Duration) {
        let mover = self.facts().to_move;
        let resolved = resolve_typed(self.table.view(mover), text);
        match resolved {
            Ok(Typed::Attempt(a)) => {
                let request = self.facts().rules.variant().attempt(a);
                self.request(request, now);
            }
            Ok(Typed::Promotion(a)) => {
                self.entry.selected = None;
                self.entry.promotion = Some(a);
            }
            Err(message) => self.unusable(text, message.to_string()),
        }
    }

    /// Takes this frame's keys for the move field once it has the focus (given by
    /// [`PlayScreen::prepare_move_field`] in this very frame when asked): the lines they
    /// complete are queued, the rest stays in the field. At a player's board no move has a '/':
    /// the key that focuses the field leaves no trace.
    pub(super) fn take_typing(&mut self, ui: &egui::Ui) {
        let id = move_input_id();
        if !ui.memory(|m| m.has_focus(id)) {
            return;
        }
        let lines = super::field::take_lines(ui, id, &mut self.move_text);
        let players = self.mode != PlayMode::Referee;
        if players {
            self.move_text.retain(|c| c != '/');
        }
        for mut line in lines {
            if players {
                line.retain(|c| c != '/');
            }
            self.queue_line(line);
        }
    }

    /// Called just before the move field is drawn: gives it the keyboard focus when asked, and
    /// once it has the focus after an unusable line, selects the whole text.
    pub(super) fn prepare_move_field(&mut self, ui: &egui::Ui) {
        let id = move_input_id();
        // Asked until the field has it: a request made while a closing dialog still holds the
        // focus (a modal keeps it for a frame) is made again in the next frame.
        if self.focus_input {
            if ui.memory(|m| m.has_focus(id)) {
                self.focus_input = false;
                self.focus_retried = false;
            } else {
                ui.memory_mut(|m| m.request_focus(id));
                // One more frame to take it; after that the request waits for the next event
                // (a window or dialog that keeps the focus must not make the screen spin).
                if !std::mem::replace(&mut self.focus_retried, true) {
                    ui.ctx().request_repaint();
                }
            }
        }
        if self.select_input && ui.memory(|m| m.has_focus(id)) {
            self.select_input = false;
            let mut state = egui::text_edit::TextEditState::load(ui.ctx(), id).unwrap_or_default();
            state
                .cursor
                .set_char_range(Some(egui::text::CCursorRange::select_all_str(
                    &self.move_text,
                )));
            state.store(ui.ctx(), id);
        }
    }
}

/// A click on a board that takes moves: picks up one of the mover's pieces (`movable`, as that
/// board shows them), puts the selected one down again, or tries it to the clicked square.
pub(super) fn click_intent(
    view: &PlayerView,
    movable: Bitboard,
    selected: Option<Square>,
    sq: Square,
) -> Option<Intent> {
    if movable.contains(sq) && selected != Some(sq) {
        return Some(Intent::Select(Some(sq)));
    }
    match selected {
        Some(from) if from == sq => Some(Intent::Select(None)),
        Some(from) => Some(attempt_intent(view, Attempt::new(from, sq))),
        None => None,
    }
}

/// An attempt from the board: a pawn reaching the last rank first asks for the promotion piece.
pub(super) fn attempt_intent(view: &PlayerView, a: Attempt) -> Intent {
    if promotes(view, a) {
        Intent::AskPromotion(a)
    } else {
        Intent::Attempt(a)
    }
}

/// After "Any?" was answered "Try" the player must attempt pawn captures: read from what the
/// player heard in its current turn. Under rules where one refused pawn capture releases the
/// obligation (English), it ends there.
pub(super) fn bound_to_pawn_captures(view: &PlayerView) -> bool {
    if !view.my_turn() || !view.any_asked {
        return false;
    }
    let Some(turn) = view.turns.last() else {
        return false;
    };
    let side = view.side();
    let mut bound = false;
    for heard in &turn.heard {
        if heard.items.contains(&Item::AnyAnswer(true)) {
            bound = true;
        } else if bound
            && view.rules.any == AnyRule::OneAttempt
            && heard.items.contains(&Item::Illegal)
            && matches!(&heard.request, Some(Request::Try(a)) if side.is_pawn_capture(*a))
        {
            bound = false;
        }
    }
    bound
}
