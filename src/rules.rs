//! Rule sets: every rule the referee applies is a flag in [`RuleSet`], and the named presets of
//! `RULES.md` (sections 1-4) are just particular values of those flags.
//!
//! Nothing here knows the position: these are the settings a game is created with and saved with.

use serde::{Deserialize, Serialize};

use thiserror::Error;

/// Which family of game the referee runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// Kriegspiel: attempts answered legal / illegal / impossible, checks and captures announced.
    Kriegspiel,
    /// Reconnaissance Blind Chess: a 3x3 sense then one resolved move per turn, king capture wins.
    Rbc,
}

/// Who hears an announcement that the rules may make private.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hearers {
    /// Only the player who made the attempt or asked the question.
    Mover,
    /// Both players.
    Both,
}

/// How the referee answers an attempt that is not a possible attempt.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ImpossibleRule {
    /// "Nonsense" / "Hell no", told to the mover only.
    MoverOnly,
    /// "Nonsense" / "Impossible move", heard by both players.
    Both,
    /// Answered exactly like an illegal attempt ("No", heard by both).
    AsIllegal,
}

/// How the referee answers an attempt already refused as illegal earlier in the same turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RepeatRule {
    /// The repeat is an impossible attempt (answered per [`ImpossibleRule`]).
    Impossible,
    /// The repeat is answered "illegal" again.
    Illegal,
}

/// What the referee tells both players about pawn captures after each legal move (and at the start).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PawnInfo {
    /// Nothing.
    None,
    /// The number of pawn tries ("2 pawn tries").
    Count,
    /// Whether there is at least one pawn try.
    HasAny,
    /// The target squares of the pawn tries, sorted.
    Squares,
}

/// The "Any?" question and what a "Try" answer obliges the asker to do.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnyRule {
    /// No "Any?" question.
    Off,
    /// After "Try" the asker must keep attempting pawn captures until one is legal (Berkeley).
    UntilLegal,
    /// After "Try" the asker must attempt at least one pawn capture; one refused capture releases
    /// the obligation (English / Eastern rules).
    OneAttempt,
    /// Berkeley's secret "Any?" (RULES.md 5.3): asked and answered to the asker only; after "Try"
    /// as [`AnyRule::UntilLegal`]; after "No" the opponent hears as many refused attempts as the
    /// asker had pawn captures on its own board, and those count as refused.
    Secret,
}

/// Which pieces a pawn may promote to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PromotionRule {
    /// Queen, rook, bishop or knight.
    Any,
    /// Queen only: any other promotion is an impossible attempt.
    QueenOnly,
}

/// When a lack of material ends the game as a draw.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MaterialRule {
    /// Berkeley: each side has at most one knight or bishop besides its king, and nothing else.
    MinorEach,
    /// A dead position by shakmaty's insufficient-material test.
    DeadPosition,
}

/// Which square an en passant capture is announced on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnPassantSquare {
    /// The square where the captured pawn stood (every preset).
    CapturedPawn,
    /// The capturing pawn's destination square.
    Destination,
}

/// Whose words the referee uses when its announcements are spoken or written out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wording {
    /// Berkeley: "Nonsense", "Capture at d4", "Rank".
    Berkeley,
    /// Internet Chess Club: "Hell no", "Pawn at d5 captured", "Short-diagonal check", "2 pawn tries".
    Icc,
    /// kriegspiel.org (Cincinnati): "Nonsense", "Pawn captured at d5", "Has pawn captures".
    Cincinnati,
    /// RAND: "Impossible move", "Check on major diagonal", "Possible pawn capture on b4".
    Rand,
    /// English / Eastern club rules: "Illegal", "Are there any?", "Try".
    English,
    /// The three-board club rules: "Illegal move", "Pawn tries on b4".
    Classic,
}

