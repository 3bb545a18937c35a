//! A tsuitate game written in KIF (the Kakinoki record format most Japanese shogi programs read),
//! beside the CSA export ([`super::csa`]). Every move names its piece and its from square in
//! parentheses (`７六歩(77)`, `同　歩(76)`, `５五角打`, `２二角成(88)`), so it is exact without
//! the disambiguation words; every refused attempt is a comment line (`*`) in its place, and the
//! end is KIF's word for it. A start other than the usual one is written as a board diagram.

use super::announce::{EndReason, Item};
use super::game::{Request, TsuitateGame};
use super::referee::parse_move;
use super::words::kanji;
use crate::save::Meta;
use shogi_core::{Color, Hand, Move, PartialPosition, PieceKind, Square};
use std::fmt::Write as _;

const FILES: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
const RANKS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

fn square_text(sq: Square) -> String {
    let (f, r) = (usize::from(sq.file()) - 1, usize::from(sq.rank()) - 1);
    format!("{}{}", FILES[f], RANKS[r])
}

/// A move in KIF (`７六歩(77)`); `previous`: the last move's square (`同　`).
fn move_text(position: &PartialPosition, mv: Move, previous: Option<Square>) -> Option<String> {
    let to = mv.to();
    let at = if previous == Some(to) {
        "同　".to_owned()
    } else {
        square_text(to)
    };
    Some(match mv {
        Move::Normal { from, promote, .. } => {
            let kind = position.piece_at(from)?.piece_kind();
            let promoted = if promote { "成" } else { "" };
            let kanji = kanji(kind, false);
            format!("{at}{kanji}{promoted}({}{})", from.file(), from.rank())
        }
        Move::Drop { piece, .. } => format!("{at}{}打", kanji(piece.piece_kind(), false)),
    })
}

/// A hand in KIF: `歩二　角　` (`なし` when empty).
fn hand_text(hand: Hand) -> String {
    let numbers = ["", "", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
    let mut text = String::new();
    let kinds: Vec<PieceKind> = Hand::all_hand_pieces().collect();
    for &kind in kinds.iter().rev() {
        let n = usize::from(hand.count(kind).unwrap_or(0));
        if n > 0 {
            let count = numbers.get(n).copied().unwrap_or("十八");
            let _ = write!(text, "{}{count}　", kanji(kind, true));
        }
    }
    if text.is_empty() {
        "なし".to_owned()
    } else {
        text
    }
}

/// The board diagram of a start other than the usual one.
fn diagram(out: &mut String, position: &PartialPosition) {
    let _ = writeln!(
        out,
        "後手の持駒：{}",
        hand_text(position.hand_of_a_player(Color::White))
    );
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n");
    for (r, rank) in RANKS.iter().enumerate() {
        out.push('|');
        for file in (1..=9u8).rev() {
            let sq = Square::new(file, r as u8 + 1);
            match sq.and_then(|sq| position.piece_at(sq)) {
                Some(p) => {
                    let side = if p.color() == Color::White { 'v' } else { ' ' };
                    let _ = write!(out, "{side}{}", kanji(p.piece_kind(), true));
                }
                None => out.push_str(" ・"),
            }
        }
        let _ = writeln!(out, "|{rank}");
    }
    out.push_str("+---------------------------+\n");
    let _ = writeln!(
        out,
        "先手の持駒：{}",
        hand_text(position.hand_of_a_player(Color::Black))
    );
    if position.side_to_move() == Color::White {
        out.push_str("後手番\n");
    }
}

/// KIF's word for the end, and the closing line's words.
fn end_words(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Checkmate | EndReason::NoMoves => "詰み",
        EndReason::Resignation => "投了",
        EndReason::Fouls | EndReason::PerpetualCheck => "反則負け",
        EndReason::Repetition => "千日手",
        EndReason::MoveLimit => "持将棋",
        EndReason::Agreement => "中断",
    }
}

