//! What a player can deduce: the squares where the opponent's king could be, and the squares
//! proven empty of enemy units, from that player's own pieces and what it heard (never from the
//! true position). The start position is public (it was agreed before play).
//!
//! The king set is a sound over-approximation: it never excludes the king's true square. It is
//! narrowed by check announcements and their directions, silence after a move (no check), a
//! move of the opponent's never leaving its king attacked, the kings never standing next to
//! each other, the paths and destinations of the player's legal
//! moves, captures, senses and opened squares. Once the opponent has only its king left (the
//! player counts its own captures) every rule becomes exact, as in the KR-vs-K metaposition of
//! seed 004: a lone king must move each turn and cannot step into attack, and every refused
//! attempt tells where it stands.

use crate::announce::{CheckDirection, Item};
use crate::attempt::Attempt;
use crate::referee::check_direction;
use shakmaty::{Bitboard, Board, Color, Role, Square, attacks};

/// One player's deductions about the opponent's king.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KingTracker {
    observer: Color,
    /// Squares where the opponent's king could be now.
    pub possible: Bitboard,
    /// Squares proven empty of enemy units since the opponent's last move.
    pub empty: Bitboard,
    /// The opponent's units still on the board, as far as the player can count.
    pub opponent_units: u32,
    /// Crazyhouse: units in the opponent's pocket (public), which it may drop instead of
    /// moving, so its king is never "lone" while it has any.
    reserve: u32,
    /// The opponent's king may still castle (the player has not seen it move).
    castle_from: Option<Square>,
    /// Check rules apply (Kriegspiel): silence after a move means no check, kings never touch,
    /// a lone king cannot step into attack. Not in Reconnaissance Blind Chess.
    checks: bool,
}

/// Squares attacked by `own` pieces for certain whatever the opponent's pieces are: steppers
/// (pawns, knights, the king), and sliders along lines whose squares in between are in `clear`
/// (proven empty) and hold no own piece.
pub fn certain_attacks(own: &Board, color: Color, clear: Bitboard) -> Bitboard {
    let mine = own.by_color(color);
    let mut out = Bitboard::EMPTY;
    for sq in mine {
        let Some(role) = own.role_at(sq) else {
            continue;
        };
        out |= match role {
            Role::Pawn => attacks::pawn_attacks(color, sq),
            Role::Knight => attacks::knight_attacks(sq),
            Role::King => attacks::king_attacks(sq),
            _ => {
                // Blockers: own pieces and every square not proven empty.
                let blockers = mine | !clear;
                attacks::attacks(sq, role.of(color), blockers)
            }
        };
    }
    out
}

impl KingTracker {
    /// The tracker at the start: `own` is the observer's board, `start` the public start board;
    /// `checks`: whether the rules announce checks (what a check rules out is then known).
    pub fn new(
        observer: Color,
        own: &Board,
        start: &Board,
        castling: Bitboard,
        checks: bool,
    ) -> KingTracker {
        let enemy_king = start.king_of(!observer);
        let possible = match enemy_king {
            Some(k) => Bitboard::from_square(k),
            None => !own.by_color(observer),
        };
        let castle_from = enemy_king.filter(|k| {
            (castling & start.by_color(!observer)).any() && k.rank() == (!observer).backrank()
        });
        KingTracker {
            observer,
            possible,
            empty: Bitboard::EMPTY,
            opponent_units: start.by_color(!observer).count() as u32,
            reserve: 0,
            castle_from,
            checks,
        }
    }

    /// A hidden start (a random ending): the observer was told its own pieces and that the
    /// opponent has `units` units, not where. Its king may stand on any free square not next to
    /// the observer's king and, when the observer is to move, not attacked (the side not to
    /// move is never in check).
    pub fn hidden_start(&mut self, own: &Board, observer_to_move: bool, units: u32) {
        let mut possible = !own.occupied();
        if let Some(k) = own.king_of(self.observer) {
            possible &= !attacks::king_attacks(k);
        }
        if observer_to_move {
            // With the king alone the only blockers are the observer's own pieces.
            let clear = if units <= 1 {
                !own.occupied()
            } else {
                Bitboard::EMPTY
            };
            possible &= !certain_attacks(own, self.observer, clear);
        }
        self.possible = possible;
        self.opponent_units = units;
        self.castle_from = None;
    }

