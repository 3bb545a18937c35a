//! A chess search of one world for Reconnaissance Blind Chess (issue 59): depth-limited
//! alpha-beta on shakmaty with quiescence, iterative deepening over the worlds
//! ([`super::deep`]), move ordering (the table's move, then captures by victim and attacker)
//! and a small transposition table of a fixed size.
//!
//! RBC terms: a king left to be taken is taken (a side to move that attacks the other king
//! wins), a side with no move out of check loses its king next, and a side without a move
//! otherwise passes (no stalemate: the position is scored as it stands). Within the search
//! both sides see the whole board, as StrangeFish2 scores each board with Stockfish. Moves
//! into check are left out: they lose the king, which the search would find anyway.
//!
//! Scores are centipawns for the side to move; a king taken is [`WIN`] less the plies it takes.

use super::score::placement;
use crate::bots::value;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    CastlingMode, Chess, EnPassantMode, FromSetup, Move, Position, PositionError, Role, Setup,
};
use std::time::Instant;

/// A king taken, in centipawns (the score's 100 pawns).
pub(super) const WIN: i32 = 10_000;

/// Beyond every score.
const INF: i32 = WIN + 1_000;

/// Entries of the transposition table (24 bytes each: 6 MB).
const TABLE_SIZE: usize = 1 << 18;

/// The deepest a quiescence search goes past the nominal depth, in plies.
const QUIESCENCE_PLIES: u32 = 8;

/// How many nodes between two looks at the clock.
const CHECK_EVERY: u64 = 1_024;

/// What an entry of the table says of its score.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One position searched.
#[derive(Copy, Clone)]
struct Entry {
    key: u64,
    score: i32,
    depth: u8,
    bound: Bound,
    /// The best move's from and to squares and promotion (0: none), packed.
    best: u16,
}

/// A searcher: its table and its deadline, shared by every world and option of one decision.
pub(super) struct Search {
    table: Vec<Option<Entry>>,
    /// Past this, every search returns at once and [`Search::aborted`] is set.
    deadline: Option<Instant>,
    aborted: bool,
    nodes: u64,
}

impl Search {
    /// A searcher with an empty table, stopping at `deadline` if there is one.
    pub(super) fn new(deadline: Option<Instant>) -> Search {
        Search {
            table: vec![None; TABLE_SIZE],
            deadline,
            aborted: false,
            nodes: 0,
        }
    }

    /// Whether a search ran into the deadline (its scores are then worthless).
    pub(super) fn aborted(&self) -> bool {
        self.aborted
    }

    /// Nodes searched so far.
    #[cfg(test)]
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The score of `setup` for its side to move, searched `depth` plies (then captures);
    /// `None` where shakmaty cannot play the position (no king, too many kings).
    pub(super) fn setup_score(&mut self, setup: &Setup, depth: u32) -> Option<i32> {
        let mover = setup.turn;
        if let Some(k) = setup.board.king_of(!mover)
            && setup
                .board
                .attacks_to(k, mover, setup.board.occupied())
                .any()
        {
            return Some(WIN);
        }
        let position = position(setup)?;
        Some(self.negamax(&position, depth, -INF, INF, 0))
    }

    /// The best move of `setup` and its score, searched `depth` plies (a plain search, what a
    /// belief of one world must agree with).
    #[cfg(test)]
    pub(super) fn best_move(&mut self, setup: &Setup, depth: u32) -> Option<(Move, i32)> {
        let position = position(setup)?;
        let mut best: Option<(Move, i32)> = None;
        for m in position.legal_moves() {
            let mut child = position.clone();
            child.play_unchecked(m);
            let s = -self.negamax(&child, depth.saturating_sub(1), -INF, INF, 1);
            if best.as_ref().is_none_or(|(_, b)| s > *b) {
                best = Some((m, s));
            }
        }
        best
    }

