//! The tsuitate umpire: the only holder of the true shogi position. [`Referee::attempt`] rules on
//! one attempted move (impossible on the mover's own board, a foul, or legal and played) and says
//! what each player hears; moves are legal exactly as `shogi_legality_lite` says (two pawns on a
//! file, a dropped pawn giving mate, dead pieces, the king left in check); repetition and the
//! game's ends are counted here (RULES.md section 9).

use super::announce::{Audience, DrawReason, EndReason, Item, Over, Said};
use super::rules::TsuitateRules;
use shogi_core::{Color, Move, PartialPosition, Piece, PieceKind, Square};
use shogi_legality_lite::{is_legal_partial_lite, prelegality};
use shogi_usi_parser::FromUsi;
use thiserror::Error;

/// The longest move text read (`8h2b+` has 5 characters).
const MAX_MOVE: usize = 8;

/// Why a request is refused (the game is unchanged).
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TsuitateError {
    /// Not a USI move.
    #[error("{} is not a USI move (like 7g7f, 8h2b+ or P*5e)", crate::untrusted::quoted_to(.0, 80))]
    BadMove(String),
    /// Not a SFEN the game can start from.
    #[error("cannot start from the SFEN {}: {reason}", crate::untrusted::quoted_to(.sfen, 80))]
    BadSfen {
        /// The text.
        sfen: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The game is over.
    #[error("the game is over ({0})")]
    GameOver(&'static str),
    /// The turn has logged its most requests, and this attempt would not end it.
    #[error(
        "{0} requests this turn: only an attempt that ends the turn (or the game) is taken now"
    )]
    TooManyRequests(usize),
    /// The shogi library refused a move it had called legal (a defect, never bad input).
    #[error("internal error: the legal move {0} could not be played")]
    Internal(String),
}

/// A position as it stood after a move, for repetition.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Visit {
    /// The position without its move number.
    key: String,
    /// Whether the move that made it gave check.
    check: bool,
}

/// The referee of one tsuitate game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Referee {
    rules: TsuitateRules,
    start: PartialPosition,
    position: PartialPosition,
    moves: Vec<Move>,
    history: Vec<Visit>,
    fouls: [u8; 2],
    over: Option<Over>,
}

