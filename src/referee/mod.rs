//! The referee: the only owner of the true position.
//!
//! A [`Referee`] is a state machine: [`Referee::apply`] takes a [`Request`] and returns the
//! [`Announcement`] (who hears what) while moving to the next state, or returns an error and stays
//! exactly as it was. Nothing else in the program holds the true position; players' views are
//! built from what each seat was told (see [`crate::log::GameLog::perceived_by`]).
//!
//! The requests every game shares (resign, draw, timeout, adjudicate) are answered here; the rest
//! go to the game's rule family, one file each behind the [`Judge`] seam: [`kriegspiel`] and
//! [`rbc`]. A new family is one new file implementing [`Judge`], its rule flags, and one arm in
//! [`Referee::new`].

mod common;
pub mod handicap;
mod kriegspiel;
mod rbc;
mod request;

pub use common::{check_direction, parse_position};
pub use request::{NewGameError, Request, RequestError, RequestRepr, Unplayable};

use crate::announce::{Announcement, DrawReason, EndReason, GameResult, Item, Over};
use crate::attempt::Attempt;
use crate::possible::Side;
use crate::rules::{Family, RuleSet};
use common::both;
use shakmaty::{Bitboard, Board, Color, Setup};
use std::any::Any;

/// A family's referee as it starts, with an immediate end if the start is one.
type Started = (Box<dyn Judge>, Option<Over>);

/// One rule family's referee: the true position and the answers to the family's own requests.
pub(crate) trait Judge: std::fmt::Debug + Send + Sync {
    /// The side to move.
    fn to_move(&self) -> Color;
    /// The true position as FEN.
    fn fen(&self) -> String;
    /// The true position.
    fn setup(&self) -> Setup;
    /// The true board.
    fn board(&self) -> &Board;
    /// The rooks that may still castle (both sides).
    fn castling_rights(&self) -> Bitboard;
    /// The attempts the referee would answer "legal" (empty where the family has no such list).
    fn legal_attempts(&self, _rules: &RuleSet) -> Vec<Attempt> {
        Vec::new()
    }
    /// Whether an attempt outside [`Judge::legal_attempts`] is refused with the position
    /// unchanged (the family's refusals change nothing and tell nothing beyond "illegal").
    fn refuses_all_but_legal_attempts(&self) -> bool {
        false
    }
    /// Whether the side to move is bound by an "Any?" = "Try" answer.
    fn bound_to_pawn_captures(&self) -> bool {
        false
    }
    /// Whether "Any?" has been asked this turn.
    fn any_asked(&self) -> bool {
        false
    }
    /// The side whose placement the game waits for before play (Semi-Kriegspiel), if any:
    /// only a placement is answered then.
    fn placing(&self) -> Option<Color> {
        None
    }
    /// The judge that takes over after the last answer (Semi-Kriegspiel's placement hands over
    /// to the game), if any.
    fn successor(&mut self) -> Option<Box<dyn Judge>> {
        None
    }
    /// Both pockets (Crazyhouse), public.
    fn pockets(&self) -> Option<shakmaty::ByColor<shakmaty::ByRole<u8>>> {
        None
    }
    /// Whether `color` cannot mate by any series of legal moves (a flag fall is then a draw).
    fn cannot_win(&self, _color: Color) -> bool {
        false
    }
    /// Answers a request of this family into `out`; `Ok(Some(_))` when it ends the game. On error
    /// nothing has changed.
    fn answer(
        &mut self,
        rules: &RuleSet,
        request: &Request,
        out: &mut Announcement,
    ) -> Result<Option<Over>, RequestError>;
    /// The true position and its legal moves, where the family is plain Kriegspiel on a chess
    /// board (for the problem solver's quick tests); `None` in every other family.
    fn chess(&self) -> Option<(&shakmaty::Chess, &[shakmaty::Move])> {
        None
    }
    /// A boxed copy.
    fn clone_box(&self) -> Box<dyn Judge>;
    /// Whether `other` is the same family in the same state.
    fn same(&self, other: &dyn Judge) -> bool;
    /// For [`Judge::same`].
    fn as_any(&self) -> &dyn Any;
}

/// The referee of one game.
#[derive(Debug)]
pub struct Referee {
    rules: RuleSet,
    judge: Box<dyn Judge>,
    over: Option<Over>,
}

impl Clone for Referee {
    fn clone(&self) -> Referee {
        Referee {
            rules: self.rules.clone(),
            judge: self.judge.clone_box(),
            over: self.over,
        }
    }
}

