//! A tsuitate game in text, event by event, as the umpire saw it or as one seat knew it
//! (`kriegspiel replay` on a tsuitate save). A seat's text is written from what the one replay
//! says it was told ([`crate::replay::step::Recorded::told_at`]): its own attempts and what it
//! heard; the opponent's attempts appear only through the umpire's words to it, and are not
//! numbered by the game's events (their count would tell of attempts it never heard of).

use super::game::{Request, TsuitateGame};
use super::seam::Tsuitate;
use super::words::{item_text, over_text, said_lines, side_name};
use crate::replay::step::Recorded;
use crate::save::Meta;
use shogi_core::Color;
use std::fmt::Write as _;

/// What a request was, in words (`tried 7g7f`).
fn request_text(request: &Request) -> String {
    match request {
        Request::Try(usi) => format!("tried {usi}"),
        Request::Resign => "resigned".to_owned(),
        Request::Draw => "agreed a draw".to_owned(),
    }
}

/// The game as `seat` knew it (`None`: as the umpire saw it).
pub fn replay_text(game: &TsuitateGame, meta: &Meta, seat: Option<Color>) -> String {
    let mut out = String::new();
    let referee = game.referee();
    let rules = referee.rules();
    let _ = writeln!(out, "Tsuitate shogi (衝立将棋)");
    for (label, value) in [("Event", &meta.event), ("Date", &meta.date)] {
        if !value.is_empty() {
            let _ = writeln!(out, "{label}: {value}");
        }
    }
    let name = |n: &String, fallback: &str| {
        if n.is_empty() {
            fallback.to_owned()
        } else {
            n.clone()
        }
    };
    let _ = writeln!(
        out,
        "Sente (black, moves first): {}; Gote (white): {}",
        name(&meta.black, "?"),
        name(&meta.white, "?")
    );
    let _ = writeln!(
        out,
        "Rules: {} fouls lose; drawn after {} plies (0: never)",
        rules.fouls, rules.max_plies
    );
    let _ = writeln!(
        out,
        "{}\n",
        seat.map_or("As the umpire saw it".to_owned(), |c| format!(
            "As {} knew it",
            side_name(c)
        ))
    );
    let lines = match seat {
        Some(c) => seat_lines(game, c),
        None => umpire_lines(game),
    };
    for line in lines {
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = writeln!(
        out,
        "\nResult: {}",
        referee.over().map_or("unfinished.".to_owned(), over_text)
    );
    out
}

/// The umpire's lines: what both heard at the start, then every event numbered.
fn umpire_lines(game: &TsuitateGame) -> Vec<String> {
    let mut lines = start_line(said_lines(game.opening()));
    lines.extend(game.events().iter().enumerate().map(|(i, event)| {
        format!(
            "{}. {} {}. {}",
            i + 1,
            side_name(event.by),
            request_text(&event.request),
            said_lines(&event.said).join(" ")
        )
    }));
    lines
}

/// `seat`'s lines, from what it was told alone: its start, then its record numbered.
fn seat_lines(game: &TsuitateGame, seat: Color) -> Vec<String> {
    let told = Tsuitate::told_at(game, seat, game.events().len());
    let mut lines = start_line(told.opening.iter().copied().map(item_text).collect());
    lines.extend(told.record.iter().enumerate().map(|(i, line)| {
        let heard: Vec<String> = line.items.iter().copied().map(item_text).collect();
        let what = match &line.request {
            Some(request) => format!("You {}.", request_text(&request.into())),
            None => format!("{}:", side_name(seat.flip())),
        };
        format!("{}. {what} {}", i + 1, heard.join(" "))
    }));
    lines
}

/// "At the start: …" when anything was said then.
fn start_line(said: Vec<String>) -> Vec<String> {
    if said.is_empty() {
        Vec::new()
    } else {
        vec![format!("At the start: {}", said.join(" "))]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tsuitate::TsuitateRules;

    #[test]
    fn a_seat_reads_only_its_own_attempts_and_what_it_heard() {
        let mut game = TsuitateGame::new(TsuitateRules::default());
        for usi in ["7g7f", "8b8d", "3c3d", "2h2a", "8c8d"] {
            let _ = game.attempt(usi);
        }
        let meta = Meta::default();
        let umpire = replay_text(&game, &meta, None);
        assert!(
            umpire.contains("Gote tried 8b8d. To Gote only: Impossible"),
            "{umpire}"
        );
        assert!(umpire.contains("Sente tried 7g7f."), "{umpire}");
        let sente = replay_text(&game, &meta, Some(Color::Black));
        assert!(sente.contains("1. You tried 7g7f. Legal."), "{sente}");
        assert!(
            !sente.contains("8b8d") && !sente.contains("3c3d"),
            "{sente}"
        );
        assert!(sente.contains("2. Gote: Legal."), "{sente}");
        let gote = replay_text(&game, &meta, Some(Color::White));
        assert!(gote.contains("2. You tried 8b8d. Impossible"), "{gote}");
        assert!(!gote.contains("7g7f") && !gote.contains("2h2a"), "{gote}");
        assert!(gote.contains("Result: unfinished."), "{gote}");
    }
}
