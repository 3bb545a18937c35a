//! Who may see what, for the game screen ([`super::play`]) and study mode ([`super::study`]):
//! the three places at the table ([`Place`]), the hot-seat [`Curtain`], the person at the screen
//! ([`Viewer`]) and the rules deciding which boards and clocks that person may see, as pure
//! functions of the screen's state. A board the viewer may not see is drawn covered and its
//! contents are never computed into the frame; [`Drawn`] records what was drawn.

use super::board::{BoardSpec, Highlight};
use super::play::PlayMode;
use crate::wording::color_title;
use shakmaty::{Bitboard, Color, Piece, Square};

/// The three places at the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A player's own board.
    Player(Color),
    /// The referee's true board.
    Referee,
}

impl Place {
    /// The name shown on the board and used in its square labels.
    pub fn name(self) -> &'static str {
        match self {
            Place::Player(c) => color_title(c),
            Place::Referee => "Referee",
        }
    }

    /// The title above the board, with the player's name when there is one.
    pub fn title(self, player_name: &str) -> String {
        match self {
            Place::Player(_) if !player_name.is_empty() => {
                format!("{}'s board ({player_name})", self.name())
            }
            _ => format!("{}'s board", self.name()),
        }
    }
}

/// The hot-seat curtain.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Curtain {
    /// Down: nothing private is shown until `next` opens its board.
    Up {
        /// The player who is to open next.
        next: Color,
    },
    /// This player's board is open.
    Open(Color),
}

/// What was drawn on one board in the last frame (for tests and checks: hidden information must
/// never appear here).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// Which board.
    pub place: Place,
    /// Pieces drawn solid.
    pub pieces: Vec<(Square, Piece)>,
    /// Markers (the player's own guesses).
    pub markers: Vec<(Square, Piece)>,
    /// Move hints (dots).
    pub dots: Bitboard,
    /// Highlighted squares (last move, checks, captures, overlays).
    pub highlights: Vec<(Square, Highlight)>,
    /// The heat map (where enemy units may stand), with weights in thousandths.
    pub heat: Vec<(Square, u16)>,
}

impl Drawn {
    /// What `spec` draws on the board at `place`.
    pub fn of(place: Place, spec: &BoardSpec) -> Drawn {
        Drawn {
            place,
            pieces: spec.pieces.clone(),
            markers: spec.markers.clone(),
            dots: spec.dots,
            highlights: spec.highlights.clone(),
            heat: spec
                .heat
                .iter()
                .map(|(sq, w)| (*sq, (w.clamp(0.0, 1.0) * 1000.0).round() as u16))
                .collect(),
        }
    }
}

/// The person at the screen, as far as hidden information goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// Sees every board: the club referee, study from the referee's side, anyone once the game
    /// is over.
    All,
    /// Sees only this player's own board.
    Player(Color),
    /// Sees no board (the hot-seat curtain is up).
    Nobody,
}

impl Viewer {
    /// The viewer of the game screen in `mode`, with the curtain as it is; `revealed`: the game
    /// is over.
    pub fn at_play(mode: PlayMode, curtain: Curtain, revealed: bool) -> Viewer {
        if revealed {
            return Viewer::All;
        }
        match mode {
            PlayMode::Referee => Viewer::All,
            PlayMode::HotSeat => match curtain {
                Curtain::Open(c) => Viewer::Player(c),
                Curtain::Up { .. } => Viewer::Nobody,
            },
            PlayMode::Practice(human) | PlayMode::Remote(human) => Viewer::Player(human),
        }
    }

    /// The viewer of a study perspective: a player's (`Some`) or the referee's (`None`).
    pub fn at_study(perspective: Option<Color>) -> Viewer {
        match perspective {
            None => Viewer::All,
            Some(c) => Viewer::Player(c),
        }
    }

    /// Whether this viewer may see `place`. The single rule for hidden boards.
    pub fn may_see(self, place: Place) -> bool {
        match self {
            Viewer::All => true,
            Viewer::Player(c) => place == Place::Player(c),
            Viewer::Nobody => false,
        }
    }
}

/// Whether the viewer of the game screen may see `color`'s remaining time: always, except in
/// Reconnaissance Blind Chess (`rbc`) hot-seat play, where each player sees only its own time.
pub fn may_see_clock(
    mode: PlayMode,
    curtain: Curtain,
    revealed: bool,
    private_clocks: bool,
    color: Color,
) -> bool {
    revealed || mode == PlayMode::Referee || !private_clocks || curtain == Curtain::Open(color)
}
