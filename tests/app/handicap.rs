//! Handicap games in the app (issue 16, RULES.md 5.2): the sighted player's board shows the whole
//! true position; the blind player's board only its own pieces.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::Gui;
use kriegspiel::app::play::PlayMode;
use kriegspiel::rules::{Handicap, Sighted, Wing};
use kriegspiel::save::Meta;
use kriegspiel::{Preset, RuleSet};
use shakmaty::Color;

/// Semi-Kriegspiel, Black sighted.
fn semi_black() -> RuleSet {
    RuleSet {
        sighted: Sighted::Black,
        handicap: Handicap::Semi,
        ..Preset::Wild16.rules()
    }
}

/// A game of `rules` from its handicap army.
fn handicap_game(rules: RuleSet) -> gui::GuiBuilder {
    let start = kriegspiel::referee::handicap::start_position(&rules).expect("a handicap army");
    Gui::builder().game(rules, start)
}

/// Semi-Kriegspiel with Black sighted: the curtain passes the board to Black first, for the
/// placement (White never chooses, and so never learns, Black's squares); once Black has placed,
/// the curtain comes down and White, to move, gets its board without Black's king and queen.
#[test]
fn a_sighted_second_mover_places_first_at_a_hot_seat_board() {
    let mut h = handicap_game(semi_black()).build();
    assert!(
        h.query_by_label("Open White's board").is_none(),
        "White does not get the board before Black has placed"
    );
    h.click("Open Black's board");
    h.enter_line("place g8 d5");
    assert_eq!(h.events(), 1, "the placement was taken");
    assert!(h.pieces_on(Color::Black).is_empty(), "curtain is down");
    h.click("Open White's board");
    let white = h.pieces_on(Color::White);
    assert!(!white.is_empty());
    assert!(
        white.iter().all(|p| p.color == Color::White),
        "blind White is not shown where Black placed"
    );
    h.enter_line("e2e4");
    assert_eq!(h.events(), 2, "White moved after the placement");
}

/// Semi-Kriegspiel with Black sighted: White, at its board, cannot type Black's placement.
#[test]
fn only_the_sighted_player_places_at_a_hot_seat_board() {
    let mut h = handicap_game(semi_black()).build();
    h.click("Open Black's board");
    h.enter_line("place g8 d5");
    h.click("Open White's board");
    h.enter_line("place h8 h7");
    assert_eq!(h.events(), 1, "White placed nothing");
    assert!(h.message().is_some_and(|m| m.contains("sighted player")));
}

#[test]
fn the_sighted_player_sees_everything_and_the_blind_player_only_its_own() {
    let rules = RuleSet {
        sighted: Sighted::White,
        handicap: Handicap::PicklePot,
        bishop: Some(Wing::F),
        ..Preset::Wild16.rules()
    };
    let mut h = handicap_game(rules).build();
    h.click("Open White's board");
    let white = h.pieces_on(Color::White);
    assert!(
        white.iter().any(|p| p.color == Color::Black),
        "sighted White sees Black's army"
    );
    assert_eq!(
        white.len(),
        11 + 16,
        "Pickle-pot (11 units) against the full army"
    );
    // White moves; then Black (blind) opens its board.
    h.enter_line("e2e4");
    h.click("Open Black's board");
    let black = h.pieces_on(Color::Black);
    assert!(!black.is_empty());
    assert!(
        black.iter().all(|p| p.color == Color::Black),
        "blind Black sees only its own"
    );
}

/// Practice against a sighted computer (Semi-Kriegspiel, Black sighted): the computer places its
/// king and queen before the person's first move, and the person's board never shows them.
#[test]
fn a_sighted_computer_places_before_the_person_plays() {
    let meta = Meta {
        computer: Some(kriegspiel::save::Computer {
            plays: Color::Black,
            bot: kriegspiel::bots::BotKind::Random,
            level: None,
        }),
        ..Meta::default()
    };
    let mut h = handicap_game(semi_black())
        .meta(meta)
        .play_mode(PlayMode::Seat(Color::White))
        .build();
    assert_eq!(h.events(), 1, "the computer placed");
    assert!(
        h.game()
            .referee()
            .true_board()
            .king_of(Color::Black)
            .is_some()
    );
    assert_eq!(h.table().facts().to_act(), Color::White);
    let white = h.pieces_on(Color::White);
    assert!(!white.is_empty() && white.iter().all(|p| p.color == Color::White));
    h.enter_line("e2e4");
    assert!(h.events() >= 2, "the person moved");
}

#[test]
fn semi_kriegspiel_placement_by_clicks_with_the_legal_squares_shown() {
    let rules = Preset::Semi.rules();
    let mut h = handicap_game(rules).build();
    h.click("Open White's board");
    assert!(
        h.all_text()
            .iter()
            .any(|t| t.contains("place your king and queen before the first move")),
        "a prompt says what to do"
    );
    let view = kriegspiel::PlayerView::build(h.log(), Color::White);
    let legal = kriegspiel::variant::placement::king_squares(&view);
    let drawn = h.board(kriegspiel::app::play::Place::Player(Color::White));
    assert!(!drawn.dots.is_empty(), "the king's squares are shown");
    assert_eq!(drawn.dots, legal, "exactly the legal squares");
    h.click("White e1");
    assert!(
        h.all_text()
            .iter()
            .any(|t| t.contains("king on e1: now click the square for your queen"))
    );
    h.click("White d1");
    assert_eq!(h.events(), 1, "the placement went to the referee");
    assert_eq!(
        h.last_request(),
        kriegspiel::Request::Place {
            color: Color::White,
            king: shakmaty::Square::E1,
            queen: shakmaty::Square::D1
        }
    );
}

#[test]
fn semi_kriegspiel_placement_typed_as_ke1_qd1() {
    let mut h = handicap_game(Preset::Semi.rules()).build();
    h.click("Open White's board");
    h.enter_line("Ke1 Qd1");
    assert_eq!(h.events(), 1, "the typed placement was taken");
}
