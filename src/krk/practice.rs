//! Practice games of KR vs K against the computer: random starts, and White's knowledge (the
//! metaposition) derived from what White did and heard, nothing else. The computer itself is the
//! KR vs K bot in `bots::krk`.

use super::players::History;
use super::run::random_starts;
use super::{Meta, rook_always_exposed};
use crate::announce::Item;
use crate::attempt::Attempt;
use crate::referee::Request;
use crate::view::PlayerView;
use shakmaty::{Color, Role, Setup, Square};

/// The name the computer played under before saves named the bot ([`crate::save::Computer`]):
/// only for reading older practice saves.
pub const LEGACY_COMPUTER_NAME: &str = "Computer (KR vs K)";

/// A random KR vs K start from `seed` (White to move), where White can force mate: starts
/// whose rook no first attempt keeps safe ([`rook_always_exposed`]) are skipped, so every
/// practice game is a fair exercise for both sides.
pub fn random_start(seed: u64) -> Setup {
    let start = random_starts(64, seed)
        .into_iter()
        .find(|s| !rook_always_exposed(s.wk, s.wr))
        .unwrap_or(super::run::Start {
            wk: Square::E1,
            wr: Square::A1,
            bk: Square::E8,
        });
    start.setup()
}

/// White's king and rook if `setup` is KR vs K (anything else: `None`).
fn krk_pieces(setup: &Setup) -> Option<(Square, Square)> {
    let board = &setup.board;
    let white = board.by_color(Color::White);
    let black = board.by_color(Color::Black);
    if white.count() != 2 || black.count() != 1 || board.kings() & black != black {
        return None;
    }
    let wk = (board.kings() & white).first()?;
    let wr = (board.by_role(Role::Rook) & white).first()?;
    Some((wk, wr))
}

/// White's knowledge in a KR vs K game: the metaposition and the repetition history, updated
/// from White's own attempts, what White heard, and the end of Black's turns. The one derivation
/// of what White knows, used by the practice bot (from its seat's view, [`white_knowledge`]) and
/// by the `krk` runs (event by event).
#[derive(Clone, Debug)]
pub struct WhiteKnowledge {
    /// The set of black king squares and White's pieces.
    pub meta: Meta,
    /// The positions so far, for repetitions.
    pub history: History,
}

impl WhiteKnowledge {
    /// At the start, White to move with its king on `wk` and rook on `wr`.
    pub fn start(wk: Square, wr: Square) -> WhiteKnowledge {
        let meta = Meta::start(wk, wr);
        let mut history = History::default();
        history.record(meta.wk, meta.wr, meta.bk, false);
        WhiteKnowledge { meta, history }
    }

    /// White attempted `a` and heard `heard`. Returns `false` once the knowledge is no longer KR
    /// vs K (the rook was captured) or the king set is empty (cannot happen: it keeps the truth).
    pub fn white_tried(&mut self, a: Attempt, heard: &[Item], turn_ends: bool) -> bool {
        if heard.iter().any(|i| matches!(i, Item::Captured(_))) {
            return false;
        }
        self.meta.after_white(a, heard);
        if turn_ends {
            self.history
                .record(self.meta.wk, self.meta.wr, self.meta.bk, true);
        }
        !self.meta.bk.is_empty()
    }

    /// Black's turn ended after `refused` attempts White heard refused (0 for a player that does
    /// not narrow its set by them).
    pub fn black_moved(&mut self, refused: usize) {
        self.meta.after_black(refused);
        self.history
            .record(self.meta.wk, self.meta.wr, self.meta.bk, false);
    }
}

/// White's knowledge from White's own view, as the computer keeps it: it does not narrow its set
/// by Black's refused attempts (see `OurPlayer::uses_refusals`). `None` if the game did not start
/// as KR vs K with White to move, or the rook is gone.
pub fn white_knowledge(view: &PlayerView) -> Option<(Meta, History)> {
    if view.color != Color::White {
        return None;
    }
    let (wk, wr) = krk_pieces(&view.start)?;
    if view.start.turn != Color::White {
        return None;
    }
    let mut known = WhiteKnowledge::start(wk, wr);
    let last = view.turns.len().saturating_sub(1);
    for (index, turn) in view.turns.iter().enumerate() {
        for h in &turn.heard {
            if h.items.iter().any(|i| matches!(i, Item::Captured(_))) {
                return None;
            }
            if let Some(Request::Try(a) | Request::Move(a)) = h.request {
                let ends = h.items.contains(&Item::Legal);
                if !known.white_tried(a, &h.items, ends) {
                    return None;
                }
            }
        }
        if turn.mover == Some(Color::Black) && index < last {
            known.black_moved(0);
        }
    }
    Some((known.meta, known.history))
}
