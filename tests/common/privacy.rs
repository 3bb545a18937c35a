//! The privacy property of the seat protocol, shared by `seat.rs` (in-process) and `seat_net.rs`
//! (the bytes two `kriegspiel` processes were sent over TCP).
#![allow(dead_code)]

use kriegspiel::log::GameLog;
use kriegspiel::referee::Request;
use kriegspiel::seat::ToSeat;
use shakmaty::Color;

/// The privacy property for `seat`: before the reveal, the lines it was sent carry exactly its
/// own record (its requests and what it heard), a true board only when it is sighted, and never
/// a true position after the start nor an attempt of the opponent's it did not make itself.
pub fn assert_private(lines: &[String], log: &GameLog, seat: Color) {
    let reveal = lines
        .iter()
        .position(|l| l.starts_with("{\"type\":\"reveal\""))
        .expect("the reveal was sent at the end");
    // (After the reveal the game is over: a state line may follow, e.g. the other seat leaving.)
    let before = &lines[..reveal];
    let sighted = log.rules.sighted.color() == Some(seat);
    let mut heard = Vec::new();
    for line in before {
        match serde_json::from_str::<ToSeat>(line).expect("a seat-protocol line") {
            ToSeat::Heard {
                n,
                request,
                items,
                turn_ends,
            } => {
                assert_eq!(n, heard.len() + 1, "heard lines are numbered in order");
                heard.push((request, items, turn_ends));
            }
            ToSeat::Board { .. } => assert!(sighted, "a blind seat was sent the true board"),
            ToSeat::Reveal { .. } => unreachable!(),
            ToSeat::Welcome { .. } | ToSeat::State(_) | ToSeat::Error { .. } => {}
        }
    }
    let record: Vec<_> = log
        .perceived_by(seat)
        .events
        .into_iter()
        .map(|p| (p.request, p.heard, p.turn_ends))
        .collect();
    assert_eq!(heard, record, "the seat was sent exactly its own record");
    if sighted {
        return;
    }
    let text = before.join("\n");
    // Moves the seat itself asked for or was told it made (RBC: the move taken).
    let mut own: Vec<String> = log
        .events
        .iter()
        .filter(|e| e.by == Some(seat))
        .filter_map(|e| attempt_text(&e.request))
        .collect();
    for perceived in log.perceived_by(seat).events {
        for item in perceived.heard {
            if let kriegspiel::Item::Moved { requested, taken } = item {
                own.extend(requested.into_iter().chain(taken).map(|a| a.to_string()));
            }
        }
    }
    for event in log.events.iter().filter(|e| e.by == Some(!seat)) {
        if let Some(a) = attempt_text(&event.request).filter(|a| !own.contains(a)) {
            assert!(
                !text.contains(&format!("\"{a}\"")),
                "{seat:?} was sent the opponent's attempt {a}"
            );
        }
    }
    let mut game = kriegspiel::log::Game::new(log.rules.clone(), log.start.clone()).expect("start");
    for event in &log.events {
        game.apply(event.request.clone()).expect("replays");
        let fen = game.referee().fen();
        let placement = fen.split(' ').next().expect("a placement");
        if placement != log_start_placement(log) {
            assert!(
                !text.contains(placement),
                "{seat:?} was sent a true position"
            );
        }
    }
}

fn log_start_placement(log: &GameLog) -> String {
    let fen = kriegspiel::setup::setup_fen(log.start.clone());
    fen.split(' ').next().unwrap_or_default().to_owned()
}

fn attempt_text(r: &Request) -> Option<String> {
    match r {
        Request::Try(a) | Request::Move(a) => Some(a.to_string()),
        _ => None,
    }
}
