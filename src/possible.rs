//! Possible attempts: the moves that could be legal for *some* placement of the opponent's
//! pieces, judged from one side's own pieces and castling rights only (RULES.md section 1).
//!
//! The referee and a player's view both call these functions, the referee with the true board
//! (whose opponent pieces are ignored here) and the view with the player's own board, so the two
//! always agree.

use crate::attempt::Attempt;
use crate::rules::PromotionRule;
use shakmaty::{Bitboard, Board, Color, Rank, Role, Square, attacks};

/// One side's own pieces and castling rights: everything that decides which attempts are possible.
#[derive(Copy, Clone, Debug)]
pub struct Side<'a> {
    /// A board holding at least this side's pieces; other pieces on it are ignored.
    pub board: &'a Board,
    /// The side.
    pub color: Color,
    /// Rook squares of this side that still carry a castling right.
    pub castling: Bitboard,
    /// Which promotion pieces the rules allow.
    pub promotion: PromotionRule,
}

/// The promotion pieces a rule set allows, in the order a picker shows them.
pub fn promotion_roles(rule: PromotionRule) -> &'static [Role] {
    match rule {
        PromotionRule::Any => &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
        PromotionRule::QueenOnly => &[Role::Queen],
    }
}

/// Whether the rules allow promoting to `role`.
pub fn promotion_allowed(rule: PromotionRule, role: Role) -> bool {
    promotion_roles(rule).contains(&role)
}

impl Side<'_> {
    fn own(&self) -> Bitboard {
        self.board.by_color(self.color)
    }

    /// Whether `a` is a possible attempt for this side.
    pub fn is_possible(&self, a: Attempt) -> bool {
        let Some(piece) = self.board.piece_at(a.from) else {
            return false;
        };
        if piece.color != self.color {
            return false;
        }
        let last =
            piece.role == Role::Pawn && a.to.rank() == self.color.relative_rank(Rank::Eighth);
        let letter_ok = match a.promotion {
            None => !last,
            Some(role) => last && promotion_allowed(self.promotion, role),
        };
        letter_ok && self.targets(a.from).contains(a.to)
    }

    /// Whether `a` is a pawn's diagonal step that is a possible attempt ("a pawn capture").
    pub fn is_pawn_capture(&self, a: Attempt) -> bool {
        self.board.piece_at(a.from) == Some(self.color.pawn())
            && attacks::pawn_attacks(self.color, a.from).contains(a.to)
            && self.is_possible(a)
    }

    /// For a castling attempt (the king's two-square move), the rook it castles with.
    pub fn castle_rook(&self, a: Attempt) -> Option<Square> {
        let home = Square::from_coords(shakmaty::File::E, self.color.backrank());
        if a.from != home
            || a.to.rank() != home.rank()
            || a.from.distance(a.to) != 2
            || a.promotion.is_some()
        {
            return None;
        }
        if self.board.piece_at(a.from) != Some(self.color.king()) {
            return None;
        }
        let rook_file = if a.to.file() > a.from.file() {
            shakmaty::File::H
        } else {
            shakmaty::File::A
        };
        let rook = Square::from_coords(rook_file, home.rank());
        let path_clear = (attacks::between(a.from, rook) & self.own()).is_empty();
        (self.castling.contains(rook)
            && self.board.piece_at(rook) == Some(self.color.rook())
            && path_clear)
            .then_some(rook)
    }

    /// Every square an own piece on `from` may attempt to reach (empty when `from` holds no own
    /// piece). Sliders pass through squares not holding own pieces; pawns may push where no own
    /// piece blocks and step diagonally anywhere; the king adds its castling squares.
    pub fn targets(&self, from: Square) -> Bitboard {
        let own = self.own();
        let Some(piece) = self.board.piece_at(from).filter(|p| p.color == self.color) else {
            return Bitboard::EMPTY;
        };
        match piece.role {
            Role::Pawn => {
                let step: i32 = self.color.fold_wb(8, -8);
                let mut targets = attacks::pawn_attacks(self.color, from) & !own;
                if let Some(one) = from.offset(step).filter(|sq| !own.contains(*sq)) {
                    targets.add(one);
                    if from.rank() == self.color.relative_rank(Rank::Second)
                        && let Some(two) = one.offset(step).filter(|sq| !own.contains(*sq))
                    {
                        targets.add(two);
                    }
                }
                targets
            }
            Role::King => {
                let mut targets = attacks::king_attacks(from) & !own;
                for file in [shakmaty::File::G, shakmaty::File::C] {
                    let a = Attempt::new(from, Square::from_coords(file, from.rank()));
                    if self.castle_rook(a).is_some() {
                        targets.add(a.to);
                    }
                }
                targets
            }
            _ => attacks::attacks(from, piece, own) & !own,
        }
    }

    /// Every possible attempt of this side, sorted (by from square, then to square).
    pub fn possible_attempts(&self) -> Vec<Attempt> {
        let mut out = Vec::with_capacity(64);
        self.possible_attempts_into(&mut out);
        out.sort();
        out
    }

    /// Appends every possible attempt of this side to `out`, in no particular order.
    pub fn possible_attempts_into(&self, out: &mut Vec<Attempt>) {
        let last = Bitboard::from_rank(self.color.relative_rank(Rank::Eighth));
        for from in self.own() {
            let targets = self.targets(from);
            if self.board.role_at(from) == Some(Role::Pawn) {
                for to in targets & last {
                    for &p in promotion_roles(self.promotion) {
                        out.push(Attempt {
                            from,
                            to,
                            promotion: Some(p),
                        });
                    }
                }
                out.extend(
                    (targets & !last)
                        .into_iter()
                        .map(|to| Attempt::new(from, to)),
                );
            } else {
                out.extend(targets.into_iter().map(|to| Attempt::new(from, to)));
            }
        }
    }
}

