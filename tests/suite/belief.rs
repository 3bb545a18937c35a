//! The belief state (issue 18): built from one seat's view only, it is tight (after Black's two
//! quiet moves White's belief puts the black king on e8, e7, d7 or f7 only, and holds exactly
//! the positions a brute-force enumeration finds) and it never excludes the truth while exact;
//! a belief that pondered holds the same worlds as one that did not.

use kriegspiel::announce::heard_by;
use kriegspiel::attempt::Attempt;
use kriegspiel::belief::{Belief, BeliefError};
use kriegspiel::bots::Bot;
use kriegspiel::bots::random::RandomBot;
use kriegspiel::log::Game;
use kriegspiel::referee::handicap;
use kriegspiel::referee::{Referee, Request};
use kriegspiel::rng::Rng;
use kriegspiel::rules::{Handicap, Preset, RuleSet, Sighted, Wing};
use kriegspiel::view::PlayerView;
use shakmaty::{Color, Role, Square};
use std::collections::BTreeSet;

fn id(r: &Referee) -> String {
    r.fen().split(' ').take(4).collect::<Vec<_>>().join(" ")
}

fn play(game: &mut Game, uci: &str) {
    game.apply(Request::Try(Attempt::parse(uci).expect("uci")))
        .expect("accepted");
}

#[test]
fn after_two_quiet_black_moves_the_king_is_on_one_of_four_squares() {
    let mut game = Game::standard(Preset::Berkeley.rules());
    for m in ["a2a3", "e7e6", "h2h3", "e8e7"] {
        play(&mut game, m);
    }
    let view = PlayerView::build(game.log(), Color::White);
    let belief = Belief::with_cap(&view, 100_000, 1).expect("supported");
    assert!(belief.is_exact());
    let kings: BTreeSet<String> = belief
        .squares(Some(Role::King))
        .into_iter()
        .map(|(sq, _)| sq.to_string())
        .collect();
    let expected: BTreeSet<String> = ["e8", "e7", "d7", "f7"].map(String::from).into();
    assert_eq!(kings, expected);
    assert!(belief.contains(game.referee()));

    // Brute force: every two black moves after 1.a3 and 2.h3 whose announcements White heard
    // as it did (Berkeley: "Black moved", and nothing else, both times).
    let (start, _) = Referee::standard(Preset::Berkeley.rules());
    let heard_then = |r: &mut Referee, uci: &str| -> Vec<_> {
        let said = r
            .apply(&Request::Try(Attempt::parse(uci).expect("uci")))
            .expect("legal");
        heard_by(&said, Color::White).collect()
    };
    let mut truth = start.clone();
    heard_then(&mut truth, "a2a3");
    let first: Vec<_> = heard_then(&mut truth, "e7e6");
    heard_then(&mut truth, "h2h3");
    let second: Vec<_> = heard_then(&mut truth, "e8e7");
    let mut brute = BTreeSet::new();
    let mut after_a3 = start.clone();
    heard_then(&mut after_a3, "a2a3");
    for b1 in after_a3.legal_attempts() {
        let mut r1 = after_a3.clone();
        let said = r1.apply(&Request::Try(b1)).expect("legal");
        if heard_by(&said, Color::White).collect::<Vec<_>>() != first {
            continue;
        }
        heard_then(&mut r1, "h2h3");
        for b2 in r1.legal_attempts() {
            let mut r2 = r1.clone();
            let said = r2.apply(&Request::Try(b2)).expect("legal");
            if heard_by(&said, Color::White).collect::<Vec<_>>() == second {
                brute.insert(id(&r2));
            }
        }
    }
    let kept: BTreeSet<String> = belief.worlds().iter().map(id).collect();
    assert_eq!(kept, brute);
    // The weights of a square are shares of the worlds.
    let e8 = belief.weights(Some(Role::King))[usize::from(Square::E8)];
    assert!(e8 > 0.5 && e8 < 1.0, "{e8}");
}

#[test]
fn a_capture_heard_narrows_the_belief_to_the_capturing_units() {
    let mut game = Game::standard(Preset::Wild16.rules());
    for m in ["e2e4", "d7d5", "e4d5"] {
        play(&mut game, m);
    }
    let view = PlayerView::build(game.log(), Color::White);
    let belief = Belief::with_cap(&view, 100_000, 1).expect("supported");
    // White took on d5: a black unit stood there, and only a pawn can have got there in one move.
    assert!(belief.worlds().iter().all(|w| {
        w.true_board()
            .piece_at(Square::D5)
            .is_some_and(|p| p.color == Color::White)
    }));
    let black_view = PlayerView::build(game.log(), Color::Black);
    let black = Belief::with_cap(&black_view, 100_000, 1).expect("supported");
    assert!(black.contains(game.referee()));
}

