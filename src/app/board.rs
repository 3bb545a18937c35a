//! The board widget: an 8x8 board drawn from a [`BoardSpec`] (pieces, markers, highlights,
//! hints, arrows), with click-click and drag input. It knows nothing about games: the caller
//! decides what may be shown. Every square is an accessible button labelled "\<board\> \<square\>".

use super::pieces;
use super::settings::BoardColors;
use super::theme;
use egui::{Color32, Id, Pos2, Rect, Sense, Stroke, Vec2, vec2};
use shakmaty::{Bitboard, File, Piece, Rank, Role, Square};
use std::sync::atomic::{AtomicU8, Ordering};

static COLORS: AtomicU8 = AtomicU8::new(BoardColors::Brown as u8);

/// Chooses the square colours used from now on (the Settings window's "Board colours").
pub fn use_colors(colors: BoardColors) {
    COLORS.store(colors as u8, Ordering::Relaxed);
}

/// The chosen (light, dark) square colours.
fn square_colors() -> (Color32, Color32) {
    match COLORS.load(Ordering::Relaxed) {
        x if x == BoardColors::Green as u8 => theme::BOARD_GREEN,
        x if x == BoardColors::Blue as u8 => theme::BOARD_BLUE,
        x if x == BoardColors::Grey as u8 => theme::BOARD_GREY,
        _ => theme::BOARD_BROWN,
    }
}

/// What a highlighted square means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Highlight {
    /// A square of the last move.
    LastMove,
    /// The selected piece.
    Selected,
    /// A capture was announced here.
    Capture,
    /// A square along a check direction.
    Check,
    /// A square seen by a sense / opened square.
    Seen,
    /// The shaded region of an overlay (e.g. where a king could be).
    Region,
}

impl Highlight {
    fn fill(self) -> Color32 {
        match self {
            Highlight::LastMove => theme::HIGHLIGHT_LAST_MOVE,
            Highlight::Selected => theme::HIGHLIGHT_SELECTED,
            Highlight::Capture => Color32::TRANSPARENT,
            Highlight::Check => theme::HIGHLIGHT_CHECK,
            Highlight::Seen => theme::HIGHLIGHT_SEEN,
            Highlight::Region => theme::HIGHLIGHT_REGION,
        }
    }
}

/// An arrow drawn on the board.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Arrow {
    /// Start square.
    pub from: Square,
    /// End square.
    pub to: Square,
    /// Colour.
    pub color: Color32,
}

/// Everything one board shows.
#[derive(Clone, Debug, Default)]
pub struct BoardSpec {
    /// The name used in square labels ("White", "Black", "Referee").
    pub name: String,
    /// Orientation.
    pub white_at_bottom: bool,
    /// Pieces drawn solid.
    pub pieces: Vec<(Square, Piece)>,
    /// Guessed pieces, drawn translucent.
    pub markers: Vec<(Square, Piece)>,
    /// Enemy pieces the player saw (RBC senses, opened squares), drawn faded with an eye mark.
    pub ghosts: Vec<(Square, Piece)>,
    /// Highlighted squares.
    pub highlights: Vec<(Square, Highlight)>,
    /// A heat map: squares shaded by weight (0 to 1), e.g. where an enemy unit may stand.
    pub heat: Vec<(Square, f32)>,
    /// Move hints (dots).
    pub dots: Bitboard,
    /// Arrows.
    pub arrows: Vec<Arrow>,
    /// Draw coordinates.
    pub coordinates: bool,
    /// Squares whose piece may be picked up (clicked or dragged).
    pub movable: Bitboard,
    /// Drag and drop is allowed.
    pub drag: bool,
    /// Clicking squares is reported.
    pub click: bool,
    /// A shaded count shown in the corner (e.g. "23 squares").
    pub caption: Option<String>,
}

/// A unit dragged from a Crazyhouse pocket onto a board (the drag-and-drop payload).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PocketUnit(pub Role);

/// What the user did on the board this frame.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoardEvent {
    /// A square was clicked.
    Clicked(Square),
    /// A square was right-clicked.
    RightClicked(Square),
    /// A piece was dragged from one square and dropped on another.
    Dropped {
        /// Where the piece was picked up.
        from: Square,
        /// Where it was dropped.
        to: Square,
    },
    /// The pointer hovers over a square.
    Hovered(Square),
    /// A unit dragged from a pocket was released over a square.
    PocketDropped {
        /// The unit.
        role: Role,
        /// Where it was released.
        to: Square,
    },
}

