//! Distance to mate with full information for the two lone-king endings of minor pieces (two
//! bishops, bishop and knight), which the lone-king search of [`super::mate`] averages over the
//! squares where the king may stand: a gradient towards mate that its two-move look-ahead cannot
//! find alone (issue 33: the bot shuffled its bishops for fifty moves with the king known to be
//! on one of three squares).
//!
//! A table is built in-process by retrograde analysis the first time it is asked for (about a
//! second in a release build, 16 MB kept) and then shared. Moves come from shakmaty's attack
//! tables; no crate ships these tables (shakmaty-syzygy probes Syzygy files, which would have to
//! be downloaded), and a test checks every step of the table against shakmaty's legal moves.
//!
//! Positions are the attacker's king, its two pieces and the lone king; the attacker may be
//! either colour (there are no pawns, so nothing depends on the direction of the board).

use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks};
use shakmaty::{Bitboard, Board, Color, Role, Square};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// Which two minor pieces mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Minors {
    /// Two bishops (on squares of both colours to mate).
    Bishops,
    /// A bishop and a knight.
    BishopKnight,
}

impl Minors {
    /// The roles of the two pieces, in the table's order.
    fn roles(self) -> [Role; 2] {
        match self {
            Minors::Bishops => [Role::Bishop, Role::Bishop],
            Minors::BishopKnight => [Role::Bishop, Role::Knight],
        }
    }
}

/// Every position of one ending: for each, with the attacker to move, in how many of its moves
/// it mates against the best defence (0: no forced mate, or not a legal position).
pub struct Table {
    to_move: Vec<u8>,
}

/// The number of positions: four squares of six bits.
const SIZE: usize = 1 << 24;

/// A defender's position that is not lost: a draw (stalemate, a piece taken) or not legal.
const DRAWN: u8 = u8::MAX;

/// Where the table of `minors` is kept once built.
fn cell(minors: Minors) -> &'static OnceLock<Table> {
    static BISHOPS: OnceLock<Table> = OnceLock::new();
    static BISHOP_KNIGHT: OnceLock<Table> = OnceLock::new();
    match minors {
        Minors::Bishops => &BISHOPS,
        Minors::BishopKnight => &BISHOP_KNIGHT,
    }
}

/// The table of `minors`, built at the first call; a call while [`prepare`]'s thread builds
/// it waits for that thread (so play does not depend on timing).
pub fn table(minors: Minors) -> &'static Table {
    cell(minors).get_or_init(|| Table::build(minors))
}

/// Starts building the table of `us`'s ending on `own` in the background, if its pieces are a
/// king and two minor pieces that mate and the table is not built or being built: the first
/// decision that needs it then waits less (or not at all).
pub fn prepare(own: &Board, us: Color) {
    static STARTED: [AtomicBool; 2] = [AtomicBool::new(false), AtomicBool::new(false)];
    let Some((minors, ..)) = ending(own, us) else {
        return;
    };
    let started = &STARTED[minors as usize];
    if cell(minors).get().is_none() && !started.swap(true, Ordering::SeqCst) {
        // Should the thread not start, the first caller of `table` builds it.
        let _ = std::thread::Builder::new()
            .name("tablebase".into())
            .spawn(move || table(minors));
    }
}

/// `us`'s ending on `own` when its pieces are a king and two minor pieces that mate (two
/// bishops on squares of both colours, or a bishop and a knight): the table and the squares
/// of the king and the two pieces in the table's order.
pub fn ending(own: &Board, us: Color) -> Option<(Minors, Square, Square, Square)> {
    let side = own.by_color(us);
    let king = own.king_of(us)?;
    let mut pieces = (side & !own.kings()).into_iter();
    let (x, y) = (pieces.next()?, pieces.next()?);
    if pieces.next().is_some() {
        return None;
    }
    match (own.role_at(x)?, own.role_at(y)?) {
        (Role::Bishop, Role::Bishop) if x.is_light() != y.is_light() => {
            Some((Minors::Bishops, king, x, y))
        }
        (Role::Bishop, Role::Knight) => Some((Minors::BishopKnight, king, x, y)),
        (Role::Knight, Role::Bishop) => Some((Minors::BishopKnight, king, y, x)),
        _ => None,
    }
}