    /// Whether the opponent is known to have only its king.
    pub fn lone(&self) -> bool {
        self.opponent_units <= 1 && self.reserve == 0
    }

    /// Crazyhouse: the opponent's pocket now holds `units` units.
    pub fn set_reserve(&mut self, units: u32) {
        self.reserve = units;
    }

    /// Crazyhouse: the opponent dropped a unit from its pocket onto the board.
    pub fn opponent_dropped(&mut self) {
        self.opponent_units += 1;
    }

    fn clear_for(&self, own: &Board) -> Bitboard {
        if self.lone() {
            // Only the king is out there: every square but its own is empty.
            !own.by_color(self.observer)
        } else {
            self.empty
        }
    }

    /// Squares from which the opponent's king would be checked along `dir` by one of the
    /// observer's pieces (own pieces as the only blockers: an over-approximation).
    fn checked_from(&self, own: &Board, dir: CheckDirection) -> Bitboard {
        let mine = own.by_color(self.observer);
        let mut out = Bitboard::EMPTY;
        for s in !mine {
            let attackers = own.attacks_to(s, self.observer, mine);
            if attackers
                .into_iter()
                .any(|a| check_direction(own, s, a) == dir)
            {
                out.add(s);
            }
        }
        out
    }

    /// The observer's own legal move `a` (played from `before`, reaching `after`) and what it
    /// heard with it.
    pub fn own_move(&mut self, before: &Board, after: &Board, a: Attempt, heard: &[Item]) {
        let role = before.role_at(a.from);
        // The path and the destination held no king (kings are never captured), and after a
        // non-capture they are empty.
        let mut path = Bitboard::from_square(a.to);
        if matches!(role, Some(Role::Bishop | Role::Rook | Role::Queen))
            || (role == Some(Role::Pawn) && a.from.file() == a.to.file())
        {
            path |= attacks::between(a.from, a.to);
        }
        let captured = heard.iter().any(|i| matches!(i, Item::Capture { .. }));
        if captured {
            self.opponent_units = self.opponent_units.saturating_sub(1);
        }
        self.possible &= !path;
        self.empty |= if captured { path.without(a.to) } else { path };
        if self.castle_from.is_some() && role == Some(Role::King) {
            // nothing: the observer's own castling says nothing about the enemy king
        }
        self.after_own_position(after, heard);
    }

    /// Narrowing that holds whenever it is the opponent's turn: kings never touch, and a king
    /// not announced in check is not attacked.
    fn after_own_position(&mut self, own: &Board, heard: &[Item]) {
        self.possible &= !own.by_color(self.observer);
        if !self.checks {
            return;
        }
        if let Some(k) = own.king_of(self.observer) {
            self.possible &= !attacks::king_attacks(k).with(k);
        }
        self.possible &= !own.by_color(self.observer);
        let checks: Vec<CheckDirection> = heard
            .iter()
            .filter_map(|i| match i {
                Item::Check(d) => Some(*d),
                _ => None,
            })
            .collect();
        if checks.is_empty() {
            self.possible &= !certain_attacks(own, self.observer, self.clear_for(own));
        } else {
            for d in checks {
                self.possible &= self.checked_from(own, d);
            }
        }
    }

    /// The observer's attempt `a` was refused as illegal (not as impossible).
    pub fn refused(&mut self, own: &Board, a: Attempt) {
        if !self.lone() {
            return;
        }
        // Only the king is out there, so it is what made the attempt illegal.
        let role = own.role_at(a.from);
        let block = match role {
            Some(Role::King) => attacks::king_attacks(a.to).with(a.to),
            Some(Role::Knight) => Bitboard::from_square(a.to),
            Some(Role::Pawn) if a.from.file() != a.to.file() => return, // empty, or the king: no news
            Some(Role::Pawn | Role::Bishop | Role::Rook | Role::Queen) => {
                attacks::between(a.from, a.to).with(a.to)
            }
            None => return,
        };
        let narrowed = self.possible & block;
        if narrowed.any() {
            self.possible = narrowed;
        }
    }

