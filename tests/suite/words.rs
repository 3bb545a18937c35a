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

fn attempt(game: &mut Game, uci: &str) {
    let a = kriegspiel::attempt::Attempt::parse(uci).expect("uci");
    game.apply(Request::Try(a)).expect("answered");
}

/// Issue 55 item 4: a refused attempt reads the same in every place, in SAN from the mover's
/// own pieces as play writes it ("exd5", never "e4d5"), the referee's words and the player's
/// agreeing; a drop carries its unit's letter ("P@e4", never "@e4"), in the player's log, the
/// referee's moves and the PGN.
#[test]
fn attempts_and_drops_read_the_same_everywhere() {
    use kriegspiel::replay::record::{Head, Notation, seat_record};
    use kriegspiel::replay::{own_words, referee_words, true_moves};
    // Berkeley: 1. e4 e5, then White's pawn tries d5, where nothing stands: refused.
    let mut game = Game::standard(Preset::Berkeley.rules());
    for m in ["e2e4", "e7e5", "e4d5"] {
        attempt(&mut game, m);
    }
    let log = game.log();
    assert_eq!(referee_words(log).get(&2).map(String::as_str), Some("exd5"));
    assert_eq!(
        own_words(log, Notation::San).get(&2).map(String::as_str),
        Some("exd5")
    );
    assert_eq!(
        own_words(log, Notation::Long).get(&2).map(String::as_str),
        Some("e4xd5")
    );
    let view = kriegspiel::PlayerView::build(log, Color::White);
    let line = seat_record(&view, Notation::San)
        .last()
        .expect("White's turn")
        .line(Color::White, Head::Short);
    assert_eq!(line, "2. you: exd5: No.");
    // Crazyhouse Kriegspiel: 1. e4 d5 2. exd5 Qxd5, then White drops its pawn on e4.
    let mut game = Game::standard(Preset::CrazyKrieg.rules());
    for m in ["e2e4", "d7d5", "e4d5", "d8d5", "P@e4"] {
        attempt(&mut game, m);
    }
    let log = game.log();
    let drop = true_moves(log).last().map(|(_, m)| m.clone());
    assert_eq!(drop.as_deref(), Some("P@e4"));
    assert_eq!(
        own_words(log, Notation::San).get(&4).map(String::as_str),
        Some("P@e4")
    );
    let view = kriegspiel::PlayerView::build(log, Color::White);
    let record = seat_record(&view, Notation::San);
    let line = record
        .iter()
        .find(|t| t.number == 3)
        .expect("White's third turn")
        .line(Color::White, Head::Short);
    assert!(line.starts_with("3. you: P@e4: "), "{line}");
    let saved = SavedGame::of(&game, Meta::default(), None);
    let pgn = kriegspiel::pgn::referee_pgn(&saved);
    assert!(pgn.contains("3. P@e4"), "{pgn}");
    assert!(!pgn.contains(" @e4"), "{pgn}");
}
