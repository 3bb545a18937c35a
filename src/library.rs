//! The library: every save in the user's saves folder and every sample game shipped with the
//! program, in one list of [`Entry`] (players, rules, result, date, length, the program it came
//! from: an imported game names its source), sorted by any column ([`sort`]), filtered and
//! searched ([`Filter`]). Listing reads each save's metadata and moves without replaying them
//! (bounded like any save: [`crate::save::peek_file`]); a file that is not a save is left out.
//! The app's Library screen shows it; opening a game (to study or resume) loads it in full.

use crate::import::Format;
use crate::save::{Mode, SavedGame};
use std::cmp::Ordering;
use std::path::{Path, PathBuf};

/// Where a game of the library is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A save in the saves folder.
    File(PathBuf),
    /// A sample game shipped inside the program, by name.
    Sample(&'static str),
}

/// One game of the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Where it is.
    pub origin: Origin,
    /// The file's name without `.ron`, or the sample's name.
    pub name: String,
    /// White's name ("White" when the save names nobody).
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The rule set's title.
    pub rules: String,
    /// The result ("1-0 by checkmate"), or "unfinished".
    pub result: String,
    /// The game has ended.
    pub finished: bool,
    /// The date as saved (`YYYY-MM-DD`, or empty).
    pub date: String,
    /// Moves played (plies: each side's turn counts one).
    pub plies: usize,
    /// The program the game came from: this one (and how it was played) or the source of an
    /// imported game.
    pub program: String,
}

/// The columns a library is sorted by.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    /// The date (then the name).
    Date,
    /// White's name.
    White,
    /// Black's name.
    Black,
    /// The rules.
    Rules,
    /// The result.
    Result,
    /// The length in plies.
    Length,
    /// The source program.
    Program,
    /// The file or sample name.
    Name,
}

impl Column {
    /// Every column, in the order the library shows them.
    pub const ALL: [Column; 8] = [
        Column::Date,
        Column::White,
        Column::Black,
        Column::Rules,
        Column::Result,
        Column::Length,
        Column::Program,
        Column::Name,
    ];

    /// The column's title.
    pub fn title(self) -> &'static str {
        match self {
            Column::Date => "Date",
            Column::White => "White",
            Column::Black => "Black",
            Column::Rules => "Rules",
            Column::Result => "Result",
            Column::Length => "Plies",
            Column::Program => "Source",
            Column::Name => "Name",
        }
    }
}

/// Which games are shown by state.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum State {
    /// Every game.
    #[default]
    All,
    /// Finished games.
    Finished,
    /// Games still to be played on.
    Unfinished,
}

/// Which games are shown by where they are.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Every game.
    #[default]
    All,
    /// The user's saves.
    Saves,
    /// The games imported from other programs.
    Imported,
    /// The sample games.
    Samples,
}

/// A filter and a search over the library.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Words every one of which must appear (in any case) in the game's players, rules,
    /// result, date, source or name.
    pub search: String,
    /// By state.
    pub state: State,
    /// By where the game is.
    pub kind: Kind,
    /// Only this rule set (its title), if given.
    pub rules: Option<String>,
}

/// The source program of a save: an imported game's source (named in its note), else this
/// program and how the game was played.
pub fn program(saved: &SavedGame) -> String {
    let note = &saved.meta.note;
    for (format, name) in [
        (Format::KriegspielOrg, "kriegspiel.org"),
        (Format::KriegspielPackage, "kriegspiel (Python)"),
        (Format::Reconchess, "reconchess"),
        (Format::Pgn, "PGN"),
    ] {
        if note.starts_with(&format!("Imported from a {}", format.title())) {
            return name.to_owned();
        }
    }
    let how = match saved.meta.mode {
        Mode::HotSeat => "hot seat",
        Mode::ClubReferee => "club referee",
        Mode::Practice => "against the computer",
        Mode::Protocol => "protocol",
        Mode::Network => "two machines",
    };
    format!("Kriegspiel ({how})")
}

impl Entry {
    /// The entry of `saved`, found at `origin` under `name`.
    pub fn of(saved: &SavedGame, origin: Origin, name: String) -> Entry {
        let or = |s: &str, fallback: &str| {
            if s.trim().is_empty() {
                fallback.to_owned()
            } else {
                s.to_owned()
            }
        };
        Entry {
            origin,
            name,
            white: or(&saved.meta.white, "White"),
            black: or(&saved.meta.black, "Black"),
            rules: saved.log.rules.title(),
            result: saved.result.map_or("unfinished".to_owned(), |o| {
                format!("{} by {}", o.result.pgn(), o.reason.title())
            }),
            finished: saved.result.is_some(),
            date: saved.meta.date.clone(),
            plies: saved.log.events.iter().filter(|e| e.turn_ends).count(),
            program: program(saved),
        }
    }

    /// Whether the game came from another program.
    pub fn imported(&self) -> bool {
        !self.program.starts_with("Kriegspiel (")
    }