    /// Whether it is time to stop.
    fn out_of_time(&mut self) -> bool {
        self.nodes += 1;
        if self.aborted {
            return true;
        }
        if self.nodes.is_multiple_of(CHECK_EVERY)
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn negamax(&mut self, pos: &Chess, depth: u32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        if self.out_of_time() {
            return 0;
        }
        if depth == 0 {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        let key: u64 = pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        let slot = (key as usize) & (TABLE_SIZE - 1);
        let mut table_move = 0;
        if let Some(e) = self.table[slot]
            && e.key == key
        {
            table_move = e.best;
            if u32::from(e.depth) >= depth {
                let s = from_table(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        if moves.is_empty() {
            return if pos.is_check() {
                -(WIN - ply as i32)
            } else {
                eval(pos)
            };
        }
        order(&mut moves, table_move);
        let start_alpha = alpha;
        let mut best = -INF;
        let mut best_move = 0;
        for m in moves {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if s > best {
                best = s;
                best_move = pack(&m);
            }
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= start_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Some(Entry {
            key,
            score: to_table(best, ply),
            depth: u8::try_from(depth).unwrap_or(u8::MAX),
            bound,
            best: best_move,
        });
        best
    }

    /// Captures and promotions only (every move out of check), from the score as it stands.
    fn quiesce(&mut self, pos: &Chess, mut alpha: i32, beta: i32, ply: u32, q: u32) -> i32 {
        if self.out_of_time() {
            return 0;
        }
        let check = pos.is_check();
        let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        if check && moves.is_empty() {
            return -(WIN - ply as i32);
        }
        let stand = eval(pos);
        if !check {
            if stand >= beta || q >= QUIESCENCE_PLIES {
                return stand;
            }
            alpha = alpha.max(stand);
            moves.retain(|m| m.is_capture() || m.is_promotion());
        } else if q >= QUIESCENCE_PLIES {
            return stand;
        }
        order(&mut moves, 0);
        let mut best = if check { -INF } else { stand };
        for m in moves {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let s = -self.quiesce(&child, -beta, -alpha, ply + 1, q + 1);
            if self.aborted {
                return 0;
            }
            best = best.max(s);
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// `setup` as a position shakmaty plays (RBC lets a king stand in check unawares, so a check
/// no game of chess reaches is allowed).
pub(super) fn position(setup: &Setup) -> Option<Chess> {
    Chess::from_setup(setup.clone(), CastlingMode::Standard)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_invalid_ep_square)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .ok()
}

/// The score of `pos` for its side to move as it stands: material and where the pieces stand.
fn eval(pos: &Chess) -> i32 {
    let board = pos.board();
    let us = pos.turn();
    let mut s = placement(board, us) - placement(board, !us);
    for (_, piece) in board.iter() {
        if piece.role != Role::King {
            let v = value(piece.role);
            s += if piece.color == us { v } else { -v };
        }
    }
    (s * 100.0).round() as i32
}

/// Moves in the order searched: the table's best first, then captures (the most valuable
/// victim by the cheapest attacker), promotions, then the rest.
fn order(moves: &mut [Move], first: u16) {
    moves.sort_by_cached_key(|m| {
        if first != 0 && pack(m) == first {
            return i32::MIN;
        }
        let victim = m.capture().map_or(0, |r| (value(r) * 100.0) as i32);
        let attacker = (value(m.role()) * 10.0) as i32;
        let promotion = if m.is_promotion() { 800 } else { 0 };
        if victim > 0 || promotion > 0 {
            -(10 * victim + promotion - attacker) - 1
        } else {
            0
        }
    });
}

/// A move packed for the table (from, to, promotion).
fn pack(m: &Move) -> u16 {
    let from = m.from().map_or(0, |s| u16::from(s) + 1);
    let to = u16::from(m.to());
    let promotion = m.promotion().map_or(0, |r| r as u16);
    (from << 9) | (to << 3) | promotion
}

/// A score as the table keeps it: a king taken counted from the node, not the root.
fn to_table(score: i32, ply: u32) -> i32 {
    if score > WIN - 500 {
        score + ply as i32
    } else if score < -(WIN - 500) {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score > WIN - 500 {
        score - ply as i32
    } else if score < -(WIN - 500) {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn setup(fen: &str) -> Setup {
        fen.parse::<Fen>().map(Fen::into_setup).unwrap()
    }

    #[test]
    fn it_finds_a_mate_in_two_that_a_shallower_search_misses() {
        // Kb6 Kb8 Rh8#: the king taken on the fifth ply.
        let s = setup("k7/8/2K5/8/8/8/8/7R w - - 0 1");
        let (m, score) = Search::new(None).best_move(&s, 3).unwrap();
        assert!(score >= WIN - 10, "{m} {score}");
        let mut after = position(&s).unwrap();
        after.play_unchecked(m);
        // Whatever Black answers, White mates next.
        for reply in after.legal_moves() {
            let mut p = after.clone();
            p.play_unchecked(reply);
            let mates = p.legal_moves().into_iter().any(|m| {
                let mut q = p.clone();
                q.play_unchecked(m);
                q.is_checkmate()
            });
            assert!(mates, "{reply}");
        }
        let (_, shallow) = Search::new(None).best_move(&s, 1).unwrap();
        assert!(shallow < WIN - 10, "{shallow}");
    }

    #[test]
    fn it_wins_the_queen_with_a_fork() {
        let s = setup("q3k3/8/8/1N6/8/8/8/4K3 w - - 0 1");
        let (m, score) = Search::new(None).best_move(&s, 3).unwrap();
        assert_eq!(m.to_string(), "Nb5-c7", "{score}");
        assert!(score >= 200, "{score}");
    }

    #[test]
    fn a_king_left_to_be_taken_is_taken() {
        // Black to move, White's king on e1 stands in the rook's file.
        let s = setup("4r1k1/8/8/8/8/8/8/4K3 b - - 0 1");
        assert_eq!(Search::new(None).setup_score(&s, 2), Some(WIN));
        // Without the rook, nothing is won.
        let s = setup("6k1/8/8/8/8/8/8/4K3 b - - 0 1");
        assert!(Search::new(None).setup_score(&s, 2).unwrap().abs() < 200);
    }

    #[test]
    fn a_passed_deadline_stops_the_search_within_a_few_nodes() {
        let s = setup("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let mut search = Search::new(Some(Instant::now()));
        search.setup_score(&s, 12);
        assert!(search.aborted());
        assert!(search.nodes() <= CHECK_EVERY + 1, "{}", search.nodes());
        let mut free = Search::new(None);
        free.setup_score(&s, 3);
        assert!(!free.aborted() && free.nodes() > CHECK_EVERY);
    }
}
