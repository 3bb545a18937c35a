//! The distinctive rules of each preset (RULES.md section 3), through the library API.

use kriegspiel::announce::{
    CheckDirection, DrawReason, EndReason, GameResult, PawnTries, Unit, split,
};
use kriegspiel::referee::RequestError;
use kriegspiel::{Attempt, Game, Item, Preset, Request};
use shakmaty::{Bitboard, Square};

fn game(p: Preset, fen: &str) -> Game {
    Game::from_fen(p.rules(), fen).expect("valid position")
}

fn att(s: &str) -> Request {
    Request::Try(Attempt::parse(s).expect("well-formed"))
}

/// Applies a request and returns what (white, black) heard.
fn ask(g: &mut Game, r: Request) -> (Vec<Item>, Vec<Item>) {
    let event = g.apply(r).expect("accepted");
    let by = split(&event.said);
    (by.white, by.black)
}

fn tries(g: &mut Game, s: &str) -> (Vec<Item>, Vec<Item>) {
    ask(g, att(s))
}

const BLOCKED_ROOK: &str = "4k3/p7/8/8/R2n4/8/P7/4K3 w - - 0 1";
const BISHOP: &str = "4k3/p7/8/8/8/8/P7/2B1K3 w - - 0 1";
const PAWN_TRIES: &str = "4k3/8/8/8/8/2b1n3/3P4/4K3 w - - 0 1";

