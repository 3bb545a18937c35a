//! What the referee says: announcement items, their audience, and game results.
//!
//! An [`Announcement`] is the referee's whole answer to one request: a short list of [`Said`]
//! items, each with the players who hear it. Items are small `Copy` values so that answering an
//! attempt never allocates.

mod wire;

pub use wire::{AnyWord, ItemError, ItemRepr, PawnTriesRepr, pgn_result};

use crate::attempt::Attempt;
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use shakmaty::{Bitboard, ByColor, Color, Piece, Square};

/// Who hears an item.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Both players.
    Both,
    /// One player only.
    Only(#[serde(with = "color_serde")] Color),
}

impl Audience {
    /// Whether `color` hears an item with this audience.
    pub fn includes(self, color: Color) -> bool {
        match self {
            Audience::Both => true,
            Audience::Only(c) => c == color,
        }
    }
}

/// "pawn" or "piece", in capture announcements of rule sets that say which.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// A pawn was captured.
    Pawn,
    /// A piece (anything but a pawn; a promoted piece counts as a piece) was captured.
    Piece,
    /// Crazyhouse Kriegspiel names the exact unit: a knight.
    Knight,
    /// A bishop.
    Bishop,
    /// A rook.
    Rook,
    /// A queen.
    Queen,
}

impl Unit {
    /// The exact unit of a role (a king is never captured or dropped in Kriegspiel).
    pub fn exact(role: shakmaty::Role) -> Unit {
        match role {
            shakmaty::Role::Pawn => Unit::Pawn,
            shakmaty::Role::Knight => Unit::Knight,
            shakmaty::Role::Bishop => Unit::Bishop,
            shakmaty::Role::Rook => Unit::Rook,
            shakmaty::Role::Queen | shakmaty::Role::King => Unit::Queen,
        }
    }

    /// The unit's name in words.
    pub fn name(self) -> &'static str {
        match self {
            Unit::Pawn => "pawn",
            Unit::Piece => "piece",
            Unit::Knight => "knight",
            Unit::Bishop => "bishop",
            Unit::Rook => "rook",
            Unit::Queen => "queen",
        }
    }
}

/// The direction of a check, named from the checked king towards the checker.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckDirection {
    /// Along the king's rank.
    Rank,
    /// Along the king's file.
    File,
    /// Along the longer of the king's two diagonals.
    Long,
    /// Along the shorter of the king's two diagonals.
    Short,
    /// By a knight.
    Knight,
}

impl CheckDirection {
    /// The protocol's name: `rank`, `file`, `long`, `short`, `knight`.
    pub fn id(self) -> &'static str {
        match self {
            CheckDirection::Rank => "rank",
            CheckDirection::File => "file",
            CheckDirection::Long => "long",
            CheckDirection::Short => "short",
            CheckDirection::Knight => "knight",
        }
    }
}

/// Why a game was drawn by a draw announcement.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// Not enough material to mate (per the rule set's material rule).
    InsufficientMaterial,
    /// The fifty-move rule (halfmove clock at 100).
    FiftyMoves,
    /// Third occurrence of a position.
    Threefold,
    /// Both players agreed.
    Agreement,
}

impl DrawReason {
    /// The protocol's name.
    pub fn id(self) -> &'static str {
        match self {
            DrawReason::InsufficientMaterial => "insufficient_material",
            DrawReason::FiftyMoves => "fifty_moves",
            DrawReason::Threefold => "threefold",
            DrawReason::Agreement => "agreement",
        }
    }
}

/// Pawn information announced for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PawnTries {
    /// The number of pawn tries.
    Count(u8),
    /// Whether there is at least one.
    Any(bool),
    /// The target squares of the pawn tries.
    Squares(#[serde(with = "bitboard_serde")] Bitboard),
}

/// Squares and their true contents, revealed to one player (an RBC sense, or squares opened in
/// Modern Kriegspiel). Holds up to nine squares, in a1..h8 order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reveal {
    /// The revealed squares.
    pub squares: Bitboard,
    /// The contents of each revealed square, in the order of `squares` (a1..h8).
    pub pieces: [Option<Piece>; 9],
}

impl Reveal {
    /// The most squares one reveal can hold.
    pub const MAX: usize = crate::rules::MAX_OPEN_SQUARES as usize;

    /// Reads `squares` (at most nine) off `board`.
    pub fn read(board: &shakmaty::Board, squares: Bitboard) -> Reveal {
        let mut pieces = [None; 9];
        for (slot, sq) in pieces.iter_mut().zip(squares) {
            *slot = board.piece_at(sq);
        }
        Reveal {
            squares: Bitboard(squares.0),
            pieces,
        }
    }

