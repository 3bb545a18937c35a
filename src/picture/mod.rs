//! A picture of one board to share: what a board shows ([`Picture`]: pieces, the player's
//! markers, pieces seen, highlighted squares, the overlay's heat map, arrows), written as SVG by
//! our own code ([`svg`]: simple and exact, each piece named by its square) and as PNG (that SVG
//! rendered by resvg, [`Picture::png`]). Study builds one from the board it draws; the command
//! line builds one from a save ([`Picture::of_game`]), a player's board from that player's view
//! alone, so a picture of it never shows what the player did not know.

mod svg;

use crate::announce::Item;
use crate::belief::{Belief, OVERLAY_CAP};
use crate::referee::Request;
use crate::replay::Perspective;
use crate::save::SavedGame;
use crate::view::PlayerView;
use shakmaty::{Piece, Role, Square};
use thiserror::Error;

/// What a highlighted square means (the colours are study's).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A square of the last move.
    LastMove,
    /// A selected piece.
    Selected,
    /// A capture was announced here (a red frame).
    Capture,
    /// Along a check.
    Check,
    /// Seen (a sense, an opened square; proven empty).
    Seen,
    /// The overlay's region (where the enemy king may be).
    Region,
}

/// One board as a picture.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Picture {
    /// Whose board ("White", "Black", "Referee"): the SVG's title.
    pub name: String,
    /// A line about it (the overlay's count): the SVG's description.
    pub caption: Option<String>,
    /// White at the bottom.
    pub white_at_bottom: bool,
    /// Pieces drawn solid.
    pub pieces: Vec<(Square, Piece)>,
    /// The player's guesses, drawn translucent.
    pub markers: Vec<(Square, Piece)>,
    /// Enemy pieces the player saw, drawn faded with an eye.
    pub ghosts: Vec<(Square, Piece)>,
    /// Highlighted squares.
    pub marks: Vec<(Square, Mark)>,
    /// The heat map: squares shaded by weight (0 to 1).
    pub heat: Vec<(Square, f32)>,
    /// Arrows (refused attempts).
    pub arrows: Vec<(Square, Square)>,
}

/// Why a picture could not be made.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PictureError {
    /// The game does not replay to that point.
    #[error("the game cannot be rebuilt at that point: {0}")]
    Replay(String),
    /// The PNG could not be rendered.
    #[error("the picture could not be rendered: {0}")]
    Render(String),
}

/// The overlay on a player's board: none, or where the enemy units (or one kind) may stand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// No overlay.
    Off,
    /// The belief's heat map of every enemy unit (`None`) or of one kind.
    Units(Option<Role>),
}

impl Picture {
    /// The board `perspective` saw after the first `cursor` events of `saved`: a player's (its
    /// own pieces, its markers, what it saw, its last move and captures heard, and `overlay`
    /// from its belief), or the referee's (the truth, the turn's refused attempts as arrows).
    pub fn of_game(
        saved: &SavedGame,
        cursor: usize,
        perspective: Perspective,
        overlay: Overlay,
    ) -> Result<Picture, PictureError> {
        let cursor = cursor.min(saved.log.events.len());
        match perspective.color() {
            Some(color) => Ok(player(saved, cursor, color, overlay)),
            None => referee(saved, cursor),
        }
    }

    /// The picture as a PNG `size` pixels square (at least 64).
    pub fn png(&self, size: u32) -> Result<Vec<u8>, PictureError> {
        let size = size.max(64);
        png_of_svg(&self.svg(size), size)
    }
}

/// An SVG `size` pixels square rendered as a PNG (for every game's pictures).
pub fn png_of_svg(text: &str, size: u32) -> Result<Vec<u8>, PictureError> {
    let tree = resvg::usvg::Tree::from_str(text, &resvg::usvg::Options::default())
        .map_err(|e| PictureError::Render(e.to_string()))?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size, size)
        .ok_or_else(|| PictureError::Render(format!("no {size}x{size} picture")))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| PictureError::Render(e.to_string()))
}

/// A player's board, from its view alone.
fn player(saved: &SavedGame, cursor: usize, color: shakmaty::Color, overlay: Overlay) -> Picture {
    let view = PlayerView::build_prefix(&saved.log, color, cursor);
    let mut picture = Picture {
        name: crate::wording::color_title(color).to_owned(),
        white_at_bottom: color == shakmaty::Color::White,
        pieces: view.own.iter().collect(),
        markers: saved
            .markers
            .at(color, cursor)
            .into_iter()
            .map(|(sq, r)| (sq, r.of(!color)))
            .collect(),
        ghosts: view.enemy_sightings().collect(),
        ..Picture::default()
    };
    if let Some(m) = view.last_move {
        picture.marks.push((m.from, Mark::LastMove));
        picture.marks.push((m.to, Mark::LastMove));
    }
    if let Some(turn) = view.turns.last() {
        for item in turn.heard.iter().flat_map(|h| h.items.iter()) {
            if let Item::Capture { square, .. } | Item::Captured(square) = item {
                picture.marks.push((*square, Mark::Capture));
            }
        }
    }
    if let Overlay::Units(role) = overlay {
        match Belief::with_cap(&view, OVERLAY_CAP, 1) {
            Ok(belief) => {
                picture.heat = belief.squares(role);
                let sampled = if belief.is_exact() { "" } else { " (sampled)" };
                let what = role.map_or("units", role_name);
                picture.caption = Some(format!("{what}: {} squares{sampled}", picture.heat.len()));
            }
            Err(_) => {
                for sq in view.king.possible {
                    picture.marks.push((sq, Mark::Region));
                }
                picture.caption = Some(format!("king: {} squares", view.king.possible.count()));
            }
        }
    }
    picture
}

/// The referee's board: the truth, the last move, the refused attempts of the turn under way.
fn referee(saved: &SavedGame, cursor: usize) -> Result<Picture, PictureError> {
    let game = saved
        .log
        .replay_prefix(cursor)
        .map_err(|e| PictureError::Replay(e.to_string()))?;
    let mut picture = Picture {
        name: "Referee".to_owned(),
        white_at_bottom: true,
        pieces: game.referee().true_board().iter().collect(),
        ..Picture::default()
    };
    let events = &saved.log.events[..cursor];
    picture.arrows.extend(refused_this_turn(events));
    if let Some(e) = events.iter().rev().find(|e| e.turn_ends)
        && let Request::Try(a) | Request::Move(a) = &e.request
    {
        picture.marks.push((a.from, Mark::LastMove));
        picture.marks.push((a.to, Mark::LastMove));
    }
    Ok(picture)
}

/// A kind of unit in words.
/// The attempts refused in the turn under way at the end of `events` (from, to): what study
/// and a picture of the referee's board draw as arrows.
pub fn refused_this_turn(
    events: &[crate::log::Event],
) -> impl Iterator<Item = (Square, Square)> + '_ {
    let turn_start = events
        .iter()
        .rposition(|e| e.turn_ends)
        .map_or(0, |i| i + 1);
    events[turn_start..]
        .iter()
        .filter_map(|e| match &e.request {
            Request::Try(a) | Request::Move(a)
                if e.said
                    .iter()
                    .any(|s| matches!(s.item, Item::Illegal | Item::Impossible)) =>
            {
                Some((a.from, a.to))
            }
            _ => None,
        })
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawns",
        Role::Knight => "knights",
        Role::Bishop => "bishops",
        Role::Rook => "rooks",
        Role::Queen => "queens",
        Role::King => "king",
    }
}
