//! The named presets: each is a value of every rule flag, with its identifier, its title and a
//! plain-words summary for the rule picker. The Kriegspiel presets of RULES.md section 3,
//! Crazyhouse Kriegspiel and RBC, and the variants of section 5: Modern Kriegspiel and the
//! sighted-player handicaps. Those four are built on ICC Wild 16 (the rule set most played
//! online; seed 001 says only "otherwise as usual kriegspiel"), with White sighted and the f-file
//! bishop unless the players choose otherwise: a handicap preset is recognised whichever side is
//! sighted and whichever bishop it keeps.

use crate::rules::{
    AnyRule, EnPassantSquare, Family, Handicap, Hearers, ImpossibleRule, MaterialRule, PawnInfo,
    Preset, PromotionRule, RepeatRule, RuleSet, Sighted, UnknownPreset, Wing, Wording,
};
use std::fmt;
use std::str::FromStr;

impl Preset {
    /// Every preset, in picker order.
    pub const ALL: [Preset; 13] = [
        Preset::Berkeley,
        Preset::BerkeleyAny,
        Preset::Wild16,
        Preset::Cincinnati,
        Preset::Rand,
        Preset::English,
        Preset::Classic,
        Preset::CrazyKrieg,
        Preset::Rbc,
        Preset::Modern,
        Preset::PicklePot,
        Preset::OneEye,
        Preset::Semi,
    ];

    /// The identifier used on the command line, in the protocol and in saves.
    pub fn id(self) -> &'static str {
        match self {
            Preset::Berkeley => "berkeley",
            Preset::BerkeleyAny => "berkeley_any",
            Preset::Wild16 => "wild16",
            Preset::Cincinnati => "cincinnati",
            Preset::Rand => "rand",
            Preset::English => "english",
            Preset::Classic => "classic",
            Preset::CrazyKrieg => "crazykrieg",
            Preset::Rbc => "rbc",
            Preset::Modern => "modern",
            Preset::PicklePot => "pickle_pot",
            Preset::OneEye => "one_eye",
            Preset::Semi => "semi",
        }
    }

    /// The name shown to people.
    pub fn title(self) -> &'static str {
        match self {
            Preset::Berkeley => "Berkeley",
            Preset::BerkeleyAny => "Berkeley + Any?",
            Preset::Wild16 => "ICC Wild 16",
            Preset::Cincinnati => "Cincinnati",
            Preset::Rand => "RAND",
            Preset::English => "English (\"Are there any?\")",
            Preset::Classic => "Classic club rules",
            Preset::CrazyKrieg => "Crazyhouse Kriegspiel",
            Preset::Rbc => "Reconnaissance Blind Chess",
            Preset::Modern => "Modern Kriegspiel",
            Preset::PicklePot => "Pickle-pot (handicap)",
            Preset::OneEye => "One-eye (handicap)",
            Preset::Semi => "Semi-Kriegspiel (handicap)",
        }
    }

    /// A short plain-words summary for the rule picker.
    pub fn summary(self) -> &'static str {
        match self {
            Preset::Berkeley => {
                "Every answer is heard by both players. Nonsense moves are told to the mover only. \
                 Captures give the square only. No pawn-capture hints."
            }
            Preset::BerkeleyAny => {
                "Berkeley, plus you may ask \"Any?\" once a turn. If the answer is \"Try\", you must \
                 keep trying pawn captures until one is legal."
            }
            Preset::Wild16 => {
                "The Internet Chess Club rules. Illegal and \"Hell no\" answers go to the mover only. \
                 Captures say pawn or piece. Both hear how many pawn captures the mover has. \
                 Automatic draw by repetition and by the fifty-move rule."
            }
            Preset::Cincinnati => {
                "Every answer is heard by both players, nonsense included. Captures say pawn or piece. \
                 Both hear whether the mover has any pawn capture."
            }
            Preset::Rand => {
                "Every answer is heard by both players; repeating a refused move is an impossible \
                 move. Both hear the squares where the mover's pawns can capture."
            }
            Preset::English => {
                "Impossible moves are simply illegal. Ask \"Are there any?\" once a turn: after \
                 \"Try\" you must attempt at least one pawn capture."
            }
            Preset::Classic => {
                "The three-board club rules: impossible moves are simply illegal, pawns promote to \
                 queens only, and both hear the squares where pawns can capture."
            }
            Preset::CrazyKrieg => {
                "Kriegspiel with pockets: what you capture joins your pocket and can be dropped on \
                 an empty square of your board as a move (N@f3). Both pockets are public; a drop is \
                 announced by its unit, never its square. Captures name the unit. Ask \"Any?\" once \
                 a turn."
            }
            Preset::Rbc => {
                "Reconnaissance Blind Chess: no referee answers. Each turn sense a 3x3 window, then \
                 make one move; blocked sliders stop on the first enemy piece. Capture the king to win."
            }
            Preset::Modern => {
                "ICC Wild 16 rules, and after each legal move you name seven squares: the referee \
                 shows you what stands on them (to you alone). Click them, or type open a1 b2 ..."
            }
            Preset::PicklePot => {
                "A handicap game: the sighted player sees the whole board but has only king, \
                 queen, one bishop (chosen and announced) and the pawns. The other plays blind \
                 with the full army. Otherwise ICC Wild 16 rules."
            }
            Preset::OneEye => {
                "A handicap game: the sighted player sees the whole board but has only king, two \
                 rooks, one bishop (chosen and announced) and the pawns. The other plays blind \
                 with the full army. Otherwise ICC Wild 16 rules."
            }
            Preset::Semi => {
                "A handicap game: the sighted player sees the whole board but has only a king and \
                 a queen, placed on any legal squares before the first move (type Ke1 Qd1, or \
                 click). The blind player has the full army and is not told where they stand. \
                 Otherwise ICC Wild 16 rules."
            }
        }
    }

    /// The flags of this preset.
    pub fn rules(self) -> RuleSet {
        let base = base();
        match self {
            Preset::Berkeley => RuleSet {
                material: MaterialRule::MinorEach,
                ..base
            },
            Preset::BerkeleyAny => RuleSet {
                material: MaterialRule::MinorEach,
                any: AnyRule::UntilLegal,
                ..base
            },
            Preset::Wild16 => wild16(),
            Preset::Cincinnati => RuleSet {
                impossible: ImpossibleRule::Both,
                capture_unit: true,
                pawn_info: PawnInfo::HasAny,
                wording: Wording::Cincinnati,
                ..base
            },
            Preset::Rand => RuleSet {
                impossible: ImpossibleRule::Both,
                pawn_info: PawnInfo::Squares,
                wording: Wording::Rand,
                ..base
            },
            Preset::English => RuleSet {
                impossible: ImpossibleRule::AsIllegal,
                repeat: RepeatRule::Illegal,
                any: AnyRule::OneAttempt,
                wording: Wording::English,
                ..base
            },
            Preset::Classic => RuleSet {
                impossible: ImpossibleRule::AsIllegal,
                repeat: RepeatRule::Illegal,
                pawn_info: PawnInfo::Squares,
                promotion: PromotionRule::QueenOnly,
                wording: Wording::Classic,
                ..base
            },
            Preset::CrazyKrieg => RuleSet {
                impossible: ImpossibleRule::Both,
                any: AnyRule::OneAttempt,
                wording: Wording::Cincinnati,
                drops: true,
                exact_units: true,
                ..base
            },
            Preset::Rbc => RuleSet {
                family: Family::Rbc,
                illegal_heard_by: Hearers::Mover,
                fifty_moves: false,
                threefold: false,
                wording: Wording::Berkeley,
                ..base
            },
            Preset::Modern => RuleSet {
                open_squares: 7,
                ..wild16()
            },
            Preset::PicklePot => sighted(Handicap::PicklePot, Some(Wing::F)),
            Preset::OneEye => sighted(Handicap::OneEye, Some(Wing::F)),
            Preset::Semi => sighted(Handicap::Semi, None),
        }
    }
}

