//! Practice: KR vs K against the computer, driven through AccessKit. Only the person's board is
//! ever drawn before the end, the computer answers from its thread (frames with no input until
//! it has), the game plays to mate,
//! resumes as a practice game, and study mode offers the computer's metaposition.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::{Gui, GuiBuilder};
use kriegspiel::app::play::{Place, PlayMode};
use kriegspiel::bots::BotKind;
use shakmaty::Color;

/// The practice bot's next attempt for `side`, from that seat's view.
fn computer_attempt(game: &kriegspiel::Game, side: Color) -> Option<kriegspiel::Attempt> {
    let seat = kriegspiel::PlayerView::build(game.log(), side);
    match BotKind::KrkPractice.make(0).ok()?.next(&seat)? {
        kriegspiel::Request::Try(a) => Some(a),
        _ => None,
    }
}

/// The app in a 1400x900 window, its practice starts seeded.
fn app() -> GuiBuilder {
    Gui::builder().size(1400.0, 900.0).practice_seed(11)
}

/// Types `a` into the move field and plays it, as a person would.
fn type_move(h: &mut Gui, a: kriegspiel::Attempt) {
    h.play_typed(&format!("{}{}", a.from, a.to));
}

/// Before the end only the person's board is drawn, with only the person's pieces.
fn assert_only_own_board(h: &Gui, human: Color) {
    let p = h.play();
    if p.revealed() {
        return;
    }
    assert!(!p.drawn.is_empty(), "the person's board is drawn");
    for d in &p.drawn {
        assert_eq!(d.place, Place::Player(human), "another board is drawn");
        assert!(
            d.pieces.iter().all(|(_, piece)| piece.color == human),
            "{:?}",
            d.pieces
        );
    }
}

#[test]
fn the_start_screen_offers_practice_and_the_person_plays_white_to_mate() {
    let mut h = app().build();
    h.click("Play White (the computer defends)");
    assert_eq!(h.play().mode, PlayMode::Seat(Color::White));
    assert!(!h.play().curtain_up(), "no curtain against the computer");
    assert_only_own_board(&h, Color::White);
    // The person plays the computer's own mating strategy, typed move by move.
    let mut entries = 0;
    while !h.play().revealed() && entries < 400 {
        assert_eq!(
            h.table().facts().to_move,
            Color::White,
            "the computer answered"
        );
        let a = computer_attempt(h.game(), Color::White).expect("an attempt");
        type_move(&mut h, a);
        h.await_computer();
        assert_only_own_board(&h, Color::White);
        entries += 1;
    }
    let p = h.play();
    assert!(p.revealed(), "the game ended");
    let over = h.table().facts().over.expect("over");
    assert_eq!(over.reason, kriegspiel::announce::EndReason::Checkmate);
    // After the end every board is shown.
    assert!(p.drawn.iter().any(|d| d.place == Place::Referee));
}

#[test]
fn as_black_the_computer_moves_first_and_its_board_stays_hidden() {
    let mut h = app().start_mode("practice-black").build();
    h.await_computer();
    assert_eq!(h.play().mode, PlayMode::Seat(Color::Black));
    assert_eq!(
        h.table().facts().to_move,
        Color::Black,
        "the computer already made its first move"
    );
    assert!(
        h.log()
            .events
            .iter()
            .any(|e| e.by == Some(Color::White) && e.turn_ends)
    );
    assert_eq!(h.log().start.turn, Color::White);
    assert_only_own_board(&h, Color::Black);
    assert!(
        h.query_by_label("Offer draw").is_none(),
        "the computer does not take draw offers"
    );
    // A king step of the person's: the computer replies at once.
    let a = computer_attempt(h.game(), Color::Black).expect("a step");
    type_move(&mut h, a);
    h.await_computer();
    assert!(h.play().revealed() || h.table().facts().to_move == Color::Black);
    assert_only_own_board(&h, Color::Black);

    // The autosave resumes as the same practice game, the person still Black.
    let path = h
        .table()
        .record()
        .and_then(|r| r.autosave_path())
        .map(std::path::Path::to_path_buf)
        .expect("autosaved");
    let saved = std::fs::read_to_string(&path).expect("save file");
    assert!(saved.contains(BotKind::KrkPractice.title()) && saved.contains("Practice"));
    assert!(saved.contains("bot: krk_practice") && saved.contains("plays: \"white\""));
    let events = h.events();
    let h2 = app().file(path).build();
    assert_eq!(h2.play().mode, PlayMode::Seat(Color::Black));
    assert_eq!(h2.events(), events);
    assert_only_own_board(&h2, Color::Black);
}

#[test]
fn study_shows_the_computers_metaposition_on_a_krk_game() {
    let app = app();
    // Play a whole computer-against-computer practice game and save it.
    let mut game = kriegspiel::Game::new(
        kriegspiel::Preset::Wild16.rules(),
        kriegspiel::krk::practice::random_start(5),
    )
    .expect("legal start");
    while game.referee().over().is_none() {
        let side = game.referee().to_move();
        let a = computer_attempt(&game, side).expect("an attempt");
        game.apply(kriegspiel::Request::Try(a)).expect("applied");
    }
    let saved = kriegspiel::save::SavedGame::of(&game, kriegspiel::save::Meta::default(), None);
    let path = app.dir().join("krk.ron");
    saved.write(&path).expect("saved");
    let h = app.study(path).build();
    let s = h.study();
    assert!(
        s.krk && s.metaposition,
        "a KR vs K game offers the metaposition, on by default"
    );
    assert!(h.query_by_label("Computer's metaposition").is_some());
}
