//! Mating a lone king: the strong bot's play once the opponent has only its king left (and
//! nothing in its pocket). What the bot knows is then exact: its own pieces and the set of
//! squares where the king may stand (the view's king tracker, which is exact for a lone king).
//!
//! One world per possible square: the bot's pieces with the enemy king there, the bot to move.
//! shakmaty decides in each world whether an attempt is legal, which checks it gives, mate and
//! stalemate, and where the king may step afterwards. An attempt is valued by its expectation
//! over the squares (each counted alike):
//! - a mate, a draw (stalemate, or a piece taken that leaves nothing to mate with) and a
//!   position still won are valued on one scale: a draw is nothing, a win not yet mated is
//!   worth 95 % of a mate now, so an attempt that may stalemate is made only when it mates more
//!   than 95 times in 100;
//! - a king that may take an undefended piece is assumed to do so half the time;
//! - otherwise the position after the king's step is scored: the region the king can still
//!   reach without stepping into attack (smaller is better), the number of squares it may stand
//!   on, how near the bot's own king is, material (a promotion) and a draw by repetition or by
//!   the fifty-move rule coming near; with two minor pieces also the mean distance to mate with
//!   full information over those squares ([`super::tablebase`]), weighed ten times more once
//!   the king's square is nearly known; with two bishops, a position the proven strategy of
//!   [`crate::kbb`] covers is worth a sure mate within its moves (so the search steers there);
//! - a refused attempt costs no move: its branch is worth the best attempt on the narrowed set
//!   (one level deep; below that, as if the king had stepped once more).
//!
//! Worlds are grouped by what the bot hears (the check directions), as the tracker will be.

mod score;

use crate::attempt::Attempt;
use crate::krk::solver::neighbours;
use crate::possible::{Side, move_own_piece};
use crate::referee::check_direction;
use crate::rules::PromotionRule;
use shakmaty::{Bitboard, Board, CastlingMode, Chess, Color, Position, Role, Setup, Square};

/// The value of a mate now (a later mate counts a little less).
const MATE: f32 = 100_000.0;

/// What each move of delay leaves of a mate.
const LATER: f32 = 0.99;

/// The value of a draw (the win thrown away).
const DRAW: f32 = 0.0;

/// The value of a position still won but not mated yet: far above a draw and below a mate in
/// a move or two, so an attempt that may draw is made only when it mates nearly surely (more
/// than 95 times in 100). The position's own score adds at most a few hundred to it.
const WON: f32 = 95_000.0;

/// How likely a king that can take an undefended piece is assumed to take it.
const TAKES: f32 = 0.5;

/// The weight of the enemy king's distance from the centre in a position's score.
const EDGE: f32 = 25.0;

/// The weight of the enemy king's distance (in king steps) from the corners where minor
/// pieces mate ([`super::minors::mating_corners`]) in a position's score.
const CORNER: f32 = 10.0;

/// The weight of our king's distance (in king steps) from the enemy king's squares in a
/// position's score.
const NEAR: f32 = 8.0;

/// [`NEAR`] with two bishops and no other piece (issue 33: from a random start, 66, 68 and 66
/// mated in 100 on three seeds against 59, 64 and 58 with [`NEAR`]; from Ferguson's edge
/// start, 83 and 81 against 84 and 75).
const NEAR_BISHOPS: f32 = 16.0;

/// The weight of the mean distance to mate (in moves, with full information: [`super::tablebase`])
/// over the king's squares in a position's score, with two minor pieces.
const TO_MATE: f32 = 30.0;

/// [`TO_MATE`] when the king may stand on at most two squares at the decision: then the bot
/// plays nearly as with full information (with [`TO_MATE`] alone it could shuffle a bishop
/// for fifty moves with the king's square known).
const TO_MATE_KNOWN: f32 = 300.0;

/// The distance to mate counted for a square where the table has no forced mate.
const NO_MATE: f32 = 40.0;

/// The value of a position the two-bishop strategy ([`crate::kbb`]) mates from surely: above
/// any position still won by the score (a few hundred over [`WON`]), below a mate within two
/// moves; ten less for each move the strategy may need.
const PROVEN: f32 = WON + 2_000.0;

/// How many of the best attempts at the root are looked at one move deeper.
const DEEPER: usize = 6;

