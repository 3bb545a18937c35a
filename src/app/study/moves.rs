//! The study screen's move list and comments. The list has every turn that ended, numbered as on a
//! score sheet ("12. Nf3 Nc6"): the real moves in SAN for the referee's perspective and, for a
//! player's, only what that player knew (its own moves in SAN from its own board, the opponent's
//! as [`HIDDEN_MOVE`]). Clicking an entry goes to the point after that move. Under the list, the
//! studier's comment on the point shown ([`SavedGame::comments`]), saved with the game.

use super::{StudyRequest, StudyScreen};
use crate::log::Turn;
use crate::replay::{Perspective, request_text, true_moves};
use crate::save::SavedGame;
use crate::view::PlayerView;
use crate::wording::color_title;
use egui::RichText;
use shakmaty::Color;
use std::collections::HashMap;
use std::path::PathBuf;

/// What the opponent's move shows in a player's move list: the player never saw it.
pub const HIDDEN_MOVE: &str = "??";

/// The accessible label of the comment box.
pub const COMMENT_LABEL: &str = "Comment on this move";

/// The height kept under the move list for the comment box.
const COMMENT_ROOM: f32 = 190.0;

/// One entry of the move list: a turn that ended, as the perspective knew it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    /// The move number.
    pub number: u32,
    /// Who moved.
    pub mover: Color,
    /// The move: SAN (UCI in RBC), or [`HIDDEN_MOVE`] for the opponent's in a player's view.
    pub text: String,
    /// The point before the turn (the index of its first event).
    pub first: usize,
    /// The point after the turn: where clicking the entry goes.
    pub end: usize,
}

impl MoveEntry {
    /// The entry's accessible label, e.g. "Move 12 White Nf3".
    pub fn label(&self) -> String {
        format!(
            "Move {} {} {}",
            self.number,
            color_title(self.mover),
            self.text
        )
    }

    /// Whether the point after `cursor` events lies in this turn (after its first event).
    pub fn holds(&self, cursor: usize) -> bool {
        self.first < cursor && cursor <= self.end
    }
}

fn entry(t: Turn<'_>, text: String) -> MoveEntry {
    MoveEntry {
        number: t.number,
        mover: t.mover,
        text,
        first: t.first,
        end: t.first + t.events.len(),
    }
}

/// The move list of `saved` as `perspective` knew it. The turns' bounds are public (both players
/// know when a turn ends); a player's moves come from its [`PlayerView`] only.
pub fn move_list(saved: &SavedGame, perspective: Perspective) -> Vec<MoveEntry> {
    let log = &saved.log;
    match perspective.color() {
        None => {
            let moves: HashMap<usize, String> = true_moves(log).into_iter().collect();
            log.turns()
                .filter(|t| t.ended)
                .map(|t| {
                    let text = t
                        .indexed()
                        .filter_map(|(i, _)| moves.get(&i))
                        .last()
                        .cloned()
                        .or_else(|| t.events.last().map(|e| request_text(&e.request)))
                        .unwrap_or_else(|| "--".to_owned());
                    entry(t, text)
                })
                .collect()
        }
        Some(color) => {
            // The view's turn k (after the start, turn 0) is the log's turn k - 1.
            let view = PlayerView::build(log, color);
            log.turns()
                .zip(view.turns.iter().skip(1))
                .filter(|(t, _)| t.ended)
                .map(|(t, seen)| {
                    let text = if t.mover == color && seen.mover == Some(color) {
                        seen.heard
                            .iter()
                            .rev()
                            .find_map(|h| h.written.as_ref().map(|w| w.san.clone()))
                            .or_else(|| {
                                seen.heard
                                    .iter()
                                    .rev()
                                    .find_map(|h| h.request.as_ref().map(request_text))
                            })
                            .unwrap_or_else(|| "--".to_owned())
                    } else {
                        HIDDEN_MOVE.to_owned()
                    };
                    entry(t, text)
                })
                .collect()
        }
    }
}

/// The list's rows: (move number, White's entry, Black's entry), as indices into `entries`.
fn rows(entries: &[MoveEntry]) -> Vec<(u32, [Option<usize>; 2])> {
    let mut rows: Vec<(u32, [Option<usize>; 2])> = Vec::new();
    for (k, e) in entries.iter().enumerate() {
        if e.mover == Color::Black
            && let Some((number, cells)) = rows.last_mut()
            && *number == e.number
            && cells[1].is_none()
        {
            cells[1] = Some(k);
            continue;
        }
        let cells = match e.mover {
            Color::White => [Some(k), None],
            Color::Black => [None, Some(k)],
        };
        rows.push((e.number, cells));
    }
    rows
}

impl StudyScreen {
    /// Sets the file the game was loaded from: "Save comments" writes back to it.
    pub fn with_path(mut self, path: PathBuf) -> StudyScreen {
        self.path = Some(path);
        self
    }

    /// Records that the game, comments included, was just written to `path` (by the app's "Save
    /// as"): later saves go there.
    pub fn saved_to(&mut self, path: PathBuf) {
        self.path = Some(path);
        self.unsaved = false;
    }

