//! The library: every save in the user's saves folder and every sample game shipped with the
//! program, in one list of [`Entry`] (players, rules, result, date, length, the program it came
//! from: an imported game names its source; a sample's name in words and its caption, what to
//! look at), sorted by any column ([`sort`]), filtered and searched ([`Filter`]). Listing reads only each save's head and tail, off the UI thread
//! ([`crate::listing`]: within its cap, newest first); a file that is not a save is left out.
//! The app's Library screen shows it; opening a game (to study or resume) loads it in full.

use crate::import::Format;
use crate::listing::{Cap, Game, Glance, Header, Lister, Source};
use crate::save::{Meta, Mode, SavedGame};
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
    /// The file's name without `.ron`, or a sample's name in words (its rules' title, never
    /// its file's id).
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
    /// Moves played (plies: each side's turn counts one), when the save was read whole (a save
    /// larger than the listing's cap is told from its head and tail only).
    pub plies: Option<usize>,
    /// The program the game came from: this one (and how it was played) or the source of an
    /// imported game.
    pub program: String,
    /// What to look at in the game, in one line (the samples'; empty in most saves).
    pub caption: String,
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
    /// The caption: what to look at.
    About,
}

impl Column {
    /// Every column, in the order the library shows them.
    pub const ALL: [Column; 9] = [
        Column::Date,
        Column::White,
        Column::Black,
        Column::Rules,
        Column::Result,
        Column::Length,
        Column::Program,
        Column::Name,
        Column::About,
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
            Column::About => "About",
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
    /// result, date, source, name or caption.
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
    program_of(&saved.meta)
}

/// [`program`] from a save's metadata.
pub fn program_of(meta: &Meta) -> String {
    let note = &meta.note;
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
    let how = match meta.mode {
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
        let glance = crate::listing::glance::of_saved(saved);
        match Entry::of_glance(&glance, origin.clone(), name.clone()) {
            Some(entry) => entry,
            None => unreachable!("a chess save's glance is a chess game"),
        }
    }

    /// The entry of a save told by `glance`: a chess save, or another game's (its rules column
    /// the game's title, its result in that game's words, its players as the save names them).
    pub fn of_glance(glance: &Glance, origin: Origin, name: String) -> Option<Entry> {
        let or = |s: &str, fallback: &str| {
            if s.trim().is_empty() {
                fallback.to_owned()
            } else {
                s.to_owned()
            }
        };
        let meta = &glance.meta;
        let (rules, result, plies) = match &glance.game {
            Game::Chess {
                rules,
                result,
                plies,
            } => (rules, result, plies),
            Game::Other { kind, result } => {
                return Some(Entry {
                    origin,
                    name,
                    white: or(&meta.white, "?"),
                    black: or(&meta.black, "?"),
                    rules: kind.long_title().to_owned(),
                    result: match (result, &meta.abandoned) {
                        (Some(words), _) => words.clone(),
                        (None, Some(_)) => "abandoned".to_owned(),
                        (None, None) => "unfinished".to_owned(),
                    },
                    finished: result.is_some() || meta.abandoned.is_some(),
                    date: meta.date.clone(),
                    plies: None,
                    program: program_of(meta),
                    caption: meta.caption.clone(),
                });
            }
        };
        Some(Entry {
            origin,
            name,
            white: or(&meta.white, "White"),
            black: or(&meta.black, "Black"),
            rules: rules.title(),
            result: match (result, &meta.abandoned) {
                (Some(o), _) => format!("{} by {}", o.result.pgn(), o.reason.title()),
                (None, Some(_)) => "abandoned".to_owned(),
                (None, None) => "unfinished".to_owned(),
            },
            finished: result.is_some() || meta.abandoned.is_some(),
            date: meta.date.clone(),
            plies: *plies,
            program: program_of(meta),
            caption: meta.caption.clone(),
        })
    }

    /// The entry of a save a listing read (`None` for another game's save).
    pub fn of_header(header: &Header) -> Option<Entry> {
        let name = header.path.file_stem()?.to_string_lossy().into_owned();
        Entry::of_glance(&header.glance, Origin::File(header.path.clone()), name)
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
            &self.caption,
        ]
        .map(|s| s.to_lowercase())
        .join(" ");
        let words = filter.search.to_lowercase();
        state && kind && rules && words.split_whitespace().all(|w| text.contains(w))
    }
}

/// Starts listing the saves of `dir` off the calling thread ([`crate::listing`]); `wake` is
/// called when entries arrive ([`Entry::of_header`] makes them library entries).
pub fn start(dir: &Path, wake: impl Fn() + Send + 'static) -> Lister {
    let source = Source {
        dir: dir.to_path_buf(),
        older: false,
    };
    Lister::start(vec![source], Cap::default(), wake)
}

/// The saves in `dir` (files ending `.ron` that read as saves), by name, waiting at most
/// `within` for the listing (for the command line and tests; a screen polls [`start`]).
pub fn saves(dir: &Path, within: std::time::Duration) -> Vec<Entry> {
    let mut out: Vec<Entry> = start(dir, || {})
        .finish(within)
        .iter()
        .filter_map(Entry::of_header)
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// The sample games shipped with the program (told from their text, as saves are listed, once),
/// in the order of their rules' presets; each named in words by its rules' title.
pub fn samples() -> Vec<Entry> {
    static SAMPLES: std::sync::OnceLock<Vec<Entry>> = std::sync::OnceLock::new();
    SAMPLES
        .get_or_init(|| {
            let mut entries: Vec<(usize, Entry)> = crate::places::samples()
                .into_iter()
                .filter_map(|s| {
                    let glimpse = crate::save::Glimpse {
                        head: s.text.to_owned(),
                        tail: None,
                        len: s.text.len() as u64,
                    };
                    let glance = crate::listing::glance::glance(&glimpse).ok()?;
                    let Game::Chess { rules, .. } = &glance.game else {
                        return None;
                    };
                    let order = rules.preset().map_or(usize::MAX, |p| {
                        crate::rules::Preset::ALL
                            .iter()
                            .position(|&q| q == p)
                            .unwrap_or(usize::MAX)
                    });
                    let entry = Entry::of_glance(&glance, Origin::Sample(s.name), rules.title())?;
                    Some((order, entry))
                })
                .collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.name.cmp(&b.1.name)));
            entries.into_iter().map(|(_, e)| e).collect()
        })
        .clone()
}

/// The whole library: the saves in `dir` (waiting at most `within` for them), then the samples.
pub fn list(dir: &Path, within: std::time::Duration) -> Vec<Entry> {
    let mut out = saves(dir, within);
    out.extend(samples());
    out
}

/// Where `entry` goes in `entries` sorted by `column` (descending when asked).
pub fn position(entries: &[Entry], entry: &Entry, column: Column, descending: bool) -> usize {
    entries.partition_point(|e| {
        let order = compare(e, entry, column);
        let order = if descending { order.reverse() } else { order };
        order != Ordering::Greater
    })
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
        Column::About => text(&a.caption, &b.caption),
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
        let mut all = list(dir.path(), std::time::Duration::from_secs(60));
        let samples = crate::places::samples().len();
        assert_eq!(all.len(), 2 + samples, "the junk file is left out");
        let ann = all.iter().find(|e| e.white == "Ann").expect("Ann's game");
        assert_eq!(
            (ann.plies, ann.finished, ann.program.as_str()),
            (Some(2), false, "Kriegspiel (hot seat)")
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
