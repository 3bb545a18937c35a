//! One tsuitate board as a picture (`kriegspiel export` on a tsuitate save): the umpire's (the
//! true position, both hands) or one seat's (its own pieces and hand only, drawn from its
//! [`super::SeatView`]), as SVG written here and as PNG through [`crate::picture::png_of_svg`].
//! Like the chess pictures it holds no text (the renderer has no fonts): each piece is a
//! five-sided piece pointing at the opponent with its letter drawn in strokes (P L N S G B R K,
//! red with a small plus when promoted), a piece in hand has one dot per piece under it, and
//! every piece is named by its square in a `<title>`.

use super::announce::square_name;
use super::referee::index;
use super::seam::Tsuitate;
use super::words::{kind_name, side_name};
use crate::replay::step::Replay;
use shogi_core::{Color, Hand, PartialPosition, Piece, PieceKind, Square};
use std::fmt::Write as _;

/// A letter's strokes on a unit square (y down).
fn strokes(kind: PieceKind) -> &'static [&'static [(f32, f32)]] {
    const P: &[(f32, f32)] = &[
        (0.2, 1.0),
        (0.2, 0.0),
        (0.7, 0.0),
        (0.85, 0.15),
        (0.85, 0.35),
        (0.7, 0.5),
        (0.2, 0.5),
    ];
    match kind.unpromote().unwrap_or(kind) {
        PieceKind::Pawn => &[P],
        PieceKind::Lance => &[&[(0.2, 0.0), (0.2, 1.0), (0.8, 1.0)]],
        PieceKind::Knight => &[&[(0.2, 1.0), (0.2, 0.0), (0.8, 1.0), (0.8, 0.0)]],
        PieceKind::Silver => &[&[
            (0.85, 0.12),
            (0.65, 0.0),
            (0.3, 0.0),
            (0.15, 0.15),
            (0.15, 0.35),
            (0.3, 0.5),
            (0.7, 0.5),
            (0.85, 0.65),
            (0.85, 0.85),
            (0.7, 1.0),
            (0.35, 1.0),
            (0.15, 0.88),
        ]],
        PieceKind::Gold => &[&[
            (0.85, 0.15),
            (0.7, 0.0),
            (0.3, 0.0),
            (0.15, 0.15),
            (0.15, 0.85),
            (0.3, 1.0),
            (0.7, 1.0),
            (0.85, 0.85),
            (0.85, 0.55),
            (0.5, 0.55),
        ]],
        PieceKind::Bishop => &[&[
            (0.2, 0.5),
            (0.7, 0.5),
            (0.85, 0.65),
            (0.85, 0.85),
            (0.7, 1.0),
            (0.2, 1.0),
            (0.2, 0.0),
            (0.65, 0.0),
            (0.8, 0.12),
            (0.8, 0.38),
            (0.7, 0.5),
        ]],
        PieceKind::Rook => &[P, &[(0.5, 0.5), (0.85, 1.0)]],
        _ => &[
            &[(0.2, 0.0), (0.2, 1.0)],
            &[(0.8, 0.0), (0.2, 0.6)],
            &[(0.4, 0.45), (0.8, 1.0)],
        ],
    }
}

/// Writes `piece` in the cell at (`x`, `y`), `cell` wide, pointing up when it belongs to
/// `bottom`; `title` names it.
fn piece_svg(
    out: &mut String,
    piece: Piece,
    bottom: Color,
    (x, y, cell): (f32, f32, f32),
    title: &str,
) {
    let (cx, cy) = (x + cell / 2.0, y + cell / 2.0);
    let turn = if piece.color() == bottom { 0 } else { 180 };
    let (w, h) = (cell * 0.4, cell * 0.44);
    let outline = [
        (0.0, -1.0),
        (0.75, -0.65),
        (1.0, 1.0),
        (-1.0, 1.0),
        (-0.75, -0.65),
    ]
    .iter()
    .map(|(px, py)| format!("{:.1},{:.1}", cx + px * w, cy + py * h))
    .collect::<Vec<_>>()
    .join(" ");
    let promoted = piece.piece_kind().unpromote().is_some();
    let ink = if promoted { "#be1414" } else { "#141414" };
    let _ = write!(
        out,
        "<g transform=\"rotate({turn} {cx:.1} {cy:.1})\"><title>{title}</title>\
         <polygon points=\"{outline}\" fill=\"#f6d696\" stroke=\"#78501e\" stroke-width=\"1\"/>"
    );
    let (lw, lh) = (cell * 0.3, cell * 0.4);
    let (lx, ly) = (cx - lw / 2.0, cy - lh / 2.0 + cell * 0.06);
    let width = (cell * 0.06).max(1.0);
    for line in strokes(piece.piece_kind()) {
        let points = line
            .iter()
            .map(|(px, py)| format!("{:.1},{:.1}", lx + px * lw, ly + py * lh))
            .collect::<Vec<_>>()
            .join(" ");
        let _ = write!(
            out,
            "<polyline points=\"{points}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"{width:.1}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
        );
    }
    if promoted {
        let (px, py, arm) = (lx - cell * 0.05, ly + cell * 0.02, cell * 0.06);
        let _ = write!(
            out,
            "<path d=\"M{:.1},{py:.1}H{:.1}M{px:.1},{:.1}V{:.1}\" stroke=\"{ink}\" stroke-width=\"{width:.1}\"/>",
            px - arm,
            px + arm,
            py - arm,
            py + arm
        );
    }
    out.push_str("</g>");
}