#[test]
fn a_start_that_cannot_be_played_is_a_clear_error() {
    let game = Game::standard(Preset::Rbc.rules());
    let mut view = PlayerView::build(game.log(), Color::White);
    // Two white kings: no referee can start from that.
    view.start
        .board
        .set_piece_at(Square::E4, shakmaty::Piece::from_char('K').expect("K"));
    assert!(matches!(Belief::new(&view), Err(BeliefError::Start(_))));
}

/// Every rule set a game can be played under: the presets, Modern Kriegspiel, and the handicap
/// games (Semi-Kriegspiel's hidden placement among them).
fn every_rule_set() -> Vec<(String, RuleSet)> {
    let mut out: Vec<(String, RuleSet)> = Preset::ALL
        .into_iter()
        .map(|p| (format!("{p:?}"), p.rules()))
        .collect();
    let mut modern = Preset::Berkeley.rules();
    modern.open_squares = 7;
    out.push(("Modern".into(), modern));
    for (name, handicap, sighted) in [
        ("Semi", Handicap::Semi, Sighted::White),
        ("Semi (Black sighted)", Handicap::Semi, Sighted::Black),
        ("Pickle-pot", Handicap::PicklePot, Sighted::White),
    ] {
        let mut r = Preset::Wild16.rules();
        r.handicap = handicap;
        r.sighted = sighted;
        if handicap == Handicap::PicklePot {
            r.bishop = Some(Wing::F);
        }
        out.push((name.into(), r));
    }
    out
}

/// A new game under `rules`, Semi-Kriegspiel's king and queen placed at random.
fn new_game(rules: &RuleSet, rng: &mut Rng) -> Game {
    let start = handicap::start_position(rules).unwrap_or_else(shakmaty::Setup::initial);
    let mut game = Game::new(rules.clone(), start).expect("a legal start");
    if let Some(color) = game.referee().placing() {
        loop {
            let king = Square::new(rng.below(64) as u32);
            let queen = Square::new(rng.below(64) as u32);
            if game.apply(Request::Place { color, king, queen }).is_ok() {
                break;
            }
        }
    }
    game
}

/// Random games under every rule set: after every request both seats' beliefs (kept up to
/// date from their views) are non-empty, their weights add up to 1, and they hold the truth
/// whenever they are exact. Modern Kriegspiel's mover opens seven random squares after half of
/// its moves.
#[test]
fn the_truth_is_never_excluded_while_the_belief_is_exact() {
    let mut exact_checks = 0;
    for (name, rules) in every_rule_set() {
        let mut name_checks = 0;
        for seed in 0..2u64 {
            let mut rng = Rng::new(seed * 7 + name.len() as u64);
            let mut game = new_game(&rules, &mut rng);
            let mut bots = [RandomBot::new(seed * 31 + 1), RandomBot::new(seed * 31 + 2)];
            let mut beliefs = [Color::White, Color::Black].map(|c| {
                Belief::with_cap(&PlayerView::build(game.log(), c), 3000, seed).expect("supported")
            });
            let mut plies = 0;
            let mut requests = 0;
            while plies < 12 && requests < 400 && game.referee().over().is_none() {
                requests += 1;
                let side = game.referee().to_move();
                let view = PlayerView::build(game.log(), side);
                let Some(r) = bots[usize::from(side == Color::Black)].act(&view) else {
                    break;
                };
                let Ok(event) = game.apply(r) else {
                    continue;
                };
                if !event.turn_ends {
                    continue;
                }
                if rules.open_squares > 0 && rng.below(2) == 0 && game.referee().over().is_none() {
                    let mut squares = shakmaty::Bitboard::EMPTY;
                    while squares.count() < 7 {
                        squares.add(Square::new(rng.below(64) as u32));
                    }
                    game.apply(Request::Open(squares)).expect("opened");
                }
                plies += 1;
                for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
                    let view = PlayerView::build(game.log(), c);
                    beliefs[i].update(&view);
                    let b = &beliefs[i];
                    assert!(
                        !b.worlds().is_empty(),
                        "{name} seed {seed} ply {plies}: {c:?}'s belief is empty"
                    );
                    let total: f64 = b.weights_of_worlds().iter().sum();
                    assert!((total - 1.0).abs() < 1e-6, "{name}: weights add to {total}");
                    if b.is_exact() {
                        exact_checks += 1;
                        name_checks += 1;
                        assert!(
                            b.contains(game.referee()),
                            "{name} seed {seed} ply {plies}: {c:?} excluded {}",
                            game.referee().fen()
                        );
                    }
                }
            }
        }
        assert!(name_checks >= 4, "{name}: only {name_checks} exact checks");
    }
    assert!(exact_checks > 200, "{exact_checks}");
}