/// What the bot knows in a lone-king ending.
#[derive(Clone, Debug)]
pub struct LoneKing<'a> {
    /// The bot's own pieces (no enemy piece on it).
    pub own: &'a Board,
    /// The bot's colour.
    pub us: Color,
    /// The bot's rooks that may still castle.
    pub castling: Bitboard,
    /// Where the enemy king may stand.
    pub kings: Bitboard,
    /// Plies since the last capture or pawn move (the fifty-move rule draws at 100).
    pub halfmoves: u32,
    /// Whether the fifty-move rule applies.
    pub fifty_moves: bool,
    /// The promotion pieces allowed.
    pub promotion: PromotionRule,
    /// The enemy's pawns, known and blocked (obstacles on the board; empty for a lone king).
    pub pawns: Bitboard,
}

/// One world: the enemy king's square and the position with the bot to move.
pub(super) type World = (Square, Chess);

/// A search node: the bot's pieces and the worlds (the bot to move).
struct Node<'b> {
    own: &'b Board,
    castling: Bitboard,
    /// The enemy's pawns (the same in every world).
    theirs: Bitboard,
    halfmoves: u32,
    worlds: Vec<World>,
    /// How many refusals deep the search may still look at this move.
    probes: u32,
}

/// The search: what stays the same throughout one decision.
struct Search<'s> {
    us: Color,
    fifty_moves: bool,
    promotion: PromotionRule,
    repeated: &'s dyn Fn(&Board) -> u32,
    /// The weight of the distance to mate: [`TO_MATE`], or [`TO_MATE_KNOWN`] when the king's
    /// square is nearly known at the root.
    to_mate: f32,
}

/// Chooses the bot's attempt: the best of `candidates` (attempts not yet refused this turn),
/// `None` when no world can be built or no candidate is legal anywhere.
pub fn choose(
    k: &LoneKing,
    candidates: &[Attempt],
    repeated: &dyn Fn(&Board) -> u32,
) -> Option<Attempt> {
    let search = Search {
        us: k.us,
        fifty_moves: k.fifty_moves,
        promotion: k.promotion,
        repeated,
        to_mate: if k.kings.count() <= 2 {
            TO_MATE_KNOWN
        } else {
            TO_MATE
        },
    };
    let node = Node {
        own: k.own,
        castling: k.castling,
        theirs: k.pawns,
        halfmoves: k.halfmoves,
        worlds: search.worlds(k.own, k.castling, k.pawns, k.kings),
        probes: 1,
    };
    if node.worlds.is_empty() {
        return None;
    }
    // Every attempt one move deep, then the best few two moves deep.
    let mut ranked: Vec<(f32, Attempt)> = candidates
        .iter()
        .filter_map(|&a| search.value(&node, a, candidates, 0).map(|v| (v, a)))
        .collect();
    ranked.sort_by(|x, y| y.0.total_cmp(&x.0));
    ranked.truncate(DEEPER);
    let mut best: Option<(f32, Attempt)> = None;
    for (shallow, a) in ranked {
        // A sure mate needs no more thought.
        let v = if shallow >= MATE {
            shallow
        } else {
            search.value(&node, a, candidates, 1).unwrap_or(shallow)
        };
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, a));
        }
    }
    best.map(|(_, a)| a)
}

