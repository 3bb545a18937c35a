//! Facts a player's board shows, derived from the view alone: the opponent's starting material,
//! the player's own captures, recent captures and checks to highlight, and what the player
//! heard since its last turn.

use super::PlayerView;
use crate::announce::{CheckDirection, Item, Unit};
use shakmaty::{ByRole, Square};

impl PlayerView {
    /// What this player may copy as a FEN: its own pieces, the side to move, its own castling
    /// rights and the move number (never an enemy piece: those are hidden).
    pub fn known_fen(&self) -> String {
        let mut setup = shakmaty::Setup::empty();
        setup.board = self.own.clone();
        setup.turn = self.to_move;
        setup.castling_rights = self.castling;
        setup.fullmoves =
            std::num::NonZeroU32::new(self.move_number.max(1)).unwrap_or(std::num::NonZeroU32::MIN);
        crate::setup::setup_fen(setup)
    }

    /// Crazyhouse Kriegspiel: `color`'s pocket as FEN letters (upper case for White), in pawn,
    /// knight, bishop, rook, queen order; empty when the pocket is.
    pub fn pocket_letters(&self, color: shakmaty::Color) -> String {
        crate::setup::pocket_letters(&self.pockets, color)
    }

    /// The opponent's material in the start position (agreed before play, so public), by role:
    /// after a hidden start, the units the seat was told of but not where they stand.
    pub fn opponent_material(&self) -> ByRole<u8> {
        match &self.perception.unseen {
            Some(unseen) => *unseen,
            None => self.start.board.material_side(!self.color),
        }
    }

    /// How many units (its king included) the opponent started with.
    pub fn opponent_units(&self) -> usize {
        self.opponent_material()
            .iter()
            .map(|n| usize::from(*n))
            .sum()
    }

    /// How many units (its king included) the opponent has left: those it started with less
    /// the captures the seat heard itself make (Crazyhouse drops aside).
    pub fn opponent_units_left(&self) -> usize {
        self.opponent_units().saturating_sub(self.own_captures().0)
    }

    /// How many enemy units the player captured, and how many of them were pawns when the rules
    /// say so.
    pub fn own_captures(&self) -> (usize, Option<usize>) {
        let mut taken = 0;
        let mut pawns = Some(0);
        for turn in self.turns.iter().filter(|t| t.mover == Some(self.color)) {
            for item in turn
                .heard
                .iter()
                .filter(|h| h.request.is_some())
                .flat_map(|h| h.items.iter())
            {
                if let Item::Capture { unit, .. } = item {
                    taken += 1;
                    pawns = match (pawns, unit) {
                        (Some(p), Some(Unit::Pawn)) => Some(p + 1),
                        (Some(p), Some(_)) => Some(p),
                        _ => None,
                    };
                }
            }
        }
        (taken, pawns)
    }

    /// Capture squares heard in the current and the previous turn.
    pub fn recent_captures(&self) -> Vec<Square> {
        self.turns
            .iter()
            .rev()
            .take(2)
            .flat_map(|t| t.heard.iter())
            .flat_map(|h| h.items.iter())
            .filter_map(|i| match i {
                Item::Capture { square, .. } | Item::Captured(square) => Some(*square),
                _ => None,
            })
            .collect()
    }

    /// Check directions the player heard against its own king: announced with the opponent's
    /// last move (or at the start), shown while it is the player's turn.
    pub fn recent_checks(&self) -> Vec<CheckDirection> {
        if self.to_move != self.color {
            return Vec::new();
        }
        let Some(turn) = self
            .turns
            .iter()
            .rev()
            .find(|t| t.mover != Some(self.color))
        else {
            return Vec::new();
        };
        turn.heard
            .iter()
            .flat_map(|h| h.items.iter())
            .filter_map(|i| match i {
                Item::Check(d) => Some(*d),
                _ => None,
            })
            .collect()
    }
}
