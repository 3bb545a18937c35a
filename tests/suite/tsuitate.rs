//! Tsuitate shogi: each prohibited move of shogi as the umpire rules on it, the ends of a game,
//! random games played through the referee protocol (the binary) with every answer checked
//! against the rules computed here from the SFEN it gives, and the seats' views checked against
//! the true position.

use kriegspiel::tsuitate::referee::{in_check, no_legal_move, own_view, parse_move};
use kriegspiel::tsuitate::{
    Audience, DrawReason, EndReason, Item, Referee, SeatView, TsuitateRules, bots,
};
use serde_json::{Value, json};
use shogi_core::{Color, Move, PartialPosition, PieceKind};
use shogi_legality_lite::{all_legal_moves_partial, is_legal_partial_lite};
use shogi_usi_parser::FromUsi;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn game(sfen: &str) -> Referee {
    let rules = TsuitateRules {
        fouls: 9,
        max_plies: 0,
    };
    Referee::from_sfen(rules, sfen).expect("valid SFEN").0
}

/// What the mover heard of an attempt (items heard by both come first in `said`).
fn attempt(r: &mut Referee, usi: &str) -> Vec<Item> {
    r.attempt(usi)
        .expect("a well-formed attempt")
        .into_iter()
        .map(|s| s.item)
        .collect()
}

fn unchanged_after(r: &mut Referee, usi: &str) -> Vec<Item> {
    let before = r.sfen();
    let heard = attempt(r, usi);
    assert_eq!(r.sfen(), before, "{usi} changed the position");
    heard
}

