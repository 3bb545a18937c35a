//! Typed text: a line typed in a move field or the club referee's console read as a move, a
//! question or a command ([`parse_line`]), and a typed move resolved against the mover's own
//! board ([`resolve`]), never against the true position.
//!
//! SAN is read as players write it: a pawn move without `x` is a push (`h3`), with `x` a capture
//! (`gxh3`). It is matched first against the player's possible attempts and, when none fits,
//! against what the named piece could attempt on an empty board (`Bc4` through the own e2 pawn,
//! `O-O-O` with own pieces between), so the referee answers it as the rules say. A pawn reaching
//! the last rank without a letter promotes to a queen under queen-only rules, and otherwise asks.
//! Drops are typed `N@f3`; Semi-Kriegspiel's placement `Ke1 Qd1` (or `place e1 d1`); RBC's
//! `sense e4` and `pass`; Modern Kriegspiel's `open a1 b2 ...`.

use crate::announce::GameResult;
use crate::attempt::Attempt;
use crate::rules::PromotionRule;
use crate::view::PlayerView;
use shakmaty::san::San;
use shakmaty::{Bitboard, CastlingSide, Color, File, Rank, Role, Square, attacks};
use thiserror::Error;

/// What a typed move asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Send this attempt to the referee.
    Attempt(Attempt),
    /// A pawn reaches the last rank without a promotion letter: ask for the piece first.
    Promotion(Attempt),
}

/// Why a typed line cannot be used (the message says what to type instead).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TypedError {
    /// Nothing was typed.
    #[error("type a move (e2e4, Nf3) or a command (? undo resign draw flag adjudicate clock)")]
    Empty,
    /// Not a move in UCI or SAN.
    #[error("{} is not a move: type it like e2e4, Nf3, exd5, O-O or e8=Q", crate::untrusted::quoted(.0))]
    NotAMove(String),
    /// No own piece can make the move.
    #[error("none of your pieces can play {0}")]
    NoPiece(String),
    /// Several own pieces can make the move.
    #[error("{0} is ambiguous: {1}")]
    Ambiguous(String, String),
    /// A word that should be a square.
    #[error("{} is not a square (for example e4)", crate::untrusted::quoted(.0))]
    NotASquare(String),
    /// A word that should be a player.
    #[error("{} is not a player: say white or black", crate::untrusted::quoted(.0))]
    NotAPlayer(String),
    /// A placement without its two squares.
    #[error("place the king and the queen like this: Ke1 Qd1 (or place e1 d1)")]
    Placement,
    /// An adjudication without its result.
    #[error("adjudicate needs a result: 1-0, 0-1 or 1/2-1/2, then the reason")]
    AdjudicateResult,
}

/// A typed line: a move, a question, or a command of the game or the club referee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// An attempt, as typed (UCI or SAN), resolved against the mover's own board.
    Move(String),
    /// "Any?".
    Any,
    /// Take back the last entry.
    Undo,
    /// A player resigns (default: the side to move).
    Resign(Option<Color>),
    /// Agreed draw.
    Draw,
    /// A flag fell (default: the side to move).
    Flag(Option<Color>),
    /// The referee decides.
    Adjudicate(GameResult, String),
    /// Start or stop the clock.
    Clock,
    /// RBC: sense around a square (`None`: skip sensing).
    Sense(Option<shakmaty::Square>),
    /// RBC: pass.
    Pass,
    /// Modern Kriegspiel: open these squares for the player who just moved.
    Open(shakmaty::Bitboard),
    /// Semi-Kriegspiel: the sighted player's king and queen squares, before the first move.
    Place(shakmaty::Square, shakmaty::Square),
}

fn color_word(word: Option<&str>) -> Result<Option<Color>, TypedError> {
    match word {
        None => Ok(None),
        Some("white" | "w") => Ok(Some(Color::White)),
        Some("black" | "b") => Ok(Some(Color::Black)),
        Some(other) => Err(TypedError::NotAPlayer(other.to_owned())),
    }
}