fn square_rect(board: Rect, sq: Square, white_at_bottom: bool) -> Rect {
    let s = board.width() / 8.0;
    let (f, r) = (u32::from(sq.file()) as f32, u32::from(sq.rank()) as f32);
    let (x, y) = if white_at_bottom {
        (f, 7.0 - r)
    } else {
        (7.0 - f, r)
    };
    Rect::from_min_size(board.min + vec2(x * s, y * s), Vec2::splat(s))
}

fn square_at(board: Rect, pos: Pos2, white_at_bottom: bool) -> Option<Square> {
    if !board.contains(pos) {
        return None;
    }
    let s = board.width() / 8.0;
    let x = (((pos.x - board.min.x) / s) as u32).min(7);
    let y = (((pos.y - board.min.y) / s) as u32).min(7);
    let (f, r) = if white_at_bottom {
        (x, 7 - y)
    } else {
        (7 - x, y)
    };
    Some(Square::from_coords(File::new(f), Rank::new(r)))
}

/// The board being drawn this frame: where, at what size, and the piece being dragged.
struct Canvas {
    rect: Rect,
    size: f32,
    id: Id,
    drag_source: Option<Square>,
    pointer: Option<Pos2>,
    white_at_bottom: bool,
}

impl Canvas {
    fn square(&self, sq: Square) -> Rect {
        square_rect(self.rect, sq, self.white_at_bottom)
    }

    /// Whether the piece on `sq` is being dragged (it follows the pointer instead).
    fn dragging(&self, ui: &egui::Ui, sq: Square) -> bool {
        self.drag_source == Some(sq) && ui.ctx().is_being_dragged(self.id.with(u32::from(sq)))
    }
}

/// Draws the board at `size` points and returns what the user did.
pub fn show(ui: &mut egui::Ui, spec: &BoardSpec, size: f32) -> Vec<BoardEvent> {
    let size = size.max(64.0);
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(size), Sense::hover());
    let id = Id::unique(("board", spec.name.as_str()));
    let canvas = Canvas {
        rect,
        size,
        id,
        drag_source: ui.ctx().data(|d| d.get_temp(id)),
        pointer: ui.ctx().pointer_latest_pos(),
        white_at_bottom: spec.white_at_bottom,
    };
    let events = squares(ui, spec, &canvas);
    overlays(ui, spec, &canvas);
    if spec.coordinates {
        coordinates(ui, &canvas);
    }
    units(ui, spec, &canvas);
    if let Some(caption) = &spec.caption {
        // Under the board, never over a piece.
        ui.label(egui::RichText::new(caption).italics());
    }
    dragged(ui, spec, &canvas);
    events
}

/// The 64 squares, each a widget with its accessible name ("White e4"), and what was done on
/// them.
fn squares(ui: &mut egui::Ui, spec: &BoardSpec, c: &Canvas) -> Vec<BoardEvent> {
    let mut events = Vec::new();
    let painter = ui.painter_at(c.rect);
    let (light_square, dark_square) = square_colors();
    for i in 0..64u32 {
        let sq = Square::new(i);
        let r = c.square(sq);
        let light = (u32::from(sq.file()) + u32::from(sq.rank())) % 2 == 1;
        painter.rect_filled(r, 0.0, if light { light_square } else { dark_square });
        let sense = if spec.click || spec.drag {
            Sense::click_and_drag()
        } else {
            Sense::hover()
        };
        let resp = ui.interact(r, c.id.with(i), sense);
        let label = format!("{} {sq}", spec.name);
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, spec.click, &label));
        if resp.hovered() {
            events.push(BoardEvent::Hovered(sq));
        }
        if spec.click && resp.clicked() {
            events.push(BoardEvent::Clicked(sq));
        }
        if resp.secondary_clicked() {
            events.push(BoardEvent::RightClicked(sq));
        }
        if let Some(unit) = resp.dnd_release_payload::<PocketUnit>() {
            events.push(BoardEvent::PocketDropped {
                role: unit.0,
                to: sq,
            });
        }
        if spec.drag && resp.drag_started() && spec.movable.contains(sq) {
            ui.ctx().data_mut(|d| d.insert_temp(c.id, sq));
        }
        if resp.drag_stopped()
            && let Some(from) = c.drag_source
        {
            ui.ctx().data_mut(|d| d.remove::<Square>(c.id));
            let dropped = c
                .pointer
                .and_then(|p| square_at(c.rect, p, c.white_at_bottom));
            match dropped {
                Some(to) if to != from => events.push(BoardEvent::Dropped { from, to }),
                Some(_) if spec.click => events.push(BoardEvent::Clicked(from)),
                _ => {}
            }
        }
    }
    events
}