    /// Each square with what stood on it.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Option<Piece>)> + '_ {
        self.squares.into_iter().zip(self.pieces.iter().copied())
    }
}

/// One thing the referee says (written through [`ItemRepr`], the one definition shared by saves
/// and the protocol).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "ItemRepr", try_from = "ItemRepr")]
pub enum Item {
    /// The attempt was legal and has been played.
    Legal,
    /// "No": possible but illegal on the true board.
    Illegal,
    /// Berkeley's secret "Any?" answered "No": the opponent hears this many refused attempts.
    IllegalCount(u8),
    /// "Nonsense" / "Hell no" / "Impossible move".
    Impossible,
    /// A unit was captured on `square`.
    Capture {
        /// Where the captured unit stood (or the destination, per the en passant rule).
        square: Square,
        /// Pawn or piece, where the rule set says so.
        unit: Option<Unit>,
    },
    /// Check along this direction.
    Check(CheckDirection),
    /// Checkmate: the game is over.
    Checkmate,
    /// Stalemate: the game is drawn.
    Stalemate,
    /// The game is drawn.
    Draw(DrawReason),
    /// Pawn information for the side to move.
    PawnTries(PawnTries),
    /// The answer to "Any?": `true` for "Try", `false` for "No".
    AnyAnswer(bool),
    /// A pawn was promoted (rule sets that announce it).
    Promotion,
    /// A player resigned.
    Resigned(Color),
    /// A player's time ran out; `result` is the game's result (a loss for that player, or a draw
    /// when the opponent cannot possibly mate).
    Timeout {
        /// The player whose time ran out.
        loser: Color,
        /// The result.
        result: GameResult,
    },
    /// The referee adjudicated the game.
    Adjudicated(GameResult),
    /// RBC: the result of a sense.
    Sense(Reveal),
    /// RBC: the move the mover asked for and the move actually made (`None`: nothing happened).
    Moved {
        /// What was requested (`None` for a pass).
        requested: Option<Attempt>,
        /// What was played (`None` when nothing happened).
        taken: Option<Attempt>,
    },
    /// RBC: one of your units was captured on this square during the opponent's last turn.
    Captured(Square),
    /// RBC: a king was captured; the game is over.
    KingCaptured,
    /// Modern Kriegspiel: the contents of the squares the mover opened.
    Opened(Reveal),
    /// A handicap game: the sighted player's army (and the bishop it kept), said at the start.
    Handicap(crate::rules::Handicap, Option<crate::rules::Wing>),
    /// Semi-Kriegspiel: the sighted player's king and queen are placed (said to that player).
    Placed,
    /// Crazyhouse Kriegspiel: a unit of this kind was dropped (never the square).
    Drop(Unit),
}

/// An item together with who hears it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Said {
    /// Who hears it.
    pub to: Audience,
    /// What is said.
    pub item: Item,
}

/// The referee's whole answer to one request.
pub type Announcement = ArrayVec<Said, 12>;

/// Filters an announcement down to what one player hears, in order.
pub fn heard_by(said: &[Said], color: Color) -> impl Iterator<Item = Item> + '_ {
    said.iter()
        .filter(move |s| s.to.includes(color))
        .map(|s| s.item)
}

/// The items of an announcement both players hear (the public part), in order.
pub fn public(said: &[Said]) -> impl Iterator<Item = Item> + '_ {
    said.iter()
        .filter(|s| s.to == Audience::Both)
        .map(|s| s.item)
}

/// Splits an announcement into what White and what Black hear.
pub fn split(said: &[Said]) -> ByColor<Vec<Item>> {
    ByColor::new_with(|c| heard_by(said, c).collect())
}

/// The result of a finished game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    /// 1-0.
    WhiteWins,
    /// 0-1.
    BlackWins,
    /// ½-½.
    Draw,
}

impl GameResult {
    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// A win for `color`.
    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Checkmate.
    Checkmate,
    /// Stalemate.
    Stalemate,
    /// Not enough material, per the rule set.
    InsufficientMaterial,
    /// Fifty-move rule.
    FiftyMoves,
    /// Threefold repetition.
    Threefold,
    /// RBC king capture.
    KingCaptured,
    /// A player resigned.
    Resignation,
    /// Agreed draw.
    Agreement,
    /// A player ran out of time.
    Timeout,
    /// The referee decided.
    Adjudication,
}

