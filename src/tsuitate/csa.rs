//! A tsuitate game written in CSA (the Computer Shogi Association's record format, version 2.2),
//! for other shogi programs. CSA rather than KIF: it is plain ASCII, every move names its from
//! and to squares and the piece as it stands after the move (`+7776FU`, `+8822UM`, `+0055KA`), so
//! it is exact without the Japanese disambiguation words (右, 左, 直...) or the text encoding a KIF
//! file needs. The moves played are the record; every refused attempt is a comment line (`'`) in
//! its place, and the end is the CSA special move for it.

use super::announce::{EndReason, Item};
use super::game::{Request, TsuitateGame};
use super::referee::parse_move;
use crate::save::Meta;
use shogi_core::{Color, Hand, Move, PartialPosition, PieceKind, Square};
use std::fmt::Write as _;

/// A piece kind's CSA code.
fn code(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "FU",
        PieceKind::Lance => "KY",
        PieceKind::Knight => "KE",
        PieceKind::Silver => "GI",
        PieceKind::Gold => "KI",
        PieceKind::Bishop => "KA",
        PieceKind::Rook => "HI",
        PieceKind::King => "OU",
        PieceKind::ProPawn => "TO",
        PieceKind::ProLance => "NY",
        PieceKind::ProKnight => "NK",
        PieceKind::ProSilver => "NG",
        PieceKind::ProBishop => "UM",
        PieceKind::ProRook => "RY",
    }
}

fn sign(color: Color) -> char {
    match color {
        Color::Black => '+',
        Color::White => '-',
    }
}

/// The position block: `P1`..`P9` rows (file 9 to 1), each side's hand, the side to move.
fn position_block(out: &mut String, position: &PartialPosition) {
    for rank in 1..=9u8 {
        let _ = write!(out, "P{rank}");
        for file in (1..=9u8).rev() {
            match Square::new(file, rank).and_then(|sq| position.piece_at(sq)) {
                Some(p) => {
                    let _ = write!(out, "{}{}", sign(p.color()), code(p.piece_kind()));
                }
                None => out.push_str(" * "),
            }
        }
        out.push('\n');
    }
    for color in [Color::Black, Color::White] {
        let hand: Hand = position.hand_of_a_player(color);
        let mut line = String::new();
        for kind in Hand::all_hand_pieces() {
            for _ in 0..hand.count(kind).unwrap_or(0) {
                let _ = write!(line, "00{}", code(kind));
            }
        }
        if !line.is_empty() {
            let _ = writeln!(out, "P{}{line}", sign(color));
        }
    }
    let _ = writeln!(out, "{}", sign(position.side_to_move()));
}

/// A move in CSA: `+7776FU` (the piece as it stands after the move), `+0055KA` for a drop.
fn move_text(position: &PartialPosition, mv: Move) -> Option<String> {
    let color = position.side_to_move();
    let (from, to, kind) = match mv {
        Move::Normal { from, to, promote } => {
            let kind = position.piece_at(from)?.piece_kind();
            let kind = if promote { kind.promote()? } else { kind };
            (Some(from), to, kind)
        }
        Move::Drop { piece, to } => (None, to, piece.piece_kind()),
    };
    let from = from.map_or("00".to_owned(), |sq| format!("{}{}", sq.file(), sq.rank()));
    Some(format!(
        "{}{from}{}{}{}",
        sign(color),
        to.file(),
        to.rank(),
        code(kind)
    ))
}

/// The special move that ends the record, for how the game ended.
fn end_text(reason: EndReason, loser: Option<Color>) -> &'static str {
    match (reason, loser) {
        (EndReason::Checkmate | EndReason::NoMoves, _) => "%TSUMI",
        (EndReason::Resignation, _) => "%TORYO",
        (EndReason::Fouls, Some(Color::Black)) => "%+ILLEGAL_ACTION",
        (EndReason::Fouls, _) => "%-ILLEGAL_ACTION",
        (EndReason::PerpetualCheck, _) => "%OUTE_SENNICHITE",
        (EndReason::Repetition, _) => "%SENNICHITE",
        (EndReason::MoveLimit, _) => "%JISHOGI",
        (EndReason::Agreement, _) => "%HIKIWAKE",
    }
}

/// Removes what may not stand in a CSA header value (a line break, a comma).
fn header_value(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .map(|c| if c == ',' { ' ' } else { c })
        .collect()
}

/// The game as a CSA record (UTF-8, declared in its first line).
pub fn to_csa(game: &TsuitateGame, meta: &Meta) -> String {
    let referee = game.referee();
    let mut out = String::from("'CSA encoding=UTF-8\nV2.2\n");
    let _ = writeln!(out, "N+{}", header_value(&meta.black));
    let _ = writeln!(out, "N-{}", header_value(&meta.white));
    let mut event = String::from("Tsuitate shogi");
    if !meta.event.is_empty() {
        event = format!("{} (tsuitate shogi)", header_value(&meta.event));
    }
    let _ = writeln!(out, "$EVENT:{event}");
    if !meta.site.is_empty() {
        let _ = writeln!(out, "$SITE:{}", header_value(&meta.site));
    }
    if !meta.date.is_empty() {
        let _ = writeln!(
            out,
            "$START_TIME:{}",
            header_value(&meta.date).replace('-', "/")
        );
    }
    let rules = referee.rules();
    let _ = writeln!(
        out,
        "'Tsuitate: each side saw only its own pieces; a foul limit of {} and a move limit of {} (0: none).",
        rules.fouls, rules.max_plies
    );
    let mut position = referee.start().clone();
    position_block(&mut out, &position);
    for event in game.events() {
        let mover = sign(event.by);
        match &event.request {
            Request::Try(usi) => {
                let legal = event.said.iter().any(|s| s.item == Item::Legal);
                let mv = parse_move(usi, event.by).ok();
                match mv.filter(|_| legal).and_then(|mv| {
                    let text = move_text(&position, mv)?;
                    position.make_move(mv).map(|_| text)
                }) {
                    Some(text) => {
                        let _ = writeln!(out, "{text}");
                    }
                    None => {
                        let what = event.said.iter().find_map(|s| match s.item {
                            Item::Impossible => Some("impossible".to_owned()),
                            Item::Illegal { fouls } => Some(format!("foul {fouls}")),
                            _ => None,
                        });
                        let what = what.unwrap_or_else(|| "refused".to_owned());
                        let _ = writeln!(out, "'{mover} tried {usi}: {what}");
                    }
                }
            }
            Request::Resign | Request::Draw => {}
        }
    }
    if let Some(over) = referee.over() {
        let loser = over.winner.map(|c| c.flip());
        let _ = writeln!(out, "{}", end_text(over.reason, loser));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_core::Piece;

    #[test]
    fn moves_name_the_piece_after_the_move() {
        let position = PartialPosition::startpos();
        let sq = |f, r| Square::new(f, r).expect("square");
        let pawn = Move::Normal {
            from: sq(7, 7),
            to: sq(7, 6),
            promote: false,
        };
        assert_eq!(move_text(&position, pawn).as_deref(), Some("+7776FU"));
        let bishop = Move::Normal {
            from: sq(8, 8),
            to: sq(2, 2),
            promote: true,
        };
        assert_eq!(move_text(&position, bishop).as_deref(), Some("+8822UM"));
        let drop = Move::Drop {
            piece: Piece::new(PieceKind::Bishop, Color::Black),
            to: sq(5, 5),
        };
        assert_eq!(move_text(&position, drop).as_deref(), Some("+0055KA"));
    }
}
