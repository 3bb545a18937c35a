//! Study mode's move list, comparison with the truth and comments (issue 15 item 18): the list
//! shows the referee the real moves in SAN and a player only its own (the opponent's as `??`);
//! clicking an entry goes there; the referee's board is drawn beside a player's only when the
//! studier asks; comments are saved with the game and exported as PGN comments.

use super::gui;

use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use gui::{Gui, sample};
use kriegspiel::GameLog;
use kriegspiel::app::play::Place;
use kriegspiel::app::settings::Settings;
use kriegspiel::app::study::{COMMENT_LABEL, HIDDEN_MOVE, StudyRequest, StudyScreen};
use kriegspiel::replay::{Perspective, true_moves};
use kriegspiel::wording::color_title;
use shakmaty::Color;
use std::collections::BTreeSet;

/// The app studying the sample `name`.
fn study_sample(name: &str) -> Gui {
    Gui::builder().study(sample(name)).build()
}

/// The study screen alone (as the app shows it), with the requests it made.
struct Bench {
    screen: StudyScreen,
    requests: Vec<StudyRequest>,
}

fn screen_harness(screen: StudyScreen) -> Harness<'static, Bench> {
    let settings = Settings::default();
    let mut h = gui::harness_builder().build_ui_state(
        move |ui, b: &mut Bench| {
            let requests = b.screen.show(ui, &settings);
            b.requests.extend(requests);
        },
        Bench {
            screen,
            requests: Vec::new(),
        },
    );
    h.run();
    h
}

/// The move number and mover of the turn holding event `i`.
fn turn_of(log: &GameLog, i: usize) -> (u32, Color) {
    log.turns()
        .find(|t| t.first <= i && i < t.first + t.events.len())
        .map(|t| (t.number, t.mover))
        .expect("every event is in a turn")
}

/// The move list's label for the move `san` made at event `i`.
fn entry_label(log: &GameLog, i: usize, san: &str) -> String {
    let (number, mover) = turn_of(log, i);
    format!("Move {number} {} {san}", color_title(mover))
}

/// The labels of every move list entry on screen.
fn move_labels<S>(h: &Harness<'_, S>) -> BTreeSet<String> {
    h.root()
        .query_all(By::new())
        .filter_map(|n| n.accesskit_node().label().map(|l| l.to_string()))
        .filter(|l| l.starts_with("Move "))
        .collect()
}

#[test]
fn the_move_list_shows_the_real_moves_in_san_and_clicking_one_goes_there() {
    let mut h = study_sample("sample-berkeley.ron");
    let log = h.study().saved.log.clone();
    let moves = true_moves(&log);
    assert!(moves.len() > 10, "a real game");
    let labels = move_labels(&h);
    for (i, san) in &moves {
        let label = entry_label(&log, *i, san);
        assert!(labels.contains(&label), "no entry {label} in {labels:?}");
    }
    // SAN, not coordinates: the sample opens 1. a2a4 d7d5.
    assert!(labels.contains("Move 1 White a4"), "{labels:?}");
    h.click("Move 1 Black d5");
    assert_eq!(h.study().cursor(), 2, "after Black's first move");
    h.click("Move 1 White a4");
    assert_eq!(h.study().cursor(), 1, "after White's first move");
    // Far down the list (scrolled there with the cursor): the entry goes to the end of its turn.
    let (i, san) = moves[moves.len() / 2].clone();
    h.study_mut().seek(i);
    h.run();
    h.click(&entry_label(&log, i, &san));
    assert_eq!(h.study().cursor(), i + 1);
}

#[test]
fn a_players_move_list_and_board_hold_only_what_it_knew() {
    let mut h = study_sample("sample-berkeley.ron");
    h.study_mut().perspective = Perspective::White;
    h.run();
    let log = h.study().saved.log.clone();
    let labels = move_labels(&h);
    let black_moves: Vec<String> = true_moves(&log)
        .into_iter()
        .filter(|(i, _)| turn_of(&log, *i).1 == Color::Black)
        .map(|(i, san)| entry_label(&log, i, &san))
        .collect();
    assert!(!black_moves.is_empty());
    for real in &black_moves {
        assert!(
            !labels.contains(real),
            "White's move list shows Black's real move: {real}"
        );
    }
    let black_entries: Vec<&String> = labels.iter().filter(|l| l.contains(" Black ")).collect();
    assert!(!black_entries.is_empty(), "Black's turns are listed");
    for l in &black_entries {
        assert!(
            l.ends_with(&format!(" Black {HIDDEN_MOVE}")),
            "White's list names Black's move: {l}"
        );
    }
    // White's own moves, in SAN from its own board.
    assert!(labels.contains("Move 1 White a4"), "{labels:?}");
    // Clicking a hidden move goes to the end of Black's turn all the same.
    h.click(&format!("Move 1 Black {HIDDEN_MOVE}"));
    assert_eq!(h.study().cursor(), 2);
    // White's board never shows a black piece, and no other board is drawn.
    let len = log.events.len();
    for cursor in [0, 2, len / 3, len / 2, len] {
        h.study_mut().seek(cursor);
        h.run();
        let s = h.study();
        assert!(!s.compare);
        assert_eq!(s.drawn.len(), 1, "only White's board at {cursor}");
        assert_eq!(s.drawn[0].place, Place::Player(Color::White));
        assert!(
            s.drawn[0]
                .pieces
                .iter()
                .all(|(_, p)| p.color == Color::White),
            "White's board shows a black piece at {cursor}"
        );
    }
}

