//! PGN export, standard PGN that other programs read (pgn-reader and python-chess load every
//! file the tests export without an error).
//!
//! The referee's PGN holds the real moves in SAN, with each turn's refused attempts (in SAN
//! from the mover's pieces, as the mover reads them) and the announcements in comments, the rule set in tags and clock times as `[%clk]`. Reconnaissance
//! Blind Chess is not chess to a PGN reader (a king may be left in check, and is taken), so its
//! referee's PGN is a transcript: no move tokens, each move in SAN in the comment of its turn.
//!
//! A player's PGN holds only what that player knew, and is always such a transcript: one
//! comment per turn, in the words of the player's log ("1. White (you): Nf3: Legal.",
//! "1... Black: Black moved."), its own moves and refused attempts in SAN from its own board.
//! The opponent's moves are unknown, and the player's own moves cannot be move tokens either:
//! a reader plays every token on its own board, where the opponent's pieces it cannot know are
//! missing (or frozen on their start squares), so it refuses the player's pawn captures and any
//! move through a square it believes occupied. Null moves (`--`, `Z0`) are no help: they are
//! not in the PGN standard, many readers refuse them, and they would not make the own moves
//! readable. A game with no move tokens and comments only is plain standard PGN that every
//! reader loads, tags and result included.
//!
//! Both carry the studier's comments ([`SavedGame::comments`]), each as a PGN comment after the
//! turn it was written in.

use crate::announce::{Audience, Item};
use crate::clock::ClockReading;
use crate::replay::record::{Head, Notation, turn_words};
use crate::replay::{refused_attempts, request_text, true_moves};
use crate::save::SavedGame;
use crate::untrusted::clean_name;
use crate::view::PlayerView;
use crate::wording::{color_title, describe, say};
use shakmaty::Color;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// A tag value as the PGN standard writes a string: a backslash and a double quote escaped,
/// and no character a string may not hold (a line break, a tab, any other control character or
/// direction override becomes a space).
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if crate::untrusted::is_unsafe(c) => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A studier's comment as one PGN brace comment: `}` (which would end it; PGN has no escape)
/// becomes `)`, and line breaks, other control characters and runs of spaces become one space (a line of movetext that
/// starts with `%` would be read as an escape line). `None` for a blank comment.
fn brace_comment(text: &str) -> Option<String> {
    let text: String = text
        .chars()
        .map(|c| {
            if crate::untrusted::is_unsafe(c) {
                ' '
            } else {
                c
            }
        })
        .collect();
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return None;
    }
    Some(format!("{{{}}}", words.join(" ").replace('}', ")")))
}

/// Pushes the studier's comments at the points `*next..=upto` (see [`SavedGame::comments`]) and
/// moves `*next` past them.
fn push_comments(
    tokens: &mut Vec<String>,
    comments: &BTreeMap<usize, String>,
    next: &mut usize,
    upto: usize,
) {
    if *next > upto {
        return;
    }
    tokens.extend(
        comments
            .range(*next..=upto)
            .filter_map(|(_, text)| brace_comment(text)),
    );
    *next = upto.saturating_add(1);
}

fn or_unknown(s: &str) -> &str {
    if s.is_empty() { "?" } else { s }
}

fn clk(ms: u64) -> String {
    let s = ms / 1000;
    format!("[%clk {}:{:02}:{:02}]", s / 3600, (s / 60) % 60, s % 60)
}

/// The PGN `Termination` tag for a result.
fn termination(over: Option<crate::announce::Over>) -> &'static str {
    use crate::announce::EndReason;
    match over.map(|o| o.reason) {
        None => "unterminated",
        Some(EndReason::Timeout) => "time forfeit",
        Some(EndReason::Adjudication) => "adjudication",
        Some(_) => "normal",
    }
}

