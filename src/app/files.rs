//! Opening and saving files: the native dialog (rfd, on its own thread so the window never
//! blocks), with an in-app fallback (the app's own file browser, [`super::browser`], and the
//! list of saved games) when no native dialog is available.

use crate::save::SavedGame;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::{Duration, Instant};

/// Which file operation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FileOp {
    /// Open a save (to play on).
    Open,
    /// Open a save to study.
    Study,
    /// Save the game.
    SaveAs,
    /// Export the referee's PGN.
    ExportPgn,
    /// Export the printable scoresheet.
    ExportScoresheet,
    /// Export one player's filtered PGN.
    ExportFilteredPgn(shakmaty::Color),
    /// Choose a folder of the user's own problems.
    ProblemFolder,
    /// Export the board study shows as a picture (PNG or SVG, by the name's extension).
    ExportPicture,
}

impl FileOp {
    fn saves(self) -> bool {
        matches!(
            self,
            FileOp::SaveAs
                | FileOp::ExportPgn
                | FileOp::ExportScoresheet
                | FileOp::ExportFilteredPgn(_)
                | FileOp::ExportPicture
        )
    }

    fn filter(self) -> (&'static str, &'static str) {
        match self {
            FileOp::ExportPgn | FileOp::ExportFilteredPgn(_) => ("PGN", "pgn"),
            FileOp::ExportScoresheet => ("Text", "txt"),
            FileOp::ExportPicture => ("Picture", "png"),
            _ => ("Kriegspiel save", "ron"),
        }
    }

    /// The extensions the dialog offers: opening also takes the files `import` reads
    /// (kriegspiel.org, kriegspiel package and reconchess JSON, PGN), told apart by content.
    fn extensions(self) -> &'static [&'static str] {
        match self {
            FileOp::Open | FileOp::Study => &["ron", "json", "pgn"],
            FileOp::ExportPgn | FileOp::ExportFilteredPgn(_) => &["pgn"],
            FileOp::ExportScoresheet => &["txt"],
            FileOp::ExportPicture => &["png", "svg"],
            _ => &["ron"],
        }
    }
}

/// A save found in the saves folder, described from its metadata only.
#[derive(Clone, Debug)]
pub struct SaveEntry {
    /// The file.
    pub path: PathBuf,
    /// "2026-11-21 · Ann v Bob · Berkeley · 1-0" (no moves, nothing hidden).
    pub summary: String,
    /// The game has ended.
    pub finished: bool,
    /// When the file was last written.
    pub modified: std::time::SystemTime,
}

/// The saves of the user's folder `dir`, with (when `older`) those of an older `./saves`
/// (earlier versions kept games there; marked "in ./saves"; the repository's sample games are
/// shown as such, not here), newest first.
pub fn recent_saves(dir: &Path, older: bool) -> Vec<SaveEntry> {
    let mut out = list_saves(dir);
    if let Some(older) = crate::places::older_saves(dir).filter(|_| older) {
        let sample = |e: &SaveEntry| {
            e.path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("sample-"))
        };
        out.extend(
            list_saves(&older)
                .into_iter()
                .filter(|e| !sample(e))
                .map(|mut e| {
                    e.summary = format!("{} · in ./saves", e.summary);
                    e
                }),
        );
        out.sort_by_key(|e| std::cmp::Reverse(e.modified));
    }
    out
}

/// A tsuitate save's line in the list (read without replaying it).
fn tsuitate_entry(path: PathBuf) -> Option<SaveEntry> {
    let text = crate::save::read_save_text(&path).ok()?;
    let saved = crate::tsuitate::save::peek_str(&text).ok()?;
    let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?;
    let result =
        saved
            .result
            .as_ref()
            .map_or("unfinished".to_owned(), |o| match o.winner.as_deref() {
                Some("black") => "Sente won".to_owned(),
                Some(_) => "Gote won".to_owned(),
                None => "a draw".to_owned(),
            });
    let date = if saved.meta.date.is_empty() {
        "?"
    } else {
        &saved.meta.date
    };
    Some(SaveEntry {
        summary: format!("{date} · Tsuitate shogi (衝立将棋) · {result}"),
        finished: saved.result.is_some(),
        path,
        modified,
    })
}

