//! Moves typed by a player, read against the mover's own pieces only (its side of the screen):
//! USI (`7g7f`, `7g7f+`, `P*5e`), and the Western notation players use: a piece letter
//! (`+` before it for a promoted piece), the square it leaves when two could go (`G6h-5h`), `-`
//! or `x` (a capture is written as a move: the mover cannot see what it takes), the square, and
//! `+` to promote or `=` to decline (`P-7f`, `Bx2b+`, `S-4h=`, `+R-2b`); a drop is `P*5e`. Ranks
//! are letters (`7f`) or digits (`76`). A USI move that may promote and says neither `+` nor
//! `=` is asked about (as a click is); `=` after it declines. Which piece moves comes from
//! `shogi_legality_lite`'s moves on the mover's own board, never from the true position.

use super::referee::{move_name, parse_move};
use super::words::kind_name;
use shogi_core::{Color, Move, PartialPosition, Piece, PieceKind, Square};

/// The longest typed move read.
const MAX_TYPED: usize = 16;

/// A typed move read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// The attempt, in USI.
    Attempt(String),
    /// A move that may promote or not, and the text did not say: ask (the move without `+`).
    AskPromotion(String),
}

/// Why a typed move could not be read: each a sentence, shown under the move field (which keeps
/// the text, to be corrected).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TypedError {
    /// Not a move in any notation read here.
    #[error("Not a move: {0} (write 7g7f, P*5e, P-7f or Bx2b+).")]
    NotAMove(String),
    /// No piece of that kind of the mover's can go there (on its own board).
    #[error("None of your {piece}s can go to {to}{how}.")]
    NoPiece {
        /// The piece named.
        piece: &'static str,
        /// The square.
        to: String,
        /// " and promote", " without promoting", or nothing.
        how: &'static str,
    },
    /// Several can: the square it leaves is needed.
    #[error("Ambiguous: {text} could be {}; say which piece moves.", alternatives(.options))]
    Ambiguous {
        /// The move as typed.
        text: String,
        /// Each move it could be, written with the square it leaves (`G4i-5h`).
        options: Vec<String>,
    },
}

