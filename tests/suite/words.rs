//! What the logs and exports say (issue 15, items 8, 10 and 12): "Any?" reads as a question with
//! its answer, nothing is said twice, a single pawn try is singular, and the PGN and scoresheet
//! carry the round, the termination and the arbiter's note.

use kriegspiel::announce::{Item, PawnTries};
use kriegspiel::referee::Request;
use kriegspiel::replay::log_entry;
use kriegspiel::rules::Wording;
use kriegspiel::save::{Meta, SavedGame};
use kriegspiel::wording::{describe, heard_line};
use kriegspiel::{Game, Preset};
use shakmaty::{Bitboard, Color, Square};

#[test]
fn any_reads_as_a_question_with_its_answer() {
    for w in [Wording::Berkeley, Wording::Icc, Wording::English] {
        let no = heard_line(
            &[Item::AnyAnswer(false)],
            w,
            Color::White,
            Some(Color::Black),
        );
        assert_eq!(no, "Any? - No.");
        let tried = heard_line(
            &[Item::AnyAnswer(true)],
            w,
            Color::White,
            Some(Color::White),
        );
        assert_eq!(tried, "Any? - Try!");
        assert_eq!(log_entry(Some(&Request::Any), &no), "Any? - No.");
    }
}

#[test]
fn nothing_is_said_twice_and_nothing_is_left_empty() {
    let resigned = describe(&Item::Resigned(Color::White), Wording::Berkeley).expect("words");
    assert_eq!(
        log_entry(Some(&Request::Resign(Color::White)), &resigned),
        "White resigns."
    );
    assert_eq!(log_entry(Some(&Request::Sense(None)), ""), "no sense");
    let single = Item::PawnTries(PawnTries::Squares(Bitboard::from(Square::A8)));
    assert_eq!(
        describe(&single, Wording::Classic).as_deref(),
        Some("Pawn try on a8.")
    );
}

#[test]
fn pgn_and_scoresheet_carry_round_termination_and_note() {
    let mut game = Game::standard(Preset::Wild16.rules());
    game.apply(Request::Resign(Color::Black)).expect("resigns");
    let meta = Meta {
        event: "Club night".into(),
        round: "3".into(),
        note: "Black's flag was checked by the arbiter.".into(),
        ..Meta::default()
    };
    let saved = SavedGame::of(&game, meta, None);
    let pgn = kriegspiel::pgn::referee_pgn(&saved);
    assert!(pgn.contains("[Round \"3\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
    assert!(pgn.contains("arbiter"), "{pgn}");
    let sheet = kriegspiel::scoresheet::scoresheet(&saved);
    assert!(sheet.contains("round 3"), "{sheet}");
    assert!(sheet.contains("Arbiter's note:"), "{sheet}");
    let unfinished = SavedGame::of(
        &Game::standard(Preset::Wild16.rules()),
        Meta::default(),
        None,
    );
    assert!(kriegspiel::pgn::referee_pgn(&unfinished).contains("[Termination \"unterminated\"]"));
}
