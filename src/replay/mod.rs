//! Replaying a saved game as one perspective experienced it: White, Black, or the referee.
//!
//! A player's replay is written from that player's [`PlayerView`] only (its own requests and what
//! it heard), so it never contains anything only the opponent or the referee knew. The referee's
//! replay has everything, with the real moves in SAN.
pub mod record;
pub mod step;

use crate::announce::{Audience, Item};
use crate::log::{Event, GameLog};
use crate::referee::Request;
use crate::rules::Wording;
use crate::save::SavedGame;
use crate::view::PlayerView;
pub use crate::view::san::Notation;
use crate::wording::{color_title, describe};
use shakmaty::san::SanPlus;
use shakmaty::variant::VariantPosition;
use shakmaty::{CastlingMode, Color};
use std::fmt::Write as _;
use std::str::FromStr;

/// Whose experience of the game to show.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Perspective {
    /// What White knew.
    White,
    /// What Black knew.
    Black,
    /// Everything.
    Referee,
}

impl Perspective {
    /// The player, for the two player perspectives.
    pub fn color(self) -> Option<Color> {
        match self {
            Perspective::White => Some(Color::White),
            Perspective::Black => Some(Color::Black),
            Perspective::Referee => None,
        }
    }

    /// The perspective of a player.
    pub fn of(color: Color) -> Perspective {
        color.fold_wb(Perspective::White, Perspective::Black)
    }
}

/// A name that is not a [`Perspective`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} is not a perspective (white, black or referee)", crate::untrusted::quoted(.0))]
pub struct UnknownPerspective(pub String);

impl FromStr for Perspective {
    type Err = UnknownPerspective;
    fn from_str(s: &str) -> Result<Perspective, UnknownPerspective> {
        match s {
            "white" => Ok(Perspective::White),
            "black" => Ok(Perspective::Black),
            "referee" => Ok(Perspective::Referee),
            other => Err(UnknownPerspective(other.to_owned())),
        }
    }
}

/// One entry of a log: the request (when the listener made it) and what was heard, without
/// saying the same thing twice ("White resigns." not "White resigns: White resigns.", "Any? -
/// No." not "Any?: Any? - No.") or leaving an empty tail ("no sense", not "no sense: ").
pub fn log_entry(request: Option<&Request>, words: &str) -> String {
    let Some(request) = request else {
        return words.to_owned();
    };
    let text = request_text(request);
    if words.is_empty() {
        text
    } else if words.to_lowercase().starts_with(&text.to_lowercase()) {
        words.to_owned()
    } else {
        format!("{text}: {words}")
    }
}

/// One entry of a player's log: its move or attempt in `notation` when it was one (from its own
/// board), else its request, then what it heard.
pub fn heard_entry(h: &crate::view::Heard, words: &str, notation: Notation) -> String {
    match &h.written {
        Some(w) if words.is_empty() => w.text(notation).to_owned(),
        Some(w) => format!("{}: {words}", w.text(notation)),
        None => log_entry(h.request.as_ref(), words),
    }
}

/// A request as its maker describes it.
pub fn request_text(r: &Request) -> String {
    match r {
        Request::Try(a) => a.to_string(),
        Request::Any => "Any?".to_owned(),
        Request::Sense(Some(sq)) => format!("sense {sq}"),
        Request::Sense(None) => "no sense".to_owned(),
        Request::Move(a) => a.to_string(),
        Request::Pass => "pass".to_owned(),
        Request::Open(b) => format!("open {}", crate::wording::square_list(*b)),
        Request::Place { king, queen, .. } => format!("place K{king} Q{queen}"),
        Request::Resign(c) => format!("{} resigns", color_title(*c)),
        Request::Draw => "draw agreed".to_owned(),
        Request::Timeout(c) => format!("{}'s flag fell", color_title(*c)),
        Request::Adjudicate { result, reason } => {
            format!("adjudicated {} ({reason})", result.pgn())
        }
    }
}

