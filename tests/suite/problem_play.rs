//! Playing a problem against the devil: hints lead to the solution, a wrong try is refuted, and
//! the devil never says anything the placement it shows would not have made the referee say.

use kriegspiel::announce::heard_by;
use kriegspiel::attempt::Attempt;
use kriegspiel::problem::{Act, Hint, PlayError, PlayState, Problem, ProblemPlay};
use kriegspiel::referee::Referee;
use std::time::Duration;

/// White Kc6, Rh1; Black Ka8 and a pawn on a7, b7 or a6. Mate in 2: 1.Kb6 (if refused, 1.Rh8#)
/// 2.Rh8#.
const SMALL: &str = r#"(title: "Test", author: "test", source: "test", rules: "wild16",
    known: "k7/8/2K5/8/8/8/8/7R w - - 0 1",
    uncertain: [(piece: 'p', squares: List(["a7", "b7", "a6"]))], mate_in: 2)"#;

const THINK: Duration = Duration::from_secs(5);

fn small() -> (Problem, ProblemPlay) {
    let problem = Problem::parse(SMALL).expect("problem");
    let play = ProblemPlay::new(&problem, THINK).expect("play");
    (problem, play)
}

fn attempt(text: &str) -> Attempt {
    Attempt::parse(text).expect("attempt")
}

/// Replays the requests of the refuting line from its placement and checks that the referee
/// says there exactly what the person heard.
fn assert_the_devil_never_lied(problem: &Problem, play: &ProblemPlay) {
    let (fen, requests) = play.refutation_requests().expect("a refutation");
    let (mut referee, _) = Referee::from_fen(problem.rule_set().expect("rules"), fen).expect("fen");
    let side = play.side();
    let heard: Vec<Vec<_>> = requests
        .iter()
        .map(|r| {
            let said = referee.apply(r).expect("the request is taken");
            heard_by(&said, side).collect()
        })
        .collect();
    assert_eq!(heard, play.heard(), "replayed from {fen}");
}

#[test]
fn following_the_hints_solves_the_problem() {
    let (_, mut play) = small();
    for _ in 0..10 {
        if *play.state() != PlayState::Playing {
            break;
        }
        let Hint::Next { act, depth, .. } = play.hint(THINK) else {
            panic!("a proven problem always has a hint: {:?}", play.record());
        };
        assert!(depth <= play.mate_in() - play.moves());
        play.act(act).expect("the hint is possible");
    }
    assert!(
        matches!(play.state(), PlayState::Solved { moves } if *moves <= 2),
        "{:?} {:?}",
        play.state(),
        play.record()
    );
}

#[test]
fn the_devil_refuses_the_mate_where_it_can() {
    // 1.Rh8+ mates only where the pawn stands on a7 and b7 is free... the devil keeps a
    // placement where it does not.
    let (problem, mut play) = small();
    let first = play.positions();
    play.attempt(attempt("h1h8")).expect("possible");
    assert_ne!(*play.state(), PlayState::Solved { moves: 1 });
    assert!(play.positions() < first || play.moves() == 1);
    // Then anything: the problem ends failed within the stipulation.
    let mut i = 0;
    while *play.state() == PlayState::Playing {
        assert!(i < 200, "the problem ends: {:?}", play.record());
        let possible = play.possible_attempts();
        // A refused attempt may be refused again: each is tried once in turn.
        let _ = play.attempt(possible[i % possible.len()]);
        i += 1;
    }
    let PlayState::Failed {
        placement, line, ..
    } = play.state().clone()
    else {
        panic!("{:?}", play.state());
    };
    let starts: Vec<String> = problem
        .belief()
        .expect("belief")
        .iter()
        .map(Referee::fen)
        .collect();
    assert!(starts.contains(&placement), "{placement}");
    assert!(!line.is_empty());
    assert_the_devil_never_lied(&problem, &play);
}

