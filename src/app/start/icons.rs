//! The start screen's card pictures, drawn with the painter (simple shapes) and the SVG pieces:
//! no glyph a font may lack.

use super::super::pieces;
use egui::{Color32, Pos2, Rect, Stroke, Vec2, vec2};
use shakmaty::{Color, Piece, Role};

/// A card's picture.
#[derive(Clone, Copy)]
pub(super) enum Icon {
    /// A white and a black king: two players at this computer.
    TwoKings,
    /// A king and a chip: against the computer.
    Computer,
    /// A small board: a club game with a referee.
    Board,
    /// Two screens joined: across two machines.
    Screens,
    /// An open book: study and the library.
    Book,
    /// A question mark in a circle: problems.
    Question,
    /// Another game's picture ([`crate::app::games::paint_icon`]).
    Game(crate::games::GameKind),
    /// A rook and a king: the KR vs K practice.
    RookKing,
    /// An "i" in a circle: How to play.
    Info,
}

/// Draws `icon` in the square `rect`.
pub(super) fn paint(ui: &egui::Ui, rect: Rect, icon: Icon) {
    let ink = ui.visuals().strong_text_color();
    let stroke = Stroke::new(2.5, ink);
    let p = ui.painter();
    let s = rect.width();
    let at = |x: f32, y: f32| rect.min + vec2(x * s, y * s);
    let piece = |color, role, r: Rect| {
        egui::Image::new(pieces::image(Piece { color, role })).paint_at(ui, r);
    };
    let half = |x: f32, y: f32, w: f32| Rect::from_min_size(at(x, y), Vec2::splat(w * s));
    match icon {
        Icon::TwoKings => {
            piece(Color::White, Role::King, half(0.0, 0.1, 0.6));
            piece(Color::Black, Role::King, half(0.4, 0.3, 0.6));
        }
        Icon::RookKing => {
            piece(Color::White, Role::Rook, half(0.0, 0.1, 0.6));
            piece(Color::Black, Role::King, half(0.4, 0.3, 0.6));
        }
        Icon::Computer => {
            piece(Color::White, Role::King, half(0.0, 0.05, 0.6));
            let chip = Rect::from_min_max(at(0.5, 0.45), at(0.92, 0.87));
            for i in 0..4 {
                let t = 0.55 + 0.09 * i as f32;
                p.line_segment([at(t, 0.37), at(t, 0.95)], stroke);
                p.line_segment([at(0.42, t), at(1.0, t)], stroke);
            }
            p.rect_filled(chip, 3.0, ui.visuals().extreme_bg_color);
            p.rect_stroke(chip, 3.0, stroke, egui::StrokeKind::Inside);
            p.rect_filled(chip.shrink(s * 0.12), 1.0, ink);
        }
        Icon::Board => {
            let n = 4;
            let side = s * 0.9 / n as f32;
            let origin = at(0.05, 0.05);
            for row in 0..n {
                for col in 0..n {
                    let fill = if (row + col) % 2 == 0 {
                        super::super::theme::SQUARE_LIGHT
                    } else {
                        super::super::theme::SQUARE_DARK
                    };
                    let min = origin + vec2(col as f32 * side, row as f32 * side);
                    p.rect_filled(Rect::from_min_size(min, Vec2::splat(side)), 0.0, fill);
                }
            }
            let board = Rect::from_min_size(origin, Vec2::splat(side * n as f32));
            p.rect_stroke(board, 0.0, stroke, egui::StrokeKind::Outside);
            piece(Color::Black, Role::Knight, half(0.5, 0.05, 0.45));
            piece(Color::White, Role::King, half(0.05, 0.5, 0.45));
        }
        Icon::Screens => {
            for x in [0.0, 0.54] {
                let screen = Rect::from_min_max(at(x, 0.15), at(x + 0.46, 0.55));
                p.rect_filled(screen.shrink(3.0), 2.0, Color32::from_rgb(90, 140, 200));
                p.rect_stroke(screen, 3.0, stroke, egui::StrokeKind::Inside);
                p.line_segment([at(x + 0.23, 0.55), at(x + 0.23, 0.68)], stroke);
                p.line_segment([at(x + 0.1, 0.68), at(x + 0.36, 0.68)], stroke);
            }
            let dashes: Vec<Pos2> = (0..=6)
                .map(|i| at(0.23 + 0.54 * i as f32 / 6.0, 0.85))
                .collect();
            for pair in dashes.chunks(2) {
                if let [a, b] = pair {
                    p.line_segment([*a, *b], stroke);
                }
            }
        }
        Icon::Book => {
            let spine_top = at(0.5, 0.2);
            let spine_foot = at(0.5, 0.85);
            for side in [-1.0f32, 1.0] {
                let outer = |y: f32| at(0.5 + side * 0.46, y);
                let page = vec![spine_top, outer(0.12), outer(0.77), spine_foot];
                p.add(egui::Shape::convex_polygon(
                    page,
                    Color32::from_rgb(245, 240, 225),
                    stroke,
                ));
                for line in 0..4 {
                    let y = 0.3 + 0.1 * line as f32;
                    p.line_segment(
                        [
                            at(0.5 + side * 0.1, y + 0.04),
                            at(0.5 + side * 0.36, y - 0.02),
                        ],
                        Stroke::new(1.5, Color32::from_gray(140)),
                    );
                }
            }
        }
        Icon::Question | Icon::Info => {
            let centre = rect.center();
            p.circle_stroke(centre, s * 0.42, stroke);
            let text = if matches!(icon, Icon::Question) {
                "?"
            } else {
                "i"
            };
            p.text(
                centre,
                egui::Align2::CENTER_CENTER,
                text,
                egui::FontId::proportional(s * 0.55),
                ink,
            );
        }
        Icon::Game(kind) => super::super::games::paint_icon(ui, rect, kind, stroke),
    }
}
