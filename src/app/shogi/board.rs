//! One 9x9 shogi board with the pieces in hand above and below it: the bottom side's hand under
//! the board, the top side's over it. Every square and every hand piece is a widget with an
//! AccessKit label (`Sente's board 7g: Sente pawn`, `Sente's hand: bishop ×1`), so the boards are
//! played by clicks, by a screen reader and by tests alike. What it draws is only what it is
//! given: a seat's board is handed the seat's own view, never the true position.

use super::pieces::{Symbols, cell_rect, draw_piece, kind_name, side_name};
use crate::tsuitate::SeatView;
use egui::{Color32, FontId, Rect, Sense, Stroke, StrokeKind, Vec2, pos2};
use shogi_core::{Color, Hand, PartialPosition, Piece, PieceKind, Square};

/// What was clicked (or is selected): a square, or a kind of piece in the hand of the side to
/// move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// A square.
    Square(Square),
    /// A piece in hand.
    Hand(PieceKind),
}

/// A board to draw.
pub struct BoardView<'a> {
    /// Its name, first in every label (`Sente's board`).
    pub name: &'a str,
    /// The pieces to draw (a seat's own view, or the true position on the umpire's board).
    pub position: &'a PartialPosition,
    /// The side at the bottom.
    pub bottom: Color,
    /// Whether the hands are drawn at all.
    pub hands: bool,
    /// Which sides' hands are known (an unknown hand is drawn as "?").
    pub hands_known: [bool; 2],
    /// The width of a square.
    pub cell: f32,
    /// The selected square or hand piece.
    pub selected: Option<Pick>,
    /// Squares to mark (a capture heard there).
    pub marks: &'a [Square],
    /// Whether clicks are taken.
    pub interactive: bool,
    /// How pieces are written.
    pub symbols: Symbols,
}

/// The least height of a piece in hand.
const HAND_PIECE: f32 = 34.0;

/// The square's name in USI (`7g`).
pub fn square_name(sq: Square) -> String {
    crate::tsuitate::announce::square_name(sq)
}

fn hand_index(color: Color) -> usize {
    crate::tsuitate::referee::index(color)
}

impl BoardView<'_> {
    /// Draws the board; returns what was clicked.
    pub fn show(&self, ui: &mut egui::Ui) -> Option<Pick> {
        self.show_squares(ui).0
    }

    /// Draws the board; returns what was clicked and where its 81 squares are.
    pub fn show_squares(&self, ui: &mut egui::Ui) -> (Option<Pick>, Rect) {
        let mut clicked = None;
        let mut squares = Rect::NOTHING;
        ui.vertical(|ui| {
            ui.label(egui::RichText::new(self.name).strong());
            if self.hands {
                clicked = self.hand(ui, self.bottom.flip()).or(clicked);
            }
            let (grid, at) = self.grid(ui);
            (clicked, squares) = (grid.or(clicked), at);
            if self.hands {
                clicked = self.hand(ui, self.bottom).or(clicked);
            }
        });
        (clicked, squares)
    }

    /// The screen position of `sq`'s cell (file 9 at the left for sente at the bottom).
    fn cell_at(&self, origin: egui::Pos2, sq: Square) -> Rect {
        let (col, row) = match self.bottom {
            Color::Black => (9 - sq.file(), sq.rank() - 1),
            Color::White => (sq.file() - 1, 9 - sq.rank()),
        };
        cell_rect(
            origin + Vec2::new(f32::from(col), f32::from(row)) * self.cell,
            self.cell,
        )
    }

    /// The squares; returns what was clicked and where the squares are.
    fn grid(&self, ui: &mut egui::Ui) -> (Option<Pick>, Rect) {
        let size = Vec2::splat(self.cell * 9.0);
        let (rect, _) = ui.allocate_exact_size(size + Vec2::new(14.0, 14.0), Sense::hover());
        let origin = rect.min + Vec2::new(2.0, 12.0);
        let painter = ui.painter();
        painter.rect_filled(
            Rect::from_min_size(origin, size),
            0.0,
            Color32::from_rgb(222, 184, 110),
        );
        let line = Stroke::new(1.0, Color32::from_rgb(60, 40, 20));
        let mut clicked = None;
        for sq in Square::all() {
            let cell = self.cell_at(origin, sq);
            painter.rect_stroke(cell, 0.0, line, StrokeKind::Inside);
            let piece = self.position.piece_at(sq);
            if self.selected == Some(Pick::Square(sq)) {
                painter.rect_filled(cell.shrink(1.0), 0.0, Color32::from_rgb(120, 200, 120));
            }
            if self.marks.contains(&sq) {
                painter.rect_stroke(
                    cell.shrink(2.0),
                    0.0,
                    Stroke::new(3.0, Color32::from_rgb(200, 40, 40)),
                    StrokeKind::Inside,
                );
            }
            if let Some(piece) = piece {
                draw_piece(painter, cell, piece, self.bottom, self.symbols);
            }
            let label = format!("{} {}: {}", self.name, square_name(sq), piece_words(piece));
            let id = egui::Id::unique((self.name, "sq", sq.index()));
            let sense = if self.interactive {
                Sense::click()
            } else {
                Sense::hover()
            };
            let response = ui.interact(cell, id, sense);
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Button, self.interactive, &label)
            });
            if response.clicked() {
                clicked = Some(Pick::Square(sq));
            }
        }
        self.coordinates(painter, origin);
        (clicked, Rect::from_min_size(origin, size))
    }

    /// File numbers above the board, rank letters at its right (as seen from the bottom side).
    fn coordinates(&self, painter: &egui::Painter, origin: egui::Pos2) {
        let font = FontId::proportional(10.0);
        let grey = Color32::GRAY;
        for i in 1..=9u8 {
            let Some(sq) = Square::new(i, i) else {
                continue;
            };
            let cell = self.cell_at(origin, sq);
            painter.text(
                pos2(cell.center().x, origin.y - 6.0),
                egui::Align2::CENTER_CENTER,
                i.to_string(),
                font.clone(),
                grey,
            );
            painter.text(
                pos2(origin.x + self.cell * 9.0 + 6.0, cell.center().y),
                egui::Align2::CENTER_CENTER,
                char::from(b'a' + i - 1).to_string(),
                font.clone(),
                grey,
            );
        }
    }

    /// `color`'s pieces in hand, in a row; each kind is a button when clicks are taken.
    fn hand(&self, ui: &mut egui::Ui, color: Color) -> Option<Pick> {
        let mut clicked = None;
        // A piece in hand is drawn at least HAND_PIECE high, its count beside it in a large
        // bold figure, so a hand can be read at a glance even beside a small board.
        let piece = (self.cell * 0.9).max(HAND_PIECE);
        let figure = (piece * 0.5).max(18.0);
        ui.horizontal(|ui| {
            ui.set_min_height(piece);
            let title = format!("{}'s hand:", side_name(color));
            ui.label(&title);
            if !self.hands_known[hand_index(color)] {
                ui.label("?");
                return;
            }
            let hand: Hand = self.position.hand_of_a_player(color);
            let mut any = false;
            for kind in Hand::all_hand_pieces() {
                let count = hand.count(kind).unwrap_or(0);
                if count == 0 {
                    continue;
                }
                any = true;
                let size = Vec2::new(piece + figure * 1.6, piece);
                let (rect, response) = ui.allocate_exact_size(size, Sense::click());
                if self.selected == Some(Pick::Hand(kind)) && color == self.position.side_to_move()
                {
                    ui.painter()
                        .rect_filled(rect, 2.0, Color32::from_rgb(120, 200, 120));
                }
                let piece_cell = cell_rect(rect.min, rect.height());
                draw_piece(
                    ui.painter(),
                    piece_cell,
                    Piece::new(kind, color),
                    self.bottom,
                    self.symbols,
                );
                ui.painter().text(
                    pos2(piece_cell.max.x + 2.0, rect.center().y),
                    egui::Align2::LEFT_CENTER,
                    format!("×{count}"),
                    FontId::proportional(figure),
                    ui.visuals().strong_text_color(),
                );
                let label = format!("{} {title} {} ×{count}", self.name, kind_name(kind));
                let enabled = self.interactive;
                response
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &label));
                if enabled && response.clicked() {
                    clicked = Some(Pick::Hand(kind));
                }
            }
            if !any {
                ui.label("none");
            }
        });
        clicked
    }
}