/// The seven-tag roster plus Kriegspiel tags.
fn tags(saved: &SavedGame, result: &str, own_view: Option<Color>) -> String {
    let m = &saved.meta;
    let date = if m.date.is_empty() {
        "????.??.??".to_owned()
    } else {
        m.date.replace('-', ".")
    };
    let mut t = String::new();
    let mut tag = |k: &str, v: &str| {
        let _ = writeln!(t, "[{k} \"{}\"]", escape(v));
    };
    // Every name is cleaned again here: a save built in memory may hold any text.
    let name = clean_name;
    tag("Event", or_unknown(&name(&m.event)));
    tag("Site", or_unknown(&name(&m.site)));
    tag("Date", &date);
    let round = name(&m.round);
    tag("Round", if round.is_empty() { "-" } else { &round });
    tag("White", or_unknown(&name(&m.white)));
    tag("Black", or_unknown(&name(&m.black)));
    tag("Result", result);
    if let Some(variant) = saved.log.rules.variant().pgn_variant() {
        tag("Variant", variant);
    }
    let rules = &saved.log.rules;
    tag(
        "KriegspielRules",
        rules.preset().map_or("custom", crate::rules::Preset::id),
    );
    if let Ok(flags) = ron::to_string(rules) {
        tag("KriegspielFlags", &flags);
    }
    let referee = name(&m.referee);
    if !referee.is_empty() {
        tag("Referee", &referee);
    }
    tag("Termination", termination(saved.result));
    // The note's lines as one line.
    let note = m
        .note
        .split(|c: char| c.is_whitespace() || crate::untrusted::is_unsafe(c))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    if !note.is_empty() {
        tag("KriegspielNote", &note);
    }
    if let Some(tc) = saved.time_control {
        tag(
            "TimeControl",
            &format!("{}+{}", tc.base_ms / 1000, tc.increment_ms / 1000),
        );
    }
    let standard = crate::setup::is_initial(&saved.log.start);
    // Semi-Kriegspiel: play starts from the position after the placement.
    let start_fen = match saved.log.rules.variant().placing() {
        Some(_) => saved
            .log
            .replay_prefix(1)
            .map(|g| g.referee().fen())
            .unwrap_or_else(|_| crate::setup::setup_fen(saved.log.start.clone())),
        None => crate::setup::setup_fen(saved.log.start.clone()),
    };
    match own_view {
        None if !standard => {
            tag("SetUp", "1");
            tag("FEN", &start_fen);
        }
        Some(c) => {
            tag("Perspective", color_title(c));
            if !standard {
                tag("KriegspielOwnStart", &own_start(&saved.log.start, c));
            }
        }
        None => {}
    }
    t
}

/// The start position with only `color`'s pieces, as a board FEN.
fn own_start(setup: &shakmaty::Setup, color: Color) -> String {
    let mut board = shakmaty::Board::empty();
    for sq in setup.board.by_color(color) {
        if let Some(p) = setup.board.piece_at(sq) {
            board.set_piece_at(sq, p);
        }
    }
    board.to_string()
}

/// Wraps movetext at 79 columns, between tokens or between the words of a comment, never
/// before a word that starts with `%` (a line that starts with `%` is an escape line to a
/// reader) nor inside a command such as `[%clk 0:15:04]`. A word longer than a line stays whole.
fn wrap(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut width = 0;
    let mut in_command = false;
    for word in tokens.iter().flat_map(|t| t.split(' ')) {
        let breakable = !word.starts_with('%') && !in_command;
        in_command = (in_command || word.contains("[%")) && !word.contains(']');
        if width > 0 && width + 1 + word.len() > 79 && breakable {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(word);
        width += word.len();
    }
    out.push('\n');
    out
}

fn result_text(saved: &SavedGame) -> &'static str {
    saved.result.map_or("*", |o| o.result.pgn())
}

/// How a referee's PGN writes one turn's real move: as a move token, or in the transcript.
fn push_move(
    tokens: &mut Vec<String>,
    transcript: bool,
    (mover, number): (Color, u32),
    san: &str,
    comment: &str,
) {
    if transcript {
        let head = format!("{number}{}", mover.fold_wb(".", "..."));
        tokens.push(format!("{{{head} {san}: {comment}}}"));
        return;
    }
    if mover == Color::White {
        tokens.push(format!("{number}."));
    }
    tokens.push(san.to_owned());
    tokens.push(format!("{{{comment}}}"));
}