/// Reads one typed line (a move is resolved later, against the mover's own board).
pub fn parse_line(text: &str) -> Result<Line, TypedError> {
    let text = text.trim();
    let mut words = text.split_whitespace();
    let first = words.next().unwrap_or("").to_lowercase();
    let rest: Vec<&str> = words.collect();
    match first.as_str() {
        "" => Err(TypedError::Empty),
        "?" | "any" | "any?" => Ok(Line::Any),
        "undo" | "u" => Ok(Line::Undo),
        "resign" => Ok(Line::Resign(color_word(rest.first().copied())?)),
        "draw" => Ok(Line::Draw),
        "flag" | "time" => Ok(Line::Flag(color_word(rest.first().copied())?)),
        "clock" => Ok(Line::Clock),
        "pass" => Ok(Line::Pass),
        "sense" => match rest.first() {
            None => Ok(Line::Sense(None)),
            Some(word) => crate::attempt::parse_square(&word.to_lowercase())
                .map(|sq| Line::Sense(Some(sq)))
                .ok_or_else(|| TypedError::NotASquare(word.to_string())),
        },
        "place" => placement(&rest),
        "open" => {
            let mut squares = shakmaty::Bitboard::EMPTY;
            for word in &rest {
                let sq = crate::attempt::parse_square(&word.to_lowercase())
                    .ok_or_else(|| TypedError::NotASquare(word.to_string()))?;
                squares.add(sq);
            }
            Ok(Line::Open(squares))
        }
        "adjudicate" | "adj" => {
            let result = match rest.first().copied() {
                Some("1-0") => GameResult::WhiteWins,
                Some("0-1") => GameResult::BlackWins,
                Some("1/2-1/2" | "1/2" | "draw" | "=") => GameResult::Draw,
                _ => return Err(TypedError::AdjudicateResult),
            };
            let reason = rest[1..].join(" ");
            let reason = if reason.is_empty() {
                "adjudicated by the referee".to_owned()
            } else {
                reason
            };
            Ok(Line::Adjudicate(result, reason))
        }
        // "Ke1 Qd1": Semi-Kriegspiel's placement written as pieces on squares.
        _ if rest.len() == 1 && is_placed_piece(&first, 'k') && is_placed_piece(rest[0], 'q') => {
            placement(&[first.as_str(), rest[0]])
        }
        _ => Ok(Line::Move(text.to_owned())),
    }
}

/// Semi-Kriegspiel's placement from its words: the king's square, then the queen's, each with
/// or without its letter (`e1 d1`, `Ke1 Qd1`).
fn placement(words: &[&str]) -> Result<Line, TypedError> {
    let squares: Vec<Square> = words
        .iter()
        .filter_map(|w| {
            let w = w.to_lowercase();
            crate::attempt::parse_square(w.trim_start_matches(['k', 'q']))
        })
        .collect();
    match squares[..] {
        [king, queen] if words.len() == 2 => Ok(Line::Place(king, queen)),
        _ => Err(TypedError::Placement),
    }
}

/// Whether `word` is `letter` (K or Q, either case) followed by a square.
fn is_placed_piece(word: &str, letter: char) -> bool {
    let mut chars = word.chars();
    chars
        .next()
        .is_some_and(|c| c.to_ascii_lowercase() == letter)
        && crate::attempt::parse_square(&chars.as_str().to_lowercase()).is_some()
}

/// Whether `a` takes one of the player's own pawns to the last rank.
pub fn promotes(view: &PlayerView, a: Attempt) -> bool {
    OwnSide::of(view).promotes(a)
}

/// What a typed move is resolved against: the mover's own board and possible attempts (a
/// seat's view, or the solver's side of a problem), never the true position.
#[derive(Clone, Debug)]
pub struct OwnSide<'a> {
    /// The mover.
    pub color: Color,
    /// The mover's own pieces.
    pub own: &'a shakmaty::Board,
    /// The attempts the mover may make.
    pub possible: Vec<Attempt>,
    /// A pawn reaching the last rank becomes a queen without asking.
    pub queen_only: bool,
}

impl<'a> OwnSide<'a> {
    /// A seat's side, from its view.
    pub fn of(view: &'a PlayerView) -> OwnSide<'a> {
        OwnSide {
            color: view.color,
            own: &view.own,
            possible: view.possible_attempts(),
            queen_only: view.rules.promotion == PromotionRule::QueenOnly,
        }
    }

    /// Whether the attempt takes a pawn to the last rank.
    pub fn promotes(&self, a: Attempt) -> bool {
        self.own.role_at(a.from) == Some(Role::Pawn)
            && a.to.rank() == self.color.relative_rank(Rank::Eighth)
    }
}

/// Resolves a typed move (UCI or SAN) against the player's own board only.
pub fn resolve(view: &PlayerView, text: &str) -> Result<Typed, TypedError> {
    resolve_on(&OwnSide::of(view), text)
}

/// Resolves a typed move (UCI or SAN) against a side's own board and possible attempts.
pub fn resolve_on(side: &OwnSide, text: &str) -> Result<Typed, TypedError> {
    let view = side;
    let text = text.trim();
    if let Ok(a) = Attempt::parse(text) {
        return Ok(complete_promotion(view, a));
    }
    let cleaned = normalize(text);
    let san =
        San::from_ascii(cleaned.as_bytes()).map_err(|_| TypedError::NotAMove(text.to_owned()))?;
    let letter = match san {
        San::Normal { promotion, .. } => promotion,
        _ => None,
    };
    // The possible attempts first (as SAN disambiguates), then what the piece could attempt
    // on an empty board: the referee answers those too.
    let mut possible: Vec<Attempt> = view
        .possible
        .iter()
        .copied()
        .filter(|a| a.dropped().is_none())
        .map(|a| Attempt::new(a.from, a.to))
        .collect();
    possible.dedup();
    let mut candidates: Vec<Attempt> = possible
        .into_iter()
        .filter(|a| san_matches(view, san, *a))
        .collect();
    if candidates.is_empty() {
        candidates = geometric_attempts(view)
            .into_iter()
            .filter(|a| san_matches(view, san, *a))
            .collect();
    }
    match candidates.as_slice() {
        [one] if letter.is_some() && !view.promotes(*one) => {
            Err(TypedError::NoPiece(text.to_owned()))
        }
        [one] => Ok(complete_promotion(
            view,
            Attempt {
                promotion: letter,
                ..*one
            },
        )),
        [] => Err(TypedError::NoPiece(text.to_owned())),
        many => Err(TypedError::Ambiguous(
            text.to_owned(),
            many.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" or "),
        )),
    }
}