/// The real moves of the game in SAN, one per event that ended a turn, as (event index, move
/// text); under Reconnaissance Blind Chess a pass is "pass" and a requested move that did
/// nothing "no move".
pub fn true_moves(log: &GameLog) -> Vec<(usize, String)> {
    written(log)
        .into_iter()
        .filter_map(|w| (!w.refused).then_some((w.index, w.text)))
        .collect()
}

/// The refused attempts of the game in SAN, by event index, written from the mover's pieces
/// on the true board as the mover reads them in its own log ([`crate::view::san::own_san`]).
pub fn refused_attempts(log: &GameLog) -> std::collections::HashMap<usize, String> {
    written(log)
        .into_iter()
        .filter_map(|w| w.refused.then_some((w.index, w.text)))
        .collect()
}

/// Every attempt and move of the game as the referee writes it, by event index: the real
/// moves in SAN ([`true_moves`]), the refused attempts in SAN from the mover's pieces
/// ([`refused_attempts`]). The referee's log, study's timeline and the referee's PGN name
/// attempts by this one table; other requests by [`request_text`].
pub fn referee_words(log: &GameLog) -> std::collections::HashMap<usize, String> {
    written(log)
        .into_iter()
        .map(|w| (w.index, w.text))
        .collect()
}

/// Every attempt of the game as its maker wrote it in its own log, by event index: from the
/// mover's own pieces before it and the capture it heard ([`crate::view::san::Written`], what
/// the player's [`PlayerView`] writes, so what play shows), in `notation`. A player's
/// perspective names its own attempts by this table: never by the true position's SAN, whose
/// disambiguation and check marks can say more than the player knew.
pub fn own_words(log: &GameLog, notation: Notation) -> std::collections::HashMap<usize, String> {
    written(log)
        .into_iter()
        .filter_map(|w| w.own.map(|o| (w.index, o.text(notation).to_owned())))
        .collect()
}

/// An attempt on the true position `pos`, as its mover writes it from its own pieces (`capture`:
/// the mover heard that it took something).
fn own_written(
    pos: &VariantPosition,
    a: crate::Attempt,
    promotion: crate::rules::PromotionRule,
    capture: bool,
) -> crate::view::san::Written {
    use shakmaty::Position;
    let color = pos.turn();
    let side = crate::possible::Side {
        board: pos.board(),
        color,
        castling: pos.castles().castling_rights() & pos.board().by_color(color),
        promotion,
    };
    crate::view::san::Written::of(&side, a, capture)
}

/// One event's request written: a real move or a refused attempt.
struct WrittenEvent {
    /// The event's index in the log.
    index: usize,
    /// A refused attempt (else a real move).
    refused: bool,
    /// The real move in SAN, or the refused attempt in SAN from the mover's pieces.
    text: String,
    /// An attempt as its mover wrote it (Kriegspiel family).
    own: Option<crate::view::san::Written>,
}

