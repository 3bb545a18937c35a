//! The Kriegspiel family (RULES.md sections 2-3 and the Kriegspiel variants of section 5): the
//! true position is a shakmaty position, [`Chess`] or, for Crazyhouse Kriegspiel (section 5.1),
//! [`Crazyhouse`] with drops; the referee answers attempts, drops, "Any?" and Modern Kriegspiel's
//! opened squares.
//!
//! Per turn the referee caches the legal moves of the side to move (they are needed anyway to
//! detect the end of the game and the pawn tries), so answering an attempt is a table lookup.

use super::common::{both, check_direction, hearers, minor_each, only};
use super::request::{RequestError, Unplayable, wrong_family};
use super::{Judge, Request};
use crate::announce::{
    Announcement, DrawReason, EndReason, GameResult, Item, Over, PawnTries, Said, Unit,
};
use crate::attempt::Attempt;
use crate::possible::{Side, promotion_allowed};
use crate::rules::{
    AnyRule, EnPassantSquare, Family, Hearers, ImpossibleRule, MaterialRule, PawnInfo, RepeatRule,
    RuleSet,
};
use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, Role,
    Setup, Square,
};
use std::any::Any;
use std::sync::Arc;

/// The per-turn state of a Kriegspiel turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Turn {
    /// Keys of attempts refused as illegal this turn.
    refused: Vec<u16>,
    /// "Any?" has been asked this turn.
    any_asked: bool,
    /// The asker got "Try" and is bound to attempt pawn captures.
    bound: bool,
    /// Modern Kriegspiel: the player who just moved may still open squares.
    may_open: bool,
}

/// The Kriegspiel referee's state.
#[derive(Clone, Debug)]
pub(crate) struct Kriegspiel<P = Chess> {
    pos: P,
    turn: Turn,
    /// The legal moves of the side to move (shared: the solver and the belief copy a referee
    /// far more often than they move in it, and copying shakmaty's fixed-size move list would
    /// cost more than the moves themselves).
    legal: Arc<[Move]>,
    /// Zobrist keys of every position since the start (only kept when threefold applies;
    /// shared like the moves).
    history: Arc<[u64]>,
}

/// The attempt that plays a legal move (castling as the king's two-square move).
pub(crate) fn move_attempt(m: Move) -> Attempt {
    match m {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => Attempt {
            from,
            to,
            promotion,
        },
        Move::EnPassant { from, to } => Attempt::new(from, to),
        Move::Castle { king, rook } => {
            let file = if rook > king {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            };
            Attempt::new(king, Square::from_coords(file, king.rank()))
        }
        Move::Put { role, to } => Attempt::drop(role, to),
    }
}

/// Whether the legal move `m` is what the attempt `a` asks for (cheaper than converting `m`).
#[inline]
fn plays(m: Move, a: Attempt) -> bool {
    // Almost every move is `Normal`: test that first with one predictable branch.
    if let Move::Normal {
        from,
        to,
        promotion,
        ..
    } = m
    {
        from == a.from && to == a.to && promotion == a.promotion
    } else {
        move_attempt(m) == a
    }
}

/// A position the Kriegspiel referee can hold: standard chess or Crazyhouse.
pub(crate) trait Variant:
    Position + FromSetup + Clone + std::fmt::Debug + Send + Sync + 'static
{
}

impl<P: Position + FromSetup + Clone + std::fmt::Debug + Send + Sync + 'static> Variant for P {}

impl<P: Variant> Kriegspiel<P> {
    fn new(pos: P, rules: &RuleSet) -> Kriegspiel<P> {
        let mut k = Kriegspiel {
            pos,
            turn: Turn::default(),
            legal: Arc::from([]),
            history: Arc::from([]),
        };
        k.refresh_legal();
        if rules.threefold {
            k.remember(false);
        }
        k
    }

    fn zobrist(&self) -> u64 {
        self.pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
    }

