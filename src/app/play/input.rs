//! Move input: the one mapping from what the user did (a click or a drop on a board that takes
//! moves, a typed line) to an attempt for the referee. Typed moves, from a player's move field
//! and from the club referee's console alike, are resolved against the mover's own board only
//! ([`resolve_typed`]), never against the true position.
//!
//! SAN is read as players write it: a pawn move without `x` is a push (`h3`), with `x` a capture
//! (`gxh3`). It is matched first against the player's possible attempts and, when none fits,
//! against what the named piece could attempt on an empty board (`Bc4` through the own e2 pawn,
//! `O-O-O` with own pieces between), so the referee answers it as the rules say. A pawn reaching
//! the last rank without a letter promotes to a queen under queen-only rules, and otherwise asks.

use super::{Intent, PlayMode, PlayScreen, club};
use crate::announce::Item;
use crate::attempt::Attempt;
use crate::referee::Request;
use crate::rules::{AnyRule, PromotionRule};
use crate::view::PlayerView;
use shakmaty::san::San;
use shakmaty::{Bitboard, CastlingSide, File, Rank, Role, Square, attacks};
use std::time::Duration;

/// What a typed line asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// Send this attempt to the referee.
    Attempt(Attempt),
    /// A pawn reaches the last rank without a promotion letter: ask for the piece first.
    Promotion(Attempt),
}

/// The id of the move field (the player's bar and the club referee's console share it).
pub fn move_input_id() -> egui::Id {
    egui::Id::unique("move-input")
}