/// Every real move and refused attempt of the game, by event index.
fn written(log: &GameLog) -> Vec<WrittenEvent> {
    let mut out = Vec::new();
    // Crazyhouse Kriegspiel's moves (drops included, `N@f3`) are written on a crazyhouse board.
    let variant = log.rules.variant().chess();
    let resolves = log.rules.variant().resolves_moves();
    let promotion = log.rules.promotion;
    let mut pos: Option<VariantPosition> =
        VariantPosition::from_setup(variant, log.start.clone(), CastlingMode::Standard).ok();
    // RBC's true board, which chess positions cannot always hold.
    let mut rbc = (log.start.board.clone(), log.start.castling_rights);
    for (i, e) in log.events.iter().enumerate() {
        match (&e.request, resolves) {
            // Semi-Kriegspiel: the game's first position is the one after the placement.
            (Request::Place { color, king, queen }, _)
                if e.said.iter().any(|s| s.item == Item::Placed) =>
            {
                let mut placed = log.start.clone();
                placed.board.set_piece_at(*king, color.king());
                placed.board.set_piece_at(*queen, color.queen());
                pos = VariantPosition::from_setup(variant, placed, CastlingMode::Standard).ok();
            }
            (Request::Try(a), false) if e.said.iter().any(|s| s.item == Item::Legal) => {
                let capture = e
                    .said
                    .iter()
                    .any(|s| matches!(s.item, Item::Capture { .. }));
                let own = pos.as_ref().map(|p| own_written(p, *a, promotion, capture));
                let text = match pos.as_mut() {
                    Some(p) => match a.to_uci().to_move(p) {
                        Ok(m) => {
                            crate::view::san::san_text(&SanPlus::from_move_and_play_unchecked(p, m))
                        }
                        Err(_) => a.to_string(),
                    },
                    None => a.to_string(),
                };
                out.push(WrittenEvent {
                    index: i,
                    refused: false,
                    text,
                    own,
                });
            }
            (Request::Try(a), false) => {
                if let Some(p) = pos.as_ref() {
                    let own = own_written(p, *a, promotion, false);
                    out.push(WrittenEvent {
                        index: i,
                        refused: true,
                        text: own.san.clone(),
                        own: Some(own),
                    });
                }
            }
            (Request::Move(_) | Request::Pass, true) if e.turn_ends => {
                let taken = e.said.iter().find_map(|s| match s.item {
                    Item::Moved { taken, .. } => Some(taken),
                    _ => None,
                });
                let text = match taken.flatten() {
                    Some(t) => rbc_san(&mut rbc, t),
                    None if e.request == Request::Pass => "pass".to_owned(),
                    None => "no move".to_owned(),
                };
                out.push(WrittenEvent {
                    index: i,
                    refused: false,
                    text,
                    own: None,
                });
            }
            _ => {}
        }
    }
    out
}

/// Reconnaissance Blind Chess: the move taken, `t`, in SAN on the true board (and castling
/// rights) `true_board`, which it then plays. RBC keeps positions chess does not allow (a king
/// left in check), so the move is read from the board alone, as a player's own move is
/// ([`crate::view::san::own_san`]), without a check mark.
fn rbc_san(true_board: &mut (shakmaty::Board, shakmaty::Bitboard), t: crate::Attempt) -> String {
    let (board, castling) = true_board;
    let Some(piece) = board.piece_at(t.from) else {
        return t.to_string();
    };
    let color = piece.color;
    let en_passant = piece.role == shakmaty::Role::Pawn
        && t.from.file() != t.to.file()
        && board.piece_at(t.to).is_none();
    let side = crate::possible::Side {
        board,
        color,
        castling: *castling & board.by_color(color),
        promotion: crate::rules::PromotionRule::Any,
    };
    let capture = board.piece_at(t.to).is_some() || en_passant;
    let san = crate::view::san::own_san(&side, t, capture);
    if en_passant {
        board.discard_piece_at(shakmaty::Square::from_coords(t.to.file(), t.from.rank()));
    }
    crate::possible::move_own_piece(board, castling, color, t);
    san
}

/// Whom an announcement was said to, when not to both.
fn audience_note(to: Audience) -> &'static str {
    match to {
        Audience::Both => "",
        Audience::Only(Color::White) => " [White only]",
        Audience::Only(Color::Black) => " [Black only]",
    }
}

/// The game turn by turn as `perspective` experienced it, as plain text.
pub fn replay_text(saved: &SavedGame, perspective: Perspective) -> String {
    let log = &saved.log;
    let mut out = String::new();
    let names = |c: Color| {
        let n = c.fold_wb(&saved.meta.white, &saved.meta.black);
        if n.is_empty() {
            color_title(c).to_owned()
        } else {
            format!("{} ({})", color_title(c), n)
        }
    };
    let _ = writeln!(
        out,
        "Kriegspiel, {} rules: {} v {}",
        log.rules.title(),
        names(Color::White),
        names(Color::Black)
    );
    match perspective.color() {
        Some(color) => seat_replay(&mut out, log, color),
        None => referee_replay(&mut out, log),
    }
    out
}