/// A position's index: the lone king, the attacker's king, its two pieces (the attacker's moves
/// stay within one lone king's 256 KB).
fn index(king: Square, a: Square, b: Square, lone: Square) -> usize {
    usize::from(lone) << 18 | usize::from(king) << 12 | usize::from(a) << 6 | usize::from(b)
}

/// The squares of the position at `i` (see [`index`]).
fn squares(i: usize) -> [Square; 4] {
    // Each field has six bits, so every value is a square.
    let sq = |shift: usize| Square::new(((i >> shift) & 63) as u32);
    [sq(12), sq(6), sq(0), sq(18)]
}

/// The squares a piece of `role` on `sq` attacks, the board occupied on `occupied`.
fn attacks(role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Knight => knight_attacks(sq),
        _ => bishop_attacks(sq, occupied),
    }
}

impl Table {
    /// In how many moves the attacker (to move) mates, its king on `king`, its pieces on `a` and
    /// `b` (for [`Minors::BishopKnight`] the bishop first; two bishops in either order) and the
    /// lone king on `lone`; `None` when there is no forced mate or the position is not legal.
    pub fn mate_in(&self, king: Square, a: Square, b: Square, lone: Square) -> Option<u8> {
        match self.to_move.get(index(king, a, b, lone)) {
            Some(&n) if n > 0 => Some(n),
            _ => None,
        }
    }

    /// The retrograde analysis: from the mates backwards, a position with the attacker to move
    /// is won in n + 1 when one of its moves leads to a defender's position lost in n, and a
    /// defender's position is lost once every one of its moves leads to a won one.
    fn build(minors: Minors) -> Table {
        let roles = minors.roles();
        let mut to_move = vec![0u8; SIZE];
        // The defender to move: 0 not (yet) lost, n + 1 lost in n of the attacker's moves.
        let mut lost = vec![0u8; SIZE];
        // The defender's moves not yet shown to lose, or DRAWN.
        let mut left = vec![DRAWN; SIZE];
        let mut frontier: Vec<u32> = Vec::new();
        for i in 0..SIZE {
            let [king, a, b, lone] = squares(i);
            let occupied = Bitboard::from(king) | a | b | lone;
            if occupied.count() < 4 || king.distance(lone) <= 1 {
                continue;
            }
            // The lone king moves along the lines: attacks pass through its square.
            let through = occupied.without(lone);
            let attacked =
                king_attacks(king) | attacks(roles[0], a, through) | attacks(roles[1], b, through);
            let mut moves = 0u8;
            let mut takes = false;
            for to in king_attacks(lone) & !attacked {
                // An undefended piece taken leaves no mate.
                takes |= to == a || to == b;
                moves += 1;
            }
            if takes {
                continue;
            }
            if moves > 0 {
                left[i] = moves;
            } else if attacked.contains(lone) {
                lost[i] = 1;
                frontier.push(i as u32);
            }
        }
        let mut n = 0u8;
        while !frontier.is_empty() {
            // The attacker's moves into the frontier: won in n + 1.
            let mut won = Vec::new();
            for &i in &frontier {
                let [king, a, b, lone] = squares(i as usize);
                let occupied = Bitboard::from(king) | a | b | lone;
                let mut mark = |k: Square, x: Square, y: Square| {
                    let j = index(k, x, y, lone);
                    if to_move[j] != 0 {
                        return;
                    }
                    // The lone king may not be in check with the attacker to move.
                    let before = Bitboard::from(k) | x | y | lone;
                    let legal = k.distance(lone) > 1
                        && !attacks(roles[0], x, before).contains(lone)
                        && !attacks(roles[1], y, before).contains(lone);
                    if legal {
                        to_move[j] = n + 1;
                        won.push(j as u32);
                    }
                };
                for from in king_attacks(king) & !occupied {
                    mark(from, a, b);
                }
                for from in attacks(roles[0], a, occupied) & !occupied {
                    mark(king, from, b);
                }
                for from in attacks(roles[1], b, occupied) & !occupied {
                    mark(king, a, from);
                }
            }
            n += 1;
            // The defender's moves into those: one fewer way out.
            let mut next = Vec::new();
            for &j in &won {
                let [king, a, b, lone] = squares(j as usize);
                let occupied = Bitboard::from(king) | a | b | lone;
                for from in king_attacks(lone) & !occupied {
                    let p = index(king, a, b, from);
                    if left[p] == DRAWN || lost[p] != 0 {
                        continue;
                    }
                    left[p] -= 1;
                    if left[p] == 0 {
                        lost[p] = n + 1;
                        next.push(p as u32);
                    }
                }
            }
            frontier = next;
        }
        Table { to_move }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, Chess, Position, Setup};

