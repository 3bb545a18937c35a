//! Reconnaissance Blind Chess (RULES.md section 4): the referee's side of the sensing family.
//!
//! RBC ignores check: a king may be left or moved into check and is then simply captured, which
//! ends the game. shakmaty's `Chess` cannot hold such positions, so the true position is kept as a
//! shakmaty [`Setup`] and moves are resolved with shakmaty's attack tables: a move is legal when
//! it is a possible attempt and its path is clear; a slider stops on the first enemy piece in its
//! path; a blocked double push becomes a single push; anything else is a pass.

use super::Judge;
use super::request::{Request, RequestError, Unplayable, wrong_family};
use crate::announce::{Announcement, Audience, EndReason, GameResult, Item, Over, Reveal, Said};
use crate::attempt::Attempt;
use crate::possible::{Side, move_own_piece};
use crate::rules::PromotionRule;
use crate::rules::{Family, RuleSet};
use shakmaty::fen::{Fen, LossyFenError};
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, PositionErrorKinds, Rank, Role, Setup, Square,
    attacks,
};
use std::any::Any;

/// The RBC referee's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rbc {
    setup: Setup,
    /// The side to move has sensed (or skipped sensing) this turn.
    sensed: bool,
}

impl Rbc {
    /// Accepts any position shakmaty accepts, except that the side not to move may be in check.
    pub(crate) fn new(mut setup: Setup) -> Result<Rbc, Unplayable> {
        if let Err(e) = setup.clone().position::<Chess>(CastlingMode::Standard) {
            let rest = e.kinds()
                - PositionErrorKinds::OPPOSITE_CHECK
                - PositionErrorKinds::IMPOSSIBLE_CHECK;
            if !rest.is_empty() {
                return Err(Unplayable(rest));
            }
        }
        setup.ep_square = setup.ep_square.filter(|ep| {
            let pusher = !setup.turn;
            let pawn_sq = Square::from_coords(ep.file(), pusher.relative_rank(Rank::Fourth));
            setup.board.piece_at(pawn_sq) == Some(pusher.pawn())
                && !setup.board.occupied().contains(*ep)
        });
        Ok(Rbc {
            setup,
            sensed: false,
        })
    }

    pub(crate) fn turn(&self) -> Color {
        self.setup.turn
    }

    pub(crate) fn board(&self) -> &Board {
        &self.setup.board
    }

    pub(crate) fn castling_rights(&self) -> Bitboard {
        self.setup.castling_rights
    }

    /// The position with the en passant square only when a pseudo-legal capture exists.
    pub(crate) fn setup(&self) -> Setup {
        let mut s = self.setup.clone();
        s.ep_square = s.ep_square.filter(|ep| {
            (attacks::pawn_attacks(!s.turn, *ep) & s.board.by_piece(s.turn.pawn())).any()
        });
        s
    }

    pub(crate) fn fen(&self) -> String {
        Fen::try_from_setup(self.setup())
            .unwrap_or_else(LossyFenError::ignore)
            .to_string()
    }

    pub(crate) fn sense(
        &mut self,
        square: Option<Square>,
        out: &mut Announcement,
    ) -> Result<(), RequestError> {
        if self.sensed {
            return Err(RequestError::AlreadySensed);
        }
        self.sensed = true;
        if let Some(sq) = square {
            let window = attacks::king_attacks(sq).with(sq);
            out.push(Said {
                to: Audience::Only(self.setup.turn),
                item: Item::Sense(Reveal::read(&self.setup.board, window)),
            });
        }
        Ok(())
    }

    /// Resolves a move (or a pass, `None`). An impossible attempt is refused without ending the turn.
    pub(crate) fn play(
        &mut self,
        requested: Option<Attempt>,
        out: &mut Announcement,
    ) -> Option<Over> {
        let mover = self.setup.turn;
        let Some(requested) = requested else {
            self.finish(None, None, None, out);
            return None;
        };
        let mut a = requested;
        let side = Side {
            board: &self.setup.board,
            color: mover,
            castling: self.setup.castling_rights & self.setup.board.by_color(mover),
            promotion: PromotionRule::Any,
        };
        if a.promotion.is_none()
            && side.board.piece_at(a.from) == Some(mover.pawn())
            && a.to.rank() == mover.relative_rank(Rank::Eighth)
        {
            a.promotion = Some(Role::Queen);
        }
        if !side.is_possible(a) {
            out.push(Said {
                to: Audience::Only(mover),
                item: Item::Impossible,
            });
            return None;
        }
        let castle_rook = side.castle_rook(a);
        let resolved = self.resolve(a, castle_rook);
        let Some((taken, captured)) = resolved else {
            self.finish(Some(requested), None, None, out);
            return None;
        };
        let king_captured = captured.is_some_and(|(_, role)| role == Role::King);
        self.make(taken, captured.map(|(sq, _)| sq));
        self.finish(
            Some(requested),
            Some(taken),
            captured.map(|(sq, _)| sq),
            out,
        );
        if king_captured {
            out.push(Said {
                to: Audience::Both,
                item: Item::KingCaptured,
            });
            return Some(Over {
                result: GameResult::win_for(mover),
                reason: EndReason::KingCaptured,
            });
        }
        None
    }