/// The index of a color in per-side arrays.
pub fn index(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// The position without its move number (for repetition).
fn key(position: &PartialPosition) -> String {
    let sfen = position.to_sfen_owned();
    match sfen.rsplit_once(' ') {
        Some((head, _)) => head.to_owned(),
        None => sfen,
    }
}

/// Whether the side to move is in check.
pub fn in_check(position: &PartialPosition) -> bool {
    let mut flipped = position.clone();
    flipped.side_to_move_set(position.side_to_move().flip());
    prelegality::will_king_be_captured(&flipped) == Some(true)
}

/// Whether `mv` is legal for the side to move. `shogi_legality_lite` refuses every pawn drop after
/// which the opponent has no legal move as a dropped pawn giving mate, even one that gives no check;
/// such a drop is legal (and wins: the opponent cannot move).
pub fn is_legal(position: &PartialPosition, mv: Move) -> bool {
    if is_legal_partial_lite(position, mv) {
        return true;
    }
    let Move::Drop { piece, .. } = mv else {
        return false;
    };
    if piece.piece_kind() != PieceKind::Pawn
        || shogi_legality_lite::is_legal_partial(position, mv)
            != Err(shogi_core::IllegalMoveKind::DropPawnMate)
    {
        return false;
    }
    let mut next = position.clone();
    next.make_move(mv).is_some()
        && prelegality::will_king_be_captured(&next) == Some(false)
        && !in_check(&next)
}

/// Whether the side to move has no legal move (checkmate, or no move at all).
pub fn no_legal_move(position: &PartialPosition) -> bool {
    prelegality::is_mate(position) == Some(true)
}

/// What `color` sees of `position`: its own pieces and hand only. (Built afresh: shogi_core keeps
/// a king's square cached when the king is taken off with `piece_set`.)
pub fn own_view(position: &PartialPosition, color: Color) -> PartialPosition {
    let mut own = PartialPosition::empty();
    own.side_to_move_set(position.side_to_move());
    for sq in Square::all() {
        if let Some(piece) = position.piece_at(sq).filter(|p| p.color() == color) {
            own.piece_set(sq, Some(piece));
        }
    }
    *own.hand_of_a_player_mut(color) = position.hand_of_a_player(color);
    let _ = own.ply_set(position.ply());
    own
}

/// Reads a USI move (`7g7f`, `8h2b+`, `P*5e`) as a move of `side`.
pub fn parse_move(text: &str, side: Color) -> Result<Move, TsuitateError> {
    let bad = || TsuitateError::BadMove(text.to_owned());
    if text.len() > MAX_MOVE {
        return Err(bad());
    }
    match Move::from_usi(text).map_err(|_| bad())? {
        Move::Drop { piece, to } => Ok(Move::Drop {
            piece: Piece::new(piece.piece_kind(), side),
            to,
        }),
        normal => Ok(normal),
    }
}

/// A move in USI.
pub fn move_name(mv: Move) -> String {
    use super::announce::square_name;
    match mv {
        Move::Normal { from, to, promote } => format!(
            "{}{}{}",
            square_name(from),
            square_name(to),
            if promote { "+" } else { "" }
        ),
        Move::Drop { piece, to } => {
            let letter = drop_letter(piece.piece_kind()).unwrap_or('R');
            format!("{letter}*{}", square_name(to))
        }
    }
}

/// The USI letter of a piece that may be dropped (`None` for the king and promoted pieces).
pub fn drop_letter(kind: PieceKind) -> Option<char> {
    Some(match kind {
        PieceKind::Pawn => 'P',
        PieceKind::Lance => 'L',
        PieceKind::Knight => 'N',
        PieceKind::Silver => 'S',
        PieceKind::Gold => 'G',
        PieceKind::Bishop => 'B',
        PieceKind::Rook => 'R',
        _ => return None,
    })
}

/// Why a start position is refused, if it is.
fn check_start(position: &PartialPosition) -> Result<(), &'static str> {
    for color in [Color::Black, Color::White] {
        let kings = Square::all()
            .filter(|&sq| position.piece_at(sq) == Some(Piece::new(PieceKind::King, color)))
            .count();
        if kings != 1 {
            return Err("each side needs exactly one king");
        }
        for file in 1..=9u8 {
            let pawns = (1..=9u8)
                .filter_map(|rank| Square::new(file, rank))
                .filter(|&sq| position.piece_at(sq) == Some(Piece::new(PieceKind::Pawn, color)))
                .count();
            if pawns > 1 {
                return Err("two unpromoted pawns of one side stand on one file");
            }
        }
    }
    for sq in Square::all() {
        let Some(piece) = position.piece_at(sq) else {
            continue;
        };
        let rank = sq.relative_rank(piece.color());
        let dead = match piece.piece_kind() {
            PieceKind::Pawn | PieceKind::Lance => rank == 1,
            PieceKind::Knight => rank <= 2,
            _ => false,
        };
        if dead {
            return Err("a piece stands where it can never move");
        }
    }
    if shogi_legality_lite::status_partial(position) == shogi_core::PositionStatus::Invalid {
        return Err("there are more pieces than a shogi set has");
    }
    let mut flipped = position.clone();
    flipped.side_to_move_set(position.side_to_move().flip());
    if in_check(&flipped) {
        return Err("the side not to move is in check");
    }
    Ok(())
}

impl Referee {
    /// A game from the usual start.
    pub fn new(rules: TsuitateRules) -> (Referee, Vec<Said>) {
        Referee::from_position(rules, PartialPosition::startpos())
    }