/// The referee's PGN: real moves in SAN, refused attempts and announcements in comments (a
/// transcript under Reconnaissance Blind Chess, whose moves a chess reader cannot play).
pub fn referee_pgn(saved: &SavedGame) -> String {
    let log = &saved.log;
    let wording = log.rules.wording;
    let transcript = !log.rules.variant().answers_attempts();
    let moves: std::collections::HashMap<usize, String> = true_moves(log).into_iter().collect();
    let refused = refused_attempts(log);
    let first = log.first_turn();
    let mut tokens: Vec<String> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    let opening: Vec<Item> = log.opening.iter().map(|s| s.item).collect();
    if !opening.is_empty() {
        tokens.push(format!(
            "{{Start: {}}}",
            say(&opening, wording, !first.mover)
        ));
    }
    // The studier's comments: each after the move of the turn it was written in.
    let mut next_comment = 0;
    push_comments(&mut tokens, &saved.comments, &mut next_comment, 0);
    if first.mover == Color::Black && !transcript {
        tokens.push(format!("{}...", first.number));
    }
    for (turn, (i, e)) in log.turns().flat_map(|t| t.indexed().map(move |ie| (t, ie))) {
        let (to_move, number) = (turn.mover, turn.number);
        let text = said_to_whom(&e.said, wording);
        match moves.get(&i) {
            Some(san) => {
                let mut comment = notes.join(" ");
                if !comment.is_empty() {
                    comment.push(' ');
                }
                comment.push_str(&text);
                if let Some(reading) = e.clock {
                    comment.push(' ');
                    comment.push_str(&clk(ClockReading::of(&reading, to_move)));
                }
                push_move(&mut tokens, transcript, (to_move, number), san, &comment);
                notes.clear();
                push_comments(&mut tokens, &saved.comments, &mut next_comment, i + 1);
            }
            None => {
                let what = refused
                    .get(&i)
                    .cloned()
                    .unwrap_or_else(|| request_text(&e.request));
                notes.push(format!("{what}: {text}.").replace("..", "."));
            }
        }
    }
    if !notes.is_empty() {
        tokens.push(format!("{{{}}}", notes.join(" ")));
    }
    push_comments(
        &mut tokens,
        &saved.comments,
        &mut next_comment,
        log.events.len(),
    );
    tokens.push(result_text(saved).to_owned());
    format!(
        "{}\n{}",
        tags(saved, result_text(saved), None),
        wrap(&tokens)
    )
}

/// Everything said for one request, each item marked with its audience when only one player
/// heard it ("nothing said" when nothing was).
fn said_to_whom(said: &[crate::announce::Said], wording: crate::rules::Wording) -> String {
    let words: Vec<String> = said
        .iter()
        .filter_map(|s| {
            describe(&s.item, wording).map(|w| match s.to {
                Audience::Both => w,
                Audience::Only(c) => {
                    format!("{} ({} only).", w.trim_end_matches('.'), color_title(c))
                }
            })
        })
        .collect();
    if words.is_empty() {
        "nothing said".to_owned()
    } else {
        words.join(" ")
    }
}

