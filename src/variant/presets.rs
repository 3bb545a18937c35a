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

    /// A short summary in plain words for the rule picker (what a club player needs to know
    /// to choose).
    pub fn summary(self) -> &'static str {
        match self {
            Preset::Berkeley => {
                "Every answer is heard by both players, except that a move which could never be \
                 legal (\"Nonsense\") is told only to the player who tried it. A capture gives \
                 its square only. Nothing is said about pawn captures. Drawn as soon as each side \
                 has at most one knight or bishop left."
            }
            Preset::BerkeleyAny => {
                "Berkeley rules, and once a turn you may ask \"Any?\": have I a pawn capture? \
                 If the referee says \"Try\", you must keep trying pawn captures until one is \
                 accepted."
            }
            Preset::Wild16 => {
                "The Internet Chess Club's rules, the most played online. Only you hear that \
                 your move was refused. A capture gives its square and whether a pawn or a piece \
                 was taken. After each move both players hear how many pawn captures the player \
                 to move has. Repetition and the fifty-move rule draw by themselves."
            }
            Preset::Cincinnati => {
                "The rules of kriegspiel.org. Every answer is heard by both players, even for a \
                 move that could never be legal. A capture gives its square and whether a pawn \
                 or a piece was taken. After each move both hear whether the player to move has \
                 any pawn capture."
            }
            Preset::Rand => {
                "The RAND rules. Every answer is heard by both players; trying a refused move \
                 again counts as an impossible move. After each move both hear the squares where \
                 the player to move can capture with a pawn."
            }
            Preset::English => {
                "The English club rules. A move that could never be legal is simply refused, \
                 like an illegal one. Once a turn you may ask \"Are there any?\" (pawn \
                 captures): after \"Try\" you must try at least one pawn capture."
            }
            Preset::Classic => {
                "The three-board club rules, with an umpire at a third board. A move that could \
                 never be legal is refused like an illegal one; pawns promote to a queen only; \
                 after each move both hear the squares where the player to move can capture \
                 with a pawn."
            }
            Preset::CrazyKrieg => {
                "Kriegspiel with pockets: a piece you capture joins your pocket, and instead of \
                 a move you may put it on an empty square of your board (type N@f3). Both \
                 pockets are public; a drop is announced by the piece, never its square. A \
                 capture names the piece taken. \"Any?\" once a turn."
            }
            Preset::Rbc => {
                "Reconnaissance Blind Chess: no referee answers your tries. Each turn you first \
                 look at any 3x3 part of the board, then make one move, carried out as far as it \
                 can go (a rook or bishop that runs into an enemy piece stops there and takes \
                 it). No check: you win by taking the king."
            }
            Preset::Modern => {
                "ICC Wild 16 rules, and after each of your moves you pick seven squares: the \
                 referee shows you alone what stands on them. Click them, or type open a1 b2 …"
            }
            Preset::PicklePot => {
                "A handicap game. One player sees the whole board but has only king, queen, one \
                 bishop (chosen before the game and announced) and the pawns. The other has the \
                 full army and sees only their own pieces. Otherwise ICC Wild 16 rules."
            }
            Preset::OneEye => {
                "A handicap game. One player sees the whole board but has only king, two rooks, \
                 one bishop (chosen before the game and announced) and the pawns. The other has \
                 the full army and sees only their own pieces. Otherwise ICC Wild 16 rules."
            }
            Preset::Semi => {
                "A handicap game. One player sees the whole board but has only a king and a \
                 queen, set on any squares before the first move (click, or type Ke1 Qd1). The \
                 other has the full army and is not told where they stand. Otherwise ICC Wild \
                 16 rules."
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
        self.as_chosen(rules) == *rules
    }

    /// This preset's flags with the choices it leaves to the players (which side is sighted,
    /// which bishop it keeps) taken from `rules`, where `rules` make them.
    pub fn as_chosen(self, rules: &RuleSet) -> RuleSet {
        let mut want = self.rules();
        if want.sighted != Sighted::None && rules.sighted != Sighted::None {
            want.sighted = rules.sighted;
        }
        if want.bishop.is_some() && rules.bishop.is_some() {
            want.bishop = rules.bishop;
        }
        want
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
