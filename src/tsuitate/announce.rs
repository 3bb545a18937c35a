//! What the tsuitate umpire says (RULES.md section 9), to whom, and how a game ends; written to
//! JSON as the referee protocol's `heard` items (`{"kind":"capture","square":"7f","piece":"pawn"}`).

use serde::Deserialize;
use shogi_core::{Color, PieceKind, Square};

/// One thing the umpire says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// The attempt was legal and has been played.
    Legal,
    /// A foul ("反則"): possible on the mover's own board, illegal on the true one; `fouls` is the
    /// mover's count of fouls after this one.
    Illegal {
        /// The mover's fouls so far, this one included.
        fouls: u8,
    },
    /// Not a possible move even on the mover's own board (told to the mover only; no foul).
    Impossible,
    /// A piece was captured on `square`; `piece` is what goes into the captor's hand (unpromoted).
    Capture {
        /// Where.
        square: Square,
        /// The captured piece as it goes into the captor's hand.
        piece: PieceKind,
    },
    /// The side to move is in check ("王手"); neither the piece nor its square is said.
    Check,
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move without being in check: it loses.
    NoMoves,
    /// The fourth repetition came from one side's continuous checks: that side loses.
    PerpetualCheck,
    /// The mover made its last allowed foul and loses.
    FoulLimit,
    /// The game is drawn.
    Draw(DrawReason),
    /// A player resigned.
    Resigned,
}

/// Why a tsuitate game is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// Sennichite: the same position for the fourth time, not by continuous checks.
    Repetition,
    /// The move limit of the rules was reached.
    MoveLimit,
    /// Both players agreed.
    Agreement,
}

/// How a tsuitate game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// Checkmate.
    Checkmate,
    /// The loser had no legal move and was not in check.
    NoMoves,
    /// The loser made too many fouls.
    Fouls,
    /// The loser repeated the position for the fourth time by continuous checks.
    PerpetualCheck,
    /// Sennichite (a draw).
    Repetition,
    /// The move limit (a draw).
    MoveLimit,
    /// The loser resigned.
    Resignation,
    /// A draw agreed.
    Agreement,
}

impl EndReason {
    /// Every reason.
    pub const ALL: [EndReason; 8] = [
        EndReason::Checkmate,
        EndReason::NoMoves,
        EndReason::Fouls,
        EndReason::PerpetualCheck,
        EndReason::Repetition,
        EndReason::MoveLimit,
        EndReason::Resignation,
        EndReason::Agreement,
    ];

    /// The reason of a protocol name.
    pub fn from_id(id: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.id() == id)
    }

    /// The name written in the protocol's `over`.
    pub fn id(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::NoMoves => "no_moves",
            EndReason::Fouls => "fouls",
            EndReason::PerpetualCheck => "perpetual_check",
            EndReason::Repetition => "repetition",
            EndReason::MoveLimit => "move_limit",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
        }
    }
}

/// The end of a game: the winner (`None`: a draw) and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Over {
    /// Who won; `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

/// Who hears an item.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Audience {
    /// Both players.
    Both,
    /// One player only.
    Only(Color),
}

impl Audience {
    /// Whether `color` hears it.
    pub fn includes(self, color: Color) -> bool {
        match self {
            Audience::Both => true,
            Audience::Only(c) => c == color,
        }
    }
}

/// An item and who hears it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// Who hears it.
    pub to: Audience,
    /// What is said.
    pub item: Item,
}

/// The side's name in the protocol: `"black"` for sente (先手, who moves first), `"white"` for
/// gote (後手), as in SFEN.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The side of a protocol name (`"black"`: sente).
pub fn color_from_name(name: &str) -> Option<Color> {
    match name {
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        _ => None,
    }
}

/// A hand piece's name in the protocol.
pub fn piece_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn | PieceKind::ProPawn => "pawn",
        PieceKind::Lance | PieceKind::ProLance => "lance",
        PieceKind::Knight | PieceKind::ProKnight => "knight",
        PieceKind::Silver | PieceKind::ProSilver => "silver",
        PieceKind::Gold => "gold",
        PieceKind::Bishop | PieceKind::ProBishop => "bishop",
        PieceKind::Rook | PieceKind::ProRook => "rook",
        PieceKind::King => "king",
    }
}

/// A square in USI (`7f`).
pub fn square_name(square: Square) -> String {
    let rank = char::from(b'a' + square.rank() - 1);
    format!("{}{rank}", square.file())
}

/// A square read from USI (`7f`).
pub fn square_from_name(name: &str) -> Option<Square> {
    let &[file, rank] = name.as_bytes() else {
        return None;
    };
    Square::new(
        file.checked_sub(b'0')?,
        rank.checked_sub(b'a')?.checked_add(1)?,
    )
}

/// A hand piece read from its protocol name.
pub fn piece_from_name(name: &str) -> Option<PieceKind> {
    Some(match name {
        "pawn" => PieceKind::Pawn,
        "lance" => PieceKind::Lance,
        "knight" => PieceKind::Knight,
        "silver" => PieceKind::Silver,
        "gold" => PieceKind::Gold,
        "bishop" => PieceKind::Bishop,
        "rook" => PieceKind::Rook,
        "king" => PieceKind::King,
        _ => return None,
    })
}