/// A hidden start with a king and two pawns (issue 36's endings): every placement is a world,
/// the truth among them, and the worlds follow the game.
#[test]
fn a_hidden_king_with_pawns_is_placed_everywhere() {
    let mut rng = kriegspiel::rng::Rng::new(4);
    let setup = kriegspiel::setup::random_blocked_ending(
        &[shakmaty::Role::Queen],
        2,
        shakmaty::Color::White,
        &mut rng,
    )
    .expect("a placement");
    let mut game = Game::new(Preset::Wild16.rules(), setup).expect("a game");
    game.hide_start();
    let view = PlayerView::build(game.log(), shakmaty::Color::White);
    let belief = Belief::new(&view).expect("a belief");
    assert!(belief.worlds().len() > 10_000, "{}", belief.worlds().len());
    assert!(belief.is_exact());
    assert!(belief.contains(game.referee()));
}

/// Issue 55: the review's exact counts against a brute force written apart from the belief.
///
/// The brute force places the hidden lone black king on every square (shakmaty keeps the legal
/// positions), then follows the game's requests: a white attempt keeps the placements where
/// shakmaty finds it legal or not as the referee said, with the same capture and check
/// directions (worked out here again); a black move branches over every legal black move that
/// White would have heard as it did (no capture, no game over). Placements are counted once.
mod enumeration {
    use kriegspiel::announce::{CheckDirection, Item, heard_by};
    use kriegspiel::attempt::Attempt;
    use kriegspiel::belief::Belief;
    use kriegspiel::log::Game;
    use kriegspiel::referee::Request;
    use kriegspiel::review::{Knowledge, Method, Options, Progress, review};
    use kriegspiel::rules::Preset;
    use kriegspiel::save::{Meta, SavedGame};
    use kriegspiel::view::PlayerView;
    use shakmaty::fen::Fen;
    use shakmaty::{Board, CastlingMode, Chess, Color, Move, Position, Role, Square};
    use std::collections::{BTreeMap, BTreeSet};
    use std::sync::Arc;

    /// What White heard of one request: refused, the capture squares, the check directions.
    type Heard = (bool, BTreeSet<Square>, BTreeSet<&'static str>);

    fn heard(items: impl Iterator<Item = Item>) -> Heard {
        let mut out = (false, BTreeSet::new(), BTreeSet::new());
        for item in items {
            match item {
                Item::Illegal | Item::Impossible => out.0 = true,
                Item::Capture { square, .. } => {
                    out.1.insert(square);
                }
                Item::Check(d) => {
                    out.2.insert(d.id());
                }
                _ => {}
            }
        }
        out
    }

    /// The check direction of `checker` on `king`, written apart from the referee's: a knight,
    /// a rank, a file, or the longer or shorter of the two diagonals through the king's square.
    fn direction(board: &Board, king: Square, checker: Square) -> &'static str {
        let (kf, kr) = (i32::from(king.file()), i32::from(king.rank()));
        let (cf, cr) = (i32::from(checker.file()), i32::from(checker.rank()));
        if board.role_at(checker) == Some(Role::Knight) {
            return CheckDirection::Knight.id();
        }
        if kr == cr {
            return CheckDirection::Rank.id();
        }
        if kf == cf {
            return CheckDirection::File.id();
        }
        // Squares on a diagonal through the king, walking both ways.
        let length = |df: i32, dr: i32| {
            let mut n = 1;
            for sign in [1, -1] {
                let (mut f, mut r) = (kf + sign * df, kr + sign * dr);
                while (0..8).contains(&f) && (0..8).contains(&r) {
                    n += 1;
                    f += sign * df;
                    r += sign * dr;
                }
            }
            n
        };
        let along = if (cf - kf) == (cr - kr) {
            (1, 1)
        } else {
            (1, -1)
        };
        let other = if along == (1, 1) { (1, -1) } else { (1, 1) };
        if length(along.0, along.1) > length(other.0, other.1) {
            CheckDirection::Long.id()
        } else {
            CheckDirection::Short.id()
        }
    }