    fn refresh_legal(&mut self) {
        self.legal = Arc::from(&self.pos.legal_moves()[..]);
    }

    /// Adds the position now to the history (after a zeroing move, it alone).
    fn remember(&mut self, zeroing: bool) {
        let kept = if zeroing { &[][..] } else { &self.history[..] };
        // One allocation: the slice is built inside the `Arc` itself.
        let now = self.zobrist();
        self.history = kept.iter().copied().chain(std::iter::once(now)).collect();
    }

    fn side<'a>(&'a self, rules: &RuleSet) -> Side<'a> {
        Side {
            board: self.pos.board(),
            color: self.pos.turn(),
            castling: self.pos.castles().castling_rights() & self.pos.us(),
            promotion: rules.promotion,
        }
    }

    /// The legal pawn captures of the side to move, one per (from, to) pair.
    fn pawn_tries(&self) -> impl Iterator<Item = Move> + '_ {
        // Cheap test first: no pawn attacks an enemy unit or the en passant square.
        let color = self.pos.turn();
        let targets = self.pos.them()
            | self
                .pos
                .maybe_ep_square()
                .map_or(Bitboard::EMPTY, Bitboard::from_square);
        let any = self
            .pos
            .our(Role::Pawn)
            .into_iter()
            .any(|sq| shakmaty::attacks::pawn_attacks(color, sq).intersects(targets));
        let moves: &[Move] = if any { &self.legal } else { &[] };
        moves
            .iter()
            .copied()
            .filter(|m| m.role() == Role::Pawn && m.is_capture())
            .filter(|m| !matches!(m, Move::Normal { promotion: Some(p), .. } if *p != Role::Queen))
    }

    fn pawn_info(&self, rule: PawnInfo) -> Option<Item> {
        let tries = match rule {
            PawnInfo::None => return None,
            PawnInfo::Count => PawnTries::Count(self.pawn_tries().count().min(255) as u8),
            PawnInfo::HasAny => PawnTries::Any(self.pawn_tries().next().is_some()),
            PawnInfo::Squares => PawnTries::Squares(
                self.pawn_tries()
                    .fold(Bitboard::EMPTY, |b, m| b.with(m.to())),
            ),
        };
        Some(Item::PawnTries(tries))
    }

    /// Check directions, game end and pawn information for the side now to move.
    fn report_position(
        &mut self,
        rules: &RuleSet,
        after_move: bool,
        out: &mut Announcement,
    ) -> Option<Over> {
        let board = self.pos.board();
        let checkers = self.pos.checkers();
        if let Some(king) = board.king_of(self.pos.turn()) {
            for checker in checkers {
                out.push(both(Item::Check(check_direction(board, king, checker))));
            }
        }
        let mover = !self.pos.turn();
        let end = if self.legal.is_empty() {
            if checkers.any() {
                Some((
                    Item::Checkmate,
                    GameResult::win_for(mover),
                    EndReason::Checkmate,
                ))
            } else {
                Some((Item::Stalemate, GameResult::Draw, EndReason::Stalemate))
            }
        } else if match rules.material {
            MaterialRule::MinorEach => minor_each(board),
            MaterialRule::DeadPosition => self.pos.is_insufficient_material(),
        } {
            Some((
                Item::Draw(DrawReason::InsufficientMaterial),
                GameResult::Draw,
                EndReason::InsufficientMaterial,
            ))
        } else if after_move && rules.threefold && self.repetitions() >= 3 {
            Some((
                Item::Draw(DrawReason::Threefold),
                GameResult::Draw,
                EndReason::Threefold,
            ))
        } else if rules.fifty_moves && self.pos.halfmoves() >= 100 {
            // RULES.md 6: also a start whose halfmove clock is already 100 or more.
            Some((
                Item::Draw(DrawReason::FiftyMoves),
                GameResult::Draw,
                EndReason::FiftyMoves,
            ))
        } else {
            None
        };
        match end {
            Some((item, result, reason)) => {
                out.push(both(item));
                Some(Over { result, reason })
            }
            None => {
                if let Some(item) = self.pawn_info(rules.pawn_info) {
                    out.push(both(item));
                }
                None
            }
        }
    }

    /// Crazyhouse: a unit of the own pocket onto a square empty on the own board, a pawn never
    /// on the first or last rank.
    fn drop_possible(&self, role: Role, to: Square) -> bool {
        let mover = self.pos.turn();
        let in_pocket = self
            .pos
            .pockets()
            .is_some_and(|p| *p.get(mover).get(role) > 0);
        let back_rank = matches!(to.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth);
        in_pocket && !self.pos.us().contains(to) && !(role == Role::Pawn && back_rank)
    }

    /// How often the current position has occurred (it is the last entry of the history).
    fn repetitions(&self) -> usize {
        let Some(&now) = self.history.last() else {
            return 0;
        };
        // Positions before the last capture or pawn move can never recur.
        let window = (self.pos.halfmoves() as usize + 1).min(self.history.len());
        self.history[self.history.len() - window..]
            .iter()
            .filter(|&&h| h == now)
            .count()
    }

    fn impossible(&self, rules: &RuleSet, out: &mut Announcement) {
        let mover = self.pos.turn();
        match rules.impossible {
            ImpossibleRule::MoverOnly => out.push(only(mover, Item::Impossible)),
            ImpossibleRule::Both => out.push(both(Item::Impossible)),
            ImpossibleRule::AsIllegal => out.push(Said {
                to: hearers(rules.illegal_heard_by, mover),
                item: Item::Illegal,
            }),
        }
    }

    fn attempt(&mut self, rules: &RuleSet, a: Attempt, out: &mut Announcement) -> Option<Over> {
        let mover = self.pos.turn();
        let key = a.key();
        let legal_move = self.legal.iter().copied().find(|m| plays(*m, a));
        // A legal move is always possible, except a promotion the rules forbid.
        let possible = match (a.dropped(), legal_move) {
            (Some(role), _) => self.drop_possible(role, a.to),
            (None, Some(_)) => a
                .promotion
                .is_none_or(|r| promotion_allowed(rules.promotion, r)),
            (None, None) => self.side(rules).is_possible(a),
        };
        let pawn_capture = possible
            && a.from.file() != a.to.file()
            && self.pos.board().role_at(a.from) == Some(Role::Pawn);
        let refused_before = self.turn.refused.contains(&key);
        let fresh_pawn_capture = pawn_capture && !refused_before;
        if self.turn.bound && !fresh_pawn_capture {
            // After "Any?" = "Try": only pawn captures not yet refused this turn.
            out.push(only(mover, Item::Impossible));
            return None;
        }
        if !possible {
            self.impossible(rules, out);
            return None;
        }
        if refused_before {
            match rules.repeat {
                RepeatRule::Impossible => self.impossible(rules, out),
                RepeatRule::Illegal => out.push(Said {
                    to: hearers(rules.illegal_heard_by, mover),
                    item: Item::Illegal,
                }),
            }
            return None;
        }
        let Some(m) = legal_move else {
            self.turn.refused.push(key);
            if pawn_capture && rules.any == AnyRule::OneAttempt {
                self.turn.bound = false;
            }
            out.push(Said {
                to: hearers(rules.illegal_heard_by, mover),
                item: Item::Illegal,
            });
            return None;
        };
        self.play(rules, m, out)
    }

    fn play(&mut self, rules: &RuleSet, m: Move, out: &mut Announcement) -> Option<Over> {
        out.push(both(Item::Legal));
        let captured = match m {
            Move::EnPassant { from, to } => Some((
                Role::Pawn,
                match rules.en_passant {
                    EnPassantSquare::CapturedPawn => Square::from_coords(to.file(), from.rank()),
                    EnPassantSquare::Destination => to,
                },
            )),
            Move::Normal {
                capture: Some(role),
                to,
                ..
            } => Some((role, to)),
            _ => None,
        };
        if let Some((role, square)) = captured {
            // A promoted piece is captured (and pocketed) as a pawn.
            let role = if self.pos.promoted().contains(square) {
                Role::Pawn
            } else {
                role
            };
            let unit = if rules.exact_units {
                Some(Unit::exact(role))
            } else {
                rules.capture_unit.then_some(if role == Role::Pawn {
                    Unit::Pawn
                } else {
                    Unit::Piece
                })
            };
            out.push(both(Item::Capture { square, unit }));
        }
        if let Move::Put { role, .. } = m {
            out.push(both(Item::Drop(Unit::exact(role))));
        }
        if rules.announce_promotion && m.is_promotion() {
            out.push(both(Item::Promotion));
        }
        self.pos.play_unchecked(m);
        if rules.threefold {
            self.remember(m.is_zeroing());
        }
        self.turn = Turn {
            refused: std::mem::take(&mut self.turn.refused),
            may_open: rules.open_squares > 0,
            ..Turn::default()
        };
        self.turn.refused.clear();
        self.refresh_legal();
        self.report_position(rules, true, out)
    }

    fn ask_any(&mut self, rules: &RuleSet, out: &mut Announcement) -> Result<(), RequestError> {
        if !rules.has_any() {
            return Err(RequestError::NoAnyQuestion);
        }
        if self.turn.any_asked {
            return Err(RequestError::AnyAlreadyAsked);
        }
        let answer = self.pawn_tries().next().is_some();
        self.turn.any_asked = true;
        self.turn.bound = answer;
        out.push(Said {
            to: hearers(rules.any_heard_by(), self.pos.turn()),
            item: Item::AnyAnswer(answer),
        });
        if rules.any == AnyRule::Secret && !answer {
            self.secret_no(rules, out);
        }
        Ok(())
    }

    /// Secret "Any?" answered "No": every pawn capture on the asker's own board not yet refused
    /// this turn now counts as refused, and the opponent hears that many refused attempts (where
    /// illegal attempts are public).
    fn secret_no(&mut self, rules: &RuleSet, out: &mut Announcement) {
        let mut captures: Vec<Attempt> = self
            .side(rules)
            .possible_attempts()
            .into_iter()
            .filter(|a| {
                a.from.file() != a.to.file() && self.pos.board().role_at(a.from) == Some(Role::Pawn)
            })
            .collect();
        let mut counted: Vec<(Square, Square)> = Vec::new();
        for a in &captures {
            let refused = self
                .turn
                .refused
                .iter()
                .any(|&k| k & 0x0fff == Attempt::new(a.from, a.to).key());
            if !refused && !counted.contains(&(a.from, a.to)) {
                counted.push((a.from, a.to));
            }
        }
        captures.retain(|a| !self.turn.refused.contains(&a.key()));
        self.turn.refused.extend(captures.iter().map(|a| a.key()));
        if !counted.is_empty() && rules.illegal_heard_by == Hearers::Both {
            out.push(only(
                !self.pos.turn(),
                Item::IllegalCount(counted.len().min(255) as u8),
            ));
        }
    }

    fn open(
        &mut self,
        rules: &RuleSet,
        squares: Bitboard,
        out: &mut Announcement,
    ) -> Result<(), RequestError> {
        if rules.open_squares == 0 {
            return Err(RequestError::Open(
                "these rules do not open squares (Modern Kriegspiel is off)".into(),
            ));
        }
        if !self.turn.may_open {
            return Err(RequestError::Open(
                "squares may be opened only right after your own legal move".into(),
            ));
        }
        let wanted = usize::from(rules.open_squares).min(crate::announce::Reveal::MAX);
        if squares.count() != wanted {
            return Err(RequestError::Open(format!(
                "name exactly {} to open (got {})",
                // (Spelled here: the referee sits below the wording module.)
                if wanted == 1 {
                    "1 square".to_owned()
                } else {
                    format!("{wanted} different squares")
                },
                squares.count()
            )));
        }
        self.turn.may_open = false;
        out.push(only(
            !self.pos.turn(),
            Item::Opened(crate::announce::Reveal::read(self.pos.board(), squares)),
        ));
        Ok(())
    }
}