/// `color`'s PGN: only what that player knew, as a transcript (see the module's doc): one
/// comment per turn, its own moves and attempts in SAN, and the result.
pub fn player_pgn(saved: &SavedGame, color: Color) -> String {
    let log = &saved.log;
    let view = PlayerView::build(log, color);
    let mut tokens: Vec<String> = Vec::new();
    // Where each turn ends in the log (turn ends are public), for the studier's comments: the
    // view's turn `k` (after the start, turn 0) is the log's turn `k - 1`.
    let ends: Vec<usize> = log.turns().map(|t| t.first + t.events.len()).collect();
    let mut next_comment = 0;
    for (index, turn) in view.turns.iter().enumerate() {
        let words = turn_words(&view, turn, Notation::San);
        if !words.entries.is_empty() {
            tokens.extend(brace_comment(&words.line(color, Head::Long)));
        }
        let end = match index {
            0 => Some(0),
            k => ends.get(k - 1).copied(),
        };
        if let Some(end) = end {
            push_comments(&mut tokens, &saved.comments, &mut next_comment, end);
        }
    }
    push_comments(
        &mut tokens,
        &saved.comments,
        &mut next_comment,
        log.events.len(),
    );
    let result = view.over.map_or("*", |o| o.result.pgn());
    tokens.push(result.to_owned());
    format!("{}\n{}", tags(saved, result, Some(color)), wrap(&tokens))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::Game;
    use crate::rules::RuleSet;
    use crate::save::Meta;

    #[test]
    fn comments_are_escaped_and_flattened() {
        assert_eq!(
            brace_comment("a {b} c").as_deref(),
            Some("{a {b) c}"),
            "a `}}` would end the comment"
        );
        assert_eq!(
            brace_comment("  two\n%lines\r\n here ").as_deref(),
            Some("{two %lines here}")
        );
        assert_eq!(brace_comment(" \n "), None);
    }

    #[test]
    fn wrapping_keeps_escapes_and_commands_whole() {
        let long = "word ".repeat(15);
        let tokens = vec![
            format!("{{{long}%escape {long}[%clk 0:15:04] {long}}}"),
            "1-0".to_owned(),
        ];
        let text = wrap(&tokens);
        assert!(text.lines().all(|l| !l.starts_with('%')), "{text}");
        assert!(text.contains("[%clk 0:15:04]"), "{text}");
        assert!(
            text.lines().all(|l| l.len() <= 79 + "%escape".len()),
            "{text}"
        );
        assert_eq!(
            text.split_whitespace().collect::<Vec<_>>(),
            tokens.join(" ").split_whitespace().collect::<Vec<_>>()
        );
    }

    /// 1. e4 e5 with comments at the start, after White's move and after Black's.
    fn commented_game() -> SavedGame {
        let mut game = Game::standard(RuleSet::default());
        for uci in ["e2e4", "e7e5"] {
            let a = crate::Attempt::parse(uci).expect("uci");
            game.apply(crate::Request::Try(a)).expect("legal");
        }
        let mut saved = SavedGame::of(&game, Meta::default(), None);
        saved.comments.insert(0, "Before }anything".to_owned());
        saved.comments.insert(1, "Bold".to_owned());
        saved.comments.insert(2, "   ".to_owned());
        saved.comments.insert(9, "past the end".to_owned());
        saved
    }

    fn movetext(pgn: &str) -> &str {
        pgn.split_once("\n\n").map_or("", |(_, m)| m)
    }

    #[test]
    fn the_referees_pgn_writes_each_comment_after_its_move() {
        let pgn = referee_pgn(&commented_game());
        let text = movetext(&pgn);
        let at = |s: &str| text.find(s).unwrap_or_else(|| panic!("{s} in {text}"));
        assert!(at("{Before )anything}") < at("e4"), "{text}");
        assert!(at("e4") < at("{Bold}") && at("{Bold}") < at("e5"), "{text}");
        assert!(
            !text.contains("{}") && !text.contains("past the end"),
            "{text}"
        );
    }

    #[test]
    fn a_players_pgn_writes_the_comments_too() {
        // Each player's first and second move as it knew them.
        for (color, first, second) in [
            (Color::White, "(you): e4", "Black moved"),
            (Color::Black, "White moved", "(you): e5"),
        ] {
            let pgn = player_pgn(&commented_game(), color);
            let text = movetext(&pgn);
            let at = |s: &str| text.find(s).unwrap_or_else(|| panic!("{s} in {text}"));
            assert!(at("{Before )anything}") < at("1."), "{text}");
            assert!(
                at(first) < at("{Bold}") && at("{Bold}") < at(second),
                "{text}"
            );
            assert!(!text.contains("past the end"), "{text}");
        }
    }
}
