//! Start positions: reading and writing a shakmaty [`Setup`] as FEN, and the serde adapter that
//! stores a parsed setup as its FEN text (so a save file shows a FEN and a damaged one is refused
//! when the file is read, not silently replaced later).

use shakmaty::Setup;
use shakmaty::fen::{Fen, LossyFenError};

/// Writes a setup as FEN.
pub fn setup_fen(setup: Setup) -> String {
    Fen::try_from_setup(setup)
        .unwrap_or_else(LossyFenError::ignore)
        .to_string()
}

/// Reads a FEN (surrounding white space ignored) into a setup; `None` when it does not parse.
pub fn parse_fen(text: &str) -> Option<Setup> {
    text.trim().parse::<Fen>().ok().map(Fen::into_setup)
}

/// Letters that do not name an ending's pieces ([`parse_ending`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} is not an ending: write the pieces of the side with material as letters Q, R, B, N, P (e.g. QR)",
    crate::untrusted::quoted(.0)
)]
pub struct NotAnEnding(pub String);

/// The pieces of an ending named by letters (`QR`: a queen and a rook; Q, R, B, N, P).
pub fn parse_ending(letters: &str) -> Result<Vec<shakmaty::Role>, NotAnEnding> {
    let roles: Option<Vec<shakmaty::Role>> = letters
        .chars()
        .map(|c| match c.to_ascii_uppercase() {
            'Q' => Some(shakmaty::Role::Queen),
            'R' => Some(shakmaty::Role::Rook),
            'B' => Some(shakmaty::Role::Bishop),
            'N' => Some(shakmaty::Role::Knight),
            'P' => Some(shakmaty::Role::Pawn),
            _ => None,
        })
        .collect();
    match roles {
        Some(r) if !r.is_empty() && r.len() <= 14 => Ok(r),
        _ => Err(NotAnEnding(letters.to_owned())),
    }
}

/// A random legal position: `color`'s king and `pieces` against the lone enemy king, `color`
/// to move, the game not over (pawns never on the first or last rank).
pub fn random_ending(
    pieces: &[shakmaty::Role],
    color: shakmaty::Color,
    rng: &mut crate::rng::Rng,
) -> Option<Setup> {
    random_blocked_ending(pieces, 0, color, rng)
}

/// [`random_ending`] where the enemy king keeps `blocked` pawns (at most 4), each on its own
/// file with a pawn of `color` standing right in front of it: neither can advance (they may
/// still take). The blocking pawns come besides `pieces`. The enemy always has a move were it
/// to move ([`enemy_can_move`]).
pub fn random_blocked_ending(
    pieces: &[shakmaty::Role],
    blocked: u8,
    color: shakmaty::Color,
    rng: &mut crate::rng::Rng,
) -> Option<Setup> {
    use shakmaty::{File, Rank, Square};
    for _ in 0..10_000 {
        let mut board = shakmaty::Board::empty();
        let mut free = shakmaty::Bitboard::FULL;
        // The blocked pairs first: the enemy pawn on its ranks 3 to 6, ours in front of it.
        let mut files: Vec<u32> = (0..8).collect();
        for _ in 0..blocked.min(4) {
            let file = files.remove(rng.below(files.len()));
            let rank = 2 + rng.below(4) as u32; // the enemy's relative ranks 3..6
            let theirs = Square::from_coords(
                File::new(file),
                (!color).fold_wb(Rank::new(rank), Rank::new(7 - rank)),
            );
            let ours = Square::from_coords(
                File::new(file),
                (!color).fold_wb(Rank::new(rank + 1), Rank::new(6 - rank)),
            );
            board.set_piece_at(theirs, shakmaty::Role::Pawn.of(!color));
            board.set_piece_at(ours, shakmaty::Role::Pawn.of(color));
            free.discard(theirs);
            free.discard(ours);
        }
        let mut place = |piece: shakmaty::Piece,
                         board: &mut shakmaty::Board,
                         rng: &mut crate::rng::Rng|
         -> bool {
            let allowed = if piece.role == shakmaty::Role::Pawn {
                free & !shakmaty::Bitboard::BACKRANKS
            } else {
                free
            };
            match allowed.into_iter().nth(rng.below(allowed.count().max(1))) {
                Some(sq) => {
                    board.set_piece_at(sq, piece);
                    free.discard(sq);
                    true
                }
                None => false,
            }
        };
        let mut ok =
            place(color.king(), &mut board, rng) && place((!color).king(), &mut board, rng);
        for &role in pieces {
            ok = ok && place(role.of(color), &mut board, rng);
        }
        if !ok {
            continue;
        }
        let setup = Setup {
            turn: color,
            board,
            ..Setup::empty()
        };
        if let Ok(pos) = setup
            .clone()
            .position::<shakmaty::Chess>(shakmaty::CastlingMode::Standard)
            && shakmaty::Position::outcome(&pos) == shakmaty::Outcome::Unknown
            && enemy_can_move(&setup, color)
        {
            return Some(setup);
        }
    }
    None
}

/// Squares that do not place an ending's pieces ([`ending_at`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotPlaced {
    /// Not one square for the king and each piece.
    #[error("{given} squares given: the king and the pieces need {needed}")]
    Count {
        /// Squares given.
        given: usize,
        /// The king and the pieces.
        needed: usize,
    },
    /// A square named twice.
    #[error("{0} is named twice")]
    Twice(shakmaty::Square),
    /// A pawn on the first or last rank.
    #[error("a pawn cannot stand on {0}")]
    PawnOnEnd(shakmaty::Square),
    /// The enemy king has nowhere to stand (every free square is in check, or leaves it
    /// without a move).
    #[error("there is no square where the lone king may stand")]
    NoKing,
}

