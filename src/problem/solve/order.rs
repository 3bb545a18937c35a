//! The solver's choices at its turn: which attempts (and whether "Any?") are worth searching
//! and in what order, the question's answers, and the quick tests of the last move (a mate in
//! one from a position known in full, an attempt that cannot mate everywhere).

use super::{ANY, Candidate, Solver, Split};
use crate::announce::Item;
use crate::attempt::Attempt;
use crate::problem::tree::{Act, After, Answer, Strategy};
use crate::referee::{Referee, Request};
use crate::view::san::own_san;
use crate::worlds::{self, Groups};
use shakmaty::Color;
use std::sync::Arc;

impl Solver {
    /// The attempts (and the question) worth searching from `belief`, best first: the attempts
    /// that end in a draw anywhere, or teach nothing, are dropped; attempts that mate wherever
    /// they are legal come first, then "Any?" where it tells the positions apart, then those the
    /// opponent cannot answer by taking the moved unit, finest split first. Each comes with its
    /// answers, which the search then uses.
    pub(super) fn candidates(&mut self, belief: &[Referee], depth: u8) -> Vec<Candidate> {
        let mut candidates: Vec<(usize, Candidate)> = Vec::new();
        if let Some(groups) = self.question(belief) {
            let largest = groups.iter().map(|(_, g)| g.len()).max().unwrap_or(0);
            candidates.push((1 + largest * 4, Candidate::Any(groups)));
        }
        // The legal moves of each position, for a quick look at the last move.
        let legal: Vec<Vec<Attempt>> = if depth == 1 {
            belief.iter().map(Referee::legal_attempts).collect()
        } else {
            Vec::new()
        };
        // The attempts legal somewhere (Kriegspiel's referee lists them): one legal nowhere is
        // refused everywhere, a candidate only where the refusal releases the solver; the
        // others are passed over without copying every position to be told so.
        let somewhere = legal_somewhere(belief);
        for a in belief[0].mover_side().possible_attempts() {
            if let Some(keys) = &somewhere
                && keys.binary_search(&a.key()).is_err()
            {
                continue;
            }
            // The last move must mate wherever it is legal: most attempts fail that in their
            // first positions, before the whole belief is split.
            if depth == 1 && !self.may_mate_at_once(belief, &legal, a) {
                continue;
            }
            // An attempt refused everywhere teaches nothing (but may release the solver from
            // "Any?" = "Try": then it is a candidate, answered by going on from the refusal).
            let Some(mut split) = self.split(belief, a) else {
                continue;
            };
            if split.legal.is_empty() {
                if releases(belief, &split.refused) {
                    candidates.push((1, Candidate::Try(a, split)));
                }
                continue;
            }
            {
                if let Some(rank) = self.rank(a, &mut split, depth) {
                    candidates.push((rank, Candidate::Try(a, split)));
                }
            }
        }
        // Within a band of ranks, the attempts that proved most so far first (the history
        // heuristic; measured on Rotenberg's mate in 8: bands of 64 save 14 % of the nodes,
        // ordering by history alone costs more than it saves).
        let history = |c: &Candidate| match c {
            Candidate::Try(a, _) => self.history[usize::from(a.key())],
            Candidate::Any(_) => 0,
        };
        candidates.sort_by_key(|(rank, c)| (*rank / 64, std::cmp::Reverse(history(c)), *rank));
        candidates.into_iter().map(|(_, c)| c).collect()
    }

    /// Where `a` (answered `split`) comes among the attempts (lower first): 0 when it mates
    /// wherever it is legal; `None` when it cannot be the last move of a mate in one.
    fn rank(&mut self, a: Attempt, split: &mut Split, depth: u8) -> Option<usize> {
        let mates = split
            .legal
            .iter()
            .filter(|(_, g)| g.iter().all(|r| self.won(r)))
            .count();
        let all_mate = mates == split.legal.len();
        if all_mate {
            return Some(0);
        }
        if depth == 1 {
            return None;
        }
        let largest = split
            .legal
            .iter()
            .map(|(_, g)| g.len())
            .chain(std::iter::once(split.refused.len()))
            .max()
            .unwrap_or(0);
        // Where the moved unit could be taken at once by a unit other than the king, the
        // opponent gets a chance.
        let danger = split
            .legal
            .iter()
            .flat_map(|(_, g)| g)
            .filter(|r| {
                let board = r.true_board();
                r.over().is_none()
                    && (board.attacks_to(a.to, !self.solver, board.occupied()) & !board.kings())
                        .any()
            })
            .count();
        // A refusal that leaves a mate at once makes the attempt a free question.
        let free = depth > 2 && !split.refused.is_empty() && {
            worlds::normalize(&mut split.refused);
            self.turn(&split.refused, 1).is_some()
        };
        Some(1 + danger * 64 + largest * 4 - mates.min(3) + if free { 0 } else { 1024 })
    }

    /// The answers to "Any?" across `belief`, when the rules allow it now and the answers tell
    /// some positions from others (a question every position answers alike teaches nothing).
    pub(super) fn question(&self, belief: &[Referee]) -> Option<Groups<Referee>> {
        let first = belief.first()?;
        if !first.rules().has_any() || first.any_asked() {
            return None;
        }
        let split = worlds::split(belief, &Request::Any, self.solver, |_| false)?;
        (split.taken.is_empty() && split.refused.len() > 1).then_some(split.refused)
    }

