//! Move input: the one mapping from what the user did (a click or a drop on a board that takes
//! moves, a typed line) to an attempt for the referee. Typed moves, from a player's move field
//! and from the club referee's console alike, are resolved against the mover's own board only
//! ([`resolve_typed`]), never against the true position.

use super::{Intent, PlayMode, PlayScreen, club};
use crate::attempt::Attempt;
use crate::view::PlayerView;
use shakmaty::san::San;
use shakmaty::{Bitboard, Rank, Role, Square};
use std::time::Duration;

impl PlayScreen {
    /// The typed line was entered (Enter or the button): a console command in club referee
    /// mode, otherwise a move.
    pub(super) fn typed(&mut self, now: Duration) {
        if self.mode == PlayMode::Referee {
            match club::parse(&self.move_text) {
                Ok(command) => self.club_command(command, now),
                Err(e) => {
                    self.message = Some(e);
                    self.focus_input = true;
                }
            }
            return;
        }
        let text = self.move_text.trim().to_owned();
        if text.is_empty() {
            return;
        }
        self.play_typed(&text, now);
    }

    /// Plays a typed move (UCI or SAN) for the side to move, resolved against its own board: on
    /// success the field is cleared and the attempt goes to the referee; otherwise the message
    /// says why.
    pub(super) fn play_typed(&mut self, text: &str, now: Duration) {
        let mover = self.session.to_move();
        let resolved = resolve_typed(self.session.view(mover), text);
        match resolved {
            Ok(a) => {
                self.move_text.clear();
                let request = self.attempt_request(a);
                self.request(request, now);
            }
            Err(message) => self.message = Some(message),
        }
    }
}

/// A click on a board that takes moves: picks up one of the mover's pieces (`movable`, as that
/// board shows them), puts the selected one down again, or tries it to the clicked square.
pub(super) fn click_intent(
    view: &PlayerView,
    movable: Bitboard,
    selected: Option<Square>,
    sq: Square,
) -> Option<Intent> {
    if movable.contains(sq) && selected != Some(sq) {
        return Some(Intent::Select(Some(sq)));
    }
    match selected {
        Some(from) if from == sq => Some(Intent::Select(None)),
        Some(from) => Some(attempt_intent(view, Attempt::new(from, sq))),
        None => None,
    }
}

/// An attempt from the board: a pawn reaching the last rank first asks for the promotion piece.
pub(super) fn attempt_intent(view: &PlayerView, a: Attempt) -> Intent {
    let promotes = view.own.role_at(a.from) == Some(Role::Pawn)
        && a.to.rank() == view.color.relative_rank(Rank::Eighth);
    if promotes {
        Intent::AskPromotion(a)
    } else {
        Intent::Attempt(a)
    }
}

/// Resolves a typed move (UCI or SAN) against the player's own board only.
pub fn resolve_typed(view: &PlayerView, text: &str) -> Result<Attempt, String> {
    if let Ok(a) = Attempt::parse(text) {
        return Ok(a);
    }
    let cleaned: String = text.trim_end_matches(['+', '#', '!', '?']).to_owned();
    let san = San::from_ascii(cleaned.as_bytes()).map_err(|_| {
        format!("'{text}' is not a move: type it like e2e4, Nf3, exd5, O-O or e8=Q")
    })?;
    let candidates: Vec<Attempt> = view
        .possible_attempts()
        .into_iter()
        .filter(|a| san_matches(view, san, *a))
        .collect();
    match candidates.as_slice() {
        [one] => Ok(*one),
        [] => Err(format!("none of your pieces can play {text}")),
        many => Err(format!(
            "{text} is ambiguous: {}",
            many.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" or ")
        )),
    }
}

/// Whether the attempt `a` on the player's own board is the typed SAN move.
fn san_matches(view: &PlayerView, san: San, a: Attempt) -> bool {
    let role = view.own.role_at(a.from);
    match san {
        San::Normal {
            role: r,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            role == Some(r)
                && to == a.to
                && file.is_none_or(|f| f == a.from.file())
                && rank.is_none_or(|rk| rk == a.from.rank())
                && promotion == a.promotion
                && (!capture || r != Role::Pawn || a.from.file() != a.to.file())
        }
        San::Castle(side) => {
            role == Some(Role::King)
                && a.from.distance(a.to) == 2
                && a.from.rank() == a.to.rank()
                && (a.to.file() > a.from.file()) == (side == shakmaty::CastlingSide::KingSide)
        }
        _ => false,
    }
}
