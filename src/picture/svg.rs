//! A [`Picture`] as SVG, written by hand: the squares, the marks and heat map over them, the
//! pieces (the project's own set, `assets/pieces`, defined once and placed with `<use>`), the
//! markers and the pieces seen, then the arrows. Every piece is a `<use>` whose
//! `data-square`/`data-piece` name its square and piece (FEN letter), and whose `class` says
//! what it is (`piece`, `marker` or `seen`). No text is drawn: the board's name and caption are
//! the SVG's `<title>` and `<desc>`.

use super::{Mark, Picture};
use shakmaty::{Color, Piece, Role, Square};
use std::fmt::Write as _;

const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

/// The piece artwork, by piece: the inside of each file of `assets/pieces` (100 by 100).
fn artwork(piece: Piece) -> &'static str {
    match (piece.color, piece.role) {
        (Color::White, Role::Pawn) => include_str!("../../assets/pieces/wP.svg"),
        (Color::White, Role::Knight) => include_str!("../../assets/pieces/wN.svg"),
        (Color::White, Role::Bishop) => include_str!("../../assets/pieces/wB.svg"),
        (Color::White, Role::Rook) => include_str!("../../assets/pieces/wR.svg"),
        (Color::White, Role::Queen) => include_str!("../../assets/pieces/wQ.svg"),
        (Color::White, Role::King) => include_str!("../../assets/pieces/wK.svg"),
        (Color::Black, Role::Pawn) => include_str!("../../assets/pieces/bP.svg"),
        (Color::Black, Role::Knight) => include_str!("../../assets/pieces/bN.svg"),
        (Color::Black, Role::Bishop) => include_str!("../../assets/pieces/bB.svg"),
        (Color::Black, Role::Rook) => include_str!("../../assets/pieces/bR.svg"),
        (Color::Black, Role::Queen) => include_str!("../../assets/pieces/bQ.svg"),
        (Color::Black, Role::King) => include_str!("../../assets/pieces/bK.svg"),
    }
}

/// The elements inside a piece file's `<svg>` element.
fn inner(svg: &str) -> &str {
    let start = svg.find('>').map_or(0, |i| i + 1);
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    svg.get(start..end).unwrap_or("")
}

/// The id of a piece's definition: "wN", "bP".
fn id(piece: Piece) -> String {
    format!(
        "{}{}",
        piece.color.fold_wb('w', 'b'),
        piece.role.upper_char()
    )
}

/// A piece as a FEN letter.
fn letter(piece: Piece) -> char {
    piece.char()
}

/// Text safe inside an SVG element or attribute.
fn escape(text: &str) -> String {
    text.chars()
        .filter(|c| !crate::untrusted::is_unsafe(*c))
        .map(|c| match c {
            '&' => "&amp;".to_owned(),
            '<' => "&lt;".to_owned(),
            '>' => "&gt;".to_owned(),
            '"' => "&quot;".to_owned(),
            c => c.to_string(),
        })
        .collect()
}

/// A mark's fill and opacity (study's colours).
fn fill(mark: Mark) -> Option<(&'static str, f32)> {
    match mark {
        Mark::LastMove => Some(("#cdd23c", 0.43)),
        Mark::Selected => Some(("#146e3c", 0.47)),
        Mark::Capture => None,
        Mark::Check => Some(("#dc2828", 0.27)),
        Mark::Seen => Some(("#3c8ce6", 0.24)),
        Mark::Region => Some(("#783cc8", 0.31)),
    }
}

impl Picture {
    /// The top-left corner of `sq`, in squares.
    fn corner(&self, sq: Square) -> (u32, u32) {
        let (f, r) = (u32::from(sq.file()), u32::from(sq.rank()));
        if self.white_at_bottom {
            (f, 7 - r)
        } else {
            (7 - f, r)
        }
    }

