//! The strong bot's hand-over to exact endgame play once the opponent has only its king (and
//! an empty pocket): King and Rook against King by the proven strategy of [`crate::krk`] (the
//! board mirrored when the bot plays Black), everything else by the lone-king search of
//! [`super::mate`].
//!
//! The same search plays on when the opponent has its king and pawns that cannot move (each
//! blocked by a piece of the bot's in front of it, with nothing to take): the pawns are then
//! known obstacles ([`blocked`]), taken from the belief once nearly all of its weight agrees on
//! them, and the king's squares are the tracker's (a superset: a sampled belief may have lost
//! the true one).
//!
//! The KR vs K strategy needs White's knowledge since the ending began: the set of king squares
//! when the bot first met the ending (the view's king tracker, exact for a lone king) and every
//! attempt and answer since, which it replays from the view at each request. It also keeps the
//! history of sets the strategy uses to avoid a third repetition.

use super::mate::{self, LoneKing};
use crate::announce::Item;
use crate::attempt::Attempt;
use crate::krk::Meta;
use crate::krk::players::{OurPlayer, Player};
use crate::krk::practice::WhiteKnowledge;
use crate::referee::{Referee, Request};
use crate::view::PlayerView;
use shakmaty::{Bitboard, Board, Color, Role, Square};

/// Where the KR vs K strategy took over: the turn, how many of the bot's entries of that turn
/// came before, and White's knowledge then (mirrored for Black).
#[derive(Clone, Debug)]
struct Entry {
    turn: usize,
    heard: usize,
    meta: Meta,
}

/// The endgame player: the KR vs K strategy and the lone-king search.
#[derive(Default)]
pub struct Endgame {
    player: Option<OurPlayer>,
    krk: Option<Entry>,
}

/// A square seen from White's side (the board mirrored when the bot plays Black).
fn mirror(sq: Square, us: Color) -> Square {
    match us {
        Color::White => sq,
        Color::Black => sq.flip_vertical(),
    }
}

/// An attempt seen from White's side.
fn mirror_attempt(a: Attempt, us: Color) -> Attempt {
    Attempt {
        from: mirror(a.from, us),
        to: mirror(a.to, us),
        promotion: a.promotion,
    }
}

/// A set of squares seen from White's side.
fn mirror_set(set: Bitboard, us: Color) -> Bitboard {
    match us {
        Color::White => set,
        Color::Black => set.flip_vertical(),
    }
}

/// Whether the seat is in a lone-king ending this module plays: Kriegspiel without drops or
/// opened squares, the opponent known to have only its king.
pub fn applies(seat: &PlayerView) -> bool {
    seat.rules.variant().plain() && seat.king.lone() && seat.king.possible.any()
}

/// Starts building the distance-to-mate table ([`super::tablebase`]) while the game goes on
/// once the seat is left with two minor pieces that mate, in the rule sets this module plays.
pub fn prepare(seat: &PlayerView) {
    if seat.rules.variant().plain() {
        super::tablebase::prepare(&seat.own, seat.color);
    }
}

/// An enemy with only its king and pawns that cannot move: where the king may stand and the
/// pawns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blocked {
    pub kings: Bitboard,
    pub pawns: Bitboard,
}