/// The heat map and the highlighted squares.
fn overlays(ui: &egui::Ui, spec: &BoardSpec, c: &Canvas) {
    let painter = ui.painter_at(c.rect);
    for (sq, w) in &spec.heat {
        let r = c.square(*sq);
        painter.rect_filled(r, 0.0, theme::heat(theme::heat_alpha(*w)));
        // A frame as well, so that even the faintest square stands out on a dark square.
        painter.rect_stroke(
            r.shrink(c.size / 160.0),
            0.0,
            Stroke::new(c.size / 200.0, theme::heat(theme::HEAT_EDGE)),
            egui::StrokeKind::Inside,
        );
    }
    for (sq, h) in &spec.highlights {
        let r = c.square(*sq);
        if *h == Highlight::Capture {
            painter.rect_stroke(
                r.shrink(c.size / 80.0),
                c.size / 100.0,
                Stroke::new(c.size / 90.0, theme::CAPTURE_FRAME),
                egui::StrokeKind::Inside,
            );
        } else {
            painter.rect_filled(r, 0.0, h.fill());
        }
    }
}

/// The files along the bottom edge and the ranks along the left, in the other square colour.
fn coordinates(ui: &egui::Ui, c: &Canvas) {
    let painter = ui.painter_at(c.rect);
    let (light_square, dark_square) = square_colors();
    let ink = |sq: Square| {
        if (u32::from(sq.file()) + u32::from(sq.rank())) % 2 == 1 {
            dark_square
        } else {
            light_square
        }
    };
    let font = egui::FontId::proportional(c.size / 36.0);
    let (w, size) = (c.white_at_bottom, c.size);
    for i in 0..8u32 {
        let file_sq = Square::from_coords(
            File::new(if w { i } else { 7 - i }),
            if w { Rank::First } else { Rank::Eighth },
        );
        painter.text(
            c.square(file_sq).right_bottom() + vec2(-size / 160.0, -size / 200.0),
            egui::Align2::RIGHT_BOTTOM,
            file_sq.file().char(),
            font.clone(),
            ink(file_sq),
        );
        let rank_sq = Square::from_coords(
            if w { File::A } else { File::H },
            Rank::new(if w { 7 - i } else { i }),
        );
        painter.text(
            c.square(rank_sq).left_top() + vec2(size / 200.0, size / 240.0),
            egui::Align2::LEFT_TOP,
            rank_sq.rank().char(),
            font.clone(),
            ink(rank_sq),
        );
    }
}

/// Markers (guessed pieces, with a "?"), ghosts (pieces seen earlier, with an eye), the pieces,
/// the move dots and the arrows.
fn units(ui: &egui::Ui, spec: &BoardSpec, c: &Canvas) {
    let painter = ui.painter_at(c.rect);
    let size = c.size;
    let inset = size / 8.0 * 0.04;
    for (sq, piece) in spec.markers.iter().filter(|(sq, _)| !c.dragging(ui, *sq)) {
        let r = c.square(*sq).shrink(inset * 3.0);
        egui::Image::new(pieces::image(*piece))
            .tint(theme::MARKER_TINT)
            .paint_at(ui, r);
        let font = egui::FontId::proportional(size / 40.0);
        painter.text(
            r.right_top(),
            egui::Align2::RIGHT_TOP,
            "?",
            font,
            theme::MARKER_QUERY,
        );
    }
    for (sq, piece) in &spec.ghosts {
        let r = c.square(*sq).shrink(inset * 2.0);
        egui::Image::new(pieces::image(*piece))
            .tint(theme::GHOST_TINT)
            .paint_at(ui, r);
        painter.circle_stroke(
            r.right_top() + vec2(-size / 90.0, size / 90.0),
            size / 110.0,
            Stroke::new(size / 300.0 + 0.5, theme::GHOST_EYE),
        );
    }
    for (sq, piece) in spec.pieces.iter().filter(|(sq, _)| !c.dragging(ui, *sq)) {
        egui::Image::new(pieces::image(*piece)).paint_at(ui, c.square(*sq).shrink(inset));
    }
    for sq in spec.dots {
        painter.circle_filled(c.square(sq).center(), size / 8.0 * 0.15, theme::HINT_DOT);
    }
    for a in &spec.arrows {
        let (from, to) = (c.square(a.from).center(), c.square(a.to).center());
        painter.arrow(from, to - from, Stroke::new(size / 70.0, a.color));
    }
}