    /// The picture as an SVG document `size` pixels square.
    pub fn svg(&self, size: u32) -> String {
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
             width=\"{size}\" height=\"{size}\" viewBox=\"0 0 800 800\">\n<title>{}'s board</title>\n",
            escape(&self.name)
        );
        if let Some(c) = &self.caption {
            let _ = writeln!(out, "<desc>{}</desc>", escape(c));
        }
        self.definitions(&mut out);
        for sq in Square::ALL {
            let (x, y) = self.corner(sq);
            let color = if sq.is_light() { LIGHT } else { DARK };
            let _ = writeln!(
                out,
                "<rect data-square=\"{sq}\" x=\"{}\" y=\"{}\" width=\"100\" height=\"100\" fill=\"{color}\"/>",
                x * 100,
                y * 100
            );
        }
        self.overlays(&mut out);
        for (class, pieces, opacity) in [
            ("piece", &self.pieces, 1.0),
            ("marker", &self.markers, 0.45),
            ("seen", &self.ghosts, 0.55),
        ] {
            for (sq, piece) in pieces {
                let (x, y) = self.corner(*sq);
                let _ = writeln!(
                    out,
                    "<use class=\"{class}\" data-square=\"{sq}\" data-piece=\"{}\" href=\"#{}\" xlink:href=\"#{}\" x=\"{}\" y=\"{}\" opacity=\"{opacity}\"/>",
                    letter(*piece),
                    id(*piece),
                    id(*piece),
                    x * 100,
                    y * 100
                );
                if class == "seen" {
                    let _ = writeln!(
                        out,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"9\" fill=\"#1e50a0\"/>",
                        x * 100 + 86,
                        y * 100 + 14
                    );
                }
            }
        }
        self.arrows(&mut out);
        out.push_str("</svg>\n");
        out
    }

    /// Each piece drawn once, in `<defs>`.
    fn definitions(&self, out: &mut String) {
        let mut used: Vec<Piece> = self
            .pieces
            .iter()
            .chain(&self.markers)
            .chain(&self.ghosts)
            .map(|(_, p)| *p)
            .collect();
        used.sort_by_key(|p| (p.color.fold_wb(0, 1), p.role as u8));
        used.dedup();
        out.push_str("<defs>\n");
        for piece in used {
            let _ = writeln!(out, "<g id=\"{}\">{}</g>", id(piece), inner(artwork(piece)));
        }
        out.push_str("</defs>\n");
    }

    /// The heat map and the marks over the squares.
    fn overlays(&self, out: &mut String) {
        for (sq, weight) in &self.heat {
            let (x, y) = self.corner(*sq);
            let opacity = 0.15 + 0.55 * weight.clamp(0.0, 1.0);
            let _ = writeln!(
                out,
                "<rect class=\"heat\" data-square=\"{sq}\" x=\"{}\" y=\"{}\" width=\"100\" height=\"100\" fill=\"#c82828\" fill-opacity=\"{opacity:.2}\"/>",
                x * 100,
                y * 100
            );
        }
        for (sq, mark) in &self.marks {
            let (x, y) = self.corner(*sq);
            let (x, y) = (x * 100, y * 100);
            match fill(*mark) {
                Some((color, opacity)) => {
                    let _ = writeln!(
                        out,
                        "<rect class=\"mark\" data-square=\"{sq}\" x=\"{x}\" y=\"{y}\" width=\"100\" height=\"100\" fill=\"{color}\" fill-opacity=\"{opacity}\"/>"
                    );
                }
                None => {
                    let _ = writeln!(
                        out,
                        "<rect class=\"capture\" data-square=\"{sq}\" x=\"{}\" y=\"{}\" width=\"92\" height=\"92\" fill=\"none\" stroke=\"#c81e1e\" stroke-width=\"8\"/>",
                        x + 4,
                        y + 4
                    );
                }
            }
        }
    }

    /// The arrows: a line from centre to centre and a head.
    fn arrows(&self, out: &mut String) {
        for (from, to) in &self.arrows {
            let centre = |sq: Square| {
                let (x, y) = self.corner(sq);
                (f64::from(x * 100 + 50), f64::from(y * 100 + 50))
            };
            let ((x1, y1), (x2, y2)) = (centre(*from), centre(*to));
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (ux, uy) = (dx / len, dy / len);
            let (bx, by) = (x2 - ux * 28.0, y2 - uy * 28.0);
            let _ = writeln!(
                out,
                "<g class=\"arrow\" data-from=\"{from}\" data-to=\"{to}\" fill=\"#c81e1e\" stroke=\"#c81e1e\" opacity=\"0.67\">\
                 <line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{bx:.1}\" y2=\"{by:.1}\" stroke-width=\"12\"/>\
                 <polygon points=\"{x2:.1},{y2:.1} {:.1},{:.1} {:.1},{:.1}\" stroke=\"none\"/></g>",
                bx - uy * 20.0,
                by + ux * 20.0,
                bx + uy * 20.0,
                by - ux * 20.0
            );
        }
    }
}