/// An item as written: tagged by `kind`, the tag first.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
enum ItemRepr {
    Legal,
    Illegal { fouls: u8 },
    Impossible,
    Capture { square: String, piece: String },
    Check,
    Checkmate,
    NoMoves,
    PerpetualCheck,
    FoulLimit,
    Draw { reason: String },
    Resigned,
}

impl ItemRepr {
    fn item(self) -> Option<Item> {
        Some(match self {
            ItemRepr::Legal => Item::Legal,
            ItemRepr::Illegal { fouls } => Item::Illegal { fouls },
            ItemRepr::Impossible => Item::Impossible,
            ItemRepr::Capture { square, piece } => Item::Capture {
                square: square_from_name(&square)?,
                piece: piece_from_name(&piece)?,
            },
            ItemRepr::Check => Item::Check,
            ItemRepr::Checkmate => Item::Checkmate,
            ItemRepr::NoMoves => Item::NoMoves,
            ItemRepr::PerpetualCheck => Item::PerpetualCheck,
            ItemRepr::FoulLimit => Item::FoulLimit,
            ItemRepr::Draw { reason } => Item::Draw(match reason.as_str() {
                "repetition" => DrawReason::Repetition,
                "move_limit" => DrawReason::MoveLimit,
                "agreement" => DrawReason::Agreement,
                _ => return None,
            }),
            ItemRepr::Resigned => Item::Resigned,
        })
    }
}

impl Item {
    fn repr(self) -> ItemRepr {
        match self {
            Item::Legal => ItemRepr::Legal,
            Item::Illegal { fouls } => ItemRepr::Illegal { fouls },
            Item::Impossible => ItemRepr::Impossible,
            Item::Capture { square, piece } => ItemRepr::Capture {
                square: square_name(square),
                piece: piece_name(piece).to_owned(),
            },
            Item::Check => ItemRepr::Check,
            Item::Checkmate => ItemRepr::Checkmate,
            Item::NoMoves => ItemRepr::NoMoves,
            Item::PerpetualCheck => ItemRepr::PerpetualCheck,
            Item::FoulLimit => ItemRepr::FoulLimit,
            Item::Draw(reason) => ItemRepr::Draw {
                reason: match reason {
                    DrawReason::Repetition => "repetition",
                    DrawReason::MoveLimit => "move_limit",
                    DrawReason::Agreement => "agreement",
                }
                .to_owned(),
            },
            Item::Resigned => ItemRepr::Resigned,
        }
    }

    /// An item as the protocol writes it, read back (`None`: not an item of tsuitate shogi).
    pub fn from_json(value: &serde_json::Value) -> Option<Item> {
        ItemRepr::deserialize(value).ok()?.item()
    }

    /// The item as a JSON value.
    pub fn to_json(self) -> serde_json::Value {
        serde_json::to_value(self.repr()).unwrap_or(serde_json::Value::Null)
    }

    /// The item as the protocol writes it: `{"kind":"capture","square":"7f","piece":"pawn"}`.
    pub fn to_json_text(self) -> String {
        serde_json::to_string(&self.repr()).unwrap_or_else(|_| "null".to_owned())
    }
}

impl Over {
    /// The end as the protocol writes it: `{"winner":"black","reason":"checkmate"}` (`null`
    /// winner for a draw).
    pub fn to_json(self) -> serde_json::Value {
        serde_json::json!({
            "winner": self.winner.map(color_name),
            "reason": self.reason.id(),
        })
    }

    /// The end in words: `black wins (checkmate)`, `a draw (repetition)`.
    pub fn title(self) -> String {
        let who = self
            .winner
            .map_or("a draw".to_owned(), |w| format!("{} wins", color_name(w)));
        format!("{who} ({})", self.reason.id().replace('_', " "))
    }

    /// The end as the protocol writes it, read back.
    pub fn from_json(value: &serde_json::Value) -> Option<Over> {
        let winner = match value.get("winner")? {
            serde_json::Value::Null => None,
            serde_json::Value::String(name) => Some(color_from_name(name)?),
            _ => return None,
        };
        let reason = EndReason::from_id(value.get("reason")?.as_str()?)?;
        Some(Over { winner, reason })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_items_are_written_in_usi_words() {
        let sq = Square::new(7, 6).expect("7f");
        assert_eq!(square_name(sq), "7f");
        let capture = Item::Capture {
            square: sq,
            piece: PieceKind::ProPawn,
        };
        assert_eq!(
            capture.to_json_text(),
            r#"{"kind":"capture","square":"7f","piece":"pawn"}"#
        );
        let over = Over {
            winner: None,
            reason: EndReason::Repetition,
        };
        assert_eq!(
            over.to_json().to_string(),
            r#"{"reason":"repetition","winner":null}"#
        );
        assert_eq!(Over::from_json(&over.to_json()), Some(over));
        assert_eq!(
            Item::from_json(&capture.to_json()),
            Some(Item::Capture {
                square: sq,
                piece: PieceKind::Pawn
            })
        );
        assert_eq!(
            Item::from_json(&serde_json::json!({"kind":"capture","square":"0a","piece":"pawn"})),
            None
        );
        assert_eq!(square_from_name("0a"), None);
    }
}