impl Referee {
    /// Starts a game from `start` with `rules`; returns the referee and what both players hear at
    /// the start (pawn information, a check on the side to move, or an immediate end).
    pub fn new(rules: RuleSet, start: Setup) -> Result<(Referee, Announcement), NewGameError> {
        rules.check()?;
        let mut out = Announcement::new();
        if let Some(item) = handicap::announcement(&rules) {
            out.push(both(item));
        }
        let placing = (rules.handicap == crate::rules::Handicap::Semi)
            .then(|| rules.sighted.color())
            .flatten();
        let started: Result<Started, Unplayable> = match (rules.family, placing) {
            (Family::Kriegspiel, Some(color)) => Ok((
                Box::new(handicap::Placement::new(start.clone(), color)) as Box<dyn Judge>,
                None,
            )),
            (Family::Kriegspiel, None) => {
                if rules.drops {
                    kriegspiel::Kriegspiel::<shakmaty::variant::Crazyhouse>::start(
                        &rules,
                        start.clone(),
                        &mut out,
                    )
                    .map(|(k, over)| (Box::new(k) as Box<dyn Judge>, over))
                } else {
                    kriegspiel::Kriegspiel::<shakmaty::Chess>::start(
                        &rules,
                        start.clone(),
                        &mut out,
                    )
                    .map(|(k, over)| (Box::new(k) as Box<dyn Judge>, over))
                }
            }
            (Family::Rbc, _) => {
                rbc::Rbc::new(start.clone()).map(|r| (Box::new(r) as Box<dyn Judge>, None))
            }
        };
        let (judge, over) = started.map_err(|problem| NewGameError::Position {
            fen: crate::setup::setup_fen(start),
            problem,
        })?;
        Ok((Referee { rules, judge, over }, out))
    }

    /// Starts a game from a FEN (see [`Referee::new`]).
    pub fn from_fen(rules: RuleSet, fen: &str) -> Result<(Referee, Announcement), NewGameError> {
        let setup =
            crate::setup::parse_fen(fen).ok_or_else(|| NewGameError::Fen(fen.to_owned()))?;
        Referee::new(rules, setup)
    }

    /// Starts a game from the family's start: the standard position, or a handicap game's army
    /// ([`crate::referee::handicap::start`]).
    pub fn standard(rules: RuleSet) -> (Referee, Announcement) {
        match Referee::new(rules.clone(), crate::referee::handicap::start(&rules)) {
            Ok(started) => started,
            Err(e) => unreachable!("the standard position is always valid: {e}"),
        }
    }

    /// The rule set.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The result, once the game is over.
    pub fn over(&self) -> Option<Over> {
        self.over
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.judge.to_move()
    }

    /// The side that acts next: the side placing its king and queen (Semi-Kriegspiel, even
    /// when the other side moves first), otherwise the side to move.
    pub fn to_act(&self) -> Color {
        self.placing().unwrap_or_else(|| self.to_move())
    }

    /// The side whose Semi-Kriegspiel placement the game waits for, if any.
    pub fn placing(&self) -> Option<Color> {
        self.judge.placing()
    }

    /// The true position as a FEN. This is hidden information: only the referee's own board,
    /// tools and the reveal may show it.
    pub fn fen(&self) -> String {
        self.judge.fen()
    }

    /// The true position (hidden information; see [`Referee::fen`]).
    pub fn true_setup(&self) -> Setup {
        self.judge.setup()
    }

    /// The true board (hidden information; see [`Referee::fen`]).
    pub fn true_board(&self) -> &Board {
        self.judge.board()
    }

    /// A position's identity: the board, the side to move, castling rights and en passant square
    /// (a fast mix of their bits; a collision would need two positions of one search to agree on
    /// 64 bits).
    #[inline]
    pub fn position_key(&self) -> u64 {
        let r = self;
        let board = r.true_board();
        let mut h: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut mix = |x: u64| {
            h = (h ^ x).wrapping_mul(0x0100_0000_01B3).rotate_left(29) ^ (x >> 17);
            h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        };
        mix(u64::from(board.white()));
        for role in shakmaty::Role::ALL {
            mix(u64::from(board.by_role(role)));
        }
        mix(u64::from(r.castling_rights()) ^ if r.to_move() == Color::White { 1 } else { 2 });
        // An en passant square only after a double step: look for it only when a pawn of the side
        // that just moved stands on its fourth rank.
        let mover = !r.to_move();
        let fourth = shakmaty::Bitboard::from_rank(mover.relative_rank(shakmaty::Rank::Fourth));
        if (board.pawns() & board.by_color(mover) & fourth).any() {
            mix(r
                .true_setup()
                .ep_square
                .map_or(64, |sq| u64::from(u32::from(sq))));
        }
        h
    }

