//! Opening and saving files: the native dialog (rfd, on its own thread so the window never
//! blocks), with an in-app fallback (the app's own file browser, [`super::browser`], and the
//! list of saved games) when no native dialog is available; the saves' lists of the start screen
//! and the chooser, read off the UI thread ([`RecentSaves`] over [`crate::listing`]).

use crate::listing::RecentList;
pub use crate::listing::SaveEntry;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, OnceLock};
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

/// A waker for a listing thread: asks the window for a frame once the window is known (the
/// first [`RecentSaves::poll`] tells it), and does nothing before (that frame polls anyway).
pub(super) fn waker() -> (Arc<OnceLock<egui::Context>>, impl Fn() + Send + 'static) {
    let cell: Arc<OnceLock<egui::Context>> = Arc::new(OnceLock::new());
    let shared = Arc::clone(&cell);
    (cell, move || {
        if let Some(ctx) = shared.get() {
            ctx.request_repaint();
        }
    })
}

/// The saves of a folder being listed off the UI thread ([`crate::listing`]): polled each frame,
/// the window woken when more arrive.
pub struct RecentSaves {
    list: RecentList,
    ctx: Arc<OnceLock<egui::Context>>,
}

impl RecentSaves {
    /// Starts listing the user's folder `dir`, with (when `older`) an older `./saves` (earlier
    /// versions kept games there; marked "in ./saves"; the repository's sample games are shown
    /// as such, not here), newest first.
    pub fn start(dir: &Path, older: bool) -> RecentSaves {
        let (ctx, wake) = waker();
        RecentSaves {
            list: RecentList::start(dir, older, wake),
            ctx,
        }
    }

    /// Takes what was read since the last frame (the window `ctx` is woken from now on).
    pub fn poll(&mut self, ctx: &egui::Context) {
        let _ = self.ctx.set(ctx.clone());
        self.list.poll();
    }

    /// The saves read so far, newest first.
    pub fn entries(&self) -> &[SaveEntry] {
        self.list.entries()
    }

    /// Whether every save has been read.
    pub fn done(&self) -> bool {
        self.list.done()
    }

    /// Waits at most `within` for the rest (tests).
    pub fn finish(&mut self, within: Duration) {
        self.list.finish(within);
    }
}

impl super::KriegspielApp {
    /// Whether the start screen's saves have all been read.
    pub fn saves_listed(&self) -> bool {
        self.recent.done()
    }

    /// Waits at most `within` for the start screen's and the Library's listings to end (tests:
    /// the window polls them each frame).
    pub fn finish_listing(&mut self, within: Duration) {
        self.recent.finish(within);
        if let super::Screen::Library(library) = &mut self.screen {
            library.finish(within);
        }
    }
}

/// The in-app chooser's width, and its list's height: fixed, so the dialog has its final size
/// from the first frame and nothing moves under the mouse.
const DIALOG_WIDTH: f32 = 520.0;
/// See [`DIALOG_WIDTH`].
const LIST_HEIGHT: f32 = 240.0;

/// The in-app file chooser.
pub struct Fallback {
    /// The operation.
    pub op: FileOp,
    /// The path being typed.
    pub path: String,
    /// Saves to pick from, listed off the UI thread (none when choosing a folder).
    pub saves: Option<RecentSaves>,
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
            saves: (op != FileOp::ProblemFolder).then(|| RecentSaves::start(dir, false)),
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
                        let Some(saves) = &mut fb.saves else {
                            return;
                        };
                        saves.poll(ui.ctx());
                        if saves.entries().is_empty() {
                            ui.label(if saves.done() {
                                "No saved games in this folder."
                            } else {
                                "Listing the saved games…"
                            });
                        }
                        for entry in saves.entries() {
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
