//! Reconnaissance Blind Chess (RULES.md section 4), its clock, and Modern Kriegspiel.

use crate::common;

use kriegspiel::announce::{EndReason, GameResult, Item, Reveal, split};
use kriegspiel::bench::RandomPlayer;
use kriegspiel::clock::{ClockReading, TimeControl};
use kriegspiel::referee::RequestError;
use kriegspiel::save::Meta;
use kriegspiel::session::GameSession;
use kriegspiel::{Attempt, Game, PlayerView, Preset, Request};
use proptest::prelude::*;
use shakmaty::{Bitboard, Color, Piece, Square};
use std::time::Duration;

fn rbc(fen: &str) -> Game {
    Game::from_fen(Preset::Rbc.rules(), fen).expect("valid position")
}

fn att(s: &str) -> Attempt {
    Attempt::parse(s).expect("uci")
}

/// Applies a request; returns (white heard, black heard).
fn ask(g: &mut Game, r: Request) -> (Vec<Item>, Vec<Item>) {
    let e = g.apply(r).expect("accepted");
    let by = split(&e.said);
    (by.white, by.black)
}

fn moved(requested: &str, taken: Option<&str>) -> Item {
    Item::Moved {
        requested: Some(att(requested)),
        taken: taken.map(att),
    }
}

#[test]
fn a_legal_move_is_played_as_requested_and_only_the_mover_hears_it() {
    let mut g = rbc("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(
        ask(&mut g, Request::Move(att("g1f3"))),
        (vec![moved("g1f3", Some("g1f3"))], vec![])
    );
    assert_eq!(g.referee().to_move(), Color::Black);
}

