//! Study's "Export picture": the board of the perspective shown, exactly as drawn (its
//! [`BoardSpec`]: pieces, markers, pieces seen, highlights, the overlay, arrows), made a
//! [`Picture`] and written as PNG or SVG by the name's extension.

use super::StudyScreen;
use crate::app::board::{BoardSpec, Highlight};
use crate::app::visibility::Place;
use crate::picture::{Mark, Picture};
use std::path::Path;

/// The picture of what `spec` draws.
pub fn picture(spec: &BoardSpec) -> Picture {
    let mark = |h: Highlight| match h {
        Highlight::LastMove => Mark::LastMove,
        Highlight::Selected => Mark::Selected,
        Highlight::Capture => Mark::Capture,
        Highlight::Check => Mark::Check,
        Highlight::Seen => Mark::Seen,
        Highlight::Region => Mark::Region,
    };
    Picture {
        name: spec.name.clone(),
        caption: spec.caption.clone(),
        white_at_bottom: spec.white_at_bottom,
        pieces: spec.pieces.clone(),
        markers: spec.markers.clone(),
        ghosts: spec.ghosts.clone(),
        marks: spec
            .highlights
            .iter()
            .map(|(sq, h)| (*sq, mark(*h)))
            .collect(),
        heat: spec.heat.clone(),
        arrows: spec.arrows.iter().map(|a| (a.from, a.to)).collect(),
    }
}

/// The side of a PNG written from study, in pixels.
const PNG_SIZE: u32 = 640;

impl StudyScreen {
    /// The board to export: the perspective's own (a player's board, or the referee's), as
    /// last drawn.
    pub fn picture_shown(&self) -> Option<&crate::picture::Picture> {
        let place = match self.perspective.color() {
            Some(c) => Place::Player(c),
            None => Place::Referee,
        };
        self.pictures
            .iter()
            .find(|(p, _)| *p == place)
            .map(|(_, picture)| picture)
    }

    /// Writes [`StudyScreen::picture_shown`] to `path`: SVG for a `.svg` name, PNG otherwise.
    pub fn write_picture(&self, path: &Path) -> Result<(), String> {
        let picture = self
            .picture_shown()
            .ok_or_else(|| "No board is shown to export.".to_owned())?;
        let svg = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
        let bytes = if svg {
            picture.svg(PNG_SIZE).into_bytes()
        } else {
            picture.png(PNG_SIZE).map_err(|e| e.to_string())?
        };
        crate::save::write_atomic(path, &bytes)
            .map_err(|e| format!("Could not write {}: {e}", path.display()))
    }
}