    /// What the side not to move hears of `m` played in `pos`, and the position after it
    /// (`None` when the game would have ended: the truth's went on).
    fn play(pos: &Chess, m: &Move) -> (Heard, Option<Chess>) {
        let mut captures = BTreeSet::new();
        if let Some(sq) = m.capture().map(|_| m.to()) {
            captures.insert(sq);
        }
        let after = pos.clone().play(*m).expect("legal");
        let board = after.board().clone();
        let mut checks = BTreeSet::new();
        if let Some(king) = board.king_of(after.turn()) {
            for checker in after.checkers() {
                checks.insert(direction(&board, king, checker));
            }
        }
        let over = after.legal_moves().is_empty();
        ((false, captures, checks), (!over).then_some(after))
    }

    fn key(pos: &Chess) -> String {
        pos.board().to_string()
    }

    /// Every legal placement of the black king around White's pieces of `fen` (White to move).
    fn placements(fen: &str) -> Vec<Chess> {
        let own: Fen = fen.parse().expect("fen");
        let mut out = Vec::new();
        for sq in Square::ALL {
            let mut setup = own.clone().into_setup();
            if setup.board.piece_at(sq).is_some() {
                continue;
            }
            setup.board.set_piece_at(sq, Color::Black.king());
            if let Ok(pos) = setup.position::<Chess>(CastlingMode::Standard) {
                out.push(pos);
            }
        }
        out
    }

    /// The brute force over `game`'s log: the placements consistent with what White heard.
    fn brute(fen: &str, game: &Game) -> BTreeSet<String> {
        let mut worlds = placements(fen);
        for e in &game.log().events {
            let told = heard(heard_by(&e.said, Color::White));
            let mut next: BTreeMap<String, Chess> = BTreeMap::new();
            for pos in worlds {
                match (e.by, &e.request) {
                    (Some(Color::White), Request::Try(a)) => {
                        let m = pos.legal_moves().into_iter().find(|m| {
                            m.from() == Some(a.from)
                                && m.to() == a.to
                                && m.promotion() == a.promotion
                        });
                        match m {
                            None if told.0 => {
                                next.insert(key(&pos), pos);
                            }
                            Some(m) if !told.0 => {
                                if let (h, Some(after)) = play(&pos, &m)
                                    && h == told
                                {
                                    next.insert(key(&after), after);
                                }
                            }
                            _ => {}
                        }
                    }
                    (Some(Color::Black), Request::Try(_)) => {
                        for m in pos.legal_moves() {
                            if let (h, Some(after)) = play(&pos, &m)
                                && h == told
                            {
                                next.insert(key(&after), after);
                            }
                        }
                    }
                    other => panic!("not in these tests: {other:?}"),
                }
            }
            worlds = next.into_values().collect();
        }
        worlds.iter().map(key).collect()
    }

    /// White's count now, as the review makes it.
    fn count(game: &Game) -> Knowledge {
        let view = PlayerView::build(game.log(), Color::White);
        let belief = Belief::new(&view).expect("a belief");
        Knowledge::count(&belief, &view, None)
    }

    /// A hidden ending from `fen` (White's pieces and the black king), under Berkeley rules;
    /// `moves` played in turn (White's refused attempts included), with White's count checked
    /// against the brute force after every one, and the review's at every turn.
    fn check(fen: &str, moves: &[&str]) -> Vec<usize> {
        let mut game = Game::from_fen(Preset::Berkeley.rules(), fen).expect("a game");
        game.hide_start();
        let white_only = {
            let mut f = fen.split(' ').map(str::to_owned).collect::<Vec<_>>();
            f[0] = f[0].replace('k', "1");
            f.join(" ")
        };
        let mut sizes = Vec::new();
        for uci in moves {
            let a = Attempt::parse(uci).expect("uci");
            game.apply(Request::Try(a)).expect("a request");
            let brute = brute(&white_only, &game);
            let k = count(&game);
            assert_eq!(k.method, Method::Exact, "after {uci}");
            assert_eq!(k.positions, brute.len() as f64, "after {uci}: {brute:?}");
            assert!(k.positions >= 1.0 && k.positions <= k.bound, "{k:?}");
            sizes.push(brute.len());
        }
        // The review's counts at the turns' starts are the same figures.
        let saved = SavedGame::of(&game, Meta::default(), None);
        let quick = Options {
            budget: std::time::Duration::from_millis(1),
            ..Options::default()
        };
        let got = review(&saved, quick, &Arc::new(Progress::default())).expect("reviewed");
        for t in got.turns.iter().filter(|t| t.mover == Color::White) {
            let k = t.knew_by(Color::White).expect("a count");
            let view = PlayerView::build_prefix(game.log(), Color::White, t.first);
            assert_eq!(k.method, Method::Exact);
            assert_eq!(k.positions, count_of(&view), "turn {}", t.number);
        }
        sizes
    }

