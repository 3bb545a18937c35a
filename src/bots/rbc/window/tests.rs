//! Tests of what a sense window settles: threats to our king found in unlikely worlds.

use super::*;
use crate::log::Game;
use crate::referee::Referee;
use crate::rng::Rng;
use crate::rules::Preset;
use crate::view::PlayerView;

fn world(fen: &str) -> Referee {
    Referee::from_fen(Preset::Rbc.rules(), fen).unwrap().0
}

/// White's seat in the game from `fen`, and its belief holding `worlds` instead.
fn seat(fen: &str, worlds: &[(&str, f64)]) -> (PlayerView, Belief) {
    let setup = fen.parse::<shakmaty::fen::Fen>().unwrap().into_setup();
    let game = Game::new(Preset::Rbc.rules(), setup).unwrap();
    let view = PlayerView::build(game.log(), Color::White);
    let belief = Belief::with_cap(&view, 1_000, 1).unwrap();
    let held = worlds.iter().map(|(f, w)| (world(f), *w)).collect();
    (view, belief.holding(held))
}

/// Our king h1 (no h-pawn), queen d1, rook f1; the enemy king somewhere on the eighth rank,
/// its rook on a6, and in one world of 250 on h6, checking our king down the h-file.
const OURS: &str = "/1pppp3/{rook}/8/8/8/PPP2PP1/3Q1R1K w - - 0 20";

fn fen(king: &str, rook: &str) -> String {
    format!("{king}{}", OURS.replace("{rook}", rook))
}

#[test]
fn the_sense_looks_for_an_unlikely_rook_checking_our_king() {
    // Game 2 against StrangeFish2: its rooks doubled on the h-file gave an unsensed Rh1+ (the
    // truth at under 1 % of the belief); we sensed g6 and played Qg3-g2. Here windows on the
    // eighth rank tell the enemy king's square apart; the check is at 0.4 %.
    let kings = ["2k5", "3k4", "4k3", "5k2", "6k1"];
    let mut worlds: Vec<(String, f64)> = kings
        .iter()
        .map(|k| (fen(k, "r7"), 0.996 / kings.len() as f64))
        .collect();
    worlds.push((fen("4k3", "7r"), 0.004));
    let held: Vec<(&str, f64)> = worlds.iter().map(|(f, w)| (f.as_str(), *w)).collect();
    let (view, belief) = seat(&worlds[2].0, &held);
    assert_eq!(belief.worlds().len(), 6);
    let chosen = super::super::sense(
        &view,
        &belief,
        &super::super::Effort::fixed(64),
        &mut Rng::new(7),
        &mut super::super::Engine::default(),
    )
    .unwrap();
    let window = shakmaty::attacks::king_attacks(chosen).with(chosen);
    assert!(window.contains(Square::H6), "sensed around {chosen}");
    // Over the whole belief alone the window on the rook settles the check: it is worth more
    // than one that tells only where the enemy king stands.
    let whole = Whole::new(&belief);
    let on_rook = whole.worth(shakmaty::attacks::king_attacks(Square::G7).with(Square::G7));
    let on_king = whole.worth(shakmaty::attacks::king_attacks(Square::E7).with(Square::E7));
    assert!(on_rook > on_king, "{on_rook} {on_king}");
}