/// The enemy's king and blocked pawns when the worlds of the belief (`worlds`, with their
/// `weights`) nearly all ([`AGREE`] of the weight) agree that the opponent has only its king
/// and pawns, as many units as the seat knows it has, on the same squares, each pawn
/// with a piece of the bot's in front of it and none it could take; `None` otherwise (or with
/// no pawn: a lone king is [`applies`]'s). `exact`: the worlds are every world there is (and the
/// king's squares are theirs when they all agree; else the tracker's).
///
/// Nearly all, not all: a refused push says that something stands in front of our pawn, the
/// blocked pawn or the king, and the worlds where it was the king (with the pawn elsewhere)
/// are never ruled out, only outweighed as the king is found elsewhere.
pub fn blocked(
    seat: &PlayerView,
    worlds: &[Referee],
    weights: &[f64],
    exact: bool,
) -> Option<Blocked> {
    if !seat.rules.variant().plain() || seat.king.lone() {
        return None;
    }
    let them = !seat.color;
    let mine = seat.own.by_color(seat.color);
    // Each arrangement of the enemy pawns with its weight and the king's squares in it.
    let mut arrangements: Vec<(Bitboard, f64, Bitboard)> = Vec::new();
    for (w, p) in worlds.iter().zip(weights) {
        let board = w.true_setup().board;
        let theirs = board.by_color(them);
        let their_pawns = theirs & board.pawns();
        let Some(king) = board.king_of(them) else {
            continue;
        };
        if theirs != their_pawns.with(king) {
            // A world with a piece (a pawn that queened, in a sample): it disagrees.
            continue;
        }
        match arrangements.iter_mut().find(|(b, _, _)| *b == their_pawns) {
            Some((_, total, kings)) => {
                *total += p;
                kings.add(king);
            }
            None => arrangements.push((their_pawns, *p, Bitboard::from_square(king))),
        }
    }
    let total: f64 = weights.iter().sum();
    let (pawns, weight, kings) = arrangements
        .into_iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    if weight < AGREE * total {
        return None;
    }
    // Every enemy unit accounted for: a sample that lost the truth may agree on too few pawns.
    if pawns.is_empty() || pawns.count() + 1 != seat.king.opponent_units as usize {
        return None;
    }
    let stuck = pawns.into_iter().all(|p| {
        super::pawn_front(p, them).is_some_and(|a| mine.contains(a))
            && (shakmaty::attacks::pawn_attacks(them, p) & mine).is_empty()
    });
    // The king's squares: the belief's when it holds every world and they all agree, else the
    // tracker's, which holds every square the king may stand on (a sample may have lost the
    // true one).
    let kings = if exact && weight >= total && (kings & !seat.king.possible).is_empty() {
        kings
    } else {
        seat.king.possible & !pawns & !mine
    };
    stuck.then_some(Blocked { kings, pawns })
}

/// The share of the belief's weight that must agree on where the enemy pawns stand for
/// [`blocked`] to take them as known.
const AGREE: f64 = 0.9;

impl Endgame {
    /// The bot's next attempt in a lone-king ending (see [`applies`]), or against a king with
    /// `blocked` pawns; `None` to let the bot play on by other means. `halfmoves`: plies since
    /// the last capture or pawn move; `repeated`: how often an own arrangement stood on the
    /// board at the bot's turn before.
    pub fn next(
        &mut self,
        seat: &PlayerView,
        blocked: Option<Blocked>,
        halfmoves: u32,
        repeated: &dyn Fn(&Board) -> u32,
    ) -> Option<Request> {
        let (kings, pawns) = if applies(seat) {
            (seat.king.possible, Bitboard::EMPTY)
        } else if let Some(b) = blocked {
            self.krk = None;
            (b.kings, b.pawns)
        } else {
            self.krk = None;
            return None;
        };
        let mut candidates = seat.untried_attempts();
        candidates.retain(|a| a.dropped().is_none());
        if pawns.is_empty()
            && let Some(a) = self.krk_attempt(seat)
            && candidates.contains(&a)
        {
            return Some(Request::Try(a));
        }
        // Two bishops from a placement the proven strategy covers ([`crate::kbb`]). The
        // strategy knows nothing of repetitions: an attempt that would set up our pieces as
        // they stood at two of our turns before (a third repetition may follow) is left out,
        // and another entry covering the set taken, or the search's choice.
        let fresh = |a: Attempt| {
            let mut after = seat.own.clone();
            let mut castling = seat.castling;
            crate::possible::move_own_piece(&mut after, &mut castling, seat.color, a);
            candidates.contains(&a) && repeated(&after) < 2
        };
        if pawns.is_empty()
            && let Ok(strategy) = crate::kbb::Strategy::get()
            && let Some((a, _)) = strategy.next(&seat.own, seat.color, kings, &fresh)
        {
            return Some(Request::Try(a));
        }
        // The king nearly caught: a sure mate within a few moves, when there is one.
        if pawns.is_empty()
            && let Some(a) = super::finish::sure_mate(
                &seat.own,
                seat.color,
                kings,
                seat.rules.fifty_moves.then_some(halfmoves),
                &fresh,
            )
        {
            return Some(Request::Try(a));
        }
        let k = LoneKing {
            own: &seat.own,
            us: seat.color,
            castling: seat.castling,
            kings,
            pawns,
            halfmoves,
            fifty_moves: seat.rules.fifty_moves,
            promotion: seat.rules.promotion,
        };
        mate::choose(&k, &candidates, repeated).map(Request::Try)
    }