/// The flags every preset starts from: Kriegspiel with every answer heard by both, the
/// square of a capture only, no pawn-capture hints and no automatic draws.
fn base() -> RuleSet {
    RuleSet {
        family: Family::Kriegspiel,
        impossible: ImpossibleRule::MoverOnly,
        repeat: RepeatRule::Impossible,
        illegal_heard_by: Hearers::Both,
        capture_unit: false,
        pawn_info: PawnInfo::None,
        any: AnyRule::Off,
        promotion: PromotionRule::Any,
        announce_promotion: false,
        fifty_moves: false,
        threefold: false,
        material: MaterialRule::DeadPosition,
        en_passant: EnPassantSquare::CapturedPawn,
        open_squares: 0,
        wording: Wording::Berkeley,
        sighted: Sighted::None,
        handicap: Handicap::None,
        bishop: None,
        drops: false,
        exact_units: false,
    }
}

/// ICC Wild 16, the rule set the variants of section 5 are built on.
fn wild16() -> RuleSet {
    RuleSet {
        repeat: RepeatRule::Illegal,
        illegal_heard_by: Hearers::Mover,
        capture_unit: true,
        pawn_info: PawnInfo::Count,
        fifty_moves: true,
        threefold: true,
        wording: Wording::Icc,
        ..base()
    }
}

/// A sighted-player handicap on ICC Wild 16: White sighted, keeping `bishop` where the
/// handicap keeps one.
fn sighted(handicap: Handicap, bishop: Option<Wing>) -> RuleSet {
    RuleSet {
        sighted: Sighted::White,
        handicap,
        bishop,
        ..wild16()
    }
}

impl Preset {
    /// Every preset's id, comma separated (for messages and help).
    pub fn id_list() -> String {
        Preset::ALL.map(Preset::id).join(", ")
    }

    /// Whether `rules` are this preset's, up to the choices a handicap preset leaves to the
    /// players: which side is sighted and which bishop it keeps.
    pub fn matches(self, rules: &RuleSet) -> bool {
        let mut want = self.rules();
        if want.sighted != Sighted::None && rules.sighted != Sighted::None {
            want.sighted = rules.sighted;
        }
        if want.bishop.is_some() && rules.bishop.is_some() {
            want.bishop = rules.bishop;
        }
        want == *rules
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Preset {
    type Err = UnknownPreset;

    fn from_str(s: &str) -> Result<Preset, UnknownPreset> {
        Preset::ALL
            .into_iter()
            .find(|p| p.id() == s)
            .ok_or_else(|| UnknownPreset(s.to_owned()))
    }
}