    /// A game from a SFEN (`lnsgkgsnl/... b - 1`, with or without the `sfen ` prefix); what both
    /// hear at the start (a check, an immediate end).
    pub fn from_sfen(
        rules: TsuitateRules,
        sfen: &str,
    ) -> Result<(Referee, Vec<Said>), TsuitateError> {
        let bad = |reason| TsuitateError::BadSfen {
            sfen: sfen.to_owned(),
            reason,
        };
        let text = sfen.trim();
        let text = text.strip_prefix("sfen ").unwrap_or(text);
        if text.len() > 200 {
            return Err(bad("it is too long"));
        }
        let position = PartialPosition::from_usi(&format!("sfen {text}"))
            .map_err(|_| bad("it is not a SFEN"))?;
        check_start(&position).map_err(bad)?;
        Ok(Referee::from_position(rules, position))
    }

    fn from_position(rules: TsuitateRules, position: PartialPosition) -> (Referee, Vec<Said>) {
        let mut referee = Referee {
            rules,
            start: position.clone(),
            history: vec![Visit {
                key: key(&position),
                check: false,
            }],
            position,
            moves: Vec::new(),
            fouls: [0; 2],
            over: None,
        };
        let mut said = Vec::new();
        referee.after_move(&mut said, false);
        (referee, said)
    }

    /// A new game from this game's start and rules, and what both hear at its start.
    pub fn restarted(&self) -> (Referee, Vec<Said>) {
        Referee::from_position(self.rules, self.start.clone())
    }

    /// The rules.
    pub fn rules(&self) -> TsuitateRules {
        self.rules
    }

    /// The true position (hidden information: only the umpire's board and tools show it).
    pub fn position(&self) -> &PartialPosition {
        &self.position
    }

    /// The start position.
    pub fn start(&self) -> &PartialPosition {
        &self.start
    }

    /// The true position as SFEN.
    pub fn sfen(&self) -> String {
        self.position.to_sfen_owned()
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.position.side_to_move()
    }

    /// Each side's fouls so far.
    pub fn fouls(&self, color: Color) -> u8 {
        self.fouls[index(color)]
    }

    /// The end, once the game is over.
    pub fn over(&self) -> Option<Over> {
        self.over
    }