    /// The true position as a chess position with its legal moves, in plain Kriegspiel (hidden
    /// information: for the problem solver's quick tests, [`crate::problem`]); `None` in other
    /// families.
    pub(crate) fn chess(&self) -> Option<(&shakmaty::Chess, &[shakmaty::Move])> {
        self.judge.chess()
    }

    /// The castling rights of the true position (rook squares).
    pub fn castling_rights(&self) -> Bitboard {
        self.judge.castling_rights()
    }

    /// Kriegspiel: the moves of the side to move that the referee would answer "legal" (legal on
    /// the true board, with a promotion piece the rules allow), as attempts, for tests and tools.
    pub fn legal_attempts(&self) -> Vec<Attempt> {
        self.judge.legal_attempts(&self.rules)
    }

    /// Whether an attempt outside [`Referee::legal_attempts`] is refused with the position
    /// unchanged: the family's judge says (Kriegspiel's does; a placement awaited or RBC's does
    /// not). Tools: a solver passes over attempts legal nowhere.
    pub fn refuses_all_but_legal_attempts(&self) -> bool {
        self.judge.refuses_all_but_legal_attempts()
    }

    /// The side to move's own pieces and castling rights, for working out its possible attempts
    /// (tools and tests; the board also holds the opponent's pieces, which [`Side`] ignores).
    pub fn mover_side(&self) -> Side<'_> {
        let color = self.to_move();
        let board = self.judge.board();
        Side {
            board,
            color,
            castling: self.judge.castling_rights() & board.by_color(color),
            promotion: self.rules.promotion,
        }
    }

    /// Both pockets in Crazyhouse Kriegspiel (public); `None` in other games.
    pub fn pockets(&self) -> Option<shakmaty::ByColor<shakmaty::ByRole<u8>>> {
        self.judge.pockets()
    }

    /// Whether the side to move is bound by an "Any?" = "Try" answer.
    pub fn bound_to_pawn_captures(&self) -> bool {
        self.judge.bound_to_pawn_captures()
    }

    /// Whether "Any?" has already been asked this turn.
    pub fn any_asked(&self) -> bool {
        self.judge.any_asked()
    }

    /// Applies one request. On success the game moves on and the announcement says who heard
    /// what; on error nothing has changed.
    pub fn apply(&mut self, request: &Request) -> Result<Announcement, RequestError> {
        let mut out = Announcement::new();
        self.apply_into(request, &mut out)?;
        Ok(out)
    }

    /// Like [`Referee::apply`], writing the announcement into `out` (cleared first).
    pub fn apply_into(
        &mut self,
        request: &Request,
        out: &mut Announcement,
    ) -> Result<(), RequestError> {
        out.clear();
        if let Some(over) = self.over {
            return Err(RequestError::GameOver(over.reason.id()));
        }
        if self.judge.placing().is_some() {
            let over = self.judge.answer(&self.rules, request, out)?;
            if let Some(next) = self.judge.successor() {
                self.judge = next;
            }
            self.over = over;
            return Ok(());
        }
        let over = match request {
            Request::Resign(color) => {
                out.push(both(Item::Resigned(*color)));
                Some(Over {
                    result: GameResult::win_for(!*color),
                    reason: EndReason::Resignation,
                })
            }
            Request::Draw => {
                out.push(both(Item::Draw(DrawReason::Agreement)));
                Some(Over {
                    result: GameResult::Draw,
                    reason: EndReason::Agreement,
                })
            }
            Request::Timeout(color) => {
                // FIDE 6.9: a flag fall is a draw when the opponent cannot mate by any series of
                // legal moves; families without draws by rule (RBC) never say so.
                let result = if self.judge.cannot_win(!*color) {
                    GameResult::Draw
                } else {
                    GameResult::win_for(!*color)
                };
                out.push(both(Item::Timeout {
                    loser: *color,
                    result,
                }));
                Some(Over {
                    result,
                    reason: EndReason::Timeout,
                })
            }
            Request::Adjudicate { result, .. } => {
                out.push(both(Item::Adjudicated(*result)));
                Some(Over {
                    result: *result,
                    reason: EndReason::Adjudication,
                })
            }
            _ => self.judge.answer(&self.rules, request, out)?,
        };
        self.over = over;
        Ok(())
    }
}

impl PartialEq for Referee {
    fn eq(&self, other: &Referee) -> bool {
        self.rules == other.rules && self.over == other.over && self.judge.same(&*other.judge)
    }
}