impl Search<'_> {
    /// The worlds of the squares in `kings` ([`worlds`]).
    fn worlds(
        &self,
        own: &Board,
        castling: Bitboard,
        theirs: Bitboard,
        kings: Bitboard,
    ) -> Vec<World> {
        worlds(own, self.us, castling, theirs, kings)
    }

    /// The best value of any of `candidates` at `node`, looking `depth` moves further.
    fn best(&self, node: &Node, candidates: &[Attempt], depth: u32) -> Option<f32> {
        candidates
            .iter()
            .filter_map(|&a| self.value(node, a, candidates, depth))
            .reduce(f32::max)
    }

    /// The expected value of attempting `a` at `node`; `None` when it is refused in every world
    /// (it would tell nothing and change nothing). `depth`: how many more of the bot's moves
    /// to look at after this one.
    fn value(&self, node: &Node, a: Attempt, candidates: &[Attempt], depth: u32) -> Option<f32> {
        let mut own = node.own.clone();
        let mut castling = node.castling;
        move_own_piece(&mut own, &mut castling, self.us, a);
        let pawn_move = node.own.role_at(a.from) == Some(Role::Pawn);
        // Taking an enemy pawn resets the count too (the king is never on a pawn's square).
        let takes = node.theirs.contains(a.to);
        let halfmoves = if pawn_move || takes {
            0
        } else {
            node.halfmoves + 1
        };
        let theirs = node.theirs.without(a.to);
        let out = outcomes(&node.worlds, a, &own, theirs);
        if out.legal == 0 {
            return None;
        }
        let mut total = out.ended;
        for group in out.groups {
            let mut v = 0.0;
            if group.steps.any() {
                let next = Node {
                    own: &own,
                    castling,
                    theirs,
                    halfmoves,
                    worlds: Vec::new(),
                    probes: 0,
                };
                v = self.stepped(next, group.steps, depth);
                v -= repetition((self.repeated)(&own));
            }
            total += v * group.count as f32 + group.loss;
        }
        if out.refused.any() {
            let v = self.refusal(node, a, candidates, depth, out.refused);
            total += v * out.refused.count() as f32;
        }
        Some(total / node.worlds.len() as f32)
    }

    /// The value of the king having stepped into `steps` (the bot to move at `next`): the best
    /// attempt there while `depth` moves are left to look at, else the position's score.
    fn stepped(&self, next: Node, steps: Bitboard, depth: u32) -> f32 {
        if depth > 0 {
            let next = Node {
                worlds: self.worlds(next.own, next.castling, next.theirs, steps),
                ..next
            };
            let side = Side {
                board: next.own,
                color: self.us,
                castling: next.castling,
                promotion: self.promotion,
            };
            let moves = side.possible_attempts();
            self.best(&next, &moves, depth - 1)
                .map_or_else(|| self.score(&next, steps), |b| LATER * b)
        } else {
            self.score(&next, steps)
        }
    }

    /// The value of the worlds in `refused`, where `a` was refused: a refusal costs no move, so
    /// the best other attempt on the narrowed set (one level deep).
    fn refusal(
        &self,
        node: &Node,
        a: Attempt,
        candidates: &[Attempt],
        depth: u32,
        refused: Bitboard,
    ) -> f32 {
        let narrowed = Node {
            own: node.own,
            castling: node.castling,
            theirs: node.theirs,
            halfmoves: node.halfmoves,
            worlds: Vec::new(),
            probes: node.probes.saturating_sub(1),
        };
        let v = if node.probes > 0 {
            let narrowed = Node {
                worlds: node
                    .worlds
                    .iter()
                    .filter(|(sq, _)| refused.contains(*sq))
                    .cloned()
                    .collect(),
                ..narrowed
            };
            let rest: Vec<Attempt> = candidates.iter().copied().filter(|&b| b != a).collect();
            self.best(&narrowed, &rest, depth)
        } else {
            None
        };
        // Below that, as if the bot had passed and the king had stepped.
        v.unwrap_or_else(|| {
            let grown = grow(node.own, self.us, refused) & !node.theirs;
            self.score(&narrowed, grown)
        })
    }
}

/// The worlds of the squares in `kings` that make a legal position with `us` (pieces `own`,
/// rooks that may castle `castling`) to move, the enemy's pawns on `theirs`.
pub(super) fn worlds(
    own: &Board,
    us: Color,
    castling: Bitboard,
    theirs: Bitboard,
    kings: Bitboard,
) -> Vec<World> {
    let mut out = Vec::with_capacity(kings.count());
    for sq in kings & !own.occupied() & !theirs {
        let mut board = own.clone();
        for p in theirs {
            board.set_piece_at(p, (!us).pawn());
        }
        board.set_piece_at(sq, (!us).king());
        let setup = Setup {
            board,
            promoted: Bitboard::EMPTY,
            pockets: None,
            turn: us,
            castling_rights: castling,
            ep_square: None,
            remaining_checks: None,
            halfmoves: 0,
            fullmoves: std::num::NonZeroU32::MIN,
        };
        let pos = match setup.clone().position::<Chess>(CastlingMode::Standard) {
            Ok(pos) => Some(pos),
            // Castling rights the position does not allow are dropped, not the world.
            Err(_) => Setup {
                castling_rights: Bitboard::EMPTY,
                ..setup
            }
            .position::<Chess>(CastlingMode::Standard)
            .ok(),
        };
        if let Some(pos) = pos {
            out.push((sq, pos));
        }
    }
    out
}

/// Worlds that heard the same check directions after an attempt.
struct Group {
    /// The check directions heard, one bit each.
    heard: u8,
    /// The squares the king may step to.
    steps: Bitboard,
    /// How many worlds.
    count: u32,
    /// Their summed expected losses (a king taking a piece).
    loss: f32,
}

