//! The Library screen: every save of the saves folder and the sample games in one table
//! ([`crate::library`]), sorted by a click on a column's title, filtered by state, kind and
//! rules, searched as one types (a sample named in words, with what to look at in it); each game opened in study or (a save not finished) resumed.
//! Every control has an accessible label (a row's buttons name their game); only the rows in
//! view are laid out. The saves are
//! listed off the UI thread ([`crate::library::start`]): the screen shows the samples at once
//! and adds each save, in its sorted place, as it is read.

use crate::library::{Column, Entry, Filter, Kind, Origin, State, position, samples, sort};
use crate::listing::Lister;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// What the Library asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LibraryAction {
    /// Study this game.
    Study(Origin),
    /// Resume this unfinished save.
    Resume(PathBuf),
    /// Back to the start screen.
    Back,
}

/// The Library screen's state.
pub struct LibraryScreen {
    /// Every game listed so far (sorted).
    pub entries: Vec<Entry>,
    /// The filter and search.
    pub filter: Filter,
    /// The column sorted by, and whether descending.
    pub sorted: (Column, bool),
    /// The saves' listing, and the window it wakes.
    listing: (Lister, Arc<OnceLock<egui::Context>>),
}

/// The label of the search field.
pub const SEARCH_LABEL: &str = "Search the library";

impl LibraryScreen {
    /// The library of the saves in `dir` (listed off the UI thread) and the samples, newest
    /// first.
    pub fn new(dir: &Path) -> LibraryScreen {
        let (cell, wake) = super::files::waker();
        let mut screen = LibraryScreen {
            entries: samples(),
            filter: Filter::default(),
            sorted: (Column::Date, true),
            listing: (crate::library::start(dir, wake), cell),
        };
        screen.sort_by(Column::Date, true);
        screen
    }

    /// Adds what the listing has read since the last frame, each in its sorted place.
    pub fn poll(&mut self, ctx: &egui::Context) {
        let _ = self.listing.1.set(ctx.clone());
        let (column, descending) = self.sorted;
        for header in self.listing.0.poll() {
            if let Some(entry) = Entry::of_header(&header) {
                let at = position(&self.entries, &entry, column, descending);
                self.entries.insert(at, entry);
            }
        }
    }

    /// Whether every save has been listed.
    pub fn listed(&self) -> bool {
        self.listing.0.done()
    }

    /// Waits at most `within` for the rest of the listing (tests).
    pub fn finish(&mut self, within: std::time::Duration) {
        let headers = self.listing.0.finish(within);
        self.entries
            .extend(headers.iter().filter_map(Entry::of_header));
        let (column, descending) = self.sorted;
        self.sort_by(column, descending);
    }

    /// Sorts by `column`.
    pub fn sort_by(&mut self, column: Column, descending: bool) {
        self.sorted = (column, descending);
        sort(&mut self.entries, column, descending);
    }

    /// The games the filter keeps, in order.
    pub fn shown(&self) -> Vec<&Entry> {
        self.entries
            .iter()
            .filter(|e| e.matches(&self.filter))
            .collect()
    }