/// The piece being dragged follows the pointer.
fn dragged(ui: &mut egui::Ui, spec: &BoardSpec, c: &Canvas) {
    if let (Some(from), Some(p)) = (c.drag_source, c.pointer)
        && ui.ctx().is_being_dragged(c.id.with(u32::from(from)))
        && let Some((_, piece)) = spec
            .pieces
            .iter()
            .chain(&spec.markers)
            .find(|(sq, _)| *sq == from)
    {
        let s = c.size / 8.0;
        let layer = egui::LayerId::new(egui::Order::Tooltip, c.id.with("drag"));
        let r = Rect::from_center_size(p, Vec2::splat(s));
        let img = egui::Image::new(pieces::image(*piece));
        let child = ui.new_child(egui::UiBuilder::new().layer_id(layer).max_rect(r));
        img.paint_at(&child, r);
    }
}

/// A covered board: the closed screen with the board's name on it.
pub fn covered(ui: &mut egui::Ui, name: &str, size: f32) {
    let size = size.max(64.0);
    let (rect, resp) = ui.allocate_exact_size(Vec2::splat(size), Sense::hover());
    let text = format!("{name}: covered");
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &text));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, size / 40.0, theme::COVER_FILL);
    painter.rect_stroke(
        rect.shrink(size / 30.0),
        size / 50.0,
        Stroke::new(2.0, theme::COVER_FRAME),
        egui::StrokeKind::Inside,
    );
    painter.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        name,
        egui::FontId::proportional(size / 14.0),
        theme::COVER_NAME,
    );
    painter.text(
        rect.center() + vec2(0.0, size / 10.0),
        egui::Align2::CENTER_CENTER,
        "screen closed",
        egui::FontId::proportional(size / 26.0),
        theme::COVER_NOTE,
    );
}

/// The squares in a straight line from `king` in a check direction (for drawing "check on the
/// file" and so on on a player's own board).
pub fn check_squares(king: Square, dir: crate::announce::CheckDirection) -> Bitboard {
    use crate::announce::CheckDirection as D;
    use shakmaty::attacks;
    let empty = Bitboard::EMPTY;
    match dir {
        D::Rank => Bitboard::from_rank(king.rank()).without(king),
        D::File => Bitboard::from_file(king.file()).without(king),
        D::Knight => attacks::knight_attacks(king),
        D::Long | D::Short => {
            let (f, r) = (i32::from(king.file()), i32::from(king.rank()));
            let main_len = 8 - (f - r).abs();
            let anti_len = 8 - (f + r - 7).abs();
            let diagonals = attacks::bishop_attacks(king, empty);
            let main: Bitboard = diagonals
                .into_iter()
                .filter(|sq| i32::from(sq.file()) - i32::from(sq.rank()) == f - r)
                .collect();
            let anti = diagonals & !main;
            let long_is_main = main_len > anti_len;
            match (dir, long_is_main) {
                (D::Long, true) | (D::Short, false) => main,
                _ => anti,
            }
        }
    }
}

/// The squares shaded for a check from `dir` on a player's own board: where the checking piece
/// can stand. Never a square holding one of the player's own pieces (`own`), and along a line
/// not beyond the first own piece.
pub fn check_shading(
    king: Square,
    dir: crate::announce::CheckDirection,
    own: Bitboard,
) -> Bitboard {
    use crate::announce::CheckDirection as D;
    use shakmaty::attacks;
    let reach = match dir {
        D::Knight => attacks::knight_attacks(king),
        D::Rank | D::File => attacks::rook_attacks(king, own),
        D::Long | D::Short => attacks::bishop_attacks(king, own),
    };
    check_squares(king, dir) & reach & !own
}