    /// The position of `i` with the attacker (White) to move, if legal.
    fn chess(minors: Minors, i: usize, turn: Color) -> Option<Chess> {
        let [king, a, b, lone] = squares(i);
        if (Bitboard::from(king) | a | b | lone).count() < 4 {
            return None;
        }
        let roles = minors.roles();
        let mut board = shakmaty::Board::empty();
        board.set_piece_at(king, Color::White.king());
        board.set_piece_at(a, roles[0].of(Color::White));
        board.set_piece_at(b, roles[1].of(Color::White));
        board.set_piece_at(lone, Color::Black.king());
        let mut setup = Setup::empty();
        setup.board = board;
        setup.turn = turn;
        setup.position(CastlingMode::Standard).ok()
    }

    #[test]
    fn every_step_of_the_tables_agrees_with_shakmatys_moves() {
        for minors in [Minors::Bishops, Minors::BishopKnight] {
            let t = table(minors);
            let longest = t.to_move.iter().copied().max().unwrap_or(0);
            // The known longest mates: 19 moves with two bishops, 33 with bishop and knight.
            let expected = match minors {
                Minors::Bishops => 19,
                Minors::BishopKnight => 33,
            };
            assert_eq!(longest, expected, "{minors:?}");
            // A sample of positions: a won one has a move to a position won one move sooner
            // (or a mate), and none sooner than that.
            let mut checked = 0;
            for i in (0..SIZE).step_by(997) {
                let Some(pos) = chess(minors, i, Color::White) else {
                    continue;
                };
                let n = t.to_move[i];
                // The best move: a mate, or the defender's longest reply shortest.
                let best = pos
                    .legal_moves()
                    .into_iter()
                    .filter_map(|m| {
                        let mut after = pos.clone();
                        after.play_unchecked(m);
                        if after.is_checkmate() {
                            Some(1)
                        } else {
                            longest_reply(t, minors, &after).map(|v| v + 1)
                        }
                    })
                    .min();
                assert_eq!(n, best.unwrap_or(0), "{minors:?} {}", pos.board());
                checked += 1;
            }
            assert!(checked > 5_000, "{checked}");
        }
    }

    /// The defender's best reply in `after` (the defender to move): the longest mate the
    /// table gives, `None` if a reply draws (a piece taken) or there is none (stalemate).
    fn longest_reply(t: &Table, minors: Minors, after: &Chess) -> Option<u8> {
        let replies = after.legal_moves();
        if replies.is_empty() {
            return None;
        }
        let mut longest = 0;
        for r in replies {
            let mut next = after.clone();
            next.play_unchecked(r);
            let b = next.board();
            let mut pieces = (b.by_color(Color::White) & !b.kings()).into_iter();
            let (x, y) = (pieces.next()?, pieces.next()?);
            let (x, y) = if b.role_at(x) == Some(minors.roles()[0]) {
                (x, y)
            } else {
                (y, x)
            };
            let v = t.mate_in(b.king_of(Color::White)?, x, y, b.king_of(Color::Black)?)?;
            longest = longest.max(v);
        }
        Some(longest)
    }
}