impl PlayScreen {
    /// The typed line was entered (Enter or the button): a console command in club referee
    /// mode, otherwise a move. The move field keeps the keyboard focus.
    pub(super) fn typed(&mut self, now: Duration) {
        self.focus_input = true;
        // Semi-Kriegspiel's placement ("place g8 d5") is a command in every mode.
        let placing = self
            .move_text
            .trim_start()
            .to_lowercase()
            .starts_with("place");
        // At a hot-seat board only the sighted player places its own king and queen: the
        // player at the board must not choose (and so learn) the other side's squares.
        let sighted = self.session.rules().sighted.color();
        if placing && self.mode != PlayMode::Referee && self.active_player() != sighted {
            self.message =
                Some("only the sighted player places its king and queen, at its own board".into());
            self.select_input = true;
            return;
        }
        if self.mode == PlayMode::Referee || placing {
            match club::parse(&self.move_text) {
                Ok(command) => self.club_command(command, now),
                Err(e) => {
                    self.message = Some(e);
                    self.select_input = true;
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
    /// success the field is cleared and the attempt goes to the referee (or the promotion piece
    /// is asked first); otherwise the message says why and the text is selected, so the next
    /// keystrokes replace it.
    pub(super) fn play_typed(&mut self, text: &str, now: Duration) {
        let mover = self.session.to_move();
        let resolved = resolve_typed(self.session.view(mover), text);
        match resolved {
            Ok(Typed::Attempt(a)) => {
                self.move_text.clear();
                let request = self.attempt_request(a);
                self.request(request, now);
            }
            Ok(Typed::Promotion(a)) => {
                self.move_text.clear();
                self.selected = None;
                self.promotion = Some(a);
            }
            Err(message) => {
                self.message = Some(message);
                self.select_input = true;
            }
        }
    }

    /// Called just before the move field is drawn: gives it the keyboard focus when asked, and
    /// once it has the focus after an unusable line, selects the whole text.
    pub(super) fn prepare_move_field(&mut self, ui: &egui::Ui) {
        let id = move_input_id();
        if std::mem::take(&mut self.focus_input) {
            ui.memory_mut(|m| m.request_focus(id));
        }
        if self.select_input && ui.memory(|m| m.has_focus(id)) {
            self.select_input = false;
            let mut state = egui::text_edit::TextEditState::load(ui.ctx(), id).unwrap_or_default();
            state
                .cursor
                .set_char_range(Some(egui::text::CCursorRange::select_all_str(
                    &self.move_text,
                )));
            state.store(ui.ctx(), id);
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
    if promotes(view, a) {
        Intent::AskPromotion(a)
    } else {
        Intent::Attempt(a)
    }
}

/// Whether `a` takes one of the player's own pawns to the last rank.
fn promotes(view: &PlayerView, a: Attempt) -> bool {
    view.own.role_at(a.from) == Some(Role::Pawn)
        && a.to.rank() == view.color.relative_rank(Rank::Eighth)
}

/// After "Any?" was answered "Try" the player must attempt pawn captures: read from what the
/// player heard in its current turn. Under rules where one refused pawn capture releases the
/// obligation (English), it ends there.
pub(super) fn bound_to_pawn_captures(view: &PlayerView) -> bool {
    if !view.my_turn() || !view.any_asked {
        return false;
    }
    let Some(turn) = view.turns.last() else {
        return false;
    };
    let side = view.side();
    let mut bound = false;
    for heard in &turn.heard {
        if heard.items.contains(&Item::AnyAnswer(true)) {
            bound = true;
        } else if bound
            && view.rules.any == AnyRule::OneAttempt
            && heard.items.contains(&Item::Illegal)
            && matches!(&heard.request, Some(Request::Try(a)) if side.is_pawn_capture(*a))
        {
            bound = false;
        }
    }
    bound
}

/// Resolves a typed move (UCI or SAN) against the player's own board only.
pub fn resolve_typed(view: &PlayerView, text: &str) -> Result<Typed, String> {
    let text = text.trim();
    if let Ok(a) = Attempt::parse(text) {
        return Ok(complete_promotion(view, a));
    }
    let cleaned = normalize(text);
    let san = San::from_ascii(cleaned.as_bytes()).map_err(|_| {
        format!("'{text}' is not a move: type it like e2e4, Nf3, exd5, O-O or e8=Q")
    })?;
    let letter = match san {
        San::Normal { promotion, .. } => promotion,
        _ => None,
    };
    // The possible attempts first (as SAN disambiguates), then what the piece could attempt
    // on an empty board: the referee answers those too.
    let mut possible: Vec<Attempt> = view
        .possible_attempts()
        .into_iter()
        .filter(|a| a.dropped().is_none())
        .map(|a| Attempt::new(a.from, a.to))
        .collect();
    possible.dedup();
    let mut candidates: Vec<Attempt> = possible
        .into_iter()
        .filter(|a| san_matches(view, san, *a))
        .collect();
    if candidates.is_empty() {
        candidates = geometric_attempts(view)
            .into_iter()
            .filter(|a| san_matches(view, san, *a))
            .collect();
    }
    match candidates.as_slice() {
        [one] if letter.is_some() && !promotes(view, *one) => {
            Err(format!("none of your pieces can play {text}"))
        }
        [one] => Ok(complete_promotion(
            view,
            Attempt {
                promotion: letter,
                ..*one
            },
        )),
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

/// A pawn reaching the last rank without a letter: a queen under queen-only rules, otherwise
/// the player is asked.
fn complete_promotion(view: &PlayerView, a: Attempt) -> Typed {
    if a.promotion.is_some() || !promotes(view, a) {
        Typed::Attempt(a)
    } else if view.rules.promotion == PromotionRule::QueenOnly {
        Typed::Attempt(Attempt {
            promotion: Some(Role::Queen),
            ..a
        })
    } else {
        Typed::Promotion(a)
    }
}

/// The typed text as shakmaty reads SAN: without check and annotation marks, castling with
/// letters, a promotion letter after `=`.
fn normalize(text: &str) -> String {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    let t = match t {
        "0-0" => "O-O",
        "0-0-0" => "O-O-O",
        other => other,
    };
    let b = t.as_bytes();
    let n = b.len();
    if n >= 3 && matches!(b[n - 1], b'Q' | b'R' | b'B' | b'N') && matches!(b[n - 2], b'1' | b'8') {
        format!("{}={}", &t[..n - 1], &t[n - 1..])
    } else {
        t.to_owned()
    }
}

/// Every attempt the player's own pieces could make on an empty board (pawn pushes and
/// diagonal steps, the king's castling from its home square), whatever stands in the way.
fn geometric_attempts(view: &PlayerView) -> Vec<Attempt> {
    let color = view.color;
    let mut out = Vec::new();
    for from in view.own.by_color(color) {
        let Some(role) = view.own.role_at(from) else {
            continue;
        };
        let targets = match role {
            Role::Pawn => {
                let step: i32 = color.fold_wb(8, -8);
                let mut targets = attacks::pawn_attacks(color, from);
                if let Some(one) = from.offset(step) {
                    targets.add(one);
                    if from.rank() == color.relative_rank(Rank::Second)
                        && let Some(two) = one.offset(step)
                    {
                        targets.add(two);
                    }
                }
                targets
            }
            Role::King => {
                let mut targets = attacks::king_attacks(from);
                if from == Square::from_coords(File::E, color.backrank()) {
                    targets.add(Square::from_coords(File::G, color.backrank()));
                    targets.add(Square::from_coords(File::C, color.backrank()));
                }
                targets
            }
            _ => attacks::attacks(from, role.of(color), Bitboard::EMPTY),
        };
        out.extend(targets.into_iter().map(|to| Attempt::new(from, to)));
    }
    out
}

/// Whether the attempt `a` (from, to) on the player's own board is the typed SAN move. The
/// promotion letter is not compared here.
fn san_matches(view: &PlayerView, san: San, a: Attempt) -> bool {
    let role = view.own.role_at(a.from);
    let castles =
        role == Some(Role::King) && a.from.rank() == a.to.rank() && a.from.distance(a.to) == 2;
    match san {
        San::Normal {
            role: r,
            file,
            rank,
            capture,
            to,
            ..
        } => {
            role == Some(r)
                && to == a.to
                && !castles
                && file.is_none_or(|f| f == a.from.file())
                && rank.is_none_or(|rk| rk == a.from.rank())
                && (r != Role::Pawn || pawn_written_as(file, capture, a))
        }
        San::Castle(side) => {
            castles
                && a.from.file() == File::E
                && (a.to.file() > a.from.file()) == (side == CastlingSide::KingSide)
        }
        _ => false,
    }
}

/// A pawn move written with `x` (or with a file other than the target's, `ed5`) is a capture;
/// otherwise it is a push, never a capture: `h3` with pawns on g2 and h2 is h2h3.
fn pawn_written_as(file: Option<File>, capture: bool, a: Attempt) -> bool {
    let diagonal = a.from.file() != a.to.file();
    let written_capture = capture || file.is_some_and(|f| f != a.to.file());
    diagonal == written_capture
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::GameLog;
    use crate::rules::Preset;
    use shakmaty::Color;

    fn view(preset: Preset, fen: &str) -> PlayerView {
        let setup = fen.parse::<shakmaty::fen::Fen>().expect("fen").into_setup();
        let game = crate::log::Game::new(preset.rules(), setup).expect("valid start");
        let log: &GameLog = game.log();
        PlayerView::build(log, Color::White)
    }

    fn attempt(uci: &str) -> Typed {
        Typed::Attempt(Attempt::parse(uci).expect("uci"))
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn a_pawn_push_is_never_a_capture() {
        let v = view(Preset::Wild16, "4k3/8/8/8/8/8/6PP/4K3 w - - 0 1");
        assert_eq!(resolve_typed(&v, "h3"), Ok(attempt("h2h3")));
        assert_eq!(resolve_typed(&v, "gxh3"), Ok(attempt("g2h3")));
        assert_eq!(resolve_typed(&v, "gh3"), Ok(attempt("g2h3")));
        assert_eq!(resolve_typed(&v, "g4"), Ok(attempt("g2g4")));
    }

    #[test]
    fn blocked_moves_go_to_the_referee() {
        let v = view(Preset::Wild16, START);
        assert_eq!(resolve_typed(&v, "Bc4"), Ok(attempt("f1c4")));
        assert_eq!(resolve_typed(&v, "O-O-O"), Ok(attempt("e1c1")));
        assert_eq!(resolve_typed(&v, "0-0"), Ok(attempt("e1g1")));
        assert_eq!(resolve_typed(&v, "Nf3"), Ok(attempt("g1f3")));
        assert!(resolve_typed(&v, "Nd4").is_err(), "no knight reaches d4");
        assert!(resolve_typed(&v, "Rd1").is_err(), "Rd1 is ambiguous");
    }

    #[test]
    fn promotion_letters() {
        let fen = "r5k1/1P6/8/8/8/8/8/4K3 w - - 0 1";
        let classic = view(Preset::Classic, fen);
        assert_eq!(resolve_typed(&classic, "bxa8"), Ok(attempt("b7a8q")));
        assert_eq!(resolve_typed(&classic, "b7a8"), Ok(attempt("b7a8q")));
        assert_eq!(resolve_typed(&classic, "bxa8=N"), Ok(attempt("b7a8n")));
        let any = view(Preset::Wild16, fen);
        let b7a8 = Attempt::parse("b7a8").expect("uci");
        assert_eq!(resolve_typed(&any, "bxa8"), Ok(Typed::Promotion(b7a8)));
        assert_eq!(resolve_typed(&any, "b7a8"), Ok(Typed::Promotion(b7a8)));
        assert_eq!(resolve_typed(&any, "bxa8N"), Ok(attempt("b7a8n")));
        assert_eq!(resolve_typed(&any, "b8=Q"), Ok(attempt("b7b8q")));
    }
}
