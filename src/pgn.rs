//! PGN export.
//!
//! The referee's PGN holds the real moves in SAN, with each turn's refused attempts and the
//! announcements in comments, the rule set in tags and clock times as `[%clk]`; standard PGN
//! readers load it. A player's filtered PGN holds only what that player knew: its own moves
//! (written from its own board: long algebraic with the captures and checks it heard) and the
//! opponent's moves as `??`, each with what the player heard. Both carry the studier's comments
//! ([`SavedGame::comments`]), each as a PGN comment after the move of the turn it was written in.

use crate::announce::{Audience, Item};
use crate::clock::ClockReading;
use crate::referee::Request;
use crate::replay::{request_text, true_moves};
use crate::rules::RuleSet;
use crate::save::SavedGame;
use crate::view::{PlayerView, ViewTurn};
use crate::wording::{color_title, describe, say};
use shakmaty::{Color, Role};
use std::collections::BTreeMap;
use std::fmt::Write as _;

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A studier's comment as one PGN brace comment: `}` (which would end it; PGN has no escape)
/// becomes `)`, and line breaks and runs of spaces become one space (a line of movetext that
/// starts with `%` would be read as an escape line). `None` for a blank comment.
fn brace_comment(text: &str) -> Option<String> {
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
    tag("Event", or_unknown(&m.event));
    tag("Site", or_unknown(&m.site));
    tag("Date", &date);
    tag("Round", if m.round.is_empty() { "-" } else { &m.round });
    tag("White", or_unknown(&m.white));
    tag("Black", or_unknown(&m.black));
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
    if !m.referee.is_empty() {
        tag("Referee", &m.referee);
    }
    tag("Termination", termination(saved.result));
    if !m.note.is_empty() {
        tag("KriegspielNote", &m.note);
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

/// Wraps movetext tokens at 79 columns.
fn wrap(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut width = 0;
    for t in tokens {
        if width > 0 && width + 1 + t.len() > 79 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(t);
        width += t.len();
    }
    out.push('\n');
    out
}

fn result_text(saved: &SavedGame) -> &'static str {
    saved.result.map_or("*", |o| o.result.pgn())
}

/// The referee's PGN: real moves in SAN, refused attempts and announcements in comments.
pub fn referee_pgn(saved: &SavedGame) -> String {
    let log = &saved.log;
    let wording = log.rules.wording;
    let moves: std::collections::HashMap<usize, String> = true_moves(log).into_iter().collect();
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
    if first.mover == Color::Black {
        tokens.push(format!("{}...", first.number));
    }
    for (turn, (i, e)) in log.turns().flat_map(|t| t.indexed().map(move |ie| (t, ie))) {
        let (to_move, number) = (turn.mover, turn.number);
        let said: Vec<String> = e
            .said
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
        let text = if said.is_empty() {
            "nothing said".to_owned()
        } else {
            said.join(" ")
        };
        match moves.get(&i) {
            Some(san) => {
                if to_move == Color::White {
                    tokens.push(format!("{number}."));
                }
                tokens.push(san.clone());
                let mut comment = notes.join(" ");
                if !comment.is_empty() {
                    comment.push(' ');
                }
                comment.push_str(&text);
                if let Some(reading) = e.clock {
                    comment.push(' ');
                    comment.push_str(&clk(ClockReading::of(&reading, to_move)));
                }
                tokens.push(format!("{{{comment}}}"));
                notes.clear();
                push_comments(&mut tokens, &saved.comments, &mut next_comment, i + 1);
            }
            None => notes.push(format!("{}: {text}.", request_text(&e.request)).replace("..", ".")),
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

/// A player's own move written from its own knowledge: long algebraic, `x` when it heard a
/// capture, `+`/`#` for checks it heard.
fn own_move_text(view_before: &shakmaty::Board, a: crate::Attempt, heard: &[Item]) -> String {
    let role = view_before.role_at(a.from);
    let capture = heard.iter().any(|i| matches!(i, Item::Capture { .. }));
    let mut s =
        if role == Some(Role::King) && a.from.distance(a.to) == 2 && a.from.rank() == a.to.rank() {
            if a.to.file() > a.from.file() {
                "O-O".to_owned()
            } else {
                "O-O-O".to_owned()
            }
        } else {
            let letter = match role {
                Some(Role::Pawn) | None => String::new(),
                Some(r) => r.upper_char().to_string(),
            };
            format!(
                "{letter}{}{}{}",
                a.from,
                if capture { "x" } else { "-" },
                a.to
            )
        };
    if let Some(p) = a.promotion {
        let _ = write!(s, "={}", p.upper_char());
    }
    if heard.contains(&Item::Checkmate) {
        s.push('#');
    } else if heard.iter().any(|i| matches!(i, Item::Check(_))) {
        s.push('+');
    }
    s
}

/// `color`'s filtered PGN: only what that player knew.
pub fn player_pgn(saved: &SavedGame, color: Color) -> String {
    let log = &saved.log;
    let view = PlayerView::build(log, color);
    let start = PlayerView::build_prefix(log, color, 0);
    let mut own = OwnBoard {
        board: start.own,
        castling: start.castling,
        color,
    };
    let mut tokens: Vec<String> = Vec::new();
    // Where each turn ends in the log (turn ends are public), for the studier's comments: the
    // view's turn `k` (after the start, turn 0) is the log's turn `k - 1`.
    let ends: Vec<usize> = log.turns().map(|t| t.first + t.events.len()).collect();
    let mut next_comment = 0;
    let last = view.turns.len().saturating_sub(1);
    for (index, turn) in view.turns.iter().enumerate() {
        if index == last && index > 0 && view.over.is_none() && turn.heard.is_empty() {
            break; // the turn under way, nothing happened in it yet
        }
        let Some(mover) = turn.mover else {
            let items: Vec<Item> = turn
                .heard
                .iter()
                .flat_map(|h| h.items.iter().copied())
                .collect();
            if !items.is_empty() {
                let words = say(&items, log.rules.wording, !color);
                tokens.push(format!("{{Start: {words}}}"));
            }
            push_comments(&mut tokens, &saved.comments, &mut next_comment, 0);
            continue;
        };
        let (played, notes) = own.turn(turn, mover, &log.rules);
        let unfinished = index == last && view.over.is_none();
        let mv = match (mover == color, played) {
            (true, Some(m)) => Some(m),
            (true, None) if unfinished => None,
            (true, None) => Some("--".to_owned()),
            (false, _) if unfinished => None,
            (false, _) => Some("??".to_owned()),
        };
        if let Some(mv) = mv {
            if mover == Color::White {
                tokens.push(format!("{}.", turn.number));
            } else if tokens.last().is_none_or(|t| t.ends_with('}')) {
                tokens.push(format!("{}...", turn.number));
            }
            tokens.push(mv);
        }
        let notes: Vec<String> = notes.into_iter().filter(|n| !n.is_empty()).collect();
        if !notes.is_empty() {
            tokens.push(format!("{{{}}}", notes.join(" | ")));
        }
        if let Some(&end) = index.checked_sub(1).and_then(|k| ends.get(k)) {
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

/// A player's own pieces as its filtered PGN is written: moved by its own moves, a unit
/// removed where it heard it captured.
struct OwnBoard {
    board: shakmaty::Board,
    castling: shakmaty::Bitboard,
    color: Color,
}

impl OwnBoard {
    /// One turn, `mover` to move, as the player heard it: its move's text (when it moved) and
    /// a note for each thing it did or heard.
    fn turn(
        &mut self,
        turn: &ViewTurn,
        mover: Color,
        rules: &RuleSet,
    ) -> (Option<String>, Vec<String>) {
        let color = self.color;
        let mut notes = Vec::new();
        let mut played = None;
        for h in &turn.heard {
            let words = crate::wording::heard_line(&h.items, rules.wording, mover, Some(color));
            match &h.request {
                Some(Request::Try(a)) if h.items.contains(&Item::Legal) => {
                    played = Some(own_move_text(&self.board, *a, &h.items));
                    self.play(*a);
                    notes.push(words);
                }
                Some(Request::Move(_)) if rules.variant().resolves_moves() => {
                    let taken = h.items.iter().find_map(|i| match i {
                        Item::Moved { taken, .. } => Some(*taken),
                        _ => None,
                    });
                    if let Some(taken) = taken {
                        played = Some(taken.map_or("--".to_owned(), |t| t.to_string()));
                        if let Some(t) = taken {
                            self.play(t);
                        }
                    }
                    notes.push(words);
                }
                Some(r) => notes.push(crate::replay::log_entry(Some(r), &words)),
                None if words.is_empty() => {}
                None => {
                    for item in &h.items {
                        if let Item::Capture { square, .. } | Item::Captured(square) = *item
                            && mover != color
                        {
                            self.board.discard_piece_at(square);
                        }
                    }
                    notes.push(words);
                }
            }
        }
        (played, notes)
    }

    /// Plays the player's own move `a`.
    fn play(&mut self, a: crate::Attempt) {
        crate::possible::move_own_piece(&mut self.board, &mut self.castling, self.color, a);
    }
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

    /// 1. e4 e5 with comments at the start, after White's move and after Black's.
    fn commented_game() -> SavedGame {
        let mut game = Game::standard(RuleSet::default());
        for uci in ["e2e4", "e7e5"] {
            let a = crate::Attempt::parse(uci).expect("uci");
            game.apply(Request::Try(a)).expect("legal");
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
        // Each player's first and second move as it wrote them.
        for (color, first, second) in [(Color::White, "e2-e4", "??"), (Color::Black, "??", "e7-e5")]
        {
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
