//! The official scoresheet of a club game: every attempt with the referee's answer, turn by turn,
//! as printable plain text (fixed width, fits A4 in portrait).

use crate::announce::Item;
use crate::log::{Event, GameLog};
use crate::replay::{request_text, true_moves};
use crate::rules::Wording;
use crate::save::SavedGame;
use crate::wording::{color_title, say_to};
use shakmaty::Color;
use std::collections::HashMap;
use std::fmt::Write as _;

/// The text, or a dash when it is empty.
fn or_dash(s: &str) -> &str {
    if s.is_empty() { "-" } else { s }
}

/// The scoresheet as plain text.
pub fn scoresheet(saved: &SavedGame) -> String {
    let mut out = String::new();
    header(&mut out, saved);
    let _ = writeln!(out, "{}", "-".repeat(78));
    attempts(&mut out, &saved.log);
    let _ = writeln!(out, "{}", "-".repeat(78));
    footer(&mut out, saved);
    out
}

/// The title and the game's particulars: event, date, players, rules, clock and start.
fn header(out: &mut String, saved: &SavedGame) {
    let log = &saved.log;
    let m = &saved.meta;
    let rule = "=".repeat(78);
    let _ = writeln!(out, "{rule}\nKRIEGSPIEL SCORESHEET\n{rule}");
    let _ = writeln!(
        out,
        "Event:   {:<30} Site: {}",
        if m.round.is_empty() {
            or_dash(&m.event).to_owned()
        } else {
            format!("{} (round {})", or_dash(&m.event), m.round)
        },
        or_dash(&m.site)
    );
    let _ = writeln!(
        out,
        "Date:    {:<30} Referee: {}",
        or_dash(&m.date),
        or_dash(&m.referee)
    );
    let _ = writeln!(
        out,
        "White:   {:<30} Black: {}",
        or_dash(&m.white),
        or_dash(&m.black)
    );
    let tc = saved.time_control.map_or("none".to_owned(), |tc| {
        format!("{} min + {} s", tc.base_ms / 60_000, tc.increment_ms / 1000)
    });
    let _ = writeln!(out, "Rules:   {:<30} Clock: {tc}", log.rules.title());
    if !crate::setup::is_initial(&log.start) {
        let _ = writeln!(
            out,
            "Start:   {}",
            crate::setup::setup_fen(log.start.clone())
        );
    }
}

/// The announcements at the start, then every attempt with its answer, turn by turn.
fn attempts(out: &mut String, log: &GameLog) {
    let wording = log.rules.wording;
    let moves: HashMap<usize, String> = true_moves(log).into_iter().collect();
    let opening: Vec<Item> = crate::announce::public(&log.opening).collect();
    if !opening.is_empty() {
        let _ = writeln!(
            out,
            "Start: {}",
            crate::wording::say(&opening, wording, !log.start.turn)
        );
    }
    for turn in log.turns() {
        let head = format!(
            "{:>3}{} {}",
            turn.number,
            turn.mover.fold_wb(". ", "..."),
            color_title(turn.mover)
        );
        let blank = " ".repeat(head.len());
        let entries = turn.indexed().map(|(i, e)| {
            let mover = e.by.unwrap_or(turn.mover);
            entry_text(e, moves.get(&i), wording, mover)
        });
        for (n, entry) in entries.enumerate() {
            for (k, line) in wrap(&entry, 78 - head.len() - 2).into_iter().enumerate() {
                let lead = if n == 0 && k == 0 { &head } else { &blank };
                let _ = writeln!(out, "{lead}  {line}");
            }
        }
    }
}

/// One attempt (with its true move in SAN, if it was one) and what the referee said, to whom.
fn entry_text(e: &Event, san: Option<&String>, wording: Wording, mover: Color) -> String {
    let said: Vec<String> = say_to(&e.said, wording, mover)
        .into_iter()
        .map(|(to, text)| format!("{text} [{}]", to.trim_start_matches("To ")))
        .collect();
    let what = match san {
        Some(san) => format!("{} ({san})", request_text(&e.request)),
        None => request_text(&e.request),
    };
    let said = if said.is_empty() {
        "-".to_owned()
    } else {
        said.join(" ")
    };
    format!("{what}: {said}")
}

/// The result, the arbiter's note, the referee's corrections and the signature line.
fn footer(out: &mut String, saved: &SavedGame) {
    match saved.result {
        Some(o) => {
            let _ = writeln!(out, "Result: {}", o.title());
        }
        None => {
            let _ = writeln!(out, "Result: game not finished");
        }
    }
    if !saved.meta.note.is_empty() {
        let _ = writeln!(out, "Arbiter's note:");
        for line in wrap(&saved.meta.note, 74) {
            let _ = writeln!(out, "  {line}");
        }
    }
    if !saved.corrections.is_empty() {
        let _ = writeln!(out, "Corrections by the referee:");
        for c in &saved.corrections {
            let removed: Vec<String> = c.removed.iter().map(|e| request_text(&e.request)).collect();
            let _ = writeln!(
                out,
                "  after entry {}: took back {} ({})",
                c.at,
                removed.join(", "),
                c.note
            );
        }
    }
    let _ = writeln!(
        out,
        "\nSignatures:  White ____________  Black ____________  Referee ____________"
    );
}

/// Words wrapped into lines of at most `width` characters (a longer word on a line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    #[test]
    fn scoresheet_lists_every_attempt_and_the_result() {
        let mut game = crate::log::Game::standard(Preset::Wild16.rules());
        for m in ["e2e5", "e2e4", "d7d5", "e4d5"] {
            game.apply(crate::Request::Try(crate::Attempt::parse(m).expect("uci")))
                .expect("ok");
        }
        game.apply(crate::Request::Resign(shakmaty::Color::Black))
            .expect("ok");
        let saved = SavedGame::of(&game, crate::save::Meta::default(), None);
        let sheet = scoresheet(&saved);
        assert!(sheet.contains("e2e5: Hell no. [White only]"), "{sheet}");
        assert!(
            sheet.contains("e4d5 (exd5): Pawn at d5 captured. Black to move"),
            "{sheet}"
        );
        assert!(sheet.contains("Result: 1-0 (resignation)"), "{sheet}");
        assert!(sheet.lines().all(|l| l.chars().count() <= 78), "{sheet}");
    }
}
