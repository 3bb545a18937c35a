//! Shogi pieces as drawn: the kanji (the default) or the international letters, the five-sided
//! piece pointing at the opponent (gote's turned round, its letters upside down), and the small
//! font that gives egui the kanji and kana of the pieces, the screens and the KIF and CSA text
//! (assets/fonts: a subset of Noto Sans CJK JP, OFL).

pub use crate::tsuitate::words::{kanji, kind_name, side_name};
use egui::epaint::TextShape;
use egui::{Color32, FontFamily, FontId, Painter, Pos2, Rect, Stroke, Vec2, pos2};
use shogi_core::{Color, Piece, PieceKind};

/// How pieces are written.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Symbols {
    /// 歩 香 桂 銀 金 角 飛 玉/王, promoted と 杏 圭 全 馬 龍.
    #[default]
    Kanji,
    /// P L N S G B R K, promoted +P +L +N +S +B +R.
    Latin,
}

/// The font with the pieces' kanji and the Japanese of the screens and the game records (20 KB).
const KANJI_FONT: &[u8] = include_bytes!("../../../assets/fonts/shogi-kanji.otf");

/// Adds the kanji font to egui's fonts as the last fallback of both families, so that the
/// monospace text (a game record) draws its Japanese too (other text is unchanged); once per
/// context.
pub fn install_font(ctx: &egui::Context) {
    let id = egui::Id::unique("shogi-kanji-font");
    if ctx.data(|d| d.get_temp::<bool>(id)).is_some() {
        return;
    }
    ctx.data_mut(|d| d.insert_temp(id, true));
    ctx.add_font(egui::epaint::text::FontInsert::new(
        "shogi-kanji",
        egui::FontData::from_static(KANJI_FONT),
        [FontFamily::Proportional, FontFamily::Monospace]
            .into_iter()
            .map(|family| egui::epaint::text::InsertFontFamily {
                family,
                priority: egui::epaint::text::FontPriority::Lowest,
            })
            .collect(),
    ));
}

/// A piece's symbol in `symbols` (the king: 玉 for sente, 王 for gote).
pub fn symbol(piece: Piece, symbols: Symbols) -> &'static str {
    let kind = piece.piece_kind();
    match symbols {
        Symbols::Kanji if kind == PieceKind::King && piece.color() == Color::White => "王",
        Symbols::Kanji => kanji(kind, true),
        Symbols::Latin => match kind {
            PieceKind::Pawn => "P",
            PieceKind::Lance => "L",
            PieceKind::Knight => "N",
            PieceKind::Silver => "S",
            PieceKind::Gold => "G",
            PieceKind::Bishop => "B",
            PieceKind::Rook => "R",
            PieceKind::King => "K",
            PieceKind::ProPawn => "+P",
            PieceKind::ProLance => "+L",
            PieceKind::ProKnight => "+N",
            PieceKind::ProSilver => "+S",
            PieceKind::ProBishop => "+B",
            PieceKind::ProRook => "+R",
        },
    }
}

const WOOD: Color32 = Color32::from_rgb(246, 214, 150);
const INK: Color32 = Color32::from_rgb(20, 20, 20);
const PROMOTED_INK: Color32 = Color32::from_rgb(190, 20, 20);

/// Draws `piece` in `cell`: a five-sided piece pointing up for the side at the bottom of the
/// board (`bottom`), down for the other, with its symbol turned the same way.
pub fn draw_piece(painter: &Painter, cell: Rect, piece: Piece, bottom: Color, symbols: Symbols) {
    let up = piece.color() == bottom;
    let c = cell.center();
    let (w, h) = (cell.width() * 0.40, cell.height() * 0.44);
    let s = if up { 1.0 } else { -1.0 };
    let point = |x: f32, y: f32| pos2(c.x + s * x * w, c.y + s * y * h);
    let outline = vec![
        point(0.0, -1.0),
        point(0.75, -0.65),
        point(1.0, 1.0),
        point(-1.0, 1.0),
        point(-0.75, -0.65),
    ];
    painter.add(egui::Shape::convex_polygon(
        outline,
        WOOD,
        Stroke::new(1.0, Color32::from_rgb(120, 80, 30)),
    ));
    let text = symbol(piece, symbols);
    let promoted = piece.piece_kind().unpromote().is_some();
    let size = if text.chars().count() > 1 { 0.36 } else { 0.52 } * cell.height();
    let ink = if promoted { PROMOTED_INK } else { INK };
    let galley = painter.layout_no_wrap(
        text.to_owned(),
        FontId::new(size, FontFamily::Proportional),
        ink,
    );
    let half = galley.size() / 2.0;
    let centre = pos2(c.x, c.y + s * h * 0.12);
    let (pos, angle) = if up {
        (centre - half, 0.0)
    } else {
        (centre + half, std::f32::consts::PI)
    };
    painter.add(TextShape::new(pos, galley, ink).with_angle(angle));
}

/// The rectangle of a cell `size` wide at `min`.
pub fn cell_rect(min: Pos2, size: f32) -> Rect {
    Rect::from_min_size(min, Vec2::splat(size))
}