/// What attempting `a` does in each world, the bot's pieces then being `own`.
struct Outcomes {
    /// The squares of the worlds where it is refused.
    refused: Bitboard,
    /// How many worlds allow it.
    legal: u32,
    /// The summed value of the worlds where it ends the game (a mate or a draw).
    ended: f32,
    /// The other worlds, by what the bot hears (as the tracker will group them).
    groups: Vec<Group>,
}

/// Plays `a` in every world of `worlds`: refused, ending the game, or grouped by what is heard
/// (the bot's pieces then `own`, the enemy's pawns `theirs`).
fn outcomes(worlds: &[World], a: Attempt, own: &Board, theirs: Bitboard) -> Outcomes {
    let uci = a.to_uci();
    let mut out = Outcomes {
        refused: Bitboard::EMPTY,
        legal: 0,
        ended: 0.0,
        groups: Vec::new(),
    };
    for (sq, pos) in worlds {
        let Ok(m) = uci.to_move(pos) else {
            out.refused.add(*sq);
            continue;
        };
        out.legal += 1;
        let mut after = pos.clone();
        after.play_unchecked(m);
        if after.is_checkmate() {
            out.ended += MATE;
            continue;
        }
        if after.is_stalemate() || after.is_insufficient_material() {
            out.ended += DRAW;
            continue;
        }
        let (heard, steps, loss) = king_replies(&after, *sq, own, theirs);
        match out.groups.iter_mut().find(|g| g.heard == heard) {
            Some(g) => {
                g.steps |= steps;
                g.count += 1;
                g.loss += loss;
            }
            None => out.groups.push(Group {
                heard,
                steps,
                count: 1,
                loss,
            }),
        }
    }
    out
}

/// After an attempt that neither mates nor draws, the king on `sq`: the check directions heard,
/// the squares the king may step to, and the expected loss from a king (or a pawn of
/// `theirs`) that may take a piece. A pawn's push (one the attempt unblocked) is counted as
/// the king staying where it is: the search keeps the pawns as obstacles.
fn king_replies(after: &Chess, sq: Square, own: &Board, theirs: Bitboard) -> (u8, Bitboard, f32) {
    let mut heard = 0u8;
    for checker in after.checkers() {
        heard |= 1 << check_direction(after.board(), sq, checker) as u8;
    }
    let mut steps = Bitboard::EMPTY;
    let mut loss: f32 = 0.0;
    let mut takes = false;
    for reply in after.legal_moves() {
        match reply.capture() {
            Some(role) => {
                takes = true;
                loss = loss.min(lost(own, theirs, reply.to(), role));
            }
            None if reply.role() == Role::King => steps.add(reply.to()),
            None => steps.add(sq),
        }
    }
    let chance = if steps.is_empty() { 1.0 } else { TAKES };
    let loss = if takes { chance * loss } else { 0.0 };
    (heard, steps, loss)
}

/// What losing the piece `role` on `sq` costs (negative): its value, or a draw when what is
/// left cannot mate (pawns blocked by `theirs` do not count).
fn lost(own: &Board, theirs: Bitboard, sq: Square, role: Role) -> f32 {
    let mut left = own.clone();
    left.discard_piece_at(sq);
    if can_mate(&left, theirs) {
        -10.0 * f32::from(super::pawns(role))
    } else {
        DRAW - WON
    }
}

/// Whether these pieces (one side's) can force mate against a lone king: a queen, a rook, a
/// pawn (it may promote; not one blocked by an enemy pawn of `theirs` in front of it), two
/// bishops on both colours, or a bishop and a knight.
pub fn can_mate(own: &Board, theirs: Bitboard) -> bool {
    super::can_mate_with(own, own.occupied(), theirs)
}

/// What an own arrangement seen before at the bot's turn costs (a draw by repetition needs the
/// whole position three times; the bot cannot see the king's square, so it shies away early).
fn repetition(times: u32) -> f32 {
    match times {
        0 => 0.0,
        1 => 4.0,
        _ => 0.2 * WON,
    }
}

/// The squares of `set` and one king step from them that the king may stand on.
fn grow(own: &Board, us: Color, set: Bitboard) -> Bitboard {
    set | (neighbours(set) & unattacked(own, us))
}

/// Squares the enemy king may step on: not attacked by the bot's pieces (the king itself does
/// not block, it moves along the line) and no defended own piece.
pub fn unattacked(own: &Board, us: Color) -> Bitboard {
    let occupied = own.occupied();
    let mut attacked = Bitboard::EMPTY;
    for sq in own.by_color(us) {
        if let Some(piece) = own.piece_at(sq) {
            attacked |= shakmaty::attacks::attacks(sq, piece, occupied);
        }
    }
    !attacked
}