impl<P: Variant> Kriegspiel<P> {
    /// Starts from `start`, reporting the opening position (checks, pawn tries, an immediate
    /// end) into `out`; the error says why the position cannot be played.
    pub(crate) fn start(
        rules: &RuleSet,
        start: Setup,
        out: &mut Announcement,
    ) -> Result<(Kriegspiel<P>, Option<Over>), Unplayable> {
        let pos: P = start
            .position(CastlingMode::Standard)
            .map_err(|e| Unplayable(e.kinds()))?;
        let mut k = Kriegspiel::new(pos, rules);
        let over = k.report_position(rules, false, out);
        Ok((k, over))
    }
}

impl<P: Variant> Judge for Kriegspiel<P> {
    fn to_move(&self) -> Color {
        self.pos.turn()
    }

    fn fen(&self) -> String {
        Fen::from_position(&self.pos, EnPassantMode::Legal).to_string()
    }

    fn setup(&self) -> Setup {
        self.pos.to_setup(EnPassantMode::Legal)
    }

    fn board(&self) -> &Board {
        self.pos.board()
    }

    fn castling_rights(&self) -> Bitboard {
        self.pos.castles().castling_rights()
    }

    fn legal_attempts(&self, rules: &RuleSet) -> Vec<Attempt> {
        self.legal
            .iter()
            .map(|m| move_attempt(*m))
            .filter(|a| {
                a.promotion
                    .is_none_or(|r| promotion_allowed(rules.promotion, r))
            })
            .collect()
    }