impl EndReason {
    /// The protocol's name.
    pub fn id(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient_material",
            EndReason::FiftyMoves => "fifty_moves",
            EndReason::Threefold => "threefold",
            EndReason::KingCaptured => "king_captured",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Timeout => "timeout",
            EndReason::Adjudication => "adjudication",
        }
    }

    /// The reason in words, as the scoresheet, the replay and the app print it.
    pub fn title(self) -> &'static str {
        match self {
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::FiftyMoves => "fifty moves",
            EndReason::KingCaptured => "king captured",
            other => other.id(),
        }
    }
}

/// A finished game's result and reason.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Over {
    /// Who won.
    pub result: GameResult,
    /// Why.
    pub reason: EndReason,
}

impl Over {
    /// The result and reason in words: `1-0 (checkmate)`.
    pub fn title(self) -> String {
        format!("{} ({})", self.result.pgn(), self.reason.title())
    }
}

/// Serde helpers: a [`Color`] as `"white"` / `"black"`.
pub mod color_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Color;

    /// Serializes a colour as its name.
    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(color_name(*c))
    }

    /// Deserializes a colour from its name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let text = String::deserialize(d)?;
        parse_color(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{} is not a colour",
                crate::untrusted::quoted(&text)
            ))
        })
    }

    /// `"white"` or `"black"`.
    pub fn color_name(c: Color) -> &'static str {
        c.fold_wb("white", "black")
    }

    /// Parses `"white"` or `"black"`.
    pub fn parse_color(text: &str) -> Option<Color> {
        match text {
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            _ => None,
        }
    }
}

/// Serde helpers: an optional [`Color`] as `Some("white")` / `None` (null in JSON).
pub mod opt_color_serde {
    use crate::announce::color_serde::{color_name, parse_color};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use shakmaty::Color;

    /// Serializes the colour's name, if any.
    pub fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
        c.map(color_name).serialize(s)
    }

    /// Deserializes an optional colour name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(text) => parse_color(&text).map(Some).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "{} is not a colour",
                    crate::untrusted::quoted(&text)
                ))
            }),
        }
    }
}

/// Serde helpers: a [`Bitboard`] as a sorted list of square names.
pub mod bitboard_serde {
    use crate::attempt::parse_square;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use shakmaty::Bitboard;

    /// Serializes the squares as names, in a1..h8 order.
    pub fn serialize<S: Serializer>(b: &Bitboard, s: S) -> Result<S::Ok, S::Error> {
        let names: Vec<String> = b.into_iter().map(|sq| sq.to_string()).collect();
        names.serialize(s)
    }

    /// Deserializes a list of square names.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Bitboard, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        let mut b = Bitboard::EMPTY;
        for name in names {
            let sq = parse_square(&name).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "{} is not a square (write it like e4)",
                    crate::untrusted::quoted(&name)
                ))
            })?;
            if !b.insert(sq) {
                return Err(serde::de::Error::custom(format!(
                    "square {name} is named twice"
                )));
            }
        }
        Ok(b)
    }
}

mod reveal_serde {
    use super::Reveal;
    use crate::attempt::parse_square;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use shakmaty::{Bitboard, Piece};

    #[derive(Serialize, Deserialize)]
    struct Entry {
        square: String,
        piece: Option<char>,
    }

    impl Serialize for Reveal {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let entries: Vec<Entry> = self
                .iter()
                .map(|(sq, p)| Entry {
                    square: sq.to_string(),
                    piece: p.map(Piece::char),
                })
                .collect();
            entries.serialize(s)
        }
    }

    impl<'de> Deserialize<'de> for Reveal {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Reveal, D::Error> {
            let entries = Vec::<Entry>::deserialize(d)?;
            if entries.len() > Reveal::MAX {
                return Err(serde::de::Error::custom(
                    "a reveal holds at most nine squares",
                ));
            }
            let mut squares = Bitboard::EMPTY;
            let mut pairs = Vec::with_capacity(entries.len());
            for e in entries {
                let sq = parse_square(&e.square).ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "{} is not a square",
                        crate::untrusted::quoted(&e.square)
                    ))
                })?;
                let piece = match e.piece {
                    None => None,
                    Some(ch) => Some(Piece::from_char(ch).ok_or_else(|| {
                        serde::de::Error::custom(format!("'{ch}' is not a piece"))
                    })?),
                };
                if !squares.insert(sq) {
                    return Err(serde::de::Error::custom(format!(
                        "square {sq} is listed twice"
                    )));
                }
                pairs.push((sq, piece));
            }
            pairs.sort_by_key(|(sq, _)| *sq);
            let mut pieces = [None; 9];
            for (slot, (_, p)) in pieces.iter_mut().zip(pairs) {
                *slot = p;
            }
            Ok(Reveal { squares, pieces })
        }
    }
}
