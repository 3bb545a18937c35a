//! The referee: the only owner of the true position.
//!
//! A [`Referee`] is a state machine: [`Referee::apply`] takes a [`Request`] and returns the
//! [`Announcement`] (who hears what) while moving to the next state, or returns an error and stays
//! exactly as it was. Nothing else in the program holds the true position; players' views are
//! built from the game log (see [`crate::view`]).
//!
//! Per turn the referee caches the legal moves of the side to move (they are needed anyway to
//! detect the end of the game and the pawn tries), so answering an attempt is a table lookup.

use crate::announce::{
    Announcement, Audience, CheckDirection, DrawReason, EndReason, GameResult, Item, Over,
    PawnTries, Said, Unit,
};
use crate::attempt::Attempt;
use crate::possible::{Side, promotion_allowed};
use crate::rbc::Rbc;
use crate::rules::{
    AnyRule, EnPassantSquare, Family, Hearers, ImpossibleRule, MaterialRule, PawnInfo, RepeatRule,
    RuleSet,
};
use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, Move, Position, Role, Setup, Square,
};
use thiserror::Error;

/// Something a player (or the clock, or both players together) asks of the referee.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Request {
    /// Kriegspiel: the side to move attempts a move.
    Try(Attempt),
    /// Kriegspiel: the side to move asks "Any?".
    Any,
    /// RBC: the side to move senses the 3x3 window around a square, or skips sensing (`None`).
    Sense(#[serde(with = "crate::attempt::opt_square_serde")] Option<Square>),
    /// RBC: the side to move moves.
    Move(Attempt),
    /// RBC: the side to move passes.
    Pass,
    /// Modern Kriegspiel: the player who just moved names squares to be opened.
    Open(#[serde(with = "crate::announce::bitboard_serde")] Bitboard),
    /// A player resigns.
    Resign(#[serde(with = "crate::announce::color_serde")] Color),
    /// Both players agree a draw.
    Draw,
    /// A player's time ran out.
    Timeout(#[serde(with = "crate::announce::color_serde")] Color),
    /// The referee decides the result (club play), with the reason given.
    Adjudicate {
        /// The result.
        result: GameResult,
        /// Why, in the referee's words.
        reason: String,
    },
}

impl Request {
    /// The player who makes this request, given the side to move when it is made
    /// (`None` for requests made by both players or by the clock).
    pub fn actor(&self, to_move: Color) -> Option<Color> {
        match self {
            Request::Try(_)
            | Request::Any
            | Request::Sense(_)
            | Request::Move(_)
            | Request::Pass => Some(to_move),
            Request::Open(_) => Some(!to_move),
            Request::Resign(c) => Some(*c),
            Request::Draw | Request::Timeout(_) | Request::Adjudicate { .. } => None,
        }
    }
}

/// Why a game could not be started.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NewGameError {
    /// The FEN text does not parse.
    #[error("'{0}' is not a valid FEN")]
    Fen(String),
    /// The FEN parses but the position is not a legal chess position.
    #[error("the position '{fen}' cannot be played: {problem}")]
    Position {
        /// The FEN given.
        fen: String,
        /// What is wrong with it.
        problem: String,
    },
}

/// Why a request was refused (the game is unchanged).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RequestError {
    /// The game has ended.
    #[error("the game is over ({0})")]
    GameOver(&'static str),
    /// "Any?" in a rule set without it.
    #[error("these rules have no \"Any?\" question")]
    NoAnyQuestion,
    /// "Any?" asked twice in one turn.
    #[error("\"Any?\" may be asked only once per turn")]
    AnyAlreadyAsked,
    /// A request of the other game family.
    #[error("'{request}' is not a request of {family}")]
    WrongFamily {
        /// The request's name.
        request: &'static str,
        /// The family of this game.
        family: &'static str,
    },
    /// RBC: a second sense in one turn.
    #[error("the side to move has already sensed this turn")]
    AlreadySensed,
    /// Modern Kriegspiel: opening squares when it is not allowed.
    #[error("{0}")]
    Open(String),
}

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
pub(crate) struct Kriegspiel {
    pos: Chess,
    turn: Turn,
    /// The legal moves of the side to move (a `Vec` reused from turn to turn: copying shakmaty's
    /// fixed-size move list would cost more than the moves themselves).
    legal: Vec<Move>,
    /// Zobrist keys of every position since the start (only kept when threefold applies).
    history: Vec<u64>,
}

#[derive(Clone, Debug)]
enum Truth {
    Kriegspiel(Box<Kriegspiel>),
    Rbc(Box<Rbc>),
}

/// The referee of one game.
#[derive(Clone, Debug)]
pub struct Referee {
    rules: RuleSet,
    truth: Truth,
    over: Option<Over>,
}

fn both(item: Item) -> Said {
    Said {
        to: Audience::Both,
        item,
    }
}

fn only(color: Color, item: Item) -> Said {
    Said {
        to: Audience::Only(color),
        item,
    }
}

fn hearers(h: Hearers, mover: Color) -> Audience {
    match h {
        Hearers::Mover => Audience::Only(mover),
        Hearers::Both => Audience::Both,
    }
}

/// The attempt that plays a legal move (castling as the king's two-square move).
fn move_attempt(m: Move) -> Attempt {
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
        // Drops do not exist in standard chess; map them to an attempt that matches nothing.
        Move::Put { to, .. } => Attempt::new(to, to),
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

/// Parses a FEN into a standard chess position.
pub fn parse_position(fen: &str) -> Result<Chess, NewGameError> {
    let parsed: Fen = fen
        .trim()
        .parse()
        .map_err(|_| NewGameError::Fen(fen.to_owned()))?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|e| NewGameError::Position {
            fen: fen.to_owned(),
            problem: describe_position_error(e.kinds()),
        })
}

pub(crate) fn describe_position_error(kinds: shakmaty::PositionErrorKinds) -> String {
    use shakmaty::PositionErrorKinds as K;
    let mut parts = Vec::new();
    for (flag, text) in [
        (K::EMPTY_BOARD, "the board is empty"),
        (K::MISSING_KING, "a king is missing"),
        (K::TOO_MANY_KINGS, "a side has more than one king"),
        (
            K::PAWNS_ON_BACKRANK,
            "a pawn stands on the first or last rank",
        ),
        (
            K::INVALID_CASTLING_RIGHTS,
            "the castling rights do not match the kings and rooks",
        ),
        (K::INVALID_EP_SQUARE, "the en passant square is impossible"),
        (K::OPPOSITE_CHECK, "the side not to move is in check"),
        (
            K::IMPOSSIBLE_CHECK,
            "the check on the side to move is impossible",
        ),
        (
            K::TOO_MUCH_MATERIAL,
            "there is more material than a game can have",
        ),
    ] {
        if kinds.contains(flag) {
            parts.push(text);
        }
    }
    if parts.is_empty() {
        "it is not a legal position".to_owned()
    } else {
        parts.join("; ")
    }
}

/// The direction of a check on the king on `king` by the piece on `checker`.
pub fn check_direction(board: &Board, king: Square, checker: Square) -> CheckDirection {
    if board.role_at(checker) == Some(Role::Knight) {
        CheckDirection::Knight
    } else if checker.rank() == king.rank() {
        CheckDirection::Rank
    } else if checker.file() == king.file() {
        CheckDirection::File
    } else {
        let (f, r) = (i32::from(king.file()), i32::from(king.rank()));
        let main_len = 8 - (f - r).abs(); // a1-h8 direction
        let anti_len = 8 - (f + r - 7).abs(); // a8-h1 direction
        let on_main = i32::from(checker.file()) - i32::from(checker.rank()) == f - r;
        let (this, other) = if on_main {
            (main_len, anti_len)
        } else {
            (anti_len, main_len)
        };
        if this > other {
            CheckDirection::Long
        } else {
            CheckDirection::Short
        }
    }
}

/// Berkeley's material rule: each side has at most one knight or bishop besides its king.
fn minor_each(board: &Board) -> bool {
    [Color::White, Color::Black].into_iter().all(|c| {
        let rest = board.by_color(c) & !board.kings();
        rest.count() <= 1 && (rest & !(board.knights() | board.bishops())).is_empty()
    })
}

impl Kriegspiel {
    fn new(pos: Chess, rules: &RuleSet) -> Kriegspiel {
        let mut k = Kriegspiel {
            pos,
            turn: Turn::default(),
            legal: Vec::with_capacity(64),
            history: Vec::new(),
        };
        k.refresh_legal();
        if rules.threefold {
            k.history.push(k.zobrist());
        }
        k
    }

    fn zobrist(&self) -> u64 {
        self.pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
    }

    fn refresh_legal(&mut self) {
        let moves = self.pos.legal_moves();
        self.legal.clear();
        self.legal.extend_from_slice(&moves);
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
        } else if after_move && rules.fifty_moves && self.pos.halfmoves() >= 100 {
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
        let possible = match legal_move {
            Some(_) => a
                .promotion
                .is_none_or(|r| promotion_allowed(rules.promotion, r)),
            None => self.side(rules).is_possible(a),
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
            let unit = rules.capture_unit.then_some(if role == Role::Pawn {
                Unit::Pawn
            } else {
                Unit::Piece
            });
            out.push(both(Item::Capture { square, unit }));
        }
        if rules.announce_promotion && m.is_promotion() {
            out.push(both(Item::Promotion));
        }
        self.pos.play_unchecked(m);
        if rules.threefold {
            if m.is_zeroing() {
                self.history.clear();
            }
            self.history.push(self.zobrist());
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
        Ok(())
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
                "name exactly {wanted} different squares to open (got {})",
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

impl Referee {
    /// Starts a game from `start` with `rules`; returns the referee and what both players hear at
    /// the start (pawn information, a check on the side to move, or an immediate end).
    pub fn new(rules: RuleSet, start: Setup) -> Result<(Referee, Announcement), NewGameError> {
        let fen_text = crate::log::setup_fen(start.clone());
        let mut out = Announcement::new();
        let (truth, over) = match rules.family {
            Family::Kriegspiel => {
                let pos: Chess = start
                    .clone()
                    .position(CastlingMode::Standard)
                    .map_err(|e| NewGameError::Position {
                        fen: fen_text.clone(),
                        problem: describe_position_error(e.kinds()),
                    })?;
                let mut k = Kriegspiel::new(pos, &rules);
                let over = k.report_position(&rules, false, &mut out);
                (Truth::Kriegspiel(Box::new(k)), over)
            }
            Family::Rbc => {
                let rbc = Rbc::new(start).map_err(|problem| NewGameError::Position {
                    fen: fen_text,
                    problem,
                })?;
                (Truth::Rbc(Box::new(rbc)), None)
            }
        };
        Ok((Referee { rules, truth, over }, out))
    }

    /// Starts a game from a FEN (see [`Referee::new`]).
    pub fn from_fen(rules: RuleSet, fen: &str) -> Result<(Referee, Announcement), NewGameError> {
        let parsed: Fen = fen
            .trim()
            .parse()
            .map_err(|_| NewGameError::Fen(fen.to_owned()))?;
        Referee::new(rules, parsed.into_setup())
    }

    /// Starts a game from the standard position.
    pub fn standard(rules: RuleSet) -> (Referee, Announcement) {
        match Referee::new(rules.clone(), Setup::initial()) {
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
        match &self.truth {
            Truth::Kriegspiel(k) => k.pos.turn(),
            Truth::Rbc(r) => r.turn(),
        }
    }

    /// The true position as a FEN. This is hidden information: only the referee's own board,
    /// tools and the reveal may show it.
    pub fn fen(&self) -> String {
        match &self.truth {
            Truth::Kriegspiel(k) => Fen::from_position(&k.pos, EnPassantMode::Legal).to_string(),
            Truth::Rbc(r) => r.fen(),
        }
    }

    /// The true position (hidden information; see [`Referee::fen`]).
    pub fn true_setup(&self) -> Setup {
        match &self.truth {
            Truth::Kriegspiel(k) => k.pos.to_setup(EnPassantMode::Legal),
            Truth::Rbc(r) => r.setup(),
        }
    }

    /// The true board (hidden information; see [`Referee::fen`]).
    pub fn true_board(&self) -> &Board {
        match &self.truth {
            Truth::Kriegspiel(k) => k.pos.board(),
            Truth::Rbc(r) => r.board(),
        }
    }

    /// Kriegspiel: the moves of the side to move that the referee would answer "legal" (legal on
    /// the true board, with a promotion piece the rules allow), as attempts, for tests and tools.
    pub fn legal_attempts(&self) -> Vec<Attempt> {
        match &self.truth {
            Truth::Kriegspiel(k) => k
                .legal
                .iter()
                .map(|m| move_attempt(*m))
                .filter(|a| {
                    a.promotion
                        .is_none_or(|r| promotion_allowed(self.rules.promotion, r))
                })
                .collect(),
            Truth::Rbc(_) => Vec::new(),
        }
    }

    /// The side to move's own pieces and castling rights, for working out its possible attempts
    /// (tools and tests; the board also holds the opponent's pieces, which [`Side`] ignores).
    pub fn mover_side(&self) -> Side<'_> {
        let color = self.to_move();
        let (board, rights) = match &self.truth {
            Truth::Kriegspiel(k) => (k.pos.board(), k.pos.castles().castling_rights()),
            Truth::Rbc(r) => (r.board(), r.castling_rights()),
        };
        Side {
            board,
            color,
            castling: rights & board.by_color(color),
            promotion: self.rules.promotion,
        }
    }

    /// Whether the side to move is bound by an "Any?" = "Try" answer.
    pub fn bound_to_pawn_captures(&self) -> bool {
        matches!(&self.truth, Truth::Kriegspiel(k) if k.turn.bound)
    }

    /// Whether "Any?" has already been asked this turn.
    pub fn any_asked(&self) -> bool {
        matches!(&self.truth, Truth::Kriegspiel(k) if k.turn.any_asked)
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
        let rules = &self.rules;
        let over = match (request, &mut self.truth) {
            (Request::Resign(color), _) => {
                out.push(both(Item::Resigned(*color)));
                Some(Over {
                    result: GameResult::win_for(!*color),
                    reason: EndReason::Resignation,
                })
            }
            (Request::Draw, _) => {
                out.push(both(Item::Draw(DrawReason::Agreement)));
                Some(Over {
                    result: GameResult::Draw,
                    reason: EndReason::Agreement,
                })
            }
            (Request::Timeout(color), truth) => {
                // FIDE 6.9: a flag fall is a draw when the opponent cannot mate by any series of
                // legal moves (shakmaty's material test); RBC has no draws by rule.
                let opponent_cannot_win = match truth {
                    Truth::Kriegspiel(k) => k.pos.has_insufficient_material(!*color),
                    Truth::Rbc(_) => false,
                };
                let result = if opponent_cannot_win {
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
            (Request::Adjudicate { result, .. }, _) => {
                out.push(both(Item::Adjudicated(*result)));
                Some(Over {
                    result: *result,
                    reason: EndReason::Adjudication,
                })
            }
            (Request::Try(a), Truth::Kriegspiel(k)) => {
                // Squares are opened right after the legal move, before the opponent acts.
                k.turn.may_open = false;
                k.attempt(rules, *a, out)
            }
            (Request::Any, Truth::Kriegspiel(k)) => {
                k.ask_any(rules, out)?;
                k.turn.may_open = false;
                None
            }
            (Request::Open(squares), Truth::Kriegspiel(k)) => {
                k.open(rules, *squares, out)?;
                None
            }
            (Request::Sense(sq), Truth::Rbc(r)) => {
                r.sense(*sq, out)?;
                None
            }
            (Request::Move(a), Truth::Rbc(r)) => r.play(Some(*a), out),
            (Request::Pass, Truth::Rbc(r)) => r.play(None, out),
            (Request::Try(_), Truth::Rbc(_)) => return Err(wrong_family("try", Family::Rbc)),
            (Request::Any, Truth::Rbc(_)) => return Err(wrong_family("any", Family::Rbc)),
            (Request::Open(_), Truth::Rbc(_)) => return Err(wrong_family("open", Family::Rbc)),
            (Request::Sense(_), Truth::Kriegspiel(_)) => {
                return Err(wrong_family("sense", Family::Kriegspiel));
            }
            (Request::Move(_), Truth::Kriegspiel(_)) => {
                return Err(wrong_family("move", Family::Kriegspiel));
            }
            (Request::Pass, Truth::Kriegspiel(_)) => {
                return Err(wrong_family("pass", Family::Kriegspiel));
            }
        };
        self.over = over;
        Ok(())
    }
}

fn wrong_family(request: &'static str, family: Family) -> RequestError {
    RequestError::WrongFamily {
        request,
        family: match family {
            Family::Kriegspiel => "a Kriegspiel game",
            Family::Rbc => "a Reconnaissance Blind Chess game",
        },
    }
}

impl PartialEq for Referee {
    fn eq(&self, other: &Referee) -> bool {
        self.rules == other.rules
            && self.over == other.over
            && match (&self.truth, &other.truth) {
                (Truth::Kriegspiel(a), Truth::Kriegspiel(b)) => {
                    a.pos.to_setup(EnPassantMode::Always) == b.pos.to_setup(EnPassantMode::Always)
                        && a.turn == b.turn
                        && a.history == b.history
                }
                (Truth::Rbc(a), Truth::Rbc(b)) => a == b,
                _ => false,
            }
    }
}