    fn refuses_all_but_legal_attempts(&self) -> bool {
        true
    }

    fn bound_to_pawn_captures(&self) -> bool {
        self.turn.bound
    }

    fn any_asked(&self) -> bool {
        self.turn.any_asked
    }

    fn pockets(&self) -> Option<shakmaty::ByColor<shakmaty::ByRole<u8>>> {
        self.pos.pockets().copied()
    }

    fn cannot_win(&self, color: Color) -> bool {
        self.pos.has_insufficient_material(color)
    }

    fn answer(
        &mut self,
        rules: &RuleSet,
        request: &Request,
        out: &mut Announcement,
    ) -> Result<Option<Over>, RequestError> {
        match request {
            Request::Try(a) if a.dropped().is_some() && self.pos.pockets().is_none() => {
                Err(RequestError::NoDrops)
            }
            Request::Try(a) => {
                // Squares are opened right after the legal move, before the opponent acts.
                self.turn.may_open = false;
                Ok(self.attempt(rules, *a, out))
            }
            Request::Any => {
                self.ask_any(rules, out)?;
                self.turn.may_open = false;
                Ok(None)
            }
            Request::Open(squares) => {
                self.open(rules, *squares, out)?;
                Ok(None)
            }
            other => Err(wrong_family(other.name(), Family::Kriegspiel)),
        }
    }

    fn chess(&self) -> Option<(&Chess, &[Move])> {
        let pos = (&self.pos as &dyn Any).downcast_ref::<Chess>()?;
        Some((pos, &self.legal))
    }

    fn clone_box(&self) -> Box<dyn Judge> {
        Box::new(self.clone())
    }

    fn same(&self, other: &dyn Judge) -> bool {
        other
            .as_any()
            .downcast_ref::<Kriegspiel<P>>()
            .is_some_and(|b| {
                self.pos.to_setup(EnPassantMode::Always) == b.pos.to_setup(EnPassantMode::Always)
                    && self.turn == b.turn
                    && self.history == b.history
            })
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