/// A pawn reaching the last rank without a letter: a queen under queen-only rules, otherwise
/// the player is asked.
fn complete_promotion(view: &OwnSide, a: Attempt) -> Typed {
    if a.promotion.is_some() || !view.promotes(a) {
        Typed::Attempt(a)
    } else if view.queen_only {
        Typed::Attempt(Attempt {
            promotion: Some(Role::Queen),
            ..a
        })
    } else {
        Typed::Promotion(a)
    }
}

/// The typed text as shakmaty reads SAN: without check and annotation marks, castling with
/// letters, a promotion letter after `=`.
fn normalize(text: &str) -> String {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    let t = match t {
        "0-0" => "O-O",
        "0-0-0" => "O-O-O",
        other => other,
    };
    let b = t.as_bytes();
    let n = b.len();
    if n >= 3 && matches!(b[n - 1], b'Q' | b'R' | b'B' | b'N') && matches!(b[n - 2], b'1' | b'8') {
        format!("{}={}", &t[..n - 1], &t[n - 1..])
    } else {
        t.to_owned()
    }
}

/// Every attempt the player's own pieces could make on an empty board (pawn pushes and
/// diagonal steps, the king's castling from its home square), whatever stands in the way.
fn geometric_attempts(view: &OwnSide) -> Vec<Attempt> {
    let color = view.color;
    let mut out = Vec::new();
    for from in view.own.by_color(color) {
        let Some(role) = view.own.role_at(from) else {
            continue;
        };
        let targets = match role {
            Role::Pawn => {
                let step: i32 = color.fold_wb(8, -8);
                let mut targets = attacks::pawn_attacks(color, from);
                if let Some(one) = from.offset(step) {
                    targets.add(one);
                    if from.rank() == color.relative_rank(Rank::Second)
                        && let Some(two) = one.offset(step)
                    {
                        targets.add(two);
                    }
                }
                targets
            }
            Role::King => {
                let mut targets = attacks::king_attacks(from);
                if from == Square::from_coords(File::E, color.backrank()) {
                    targets.add(Square::from_coords(File::G, color.backrank()));
                    targets.add(Square::from_coords(File::C, color.backrank()));
                }
                targets
            }
            _ => attacks::attacks(from, role.of(color), Bitboard::EMPTY),
        };
        out.extend(targets.into_iter().map(|to| Attempt::new(from, to)));
    }
    out
}

/// Whether the attempt `a` (from, to) on the player's own board is the typed SAN move. The
/// promotion letter is not compared here.
fn san_matches(view: &OwnSide, san: San, a: Attempt) -> bool {
    let role = view.own.role_at(a.from);
    let castles =
        role == Some(Role::King) && a.from.rank() == a.to.rank() && a.from.distance(a.to) == 2;
    match san {
        San::Normal {
            role: r,
            file,
            rank,
            capture,
            to,
            ..
        } => {
            role == Some(r)
                && to == a.to
                && !castles
                && file.is_none_or(|f| f == a.from.file())
                && rank.is_none_or(|rk| rk == a.from.rank())
                && (r != Role::Pawn || pawn_written_as(file, capture, a))
        }
        San::Castle(side) => {
            castles
                && a.from.file() == File::E
                && (a.to.file() > a.from.file()) == (side == CastlingSide::KingSide)
        }
        _ => false,
    }
}