/// `color`'s king on `at[0]` and `pieces` on the rest of `at` (in order) against the lone enemy
/// king, placed at random on a square where it may legally stand, the game not over and the
/// king with a move were it its turn; `color` to move. Ferguson's two bishops "along an edge"
/// are `B B` at `b4 b3 c3`.
pub fn ending_at(
    pieces: &[shakmaty::Role],
    at: &[shakmaty::Square],
    color: shakmaty::Color,
    rng: &mut crate::rng::Rng,
) -> Result<Setup, NotPlaced> {
    use shakmaty::Role;
    if at.len() != pieces.len() + 1 {
        return Err(NotPlaced::Count {
            given: at.len(),
            needed: pieces.len() + 1,
        });
    }
    let mut board = shakmaty::Board::empty();
    for (&sq, role) in at
        .iter()
        .zip(std::iter::once(Role::King).chain(pieces.iter().copied()))
    {
        if board.piece_at(sq).is_some() {
            return Err(NotPlaced::Twice(sq));
        }
        if role == Role::Pawn && shakmaty::Bitboard::BACKRANKS.contains(sq) {
            return Err(NotPlaced::PawnOnEnd(sq));
        }
        board.set_piece_at(sq, role.of(color));
    }
    let kings: Vec<Setup> = (!board.occupied())
        .into_iter()
        .map(|k| {
            let mut board = board.clone();
            board.set_piece_at(k, (!color).king());
            Setup {
                turn: color,
                board,
                ..Setup::empty()
            }
        })
        .filter(|setup| {
            setup
                .clone()
                .position::<shakmaty::Chess>(shakmaty::CastlingMode::Standard)
                .is_ok_and(|pos| shakmaty::Position::outcome(&pos) == shakmaty::Outcome::Unknown)
                && enemy_can_move(setup, color)
        })
        .collect();
    let pick = rng.below(kings.len().max(1));
    kings.into_iter().nth(pick).ok_or(NotPlaced::NoKing)
}

/// Whether the enemy of `color` would have a legal move were it its turn in `setup`. A start
/// where it has none (a king already boxed in, its pawns blocked) is a stalemate that any quiet
/// first move makes, which no player starting from the widest uncertainty can see coming: such
/// starts are not dealt.
fn enemy_can_move(setup: &Setup, color: shakmaty::Color) -> bool {
    let theirs = Setup {
        turn: !color,
        ..setup.clone()
    };
    theirs
        .position::<shakmaty::Chess>(shakmaty::CastlingMode::Standard)
        .is_ok_and(|pos| !shakmaty::Position::legal_moves(&pos).is_empty())
}

/// The units a Crazyhouse pocket can hold, in the order they are written and shown.
pub const POCKET_ROLES: [shakmaty::Role; 5] = [
    shakmaty::Role::Pawn,
    shakmaty::Role::Knight,
    shakmaty::Role::Bishop,
    shakmaty::Role::Rook,
    shakmaty::Role::Queen,
];

/// A Crazyhouse pocket as FEN letters (upper case for White), in pawn, knight, bishop, rook,
/// queen order; empty when the pocket is.
pub fn pocket_letters(
    pockets: &shakmaty::ByColor<shakmaty::ByRole<u8>>,
    color: shakmaty::Color,
) -> String {
    let mut text = String::new();
    for role in POCKET_ROLES {
        for _ in 0..*pockets.get(color).get(role) {
            text.push(role.of(color).char());
        }
    }
    text
}

/// Whether `setup` is the standard start position.
pub fn is_initial(setup: &Setup) -> bool {
    *setup == Setup::initial()
}

/// Serde adapter: a [`Setup`] as its FEN string.
pub mod fen_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Setup;

    /// Writes the FEN.
    pub fn serialize<S: Serializer>(setup: &Setup, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::setup_fen(setup.clone()))
    }

    /// Reads a FEN, refusing text that is not one.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Setup, D::Error> {
        let text = String::deserialize(d)?;
        super::parse_fen(&text).ok_or_else(|| {
            let shown: String = text.chars().take(80).collect();
            serde::de::Error::custom(format!("the start position '{shown}' is not a valid FEN"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A start where the lone side would have no move (Black Ka7 boxed by the queen, its pawn
    /// blocked) is not dealt: any quiet first move would stalemate it (seen in the ending bench).
    #[test]
    fn an_ending_never_starts_with_the_enemy_boxed_in() {
        let boxed = parse_fen("2Q5/k7/1p6/1P6/8/8/8/6K1 w - - 0 1").expect("valid FEN");
        assert!(!enemy_can_move(&boxed, shakmaty::Color::White));
        let free = parse_fen("7Q/k7/1p6/1P6/8/8/8/6K1 w - - 0 1").expect("valid FEN");
        assert!(enemy_can_move(&free, shakmaty::Color::White));
        let mut rng = crate::rng::Rng::new(5);
        for blocked in 0..=2 {
            for _ in 0..200 {
                let s = random_blocked_ending(
                    &[shakmaty::Role::Queen],
                    blocked,
                    shakmaty::Color::Black,
                    &mut rng,
                )
                .expect("a placement");
                assert!(enemy_can_move(&s, shakmaty::Color::Black));
            }
        }
    }

    #[test]
    fn fen_round_trip_and_refusal() {
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let setup = parse_fen(fen).expect("valid FEN");
        assert_eq!(setup_fen(setup.clone()), fen);
        assert!(!is_initial(&setup));
        assert!(is_initial(&Setup::initial()));
        assert!(parse_fen("not a fen").is_none());
    }
}