    /// Whether asking "Any?" (answered `groups` across `belief`) wins, and how: each answer's
    /// belief is searched with the same moves left.
    pub(super) fn ask(
        &mut self,
        belief: &[Referee],
        mut groups: Groups<Referee>,
        depth: u8,
    ) -> Option<Strategy> {
        let wording = belief.first()?.rules().wording;
        // The smallest answer first: it is the quickest to refute.
        groups.sort_by_key(|(_, g)| g.len());
        let (heard, beliefs): (Vec<_>, Vec<_>) = groups.into_iter().unzip();
        let answers = heard
            .iter()
            .zip(self.turns(beliefs, depth)?)
            .map(|(h, then)| Answer {
                heard: crate::wording::heard_line(h, wording, self.solver, Some(self.solver)),
                san: ANY.to_owned(),
                then: After::Again(then),
            })
            .collect();
        Some(Strategy {
            act: Act::Any,
            san: ANY.to_owned(),
            answers,
            refused: None,
        })
    }

    /// A mate in one in the one position `r` (the solver knows it all: only a legal move that
    /// mates can do it; the moves that give no check are passed over without being played,
    /// unless material checkmates count).
    pub(super) fn mate_at_once(&mut self, r: &Referee) -> Option<Arc<Strategy>> {
        let board = r.true_board();
        for a in r.legal_attempts() {
            if !self.material_mates && !gives_check(board, a, self.solver) {
                continue;
            }
            let mut after = r.clone();
            let Ok(said) = after.apply(&Request::Try(a)) else {
                continue;
            };
            if !self.won(&after) {
                continue;
            }
            let heard: Vec<Item> = crate::announce::heard_by(&said, self.solver).collect();
            let capture = heard.iter().any(|i| matches!(i, Item::Capture { .. }));
            let side = r.mover_side();
            let mut san = own_san(&side, a, capture);
            san.push('#');
            let wording = r.rules().wording;
            return Some(Arc::new(Strategy {
                act: Act::Try(a),
                san: own_san(&side, a, false),
                answers: vec![Answer {
                    heard: crate::wording::heard_line(
                        &heard,
                        wording,
                        self.solver,
                        Some(self.solver),
                    ),
                    san,
                    then: After::Mate,
                }],
                refused: None,
            }));
        }
        None
    }

    /// Whether `a` mates (or is refused) in every position of `belief` (whose legal moves are
    /// `legal`), looked at one position after another until one where it is legal and does not
    /// mate (a move that gives no check is not played to see it).
    fn may_mate_at_once(&self, belief: &[Referee], legal: &[Vec<Attempt>], a: Attempt) -> bool {
        let request = Request::Try(a);
        belief.iter().zip(legal).all(|(r, legal)| {
            if !legal.contains(&a) {
                return true;
            }
            if !self.material_mates && !gives_check(r.true_board(), a, self.solver) {
                return false;
            }
            let mut r = r.clone();
            r.apply(&request).is_ok() && self.won(&r)
        })
    }
}

/// Whether the legal move `a` on `board` gives check to the side that is not `mover` (a castling
/// counts as giving check: it is not worked out here).
fn gives_check(board: &shakmaty::Board, a: Attempt, mover: Color) -> bool {
    use shakmaty::{Role, Square};
    let mut b = board.clone();
    let Some(piece) = b.remove_piece_at(a.from) else {
        return true;
    };
    if piece.role == Role::King && a.from.distance(a.to) > 1 {
        return true;
    }
    if piece.role == Role::Pawn && a.from.file() != a.to.file() && b.piece_at(a.to).is_none() {
        // En passant: the pawn taken stands beside the one that takes.
        b.discard_piece_at(Square::from_coords(a.to.file(), a.from.rank()));
    }
    b.discard_piece_at(a.to);
    let role = a.promotion.unwrap_or(piece.role);
    b.set_piece_at(a.to, shakmaty::Piece { color: mover, role });
    b.king_of(!mover)
        .is_none_or(|king| b.attacks_to(king, mover, b.occupied()).any())
}

/// The keys of the attempts legal in some position of `belief`, sorted; `None` where that does
/// not tell which attempts are refused everywhere (another family than Kriegspiel, a placement
/// awaited, or the solver bound by "Any?" = "Try", where a refusal may be a candidate).
fn legal_somewhere(belief: &[Referee]) -> Option<Vec<u16>> {
    let kriegspiel =
        |r: &Referee| r.refuses_all_but_legal_attempts() && !r.bound_to_pawn_captures();
    if !belief.iter().all(kriegspiel) {
        return None;
    }
    let mut keys: Vec<u16> = belief
        .iter()
        .flat_map(|r| r.legal_attempts())
        .map(|a| a.key())
        .collect();
    keys.sort_unstable();
    keys.dedup();
    Some(keys)
}

/// Whether refusals (`refused`, every position of `belief` refused an attempt) released the
/// solver from the duty to try pawn captures that "Any?" = "Try" laid on it.
fn releases(belief: &[Referee], refused: &[Referee]) -> bool {
    belief.first().is_some_and(Referee::bound_to_pawn_captures)
        && refused.iter().all(|r| !r.bound_to_pawn_captures())
}