#[test]
fn sensing_reveals_the_clipped_window_to_the_sensor_only_once_per_turn() {
    let mut g = rbc("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let (w, b) = ask(&mut g, Request::Sense(Some(Square::A8)));
    assert!(b.is_empty());
    let Item::Sense(reveal) = w[0] else {
        panic!("a sense result")
    };
    let seen: Vec<(Square, Option<Piece>)> = reveal.iter().collect();
    assert_eq!(
        seen,
        vec![
            (Square::A7, Some(Color::Black.pawn())),
            (Square::B7, Some(Color::Black.pawn())),
            (Square::A8, Some(Color::Black.rook())),
            (Square::B8, Some(Color::Black.knight())),
        ]
    );
    assert_eq!(
        g.apply(Request::Sense(Some(Square::E4))).unwrap_err(),
        RequestError::AlreadySensed
    );
    ask(&mut g, Request::Pass);
    // Black may skip sensing: nothing is heard.
    assert_eq!(ask(&mut g, Request::Sense(None)), (vec![], vec![]));
}

#[test]
fn sliders_stop_on_the_first_enemy_piece_and_capture_it() {
    let mut g = rbc("4k3/6q1/8/8/3n4/8/8/B3K3 w - - 0 1");
    let (w, b) = ask(&mut g, Request::Move(att("a1h8")));
    assert_eq!(
        w,
        vec![
            moved("a1h8", Some("a1d4")),
            Item::Capture {
                square: Square::D4,
                unit: None
            }
        ]
    );
    assert_eq!(
        b,
        vec![Item::Captured(Square::D4)],
        "the victim is told where, not by what"
    );
}

#[test]
fn blocked_pawn_pushes() {
    // Blocked on the second square: a single push.
    let mut g = rbc("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1");
    assert_eq!(
        ask(&mut g, Request::Move(att("e2e4"))).0,
        vec![moved("e2e4", Some("e2e3"))]
    );
    // Blocked on the first square: nothing happens.
    let mut g = rbc("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
    assert_eq!(
        ask(&mut g, Request::Move(att("e2e4"))).0,
        vec![moved("e2e4", None)]
    );
    assert_eq!(
        g.referee().to_move(),
        Color::Black,
        "a failed move ends the turn like a pass"
    );
    // A single push into a piece: nothing.
    let mut g = rbc("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
    assert_eq!(
        ask(&mut g, Request::Move(att("e2e3"))).0,
        vec![moved("e2e3", None)]
    );
}

#[test]
fn pawn_diagonals_promotions_and_en_passant() {
    let mut g = rbc("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(
        ask(&mut g, Request::Move(att("e2d3"))).0,
        vec![moved("e2d3", None)]
    );
    let mut g = rbc("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let (w, _) = ask(&mut g, Request::Move(Attempt::new(Square::B7, Square::B8)));
    assert_eq!(
        w,
        vec![Item::Moved {
            requested: Some(Attempt::new(Square::B7, Square::B8)),
            taken: Some(att("b7b8q")),
        }],
        "no piece given: a queen"
    );
    let mut g = rbc("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let (w, b) = ask(&mut g, Request::Move(att("e5d6")));
    assert_eq!(
        w[1],
        Item::Capture {
            square: Square::D5,
            unit: None
        }
    );
    assert_eq!(b, vec![Item::Captured(Square::D5)]);
}

#[test]
fn castling_ignores_check_but_not_pieces_in_between() {
    let mut g = rbc("4k3/8/8/8/8/8/4r3/4K2R w K - 0 1");
    assert_eq!(
        ask(&mut g, Request::Move(att("e1g1"))).0,
        vec![moved("e1g1", Some("e1g1"))]
    );
    let mut g = rbc("4k3/8/8/8/8/8/8/4Kb1R w K - 0 1");
    assert_eq!(
        ask(&mut g, Request::Move(att("e1g1"))).0,
        vec![moved("e1g1", None)]
    );
}

#[test]
fn an_impossible_attempt_is_refused_and_the_player_chooses_again() {
    let mut g = rbc("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(
        ask(&mut g, Request::Move(att("d1d2"))),
        (vec![Item::Impossible], vec![])
    );
    assert_eq!(g.referee().to_move(), Color::White);
    assert_eq!(
        ask(&mut g, Request::Move(att("c1d3"))).0,
        vec![Item::Impossible]
    );
    assert_eq!(
        ask(&mut g, Request::Move(att("b1c3"))).0,
        vec![moved("b1c3", Some("b1c3"))]
    );
}

#[test]
fn moving_into_check_is_allowed_and_capturing_the_king_wins() {
    let mut g = rbc("4k3/8/8/8/8/8/4r3/3K4 w - - 0 1");
    ask(&mut g, Request::Move(att("d1e1")));
    let (w, b) = ask(&mut g, Request::Move(att("e2e1")));
    assert_eq!(w, vec![Item::Captured(Square::E1), Item::KingCaptured]);
    assert_eq!(
        b,
        vec![
            moved("e2e1", Some("e2e1")),
            Item::Capture {
                square: Square::E1,
                unit: None
            },
            Item::KingCaptured
        ]
    );
    let over = g.referee().over().expect("over");
    assert_eq!(
        (over.result, over.reason),
        (GameResult::BlackWins, EndReason::KingCaptured)
    );
    assert!(g.apply(Request::Pass).is_err());
}

#[test]
fn a_pass_hands_the_turn_over() {
    let mut g = rbc("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(
        ask(&mut g, Request::Pass),
        (
            vec![],
            vec![Item::Moved {
                requested: None,
                taken: None
            }]
        )
    );
    assert_eq!(
        g.referee().fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
    );
}

#[test]
fn rbc_has_no_check_rules_and_no_draws_by_rule() {
    // A bare-king position: in Kriegspiel a material draw, in RBC the game goes on.
    let mut g = rbc("4k3/8/8/8/8/8/8/4K3 w - - 99 80");
    ask(&mut g, Request::Move(att("e1e2")));
    assert!(g.referee().over().is_none());
}

#[test]
fn the_rbc_clock_runs_out_with_a_loss_both_hear_and_never_a_draw() {
    let tc = TimeControl {
        base_ms: 5_000,
        increment_ms: 0,
        delay_ms: 0,
    };
    // Black has a bare king: in Kriegspiel a flag fall against it would be a draw.
    let start = "4k3/8/8/8/8/8/8/RQ2K3 w - - 0 1"
        .parse::<shakmaty::fen::Fen>()
        .expect("fen")
        .into_setup();
    let mut s = GameSession::new(Preset::Rbc.rules(), start, Meta::default(), Some(tc), None)
        .expect("starts");
    s.start_clock(Duration::ZERO);
    s.apply(Request::Sense(None), Duration::from_millis(1_000))
        .expect("sense");
    s.apply(Request::Move(att("a1a2")), Duration::from_millis(2_000))
        .expect("move");
    assert_eq!(
        s.facts().clock_reading(Duration::from_millis(2_000)),
        Some(ClockReading {
            white_ms: 3_000,
            black_ms: 5_000
        })
    );
    let e = s
        .check_time(Duration::from_millis(7_000))
        .expect("black's flag falls");
    let heard = split(&e.said);
    assert_eq!(heard.white, heard.black, "both are told");
    let over = s.game().referee().over().expect("over");
    assert_eq!(
        (over.result, over.reason),
        (GameResult::WhiteWins, EndReason::Timeout)
    );
}

fn modern() -> kriegspiel::RuleSet {
    let mut rules = Preset::Berkeley.rules();
    rules.open_squares = 7;
    rules
}

#[test]
fn modern_kriegspiel_opens_seven_squares_to_the_mover_only() {
    let mut g = Game::standard(modern());
    assert!(matches!(
        g.apply(Request::Open(Bitboard::from_square(Square::E7))),
        Err(RequestError::Open(_))
    ));
    ask(&mut g, Request::Try(att("e2e4")));
    let seven: Bitboard = [
        Square::A7,
        Square::B7,
        Square::C7,
        Square::D7,
        Square::E7,
        Square::E5,
        Square::H8,
    ]
    .into_iter()
    .collect();
    assert!(
        matches!(
            g.apply(Request::Open(Bitboard::from_square(Square::E7))),
            Err(RequestError::Open(_))
        ),
        "seven squares"
    );
    let (w, b) = ask(&mut g, Request::Open(seven));
    assert!(b.is_empty(), "the opponent hears nothing");
    let Item::Opened(reveal) = w[0] else {
        panic!("opened squares")
    };
    assert_eq!(reveal.squares, seven);
    assert_eq!(
        reveal
            .iter()
            .find(|(sq, _)| *sq == Square::H8)
            .map(|(_, p)| p),
        Some(Some(Color::Black.rook()))
    );
    assert_eq!(
        reveal
            .iter()
            .find(|(sq, _)| *sq == Square::E5)
            .map(|(_, p)| p),
        Some(None)
    );
    assert!(g.apply(Request::Open(seven)).is_err(), "once per move");
    // Black moves and may open squares in turn.
    ask(&mut g, Request::Try(att("e7e5")));
    let black_squares: Bitboard = [
        Square::A1,
        Square::B1,
        Square::C1,
        Square::D1,
        Square::E1,
        Square::F1,
        Square::E4,
    ]
    .into_iter()
    .collect();
    let (w, b) = ask(&mut g, Request::Open(black_squares));
    assert!(w.is_empty() && matches!(b[0], Item::Opened(_)));
    // Once the opponent has made an attempt it is too late.
    ask(&mut g, Request::Try(att("g1f3")));
    assert_eq!(
        ask(&mut g, Request::Try(att("e5e4"))).0,
        vec![Item::Illegal]
    );
    assert!(
        g.apply(Request::Open(seven)).is_err(),
        "Black has already tried a move"
    );
    // The view remembers what was seen, and when.
    let view = PlayerView::build(g.log(), Color::White);
    assert_eq!(
        view.seen.get(&Square::H8),
        Some(&(Some(Color::Black.rook()), 1))
    );
}

#[test]
fn modern_kriegspiel_is_refused_where_it_is_off() {
    let mut g = Game::standard(Preset::Wild16.rules());
    ask(&mut g, Request::Try(att("e2e4")));
    assert!(matches!(
        g.apply(Request::Open(Bitboard::from_square(Square::E7))),
        Err(RequestError::Open(_))
    ));
    let reveal = Reveal::read(g.referee().true_board(), Bitboard::EMPTY);
    assert_eq!(reveal.iter().count(), 0);
}

/// Plays a random RBC game and checks, after every request, that each player's view holds its
/// own pieces exactly, what it sensed exactly as the board was then, and the capture notices it
/// was told.
fn check_rbc_views(seed: u64) {
    let mut game = Game::standard(Preset::Rbc.rules());
    let mut player = RandomPlayer::new(seed);
    let mut new_turn = true;
    let mut sightings: Vec<(Color, Square, Option<Piece>)> = Vec::new();
    let mut notices: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
    for _ in 0..240 {
        let Some(request) = player.next_request(game.referee(), new_turn) else {
            break;
        };
        let before = game.referee().to_move();
        let Ok(event) = game.apply(request) else {
            break;
        };
        let event = event.clone();
        new_turn = game.referee().to_move() != before;
        for said in &event.said {
            for color in [Color::White, Color::Black] {
                if !said.to.includes(color) {
                    continue;
                }
                match said.item {
                    Item::Sense(r) => sightings.extend(r.iter().map(|(sq, p)| (color, sq, p))),
                    Item::Captured(sq) => notices[usize::from(color == Color::White)].push(sq),
                    _ => {}
                }
            }
        }
        for color in [Color::White, Color::Black] {
            let view = PlayerView::build(game.log(), color);
            assert!(
                view.own == common::own_pieces(game.referee().true_board(), color),
                "own pieces"
            );
            assert!(view.own.by_color(!color).is_empty());
            // every sighting in the view is what that player sensed, as it was then
            for (sq, (piece, _)) in &view.seen {
                let latest = sightings
                    .iter()
                    .rev()
                    .find(|(c, s, _)| *c == color && s == sq);
                assert_eq!(latest.map(|(_, _, p)| *p), Some(*piece), "sighting of {sq}");
            }
            let told: Vec<Square> = view.lost.iter().map(|(sq, _)| *sq).collect();
            assert_eq!(
                told,
                notices[usize::from(color == Color::White)],
                "capture notices"
            );
        }
        if game.referee().over().is_some() {
            break;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    /// An RBC player's view holds only its own pieces, what it sensed (as of then) and the
    /// capture notices it was told.
    #[test]
    fn rbc_views_hold_only_what_the_player_knows(seed in any::<u64>()) {
        check_rbc_views(seed);
    }
}