/// Moves one of `color`'s pieces for the attempt `a` on `board`, as a player moves its own
/// pieces on its own board: castling (the king's two-square move) also moves the rook, a
/// promotion replaces the pawn, and castling rights in `castling` are updated. Enemy pieces are
/// not touched except that whatever stood on `a.to` is replaced.
pub fn move_own_piece(board: &mut Board, castling: &mut Bitboard, color: Color, a: Attempt) {
    if let Some(role) = a.dropped() {
        // A Crazyhouse drop: the unit comes from the pocket.
        board.set_piece_at(a.to, role.of(color));
        return;
    }
    let Some(piece) = board.remove_piece_at(a.from) else {
        return;
    };
    board.set_piece_at(a.to, a.promotion.map_or(piece, |role| role.of(color)));
    if piece.role == Role::King && a.from.rank() == a.to.rank() && a.from.distance(a.to) == 2 {
        let (rook_from, rook_to) = if a.to.file() > a.from.file() {
            (shakmaty::File::H, shakmaty::File::F)
        } else {
            (shakmaty::File::A, shakmaty::File::D)
        };
        if let Some(rook) = board.remove_piece_at(Square::from_coords(rook_from, a.from.rank())) {
            board.set_piece_at(Square::from_coords(rook_to, a.from.rank()), rook);
        }
    }
    castling.discard(a.from);
    castling.discard(a.to);
    if piece.role == Role::King {
        *castling &= !Bitboard::from_rank(color.backrank());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Chess, EnPassantMode, Position, fen::Fen};

    fn side_of(fen: &str, promotion: PromotionRule) -> (Chess, Vec<Attempt>) {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let side = Side {
            board: pos.board(),
            color: pos.turn(),
            castling: pos.castles().castling_rights() & pos.us(),
            promotion,
        };
        let list = side.possible_attempts();
        for a in &list {
            assert!(side.is_possible(*a), "{a} listed but not possible");
        }
        (pos, list)
    }

    #[test]
    fn start_position_has_pushes_diagonals_and_knight_moves() {
        let (_, list) = side_of(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            PromotionRule::Any,
        );
        // 8 pawns x 2 pushes + 14 diagonal steps + 4 knight moves.
        assert_eq!(list.len(), 16 + 14 + 4);
        let names: Vec<String> = list.iter().map(|a| a.to_string()).collect();
        assert!(names.contains(&"e2d3".to_owned()));
        assert!(!names.contains(&"e1g1".to_owned()));
    }

    #[test]
    fn sliders_pass_through_enemy_pieces_and_castling_ignores_checks() {
        let (pos, list) = side_of("4k3/8/8/8/R2n4/8/8/4K2R w K - 0 1", PromotionRule::Any);
        let names: Vec<String> = list.iter().map(|a| a.to_string()).collect();
        assert!(
            names.contains(&"a4h4".to_owned()),
            "slides through the hidden knight"
        );
        assert!(names.contains(&"e1g1".to_owned()));
        assert!(!names.contains(&"e1h1".to_owned()));
        // every legal move is possible
        for m in pos.legal_moves() {
            let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
            assert!(names.contains(&uci), "{uci} legal but not possible");
        }
        let _ = EnPassantMode::Legal;
    }

    #[test]
    fn promotions_follow_the_rule() {
        let (_, any) = side_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", PromotionRule::Any);
        let (_, queen) = side_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", PromotionRule::QueenOnly);
        let promos = |l: &[Attempt]| l.iter().filter(|a| a.promotion.is_some()).count();
        assert_eq!(promos(&any), 3 * 4); // b8, a8, c8 x 4 pieces
        assert_eq!(promos(&queen), 3);
    }
}