/// The saves in `dir`, newest first. Reads metadata, not moves.
pub fn list_saves(dir: &Path) -> Vec<SaveEntry> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<SaveEntry> = read
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .filter_map(|path| {
            // Bounded and non-blocking: a pipe or a huge file in the folder is skipped at once.
            let saved: SavedGame = match crate::save::peek_file(&path) {
                Ok(saved) => saved,
                Err(crate::save::LoadError::TsuitateSave) => return tsuitate_entry(path),
                Err(_) => return None,
            };
            let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok()?;
            let name = |s: &str, fallback: &str| {
                if s.is_empty() {
                    fallback.to_owned()
                } else {
                    s.to_owned()
                }
            };
            let result = saved
                .result
                .map_or("unfinished".to_owned(), |o| o.result.pgn().to_owned());
            let summary = format!(
                "{} · {} v {} · {} · {}",
                if saved.meta.date.is_empty() {
                    "?"
                } else {
                    &saved.meta.date
                },
                name(&saved.meta.white, "White"),
                name(&saved.meta.black, "Black"),
                saved.log.rules.title(),
                result
            );
            Some(SaveEntry {
                path,
                summary,
                finished: saved.result.is_some(),
                modified,
            })
        })
        .collect();
    out.sort_by_key(|e| std::cmp::Reverse(e.modified));
    // Two entries that would read the same are told apart by their file names.
    let twins: Vec<bool> = out
        .iter()
        .map(|e| out.iter().filter(|o| o.summary == e.summary).count() > 1)
        .collect();
    for (entry, twin) in out.iter_mut().zip(twins) {
        if twin && let Some(name) = entry.path.file_name() {
            entry.summary = format!("{} · {}", entry.summary, name.to_string_lossy());
        }
    }
    out
}

/// The in-app chooser's width, and its list's height: fixed, so the dialog has its final size
/// from the first frame and nothing moves under the mouse.
const DIALOG_WIDTH: f32 = 520.0;
/// See [`DIALOG_WIDTH`].
const LIST_HEIGHT: f32 = 240.0;

/// The in-app file chooser.
#[derive(Clone, Debug)]
pub struct Fallback {
    /// The operation.
    pub op: FileOp,
    /// The path being typed.
    pub path: String,
    /// Saves to pick from.
    pub saves: Vec<SaveEntry>,
    /// The folders and files around the path.
    pub browser: super::browser::Browser,
}

/// File dialog state.
#[derive(Default)]
pub struct Files {
    pending: Option<(FileOp, Instant, Receiver<Option<PathBuf>>)>,
    /// The in-app chooser, when shown.
    pub fallback: Option<Fallback>,
    /// Use native dialogs (off in tests).
    pub native: bool,
}

impl Files {
    /// File dialogs; `native` tries the system's dialog first.
    pub fn new(native: bool) -> Files {
        Files {
            pending: None,
            fallback: None,
            native,
        }
    }

    /// Starts a file operation.
    pub fn request(&mut self, op: FileOp, dir: &Path, default_name: &str) {
        if self.pending.is_some() {
            return;
        }
        if !self.native {
            self.show_fallback(op, dir, default_name);
            return;
        }
        let (tx, rx) = channel();
        let dir = dir.to_path_buf();
        let name = default_name.to_owned();
        std::thread::spawn(move || {
            let (kind, _) = op.filter();
            let dialog = rfd::FileDialog::new()
                .add_filter(kind, op.extensions())
                .set_directory(&dir);
            let picked = if op.saves() {
                dialog.set_file_name(name).save_file()
            } else if op == FileOp::ProblemFolder {
                rfd::FileDialog::new().set_directory(&dir).pick_folder()
            } else {
                dialog.pick_file()
            };
            let _ = tx.send(picked);
        });
        self.pending = Some((op, Instant::now(), rx));
    }