#[test]
fn berkeley_everything_public_but_nonsense() {
    let mut g = game(Preset::Berkeley, BLOCKED_ROOK);
    assert_eq!(
        tries(&mut g, "a4h4"),
        (vec![Item::Illegal], vec![Item::Illegal])
    );
    // the same attempt again is Nonsense, told to the mover only
    assert_eq!(tries(&mut g, "a4h4"), (vec![Item::Impossible], vec![]));
    let mut g = game(Preset::Berkeley, BISHOP);
    assert_eq!(tries(&mut g, "c1d3"), (vec![Item::Impossible], vec![]));
    // no pawn information, and captures say the square only
    let mut g = game(Preset::Berkeley, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    let (w, b) = tries(&mut g, "e4d5");
    assert_eq!(
        w,
        vec![
            Item::Legal,
            Item::Capture {
                square: Square::D5,
                unit: None
            }
        ]
    );
    assert_eq!(w, b);
}

#[test]
fn berkeley_material_rule_is_one_minor_each() {
    let mut g = game(Preset::Berkeley, "4k3/8/8/8/8/8/3r4/n3K1N1 w - - 0 1");
    let (w, _) = tries(&mut g, "e1d2");
    assert!(w.contains(&Item::Draw(DrawReason::InsufficientMaterial)));
    let mut g = game(Preset::Berkeley, "4k3/8/8/8/8/8/3r4/4KBB1 w - - 0 1");
    let (w, _) = tries(&mut g, "e1d2");
    assert!(
        !w.iter().any(|i| matches!(i, Item::Draw(_))),
        "two bishops can mate"
    );
    // the same K+N v K+N is not dead under the dead-position rule
    let mut g = game(Preset::Cincinnati, "4k3/8/8/8/8/8/3r4/n3K1N1 w - - 0 1");
    let (w, _) = tries(&mut g, "e1d2");
    assert!(!w.iter().any(|i| matches!(i, Item::Draw(_))));
}

#[test]
fn berkeley_any_obligation() {
    let mut g = game(Preset::BerkeleyAny, PAWN_TRIES);
    assert_eq!(
        ask(&mut g, Request::Any),
        (vec![Item::AnyAnswer(true)], vec![Item::AnyAnswer(true)])
    );
    assert_eq!(
        g.apply(Request::Any).unwrap_err(),
        RequestError::AnyAlreadyAsked
    );
    assert_eq!(tries(&mut g, "e1f2"), (vec![Item::Impossible], vec![]));
    assert_eq!(
        tries(&mut g, "d2e3"),
        (vec![Item::Illegal], vec![Item::Illegal])
    ); // pinned
    assert_eq!(
        tries(&mut g, "e1f2"),
        (vec![Item::Impossible], vec![]),
        "still bound"
    );
    assert_eq!(tries(&mut g, "d2c3").0[0], Item::Legal);
}

#[test]
fn wild16_private_refusals_counts_and_units() {
    let mut g = game(Preset::Wild16, BLOCKED_ROOK);
    assert_eq!(g.log().opening.len(), 1, "pawn tries at the start");
    assert_eq!(tries(&mut g, "a4h4"), (vec![Item::Illegal], vec![]));
    assert_eq!(
        tries(&mut g, "a4h4"),
        (vec![Item::Illegal], vec![]),
        "illegal again"
    );
    let mut g = game(Preset::Wild16, BISHOP);
    assert_eq!(tries(&mut g, "c1d3"), (vec![Item::Impossible], vec![]));
    let mut g = game(Preset::Wild16, "4k3/8/8/2n1b3/3P4/8/8/4K3 w - - 0 1");
    let opening = split(&g.log().opening);
    assert_eq!(opening.white, vec![Item::PawnTries(PawnTries::Count(2))]);
    let (w, b) = tries(&mut g, "d4e5");
    assert_eq!(w, b);
    assert_eq!(
        w[1],
        Item::Capture {
            square: Square::E5,
            unit: Some(Unit::Piece)
        }
    );
}

#[test]
fn wild16_fifty_moves_and_threefold() {
    let mut g = game(Preset::Wild16, "4k3/8/8/8/8/8/P7/R3K3 w - - 99 60");
    let (w, _) = tries(&mut g, "a1b1");
    assert_eq!(w.last(), Some(&Item::Draw(DrawReason::FiftyMoves)));
    assert_eq!(
        g.referee().over().map(|o| o.reason),
        Some(EndReason::FiftyMoves)
    );

    let mut g = game(Preset::Wild16, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    for (i, m) in [
        "e1d1", "e8d8", "d1e1", "d8e8", "e1d1", "e8d8", "d1e1", "d8e8",
    ]
    .iter()
    .enumerate()
    {
        let (w, _) = tries(&mut g, m);
        let drawn = w.contains(&Item::Draw(DrawReason::Threefold));
        assert_eq!(
            drawn,
            i == 7,
            "threefold exactly at the third occurrence (move {i})"
        );
    }
    // Berkeley has neither rule
    let mut g = game(Preset::Berkeley, "4k3/8/8/8/8/8/P7/R3K3 w - - 99 60");
    assert_eq!(tries(&mut g, "a1b1").0, vec![Item::Legal]);
}

#[test]
fn cincinnati_public_nonsense_and_has_any() {
    let mut g = game(Preset::Cincinnati, BISHOP);
    assert_eq!(
        tries(&mut g, "c1d3"),
        (vec![Item::Impossible], vec![Item::Impossible])
    );
    let mut g = game(Preset::Cincinnati, BLOCKED_ROOK);
    tries(&mut g, "a4h4");
    assert_eq!(
        tries(&mut g, "a4h4"),
        (vec![Item::Impossible], vec![Item::Impossible])
    );
    let g = game(Preset::Cincinnati, PAWN_TRIES);
    assert_eq!(
        split(&g.log().opening).black,
        vec![Item::PawnTries(PawnTries::Any(true))]
    );
}

#[test]
fn rand_squares_and_impossible_repeats() {
    let g = game(Preset::Rand, "4k3/8/8/3n4/2P1P3/8/8/4K3 w - - 0 1");
    let squares = Bitboard::from_square(Square::D5);
    assert_eq!(
        split(&g.log().opening).white,
        vec![Item::PawnTries(PawnTries::Squares(squares))]
    );
    let mut g = game(Preset::Rand, BLOCKED_ROOK);
    tries(&mut g, "a4h4");
    assert_eq!(
        tries(&mut g, "a4h4"),
        (vec![Item::Impossible], vec![Item::Impossible])
    );
}

#[test]
fn english_impossible_is_illegal_and_any_releases_after_one_refusal() {
    let mut g = game(Preset::English, BISHOP);
    assert_eq!(
        tries(&mut g, "c1d3"),
        (vec![Item::Illegal], vec![Item::Illegal])
    );
    let mut g = game(Preset::English, PAWN_TRIES);
    assert_eq!(ask(&mut g, Request::Any).0, vec![Item::AnyAnswer(true)]);
    assert_eq!(
        tries(&mut g, "e1f2"),
        (vec![Item::Impossible], vec![]),
        "bound to pawn captures"
    );
    assert_eq!(tries(&mut g, "d2e3").0, vec![Item::Illegal]);
    assert_eq!(
        tries(&mut g, "e1f2").0,
        vec![Item::Legal],
        "released after one refused capture"
    );
}

#[test]
fn classic_queen_only_and_squares() {
    let mut g = game(Preset::Classic, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        tries(&mut g, "b7b8n"),
        (vec![Item::Illegal], vec![Item::Illegal])
    );
    let (w, _) = tries(&mut g, "b7b8q");
    assert_eq!(w[0], Item::Legal);
    assert_eq!(w[1], Item::Check(CheckDirection::Rank));
    // the promotion announcement is an option of the classic rules
    let mut rules = Preset::Classic.rules();
    rules.announce_promotion = true;
    let mut g = Game::from_fen(rules, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").expect("valid");
    assert!(tries(&mut g, "b7b8q").1.contains(&Item::Promotion));
}

#[test]
fn check_directions() {
    let cases = [
        (
            "4k3/8/8/8/8/8/P7/R5K1 w - - 0 1",
            "a1e1",
            CheckDirection::File,
        ),
        (
            "8/8/8/8/8/P7/k7/6KR w - - 0 1",
            "h1h2",
            CheckDirection::Rank,
        ),
        (
            "4k3/8/8/8/4N3/8/P7/4K3 w - - 0 1",
            "e4d6",
            CheckDirection::Knight,
        ),
        (
            "4k3/p7/5b2/8/8/8/P7/4K3 b - - 0 1",
            "f6h4",
            CheckDirection::Short,
        ),
        (
            "3bk3/p7/8/8/8/8/P7/4K3 b - - 0 1",
            "d8a5",
            CheckDirection::Long,
        ),
        (
            "k7/8/8/8/8/8/8/K5Q1 w - - 0 1",
            "g1g2",
            CheckDirection::Long,
        ),
    ];
    for (fen, m, dir) in cases {
        let mut g = game(Preset::Berkeley, fen);
        let (w, b) = tries(&mut g, m);
        assert!(w.contains(&Item::Check(dir)), "{fen} {m}: {w:?}");
        assert_eq!(w, b);
    }
}

#[test]
fn resignation_draws_and_timeouts_end_the_game() {
    let mut g = Game::standard(Preset::Wild16.rules());
    ask(&mut g, Request::Resign(shakmaty::Color::White));
    assert_eq!(
        g.referee().over().map(|o| o.result),
        Some(GameResult::BlackWins)
    );
    assert!(matches!(
        g.apply(att("e2e4")),
        Err(RequestError::GameOver(_))
    ));

    let mut g = Game::standard(Preset::Rand.rules());
    ask(&mut g, Request::Draw);
    assert_eq!(
        g.referee().over().map(|o| o.reason),
        Some(EndReason::Agreement)
    );

    let mut g = Game::standard(Preset::Berkeley.rules());
    ask(&mut g, Request::Timeout(shakmaty::Color::White));
    assert_eq!(
        g.referee().over().map(|o| o.result),
        Some(GameResult::BlackWins)
    );
    // a flag fall is a draw when the opponent has only its king, a win otherwise
    let mut g = game(Preset::Berkeley, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    ask(&mut g, Request::Timeout(shakmaty::Color::White));
    assert_eq!(g.referee().over().map(|o| o.result), Some(GameResult::Draw));
    let mut g = game(Preset::Berkeley, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    ask(&mut g, Request::Timeout(shakmaty::Color::Black));
    assert_eq!(
        g.referee().over().map(|o| o.result),
        Some(GameResult::WhiteWins)
    );
}

#[test]
fn a_position_with_the_side_to_move_in_check_announces_it() {
    let g = game(Preset::Wild16, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    let heard = split(&g.log().opening);
    assert!(heard.white.contains(&Item::Check(CheckDirection::File)));
    assert_eq!(heard.white, heard.black);
    let g = game(Preset::Wild16, "k7/8/1Q6/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        g.referee().over().map(|o| o.reason),
        Some(EndReason::Stalemate)
    );
}

/// An edited rule set is titled by its nearest preset and what differs, in every text that
/// names the rules (issue 29 item 7): the scoresheet and the replay.
#[test]
fn an_edited_rule_set_is_titled_by_its_nearest_preset_in_texts() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/sample-secret_any.ron");
    let saved = kriegspiel::save::load_file(&path)
        .expect("the sample")
        .saved;
    let title = saved.log.rules.title();
    assert_eq!(title, "Berkeley, secret \"Any?\"");
    let sheet = kriegspiel::scoresheet::scoresheet(&saved);
    assert!(
        sheet.contains(&title) && !sheet.contains("Custom"),
        "{sheet}"
    );
    let replay = kriegspiel::replay::replay_text(&saved, kriegspiel::replay::Perspective::Referee);
    assert!(
        replay.contains(&title) && !replay.contains("Custom"),
        "{replay}"
    );
}

/// The referee says whether every attempt outside its legal list is refused with nothing changed
/// (what the problem solver relies on to pass over attempts legal nowhere): every Kriegspiel
/// preset once play has begun, never RBC, never while Semi-Kriegspiel's placement is awaited.
#[test]
fn only_kriegspiel_in_play_refuses_all_but_legal_attempts() {
    use kriegspiel::referee::{Referee, handicap};
    for p in Preset::ALL {
        let rules = p.rules();
        let start = handicap::start_position(&rules).unwrap_or_else(shakmaty::Setup::initial);
        let (referee, _) = Referee::new(rules.clone(), start).expect("a start");
        let expected =
            rules.family == kriegspiel::rules::Family::Kriegspiel && referee.placing().is_none();
        assert_eq!(
            referee.refuses_all_but_legal_attempts(),
            expected,
            "{}",
            p.id()
        );
    }
    assert!(
        !Referee::new(Preset::Rbc.rules(), shakmaty::Setup::initial())
            .expect("a start")
            .0
            .refuses_all_but_legal_attempts()
    );
    // Where it says so, an attempt off the list is refused and the position stays.
    let mut g = game(Preset::Wild16, BLOCKED_ROOK);
    let before = g.referee().fen();
    assert!(g.referee().refuses_all_but_legal_attempts());
    let (white, _) = tries(&mut g, "a4a8");
    assert!(!white.is_empty());
    assert_eq!(g.referee().fen(), before);
}