/// Where `sq` is drawn on a board whose 81 squares are `squares` (as
/// [`BoardView::show_squares`] returns it), `bottom` at the bottom.
pub fn square_at(squares: Rect, bottom: Color, sq: Square) -> Rect {
    let board = BoardView {
        name: "",
        position: &PartialPosition::empty(),
        bottom,
        hands: false,
        hands_known: [false; 2],
        cell: squares.width() / 9.0,
        selected: None,
        marks: &[],
        interactive: false,
        symbols: Symbols::Latin,
    };
    board.cell_at(squares.min, sq)
}

/// A square's content in words: `Sente pawn`, or `empty`.
pub fn piece_words(piece: Option<Piece>) -> String {
    match piece {
        Some(p) => format!("{} {}", side_name(p.color()), kind_name(p.piece_kind())),
        None => "empty".to_owned(),
    }
}

/// The umpire's board `umpire` (the true position) beside Sente's and Gote's boards, each drawn
/// from its seat's view only (`seats`); returns a click on the umpire's board when
/// `interactive` (`selected`: what is selected there), and where the umpire's squares are.
pub fn three_boards(
    ui: &mut egui::Ui,
    umpire: &PartialPosition,
    seats: [&SeatView; 2],
    (selected, interactive): (Option<Pick>, bool),
    symbols: Symbols,
) -> (Option<Pick>, Rect) {
    three_boards_sized(
        ui,
        (umpire, seats),
        (selected, interactive),
        symbols,
        (44.0, 26.0),
    )
}

/// [`three_boards`] with the umpire's and the seats' cells `(umpire_cell, seat_cell)`.
pub fn three_boards_sized(
    ui: &mut egui::Ui,
    (umpire, seats): (&PartialPosition, [&SeatView; 2]),
    (selected, interactive): (Option<Pick>, bool),
    symbols: Symbols,
    (umpire_cell, seat_cell): (f32, f32),
) -> (Option<Pick>, Rect) {
    let mut clicked = (None, Rect::NOTHING);
    ui.horizontal_top(|ui| {
        clicked = BoardView {
            name: "Umpire's board",
            position: umpire,
            bottom: Color::Black,
            hands: true,
            hands_known: [true; 2],
            cell: umpire_cell,
            selected,
            marks: &[],
            interactive,
            symbols,
        }
        .show_squares(ui);
        ui.add_space(12.0);
        for seat in seats {
            let color = seat.color;
            let name = format!("{}'s board", side_name(color));
            let mut known = [false; 2];
            known[hand_index(color)] = true;
            let marks: Vec<Square> = seat.lost_on.into_iter().collect();
            BoardView {
                name: &name,
                position: &seat.board,
                bottom: Color::Black,
                hands: true,
                hands_known: known,
                cell: seat_cell,
                selected: None,
                marks: &marks,
                interactive: false,
                symbols,
            }
            .show(ui);
            ui.add_space(8.0);
        }
    });
    clicked
}
