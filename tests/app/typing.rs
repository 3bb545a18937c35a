//! Every keystroke counts (issue 54): a whole typed sequence, each move followed by Enter, fed
//! as key events in one frame and again cut into frames of 1, 2 and 3 events, reaches the game
//! exactly as typed, at the club referee's console and at a hot-seat board; F and ? typed
//! inside moves flip nothing and open no help; F never flips behind the curtain.

use super::gui;

use gui::{Gui, STANDARD, fen};
use kriegspiel::Preset;
use kriegspiel::app::play::{CURTAIN_ARM, PlayMode};
use kriegspiel::replay::request_text;

/// 16 moves of a Ruy Lopez, as a referee types them.
const RUY_LOPEZ: [&str; 16] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O",
];

/// The same moves as the referee's log writes them.
const PLAYED: [&str; 16] = [
    "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7", "f1e1", "b7b5",
    "a4b3", "d7d6", "c2c3", "e8g8",
];

fn key(key: egui::Key, pressed: bool) -> egui::Event {
    egui::Event::Key {
        key,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    }
}

/// The events a keyboard sends for `line` and Enter: for each character its key's press, the
/// text, its release (F for the f of Nf3, the question mark's key for ?), then Enter.
fn keystrokes(line: &str) -> Vec<egui::Event> {
    let mut events = Vec::new();
    for c in line.chars() {
        let name = c.to_ascii_uppercase().to_string();
        let k = egui::Key::from_name(&name);
        events.extend(k.map(|k| key(k, true)));
        events.push(egui::Event::Text(c.to_string()));
        events.extend(k.map(|k| key(k, false)));
    }
    events.extend([key(egui::Key::Enter, true), key(egui::Key::Enter, false)]);
    events
}

/// Feeds `events` in frames of `per_frame` events (0: all in one frame), one step each.
pub(super) fn feed(h: &mut Gui, events: Vec<egui::Event>, per_frame: usize) {
    let per_frame = if per_frame == 0 {
        events.len().max(1)
    } else {
        per_frame
    };
    for frame in events.chunks(per_frame) {
        h.input_mut().events.extend(frame.iter().cloned());
        h.step();
    }
    h.run();
}

/// Every request the referee took, as its log writes it.
fn played(h: &Gui) -> Vec<String> {
    h.requests().iter().map(request_text).collect()
}

fn club() -> Gui {
    Gui::builder()
        .game(Preset::Classic.rules(), fen(STANDARD))
        .play_mode(PlayMode::Referee)
        .build()
}

#[test]
fn the_club_console_takes_every_move_typed_at_any_speed() {
    for per_frame in [0, 1, 2, 3] {
        let mut h = club();
        let events: Vec<egui::Event> = RUY_LOPEZ.iter().flat_map(|m| keystrokes(m)).collect();
        feed(&mut h, events, per_frame);
        assert_eq!(played(&h), PLAYED, "{per_frame} events a frame");
        assert!(
            h.play().move_text.is_empty(),
            "{per_frame}: nothing left over"
        );
        assert!(
            !h.play().flipped,
            "{per_frame}: the f of Nf3 flipped the boards"
        );
        assert!(h.state().howto.is_none(), "{per_frame}: help opened");
    }
}

/// Lines typed ahead in one frame are shown with their answers; an unusable line among them
/// does not stop the lines after it, and a question mark is the console's "Any?", not help.
#[test]
fn lines_typed_ahead_are_shown_answered_in_order() {
    let mut h = Gui::builder()
        .game(Preset::BerkeleyAny.rules(), fen(STANDARD))
        .play_mode(PlayMode::Referee)
        .build();
    let events: Vec<egui::Event> = ["e4", "exd5", "?", "e5", "Nf"]
        .iter()
        .flat_map(|m| keystrokes(m))
        .collect();
    // The last line is not ended: it stays in the field.
    let events = events[..events.len() - 2].to_vec();
    feed(&mut h, events, 0);
    assert_eq!(played(&h), ["e2e4", "Any?", "e7e5"]);
    assert_eq!(h.play().move_text, "Nf");
    assert!(h.state().howto.is_none() && !h.play().flipped);
    let mut typed: Vec<String> = h
        .all_text()
        .into_iter()
        .filter(|t| t.starts_with("Typed: "))
        .collect();
    // The label's text is both its name and its value.
    typed.dedup();
    assert_eq!(typed.len(), 1, "{typed:?}");
    let parts: Vec<&str> = typed[0]["Typed: ".len()..].split(" · ").collect();
    assert_eq!(parts.len(), 4, "{parts:?}");
    assert!(parts[0].starts_with("e4: "), "{parts:?}");
    assert!(parts[1].starts_with("exd5: "), "{parts:?}");
    assert!(parts[2].starts_with("?: "), "{parts:?}");
    assert!(parts[3].starts_with("e5: "), "{parts:?}");
}