    /// Draws the screen.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Option<LibraryAction> {
        let mut action = None;
        self.poll(ui.ctx());
        egui::CentralPanel::default().show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading("Library");
                if ui.button("Back").clicked() {
                    action = Some(LibraryAction::Back);
                }
            });
            self.filters(ui);
            // The games shown, by index, worked out once a frame.
            let shown: Vec<usize> = (0..self.entries.len())
                .filter(|&i| self.entries[i].matches(&self.filter))
                .collect();
            let mut count = format!("{} of {} games", shown.len(), self.entries.len());
            match self.listing.0.report() {
                None => count.push_str(" (listing the saves…)"),
                Some(r) if r.beyond_cap + r.unread > 0 => count.push_str(&format!(
                    " ({} saves not listed: too many files or too large to list)",
                    r.beyond_cap + r.unread
                )),
                Some(_) => {}
            }
            ui.label(count);
            ui.separator();
            // Only the rows in view are laid out (a folder may hold thousands of saves); the
            // titles are the first row.
            let height = ui.spacing().interact_size.y;
            egui::ScrollArea::both()
                .auto_shrink([false, false])
                .show_rows(ui, height, shown.len() + 1, |ui, rows| {
                    self.table(ui, &shown, rows, &mut action);
                });
        });
        action
    }

    /// The search field and the filters.
    fn filters(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label("Search:");
            let resp = ui.add(
                egui::TextEdit::singleline(&mut self.filter.search)
                    .hint_text("players, rules, result, date, source…"),
            );
            resp.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::TextInput, true, SEARCH_LABEL)
            });
            egui::ComboBox::from_label("state")
                .selected_text(state_name(self.filter.state))
                .show_ui(ui, |ui| {
                    for s in [State::All, State::Finished, State::Unfinished] {
                        ui.selectable_value(&mut self.filter.state, s, state_name(s));
                    }
                });
            egui::ComboBox::from_label("games")
                .selected_text(kind_name(self.filter.kind))
                .show_ui(ui, |ui| {
                    for k in [Kind::All, Kind::Saves, Kind::Imported, Kind::Samples] {
                        ui.selectable_value(&mut self.filter.kind, k, kind_name(k));
                    }
                });
            let mut rules: Vec<String> = self.entries.iter().map(|e| e.rules.clone()).collect();
            rules.sort();
            rules.dedup();
            egui::ComboBox::from_label("rules")
                .selected_text(self.filter.rules.as_deref().unwrap_or("any rules"))
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.filter.rules, None, "any rules");
                    for r in rules {
                        let name = r.clone();
                        ui.selectable_value(&mut self.filter.rules, Some(r), name);
                    }
                });
        });
    }

    /// The table: a title row that sorts, then one row per game shown.
    fn table(
        &mut self,
        ui: &mut egui::Ui,
        shown: &[usize],
        rows: std::ops::Range<usize>,
        action: &mut Option<LibraryAction>,
    ) {
        let mut resort = None;
        let height = ui.spacing().interact_size.y;
        egui::Grid::new("library")
            .striped(true)
            .min_row_height(height)
            .spacing([14.0, ui.spacing().item_spacing.y])
            .show(ui, |ui| {
                if rows.start > 0 {
                    for &i in shown.get(rows.start - 1..rows.end - 1).unwrap_or_default() {
                        row(ui, &self.entries[i], action);
                    }
                    return;
                }
                ui.label("");
                for column in Column::ALL {
                    let (now, descending) = self.sorted;
                    let arrow = match (now == column, descending) {
                        (true, true) => " v",
                        (true, false) => " ^",
                        _ => "",
                    };
                    let resp = ui.button(format!("{}{arrow}", column.title()));
                    let label = format!("Sort by {}", column.title());
                    resp.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Button, true, &label)
                    });
                    if resp.clicked() {
                        resort = Some((column, now == column && !descending));
                    }
                }
                ui.end_row();
                let end = rows.end.saturating_sub(1).min(shown.len());
                for &i in &shown[..end] {
                    row(ui, &self.entries[i], action);
                }
            });
        if let Some((column, descending)) = resort {
            self.sort_by(column, descending);
        }
    }
}

/// One game's row: Study and (an unfinished save) Resume, then its fields.
fn row(ui: &mut egui::Ui, e: &Entry, action: &mut Option<LibraryAction>) {
    ui.horizontal(|ui| {
        if labelled_button(ui, "Study", &format!("Study {}", e.name)) {
            *action = Some(LibraryAction::Study(e.origin.clone()));
        }
        if let Origin::File(path) = &e.origin
            && !e.finished
            && labelled_button(ui, "Resume", &format!("Resume {}", e.name))
        {
            *action = Some(LibraryAction::Resume(path.clone()));
        }
    });
    let date = if e.date.is_empty() { "?" } else { &e.date };
    for text in [date, &e.white, &e.black, &e.rules, &e.result] {
        ui.label(text);
    }
    ui.label(e.plies.map_or("?".to_owned(), |n| n.to_string()));
    ui.label(&e.program);
    ui.label(&e.name);
    ui.label(&e.caption);
    ui.end_row();
}

/// A button showing `text`, named `label` for assistive technology; whether it was clicked.
fn labelled_button(ui: &mut egui::Ui, text: &str, label: &str) -> bool {
    let resp = ui.button(text);
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, label));
    resp.clicked()
}

fn state_name(s: State) -> &'static str {
    match s {
        State::All => "finished or not",
        State::Finished => "finished",
        State::Unfinished => "unfinished",
    }
}

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::All => "every game",
        Kind::Saves => "my saves",
        Kind::Imported => "imported",
        Kind::Samples => "samples",
    }
}