/// A header value on one line.
fn header_value(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}

/// The game as a KIF record (UTF-8, declared in its first line).
pub fn to_kif(game: &TsuitateGame, meta: &Meta) -> String {
    let referee = game.referee();
    let mut out = String::from("#KIF version=2.0 encoding=UTF-8\n");
    if !meta.date.is_empty() {
        let _ = writeln!(
            out,
            "開始日時：{}",
            header_value(&meta.date).replace('-', "/")
        );
    }
    let event = match meta.event.as_str() {
        "" => "衝立将棋".to_owned(),
        e => format!("{}（衝立将棋）", header_value(e)),
    };
    let _ = writeln!(out, "棋戦：{event}");
    if !meta.site.is_empty() {
        let _ = writeln!(out, "場所：{}", header_value(&meta.site));
    }
    let rules = referee.rules();
    let _ = writeln!(
        out,
        "*衝立将棋: each side saw only its own pieces; a foul limit of {} and a move limit of {} (0: none).",
        rules.fouls, rules.max_plies
    );
    let mut position = referee.start().clone();
    if position == PartialPosition::startpos() {
        out.push_str("手合割：平手\n");
    } else {
        diagram(&mut out, &position);
    }
    let _ = writeln!(out, "先手：{}", header_value(&meta.black));
    let _ = writeln!(out, "後手：{}", header_value(&meta.white));
    out.push_str("手数----指手---------消費時間--\n");
    let (mut n, mut previous) = (0, None);
    for event in game.events() {
        let Request::Try(usi) = &event.request else {
            continue;
        };
        let legal = event.said.iter().any(|s| s.item == Item::Legal);
        let mv = parse_move(usi, event.by).ok().filter(|_| legal);
        let played = mv.and_then(|mv| {
            let text = move_text(&position, mv, previous)?;
            position.make_move(mv).map(|_| (text, mv.to()))
        });
        match played {
            Some((text, to)) => {
                n += 1;
                previous = Some(to);
                let _ = writeln!(out, "{n:>4} {text}");
            }
            None => {
                let what = event.said.iter().find_map(|s| match s.item {
                    Item::Impossible => Some("impossible".to_owned()),
                    Item::Illegal { fouls } => Some(format!("反則 (foul {fouls})")),
                    _ => None,
                });
                let side = if event.by == Color::Black {
                    "先手"
                } else {
                    "後手"
                };
                let what = what.unwrap_or_else(|| "refused".to_owned());
                let _ = writeln!(out, "*{side} tried {usi}: {what}");
            }
        }
    }
    if let Some(over) = referee.over() {
        let word = end_words(over.reason);
        let _ = writeln!(out, "{:>4} {word}", n + 1);
        let close = match over.winner {
            Some(Color::Black) => "先手の勝ち".to_owned(),
            Some(Color::White) => "後手の勝ち".to_owned(),
            None => word.to_owned(),
        };
        let _ = writeln!(out, "まで{n}手で{close}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tsuitate::TsuitateRules;

    #[test]
    fn moves_refusals_and_the_end_are_written_in_kif() {
        let mut game = TsuitateGame::new(TsuitateRules::default());
        for usi in ["7g7f", "8b8d", "3c3d", "8h2b+", "3a2b", "B*4e", "8c8d"] {
            let _ = game.attempt(usi);
        }
        let _ = game.apply(Request::Resign);
        let kif = to_kif(&game, &Meta::default());
        for line in [
            "手合割：平手",
            "   1 ７六歩(77)",
            "*後手 tried 8b8d: impossible",
            "   2 ３四歩(33)",
            "   3 ２二角成(88)",
            "   4 同　銀(31)",
            "   5 ４五角打",
            "   6 ８四歩(83)",
            "   7 投了",
            "まで6手で後手の勝ち",
        ] {
            assert!(kif.lines().any(|l| l == line), "no line {line:?} in\n{kif}");
        }
    }
}