    /// Whether comments were changed since the game was last saved.
    pub fn comments_unsaved(&self) -> bool {
        self.unsaved
    }

    /// Saves the game with its comments: written back atomically to the file it came from, or,
    /// when there is none, a request for the app to ask for a file.
    pub fn save_comments(&mut self) -> Option<StudyRequest> {
        let Some(path) = &self.path else {
            return Some(StudyRequest::SaveAs);
        };
        match self.saved.write(path) {
            Ok(()) => {
                self.unsaved = false;
                self.notice = Some(format!("Comments saved to {}", path.display()));
            }
            Err(e) => {
                self.notice = Some(format!("Could not save {}: {e}", path.display()));
            }
        }
        None
    }

    /// The move list of the perspective shown (kept: the game does not change while studied).
    pub fn move_entries(&mut self) -> &[MoveEntry] {
        if self
            .moves
            .as_ref()
            .is_none_or(|(p, _)| *p != self.perspective)
        {
            self.moves = Some((self.perspective, move_list(&self.saved, self.perspective)));
        }
        match &self.moves {
            Some((_, m)) => m.as_slice(),
            None => &[],
        }
    }

    /// The side panel: the move list, then the comment on the point shown.
    pub(super) fn moves_panel(&mut self, ui: &mut egui::Ui, requests: &mut Vec<StudyRequest>) {
        ui.heading("Moves");
        let entries = self.move_entries().to_vec();
        let cursor = self.cursor();
        let mut jump = None;
        let mut scrolled = false;
        let mut area = egui::ScrollArea::vertical()
            .id_salt("study-moves")
            .max_height((ui.available_height() - COMMENT_ROOM).max(80.0))
            .auto_shrink([false, false]);
        // At the start no move is selected: the list shows its first moves (its offset is
        // kept from the last game studied otherwise), as the timeline does.
        if cursor == 0 && self.moves_scrolled_to != 0 {
            area = area.vertical_scroll_offset(0.0);
            scrolled = true;
        }
        area.show(ui, |ui| {
            egui::Grid::new("study-move-grid")
                .num_columns(3)
                .striped(true)
                .show(ui, |ui| {
                    for (number, cells) in rows(&entries) {
                        ui.label(format!("{number}."));
                        for cell in cells {
                            let Some(e) = cell.and_then(|k| entries.get(k)) else {
                                ui.label("");
                                continue;
                            };
                            let current = e.holds(cursor);
                            let notes: Vec<&str> = self
                                .saved
                                .comments
                                .range(e.first + 1..=e.end)
                                .map(|(_, c)| c.as_str())
                                .collect();
                            let text = if notes.is_empty() {
                                e.text.clone()
                            } else {
                                format!("{} *", e.text)
                            };
                            let mut resp = ui.selectable_label(current, text);
                            if !notes.is_empty() {
                                resp = resp.on_hover_text(notes.join("\n"));
                            }
                            let label = e.label();
                            resp.widget_info(|| {
                                egui::WidgetInfo::selected(
                                    egui::Role::Button,
                                    true,
                                    current,
                                    &label,
                                )
                            });
                            if current && self.moves_scrolled_to != cursor {
                                resp.scroll_to_me(Some(egui::Align::Center));
                                scrolled = true;
                            }
                            if resp.clicked() {
                                jump = Some(e.end);
                            }
                        }
                        ui.end_row();
                    }
                });
        });
        if scrolled {
            self.moves_scrolled_to = cursor;
        }
        if let Some(n) = jump {
            self.seek(n);
        }
        self.comment_box(ui, &entries, requests);
    }

    /// The comment on the point shown, and the button that saves the comments with the game.
    fn comment_box(
        &mut self,
        ui: &mut egui::Ui,
        entries: &[MoveEntry],
        requests: &mut Vec<StudyRequest>,
    ) {
        let cursor = self.cursor();
        ui.separator();
        // The box's accessible name is COMMENT_LABEL; this title says which point it is about.
        let point = match entries.iter().find(|e| e.holds(cursor)) {
            Some(e) => format!(
                "{} {}{} {}",
                if e.end == cursor { "After" } else { "During" },
                e.number,
                e.mover.fold_wb(".", "..."),
                e.text
            ),
            None if cursor == 0 => "At the start".to_owned(),
            None => format!("At event {cursor}"),
        };
        ui.label(RichText::new(format!("Comment · {point}")).strong());
        let mut text = self
            .saved
            .comments
            .get(&cursor)
            .cloned()
            .unwrap_or_default();
        let resp = ui.add(
            egui::TextEdit::multiline(&mut text)
                .id_salt("study-comment")
                .desired_rows(4)
                .desired_width(f32::INFINITY)
                .hint_text("Your note on this move"),
        );
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, COMMENT_LABEL));
        if resp.changed() {
            if text.is_empty() {
                self.saved.comments.remove(&cursor);
            } else {
                self.saved.comments.insert(cursor, text);
            }
            self.unsaved = true;
        }
        ui.horizontal(|ui| {
            if ui.button("Save comments").clicked()
                && let Some(request) = self.save_comments()
            {
                requests.push(request);
            }
            if self.unsaved {
                ui.label(RichText::new("not saved yet").small());
            }
        });
    }
}