    /// The move actually made for a possible attempt, with the captured unit's square and role,
    /// or `None` when nothing happens.
    fn resolve(
        &self,
        a: Attempt,
        castle_rook: Option<Square>,
    ) -> Option<(Attempt, Option<(Square, Role)>)> {
        let board = &self.setup.board;
        let mover = self.setup.turn;
        let enemy = board.by_color(!mover);
        let occupied = board.occupied();
        let role = board.role_at(a.from)?;
        let captured_at = |sq: Square| {
            board
                .role_at(sq)
                .filter(|_| enemy.contains(sq))
                .map(|r| (sq, r))
        };
        match role {
            Role::Pawn => {
                if a.from.file() != a.to.file() {
                    if enemy.contains(a.to) {
                        Some((a, captured_at(a.to)))
                    } else if self.setup.ep_square == Some(a.to) {
                        let victim = Square::from_coords(a.to.file(), a.from.rank());
                        Some((a, captured_at(victim)))
                    } else {
                        None
                    }
                } else if a.from.distance(a.to) == 2 {
                    let middle =
                        Square::from_coords(a.from.file(), middle_rank(a.from.rank(), a.to.rank()));
                    if occupied.contains(middle) {
                        None
                    } else if occupied.contains(a.to) {
                        Some((Attempt { to: middle, ..a }, None))
                    } else {
                        Some((a, None))
                    }
                } else if occupied.contains(a.to) {
                    None
                } else {
                    Some((a, None))
                }
            }
            Role::King if castle_rook.is_some() => {
                let rook = castle_rook?;
                attacks::between(a.from, rook)
                    .is_disjoint(occupied)
                    .then_some((a, None))
            }
            Role::Bishop | Role::Rook | Role::Queen => {
                let path = attacks::between(a.from, a.to) & enemy;
                // The first enemy piece along the path, counted from the mover.
                let first = if u32::from(a.to) > u32::from(a.from) {
                    path.first()
                } else {
                    path.last()
                };
                match first {
                    Some(stop) => Some((Attempt { to: stop, ..a }, captured_at(stop))),
                    None => Some((a, captured_at(a.to))),
                }
            }
            Role::Knight | Role::King => Some((a, captured_at(a.to))),
        }
    }

    /// Plays a resolved move on the true board.
    fn make(&mut self, m: Attempt, captured: Option<Square>) {
        let mover = self.setup.turn;
        let pawn = self.setup.board.role_at(m.from) == Some(Role::Pawn);
        if let Some(sq) = captured {
            self.setup.board.discard_piece_at(sq);
            self.setup.castling_rights.discard(sq);
        }
        move_own_piece(
            &mut self.setup.board,
            &mut self.setup.castling_rights,
            mover,
            m,
        );
        // A captured king takes its side's castling rights with it.
        let victim = !mover;
        if self.setup.board.king_of(victim).is_none() {
            self.setup.castling_rights &= !Bitboard::from_rank(victim.backrank());
        }
        let zeroing = pawn || captured.is_some();
        self.setup.halfmoves = if zeroing { 0 } else { self.setup.halfmoves + 1 };
        self.setup.ep_square = (pawn && m.from.distance(m.to) == 2)
            .then(|| Square::from_coords(m.from.file(), middle_rank(m.from.rank(), m.to.rank())));
    }

    /// Ends the turn: tells the mover what happened and the victim where it lost a unit.
    fn finish(
        &mut self,
        requested: Option<Attempt>,
        taken: Option<Attempt>,
        captured: Option<Square>,
        out: &mut Announcement,
    ) {
        let mover = self.setup.turn;
        out.push(Said {
            to: Audience::Only(mover),
            item: Item::Moved { requested, taken },
        });
        if let Some(square) = captured {
            out.push(Said {
                to: Audience::Only(mover),
                item: Item::Capture { square, unit: None },
            });
            out.push(Said {
                to: Audience::Only(!mover),
                item: Item::Captured(square),
            });
        }
        if taken.is_none() {
            self.setup.halfmoves += 1;
            self.setup.ep_square = None;
        }
        if mover == Color::Black {
            self.setup.fullmoves = self.setup.fullmoves.saturating_add(1);
        }
        self.setup.turn = !mover;
        self.sensed = false;
    }
}

fn middle_rank(a: Rank, b: Rank) -> Rank {
    Rank::new((u32::from(a) + u32::from(b)) / 2)
}

impl Judge for Rbc {
    fn to_move(&self) -> Color {
        self.turn()
    }

    fn fen(&self) -> String {
        Rbc::fen(self)
    }

    fn setup(&self) -> Setup {
        Rbc::setup(self)
    }

    fn board(&self) -> &Board {
        Rbc::board(self)
    }

    fn castling_rights(&self) -> Bitboard {
        Rbc::castling_rights(self)
    }

    fn answer(
        &mut self,
        _rules: &RuleSet,
        request: &Request,
        out: &mut Announcement,
    ) -> Result<Option<Over>, RequestError> {
        match request {
            Request::Sense(square) => {
                self.sense(*square, out)?;
                Ok(None)
            }
            Request::Move(a) => Ok(self.play(Some(*a), out)),
            Request::Pass => Ok(self.play(None, out)),
            other => Err(wrong_family(other.name(), Family::Rbc)),
        }
    }

    fn clone_box(&self) -> Box<dyn Judge> {
        Box::new(self.clone())
    }

    fn same(&self, other: &dyn Judge) -> bool {
        other.as_any().downcast_ref::<Rbc>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
