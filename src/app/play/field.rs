//! The keys of a one-line entry field (a move field, the club console, the problem screen), taken
//! from the frame's events in the order they came and applied by [`crate::typing::LineEdit`]
//! before the field is drawn: egui's `TextEdit` sees a frame's keys only as the text they leave,
//! so keys typed faster than frames (an Enter and the next move in one frame) were lost or
//! merged. Each Enter completes a line for the caller to queue; the field keeps the focus.

use crate::typing::{Edit, LineEdit};
use egui::text::{CCursor, CCursorRange};

/// Takes this frame's typing keys out of the events for the field `id` holding `text`, applies
/// them in order and returns the lines completed by an Enter (oldest first); what is typed
/// after the last Enter stays in `text`, with the cursor where the keys left it. Keys the field
/// does not edit with (Tab, Escape, shortcuts with Ctrl) stay in the events.
pub(crate) fn take_lines(ui: &egui::Ui, id: egui::Id, text: &mut String) -> Vec<String> {
    let ctx = ui.ctx();
    let mut state = egui::text_edit::TextEditState::load(ctx, id).unwrap_or_default();
    let len = text.chars().count();
    let (cursor, anchor) = state
        .cursor
        .char_range()
        .map_or((len, len), |r| (r.primary.index.0, r.secondary.index.0));
    let mut field = LineEdit::new(text, cursor, anchor);
    let mut lines = Vec::new();
    let mut touched = false;
    ui.input_mut(|i| {
        i.events.retain(|event| match edit_of(event) {
            Some(edit) => {
                touched = true;
                if let Some(edit) = edit {
                    lines.extend(field.apply(edit));
                }
                false
            }
            None => true,
        })
    });
    if touched {
        field.text().clone_into(text);
        state.cursor.set_char_range(Some(CCursorRange::two(
            CCursor::new(field.anchor()),
            CCursor::new(field.cursor()),
        )));
        state.store(ctx, id);
    }
    lines
}

/// What an event does to a one-line field: `None`, not the field's (left in the events);
/// `Some(None)`, taken and ignored (a line break sent as text, next to its Enter key).
fn edit_of(event: &egui::Event) -> Option<Option<Edit>> {
    match event {
        egui::Event::Text(t) if t == "\n" || t == "\r" || t == "\r\n" => Some(None),
        egui::Event::Text(t) => Some(Some(Edit::Insert(t.clone()))),
        egui::Event::Paste(t) => Some(Some(Edit::Insert(t.clone()))),
        egui::Event::Key {
            key,
            pressed,
            modifiers,
            ..
        } => {
            let command = modifiers.command || modifiers.ctrl;
            let word = command || modifiers.alt;
            let shift = modifiers.shift;
            let edit = match key {
                egui::Key::Enter if !command => Edit::Enter,
                egui::Key::Backspace if word => Edit::BackspaceWord,
                egui::Key::Backspace => Edit::Backspace,
                egui::Key::Delete => Edit::Delete,
                egui::Key::ArrowLeft => Edit::Left(shift),
                egui::Key::ArrowRight => Edit::Right(shift),
                egui::Key::Home => Edit::Home(shift),
                egui::Key::End => Edit::End(shift),
                egui::Key::A if command => Edit::SelectAll,
                _ => return None,
            };
            // A release of a key the field takes is the field's too.
            Some(pressed.then_some(edit))
        }
        _ => None,
    }
}
