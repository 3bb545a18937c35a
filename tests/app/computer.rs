//! Playing the computer (issue 18): chosen in the new-game dialog with a level and a colour; the
//! strong computer thinks on another thread (the window keeps drawing), the person's board is
//! the only one drawn, and the save names the bot.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::Gui;
use kriegspiel::Preset;
use kriegspiel::app::newgame::{NewGameDialog, NewMode, level_label};
use kriegspiel::app::play::Place;
use kriegspiel::bots::BotKind;
use kriegspiel::bots::level::Level;
use shakmaty::Color;

/// The new-game dialog set for the strongest computer as White under `preset`, drawn.
fn strongest_computer_as_white(preset: Preset) -> Gui {
    let mut dialog = NewGameDialog::new(preset, NewMode::Computer);
    dialog.human = Color::Black;
    dialog.bot = BotKind::Strong;
    dialog.level = Level::Strongest;
    let mut h = Gui::builder()
        .size(1280.0, 900.0)
        .new_game(dialog)
        .build_without_run();
    h.run_steps(2);
    h
}

#[test]
fn the_strong_computer_plays_white_from_its_thread_and_the_person_sees_only_black() {
    let mut h = strongest_computer_as_white(Preset::Wild16);
    // The level and the colour are in the dialog.
    assert!(h.query_by_label(&level_label(Level::Strongest)).is_some());
    h.get_by_label("Start game").click();
    // Frame by frame until the computer (White) has moved: the window keeps drawing meanwhile.
    h.run_until("the computer never moved", |h| {
        h.table().facts().to_act() == Color::Black
    });
    let meta = &h.table().facts().meta;
    assert_eq!(meta.white, "Computer (strongest)");
    assert_eq!(
        meta.computer.map(|c| (c.plays, c.bot, c.level)),
        Some((Color::White, BotKind::Strong, Some(Level::Strongest)))
    );
    // Only the person's board is drawn, and it holds Black's pieces only.
    let p = h.play();
    assert!(
        p.drawn
            .iter()
            .all(|d| d.place == Place::Player(Color::Black))
    );
    assert!(
        p.drawn
            .iter()
            .flat_map(|d| d.pieces.iter())
            .all(|(_, piece)| piece.color == Color::Black)
    );
    // The training aid: the person's belief as a heat map on its own board, never on its own
    // units' squares.
    h.click("Where enemy units may be");
    let board = &h.play().drawn[0];
    assert!(board.heat.len() >= 16, "{:?}", board.heat);
    let own: Vec<_> = board.pieces.iter().map(|(sq, _)| *sq).collect();
    assert!(board.heat.iter().all(|(sq, _)| !own.contains(sq)));
}

/// The computer's reply is drawn without any input event: after the person's move the window
/// gets no input at all and runs a frame only when it is asked to repaint, as a desktop event loop
/// does (the computer, on its own thread, asks when it has answered); the reply shows.
#[cfg(unix)]
#[test]
fn the_computers_reply_is_drawn_without_any_input_event() {
    use kriegspiel::app::play::PlayMode;
    use kriegspiel::save::{Computer, Meta, Mode};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
    // An engine that takes a second to start: its first answer comes long after the person's
    // move has been drawn and the window has gone idle.
    let dir = tempfile::tempdir().expect("temp dir");
    let script = dir.path().join("slow-engine.sh");
    let text = format!(
        "#!/bin/sh\nsleep 1\nexec {} engine --bot random\n",
        env!("CARGO_BIN_EXE_kriegspiel")
    );
    std::fs::write(&script, text).expect("script");
    let mut permissions = std::fs::metadata(&script).expect("script").permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&script, permissions).expect("chmod");
    let meta = Meta {
        mode: Mode::Practice,
        computer: Some(Computer {
            plays: Color::Black,
            bot: BotKind::Engine,
            level: None,
        }),
        engine: script.display().to_string(),
        ..Meta::default()
    };
    let mut h = Gui::builder()
        .game(Preset::Wild16.rules(), shakmaty::Setup::initial())
        .meta(meta)
        .play_mode(PlayMode::Seat(Color::White))
        .build();
    // When the window was last asked to repaint (the event loop's only reason for a frame).
    let due: Arc<Mutex<Option<Instant>>> = Arc::new(Mutex::new(None));
    let wake = due.clone();
    h.ctx.set_request_repaint_callback(move |info| {
        let at = Instant::now() + info.delay;
        if let Ok(mut due) = wake.lock() {
            *due = Some(due.map_or(at, |d| d.min(at)));
        }
    });
    // The move by two clicks on the board (no text field keeps a blinking cursor going).
    h.click("White e2");
    h.click("White e4");
    assert!(h.play().computer_thinking(), "the engine is still starting");
    assert!(
        h.query_by_label("The computer is thinking").is_some(),
        "a thinking indicator while it chooses"
    );
    // From here on no input: a frame only when one is due.
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut frames = 0;
    while h.table().facts().to_act() != Color::White {
        assert!(Instant::now() < deadline, "the reply was never drawn");
        let now_due = due
            .lock()
            .map(|mut d| d.take_if(|at| *at <= Instant::now()).is_some())
            .unwrap_or(false);
        if now_due {
            h.step();
            frames += 1;
        } else {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    let message = h.play().message.clone().unwrap_or_default();
    assert!(message.starts_with("The computer played."), "{message}");
    // Issue 55: the whole of the computer's turn, in the very words of White's log.
    let view = kriegspiel::PlayerView::build(h.log(), Color::White);
    let record =
        kriegspiel::replay::record::seat_record(&view, kriegspiel::replay::record::Notation::San);
    let turn = record
        .iter()
        .rev()
        .find(|t| t.mover == Some(Color::Black))
        .expect("Black's turn in White's log");
    let line = turn.line(Color::White, kriegspiel::replay::record::Head::Short);
    assert!(line.starts_with("1... Black: "), "{line}");
    assert_eq!(message, format!("The computer played. {line}"));
    assert!(h.query_by_label("The computer is thinking").is_none());
    assert!(
        frames < 100,
        "{frames} frames: the window should idle while it waits"
    );
}

/// Modern Kriegspiel (issue 33): the computer opens its 7 squares right after its move, before
/// the person is asked anything, and only once.
#[test]
fn in_modern_kriegspiel_the_computer_opens_its_squares_after_its_move() {
    use kriegspiel::referee::Request;
    let mut h = strongest_computer_as_white(Preset::Modern);
    h.get_by_label("Start game").click();
    let opened = |h: &Gui| {
        h.requests()
            .iter()
            .filter(|r| matches!(r, Request::Open(b) if b.count() == 7))
            .count()
    };
    h.run_until("the computer never opened its squares", |h| opened(h) == 1);
    let events = &h.log().events;
    let last = events.last().expect("events");
    assert_eq!(last.by, Some(Color::White));
    assert!(matches!(last.request, Request::Open(_)));
    assert!(events[events.len() - 2].turn_ends, "right after its move");
    // The person is still told what it heard of the move (the opening tells it nothing).
    let message = h.play().message.clone().unwrap_or_default();
    assert!(message.contains("pawn tries"), "{message}");
    // Asked once: more frames open nothing more while the person thinks.
    h.run_steps(20);
    assert_eq!(opened(&h), 1);
    assert_eq!(h.table().facts().to_act(), Color::Black);
}
