//! Won endings against a king with pawns (issue 36): the sampled belief is spread again over
//! every square the king may stand on, so it never loses the king's true square while it holds
//! the true pawns; and the strong bot tries the push of a blocked pawn of its own first, for
//! what the refusal tells.

use kriegspiel::belief::Belief;
use kriegspiel::bots::Bot;
use kriegspiel::bots::random::RandomBot;
use kriegspiel::bots::strong::StrongBot;
use kriegspiel::log::Game;
use kriegspiel::referee::Request;
use kriegspiel::rules::Preset;
use kriegspiel::view::PlayerView;
use shakmaty::{Bitboard, Color, Setup};

/// A game from `fen` whose start White is not told (the widest uncertainty, as `match
/// --ending`).
fn hidden(fen: &str) -> Game {
    let setup: Setup = fen
        .parse::<shakmaty::fen::Fen>()
        .expect("a FEN")
        .into_setup();
    let mut game = Game::new(Preset::Wild16.rules(), setup).expect("a legal start");
    game.hide_start();
    game
}

/// The enemy pawns of each world of `belief`, and whether every world has only king and pawns.
fn arrangements(belief: &Belief) -> (Vec<Bitboard>, bool) {
    let mut out: Vec<Bitboard> = Vec::new();
    let mut pawns_only = true;
    for w in belief.worlds() {
        let board = w.true_board();
        let theirs = board.by_color(Color::Black);
        let pawns = theirs & board.pawns();
        pawns_only &= (theirs & !pawns).count() == 1;
        if !out.contains(&pawns) {
            out.push(pawns);
        }
    }
    (out, pawns_only)
}

#[test]
fn a_sampled_belief_about_a_king_with_pawns_keeps_the_kings_true_square() {
    const CAP: usize = 300;
    let mut checked = 0;
    for seed in 0..6u64 {
        let mut game = hidden("8/8/2p5/2P1k3/8/8/8/R3K3 w - - 0 1");
        let mut white = RandomBot::new(seed);
        let mut black = RandomBot::new(seed + 100);
        let mut belief: Option<Belief> = None;
        for _ in 0..400 {
            if game.referee().over().is_some() {
                break;
            }
            let side = game.referee().to_act();
            let view = PlayerView::build(game.log(), side);
            if side == Color::White && view.refused.is_empty() {
                let b = match belief.as_mut() {
                    Some(b) => {
                        b.update(&view);
                        b
                    }
                    None => belief.insert(Belief::with_cap(&view, CAP, seed).expect("kept")),
                };
                let (found, pawns_only) = arrangements(b);
                let truth = game.referee().true_board();
                let true_pawns = truth.by_color(Color::Black) & truth.pawns();
                // Spread again whenever every arrangement fits: then the truth is there.
                if !b.is_exact()
                    && pawns_only
                    && found.contains(&true_pawns)
                    && found.len() * view.king.possible.count() <= CAP
                {
                    assert!(
                        b.contains(game.referee()),
                        "seed {seed}: {}",
                        game.referee().fen()
                    );
                    checked += 1;
                }
            }
            let bot: &mut dyn Bot = if side == Color::White {
                &mut white
            } else {
                &mut black
            };
            let Some(request) = bot.next(&view) else {
                break;
            };
            let _ = game.apply(request);
        }
    }
    assert!(checked >= 20, "only {checked} turns checked");
}

#[test]
fn ahead_against_pawns_the_strong_bot_first_tries_the_push_of_its_blocked_pawn() {
    // White's c5 pawn is blocked by c6 (which White is not told): c5-c6 is its first try.
    let mut game = hidden("7k/8/R1p5/2P5/8/8/8/4K3 w - - 0 1");
    let mut bot = StrongBot::new(3);
    let view = PlayerView::build(game.log(), Color::White);
    let first = bot.next(&view).expect("a request");
    let Request::Try(a) = first else {
        panic!("{first:?}");
    };
    assert_eq!(a.to_uci().to_string(), "c5c6");
    assert!(game.apply(first.clone()).is_ok());
    let view = PlayerView::build(game.log(), Color::White);
    assert_eq!(view.refused.len(), 1, "refused: c6 is taken");
    // The bot plays on from there: a move, not the same push.
    let next = bot.next(&view).expect("a request");
    assert_ne!(next, first);
}
