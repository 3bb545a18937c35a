//! Facts a player's board shows, derived from the view alone: the opponent's starting material,
//! the player's own captures, recent captures and checks to highlight, and what the player
//! heard since its last turn.

use super::PlayerView;
use crate::announce::{CheckDirection, Item, Unit};
use crate::referee::Request;
use shakmaty::{Bitboard, ByRole, Role, Square};

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
        let list = self.own_capture_list();
        let pawns = list.iter().try_fold(0, |n, (_, unit)| match unit {
            Some(Unit::Pawn) => Some(n + 1),
            Some(_) => Some(n),
            None => None,
        });
        (list.len(), pawns)
    }

    /// The captures the player heard itself make, oldest first: the square, and the unit when
    /// the rules say which.
    pub fn own_capture_list(&self) -> Vec<(Square, Option<Unit>)> {
        self.turns
            .iter()
            .filter(|t| t.mover == Some(self.color))
            .flat_map(|turn| turn.heard.iter().filter(|h| h.request.is_some()))
            .flat_map(|h| h.items.iter())
            .filter_map(|item| match item {
                Item::Capture { square, unit } => Some((*square, *unit)),
                _ => None,
            })
            .collect()
    }

    /// The squares just in front of the player's pawns where a push of that pawn was refused
    /// (an enemy unit stood there: most often a pawn that it blocks and that can leave only by
    /// a capture; a king may have stepped away since). Pushes are single steps from where the
    /// pawn still stands.
    pub fn blocked_fronts(&self) -> Bitboard {
        let pawns = self.own.by_color(self.color) & self.own.pawns();
        self.turns
            .iter()
            .filter(|t| t.mover == Some(self.color))
            .flat_map(|t| &t.heard)
            .filter(|h| h.items.contains(&Item::Illegal))
            .filter_map(|h| match h.request {
                Some(Request::Try(a)) => Some(a),
                _ => None,
            })
            .filter(|a| {
                pawns.contains(a.from)
                    && a.from.file() == a.to.file()
                    && a.from.distance(a.to) == 1
                    && !self.own.occupied().contains(a.to)
            })
            .map(|a| a.to)
            .collect()
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

/// A unit's rough value in pawns (the king 100: beyond any trade), for the bots' scores and
/// for which unit a stale belief loses first.
pub fn worth(role: Role) -> u8 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 100,
    }
}