#[test]
fn a_wasted_move_fails_with_a_placement_that_refutes_it() {
    let (problem, mut play) = small();
    play.attempt(attempt("h1h2")).expect("possible");
    assert_eq!(play.moves(), 1);
    assert_eq!(
        play.hint(THINK),
        Hint::Lost,
        "no mate in 1 is left everywhere"
    );
    play.attempt(attempt("h2h8")).expect("possible");
    assert!(
        matches!(play.state(), PlayState::Failed { reason, .. } if reason.contains("No mate in 2")),
        "{:?}",
        play.state()
    );
    assert_the_devil_never_lied(&problem, &play);
    assert_eq!(play.attempt(attempt("c6b6")), Err(PlayError::Over));
}

#[test]
fn an_impossible_attempt_changes_nothing() {
    let (_, mut play) = small();
    let before = play.positions();
    assert!(matches!(
        play.attempt(attempt("h1a8")),
        Err(PlayError::Impossible(_))
    ));
    assert!(matches!(
        play.attempt(attempt("e2e4")),
        Err(PlayError::Impossible(_))
    ));
    assert_eq!(play.positions(), before);
    assert!(play.record().is_empty());
    assert_eq!(*play.state(), PlayState::Playing);
}

#[test]
fn the_own_pieces_and_what_is_sure_of_the_enemy() {
    let (_, play) = small();
    let own = play.own_pieces();
    assert_eq!(own.len(), 2);
    let (sure, maybe) = play.enemy_knowledge();
    assert_eq!(sure.len(), 1, "the black king on a8 is known: {sure:?}");
    assert_eq!(maybe.count(), 3, "the pawn's three squares");
}

/// Roche's problem (Rex Multiplex 1986): the key is the question. Following the hints, "Any?"
/// among them, solves it whatever the devil answers; the proof is adopted once and every hint
/// comes from it.
#[test]
fn a_question_is_a_move_of_the_person_and_of_the_hints() {
    let problem = Problem::parse(
        kriegspiel::places::problem("roche-1986-any")
            .expect("shipped")
            .text,
    )
    .expect("parses");
    let mut play = ProblemPlay::new(&problem, THINK).expect("starts");
    assert!(play.can_ask(), "English rules have the question");
    let proof = problem.prove(None, None, false).expect("solves");
    let strategy = proof.strategy.expect("proven");
    assert_eq!(strategy.act, Act::Any);
    assert!(play.adopt(strategy));
    let mut asked = false;
    for _ in 0..10 {
        if *play.state() != PlayState::Playing {
            break;
        }
        assert!(
            play.has_plan(),
            "the person follows the proof: {:?}",
            play.record()
        );
        // From the proof: no search, so no time is needed.
        let Hint::Next { act, .. } = play.hint(std::time::Duration::ZERO) else {
            panic!("a hint from the proof: {:?}", play.record());
        };
        asked |= act == Act::Any;
        play.act(act).expect("the hint is possible");
    }
    assert!(asked);
    assert!(
        matches!(play.state(), PlayState::Solved { .. }),
        "{:?} {:?}",
        play.state(),
        play.record()
    );
    assert!(
        play.record()[0].starts_with("1. Any?"),
        "{:?}",
        play.record()
    );
    // Asked once a turn.
    let mut again = ProblemPlay::new(&problem, THINK).expect("starts");
    again.act(Act::Any).expect("asked");
    assert!(!again.can_ask());
    assert!(again.act(Act::Any).is_err());
}

/// Issue 55 item 4: a refused attempt is written in the problem's log as play writes it, in SAN
/// from the person's own pieces ("1. Kb7: No."), never as its squares ("c6b7"); an impossible
/// one is named the same way.
#[test]
fn a_refused_attempt_is_logged_in_san() {
    let (_, mut play) = small();
    // The king can never stand next to Black's on a8: refused wherever the pawn is.
    play.attempt(attempt("c6b7")).expect("possible");
    let first = play.record().first().cloned().unwrap_or_default();
    assert!(first.starts_with("1. Kb7: "), "{first}");
    assert!(!first.contains("c6b7"), "{first}");
    let impossible = play.attempt(attempt("h1a8")).expect_err("impossible");
    assert!(impossible.to_string().starts_with("Ra8 "), "{impossible}");
}
