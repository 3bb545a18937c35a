//! Rule families: what differs between the members of the Kriegspiel family, in one place.
//!
//! A [`Variant`] is read off a rule set ([`Variant::of`]) and answers every question the rest of
//! the program has about the family: which requests a seat makes and how a click or typed text
//! becomes one ([`Variant::attempt`], [`typed`]); what a seat's view holds besides its own pieces
//! (a pocket, sensed or opened squares, the sighted board, a placement to make); what the
//! screens must offer ([`Capabilities`], [`Variant::step`]); what the belief and the bots need to
//! know; how a game of the family starts ([`Variant::start`]) and its words ([`crate::wording::army_words`]).
//! Screens, bots, the belief, the protocols, PGN and saves ask the variant; only the referee,
//! [`crate::rules`] and this module read the family's flags.
//!
//! The families: Kriegspiel (every Kriegspiel preset, with Modern Kriegspiel's opened squares and
//! Crazyhouse Kriegspiel's drops as options), Reconnaissance Blind Chess, and the sighted-player
//! handicaps (Pickle-pot, One-eye, Semi-Kriegspiel with its placement) on top of Kriegspiel.
//!
//! A rule set in words: [`describe`] (each flag, which flags a family uses, a title for any rule
//! set) and [`explain`] (the rules written out for How to play).

pub mod describe;
pub mod explain;
pub mod placement;
pub mod presets;
pub mod typed;

use crate::attempt::Attempt;
use crate::referee::Request;
use crate::rules::{Family, Handicap, RuleSet, Sighted};
use crate::view::PlayerView;
use shakmaty::{Color, Setup};

/// The family of a rule set and its options, as the rest of the program asks about them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    family: Family,
    drops: bool,
    open_squares: u8,
    sighted: Option<Color>,
    army: Handicap,
}

/// What a seat's screen must offer under a variant (the same for a local and a remote seat).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Capabilities {
    /// Crazyhouse Kriegspiel: both pockets shown, the own one to drop from.
    pub pocket_tray: bool,
    /// Reconnaissance Blind Chess: a 3x3 sense before each move.
    pub sense_prompt: bool,
    /// A move may be passed (Reconnaissance Blind Chess).
    pub pass: bool,
    /// Semi-Kriegspiel: this side places its king and queen before the first move.
    pub placement_prompt: Option<Color>,
    /// Modern Kriegspiel: after a legal move the mover may name this many squares to open.
    pub open_squares: u8,
    /// A handicap game: this side sees the whole true board.
    pub sees_whole_board: Option<Color>,
    /// Each player sees only its own clock (Reconnaissance Blind Chess).
    pub private_clocks: bool,
}

/// What a seat is to do next, by the family's order of a turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Semi-Kriegspiel: place the king and queen.
    Place,
    /// Reconnaissance Blind Chess: sense (or skip sensing) before moving.
    Sense,
    /// Modern Kriegspiel: the seat has moved and may name this many squares to open.
    Open(u8),
    /// Make an attempt (or ask a question).
    Move,
    /// Nothing: it is the other seat's turn, or the game is over.
    Wait,
}

impl Variant {
    /// The variant of `rules`.
    pub fn of(rules: &RuleSet) -> Variant {
        Variant {
            family: rules.family,
            drops: rules.drops,
            open_squares: rules.open_squares,
            sighted: rules.sighted.color(),
            army: rules.handicap,
        }
    }

