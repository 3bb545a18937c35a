//! Tsuitate bots. A bot is handed its own [`SeatView`] (its own pieces, its hand, what it heard)
//! and answers with an attempt in USI; it never sees the true position.

use super::referee::move_name;
use super::seat::SeatView;
use crate::rng::Rng;
use shogi_core::{Color, Move, PieceKind, Square};

/// A computer player of tsuitate shogi.
pub trait TsuitateBot: Send {
    /// The bot's name.
    fn name(&self) -> &'static str;
    /// Its next attempt, from its own seat only; `None` when it is not its turn or it has no
    /// possible move left.
    fn next(&mut self, seat: &SeatView) -> Option<String>;
}

/// The bots' names, weakest first: [`RandomBot`], [`HeuristicBot`], [`CarefulBot`].
pub const NAMES: [&str; 3] = ["random", "heuristic", "careful"];

/// A level of the computer at tsuitate shogi: one bot, its name and what it does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TsuitateLevel {
    /// The bot's name (one of [`NAMES`]): the level's id on the command line, and in the
    /// computer's name in a save (`Computer (careful)`).
    pub bot: &'static str,
    /// The name shown to people ("Careful").
    pub title: &'static str,
    /// One line saying how it plays.
    pub description: &'static str,
}

/// The computer's levels at tsuitate shogi, weakest first: one a bot.
pub const LEVELS: [TsuitateLevel; 3] = [
    TsuitateLevel {
        bot: "random",
        title: "Random",
        description: "any move its own board allows, at random",
    },
    TsuitateLevel {
        bot: "heuristic",
        title: "Rules of thumb",
        description: "recaptures, promotes, keeps its pieces defended",
    },
    TsuitateLevel {
        bot: "careful",
        title: "Careful",
        description: "rules of thumb, and a guess of where your pieces stand (to take them, not to foul)",
    },
];

/// The level a new game offers first (rules of thumb).
pub const DEFAULT_LEVEL: usize = 1;

/// The bot one of the chess family's levels plays at tsuitate shogi (the names a save or the
/// command line used before tsuitate had levels of its own): beginner the random player,
/// novice and casual the rules-of-thumb one, every higher level the careful one.
pub fn for_level(level: crate::bots::level::Level) -> &'static str {
    use crate::bots::level::Level;
    match level {
        Level::Beginner => "random",
        Level::Novice | Level::Casual => "heuristic",
        _ => "careful",
    }
}

/// The bot a name gives: a bot's own name (a level's id), or one of the chess family's level
/// ids ([`for_level`]); `None` for any other text.
pub fn bot_named(name: &str) -> Option<&'static str> {
    NAMES
        .into_iter()
        .find(|bot| *bot == name)
        .or_else(|| crate::bots::level::Level::from_id(name).map(for_level))
}

/// The bots by name: `random`, `heuristic` and `careful`.
pub fn make(name: &str, seed: u64) -> Option<Box<dyn TsuitateBot>> {
    match name {
        "careful" => Some(Box::new(super::careful::CarefulBot::new(seed))),
        "random" => Some(Box::new(RandomBot {
            rng: Rng::new(seed),
        })),
        "heuristic" => Some(Box::new(HeuristicBot {
            rng: Rng::new(seed),
        })),
        _ => None,
    }
}

/// Tries a random move that is possible on its own board and not refused this turn.
pub struct RandomBot {
    rng: Rng,
}

impl TsuitateBot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn next(&mut self, seat: &SeatView) -> Option<String> {
        if !seat.to_move() {
            return None;
        }
        let moves = seat.possible_moves();
        let mv = moves.get(self.rng.below(moves.len().max(1)))?;
        Some(move_name(*mv))
    }
}

/// A simple player: recaptures where it just lost a piece, promotes, advances, keeps its pieces
/// defended, moves its king only when in check, with a little randomness between equals.
pub struct HeuristicBot {
    rng: Rng,
}

/// A piece's rough value.
pub fn value(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Lance | PieceKind::Knight => 3,
        PieceKind::Silver | PieceKind::Gold => 5,
        PieceKind::Bishop => 8,
        PieceKind::Rook => 10,
        PieceKind::King => 50,
        _ => 6,
    }
}

/// How far `sq` is into the opponent's side for `color` (0 on its own back rank, 8 on the far one).
fn advance(sq: Square, color: Color) -> i32 {
    9 - i32::from(sq.relative_rank(color))
}

impl HeuristicBot {
    /// The heuristic player from `seed`.
    pub fn new(seed: u64) -> HeuristicBot {
        HeuristicBot {
            rng: Rng::new(seed),
        }
    }

    /// The rules-of-thumb score of `mv` for `seat` (`reach`: where its pieces reach).
    pub fn score(&mut self, seat: &SeatView, mv: Move, reach: &[(Square, Square)]) -> i32 {
        let color = seat.color;
        let to = mv.to();
        // Defended: another of its own pieces reaches the square too.
        let defended = reach.iter().any(|&(f, t)| t == to && Some(f) != mv.from());
        let mut score = self.rng.below(4) as i32;
        if Some(to) == seat.lost_on {
            score += 40;
        }
        if defended {
            score += 6;
        }
        match mv {
            Move::Normal { from, promote, .. } => {
                let kind = seat
                    .board
                    .piece_at(from)
                    .map_or(PieceKind::Pawn, |p| p.piece_kind());
                if promote {
                    score += 12;
                }
                if kind == PieceKind::King {
                    score += if seat.in_check { 30 } else { -25 };
                } else if !defended {
                    score -= value(kind);
                }
                score += 2 * (advance(to, color) - advance(from, color)).clamp(-1, 2);
            }
            Move::Drop { piece, .. } => {
                score += if seat.in_check { 8 } else { -2 };
                if advance(to, color) >= 6 && piece.piece_kind() != PieceKind::Pawn {
                    score += 4;
                }
            }
        }
        score
    }
}

/// Where `seat`'s own pieces reach on its own board: (from, to), each once.
pub fn reached(seat: &SeatView) -> Vec<(Square, Square)> {
    let mut pairs: Vec<(Square, Square)> =
        shogi_legality_lite::all_legal_moves_partial(&seat.board)
            .into_iter()
            .filter_map(|mv| Some((mv.from()?, mv.to())))
            .collect();
    pairs.sort_by_key(|(f, t)| (f.array_index(), t.array_index()));
    pairs.dedup();
    pairs
}

impl TsuitateBot for HeuristicBot {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn next(&mut self, seat: &SeatView) -> Option<String> {
        if !seat.to_move() {
            return None;
        }
        let reach = reached(seat);
        let mut best: Option<(i32, Move)> = None;
        for mv in seat.possible_moves() {
            let score = self.score(seat, mv, &reach);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, mv));
            }
        }
        best.map(|(_, mv)| move_name(mv))
    }
}
