//! Typed moves on a seat's screen and on the club console: a one-line field whose every key is
//! taken in order ([`crate::app::play::field::take_lines`], each Enter a move of its own), read by
//! [`crate::tsuitate::notation::read_typed`] (USI or the Western notation) against the mover's own
//! pieces only; `resign` (and, on the console, `draw`) too.

use super::{Request, TsuitateMode, TsuitateScreen};
use crate::app::play::field::take_lines;
use crate::tsuitate::notation::{Typed, read_typed};
use crate::tsuitate::referee::own_view;
use egui::RichText;

/// The words under the field.
const HELP: &str = "USI (7g7f, P*5e; 8h2b+ promotes, 8h2b= does not) or Western (P-7f, Bx2b+, \
    S-4h= not to promote, G6h-5h when two can go); resign.";

/// Said when a line is typed while the promotion question waits.
const ANSWER_FIRST: &str = "Answer the promotion question first (Enter promotes, = does not, Esc cancels); your next line is kept in the field.";

impl TsuitateScreen {
    /// The move field, labelled `label` ("Your move:", or "Attempt:" on the console).
    pub(super) fn typed_field(&mut self, ui: &mut egui::Ui, label: &str) {
        ui.horizontal(|ui| {
            let label = ui.label(label);
            // Every key in the order it came, each Enter a move of its own, whatever the
            // frames; the field keeps the focus.
            let id = egui::Id::unique("tsuitate-typed");
            self.claim_keyboard(ui, id);
            if ui.memory(|m| m.has_focus(id)) {
                for line in take_lines(ui, id, &mut self.entry) {
                    self.typed(&line);
                }
                if std::mem::take(&mut self.select_entry) {
                    select_all(ui.ctx(), id, &self.entry);
                }
            }
            // The example is a first move of the side to move.
            let example = match self.to_move() {
                shogi_core::Color::Black => "P-7f",
                shogi_core::Color::White => "P-3d",
            };
            let field = egui::TextEdit::singleline(&mut self.entry)
                .hint_text(example)
                .desired_width(140.0)
                .return_key(None::<egui::KeyboardShortcut>)
                .id(id);
            let response = ui.add(field).labelled_by(label.id);
            if ui.button("Enter").clicked() {
                let line = std::mem::take(&mut self.entry);
                self.typed(&line);
                response.request_focus();
            }
        });
        ui.label(RichText::new(HELP).size(crate::app::theme::TEXT_BODY));
    }

    /// Gives the field `id` the keyboard when it is to take it (the board just opened, a click
    /// landed elsewhere), unless a question is over the screen (the promotion, resigning, the
    /// app's own dialogs): the focus is handed over in this very frame, so the keys of this
    /// frame are the field's already.
    fn claim_keyboard(&mut self, ui: &egui::Ui, id: egui::Id) {
        if !self.focus_entry || self.promotion.is_some() || self.confirm_resign {
            return;
        }
        if ui.memory(|m| m.has_focus(id)) {
            self.focus_entry = false;
        } else if ui.memory(|m| m.allows_interaction(ui.layer_id())) {
            ui.memory_mut(|m| m.request_focus(id));
        }
    }

    /// Sends a typed line: a move read against the mover's own pieces (a question when it may
    /// promote and the text did not say), or `resign`, or (the console) `draw`.
    pub(super) fn typed(&mut self, line: &str) {
        let text = line.trim();
        if text.is_empty() || self.over().is_some() {
            return;
        }
        if self.promotion.is_some() {
            // A line typed on while the question waits (several lines in one frame): kept in
            // the field, never dropped.
            return self.unusable(text, ANSWER_FIRST.to_owned());
        }
        let mover = self.to_move();
        self.refused = None;
        if self.alone() {
            return self.unusable(text, self.waiting_words());
        }
        match text {
            "resign" => return self.send(Request::Resign),
            "draw" if self.mode == TsuitateMode::Club => return self.send(Request::Draw),
            _ => {}
        }
        // The seat's own board; on the console, the mover's pieces of the true position.
        let board = if self.mode == TsuitateMode::Club {
            own_view(self.game().referee().position(), mover)
        } else {
            self.own_board(mover)
        };
        match read_typed(text, &board, mover) {
            Ok(Typed::Attempt(usi)) => self.send(Request::Try(usi)),
            Ok(Typed::AskPromotion(usi)) => self.promotion = Some(usi),
            Err(e) => self.unusable(text, e.to_string()),
        }
    }

    /// A typed line that could not be used: the message says why, and when nothing was typed
    /// after it the line comes back into the field selected, to be corrected (the next
    /// keystrokes replace it; text typed since is never overwritten), as at a chess board.
    fn unusable(&mut self, text: &str, message: String) {
        self.refused = Some(message);
        if self.entry.is_empty() {
            text.clone_into(&mut self.entry);
            self.select_entry = true;
        }
    }
}

/// Selects the whole of the field `id`'s `text`.
fn select_all(ctx: &egui::Context, id: egui::Id, text: &str) {
    let mut state = egui::text_edit::TextEditState::load(ctx, id).unwrap_or_default();
    let all = egui::text::CCursorRange::select_all_str(text);
    state.cursor.set_char_range(Some(all));
    state.store(ctx, id);
}