/// A pawn move written with `x` (or with a file other than the target's, `ed5`) is a capture;
/// otherwise it is a push, never a capture: `h3` with pawns on g2 and h2 is h2h3.
fn pawn_written_as(file: Option<File>, capture: bool, a: Attempt) -> bool {
    let diagonal = a.from.file() != a.to.file();
    let written_capture = capture || file.is_some_and(|f| f != a.to.file());
    diagonal == written_capture
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::GameLog;
    use crate::rules::Preset;

    fn view(preset: Preset, fen: &str) -> PlayerView {
        let setup = fen.parse::<shakmaty::fen::Fen>().expect("fen").into_setup();
        let game = crate::log::Game::new(preset.rules(), setup).expect("valid start");
        let log: &GameLog = game.log();
        PlayerView::build(log, Color::White)
    }

    fn attempt(uci: &str) -> Typed {
        Typed::Attempt(Attempt::parse(uci).expect("uci"))
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn lines() {
        assert_eq!(parse_line("?"), Ok(Line::Any));
        assert_eq!(parse_line(" Undo "), Ok(Line::Undo));
        assert_eq!(
            parse_line("resign black"),
            Ok(Line::Resign(Some(Color::Black)))
        );
        assert_eq!(parse_line("flag"), Ok(Line::Flag(None)));
        assert_eq!(
            parse_line("place Kg8 Qd5"),
            Ok(Line::Place(shakmaty::Square::G8, shakmaty::Square::D5))
        );
        assert_eq!(
            parse_line("place g8 d5"),
            Ok(Line::Place(shakmaty::Square::G8, shakmaty::Square::D5))
        );
        assert!(parse_line("place g8").is_err());
        assert_eq!(
            parse_line("adjudicate 1-0 Black left the hall"),
            Ok(Line::Adjudicate(
                GameResult::WhiteWins,
                "Black left the hall".into()
            ))
        );
        assert!(parse_line("adjudicate maybe").is_err());
        assert!(parse_line("resign purple").is_err());
        assert_eq!(parse_line("Nf3"), Ok(Line::Move("Nf3".into())));
    }

    #[test]
    fn a_placement_is_typed_as_pieces_on_squares() {
        let place = Ok(Line::Place(Square::E1, Square::D1));
        assert_eq!(parse_line("Ke1 Qd1"), place);
        assert_eq!(parse_line("ke1 qd1"), place);
        assert_eq!(parse_line("place Ke1 Qd1"), place);
        assert_eq!(parse_line("Qd1 Ke1"), Ok(Line::Move("Qd1 Ke1".into())));
        assert_eq!(parse_line("place e1"), Err(TypedError::Placement));
    }

    #[test]
    fn a_pawn_push_is_never_a_capture() {
        let v = view(Preset::Wild16, "4k3/8/8/8/8/8/6PP/4K3 w - - 0 1");
        assert_eq!(resolve(&v, "h3"), Ok(attempt("h2h3")));
        assert_eq!(resolve(&v, "gxh3"), Ok(attempt("g2h3")));
        assert_eq!(resolve(&v, "gh3"), Ok(attempt("g2h3")));
        assert_eq!(resolve(&v, "g4"), Ok(attempt("g2g4")));
    }

    #[test]
    fn blocked_moves_go_to_the_referee() {
        let v = view(Preset::Wild16, START);
        assert_eq!(resolve(&v, "Bc4"), Ok(attempt("f1c4")));
        assert_eq!(resolve(&v, "O-O-O"), Ok(attempt("e1c1")));
        assert_eq!(resolve(&v, "0-0"), Ok(attempt("e1g1")));
        assert_eq!(resolve(&v, "Nf3"), Ok(attempt("g1f3")));
        assert!(resolve(&v, "Nd4").is_err(), "no knight reaches d4");
        assert!(resolve(&v, "Rd1").is_err(), "Rd1 is ambiguous");
    }

    #[test]
    fn promotion_letters() {
        let fen = "r5k1/1P6/8/8/8/8/8/4K3 w - - 0 1";
        let classic = view(Preset::Classic, fen);
        assert_eq!(resolve(&classic, "bxa8"), Ok(attempt("b7a8q")));
        assert_eq!(resolve(&classic, "b7a8"), Ok(attempt("b7a8q")));
        assert_eq!(resolve(&classic, "bxa8=N"), Ok(attempt("b7a8n")));
        let any = view(Preset::Wild16, fen);
        let b7a8 = Attempt::parse("b7a8").expect("uci");
        assert_eq!(resolve(&any, "bxa8"), Ok(Typed::Promotion(b7a8)));
        assert_eq!(resolve(&any, "b7a8"), Ok(Typed::Promotion(b7a8)));
        assert_eq!(resolve(&any, "bxa8N"), Ok(attempt("b7a8n")));
        assert_eq!(resolve(&any, "b8=Q"), Ok(attempt("b7b8q")));
    }
}
