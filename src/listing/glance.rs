//! A save told from its head and its tail, without parsing its moves: what a list of saves
//! shows. Saves are written with one field per line at the top and the moves last but one
//! (`format`, `meta`, `time_control`, `log: (rules, start, opening, events: [` one event a line
//! `])`, `markers`, `corrections`, `result`, `comments`), so the head up to the `events:` line
//! holds the metadata and the rules, and the tail, from its line `    result:` on, the result.
//! Each part is read by RON into a shape of only the fields needed (the rest skipped); a text
//! that does not read this way (hand-written, damaged) is parsed in full when it was read
//! whole ([`crate::save::peek_file`]), else it is not told ([`Unread`]).

use crate::announce::Over;
use crate::games::GameKind;
use crate::rules::RuleSet;
use crate::save::{Glimpse, Meta};
use serde::Deserialize;

/// What a save is, as a list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Game {
    /// A chess save.
    Chess {
        /// The rules.
        rules: Box<RuleSet>,
        /// The result, once over.
        result: Option<Over>,
        /// Moves played (each side's turn counts one): known when the file was read whole.
        plies: Option<usize>,
    },
    /// The save of a game with a module of its own ([`crate::games::OtherGame`]).
    Other {
        /// Which game.
        kind: GameKind,
        /// The result in words ("Sente won"), once over.
        result: Option<String>,
    },
}

/// A save as told from its head and tail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glance {
    /// Who, where and when (names cleaned).
    pub meta: Meta,
    /// Which game and how it stands.
    pub game: Game,
}

/// Why a file was not told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unread {
    /// Not a save (no `format:` or another game's version at the top), or a save of a format
    /// this version does not read.
    NotASave,
    /// A save whose head or tail does not read within what was read of it, and which was not
    /// read whole.
    BeyondCap,
    /// A save that was read whole and does not parse.
    Damaged,
}

#[derive(Deserialize)]
struct ChessHead {
    meta: Meta,
    log: LogHead,
}

#[derive(Deserialize)]
struct LogHead {
    rules: RuleSet,
}

#[derive(Deserialize)]
struct ChessTail {
    result: Option<Over>,
}

/// The head of another game's save: its events are at the top level.
#[derive(Deserialize)]
struct OtherHead {
    meta: Meta,
}

/// The offset of the line that opens the list of events (`events:` first on its line): the
/// end of the head. A string in a save never holds a raw line break (RON escapes it), so a
/// line's start is always the file's structure.
fn events_line(text: &str) -> Option<usize> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("events:") {
            return Some(at);
        }
        at += line.len();
    }
    None
}

/// The offset of the last top-level `result:` line (four spaces in, as the program writes).
fn result_line(text: &str) -> Option<usize> {
    let mut found = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with("    result:") {
            found = Some(at);
        }
        at += line.len();
    }
    found
}

/// The plies of a whole save's text: the events (one a line) that end a turn.
fn plies(text: &str, events: usize) -> usize {
    let list = &text[events..];
    if list.trim_start().starts_with("events: []") {
        return 0;
    }
    list.lines()
        .skip(1)
        .take_while(|l| l.trim_start().starts_with('('))
        .filter(|l| l.contains("turn_ends: true"))
        .count()
}

/// The RON of `text`'s head with an empty list of events and `close` after it.
fn head_ron(text: &str, events: usize, close: &str) -> String {
    format!("{}events: []{close}", &text[..events])
}

fn chess(head: &str, tail: &str, whole: bool) -> Option<Glance> {
    let events = events_line(head)?;
    let parsed: ChessHead = ron::from_str(&head_ron(head, events, "))")).ok()?;
    let from = result_line(tail)?;
    let end: ChessTail = ron::from_str(&format!("({}", &tail[from..])).ok()?;
    let mut meta = parsed.meta;
    meta.clean();
    Some(Glance {
        meta,
        game: Game::Chess {
            rules: Box::new(parsed.log.rules),
            result: end.result,
            plies: whole.then(|| plies(head, events)),
        },
    })
}

/// The save of another game, its result read as that game writes it.
fn other(kind: GameKind, head: &str, tail: &str) -> Option<Glance> {
    let events = events_line(head)?;
    let parsed: OtherHead = ron::from_str(&head_ron(head, events, ")")).ok()?;
    let from = result_line(tail)?;
    let result = kind.tail_result(&format!("({}", &tail[from..]))?;
    let mut meta = parsed.meta;
    meta.clean();
    Some(Glance {
        meta,
        game: Game::Other { kind, result },
    })
}

/// The glance of a save parsed in full.
pub fn of_saved(saved: &crate::save::SavedGame) -> Glance {
    Glance {
        meta: saved.meta.clone(),
        game: Game::Chess {
            rules: Box::new(saved.log.rules.clone()),
            result: saved.result,
            plies: Some(saved.log.events.iter().filter(|e| e.turn_ends).count()),
        },
    }
}

