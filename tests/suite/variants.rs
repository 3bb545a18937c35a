//! The variants of RULES.md section 5 done so far: Berkeley's secret "Any?" and the handicap
//! games (Pickle-pot, One-eye, Semi-Kriegspiel), through the protocol as a bot uses them.

use kriegspiel::protocol::Session;
use serde_json::Value;

fn ask(session: &mut Session, line: &str) -> Value {
    let mut out = String::new();
    session.handle_line(line, &mut out);
    serde_json::from_str(&out).expect("one JSON object")
}

fn heard(answer: &Value, color: &str) -> Vec<Value> {
    answer["heard"][color]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[test]
fn semi_kriegspiel_placement_is_checked() {
    let mut s = Session::new();
    let start = ask(
        &mut s,
        r#"{"op":"new","rules":{"preset":"berkeley","sighted":"black","handicap":"semi"}}"#,
    );
    assert_eq!(start["fen"], "8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1");
    assert_eq!(
        heard(&start, "white"),
        vec![serde_json::json!({"kind":"handicap","army":"semi"})]
    );
    // Before the placement only "place" is answered.
    assert_eq!(ask(&mut s, r#"{"op":"try","move":"e2e4"}"#)["ok"], false);
    for bad in [
        r#"{"op":"place","king":"e2","queen":"d5"}"#, // an occupied square
        r#"{"op":"place","king":"d5","queen":"d5"}"#, // one square for both
    ] {
        assert_eq!(ask(&mut s, bad)["ok"], false, "{bad}");
    }
    // White is to move: Black's king on d3, attacked by White's pawns, would leave the side not
    // to move in check.
    let checked = ask(&mut s, r#"{"op":"place","king":"d3","queen":"a8"}"#);
    assert_eq!(checked["ok"], false, "{checked}");
    let placed = ask(&mut s, r#"{"op":"place","king":"g8","queen":"d5"}"#);
    assert_eq!(placed["ok"], true, "{placed}");
    assert_eq!(
        heard(&placed, "black")[0],
        serde_json::json!({"kind":"placed"})
    );
    assert!(
        !heard(&placed, "white")
            .iter()
            .any(|i| i["kind"] == "placed")
    );
    assert_eq!(
        ask(&mut s, r#"{"op":"place","king":"h8","queen":"d4"}"#)["ok"],
        false
    );
    assert_eq!(ask(&mut s, r#"{"op":"try","move":"e2e4"}"#)["ok"], true);
}

#[test]
fn semi_kriegspiel_kings_may_not_touch() {
    let mut s = Session::new();
    ask(
        &mut s,
        r#"{"op":"new","rules":{"preset":"wild16","sighted":"white","handicap":"semi"}}"#,
    );
    // Next to Black's king on e8.
    let answer = ask(&mut s, r#"{"op":"place","king":"e7","queen":"a3"}"#);
    assert_eq!(answer["ok"], false, "{answer}");
    let answer = ask(&mut s, r#"{"op":"place","king":"e3","queen":"a3"}"#);
    assert_eq!(answer["ok"], true, "{answer}");
}

#[test]
fn pickle_pot_and_one_eye_armies() {
    let mut s = Session::new();
    let a = ask(
        &mut s,
        r#"{"op":"new","rules":{"preset":"wild16","sighted":"white","handicap":"pickle_pot","bishop":"f"}}"#,
    );
    assert_eq!(
        a["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/3QKB2 w kq - 0 1"
    );
    assert!(
        heard(&a, "black")
            .contains(&serde_json::json!({"kind":"handicap","army":"pickle_pot","bishop":"f"}))
    );
    let b = ask(
        &mut s,
        r#"{"op":"new","rules":{"preset":"wild16","sighted":"black","handicap":"one_eye","bishop":"c"}}"#,
    );
    assert_eq!(
        b["fen"],
        "r1b1k2r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    for bad in [
        r#"{"op":"new","rules":{"preset":"wild16","handicap":"semi"}}"#,
        r#"{"op":"new","rules":{"preset":"wild16","sighted":"white","handicap":"one_eye"}}"#,
        r#"{"op":"new","rules":{"preset":"wild16","sighted":"white","handicap":"semi","bishop":"c"}}"#,
        r#"{"op":"new","rules":{"preset":"rbc","sighted":"white"}}"#,
    ] {
        assert_eq!(ask(&mut s, bad)["ok"], false, "{bad}");
    }
}

#[test]
fn secret_any_is_heard_by_the_asker_alone() {
    let mut s = Session::new();
    ask(
        &mut s,
        r#"{"op":"new","rules":{"preset":"berkeley","any":"secret"},"fen":"4k3/8/8/8/8/8/1P1P4/4K3 w - - 0 1"}"#,
    );
    let answer = ask(&mut s, r#"{"op":"any"}"#);
    assert_eq!(
        heard(&answer, "white"),
        vec![serde_json::json!({"kind":"any","answer":"no"})]
    );
    // Black hears that White had four pawn captures, all now refused.
    assert_eq!(
        heard(&answer, "black"),
        vec![serde_json::json!({"kind":"illegal","count":4})]
    );
    // Trying one again is a repeat: impossible, White only.
    let again = ask(&mut s, r#"{"op":"try","move":"b2c3"}"#);
    assert_eq!(
        heard(&again, "white"),
        vec![serde_json::json!({"kind":"impossible"})]
    );
    assert!(heard(&again, "black").is_empty());
}

/// RULES.md section 6: a start whose halfmove clock is already 100 under a rule set with the
/// fifty-move rule is drawn at the start, announced to both.
#[test]
fn a_start_past_the_fifty_move_limit_is_drawn() {
    let mut s = Session::new();
    let a = ask(
        &mut s,
        r#"{"op":"new","rules":"wild16","fen":"4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80"}"#,
    );
    assert_eq!(a["over"]["reason"], "fifty_moves", "{a}");
    assert!(
        heard(&a, "white").contains(&serde_json::json!({"kind":"draw","reason":"fifty_moves"}))
    );
    let b = ask(
        &mut s,
        r#"{"op":"new","rules":"berkeley","fen":"4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80"}"#,
    );
    assert!(b["over"].is_null(), "berkeley has no fifty-move rule: {b}");
}

#[test]
fn crazyhouse_drops_pockets_and_exact_units() {
    let mut s = Session::new();
    // White has a knight in the pocket; Black's pawn on d5 is hidden from White.
    let start = ask(
        &mut s,
        r#"{"op":"new","rules":"crazykrieg","fen":"4k3/8/8/3p4/4P3/8/8/4K3[N] w - - 0 1"}"#,
    );
    assert_eq!(
        start["pockets"],
        serde_json::json!({"white":"N","black":""})
    );
    // A drop onto the hidden pawn is illegal, heard by both.
    let onto = ask(&mut s, r#"{"op":"try","move":"N@d5"}"#);
    assert_eq!(
        heard(&onto, "white"),
        vec![serde_json::json!({"kind":"illegal"})]
    );
    assert_eq!(
        heard(&onto, "black"),
        vec![serde_json::json!({"kind":"illegal"})]
    );
    // A unit not in the pocket is impossible; a legal drop names the unit, never the square.
    let absent = ask(&mut s, r#"{"op":"try","move":"Q@a3"}"#);
    assert_eq!(
        heard(&absent, "black"),
        vec![serde_json::json!({"kind":"impossible"})]
    );
    let dropped = ask(&mut s, r#"{"op":"try","move":"N@f3"}"#);
    assert_eq!(
        heard(&dropped, "black"),
        vec![
            serde_json::json!({"kind":"legal"}),
            serde_json::json!({"kind":"drop","unit":"knight"})
        ]
    );
    assert!(!dropped.to_string().contains("\"square\":\"f3\""));
    assert_eq!(
        dropped["pockets"],
        serde_json::json!({"white":"","black":""})
    );
    // Captures name the unit and fill the captor's pocket, shown to both.
    let took = ask(&mut s, r#"{"op":"try","move":"d5e4"}"#);
    assert!(
        heard(&took, "white")
            .contains(&serde_json::json!({"kind":"capture","square":"e4","unit":"pawn"}))
    );
    assert_eq!(took["pockets"], serde_json::json!({"white":"","black":"p"}));
    // Drops exist only in Crazyhouse Kriegspiel.
    ask(&mut s, r#"{"op":"new","rules":"berkeley"}"#);
    assert_eq!(ask(&mut s, r#"{"op":"try","move":"N@f3"}"#)["ok"], false);
}

#[test]
fn a_captured_promoted_queen_goes_to_the_pocket_as_a_pawn() {
    let mut s = Session::new();
    // White's queen on d8 was promoted (~); Black's king takes it.
    ask(
        &mut s,
        r#"{"op":"new","rules":"crazykrieg","fen":"3Q~k3/8/8/8/8/8/8/4K3[] b - - 0 1"}"#,
    );
    let took = ask(&mut s, r#"{"op":"try","move":"e8d8"}"#);
    assert!(
        heard(&took, "white")
            .contains(&serde_json::json!({"kind":"capture","square":"d8","unit":"pawn"})),
        "{took}"
    );
    assert_eq!(took["pockets"], serde_json::json!({"white":"","black":"p"}));
}

mod blind {
    use kriegspiel::bench::RandomPlayer;
    use kriegspiel::rules::{Handicap, Sighted, Wing};
    use kriegspiel::{Game, PlayerView, Preset, RuleSet};
    use proptest::prelude::*;
    use shakmaty::Color;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

        /// In a handicap game the blind player's view holds exactly its own pieces: never a
        /// piece of the sighted player, whatever happens.
        #[test]
        fn the_blind_view_never_holds_a_sighted_piece(seed in any::<u64>(), white_sighted in any::<bool>(), one_eye in any::<bool>()) {
            let rules = RuleSet {
                sighted: if white_sighted { Sighted::White } else { Sighted::Black },
                handicap: if one_eye { Handicap::OneEye } else { Handicap::PicklePot },
                bishop: Some(Wing::C),
                ..Preset::Cincinnati.rules()
            };
            let blind = if white_sighted { Color::Black } else { Color::White };
            let start = kriegspiel::referee::handicap::start_position(&rules).expect("army");
            let mut game = Game::new(rules, start).expect("starts");
            let mut player = RandomPlayer::new(seed);
            let mut new_turn = true;
            for _ in 0..400 {
                let Some(request) = player.next_request(game.referee(), new_turn) else { break };
                let before = game.referee().to_move();
                if game.apply(request).is_err() { break; }
                new_turn = game.referee().to_move() != before;
                let view = PlayerView::build(game.log(), blind);
                prop_assert!(view.own.by_color(!blind).is_empty());
                let truth = game.referee().true_board();
                for sq in truth.by_color(blind) {
                    prop_assert_eq!(view.own.piece_at(sq), truth.piece_at(sq));
                }
                prop_assert_eq!(view.own.occupied().count(), truth.by_color(blind).count());
            }
        }
    }
}