    fn count_of(view: &PlayerView) -> f64 {
        let belief = Belief::new(view).expect("a belief");
        Knowledge::count(&belief, view, None).positions
    }

    #[test]
    fn king_and_rook_against_king() {
        // Black's king on d5: three king steps refused, then a check on the rank; Black steps
        // off it; White tries again.
        let sizes = check(
            "8/8/8/3k4/8/3K4/8/R7 w - - 0 1",
            &[
                "d3d4", "d3e4", "d3c4", "a1a5", "d5d6", "d3d4", "d6e6", "a5a6",
            ],
        );
        // The refusals narrow the set to d5 (c5, d5, e5 attack d4; d5, e5 also e4; only d5 c4);
        // Black's move off the checked rank widens it to c6, d6, e6.
        assert_eq!(sizes[..5], [3, 2, 1, 1, 3], "{sizes:?}");
        assert!(sizes[4] > sizes[3], "{sizes:?}");
    }

    #[test]
    fn king_and_pawn_against_king() {
        // A pawn capture tried on an empty square and a push refused by the king in front.
        let sizes = check(
            "8/8/8/4k3/8/4P3/8/4K3 w - - 0 1",
            &["e3d4", "e3f4", "e3e4", "e5d6", "e4e5", "d6e6", "e1e2"],
        );
        assert!(sizes.iter().all(|n| *n >= 1), "{sizes:?}");
    }

    #[test]
    fn king_bishop_and_knight_against_king_after_a_few_attempts() {
        let sizes = check(
            "8/8/8/8/8/3k4/8/1NB1K3 w - - 0 1",
            &["e1d2", "e1e2", "c1g5", "d3c4", "b1c3"],
        );
        assert!(sizes[0] < 60 && sizes.iter().all(|n| *n >= 1), "{sizes:?}");
    }
}

/// Pondering changes nothing but time: a belief that worked on each of the opponent's turns
/// ahead (in full, in part or not at all) holds the same worlds with the same weights as one
/// that did not, at every turn of the seat's, and the work done ahead was used.
#[test]
fn a_belief_that_pondered_holds_the_same_worlds_as_one_that_did_not() {
    use std::time::Instant;
    // Berkeley+Any: the opponent's "Any?" answers filter the worlds worked out ahead.
    for (preset, seed) in [
        (Preset::BerkeleyAny, 4),
        (Preset::Wild16, 7),
        (Preset::Rbc, 3),
        (Preset::CrazyKrieg, 5),
        (Preset::Modern, 2),
    ] {
        let saved = kriegspiel::selfplay::random_game(preset.rules(), seed, 40);
        let log = &saved.log;
        let color = Color::Black;
        let first = PlayerView::build_prefix(log, color, 0);
        // A small cap: the sample is drawn down often, so the random draws must match too.
        let mut plain = Belief::with_cap(&first, 300, 11).expect("a belief");
        let mut pondering = plain.clone();
        let (mut turns, mut used) = (0, 0);
        for upto in 1..=log.events.len() {
            let view = PlayerView::build_prefix(log, color, upto);
            if view.my_turn() {
                let ahead = pondering.pondered_worlds();
                pondering.update(&view);
                plain.update(&view);
                used += ahead;
                turns += 1;
                let keys = |b: &Belief| -> Vec<u64> {
                    b.worlds().iter().map(Referee::position_key).collect()
                };
                let (a, b) = (keys(&pondering), keys(&plain));
                assert!(
                    a == b,
                    "{preset:?}, event {upto}: {} worlds, {}",
                    a.len(),
                    b.len()
                );
                let same = pondering.weights_of_worlds() == plain.weights_of_worlds();
                assert!(same, "{preset:?}, event {upto}: the weights differ");
                assert_eq!(pondering.is_exact(), plain.is_exact());
            } else if view.over.is_none() && !view.acts_after_moving() {
                pondering.catch_up(&view);
                // Every third turn not at all, else one world a call: 5 calls, or all.
                match turns % 3 {
                    0 => {}
                    1 => {
                        for _ in 0..5 {
                            pondering.ponder(Instant::now());
                        }
                    }
                    _ => while pondering.ponder(Instant::now()) {},
                }
            }
        }
        assert!(
            turns > 10 && used > 0,
            "{preset:?}: {turns} turns, {used} used"
        );
    }
}