/// Every flag of a rule set. A preset is a `RuleSet` value; the app lets the user edit any flag.
///
/// Serialized field by field (a save or a protocol `new` can override any of them); unknown fields
/// are rejected so that a misspelt flag is reported rather than ignored.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSet {
    /// Kriegspiel or Reconnaissance Blind Chess.
    pub family: Family,
    /// How impossible attempts are answered and who hears them.
    pub impossible: ImpossibleRule,
    /// How an attempt repeated in the same turn after being refused is answered.
    pub repeat: RepeatRule,
    /// Who hears that an attempt was illegal.
    pub illegal_heard_by: Hearers,
    /// Whether a capture announcement says "pawn" or "piece".
    pub capture_unit: bool,
    /// Pawn information announced after each legal move.
    pub pawn_info: PawnInfo,
    /// The "Any?" question.
    pub any: AnyRule,
    /// Allowed promotion pieces.
    pub promotion: PromotionRule,
    /// Whether a promotion is announced to both players.
    pub announce_promotion: bool,
    /// Automatic draw when the halfmove clock reaches 100.
    pub fifty_moves: bool,
    /// Automatic draw on the third occurrence of a position.
    pub threefold: bool,
    /// When lack of material is an automatic draw.
    pub material: MaterialRule,
    /// The square an en passant capture is announced on.
    pub en_passant: EnPassantSquare,
    /// Modern Kriegspiel: after each legal move the mover names this many squares whose true
    /// contents are revealed to it (0 = off; 7 in Modern Kriegspiel).
    #[serde(default)]
    pub open_squares: u8,
    /// Whose words announcements are written in.
    pub wording: Wording,
    /// Crazyhouse Kriegspiel: captured units go to the captor's pocket and may be dropped.
    #[serde(default)]
    pub drops: bool,
    /// Captures name the exact unit taken (a promoted piece as a pawn).
    #[serde(default)]
    pub exact_units: bool,
    /// A handicap game: which player sees the whole true board (RULES.md 5.2).
    #[serde(default)]
    pub sighted: Sighted,
    /// The sighted player's army in a handicap game.
    #[serde(default)]
    pub handicap: Handicap,
    /// Pickle-pot and One-eye: which bishop the sighted player keeps.
    #[serde(default)]
    pub bishop: Option<Wing>,
}

/// The most squares Modern Kriegspiel may open after a move (what one reveal holds).
pub const MAX_OPEN_SQUARES: u8 = 9;

/// Which player sees the whole true board.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sighted {
    /// Neither (ordinary Kriegspiel).
    #[default]
    None,
    /// White.
    White,
    /// Black.
    Black,
}

impl Sighted {
    /// The sighted colour, if any.
    pub fn color(self) -> Option<shakmaty::Color> {
        match self {
            Sighted::None => None,
            Sighted::White => Some(shakmaty::Color::White),
            Sighted::Black => Some(shakmaty::Color::Black),
        }
    }
}

/// The sighted player's army (RULES.md 5.2).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Handicap {
    /// The full army.
    #[default]
    None,
    /// King, queen, one bishop and eight pawns.
    PicklePot,
    /// King, two rooks, one bishop and eight pawns.
    OneEye,
    /// King and queen, placed by the player before the first move (Semi-Kriegspiel).
    Semi,
}

/// Which bishop a Pickle-pot or One-eye army keeps.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Wing {
    /// The c-file bishop.
    #[serde(rename = "c")]
    C,
    /// The f-file bishop.
    #[serde(rename = "f")]
    F,
}

/// The named presets, in the order the rule picker shows them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// Berkeley rules (seed 000): all announcements public, no pawn information.
    Berkeley,
    /// Berkeley with the "Any?" question.
    BerkeleyAny,
    /// Internet Chess Club "Wild 16".
    Wild16,
    /// kriegspiel.org (Cincinnati) rules.
    Cincinnati,
    /// RAND rules (seed 004, Western family).
    Rand,
    /// English / Eastern club rules with "Are there any?".
    English,
    /// Three-board club rules (seed 003).
    Classic,
    /// Crazyhouse Kriegspiel (kriegspiel.org's CrazyKrieg, RULES.md 5.1).
    CrazyKrieg,
    /// Reconnaissance Blind Chess (seed 002).
    Rbc,
    /// Modern Kriegspiel (seed 001): ICC Wild 16, and after each legal move the mover opens
    /// seven squares.
    Modern,
    /// Pickle-pot (seed 001): the sighted player has king, queen, one bishop and pawns.
    PicklePot,
    /// One-eye (seed 001): the sighted player has king, two rooks, one bishop and pawns.
    OneEye,
    /// Semi-Kriegspiel (seed 001): the sighted player has king and queen, placed before play.
    Semi,
}

/// A preset name that is not one of [`Preset::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown rule set {} (expected one of: {list})", crate::untrusted::quoted(.0), list = Preset::id_list())]
pub struct UnknownPreset(pub String);

/// A rule set whose flags do not go together ([`RuleSet::check`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum RulesError {
    /// Drops in Reconnaissance Blind Chess.
    #[error("drops are not a flag of Reconnaissance Blind Chess")]
    RbcDrops,
    /// A sighted player, a handicap or a bishop in Reconnaissance Blind Chess.
    #[error("sighted, handicap and bishop are not flags of Reconnaissance Blind Chess")]
    RbcHandicap,
    /// A handicap without a sighted player to have it.
    #[error("a handicap needs sighted: white or black (the player with the handicap army)")]
    HandicapNeedsSighted,
    /// Pickle-pot or One-eye without the bishop they keep.
    #[error("bishop: \"c\" or \"f\" is needed with the pickle_pot and one_eye handicaps")]
    BishopNeeded,
    /// A bishop named for a handicap that keeps none.
    #[error("bishop is a flag of the pickle_pot and one_eye handicaps only")]
    BishopUnused,
    /// Secret "Any?" together with another pawn information.
    #[error("any: secret is the pawn information (by question): pawn_info must be none")]
    SecretAnyWithPawnInfo,
    /// More squares to open than [`MAX_OPEN_SQUARES`].
    #[error(
        "open_squares is {0}, but at most {most} squares can be opened",
        most = MAX_OPEN_SQUARES
    )]
    TooManyOpenSquares(u8),
}