/// At a hot-seat board each player's move is typed the moment the board opens, in frames of
/// 1, 2 or 3 events or all at once, with an attempt the referee refuses before the move.
#[test]
fn a_hot_seat_board_takes_every_move_typed_at_any_speed() {
    for per_frame in [0, 1, 2, 3] {
        let mut h = Gui::hot_seat(Preset::Classic.rules(), STANDARD);
        let mut expected = Vec::new();
        for (n, (typed, played_as)) in RUY_LOPEZ.iter().zip(PLAYED).enumerate() {
            let who = if n % 2 == 0 { "White" } else { "Black" };
            h.click(&format!("Open {who}'s board"));
            let mut events = Vec::new();
            if n == 2 {
                // Refused ("No."): the move typed after it is played all the same.
                events.extend(keystrokes("e5"));
                expected.push("e4e5".to_owned());
            }
            events.extend(keystrokes(typed));
            expected.push(played_as.to_owned());
            feed(&mut h, events, per_frame);
            assert!(
                h.play().curtain_up(),
                "{per_frame}: move {n} passed the turn"
            );
        }
        assert_eq!(played(&h), expected, "{per_frame} events a frame");
        assert!(!h.play().flipped, "{per_frame}: an f flipped the boards");
    }
}

/// Behind the curtain F flips nothing (it would turn the next player's board), and what the
/// player who moved typed after the move never reaches the next player's field.
#[test]
fn behind_the_curtain_f_flips_nothing_and_typing_ahead_stays_with_its_player() {
    let mut h = Gui::hot_seat(Preset::Classic.rules(), STANDARD);
    h.click("Open White's board");
    let mut events = keystrokes("e4");
    events.extend(keystrokes("e5"));
    events.push(egui::Event::Text("d".into()));
    feed(&mut h, events, 0);
    assert_eq!(played(&h), ["e2e4"]);
    assert!(h.play().curtain_up());
    h.let_time_pass(CURTAIN_ARM);
    feed(
        &mut h,
        vec![key(egui::Key::F, true), key(egui::Key::F, false)],
        0,
    );
    assert!(!h.play().flipped, "F flipped the boards behind the curtain");
    h.click("Open Black's board");
    assert!(
        h.play().move_text.is_empty(),
        "White's typing reached Black"
    );
    assert_eq!(played(&h), ["e2e4"]);
    // On an open board, outside the move field, F still flips.
    h.ctx.memory_mut(|m| m.stop_text_input());
    h.run();
    feed(&mut h, vec![key(egui::Key::F, true)], 0);
    assert!(h.play().flipped);
}

/// White Kc6, Rh1; Black Ka8 and a pawn on a7, b7 or a6: 1.Kb6 (if refused, 1.Rh8#) 2.Rh8#.
const SMALL: &str = r#"(title: "Small", author: "test", source: "test", rules: "wild16",
    known: "k7/8/2K5/8/8/8/8/7R w - - 0 1",
    uncertain: [(piece: 'p', squares: List(["a7", "b7", "a6"]))], mate_in: 2)"#;

/// The problem screen: both attempts of the solution typed in one frame, the second while the
/// computer still thinks about the first; it waits its turn and mates.
#[test]
fn the_problem_screen_takes_attempts_typed_ahead_of_the_computer() {
    let app = Gui::builder().size(1280.0, 900.0);
    std::fs::write(app.dir().join("small.ron"), SMALL).expect("write");
    let mut h = app.problems().build();
    h.click("Play it against the computer");
    h.click("Attempt:");
    let mut events = keystrokes("Kb6");
    events.extend(keystrokes("Rh8"));
    // The computer's spinner repaints while it thinks: frames one by one.
    h.input_mut().events.extend(events);
    h.run_steps(1);
    h.run_until("the typed attempts were never played", |h| {
        let panel = h.problem_panel();
        !panel.thinking() && *panel.play.state() != kriegspiel::problem::PlayState::Playing
    });
    let panel = h.problem_panel();
    assert!(
        matches!(
            panel.play.state(),
            kriegspiel::problem::PlayState::Solved { .. }
        ),
        "{:?} {:?} {:?}",
        panel.play.state(),
        panel.play.record(),
        panel.message
    );
}
