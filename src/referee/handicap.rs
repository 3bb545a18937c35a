//! Handicap games with a sighted player (RULES.md 5.2): the handicap armies, and the phase of
//! Semi-Kriegspiel before the first move, in which the sighted player places its king and queen.
//! After the placement the game is an ordinary Kriegspiel game ([`super::kriegspiel`]).

use super::common::{describe_position_error, only};
use super::kriegspiel::Kriegspiel;
use super::request::RequestError;
use super::{Judge, Request};
use crate::announce::{Announcement, Item, Over};
use crate::rules::{Handicap, RuleSet, Wing};
use crate::setup::setup_fen;
use shakmaty::{Bitboard, Board, CastlingMode, Chess, Color, File, Rank, Role, Setup, Square};
use std::any::Any;

/// The position a game of `rules` starts from unless another is given: the standard position,
/// with a handicap game's sighted army (Semi-Kriegspiel: none until placed).
pub fn start(rules: &RuleSet) -> Setup {
    start_position(rules).unwrap_or_else(Setup::initial)
}

/// The start position of a handicap game: the sighted player's handicap army against the full
/// army (for Semi-Kriegspiel, the full army alone, until the placement). `None` without a
/// handicap.
pub fn start_position(rules: &RuleSet) -> Option<Setup> {
    let color = rules.sighted.color()?;
    if rules.handicap == Handicap::None {
        return None;
    }
    let mut setup = Setup::initial();
    let home = color.fold_wb(Rank::First, Rank::Eighth);
    let bishop_file = match rules.bishop {
        Some(Wing::C) => Some(File::C),
        Some(Wing::F) => Some(File::F),
        None => None,
    };
    for sq in setup.board.by_color(color) {
        let Some(role) = setup.board.role_at(sq) else {
            continue;
        };
        let keep = match (rules.handicap, role) {
            (Handicap::Semi, _) => false,
            (_, Role::Pawn | Role::King) => true,
            (Handicap::PicklePot, Role::Queen) => true,
            (Handicap::OneEye, Role::Rook) => true,
            (_, Role::Bishop) => sq.rank() == home && Some(sq.file()) == bishop_file,
            _ => false,
        };
        if !keep {
            setup.board.discard_piece_at(sq);
        }
    }
    // Castling wherever king and rook still stand at home.
    let rooks = setup.board.rooks() & setup.board.by_color(color);
    let king_home = setup.board.king_of(color) == Some(Square::from_coords(File::E, home));
    let ours = Bitboard::from_rank(home);
    setup.castling_rights = (setup.castling_rights & !ours)
        | if king_home {
            setup.castling_rights & ours & rooks
        } else {
            Bitboard::EMPTY
        };
    Some(setup)
}

/// The item both players hear at the start of a handicap game.
pub fn announcement(rules: &RuleSet) -> Option<Item> {
    (rules.handicap != Handicap::None).then_some(Item::Handicap(rules.handicap, rules.bishop))
}

/// Semi-Kriegspiel before the first move: the blind army alone, waiting for the sighted
/// player's king and queen.
#[derive(Debug)]
pub(crate) struct Placement {
    setup: Setup,
    color: Color,
    /// The game, once placed (taken by the referee).
    next: Option<Box<dyn Judge>>,
}

impl Placement {
    /// Waits for `color` to place its king and queen into `setup`.
    pub(crate) fn new(setup: Setup, color: Color) -> Placement {
        Placement {
            setup,
            color,
            next: None,
        }
    }

    fn place(
        &mut self,
        rules: &RuleSet,
        king: Square,
        queen: Square,
        out: &mut Announcement,
    ) -> Result<Option<Over>, RequestError> {
        let refuse = |why: String| Err(RequestError::Placement(why));
        if king == queen {
            return refuse("the king and the queen need two different squares".into());
        }
        for sq in [king, queen] {
            if self.setup.board.occupied().contains(sq) {
                return refuse(format!("{sq} is not empty"));
            }
        }
        let mut setup = self.setup.clone();
        setup.board.set_piece_at(king, self.color.king());
        setup.board.set_piece_at(queen, self.color.queen());
        if let Err(e) = setup.clone().position::<Chess>(CastlingMode::Standard) {
            return refuse(format!(
                "that placement is not a legal position: {}",
                describe_position_error(e.kinds())
            ));
        }
        out.push(only(self.color, Item::Placed));
        let (game, over) = Kriegspiel::<shakmaty::Chess>::start(rules, setup, out)
            .map_err(|e| RequestError::Placement(e.to_string()))?;
        self.next = Some(Box::new(game));
        Ok(over)
    }
}

impl Judge for Placement {
    fn to_move(&self) -> Color {
        self.setup.turn
    }

    fn fen(&self) -> String {
        setup_fen(self.setup.clone())
    }

    fn setup(&self) -> Setup {
        self.setup.clone()
    }

    fn board(&self) -> &Board {
        &self.setup.board
    }

    fn castling_rights(&self) -> Bitboard {
        self.setup.castling_rights
    }

    fn placing(&self) -> Option<Color> {
        Some(self.color)
    }

    fn answer(
        &mut self,
        rules: &RuleSet,
        request: &Request,
        out: &mut Announcement,
    ) -> Result<Option<Over>, RequestError> {
        match request {
            Request::Place { color, king, queen } if *color == self.color => {
                self.place(rules, *king, *queen, out)
            }
            Request::Place { .. } => Err(RequestError::Placement(
                "only the sighted player places its king and queen".into(),
            )),
            other => Err(RequestError::Placement(format!(
                "'{}' must wait: first the sighted player places its king and queen",
                other.name()
            ))),
        }
    }

    fn successor(&mut self) -> Option<Box<dyn Judge>> {
        self.next.take()
    }

    fn clone_box(&self) -> Box<dyn Judge> {
        Box::new(Placement::new(self.setup.clone(), self.color))
    }

    fn same(&self, other: &dyn Judge) -> bool {
        other
            .as_any()
            .downcast_ref::<Placement>()
            .is_some_and(|p| p.setup == self.setup && p.color == self.color)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