impl RuleSet {
    /// The preset whose flags are exactly these, if any (otherwise [`RuleSet::title`] names
    /// the nearest and what differs).
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.matches(self))
    }

    /// Whether every flag is in range; the error names the flag that is not.
    pub fn check(&self) -> Result<(), RulesError> {
        let handicapped = self.sighted != Sighted::None || self.handicap != Handicap::None;
        if self.family == Family::Rbc && self.drops {
            return Err(RulesError::RbcDrops);
        }
        if self.family == Family::Rbc && (handicapped || self.bishop.is_some()) {
            return Err(RulesError::RbcHandicap);
        }
        if self.handicap != Handicap::None && self.sighted == Sighted::None {
            return Err(RulesError::HandicapNeedsSighted);
        }
        let needs_bishop = matches!(self.handicap, Handicap::PicklePot | Handicap::OneEye);
        if needs_bishop != self.bishop.is_some() {
            return Err(if needs_bishop {
                RulesError::BishopNeeded
            } else {
                RulesError::BishopUnused
            });
        }
        if self.any == AnyRule::Secret && self.pawn_info != PawnInfo::None {
            return Err(RulesError::SecretAnyWithPawnInfo);
        }
        if self.open_squares > MAX_OPEN_SQUARES {
            return Err(RulesError::TooManyOpenSquares(self.open_squares));
        }
        Ok(())
    }

    /// Whether the "Any?" question exists.
    pub fn has_any(&self) -> bool {
        self.any != AnyRule::Off
    }

    /// Who hears the answer to "Any?": both players exactly when illegal attempts are public.
    pub fn any_heard_by(&self) -> Hearers {
        if self.any == AnyRule::Secret {
            Hearers::Mover
        } else {
            self.illegal_heard_by
        }
    }
}

impl Default for RuleSet {
    fn default() -> Self {
        Preset::Berkeley.rules()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preset_ids_round_trip_and_are_distinct() {
        for p in Preset::ALL {
            assert_eq!(p.id().parse::<Preset>(), Ok(p));
            assert_eq!(
                p.rules().preset(),
                Some(p),
                "{p} flags collide with another preset"
            );
        }
        assert!("nosuch".parse::<Preset>().is_err());
    }

    #[test]
    fn table_of_rules_md_section_3() {
        let w = Preset::Wild16.rules();
        assert_eq!(w.illegal_heard_by, Hearers::Mover);
        assert_eq!(w.pawn_info, PawnInfo::Count);
        assert!(w.fifty_moves && w.threefold && w.capture_unit);
        let c = Preset::Classic.rules();
        assert_eq!(c.promotion, PromotionRule::QueenOnly);
        assert_eq!(c.impossible, ImpossibleRule::AsIllegal);
        assert_eq!(Preset::Berkeley.rules().material, MaterialRule::MinorEach);
        assert_eq!(Preset::BerkeleyAny.rules().any, AnyRule::UntilLegal);
        assert_eq!(Preset::English.rules().any, AnyRule::OneAttempt);
        assert_eq!(Preset::Rand.rules().repeat, RepeatRule::Impossible);
        assert_eq!(Preset::Cincinnati.rules().impossible, ImpossibleRule::Both);
    }

    #[test]
    fn flags_survive_ron_and_reject_unknown_fields() {
        let r = Preset::Rand.rules();
        let text = ron::to_string(&r).expect("serialize");
        let back: RuleSet = ron::from_str(&text).expect("deserialize");
        assert_eq!(back, r);
        let json = serde_json::json!({"family":"kriegspiel","no_such_flag":true});
        assert!(serde_json::from_value::<RuleSet>(json).is_err());
    }

    #[test]
    fn check_names_the_flag_that_is_out_of_range() {
        for p in Preset::ALL {
            assert_eq!(p.rules().check(), Ok(()), "{p}");
        }
        let mut rbc = Preset::Rbc.rules();
        rbc.drops = true;
        assert_eq!(rbc.check(), Err(RulesError::RbcDrops));
        let mut open = Preset::Modern.rules();
        open.open_squares = MAX_OPEN_SQUARES + 1;
        let too_many = open.check();
        assert_eq!(too_many, Err(RulesError::TooManyOpenSquares(10)));
        assert!(too_many.is_err_and(
            |e| e.to_string() == "open_squares is 10, but at most 9 squares can be opened"
        ));
        let mut pickle = Preset::PicklePot.rules();
        pickle.bishop = None;
        assert_eq!(pickle.check(), Err(RulesError::BishopNeeded));
        pickle.sighted = Sighted::None;
        assert_eq!(pickle.check(), Err(RulesError::HandicapNeedsSighted));
    }
}