#[test]
fn two_pawns_on_a_file_is_impossible_and_no_foul() {
    let mut r = game("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    assert_eq!(unchanged_after(&mut r, "P*5e"), [Item::Impossible]);
    assert_eq!(r.fouls(Color::Black), 0);
    assert_eq!(attempt(&mut r, "P*4e"), [Item::Legal]);
}

#[test]
fn a_dropped_pawn_giving_mate_is_a_foul_but_a_pushed_one_mates() {
    // White's king on 1a: a silver covers 2a, a gold covers 2b and guards 1b.
    let mut r = game("8k/6S2/8G/9/9/9/9/9/K8 b P 1");
    assert_eq!(
        unchanged_after(&mut r, "P*1b"),
        [Item::Illegal { fouls: 1 }]
    );
    let mut r = game("8k/6S2/7GP/9/9/9/9/9/K8 b - 1");
    assert_eq!(
        attempt(&mut r, "1c1b"),
        [Item::Legal, Item::Check, Item::Checkmate]
    );
    let over = r.over().expect("over");
    assert_eq!(
        (over.winner, over.reason),
        (Some(Color::Black), EndReason::Checkmate)
    );
}

#[test]
fn a_pawn_drop_that_leaves_no_move_without_check_is_legal_and_wins() {
    // shogi_legality_lite calls this drop a pawn drop mate; it gives no check.
    let mut r = game("8k/6S2/8G/9/9/9/9/9/K8 b P 1");
    assert_eq!(attempt(&mut r, "P*2e"), [Item::Legal, Item::NoMoves]);
    let over = r.over().expect("over");
    assert_eq!(
        (over.winner, over.reason),
        (Some(Color::Black), EndReason::NoMoves)
    );
}

#[test]
fn a_piece_with_no_further_move_is_impossible() {
    let mut r = game("4k4/P8/9/9/9/9/9/9/4K4 b N 1");
    assert_eq!(unchanged_after(&mut r, "N*5b"), [Item::Impossible]);
    assert_eq!(unchanged_after(&mut r, "9b9a"), [Item::Impossible]);
    assert_eq!(attempt(&mut r, "9b9a+"), [Item::Legal]);
}

#[test]
fn hidden_pieces_make_fouls_heard_by_both() {
    // A drop onto a hidden piece, a slide through one, a king into check.
    let mut r = game("4k4/9/4g4/9/9/9/9/4R4/4K4 b G 1");
    let said = r.attempt("G*5c").expect("attempt");
    assert_eq!(said.len(), 1);
    assert_eq!(said[0].to, Audience::Both);
    assert_eq!(said[0].item, Item::Illegal { fouls: 1 });
    assert_eq!(
        unchanged_after(&mut r, "5h5b"),
        [Item::Illegal { fouls: 2 }]
    );
    let mut r = game("4k4/9/9/9/9/9/9/3g5/4K4 b - 1");
    assert_eq!(
        unchanged_after(&mut r, "5i5h"),
        [Item::Illegal { fouls: 1 }]
    );
    assert_eq!(
        attempt(&mut r, "5i6h"),
        [
            Item::Legal,
            Item::Capture {
                square: shogi_core::Square::new(6, 8).expect("6h"),
                piece: PieceKind::Gold
            }
        ]
    );
}

#[test]
fn the_last_allowed_foul_loses() {
    let rules = TsuitateRules {
        fouls: 2,
        max_plies: 0,
    };
    let (mut r, _) = Referee::from_sfen(rules, "4k4/9/4g4/9/9/9/9/4R4/4K4 b - 1").expect("sfen");
    assert_eq!(attempt(&mut r, "5h5a"), [Item::Illegal { fouls: 1 }]);
    assert_eq!(
        attempt(&mut r, "5h5b"),
        [Item::Illegal { fouls: 2 }, Item::FoulLimit]
    );
    let over = r.over().expect("over");
    assert_eq!(
        (over.winner, over.reason),
        (Some(Color::White), EndReason::Fouls)
    );
    assert!(r.attempt("5h5g").is_err(), "nothing after the end");
}

#[test]
fn a_captured_promoted_piece_goes_to_hand_unpromoted() {
    let mut r = game("4k4/9/9/9/4+p4/9/9/9/4K1R2 b - 1");
    let heard = attempt(&mut r, "3i3e");
    assert_eq!(heard, [Item::Legal]);
    attempt(&mut r, "5a5b");
    let heard = attempt(&mut r, "3e5e");
    assert_eq!(
        heard,
        [
            Item::Legal,
            Item::Capture {
                square: shogi_core::Square::new(5, 5).expect("5e"),
                piece: PieceKind::Pawn
            },
            Item::Check
        ]
    );
}

#[test]
fn the_fourth_repetition_is_a_draw() {
    let mut r = game("8k/9/9/9/9/9/9/9/K8 b - 1");
    for _ in 0..3 {
        for usi in ["9i9h", "1a1b", "9h9i"] {
            assert!(r.over().is_none());
            attempt(&mut r, usi);
        }
        attempt(&mut r, "1b1a");
    }
    let over = r.over().expect("over");
    assert_eq!((over.winner, over.reason), (None, EndReason::Repetition));
}

#[test]
fn the_fourth_repetition_by_continuous_checks_loses_for_the_checker() {
    let mut r = game("8k/R8/9/9/9/9/9/9/4K4 b - 1");
    for round in 0..3 {
        assert_eq!(attempt(&mut r, "9b9a"), [Item::Legal, Item::Check]);
        attempt(&mut r, "1a1b");
        assert_eq!(attempt(&mut r, "9a9b"), [Item::Legal, Item::Check]);
        let last = attempt(&mut r, "1b1a");
        if round == 2 {
            assert_eq!(last, [Item::Legal, Item::PerpetualCheck]);
        }
    }
    let over = r.over().expect("over");
    assert_eq!(
        (over.winner, over.reason),
        (Some(Color::White), EndReason::PerpetualCheck)
    );
}

#[test]
fn the_move_limit_draws() {
    let rules = TsuitateRules {
        fouls: 9,
        max_plies: 2,
    };
    let (mut r, _) = Referee::new(rules);
    attempt(&mut r, "7g7f");
    let heard = attempt(&mut r, "3c3d");
    assert_eq!(heard, [Item::Legal, Item::Draw(DrawReason::MoveLimit)]);
}

#[test]
fn bad_input_is_an_error_and_changes_nothing() {
    let (mut r, _) = Referee::new(TsuitateRules::default());
    for bad in [
        "", "7g", "7g7f7f", "P*", "p*5e", "0a1b", "7g7j", "K*5e+", "７g７f",
    ] {
        let before = r.clone();
        if r.attempt(bad).is_ok() {
            // Well-formed but impossible: answered, not an error.
            assert_eq!(r.sfen(), before.sfen(), "{bad}");
        } else {
            assert_eq!(r, before, "{bad}");
        }
    }
    for sfen in [
        "",
        "9/9/9/9/9/9/9/9/9 b - 1",
        "4k4/9/9/9/9/9/9/9/4K4 b 19P 1",
        "4k4/9/9/9/9/9/P8/P8/4K4 b - 1",
        "4k3P/9/9/9/9/9/9/9/4K4 b - 1",
        "4k4/4R4/9/9/9/9/9/9/4K4 b - 1",
        "99/9/9/9/9/9/9/9/9 b - 1",
    ] {
        assert!(
            Referee::from_sfen(TsuitateRules::default(), sfen).is_err(),
            "{sfen}"
        );
    }
}

/// The position without its move number.
fn key(p: &PartialPosition) -> String {
    let s = p.to_sfen_owned();
    s.rsplit_once(' ').map_or(s.clone(), |(h, _)| h.to_owned())
}

#[test]
fn each_seat_sees_exactly_its_own_pieces_and_hand() {
    for seed in 0..4u64 {
        let rules = TsuitateRules {
            fouls: 0,
            max_plies: 160,
        };
        let (mut r, said) = Referee::new(rules);
        let heard = |said: &[kriegspiel::tsuitate::Said], c| -> Vec<Item> {
            said.iter()
                .filter(|s| s.to.includes(c))
                .map(|s| s.item)
                .collect()
        };
        let mut seats =
            [Color::Black, Color::White].map(|c| SeatView::new(c, r.start(), &heard(&said, c)));
        let mut players = [
            bots::make("random", seed).expect("bot"),
            bots::make("heuristic", seed + 9).expect("bot"),
        ];
        while r.over().is_none() {
            let mover = r.to_move();
            let i = usize::from(mover == Color::White);
            let Some(usi) = players[i].next(&seats[i]) else {
                break;
            };
            let said = r.attempt(&usi).expect("a bot's attempt is well-formed");
            for seat in seats.iter_mut() {
                seat.update(mover, &usi, &heard(&said, seat.color), r.over());
            }
            for seat in &seats {
                assert_eq!(
                    key(&seat.board),
                    key(&own_view(r.position(), seat.color)),
                    "seat {:?} after {usi}",
                    seat.color
                );
            }
        }
    }
}

/// The referee binary, spoken to line by line.
struct Binary {
    child: std::process::Child,
    out: BufReader<std::process::ChildStdout>,
}

impl Binary {
    fn start() -> Binary {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
            .arg("referee")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let out = BufReader::new(child.stdout.take().expect("stdout"));
        Binary { child, out }
    }

    fn ask(&mut self, request: &Value) -> Value {
        let stdin = self.child.stdin.as_mut().expect("stdin");
        writeln!(stdin, "{request}").expect("write");
        stdin.flush().expect("flush");
        let mut line = String::new();
        self.out.read_line(&mut line).expect("read");
        serde_json::from_str(&line).expect("one JSON answer")
    }
}

impl Drop for Binary {
    fn drop(&mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}

fn kinds(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|i| i["kind"].as_str().expect("kind").to_owned())
        .collect()
}

fn position(sfen: &str) -> PartialPosition {
    PartialPosition::from_usi(&format!("sfen {sfen}")).expect("the answer's SFEN reads")
}

/// Checks one answer to an attempt `usi` made in `before` against the rules.
fn check_answer(before: &PartialPosition, usi: &str, answer: &Value) {
    let side = before.side_to_move();
    let (me, other) = match side {
        Color::Black => ("black", "white"),
        Color::White => ("white", "black"),
    };
    let mine = kinds(&answer["heard"][me]);
    let theirs = kinds(&answer["heard"][other]);
    let after = position(answer["sfen"].as_str().expect("sfen"));
    let mv: Move = parse_move(usi, side).expect("well-formed");
    let legal = kriegspiel::tsuitate::referee::is_legal(before, mv);
    let possible = is_legal_partial_lite(&own_view(before, side), mv);
    if !possible {
        assert_eq!(
            (mine.as_slice(), theirs.len()),
            (["impossible".to_owned()].as_slice(), 0)
        );
        assert_eq!(
            key(&after),
            key(before),
            "impossible {usi} changed the position"
        );
        return;
    }
    if !legal {
        assert_eq!(mine.first().map(String::as_str), Some("illegal"), "{usi}");
        assert_eq!(mine, theirs, "both hear a foul");
        assert_eq!(key(&after), key(before), "foul {usi} changed the position");
        return;
    }
    assert_eq!(mine, theirs, "both hear a legal move alike");
    assert_eq!(mine.first().map(String::as_str), Some("legal"), "{usi}");
    let mut next = before.clone();
    next.make_move(mv).expect("legal");
    assert_eq!(key(&after), key(&next), "{usi} played");
    let target = if mv.is_drop() {
        None
    } else {
        before.piece_at(mv.to())
    };
    let capture = answer["heard"][me]
        .as_array()
        .expect("list")
        .iter()
        .find(|i| i["kind"] == "capture");
    assert_eq!(capture.is_some(), target.is_some(), "capture of {usi}");
    if let (Some(c), Some(t)) = (capture, target) {
        let kind = t.piece_kind().unpromote().unwrap_or(t.piece_kind());
        let name = kriegspiel::tsuitate::announce::piece_name(kind);
        assert_eq!(
            (&c["square"], &c["piece"]),
            (&json!(&usi[2..4]), &json!(name))
        );
    }
    assert_eq!(
        mine.contains(&"check".to_owned()),
        in_check(&next),
        "check after {usi}"
    );
    let mated = no_legal_move(&next);
    assert_eq!(
        mine.contains(&"checkmate".to_owned()),
        mated && in_check(&next)
    );
    assert_eq!(
        mine.contains(&"no_moves".to_owned()),
        mated && !in_check(&next)
    );
    if mated {
        assert_eq!(answer["over"]["winner"], json!(me));
    }
}

#[test]
fn random_games_through_the_protocol_follow_the_rules() {
    let mut bin = Binary::start();
    let mut rng = kriegspiel::rng::Rng::new(35);
    let mut counts = [0usize; 3];
    for g in 0..6 {
        let rules = json!({"preset": "tsuitate", "fouls": if g % 2 == 0 { 0 } else { 9 }, "max_plies": 120});
        let mut answer = bin.ask(&json!({"op": "new", "rules": rules}));
        assert_eq!(answer["ok"], json!(true));
        while answer["over"].is_null() {
            let before = position(answer["sfen"].as_str().expect("sfen"));
            let own = own_view(&before, before.side_to_move());
            let possible = all_legal_moves_partial(&own);
            answer = if rng.below(3) == 0 {
                let name = if rng.below(2) == 0 {
                    "random"
                } else {
                    "heuristic"
                };
                bin.ask(&json!({"op": "bot", "name": name}))
            } else {
                let mv = possible[rng.below(possible.len())];
                let usi = kriegspiel::tsuitate::referee::move_name(mv);
                let mut a = bin.ask(&json!({"op": "try", "move": usi}));
                a["attempt"] = json!(usi);
                a
            };
            assert_eq!(answer["ok"], json!(true), "{answer}");
            let usi = answer["attempt"].as_str().expect("attempt").to_owned();
            check_answer(&before, &usi, &answer);
            counts[0] += 1;
        }
        counts[1] += usize::from(answer["over"]["reason"] == "checkmate");
        counts[2] += 1;
    }
    assert_eq!(counts[2], 6);
    assert!(counts[0] > 300, "attempts: {}", counts[0]);
    // An impossible attempt from the protocol: heard by the mover alone.
    let a = bin.ask(&json!({"op": "new", "rules": "tsuitate"}));
    assert_eq!(a["to_move"], "black");
    let a = bin.ask(&json!({"op": "try", "move": "7g7e"}));
    assert_eq!(a["heard"]["black"], json!([{"kind": "impossible"}]));
    assert_eq!(a["heard"]["white"], json!([]));
    let a = bin.ask(&json!({"op": "try", "move": "nonsense"}));
    assert_eq!(a["ok"], json!(false));
    let a = bin.ask(&json!({"op": "any"}));
    assert_eq!(a["ok"], json!(false));
    let a = bin.ask(&json!({"op": "resign"}));
    assert_eq!(
        a["over"],
        json!({"winner": "white", "reason": "resignation"})
    );
}