/// The board `position` as SVG, `size` pixels square, `bottom`'s side at the bottom; the hands
/// of the sides in `hands` (sente, gote) are drawn above and below it. `name` is its title.
pub fn svg(
    name: &str,
    position: &PartialPosition,
    bottom: Color,
    hands: [bool; 2],
    size: u32,
) -> String {
    let size_f = size as f32;
    let cell = size_f / 11.0;
    let left = cell;
    let top = cell;
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" viewBox=\"0 0 {size} {size}\"><title>{name}</title>\
         <rect width=\"{size}\" height=\"{size}\" fill=\"#ffffff\"/>\
         <rect x=\"{left:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#deb86e\" stroke=\"#3c2814\"/>",
        cell * 9.0,
        cell * 9.0
    );
    for k in 1..9 {
        let at = cell * k as f32;
        let _ = write!(
            out,
            "<path d=\"M{:.1},{:.1}V{:.1}M{:.1},{:.1}H{:.1}\" stroke=\"#3c2814\" stroke-width=\"1\"/>",
            left + at,
            top,
            top + cell * 9.0,
            left,
            top + at,
            left + cell * 9.0
        );
    }
    for sq in Square::all() {
        let Some(piece) = position.piece_at(sq) else {
            continue;
        };
        let (col, row) = match bottom {
            Color::Black => (9 - sq.file(), sq.rank() - 1),
            Color::White => (sq.file() - 1, 9 - sq.rank()),
        };
        let at = (
            left + f32::from(col) * cell,
            top + f32::from(row) * cell,
            cell,
        );
        let title = format!(
            "{}: {} {}",
            square_name(sq),
            side_name(piece.color()),
            kind_name(piece.piece_kind())
        );
        piece_svg(&mut out, piece, bottom, at, &title);
    }
    for color in [bottom.flip(), bottom] {
        if !hands[index(color)] {
            continue;
        }
        let y = if color == bottom {
            top + cell * 9.0 + cell * 0.05
        } else {
            0.0
        };
        let hand: Hand = position.hand_of_a_player(color);
        let mut x = left;
        for kind in Hand::all_hand_pieces() {
            let count = hand.count(kind).unwrap_or(0);
            if count == 0 {
                continue;
            }
            let piece_cell = cell * 0.75;
            let title = format!("{}'s hand: {} ×{count}", side_name(color), kind_name(kind));
            piece_svg(
                &mut out,
                Piece::new(kind, color),
                bottom,
                (x, y, piece_cell),
                &title,
            );
            for k in 0..count {
                let dot = cell * 0.09;
                let _ = write!(
                    out,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"#141414\"/>",
                    x + piece_cell + dot * 1.5 + f32::from(k % 3) * dot * 2.4,
                    y + dot * 2.0 + f32::from(k / 3) * dot * 2.4,
                    dot
                );
            }
            x += cell * 1.3;
        }
    }
    out.push_str("</svg>");
    out
}

/// The board of `game` after `ply` legal moves (`None`: at its end) as SVG, `size` pixels
/// square: the umpire's (`seat` `None`) or a seat's from its own view, as the one replay builds
/// it from what the seat was told (`kriegspiel export`).
pub fn of_game(
    game: &super::TsuitateGame,
    ply: Option<usize>,
    seat: Option<Color>,
    size: u32,
) -> String {
    let mut replay = Replay::<Tsuitate>::new(game.clone());
    replay.seek(ply.map_or(replay.len(), |ply| replay.after_moves(ply)));
    of_replay(&mut replay, seat, size)
}

/// The board at `replay`'s cursor as SVG, `size` pixels square: the umpire's (`seat` `None`) or
/// a seat's, as the one replay builds it from what the seat was told by then (study's "Export
/// picture…").
pub fn of_replay(replay: &mut Replay<Tsuitate>, seat: Option<Color>, size: u32) -> String {
    match seat {
        None => {
            let umpire = replay.truth().map(|at| at.referee().position().clone());
            let umpire = umpire.unwrap_or_else(|| replay.record().referee().position().clone());
            svg("Umpire", &umpire, Color::Black, [true; 2], size)
        }
        Some(color) => {
            let mut hands = [false; 2];
            hands[index(color)] = true;
            svg(
                side_name(color),
                &replay.view(color).board,
                color,
                hands,
                size,
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tsuitate::referee::own_view;

    #[test]
    fn a_seat_picture_names_its_own_pieces_only() {
        let start = PartialPosition::startpos();
        let all = svg("Umpire", &start, Color::Black, [true; 2], 440);
        assert!(all.contains("<title>7g: Sente pawn</title>"));
        assert!(all.contains("<title>3c: Gote pawn</title>"));
        let sente = own_view(&start, Color::Black);
        let own = svg("Sente", &sente, Color::Black, [true, false], 440);
        assert!(own.contains("<title>7g: Sente pawn</title>"));
        assert!(!own.contains("Gote"), "nothing of gote's is drawn");
        let png = crate::picture::png_of_svg(&own, 128).expect("renders");
        assert_eq!(&png[1..4], b"PNG");
    }
}