    /// The family's name for people.
    pub fn name(self) -> &'static str {
        match (self.family, self.army) {
            (Family::Rbc, _) => "Reconnaissance Blind Chess",
            (_, Handicap::PicklePot) => "Pickle-pot",
            (_, Handicap::OneEye) => "One-eye",
            (_, Handicap::Semi) => "Semi-Kriegspiel",
            _ if self.drops => "Crazyhouse Kriegspiel",
            _ if self.open_squares > 0 => "Modern Kriegspiel",
            _ => "Kriegspiel",
        }
    }

    /// What the screens must offer.
    pub fn capabilities(self) -> Capabilities {
        let rbc = self.family == Family::Rbc;
        Capabilities {
            pocket_tray: self.drops,
            sense_prompt: rbc,
            pass: rbc,
            placement_prompt: self.placing(),
            open_squares: self.squares_to_open(),
            sees_whole_board: self.sighted,
            private_clocks: rbc,
        }
    }

    /// What `view`'s seat is to do next; `placing`: the side the game waits for to place.
    pub fn step(self, view: &PlayerView, placing: Option<Color>) -> Step {
        if view.over.is_some() {
            return Step::Wait;
        }
        if let Some(side) = placing {
            return if side == view.color {
                Step::Place
            } else {
                Step::Wait
            };
        }
        if view.may_open && self.squares_to_open() > 0 {
            return Step::Open(self.squares_to_open());
        }
        if !view.my_turn() {
            Step::Wait
        } else if self.senses() && !view.sensed {
            Step::Sense
        } else {
            Step::Move
        }
    }

    /// An attempt as the family's request: a Kriegspiel try, or a Reconnaissance Blind Chess
    /// move (which the referee resolves).
    pub fn attempt(self, a: Attempt) -> Request {
        match self.family {
            Family::Kriegspiel => Request::Try(a),
            Family::Rbc => Request::Move(a),
        }
    }

    /// Whether the referee answers attempts legal or illegal (Kriegspiel), rather than resolving
    /// each requested move into the move taken (Reconnaissance Blind Chess).
    pub fn answers_attempts(self) -> bool {
        self.family == Family::Kriegspiel
    }

    /// Whether the referee resolves a requested move into the move taken (Reconnaissance Blind
    /// Chess: no legal or illegal, a blocked slider stops short).
    pub fn resolves_moves(self) -> bool {
        self.family == Family::Rbc
    }

    /// Whether each turn starts with a 3x3 sense (Reconnaissance Blind Chess).
    pub fn senses(self) -> bool {
        self.family == Family::Rbc
    }

    /// Whether checks are announced (every Kriegspiel rule set; never in RBC).
    pub fn announces_checks(self) -> bool {
        self.family == Family::Kriegspiel
    }

    /// Whether captured units go to pockets and may be dropped (Crazyhouse Kriegspiel).
    pub fn pockets(self) -> bool {
        self.drops
    }

    /// Modern Kriegspiel: how many squares the mover may open after a legal move (0: none).
    pub fn squares_to_open(self) -> u8 {
        match self.family {
            Family::Kriegspiel => self.open_squares,
            Family::Rbc => 0,
        }
    }

    /// A handicap game's sighted side, who sees the whole true board.
    pub fn seeing_side(self) -> Option<Color> {
        self.sighted
    }

    /// Semi-Kriegspiel: the side that places its king and queen before the first move.
    pub fn placing(self) -> Option<Color> {
        (self.army == Handicap::Semi)
            .then_some(self.sighted)
            .flatten()
    }

    /// Plain Kriegspiel: attempts answered, no pockets, no opened squares, no sighted player
    /// (what the exact lone-king endings, the KR vs K table and the throughput bench assume).
    pub fn plain(self) -> bool {
        self.family == Family::Kriegspiel
            && !self.drops
            && self.open_squares == 0
            && self.sighted.is_none()
    }

    /// The chess rules the true moves follow (a crazyhouse board under drops).
    pub fn chess(self) -> shakmaty::variant::Variant {
        if self.drops {
            shakmaty::variant::Variant::Crazyhouse
        } else {
            shakmaty::variant::Variant::Chess
        }
    }

    /// The PGN `Variant` tag, where standard chess PGN readers need one.
    pub fn pgn_variant(self) -> Option<&'static str> {
        self.drops.then_some("Crazyhouse")
    }

    /// The start a handicap army fixes (no other start may be chosen), if any.
    pub fn fixed_start(rules: &RuleSet) -> Option<Setup> {
        crate::referee::handicap::start_position(rules)
    }

    /// The position a game of `rules` starts from unless another is given: the standard
    /// position, with a handicap game's sighted army (Semi-Kriegspiel: none until placed).
    pub fn start(rules: &RuleSet) -> Setup {
        crate::referee::handicap::start(rules)
    }
}

impl RuleSet {
    /// The family of these rules and its options ([`Variant::of`]).
    pub fn variant(&self) -> Variant {
        Variant::of(self)
    }
}

/// Which side sees the whole board, as the rule flag spells it.
pub fn sighted_flag(color: Option<Color>) -> Sighted {
    match color {
        None => Sighted::None,
        Some(Color::White) => Sighted::White,
        Some(Color::Black) => Sighted::Black,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    #[test]
    fn capabilities_follow_the_family() {
        let rbc = Variant::of(&Preset::Rbc.rules()).capabilities();
        assert!(rbc.sense_prompt && rbc.pass && rbc.private_clocks && !rbc.pocket_tray);
        let crazy = Variant::of(&Preset::CrazyKrieg.rules()).capabilities();
        assert!(crazy.pocket_tray && !crazy.sense_prompt && crazy.open_squares == 0);
        let modern = Variant::of(&Preset::Modern.rules());
        assert_eq!(modern.capabilities().open_squares, 7);
        assert_eq!(modern.name(), "Modern Kriegspiel");
        let semi = Variant::of(&Preset::Semi.rules());
        assert_eq!(semi.placing(), Some(Color::White));
        assert_eq!(semi.seeing_side(), Some(Color::White));
        assert!(!semi.plain() && Variant::of(&Preset::Wild16.rules()).plain());
    }

    #[test]
    fn an_attempt_is_the_familys_request() {
        let a = Attempt::parse("e2e4").expect("uci");
        assert_eq!(
            Variant::of(&Preset::Rbc.rules()).attempt(a),
            Request::Move(a)
        );
        assert_eq!(
            Variant::of(&Preset::English.rules()).attempt(a),
            Request::Try(a)
        );
    }
}