    /// The opponent completed a move; `own` is the observer's board after it, `heard` what the
    /// observer heard.
    pub fn opponent_moved(&mut self, own: &Board, heard: &[Item]) {
        let mut reach = Bitboard::EMPTY;
        for s in self.possible {
            reach |= attacks::king_attacks(s);
        }
        if let Some(from) = self.castle_from
            && self.possible.contains(from)
        {
            reach.add(shakmaty::Square::from_coords(
                shakmaty::File::G,
                from.rank(),
            ));
            reach.add(shakmaty::Square::from_coords(
                shakmaty::File::C,
                from.rank(),
            ));
        }
        let capture = heard.iter().find_map(|i| match i {
            Item::Capture { square, .. } | Item::Captured(square) => Some(*square),
            _ => None,
        });
        if self.lone() && self.checks {
            // A lone king must move, and not into attack.
            self.possible =
                reach & !certain_attacks(own, self.observer, !own.by_color(self.observer));
            if let Some(sq) = capture {
                self.possible &= Bitboard::from_square(sq);
            }
        } else {
            self.possible |= reach;
            if self.checks {
                // Its move left its king out of check: not on a square one of ours attacks
                // whatever stands between (a stepper's, or a slider's next square).
                self.possible &= !certain_attacks(own, self.observer, Bitboard::EMPTY);
            }
        }
        if !(self.possible & Bitboard::from_square(self.castle_from.unwrap_or(Square::A1))).any() {
            self.castle_from = None;
        }
        // A square of the observer's is free only where a capture was announced.
        self.possible &= !own.by_color(self.observer);
        if self.checks
            && let Some(k) = own.king_of(self.observer)
        {
            self.possible &= !attacks::king_attacks(k).with(k);
        }
        self.empty = Bitboard::EMPTY;
    }

    /// The observer saw `squares` hold `pieces` (RBC sense, Modern Kriegspiel).
    pub fn saw(&mut self, seen: impl Iterator<Item = (Square, Option<shakmaty::Piece>)>) {
        for (sq, piece) in seen {
            match piece {
                Some(p) if p.color != self.observer && p.role == Role::King => {
                    self.possible = Bitboard::from_square(sq);
                }
                Some(p) if p.color != self.observer => self.possible.discard(sq),
                Some(_) => self.possible.discard(sq),
                None => {
                    self.possible.discard(sq);
                    self.empty.add(sq);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square::*;

    #[test]
    fn after_its_move_the_kings_of_an_army_are_never_where_ours_attack_for_certain() {
        // White: Kh4, Rb3, Pc2; Black has three units somewhere.
        let own: Board = "8/8/8/8/7K/1R6/2P5/8".parse().expect("a board");
        let mut tracker =
            KingTracker::new(Color::White, &own, &Board::empty(), Bitboard::EMPTY, true);
        tracker.hidden_start(&own, false, 3);
        tracker.opponent_moved(&own, &[]);
        // The rook's next squares, the pawn's captures and the king's steps are out.
        for sq in [A3, B4, B2, C3, D3, G4, G5, H5] {
            assert!(!tracker.possible.contains(sq), "{sq}");
        }
        // Further along a line, a unit of its own may shield it.
        for sq in [A4, B5, B8, E3, F3, A1, B1] {
            assert!(tracker.possible.contains(sq), "{sq}");
        }
        // Without check rules (RBC) a king may stand attacked.
        let mut blind =
            KingTracker::new(Color::White, &own, &Board::empty(), Bitboard::EMPTY, false);
        blind.hidden_start(&own, false, 3);
        blind.opponent_moved(&own, &[]);
        assert!(blind.possible.contains(A3));
    }
}