/// A player's replay: its record, turn by turn, then the result as it was told.
fn seat_replay(out: &mut String, log: &GameLog, color: Color) {
    let _ = writeln!(out, "As {} experienced it.", color_title(color));
    let view = PlayerView::build(log, color);
    for turn in crate::replay::record::seat_record(&view, Notation::San) {
        let entries: Vec<String> = turn.entries.iter().map(|e| turn.entry(e, color)).collect();
        let head = turn.head(color, crate::replay::record::Head::Long);
        let _ = writeln!(out, "{head}: {}", entries.join(" | "));
    }
    if let Some(o) = view.over {
        let _ = writeln!(out, "Result: {}.", o.title());
    } else {
        let _ = writeln!(out, "The game is not finished.");
    }
}

/// The referee's replay: the start, every request with the real move and all that was said,
/// the final position and the result.
fn referee_replay(out: &mut String, log: &GameLog) {
    let _ = writeln!(
        out,
        "As the referee saw it. Start: {}",
        crate::setup::setup_fen(log.start.clone())
    );
    let moves: std::collections::HashMap<usize, String> = true_moves(log).into_iter().collect();
    for turn in log.turns() {
        let steps: Vec<String> = turn
            .indexed()
            .map(|(i, e)| referee_step(e, moves.get(&i), log.rules.wording))
            .collect();
        let _ = writeln!(
            out,
            "{}{} {}:{}",
            turn.number,
            turn.mover.fold_wb(".", "..."),
            color_title(turn.mover),
            steps.join(";")
        );
    }
    if let Ok(game) = log.replay() {
        let _ = writeln!(out, "Final position: {}", game.referee().fen());
        match game.referee().over() {
            Some(o) => {
                let _ = writeln!(out, "Result: {}.", o.title());
            }
            None => {
                let _ = writeln!(out, "The game is not finished.");
            }
        }
    }
}

/// One request as the referee saw it: the request (with its real move `san`, if it was one)
/// and everything said, each to whom.
fn referee_step(e: &Event, san: Option<&String>, wording: Wording) -> String {
    let said: Vec<String> = e
        .said
        .iter()
        .filter_map(|s| describe(&s.item, wording).map(|w| format!("{w}{}", audience_note(s.to))))
        .collect();
    let what = match san {
        Some(san) => format!("{} = {san}", request_text(&e.request)),
        None => request_text(&e.request),
    };
    let said = if said.is_empty() {
        "(nothing)".to_owned()
    } else {
        said.join(" ")
    };
    format!(" {what} -> {said}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    /// RBC's true moves are played on a board of their own: after every move it is the
    /// referee's board, through castling, en passant, promotions and the king's capture.
    #[test]
    fn rbc_moves_are_written_from_the_true_board() {
        let mut moves = 0;
        for seed in 0..6 {
            let saved = crate::selfplay::random_game(Preset::Rbc.rules(), seed, 120);
            let log = &saved.log;
            let mut board = (log.start.board.clone(), log.start.castling_rights);
            for (i, e) in log.events.iter().enumerate() {
                let taken = e.said.iter().find_map(|s| match s.item {
                    Item::Moved { taken, .. } => taken,
                    _ => None,
                });
                let Some(t) = taken else { continue };
                let san = rbc_san(&mut board, t);
                assert!(!san.contains('-') || san.starts_with('O'), "{san}");
                let truth = log.replay_prefix(i + 1).expect("a prefix replays");
                assert_eq!(
                    &board.0,
                    truth.referee().true_board(),
                    "seed {seed} event {i}"
                );
                moves += 1;
            }
        }
        assert!(moves > 100, "{moves}");
    }
}