/// The glance of another game's save loaded in full (with its journal).
pub fn of_other(game: &crate::games::OtherGame) -> Glance {
    let mut meta = game.meta().clone();
    meta.clean();
    Glance {
        meta,
        game: Game::Other {
            kind: game.kind(),
            result: game.result_words(),
        },
    }
}

/// Tells a save from what was read of it.
pub fn glance(glimpse: &Glimpse) -> Result<Glance, Unread> {
    let head = glimpse.head.as_str();
    let whole = glimpse.tail.is_none();
    let tail = glimpse.tail.as_deref().unwrap_or(head);
    let kind = GameKind::of_save(head);
    if kind != GameKind::Chess {
        if let Some(g) = other(kind, head, tail) {
            return Ok(g);
        }
        if !whole {
            return Err(Unread::BeyondCap);
        }
        let (meta, result) = kind.peek(head).ok_or(Unread::Damaged)?;
        return Ok(Glance {
            meta,
            game: Game::Other { kind, result },
        });
    }
    match crate::save::sniff_format(head) {
        Some(Ok(format)) if (1..=crate::save::FORMAT).contains(&format) => {}
        _ => return Err(Unread::NotASave),
    }
    if let Some(g) = chess(head, tail, whole) {
        return Ok(g);
    }
    if !whole {
        return Err(Unread::BeyondCap);
    }
    crate::save::peek_str(head)
        .map(|saved| of_saved(&saved))
        .map_err(|_| Unread::Damaged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::Game as LogGame;
    use crate::rules::Preset;
    use crate::save::SavedGame;

    fn glimpse_of(text: &str, head: usize, tail: usize) -> Glimpse {
        if text.len() <= head + tail {
            return Glimpse {
                head: text.to_owned(),
                tail: None,
                len: text.len() as u64,
            };
        }
        Glimpse {
            head: text[..head].to_owned(),
            tail: Some(text[text.len() - tail..].to_owned()),
            len: text.len() as u64,
        }
    }

    #[test]
    fn a_save_is_told_from_its_head_and_tail_as_from_its_whole_text() {
        let mut game = LogGame::standard(Preset::Berkeley.rules());
        for m in ["e2e4", "e7e5", "g1f3"] {
            let a = m.parse().expect("an attempt");
            game.apply(crate::referee::Request::Try(a)).expect("legal");
        }
        game.apply(crate::referee::Request::Resign(shakmaty::Color::Black))
            .expect("resigned");
        let meta = Meta {
            white: "Ann".into(),
            note: "events: [ a note\nover two lines".into(),
            ..Meta::default()
        };
        let mut saved = SavedGame::of(&game, meta, None);
        saved.comments.insert(1, "    result: None,\n)".into());
        let text = saved.to_ron();
        let whole = glance(&glimpse_of(&text, text.len(), 0)).expect("told");
        assert_eq!(
            whole,
            of_saved(&crate::save::peek_str(&text).expect("a save"))
        );
        assert!(matches!(
            whole.game,
            Game::Chess {
                plies: Some(3),
                result: Some(_),
                ..
            }
        ));
        let head = text.find("        events: [").expect("the events") + 20;
        let tail = text.len() - text.rfind("    result: Some").expect("the result");
        assert!(head + tail < text.len(), "a part of the file is not read");
        let cut = glance(&glimpse_of(&text, head, tail)).expect("told from head and tail");
        assert_eq!(cut.meta, whole.meta);
        match cut.game {
            Game::Chess { result, plies, .. } => {
                assert_eq!(result, saved.result);
                assert_eq!(plies, None, "not read whole");
            }
            Game::Other { .. } => panic!("a chess save"),
        }
        assert_eq!(
            glance(&glimpse_of(&text, 200, tail)),
            Err(Unread::BeyondCap)
        );
        assert_eq!(glance(&glimpse_of(&text, head, 60)), Err(Unread::BeyondCap));
        assert_eq!(glance(&glimpse_of("hello", 10, 0)), Err(Unread::NotASave));
        let damaged = &text[..text.len() - 40];
        assert_eq!(
            glance(&glimpse_of(damaged, 99_999, 0)),
            Err(Unread::Damaged)
        );
    }

    #[test]
    fn the_first_format_is_told_too() {
        let text = std::fs::read_to_string("tests/data/save-format-1.ron").expect("the file");
        let g = glance(&glimpse_of(&text, 3000, 3000)).expect("told");
        assert_eq!(g.meta.white, "Random 66");
        assert!(matches!(
            g.game,
            Game::Chess {
                result: Some(_),
                ..
            }
        ));
    }
}
