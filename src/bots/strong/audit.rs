//! The draw audit: a decision weighs its attempts over a few dozen worlds drawn from the
//! belief, and that sample is thinnest where stalemates hide (one arrangement of the enemy's
//! last units among a hundred). So when ahead against few units, the attempts ranked first are
//! checked against every world the belief holds, and one that draws in any of them at once
//! (stalemate, dead material) is marked down as the sample would have marked it had it drawn
//! such a world (issue 36: 2 of 94 worlds had a promoted bishop or knight that the rook's move
//! pinned, the truth among them; a sample of 48 can hold neither).

use crate::attempt::Attempt;
use crate::belief::Belief;
use shakmaty::{FromSetup, Position};

/// How many of the attempts ranked first are audited at most (the cost: this many times the
/// belief's worlds, each one move played).
const AUDITED: usize = 12;

/// The least share of draws an attempt seen to draw is weighed with (as in the sample: a draw
/// seen once may be the truth).
const DRAW_FLOOR: f32 = 0.3;

/// An attempt as the sample scored it.
pub(super) struct Scored {
    /// Its score over the sample.
    pub(super) score: f32,
    /// The sample saw it draw (its score already counts that).
    pub(super) drew: bool,
    /// The attempt.
    pub(super) attempt: Attempt,
}

/// The best of `scored` (the first of equals) once the first ones are audited against every
/// world of `belief` (none: no audit): `stake` is what a draw throws away. `None` when `scored`
/// is empty.
pub(super) fn best<P: Position + Clone + FromSetup>(
    belief: Option<&Belief>,
    mut scored: Vec<Scored>,
    stake: f32,
) -> Option<Attempt> {
    scored.sort_by(|x, y| y.score.total_cmp(&x.score));
    let mut worlds: Option<Vec<(P, f64)>> = None;
    let mut best: Option<(f32, Attempt)> = None;
    for s in scored.iter().take(AUDITED) {
        // Audits only lower scores: one ranked below the best audited cannot overtake it.
        if best.is_some_and(|(b, _)| b >= s.score) {
            break;
        }
        // A draw the sample saw is already in its score.
        let share = match belief.filter(|_| !s.drew) {
            Some(belief) => drawn_share(worlds.get_or_insert_with(|| positions(belief)), s.attempt),
            None => 0.0,
        };
        let score = if share > 0.0 {
            s.score - share.max(DRAW_FLOOR) * stake
        } else {
            s.score
        };
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, s.attempt));
        }
    }
    best.map(|(_, a)| a)
}

/// The belief's worlds as positions of type `P`, with their weights.
fn positions<P: Position + FromSetup>(belief: &Belief) -> Vec<(P, f64)> {
    belief
        .worlds()
        .iter()
        .zip(belief.weights_of_worlds())
        .filter_map(|(w, k)| super::world_position(w).map(|p| (p, *k)))
        .collect()
}

/// The weight of the worlds in which attempting `a` draws at once (stalemate, dead material),
/// as a share of all of them.
fn drawn_share<P: Position + Clone>(worlds: &[(P, f64)], a: Attempt) -> f32 {
    let uci = a.to_uci();
    let (mut drawn, mut all) = (0.0, 0.0);
    for (pos, k) in worlds {
        all += k;
        let Ok(m) = uci.to_move(pos) else { continue };
        let mut after = pos.clone();
        after.play_unchecked(m);
        if after.is_stalemate() || after.is_insufficient_material() {
            drawn += k;
        }
    }
    if all > 0.0 { (drawn / all) as f32 } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, Chess, Square, fen::Fen};

    fn chess(fen: &str) -> Chess {
        let fen: Fen = fen.parse().expect("a FEN");
        fen.into_position(CastlingMode::Standard)
            .expect("a position")
    }

    #[test]
    fn a_rook_move_that_pins_the_last_piece_draws_in_its_share_of_worlds() {
        // A bishop on h2 pinned by Rh7 stalemates; a queen there can still move up the file.
        let worlds = vec![
            (chess("7r/8/6r1/8/8/8/4k2B/7K b - - 0 1"), 1.0),
            (chess("7r/8/6r1/8/8/8/4k2Q/7K b - - 0 1"), 3.0),
        ];
        let pin = Attempt::new(Square::H8, Square::H7);
        assert!((drawn_share(&worlds, pin) - 0.25).abs() < 1e-6);
        let aside = Attempt::new(Square::H8, Square::A8);
        assert_eq!(drawn_share(&worlds, aside), 0.0);
    }
}
