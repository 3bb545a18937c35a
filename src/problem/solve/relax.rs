//! The solver's quick test before the opponent's last turn: with one move left after the reply,
//! every reply must leave the solver a mate in one even knowing the whole position (what the
//! solver must do blind, it can do seeing). So one reply, in one position, after which plain
//! chess has no mate in one refutes the whole opponent's turn, found without the referee's
//! announcements or copies (those are built only for turns that pass the test).
//!
//! The test is a relaxation: it may let through turns the search then refutes, never the
//! reverse. It holds only where the solver wins by checkmate alone (not Berkeley's material
//! checkmates) in plain Kriegspiel on a chess board ([`Referee::chess`]); the opponent's
//! promotions are left to the search (the rules may forbid some promotion pieces).

use crate::referee::Referee;
use shakmaty::{Chess, Move, Position};

/// Whether some reply (no promotion) from one of `positions` leaves the side to move after it
/// no checkmate in one move; `false` when the test does not apply.
pub(super) fn reply_escapes(positions: &[Referee]) -> bool {
    positions.iter().any(|r| {
        r.over().is_none()
            && r.chess().is_some_and(|(pos, legal)| {
                legal.iter().any(|&m| {
                    m.promotion().is_none() && {
                        let mut after = pos.clone();
                        after.play_unchecked(m);
                        !mates_at_once(&after)
                    }
                })
            })
    })
}

/// Whether the side to move in `pos` has a move that checkmates.
fn mates_at_once(pos: &Chess) -> bool {
    pos.legal_moves().iter().any(|&m: &Move| {
        let mut after = pos.clone();
        after.play_unchecked(m);
        after.is_check() && after.is_checkmate()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    fn at(preset: Preset, fen: &str) -> Referee {
        match Referee::from_fen(preset.rules(), fen) {
            Ok((r, _)) => r,
            Err(e) => panic!("{fen}: {e}"),
        }
    }

    #[test]
    fn a_reply_without_a_mate_after_it_escapes() {
        // Black's only move, Kb8, allows Rh8#: no escape.
        let trapped = at(Preset::Wild16, "k7/8/1K6/8/8/8/8/7R b - - 0 1");
        assert!(!reply_escapes(std::slice::from_ref(&trapped)));
        // Kh8-g8 leaves White no mate in one.
        let free = at(Preset::Wild16, "7k/8/5K2/8/8/8/8/6R1 b - - 0 1");
        assert!(reply_escapes(std::slice::from_ref(&free)));
        // One escaping position is enough for the whole set.
        assert!(reply_escapes(&[trapped.clone(), free]));
        assert!(!reply_escapes(&[trapped.clone(), trapped]));
    }

    #[test]
    fn other_families_are_left_to_the_search() {
        let crazy = at(Preset::CrazyKrieg, "7k/8/5K2/8/8/8/8/6R1 b - - 0 1");
        assert!(!reply_escapes(&[crazy]));
    }
}