#[test]
fn comparing_with_the_truth_draws_the_referees_board_beside_the_players() {
    let mut h = study_sample("sample-wild16.ron");
    let len = h.study().saved.log.events.len();
    let cursor = len / 2;
    {
        let s = h.study_mut();
        s.perspective = Perspective::White;
        s.seek(cursor);
    }
    h.run();
    assert!(!h.study().may_see(Place::Referee));
    assert_eq!(h.study().drawn.len(), 1);
    h.click("Compare with the truth");
    let s = h.study();
    assert!(s.compare);
    assert!(s.may_see(Place::Referee));
    assert!(
        !s.may_see(Place::Player(Color::Black)),
        "Black's board stays hidden"
    );
    assert_eq!(s.drawn.len(), 2, "White's board and the referee's");
    let own = s
        .drawn
        .iter()
        .find(|d| d.place == Place::Player(Color::White))
        .expect("White's board");
    assert!(own.pieces.iter().all(|(_, p)| p.color == Color::White));
    let referee = s
        .drawn
        .iter()
        .find(|d| d.place == Place::Referee)
        .expect("the referee's board");
    let truth = s.saved.log.replay_prefix(cursor).expect("replays");
    assert_eq!(
        referee.pieces.len(),
        truth.referee().true_board().occupied().count()
    );
    assert!(referee.pieces.iter().any(|(_, p)| p.color == Color::Black));
    // Turned off, the truth is covered again.
    h.click("Compare with the truth");
    assert!(!h.study().compare);
    assert_eq!(h.study().drawn.len(), 1);
    assert!(
        h.study()
            .drawn
            .iter()
            .all(|d| d.place == Place::Player(Color::White))
    );
}

#[test]
fn a_comment_is_saved_with_the_game_and_exported_in_pgn() {
    let dir = gui::scratch();
    let path = dir.path().join("commented.ron");
    std::fs::copy(sample("sample-berkeley.ron"), &path).expect("copy the sample");
    let loaded = kriegspiel::save::load_file(&path).expect("the sample loads");
    assert!(loaded.saved.comments.is_empty());
    let mut h = screen_harness(
        StudyScreen::new(kriegspiel::gate::finished(loaded.saved).expect("over"))
            .with_path(path.clone()),
    );
    h.get_by_label("Move 1 Black d5").click();
    h.run();
    assert_eq!(h.state().screen.cursor(), 2);
    let note = "The centre at once, a classical idea";
    let field = h.get_by_label(COMMENT_LABEL);
    field.focus();
    field.type_text(note);
    h.run();
    assert_eq!(
        h.state().screen.saved.comments.get(&2).map(String::as_str),
        Some(note)
    );
    assert!(h.state().screen.comments_unsaved());
    h.get_by_label("Save comments").click();
    h.run();
    assert!(
        h.state().requests.is_empty(),
        "written back to its own file, no dialog: {:?}",
        h.state().requests
    );
    assert!(!h.state().screen.comments_unsaved());
    let reloaded = kriegspiel::save::load_file(&path).expect("the commented save loads");
    assert_eq!(reloaded.saved.comments.len(), 1);
    assert_eq!(
        reloaded.saved.comments.get(&2).map(String::as_str),
        Some(note)
    );
    let text = std::fs::read_to_string(&path).expect("read back");
    assert!(text.contains(note), "the comment is in the file");
    let comment = format!("{{{note}}}");
    // Long comments are wrapped across lines: read the movetext's words.
    let words = |pgn: String| pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    let pgn = words(kriegspiel::pgn::referee_pgn(&reloaded.saved));
    assert!(pgn.contains(&comment), "{pgn}");
    let d5 = pgn.find(" d5 ").expect("Black's first move");
    let at = pgn.find(&comment).expect("the comment");
    assert!(d5 < at, "the comment follows its move: {pgn}");
    let own = words(kriegspiel::pgn::player_pgn(&reloaded.saved, Color::White));
    assert!(own.contains(&comment), "{own}");
}

#[test]
fn without_a_file_saving_comments_asks_the_app_for_one() {
    let text = std::fs::read_to_string(sample("sample-berkeley.ron")).expect("sample");
    let saved = kriegspiel::save::load_str(&text).expect("loads").saved;
    let mut h = screen_harness(StudyScreen::new(
        kriegspiel::gate::finished(saved).expect("over"),
    ));
    h.get_by_label("Save comments").click();
    h.run();
    assert_eq!(h.state().requests, vec![StudyRequest::SaveAs]);
}
