//! The promotion question, asked when a move (clicked or typed) may promote or not: a modal
//! card drawn over the board (so nothing moves when it appears), answered as chess's promotion
//! picker is, by a click or by keys: Tab to a button and Enter or Space presses it; else Enter
//! (or `+`) promotes, the default, `=` (the Western notation's "not promoting") plays the move
//! unpromoted, and Escape (or a click beside the card) cancels the question without sending
//! anything. The keys are taken at the start of the frame, before any field can read them.

use super::{Request, TsuitateScreen};
use egui::{Align2, Order, Pos2, RichText};

/// An answer to the question.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Answer {
    Promote,
    Keep,
    Cancel,
}

/// The keys the card names under its buttons.
const KEYS: &str = "Enter or +: promote · =: don't promote · Esc: cancel";

impl TsuitateScreen {
    /// The question's keys, taken out of this frame's events while a move waits for the answer
    /// (Enter only while none of the card's buttons has the focus: a focused button answers its
    /// own Enter).
    pub(super) fn promotion_keys(&mut self, ctx: &egui::Context) {
        if self.promotion.is_none() {
            return;
        }
        let focused = ctx.memory(|m| m.focused());
        let on_button = focused.is_some_and(|id| self.promotion_buttons.contains(&id));
        let none = egui::Modifiers::NONE;
        let answer = ctx.input_mut(|i| {
            let mut answer = None;
            i.events.retain(|event| {
                let said = match event {
                    egui::Event::Text(t) if t == "+" => Some(Answer::Promote),
                    egui::Event::Text(t) if t == "=" => Some(Answer::Keep),
                    egui::Event::Text(t) if t == "\n" || t == "\r" || t == "\r\n" => None,
                    _ => return true,
                };
                answer = answer.or(said);
                false
            });
            if i.consume_key(none, egui::Key::Escape) {
                answer = answer.or(Some(Answer::Cancel));
            }
            if !on_button && i.consume_key(none, egui::Key::Enter) {
                answer = answer.or(Some(Answer::Promote));
            }
            answer
        });
        if let Some(answer) = answer {
            self.answer_promotion(answer);
        }
    }

    /// Sends the move waiting for the question as `answer` says (or drops it).
    fn answer_promotion(&mut self, answer: Answer) {
        let Some(usi) = self.promotion.take() else {
            return;
        };
        self.promotion_buttons.clear();
        self.focus_entry = true;
        match answer {
            Answer::Promote => self.send(Request::Try(format!("{usi}+"))),
            Answer::Keep => self.send(Request::Try(usi)),
            Answer::Cancel => {}
        }
    }

    /// The promotion question, when a move waits for it: a modal card centred on `at` (over
    /// the board), drawn above everything else so the board does not move.
    pub(super) fn promotion_question(&mut self, ctx: &egui::Context, at: Pos2) {
        let Some(usi) = self.promotion.clone() else {
            return;
        };
        let id = egui::Id::unique("tsuitate-promotion");
        let area = egui::Area::new(id)
            .kind(egui::UiKind::Modal)
            .sense(egui::Sense::hover())
            .order(Order::Foreground)
            .interactable(true)
            .fixed_pos(at)
            .pivot(Align2::CENTER_CENTER);
        let modal = egui::Modal::new(id).area(area).show(ctx, |ui| {
            ui.label(
                RichText::new(format!("Promote with {usi}?")).size(crate::app::theme::TEXT_LARGE),
            );
            let (answer, buttons) = ui
                .horizontal(|ui| {
                    let promote = ui.button("Promote (成)");
                    let keep = ui.button("Don't promote (不成)");
                    let cancel = ui.button("Cancel");
                    let answer = if promote.clicked() {
                        Some(Answer::Promote)
                    } else if keep.clicked() {
                        Some(Answer::Keep)
                    } else if cancel.clicked() {
                        Some(Answer::Cancel)
                    } else {
                        None
                    };
                    (answer, vec![promote.id, keep.id, cancel.id])
                })
                .inner;
            ui.label(KEYS);
            (answer, buttons)
        });
        let (answer, buttons) = modal.inner;
        self.promotion_buttons = buttons;
        let answer = answer.or_else(|| modal.backdrop_response.clicked().then_some(Answer::Cancel));
        if let Some(answer) = answer {
            self.answer_promotion(answer);
        }
    }
}