/// `a`, `a or b`, `a, b or c`.
fn alternatives(options: &[String]) -> String {
    match options {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// One parsed Western move.
struct Western {
    kind: PieceKind,
    from: Option<Square>,
    to: Square,
    drop: bool,
    /// `Some(true)`: `+`; `Some(false)`: `=`; `None`: not said.
    promote: Option<bool>,
}

fn piece_kind(letter: char) -> Option<PieceKind> {
    Some(match letter.to_ascii_uppercase() {
        'P' => PieceKind::Pawn,
        'L' => PieceKind::Lance,
        'N' => PieceKind::Knight,
        'S' => PieceKind::Silver,
        'G' => PieceKind::Gold,
        'B' => PieceKind::Bishop,
        'R' => PieceKind::Rook,
        'K' => PieceKind::King,
        _ => return None,
    })
}

/// A square at the start of `chars`: a file digit, then a rank letter (a-i) or digit.
fn square(chars: &[char]) -> Option<Square> {
    let file = chars.first()?.to_digit(10)?;
    let rank = match chars.get(1)? {
        c @ 'a'..='i' => u32::from(*c) - u32::from('a') + 1,
        c => c.to_digit(10)?,
    };
    Square::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)
}

fn western(text: &str) -> Option<Western> {
    let chars: Vec<char> = text.chars().collect();
    let mut at = 0;
    let promoted = chars.first() == Some(&'+');
    if promoted {
        at += 1;
    }
    let mut kind = piece_kind(*chars.get(at)?)?;
    at += 1;
    if promoted {
        kind = kind.promote()?;
    }
    let first = square(chars.get(at..)?);
    let from = match (first, chars.get(at + 2)) {
        (Some(sq), Some(c)) if !matches!(c, '+' | '=') => {
            at += 2;
            Some(sq)
        }
        _ => None,
    };
    let mut drop = false;
    match chars.get(at) {
        Some('-' | 'x') => at += 1,
        Some('*') => {
            drop = true;
            at += 1;
        }
        _ => {}
    }
    let to = square(chars.get(at..)?)?;
    at += 2;
    let promote = match chars.get(at) {
        None => None,
        Some('+') => Some(true),
        Some('=') => Some(false),
        Some(_) => return None,
    };
    if chars.len() > at + usize::from(promote.is_some())
        || (drop && (from.is_some() || promoted || promote.is_some()))
    {
        return None;
    }
    Some(Western {
        kind,
        from,
        to,
        drop,
        promote,
    })
}

/// A USI move `from`-`to` typed without `+` or `=`: asked when the mover's own board lets it
/// promote or not, promoted when it must, else as typed (the umpire answers a move that is not
/// one even on the mover's board).
fn usi_promotion(board: &PartialPosition, from: Square, to: Square) -> Typed {
    let legal = shogi_legality_lite::all_legal_moves_partial(board);
    let can = |promote: bool| legal.contains(&Move::Normal { from, to, promote });
    let usi = move_name(Move::Normal {
        from,
        to,
        promote: false,
    });
    match (can(true), can(false)) {
        (true, true) => Typed::AskPromotion(usi),
        (true, false) => Typed::Attempt(format!("{usi}+")),
        _ => Typed::Attempt(usi),
    }
}

/// Reads `text` as a move of `mover`, whose own pieces are `board` (its side of the screen).
pub fn read_typed(text: &str, board: &PartialPosition, mover: Color) -> Result<Typed, TypedError> {
    let text = text.trim();
    let not_a_move = || TypedError::NotAMove(crate::untrusted::quoted_to(text, 20));
    if text.len() > MAX_TYPED {
        return Err(not_a_move());
    }
    // USI, read as a person types it: USI itself has no mark for declining (`8h2b` is the
    // unpromoted move), but a person who leaves out `+` may not have decided, so a move that may
    // promote or not is asked about, as a click is; `=` after it (`8h2b=`) declines, as in the
    // Western notation, and a move that must promote promotes. (Lines from engines and seats are
    // strict USI and never come here.)
    let (usi, declined) = match text.strip_suffix('=') {
        Some(usi) => (usi, true),
        None => (text, false),
    };
    if (usi.starts_with(|c: char| c.is_ascii_digit()) || usi.contains('*'))
        && let Ok(mv) = parse_move(usi, mover)
    {
        return match mv {
            Move::Normal {
                from,
                to,
                promote: false,
            } if !declined => Ok(usi_promotion(board, from, to)),
            Move::Normal { promote: true, .. } | Move::Drop { .. } if declined => Err(not_a_move()),
            _ => Ok(Typed::Attempt(move_name(mv))),
        };
    }
    let w = western(text).ok_or_else(not_a_move)?;
    let to = crate::tsuitate::announce::square_name(w.to);
    if w.drop {
        let mv = Move::Drop {
            piece: Piece::new(w.kind, mover),
            to: w.to,
        };
        return Ok(Typed::Attempt(move_name(mv)));
    }
    let moves: Vec<(Square, bool)> = shogi_legality_lite::all_legal_moves_partial(board)
        .into_iter()
        .filter_map(|mv| match mv {
            Move::Normal { from, to, promote } if to == w.to => Some((from, promote)),
            _ => None,
        })
        .filter(|(from, _)| {
            board
                .piece_at(*from)
                .is_some_and(|p| p.color() == mover && p.piece_kind() == w.kind)
                && w.from.is_none_or(|f| f == *from)
        })
        .filter(|(_, promote)| w.promote.is_none_or(|p| p == *promote))
        .collect();
    let piece = kind_name(w.kind);
    let mut froms: Vec<Square> = moves.iter().map(|(f, _)| *f).collect();
    froms.sort_by_key(|sq| sq.array_index());
    froms.dedup();
    let from = match froms.as_slice() {
        [] => {
            let how = match w.promote {
                Some(true) => " and promote",
                Some(false) => " without promoting",
                None => "",
            };
            return Err(TypedError::NoPiece { piece, to, how });
        }
        [one] => *one,
        many => {
            let letter = text.trim_start_matches('+').chars().next().unwrap_or('P');
            let letter = letter.to_ascii_uppercase();
            let plus = if text.starts_with('+') { "+" } else { "" };
            let suffix = match w.promote {
                Some(true) => "+",
                Some(false) => "=",
                None => "",
            };
            let options = many
                .iter()
                .map(|from| {
                    let from = crate::tsuitate::announce::square_name(*from);
                    format!("{plus}{letter}{from}-{to}{suffix}")
                })
                .collect();
            let text = text.to_owned();
            return Err(TypedError::Ambiguous { text, options });
        }
    };
    let usi = move_name(Move::Normal {
        from,
        to: w.to,
        promote: false,
    });
    let can = |p: bool| moves.iter().any(|&(_, promote)| promote == p);
    Ok(match (can(true), can(false)) {
        (true, true) => Typed::AskPromotion(usi),
        (true, false) => Typed::Attempt(format!("{usi}+")),
        _ => Typed::Attempt(usi),
    })
}

/// Why `usi` is no move on `mover`'s own board (`board`: its own pieces and hand, as they stood
/// when it was tried; the umpire answered "Impossible"), in a sentence for the player: from that
/// board alone, so it tells nothing the player could not see.
pub fn why_impossible(board: &PartialPosition, usi: &str, mover: Color) -> &'static str {
    let Ok(mv) = parse_move(usi, mover) else {
        return "That is no move in USI.";
    };
    // The last rank, and the last two: where a pawn or lance, or a knight, would never move.
    let dead = |kind: PieceKind, to: Square| {
        let rank = to.relative_rank(mover);
        match kind {
            PieceKind::Pawn | PieceKind::Lance => rank == 1,
            PieceKind::Knight => rank <= 2,
            _ => false,
        }
    };
    let own = |sq: Square| board.piece_at(sq).is_some_and(|p| p.color() == mover);
    match mv {
        Move::Drop { piece, to } => {
            let kind = piece.piece_kind();
            let held = board.hand_of_a_player(mover).count(kind).unwrap_or(0);
            let doubled = kind == PieceKind::Pawn
                && (1..=9).any(|rank| {
                    Square::new(to.file(), rank).and_then(|sq| board.piece_at(sq))
                        == Some(Piece::new(PieceKind::Pawn, mover))
                });
            if held == 0 {
                "You have no such piece in hand."
            } else if board.piece_at(to).is_some() {
                "Your own piece stands there."
            } else if doubled {
                "Two of your pawns on one file (nifu, 二歩) are not allowed."
            } else if dead(kind, to) {
                "A piece may not be dropped where it could never move again."
            } else {
                "That drop is not allowed."
            }
        }
        Move::Normal { from, to, promote } => {
            let Some(piece) = board.piece_at(from).filter(|p| p.color() == mover) else {
                return "You have no piece on that square.";
            };
            let kind = piece.piece_kind();
            let zone = |sq: Square| sq.relative_rank(mover) <= 3;
            if own(to) {
                "Your own piece stands there."
            } else if promote && (kind.promote().is_none() || !(zone(from) || zone(to))) {
                "That piece cannot promote on this move."
            } else if !promote && dead(kind, to) {
                "That piece must promote there (it could never move again)."
            } else {
                "That piece does not move so, or your own piece is in its way."
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tsuitate::referee::own_view;
    use shogi_usi_parser::FromUsi;

    fn sente() -> PartialPosition {
        own_view(&PartialPosition::startpos(), Color::Black)
    }

    fn read(text: &str, board: &PartialPosition) -> Result<Typed, TypedError> {
        read_typed(text, board, board.side_to_move())
    }

    fn attempt(text: &str) -> Typed {
        Typed::Attempt(text.to_owned())
    }

    #[test]
    fn usi_and_western_moves_are_read_from_the_own_board() {
        let start = sente();
        assert_eq!(read("7g7f", &start), Ok(attempt("7g7f")));
        assert_eq!(read(" P-7f ", &start), Ok(attempt("7g7f")));
        assert_eq!(read("P-76", &start), Ok(attempt("7g7f")));
        assert_eq!(read("P7f", &start), Ok(attempt("7g7f")));
        // Behind its pawn, the bishop goes nowhere.
        assert!(matches!(
            read("B-2b", &start),
            Err(TypedError::NoPiece { .. })
        ));
        // After 7g7f it may go to 2b and promote or not: asked, unless the text says.
        let sfen = "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1";
        let after = own_view(
            &PartialPosition::from_usi(sfen).expect("sfen"),
            Color::Black,
        );
        assert_eq!(
            read("B-2b", &after),
            Ok(Typed::AskPromotion("8h2b".to_owned()))
        );
        assert_eq!(read("Bx2b+", &after), Ok(attempt("8h2b+")));
        assert_eq!(read("B-2b=", &after), Ok(attempt("8h2b")));
        assert_eq!(read("8h2b+", &start), Ok(attempt("8h2b+")));
        // USI without `+` where it may promote: asked, as a click is; `=` declines.
        assert_eq!(
            read("8h2b", &after),
            Ok(Typed::AskPromotion("8h2b".to_owned()))
        );
        assert_eq!(read("8h2b=", &after), Ok(attempt("8h2b")));
        assert_eq!(read("8h2b+", &after), Ok(attempt("8h2b+")));
        assert!(matches!(
            read("8h2b+=", &after),
            Err(TypedError::NotAMove(_))
        ));
        // Not a move on the own board: sent as typed, for the umpire to answer.
        assert_eq!(read("8h2b", &start), Ok(attempt("8h2b")));
        // Two golds reach 5h: the square they leave is needed.
        assert!(matches!(
            read("G-5h", &start),
            Err(TypedError::Ambiguous { .. })
        ));
        assert_eq!(read("G6i-5h", &start), Ok(attempt("6i5h")));
        assert_eq!(read("G4i5h", &start), Ok(attempt("4i5h")));
        assert_eq!(
            read("R-2a", &start).map_err(|e| e.to_string()),
            Err("None of your rooks can go to 2a.".to_owned())
        );
        assert_eq!(
            read("G-5h", &start).map_err(|e| e.to_string()),
            Err("Ambiguous: G-5h could be G4i-5h or G6i-5h; say which piece moves.".to_owned())
        );
        assert!(matches!(read("Z-7f", &start), Err(TypedError::NotAMove(_))));
        assert!(matches!(read("", &start), Err(TypedError::NotAMove(_))));
        assert!(matches!(
            read("P-7f+x", &start),
            Err(TypedError::NotAMove(_))
        ));
        assert!(matches!(
            read(&"9".repeat(100), &start),
            Err(TypedError::NotAMove(_))
        ));
    }

    #[test]
    fn drops_promoted_pieces_and_forced_promotions() {
        let pos =
            PartialPosition::from_usi("sfen 4k4/3P5/9/4P4/9/9/9/1+R7/4K4 b Sp 1").expect("sfen");
        let own = own_view(&pos, Color::Black);
        assert_eq!(read("S*5e", &own), Ok(attempt("S*5e")));
        assert_eq!(read("+R-8a", &own), Ok(attempt("8h8a")));
        // A pawn to the last rank must promote.
        assert_eq!(
            read("P-5c", &own),
            Ok(Typed::AskPromotion("5d5c".to_owned()))
        );
        assert_eq!(read("P-6a", &own), Ok(attempt("6b6a+")));
        // In USI too: the pawn to the last rank promotes, a drop is as typed.
        assert_eq!(read("6b6a", &own), Ok(attempt("6b6a+")));
        assert_eq!(
            read("5d5c", &own),
            Ok(Typed::AskPromotion("5d5c".to_owned()))
        );
        assert!(matches!(read("S*5e=", &own), Err(TypedError::NotAMove(_))));
        assert!(matches!(
            read("P-6a=", &own),
            Err(TypedError::NoPiece { .. })
        ));
    }

    #[test]
    fn an_impossible_attempt_is_explained_from_the_own_board() {
        let sfen = "sfen 9/9/9/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL b PN 1";
        let board = PartialPosition::from_usi(sfen).expect("sfen");
        let why = |usi: &str| why_impossible(&board, usi, Color::Black);
        assert!(why("P*5e").contains("nifu"), "{}", why("P*5e"));
        assert!(why("P*1a").contains("never move"));
        assert!(why("N*1b").contains("never move"));
        assert!(why("G*5e").contains("no such piece"));
        assert!(why("P*5g").contains("own piece stands"));
        assert!(why("2h2a").contains("does not move so"));
        assert!(why("5e5d").contains("no piece on"));
        assert!(why("7g7f+").contains("cannot promote"));
        assert_eq!(why("P*1e"), "That drop is not allowed.");
    }
}
