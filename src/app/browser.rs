//! The app's own file browser, shown where the system's file dialog is not available (a minimal
//! window manager, a kiosk, a remote X display): the folder's subfolders (into one, up one) and
//! the files the operation takes, the saves and data folders, home and the places recently
//! chosen one click away, and the path field, whose text is kept whole (a folder clicked keeps
//! the file name typed). Enter in the field confirms as the Open or Save button does; an error
//! names its path once. Listing is bounded ([`MAX_ENTRIES`]).

use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The most entries a folder shows (the rest are counted, not listed).
pub const MAX_ENTRIES: usize = 2000;
/// How many recent places are kept.
const RECENT: usize = 5;
/// The list's height.
const LIST_HEIGHT: f32 = 180.0;

/// The folders chosen from lately in this run, newest first.
static RECENT_PLACES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A line of the folder's listing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name shown.
    pub name: String,
    /// Its path.
    pub path: PathBuf,
    /// A folder (entered when clicked) rather than a file (put in the path field).
    pub folder: bool,
}

/// The browser's state: the folder shown and its listing.
#[derive(Clone, Debug)]
pub struct Browser {
    /// The folder listed.
    pub folder: PathBuf,
    /// Its subfolders, then its files with one of [`Browser::extensions`], by name.
    pub entries: Vec<Entry>,
    /// Entries left out past [`MAX_ENTRIES`].
    pub more: usize,
    /// What went wrong last (a folder that cannot be read, a file that is not there).
    pub error: Option<String>,
    /// The extensions of the files listed (none: folders only).
    pub extensions: &'static [&'static str],
    /// Whether the choice is a folder.
    pub folder_only: bool,
    /// Whether the choice is a file to write (it need not exist; its folder must).
    pub saving: bool,
    /// Focus the path field on the first frame, so that typing goes there at once.
    focus: bool,
}