    /// The KR vs K strategy's attempt when the bot has exactly its king and a rook.
    fn krk_attempt(&mut self, seat: &PlayerView) -> Option<Attempt> {
        let us = seat.color;
        let own = seat.own.by_color(us);
        let (Some(king), Some(rook)) = (
            seat.own.king_of(us),
            (seat.own.by_role(Role::Rook) & own).single_square(),
        ) else {
            self.krk = None;
            return None;
        };
        if own.count() != 2 {
            self.krk = None;
            return None;
        }
        if self.player.is_none() {
            self.player = OurPlayer::new().ok();
        }
        let entry = match &self.krk {
            Some(e) => e.clone(),
            None => {
                let turn = seat.turns.len().checked_sub(1)?;
                let heard = seat.turns[turn]
                    .heard
                    .iter()
                    .filter(|h| h.request.is_some())
                    .count();
                let e = Entry {
                    turn,
                    heard,
                    meta: Meta {
                        wk: mirror(king, us),
                        wr: mirror(rook, us),
                        bk: mirror_set(seat.king.possible, us),
                    },
                };
                self.krk = Some(e.clone());
                e
            }
        };
        let know = replay(seat, &entry)?;
        // The knowledge must describe the board as it is (else the ending was misread).
        if know.meta.wk != mirror(king, us) || know.meta.wr != mirror(rook, us) {
            self.krk = None;
            return None;
        }
        let player = self.player.as_mut()?;
        let a = player.choose_in_game(&know.meta, &know.history);
        Some(mirror_attempt(a, us))
    }
}

/// White's knowledge now: the entry's, then every own attempt with its answer and every end of
/// the opponent's turn since.
fn replay(seat: &PlayerView, entry: &Entry) -> Option<WhiteKnowledge> {
    let us = seat.color;
    let mut history = crate::krk::players::History::default();
    history.record(entry.meta.wk, entry.meta.wr, entry.meta.bk, false);
    let mut know = WhiteKnowledge {
        meta: entry.meta,
        history,
    };
    let last = seat.turns.len().saturating_sub(1);
    for (index, turn) in seat.turns.iter().enumerate().skip(entry.turn) {
        let own_entries = turn.heard.iter().filter(|h| h.request.is_some());
        let skip = if index == entry.turn { entry.heard } else { 0 };
        if turn.mover == Some(us) {
            for h in own_entries.skip(skip) {
                if let Some(Request::Try(a)) = h.request {
                    let items: Vec<Item> = h.items.iter().map(|i| mirror_item(*i, us)).collect();
                    let ends = items.contains(&Item::Legal);
                    if !know.white_tried(mirror_attempt(a, us), &items, ends) {
                        return None;
                    }
                }
            }
        } else if turn.mover.is_some() && index < last && index > entry.turn {
            if turn
                .heard
                .iter()
                .flat_map(|h| &h.items)
                .any(|i| matches!(i, Item::Captured(_) | Item::Capture { .. }))
            {
                return None;
            }
            know.black_moved(0);
        }
    }
    (!know.meta.bk.is_empty()).then_some(know)
}

/// An item as heard from White's side (squares mirrored; check directions keep their names
/// under a vertical mirror).
fn mirror_item(item: Item, us: Color) -> Item {
    match item {
        Item::Capture { square, unit } => Item::Capture {
            square: mirror(square, us),
            unit,
        },
        Item::Captured(square) => Item::Captured(mirror(square, us)),
        other => other,
    }
}