    fn show_fallback(&mut self, op: FileOp, dir: &Path, default_name: &str) {
        self.fallback = Some(Fallback {
            op,
            path: if op.saves() {
                dir.join(default_name)
                    .with_extension(op.filter().1)
                    .display()
                    .to_string()
            } else {
                String::new()
            },
            saves: if op == FileOp::ProblemFolder {
                Vec::new()
            } else {
                list_saves(dir)
            },
            browser: super::browser::Browser::new(
                dir,
                op.extensions(),
                op == FileOp::ProblemFolder,
                op.saves(),
            ),
        });
    }

    /// Whether a native dialog is open.
    pub fn busy(&self) -> bool {
        self.pending.is_some()
    }

    /// A finished native dialog's choice. A dialog that answers "nothing" at once means there is
    /// no native dialog on this system: the in-app chooser is shown instead.
    pub fn poll(&mut self, dir: &Path, default_name: &str) -> Option<(FileOp, PathBuf)> {
        let (op, started, rx) = self.pending.as_ref()?;
        let (op, started) = (*op, *started);
        match rx.try_recv() {
            Ok(Some(path)) => {
                self.pending = None;
                Some((op, path))
            }
            Ok(None) | Err(TryRecvError::Disconnected) => {
                self.pending = None;
                if started.elapsed() < Duration::from_millis(700) {
                    self.show_fallback(op, dir, default_name);
                }
                None
            }
            Err(TryRecvError::Empty) => None,
        }
    }

    /// Draws the in-app chooser; returns the chosen file.
    pub fn show(&mut self, ctx: &egui::Context) -> Option<(FileOp, PathBuf)> {
        let fb = self.fallback.as_mut()?;
        let mut chosen = None;
        let mut close = false;
        let title = match fb.op {
            FileOp::Open => "Open a game",
            FileOp::Study => "Open a game to study",
            FileOp::SaveAs => "Save the game",
            FileOp::ExportPgn => "Export the PGN",
            FileOp::ExportScoresheet => "Export the scoresheet",
            FileOp::ExportFilteredPgn(_) => "Export the player's PGN",
            FileOp::ProblemFolder => "Open a folder of problems",
            FileOp::ExportPicture => "Export the board as a picture (.png or .svg)",
        };
        egui::Modal::new(egui::Id::unique("file-fallback")).show(ctx, |ui| {
            ui.set_width(DIALOG_WIDTH);
            ui.heading(title);
            let folder = fb.op == FileOp::ProblemFolder;
            let name = if folder { "Folder path" } else { "File path" };
            let entered = fb.browser.show(ui, &mut fb.path, name);
            if !fb.op.saves() && !folder {
                ui.label("Saved games:");
                // The list takes its full size whatever it holds; one line per game.
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .min_scrolled_height(LIST_HEIGHT)
                    .max_height(LIST_HEIGHT)
                    .show(ui, |ui| {
                        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
                        if fb.saves.is_empty() {
                            ui.label("No saved games in this folder.");
                        }
                        for entry in &fb.saves {
                            if ui
                                .selectable_label(
                                    fb.path == entry.path.display().to_string(),
                                    &entry.summary,
                                )
                                .clicked()
                            {
                                fb.path = entry.path.display().to_string();
                            }
                        }
                    });
            }
            ui.horizontal(|ui| {
                let ok = if fb.op.saves() { "Save" } else { "Open" };
                if (ui.button(ok).clicked() || entered)
                    && let Some(path) = fb.browser.confirm(&mut fb.path)
                {
                    chosen = Some((fb.op, path));
                }
                if ui.button("Cancel").clicked() {
                    close = true;
                }
            });
        });
        if chosen.is_some() || close {
            self.fallback = None;
        }
        chosen
    }
}