    /// Whether `filter` keeps this game.
    pub fn matches(&self, filter: &Filter) -> bool {
        let state = match filter.state {
            State::All => true,
            State::Finished => self.finished,
            State::Unfinished => !self.finished,
        };
        let sample = matches!(self.origin, Origin::Sample(_));
        let kind = match filter.kind {
            Kind::All => true,
            Kind::Saves => !sample,
            Kind::Imported => self.imported(),
            Kind::Samples => sample,
        };
        let rules = filter.rules.as_ref().is_none_or(|r| *r == self.rules);
        let text = [
            &self.white,
            &self.black,
            &self.rules,
            &self.result,
            &self.date,
            &self.program,
            &self.name,
        ]
        .map(|s| s.to_lowercase())
        .join(" ");
        let words = filter.search.to_lowercase();
        state && kind && rules && words.split_whitespace().all(|w| text.contains(w))
    }
}

/// The saves in `dir` (files ending `.ron` that read as saves), by name.
pub fn saves(dir: &Path) -> Vec<Entry> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<Entry> = read
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .filter_map(|path| {
            let saved = crate::save::peek_file(&path).ok()?;
            let name = path.file_stem()?.to_string_lossy().into_owned();
            Some(Entry::of(&saved, Origin::File(path), name))
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// The sample games shipped with the program.
pub fn samples() -> Vec<Entry> {
    crate::places::samples()
        .into_iter()
        .filter_map(|s| {
            let loaded = crate::save::load_text(s.text).ok()?;
            Some(Entry::of(
                &loaded.saved,
                Origin::Sample(s.name),
                s.name.to_owned(),
            ))
        })
        .collect()
}

/// The whole library: the saves in `dir`, then the samples.
pub fn list(dir: &Path) -> Vec<Entry> {
    let mut out = saves(dir);
    out.extend(samples());
    out
}

/// Compares two entries by `column` (ties by name).
fn compare(a: &Entry, b: &Entry, column: Column) -> Ordering {
    let text = |x: &str, y: &str| x.to_lowercase().cmp(&y.to_lowercase());
    match column {
        Column::Date => a.date.cmp(&b.date),
        Column::White => text(&a.white, &b.white),
        Column::Black => text(&a.black, &b.black),
        Column::Rules => text(&a.rules, &b.rules),
        Column::Result => text(&a.result, &b.result),
        Column::Length => a.plies.cmp(&b.plies),
        Column::Program => text(&a.program, &b.program),
        Column::Name => Ordering::Equal,
    }
    .then_with(|| a.name.cmp(&b.name))
}

/// Sorts `entries` by `column`, descending when asked.
pub fn sort(entries: &mut [Entry], column: Column, descending: bool) {
    entries.sort_by(|a, b| {
        let order = compare(a, b, column);
        if descending { order.reverse() } else { order }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::Game;
    use crate::rules::Preset;
    use crate::save::Meta;

    fn saved(white: &str, black: &str, note: &str, date: &str) -> SavedGame {
        let mut game = Game::standard(Preset::Berkeley.rules());
        for m in ["e2e4", "e7e5"] {
            let a = m.parse().expect("an attempt");
            game.apply(crate::referee::Request::Try(a)).expect("legal");
        }
        let meta = Meta {
            white: white.into(),
            black: black.into(),
            note: note.into(),
            date: date.into(),
            ..Meta::default()
        };
        SavedGame::of(&game, meta, None)
    }

    #[test]
    fn a_folder_and_the_samples_make_one_list_sorted_filtered_and_searched() {
        let dir = tempfile::tempdir().expect("a folder");
        saved("Ann", "Bob", "", "2026-01-02")
            .write(&dir.path().join("a.ron"))
            .expect("written");
        saved(
            "Cy",
            "Di",
            "Imported from a reconchess game history.",
            "2025-05-05",
        )
        .write(&dir.path().join("b.ron"))
        .expect("written");
        std::fs::write(dir.path().join("junk.ron"), "not a save").expect("written");
        let mut all = list(dir.path());
        let samples = crate::places::samples().len();
        assert_eq!(all.len(), 2 + samples, "the junk file is left out");
        let ann = all.iter().find(|e| e.white == "Ann").expect("Ann's game");
        assert_eq!(
            (ann.plies, ann.finished, ann.program.as_str()),
            (2, false, "Kriegspiel (hot seat)")
        );
        assert_eq!(ann.result, "unfinished");
        let cy = all.iter().find(|e| e.white == "Cy").expect("Cy's game");
        assert!(cy.imported() && cy.program == "reconchess");

        sort(&mut all, Column::Date, false);
        assert!(all.windows(2).all(|w| w[0].date <= w[1].date));
        sort(&mut all, Column::Length, true);
        assert!(all.windows(2).all(|w| w[0].plies >= w[1].plies));

        let shown = |f: &Filter| all.iter().filter(|e| e.matches(f)).count();
        let search = |s: &str| Filter {
            search: s.into(),
            ..Filter::default()
        };
        assert_eq!(shown(&search("ann bob")), 1);
        assert_eq!(shown(&search("ANN di")), 0);
        assert_eq!(shown(&search("reconchess")), 1);
        let only = |kind| Filter {
            kind,
            ..Filter::default()
        };
        assert_eq!(shown(&only(Kind::Saves)), 2);
        assert_eq!(shown(&only(Kind::Imported)), 1);
        assert_eq!(shown(&only(Kind::Samples)), samples);
        let unfinished = Filter {
            state: State::Unfinished,
            ..Filter::default()
        };
        assert_eq!(shown(&unfinished), 2, "every sample is finished");
    }
}