    /// The moves the side to move may legally play.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = shogi_legality_lite::all_legal_moves_partial(&self.position);
        let pawn = Piece::new(PieceKind::Pawn, self.to_move());
        for to in Square::all() {
            let drop = Move::Drop { piece: pawn, to };
            if !moves.contains(&drop) && is_legal(&self.position, drop) {
                moves.push(drop);
            }
        }
        moves
    }

    /// Rules on an attempted move in USI by the side to move.
    pub fn attempt(&mut self, usi: &str) -> Result<Vec<Said>, TsuitateError> {
        if let Some(over) = self.over {
            return Err(TsuitateError::GameOver(over.reason.id()));
        }
        let side = self.to_move();
        let mv = parse_move(usi, side)?;
        let mut said = Vec::new();
        if !is_legal_partial_lite(&own_view(&self.position, side), mv) {
            said.push(Said {
                to: Audience::Only(side),
                item: Item::Impossible,
            });
            return Ok(said);
        }
        if !is_legal(&self.position, mv) {
            let fouls = &mut self.fouls[index(side)];
            *fouls = fouls.saturating_add(1);
            let fouls = *fouls;
            both(&mut said, Item::Illegal { fouls });
            if self.rules.fouls > 0 && fouls >= self.rules.fouls {
                both(&mut said, Item::FoulLimit);
                self.over = Some(Over {
                    winner: Some(side.flip()),
                    reason: EndReason::Fouls,
                });
            }
            return Ok(said);
        }
        let captured = match mv {
            Move::Normal { to, .. } => self.position.piece_at(to).map(|p| (to, p)),
            Move::Drop { .. } => None,
        };
        let mut next = self.position.clone();
        next.make_move(mv)
            .ok_or_else(|| TsuitateError::Internal(move_name(mv)))?;
        self.position = next;
        self.moves.push(mv);
        both(&mut said, Item::Legal);
        if let Some((square, piece)) = captured {
            let kind = piece.piece_kind();
            let piece = kind.unpromote().unwrap_or(kind);
            both(&mut said, Item::Capture { square, piece });
        }
        self.after_move(&mut said, true);
        Ok(said)
    }

    /// The side to move resigns.
    pub fn resign(&mut self) -> Result<Vec<Said>, TsuitateError> {
        self.end_by_request(
            Item::Resigned,
            Some(self.to_move().flip()),
            EndReason::Resignation,
        )
    }

    /// Both players agree a draw.
    pub fn agree_draw(&mut self) -> Result<Vec<Said>, TsuitateError> {
        self.end_by_request(
            Item::Draw(DrawReason::Agreement),
            None,
            EndReason::Agreement,
        )
    }

    fn end_by_request(
        &mut self,
        item: Item,
        winner: Option<Color>,
        reason: EndReason,
    ) -> Result<Vec<Said>, TsuitateError> {
        if let Some(over) = self.over {
            return Err(TsuitateError::GameOver(over.reason.id()));
        }
        self.over = Some(Over { winner, reason });
        Ok(vec![Said {
            to: Audience::Both,
            item,
        }])
    }

    /// Check, the ends that come with a position, and (after a move) repetition and the move
    /// limit.
    fn after_move(&mut self, said: &mut Vec<Said>, moved: bool) {
        let side = self.to_move();
        let check = in_check(&self.position);
        if check {
            both(said, Item::Check);
        }
        if no_legal_move(&self.position) {
            let (item, reason) = if check {
                (Item::Checkmate, EndReason::Checkmate)
            } else {
                (Item::NoMoves, EndReason::NoMoves)
            };
            both(said, item);
            self.over = Some(Over {
                winner: Some(side.flip()),
                reason,
            });
            return;
        }
        if !moved {
            return;
        }
        self.history.push(Visit {
            key: key(&self.position),
            check,
        });
        if let Some(over) = self.repetition() {
            both(
                said,
                if over.winner.is_some() {
                    Item::PerpetualCheck
                } else {
                    Item::Draw(DrawReason::Repetition)
                },
            );
            self.over = Some(over);
            return;
        }
        let limit = usize::from(self.rules.max_plies);
        if limit > 0 && self.moves.len() >= limit {
            both(said, Item::Draw(DrawReason::MoveLimit));
            self.over = Some(Over {
                winner: None,
                reason: EndReason::MoveLimit,
            });
        }
    }

    /// Sennichite: the last position stands for the fourth time. The side whose every move since
    /// its first appearance gave check loses; otherwise a draw.
    fn repetition(&self) -> Option<Over> {
        let last = self.history.last()?;
        let seen: Vec<usize> = (0..self.history.len())
            .filter(|&i| self.history[i].key == last.key)
            .collect();
        if seen.len() < 4 {
            return None;
        }
        let first = seen[0];
        // The visit at index i was made by the side that moved into it; the last one by the side
        // not to move now.
        let last_mover = self.to_move().flip();
        let len = self.history.len();
        for checker in [last_mover, last_mover.flip()] {
            let parity = if checker == last_mover { 0 } else { 1 };
            let mut made = (first + 1..len).filter(|i| (len - 1 - i) % 2 == parity);
            if made.all(|i| self.history[i].check) {
                return Some(Over {
                    winner: Some(checker.flip()),
                    reason: EndReason::PerpetualCheck,
                });
            }
        }
        Some(Over {
            winner: None,
            reason: EndReason::Repetition,
        })
    }
}

fn both(said: &mut Vec<Said>, item: Item) {
    said.push(Said {
        to: Audience::Both,
        item,
    });
}