impl Browser {
    /// A browser on `folder` listing the files with `extensions` (choosing a folder when
    /// `folder_only`, a file to write when `saving`).
    pub fn new(
        folder: &Path,
        extensions: &'static [&'static str],
        folder_only: bool,
        saving: bool,
    ) -> Browser {
        let mut b = Browser {
            folder: folder.to_path_buf(),
            entries: Vec::new(),
            more: 0,
            error: None,
            extensions,
            folder_only,
            saving,
            focus: true,
        };
        b.enter(folder);
        b
    }

    /// Shows `folder`; where it cannot be read, the folder shown stays and the error says why.
    pub fn enter(&mut self, folder: &Path) {
        match list(folder, self.extensions) {
            Ok((entries, more)) => {
                self.folder = folder.to_path_buf();
                self.entries = entries;
                self.more = more;
                self.error = None;
            }
            Err(e) => self.error = Some(format!("{}: {e}", folder.display())),
        }
    }

    /// Up one folder.
    pub fn up(&mut self) {
        if let Some(parent) = self.folder.parent().map(Path::to_path_buf) {
            self.enter(&parent);
        }
    }

    /// `typed` as a path: relative to the folder shown.
    fn resolve(&self, typed: &str) -> PathBuf {
        let typed = Path::new(typed.trim());
        if typed.is_absolute() {
            typed.to_path_buf()
        } else {
            self.folder.join(typed)
        }
    }

    /// What Enter or the Open/Save button does with the path field: a file (or, choosing a
    /// folder, a folder) is the choice, remembered among the recent places; a folder while
    /// choosing a file is entered, the field keeping only the file name; nothing typed, or a
    /// path that is not there, is no choice (the error names the path).
    pub fn confirm(&mut self, typed: &mut String) -> Option<PathBuf> {
        if typed.trim().is_empty() {
            return None;
        }
        let path = self.resolve(typed);
        let chosen = if self.folder_only {
            path.is_dir().then(|| path.clone())
        } else if path.is_dir() {
            self.enter(&path);
            if self.error.is_none() {
                typed.clear();
            }
            return None;
        } else if self.saving {
            path.parent()
                .is_some_and(Path::is_dir)
                .then(|| path.clone())
        } else {
            path.is_file().then(|| path.clone())
        };
        match chosen {
            Some(p) => {
                remember(p.parent().filter(|_| !self.folder_only).unwrap_or(&p));
                self.error = None;
                Some(p)
            }
            None => {
                let what = if self.saving {
                    "no such folder to write in"
                } else if self.folder_only {
                    "no such folder"
                } else {
                    "no such file"
                };
                self.error = Some(format!("{}: {what}", path.display()));
                None
            }
        }
    }

    /// The places one click away: the saves and data folders, home, the recent places.
    pub fn places() -> Vec<(String, PathBuf)> {
        let saves = crate::places::saves_dir();
        let mut out = vec![("Saves".to_owned(), saves.clone())];
        if let Some(data) = saves.parent() {
            out.push(("Data".to_owned(), data.to_path_buf()));
        }
        if let Some(home) = directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf()) {
            out.push(("Home".to_owned(), home));
        }
        let recent = RECENT_PLACES.lock().map(|r| r.clone()).unwrap_or_default();
        for p in recent {
            let name = p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            out.push((format!("Recent: {name}"), p));
        }
        out
    }

    /// Draws the places, the folder and its listing and the path field (`path`, accessible as
    /// `field_name`); true when Enter was pressed in the field.
    pub fn show(&mut self, ui: &mut egui::Ui, path: &mut String, field_name: &str) -> bool {
        ui.horizontal_wrapped(|ui| {
            for (name, place) in Browser::places() {
                if ui
                    .small_button(&name)
                    .on_hover_text(place.display().to_string())
                    .clicked()
                {
                    self.enter(&place);
                }
            }
        });
        ui.horizontal(|ui| {
            if ui.button("Up").on_hover_text("The folder above").clicked() {
                self.up();
            }
            ui.add(egui::Label::new(self.folder.display().to_string()).truncate());
        });
        let mut clicked = None;
        egui::ScrollArea::vertical()
            .id_salt("browser-list")
            .auto_shrink([false, false])
            .max_height(LIST_HEIGHT)
            .show(ui, |ui| {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
                for entry in &self.entries {
                    let label = if entry.folder {
                        format!("{}/", entry.name)
                    } else {
                        entry.name.clone()
                    };
                    let selected = !entry.folder && self.resolve(path) == entry.path;
                    if ui.selectable_label(selected, label).clicked() {
                        clicked = Some(entry.clone());
                    }
                }
                if self.more > 0 {
                    ui.weak(format!("… and {} more", self.more));
                }
            });
        if let Some(entry) = clicked {
            if entry.folder {
                // Into the folder, keeping the name typed (a file to write keeps its name).
                let name = Path::new(path.trim()).file_name().map(|n| n.to_owned());
                self.enter(&entry.path);
                *path = match (self.saving, name) {
                    (true, Some(n)) => self.folder.join(n).display().to_string(),
                    _ if self.folder_only => self.folder.display().to_string(),
                    _ => String::new(),
                };
            } else {
                *path = entry.path.display().to_string();
            }
        }
        ui.label(if self.folder_only { "Folder:" } else { "File:" });
        let resp = ui.add(egui::TextEdit::singleline(path).desired_width(f32::INFINITY));
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, field_name));
        if std::mem::take(&mut self.focus) {
            resp.request_focus();
        }
        let entered = resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        entered
    }
}

/// Keeps `folder` first among the recent places.
fn remember(folder: &Path) {
    if let Ok(mut recent) = RECENT_PLACES.lock() {
        recent.retain(|p| p != folder);
        recent.insert(0, folder.to_path_buf());
        recent.truncate(RECENT);
    }
}

