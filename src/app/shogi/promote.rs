//! The promotion question, asked when a move (clicked or typed) may promote or not: a modal
//! card drawn above the screen beside the board, where it hides neither the moving piece's
//! square nor the one it goes to (so nothing moves when it appears, and the move asked about
//! stays in sight), answered as chess's promotion
//! picker is, by a click or by keys: Tab to a button and Enter or Space presses it; else Enter
//! (or `+`) promotes, the default, `=` (the Western notation's "not promoting") plays the move
//! unpromoted, and Escape (or a click beside the card) cancels the question without sending
//! anything. The keys are taken at the start of the frame, before any field can read them.

use super::{Request, TsuitateScreen};
use egui::{Align2, Order, Pos2, Rect, RichText, Vec2};
use shogi_core::Square;

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

    /// The promotion question, when a move waits for it: a modal card drawn above everything
    /// else (so the board does not move), placed by [`card_place`] beside the board's squares
    /// (`squares`), never over the move's squares (`cell` gives where a square is drawn).
    pub(super) fn promotion_question(
        &mut self,
        ctx: &egui::Context,
        squares: Rect,
        cell: impl Fn(Square) -> Rect,
    ) {
        let Some(usi) = self.promotion.clone() else {
            return;
        };
        let id = egui::Id::unique("tsuitate-promotion");
        // The card's size as last drawn (before its first frame: about its size).
        let size = ctx
            .data(|d| d.get_temp::<Vec2>(id))
            .unwrap_or(Vec2::new(380.0, 110.0));
        let moved: Vec<Rect> = move_squares(&usi).into_iter().map(cell).collect();
        let at = card_place(ctx.content_rect(), squares, &moved, size);
        let area = egui::Area::new(id)
            .kind(egui::UiKind::Modal)
            .sense(egui::Sense::hover())
            .order(Order::Foreground)
            .interactable(true)
            .fixed_pos(at)
            .pivot(Align2::LEFT_TOP);
        // A light backdrop: the board stays legible under it.
        let modal = egui::Modal::new(id)
            .area(area)
            .backdrop_color(egui::Color32::from_black_alpha(40))
            .show(ctx, |ui| {
                ui.label(
                    RichText::new(format!("Promote with {usi}?"))
                        .size(crate::app::theme::TEXT_LARGE),
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
        ctx.data_mut(|d| d.insert_temp(id, modal.response.rect.size()));
        self.promotion_buttons = buttons;
        let answer = answer.or_else(|| modal.backdrop_response.clicked().then_some(Answer::Cancel));
        if let Some(answer) = answer {
            self.answer_promotion(answer);
        }
    }
}

/// The from- and to-square of a move in USI (`8h2b`); none of a drop.
fn move_squares(usi: &str) -> Vec<Square> {
    let square = |b: &[u8]| match b {
        [file @ b'1'..=b'9', rank @ b'a'..=b'i'] => Square::new(file - b'0', rank - b'a' + 1),
        _ => None,
    };
    let b = usi.as_bytes();
    [b.get(0..2), b.get(2..4)]
        .into_iter()
        .flatten()
        .filter_map(square)
        .collect()
}

/// Where the card of `size` goes: beside the board's squares (`squares`) at the right, else at
/// the left, else below or above them, the first place inside `screen`; where none is (a
/// window too small), over the board's half away from the move's squares (`moved`), and in any
/// case never over them.
fn card_place(screen: Rect, squares: Rect, moved: &[Rect], size: Vec2) -> Pos2 {
    const GAP: f32 = 12.0;
    let row = moved.last().map_or(squares.top(), |r| r.top());
    let top = row.clamp(screen.top(), (screen.bottom() - size.y).max(screen.top()));
    let beside = [
        Pos2::new(squares.right() + GAP, top),
        Pos2::new(squares.left() - GAP - size.x, top),
        Pos2::new(squares.left(), squares.bottom() + GAP),
        Pos2::new(squares.left(), squares.top() - GAP - size.y),
    ];
    let fits = |at: &Pos2| screen.contains_rect(Rect::from_min_size(*at, size));
    let hides = |at: &Pos2| {
        let card = Rect::from_min_size(*at, size);
        moved.iter().any(|r| r.intersects(card))
    };
    if let Some(at) = beside.into_iter().find(fits) {
        return at;
    }
    // Over the board: its top, middle or bottom, whichever leaves the move in sight.
    let over = [0.0, 0.5, 1.0].map(|share| {
        let y = squares.top() + (squares.height() - size.y).max(0.0) * share;
        Pos2::new(screen.left().max(squares.center().x - size.x / 2.0), y)
    });
    over.into_iter().find(|at| !hides(at)).unwrap_or(over[0])
}

#[cfg(test)]
mod tests {
    use super::{card_place, move_squares};
    use egui::{Pos2, Rect, Vec2};
    use shogi_core::Square;

    #[test]
    fn the_card_goes_beside_the_board_or_else_never_over_the_move() {
        assert_eq!(
            move_squares("8h2b"),
            vec![Square::new(8, 8).unwrap(), Square::new(2, 2).unwrap()]
        );
        assert!(move_squares("B*5e").len() == 1 && move_squares("").is_empty());
        let size = Vec2::new(300.0, 100.0);
        let squares = Rect::from_min_size(Pos2::new(10.0, 100.0), Vec2::splat(486.0));
        let moved = [
            Rect::from_min_size(Pos2::new(226.0, 316.0), Vec2::splat(54.0)),
            Rect::from_min_size(Pos2::new(226.0, 262.0), Vec2::splat(54.0)),
        ];
        // A wide window: at the right of the squares.
        let wide = Rect::from_min_size(Pos2::ZERO, Vec2::new(1280.0, 800.0));
        let at = card_place(wide, squares, &moved, size);
        assert!(at.x >= squares.right());
        // A window just as large as the board: over it, but never over the move's squares.
        let tight = Rect::from_min_size(Pos2::ZERO, Vec2::new(500.0, 600.0));
        let at = card_place(tight, squares, &moved, size);
        let card = Rect::from_min_size(at, size);
        assert!(moved.iter().all(|r| !r.intersects(card)), "{card:?}");
    }
}
