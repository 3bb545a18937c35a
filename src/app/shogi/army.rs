//! What a seat knows of the opponent's army, from what it was told only: the units the
//! opponent had at the public start, less those this seat took, plus those it took from this
//! seat (the umpire announces every capture to both, with the piece as it goes into the
//! captor's hand). So the seat knows how many units the opponent has on its board or in its
//! hand, of which kinds (promoted or not, it is not told), and, while the opponent has not moved
//! since taking a piece of its, where one of them stands. Nothing here comes from the other
//! seat's view or the true position.

use super::news::SeatNews;
use super::pieces::side_name;
use super::words::kind_name;
use egui::RichText;
use shogi_core::{Color, Hand, PartialPosition, PieceKind, Square};

/// The kinds as the panel lists them, the strongest first.
const KINDS: [PieceKind; 8] = [
    PieceKind::King,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Gold,
    PieceKind::Silver,
    PieceKind::Knight,
    PieceKind::Lance,
    PieceKind::Pawn,
];

/// A kind as a unit of the army is counted: unpromoted.
fn base(kind: PieceKind) -> PieceKind {
    kind.unpromote().unwrap_or(kind)
}

/// The count of each of [`KINDS`] among `kinds`.
fn counts(kinds: impl IntoIterator<Item = PieceKind>) -> [usize; 8] {
    let mut counts = [0; 8];
    for kind in kinds {
        if let Some(i) = KINDS.iter().position(|&k| k == base(kind)) {
            counts[i] += 1;
        }
    }
    counts
}

/// `counts` in words: `king, rook, gold ×2`.
fn listed(counts: &[usize; 8]) -> String {
    let words: Vec<String> = KINDS
        .iter()
        .zip(counts)
        .filter(|(_, n)| **n > 0)
        .map(|(kind, n)| match n {
            1 => kind_name(*kind).to_owned(),
            n => format!("{} ×{n}", kind_name(*kind)),
        })
        .collect();
    words.join(", ")
}

/// `owner`'s units at the start `start` (on the board and in hand).
fn at_start(start: &PartialPosition, owner: Color) -> [usize; 8] {
    let on_board = Square::all()
        .filter_map(|sq| start.piece_at(sq))
        .filter(|p| p.color() == owner)
        .map(|p| p.piece_kind());
    let hand = start.hand_of_a_player(owner);
    let in_hand = Hand::all_hand_pieces()
        .flat_map(|kind| std::iter::repeat_n(kind, usize::from(hand.count(kind).unwrap_or(0))));
    counts(on_board.chain(in_hand))
}

/// The lines of `color`'s panel on its opponent's army: the units it has (from the public
/// `start` and the captures `told` holds), what each side took, and where one of its units
/// stands when `lost_on` says so.
pub(super) fn army_lines(
    start: &PartialPosition,
    color: Color,
    told: &SeatNews,
    lost_on: Option<Square>,
) -> Vec<String> {
    let other = side_name(color.flip());
    let (won, lost) = (
        counts(told.won.iter().copied()),
        counts(told.lost_units.iter().copied()),
    );
    let mut army = at_start(start, color.flip());
    for i in 0..army.len() {
        army[i] = (army[i] + lost[i]).saturating_sub(won[i]);
    }
    let units: usize = army.iter().sum();
    let mut lines = vec![format!(
        "{units} units on its board or in its hand (any may be promoted): {}.",
        listed(&army)
    )];
    lines.push(match told.won.is_empty() {
        true => format!("You have taken none of {other}'s units."),
        false => format!("You took from {other}: {}.", listed(&won)),
    });
    lines.push(match told.lost_units.is_empty() {
        true => format!("{other} has taken none of yours."),
        false => format!("{other} took from you: {}.", listed(&lost)),
    });
    if let Some(square) = lost_on {
        lines.push(format!(
            "One of {other}'s units stands on {} (it took your piece there, marked on your board).",
            super::board::square_name(square)
        ));
    }
    lines
}

/// The panel: its heading and [`army_lines`].
pub(super) fn army_panel(ui: &mut egui::Ui, color: Color, lines: &[String]) {
    let heading = format!(
        "{}'s army as {} knows it",
        side_name(color.flip()),
        side_name(color)
    );
    ui.label(RichText::new(heading).strong());
    for line in lines {
        ui.add(egui::Label::new(line.as_str()).wrap());
    }
}