/// The subfolders of `folder` and its files with one of `extensions` (hidden ones left out),
/// each kind by name; at most [`MAX_ENTRIES`], the others counted.
pub fn list(folder: &Path, extensions: &[&str]) -> Result<(Vec<Entry>, usize), std::io::Error> {
    let mut entries = Vec::new();
    let mut more = 0;
    for item in std::fs::read_dir(folder)? {
        let Ok(item) = item else { continue };
        let name = item.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let path = item.path();
        // Follows links, so a link to a folder is a folder.
        let folder = path.is_dir();
        let wanted = folder
            || path
                .extension()
                .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)));
        if !wanted {
            continue;
        }
        if entries.len() >= MAX_ENTRIES {
            more += 1;
            continue;
        }
        entries.push(Entry { name, path, folder });
    }
    entries.sort_by(|a, b| (!a.folder, &a.name).cmp(&(!b.folder, &b.name)));
    Ok((entries, more))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::create_dir(dir.path().join("games")).expect("mkdir");
        std::fs::create_dir(dir.path().join(".hidden")).expect("mkdir");
        for name in ["b.ron", "a.pgn", "notes.txt", "games/deep.ron"] {
            std::fs::write(dir.path().join(name), "x").expect("write");
        }
        dir
    }

    #[test]
    fn a_folder_lists_its_subfolders_then_the_files_taken() {
        let dir = tree();
        let b = Browser::new(dir.path(), &["ron", "pgn"], false, false);
        let names: Vec<&str> = b.entries.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["games", "a.pgn", "b.ron"]);
        assert!(b.entries[0].folder && !b.entries[1].folder);
        let folders = Browser::new(dir.path(), &[], true, false);
        assert_eq!(folders.entries.len(), 1, "{:?}", folders.entries);
    }

    #[test]
    fn into_a_folder_and_up_again() {
        let dir = tree();
        let mut b = Browser::new(dir.path(), &["ron"], false, false);
        let mut typed = "games".to_owned();
        assert_eq!(b.confirm(&mut typed), None, "a folder typed is entered");
        assert_eq!(b.folder, dir.path().join("games"));
        assert!(typed.is_empty());
        assert_eq!(b.entries.len(), 1);
        let mut typed = "deep.ron".to_owned();
        assert_eq!(
            b.confirm(&mut typed),
            Some(dir.path().join("games/deep.ron")),
            "a name typed is a file of the folder shown"
        );
        b.up();
        assert_eq!(b.folder, dir.path());
        assert!(
            Browser::places()
                .iter()
                .any(|(_, p)| p == &dir.path().join("games"))
        );
    }

    #[test]
    fn a_typed_path_is_kept_whole_and_an_error_names_it_once() {
        let dir = tree();
        let mut b = Browser::new(dir.path(), &["ron"], false, false);
        let missing = dir.path().join("no such game.ron");
        let mut typed = missing.display().to_string();
        assert_eq!(b.confirm(&mut typed), None);
        assert_eq!(typed, missing.display().to_string(), "the field keeps it");
        let error = b.error.clone().expect("an error");
        assert_eq!(error.matches("no such game.ron").count(), 1, "{error}");
        // A folder that cannot be listed: the one shown stays, the error names it once.
        b.enter(&dir.path().join("b.ron"));
        assert_eq!(b.folder, dir.path());
        let error = b.error.clone().expect("an error");
        assert_eq!(error.matches("b.ron").count(), 1, "{error}");
        // Saving: a new file in a folder that is there is a choice, in one that is not, not.
        let mut s = Browser::new(dir.path(), &["ron"], false, true);
        let mut typed = "new.ron".to_owned();
        assert_eq!(s.confirm(&mut typed), Some(dir.path().join("new.ron")));
        let mut typed = "nowhere/new.ron".to_owned();
        assert_eq!(s.confirm(&mut typed), None);
        assert!(s.error.is_some());
    }

    #[test]
    fn a_folder_with_more_entries_than_shown_counts_them() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        for i in 0..MAX_ENTRIES + 3 {
            std::fs::write(dir.path().join(format!("{i}.ron")), "").expect("write");
        }
        let (entries, more) = list(dir.path(), &["ron"]).expect("listed");
        assert_eq!((entries.len(), more), (MAX_ENTRIES, 3));
    }
}
