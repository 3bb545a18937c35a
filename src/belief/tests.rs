//! Tests of the belief's sampling: RBC's distinct resampling.

use super::*;

/// A few likely worlds among many unlikely ones (a belief's prior): every 200th item
/// weighs 1, the others 0.01.
fn skewed(n: usize) -> Vec<(usize, f64)> {
    (0..n)
        .map(|i| (i, if i % 200 == 0 { 1.0 } else { 0.01 }))
        .collect()
}

#[test]
fn an_rbc_resample_keeps_as_many_distinct_worlds_as_its_cap() {
    let mut rng = Rng::new(5);
    let out = distinct_resample(skewed(2_000), 200, &mut rng);
    assert_eq!(out.len(), 200);
    let mut ids: Vec<usize> = out.iter().map(|(i, _)| *i).collect();
    ids.dedup();
    assert_eq!(ids.len(), 200, "each item once, in order");
    // Plain draws by weight keep fewer: each likely one is drawn about 7 times.
    let plain = systematic(skewed(2_000).into_iter().map(|(_, w)| w), 200, &mut rng);
    assert!(plain.len() < 160, "{} distinct", plain.len());
}

#[test]
fn an_rbc_resample_keeps_heavy_worlds_weighed_as_they_were() {
    let items = skewed(2_000);
    let total: f64 = items.iter().map(|(_, w)| w).sum();
    let out = distinct_resample(items, 200, &mut Rng::new(9));
    let kept: f64 = out.iter().map(|(_, w)| w).sum();
    // The total is kept to within one draw's share.
    assert!((kept - total).abs() < total / 100.0, "{kept} of {total}");
    // The likely ones are all kept with their own weights; the others drawn weigh what
    // each draw stands for: the 1,990 unlikely ones' 19.9 over 190 draws.
    for (i, w) in &out {
        if i % 200 == 0 {
            assert_eq!(*w, 1.0);
        } else {
            assert!((w - 19.9 / 190.0).abs() < 1e-9, "{w}");
        }
    }
    assert_eq!(out.iter().filter(|(i, _)| i % 200 == 0).count(), 10);
}

#[test]
fn an_rbc_belief_sampled_down_holds_its_cap_in_distinct_worlds() {
    use crate::rules::Preset;
    use shakmaty::{Chess, EnPassantMode, Position, fen::Fen};
    // The 400 positions after a move each, the ten after 1.e4 likely.
    let mut worlds = Vec::new();
    let start = Chess::default();
    for first in start.legal_moves() {
        let after = start.clone().play(first).expect("a legal move");
        for second in after.legal_moves() {
            let pos = after.clone().play(second).expect("a legal move");
            let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
            let (w, _) = Referee::from_fen(Preset::Rbc.rules(), &fen).expect("a position");
            let likely = first.to() == Square::E4 && worlds.len() % 2 == 0;
            worlds.push((w, if likely { 1.0 } else { 0.01 }));
        }
    }
    assert_eq!(worlds.len(), 400);
    let game = crate::log::Game::from_fen(
        Preset::Rbc.rules(),
        &Fen::from_position(&start, EnPassantMode::Legal).to_string(),
    )
    .expect("the start");
    let view = PlayerView::build(game.log(), Color::Black);
    let belief = Belief::with_cap(&view, 100, 3)
        .expect("a belief")
        .holding(worlds);
    // Drawing 100 by weight kept about 40 (each likely world drawn 7 times).
    assert_eq!(belief.worlds().len(), 100);
    assert!(!belief.is_exact());
}

#[test]
fn a_resample_of_no_weight_draws_alike() {
    let items: Vec<(usize, f64)> = (0..50).map(|i| (i, 0.0)).collect();
    let out = distinct_resample(items, 10, &mut Rng::new(1));
    assert_eq!(out.len(), 10);
    assert!(out.iter().all(|(_, w)| *w > 0.0));
}
