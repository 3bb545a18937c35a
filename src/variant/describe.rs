//! Rule sets in plain words: every rule flag one by one ([`Flag`]), which of them a family uses,
//! what each value means, and a title for any rule set ([`RuleSet::title`]): a preset's name, or
//! the nearest preset's name and what differs from it ("ICC Wild 16, pawn tries off").

use crate::rules::{
    AnyRule, EnPassantSquare, Family, Handicap, Hearers, ImpossibleRule, MaterialRule, PawnInfo,
    Preset, PromotionRule, RepeatRule, RuleSet, Sighted, Wing, Wording,
};

/// One rule flag of [`RuleSet`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Flag {
    /// [`RuleSet::family`].
    Family,
    /// [`RuleSet::impossible`].
    Impossible,
    /// [`RuleSet::repeat`].
    Repeat,
    /// [`RuleSet::illegal_heard_by`].
    IllegalHeardBy,
    /// [`RuleSet::capture_unit`].
    CaptureUnit,
    /// [`RuleSet::exact_units`].
    ExactUnits,
    /// [`RuleSet::pawn_info`].
    PawnInfo,
    /// [`RuleSet::any`].
    Any,
    /// [`RuleSet::promotion`].
    Promotion,
    /// [`RuleSet::announce_promotion`].
    AnnouncePromotion,
    /// [`RuleSet::fifty_moves`].
    FiftyMoves,
    /// [`RuleSet::threefold`].
    Threefold,
    /// [`RuleSet::material`].
    Material,
    /// [`RuleSet::en_passant`].
    EnPassant,
    /// [`RuleSet::drops`].
    Drops,
    /// [`RuleSet::open_squares`].
    OpenSquares,
    /// [`RuleSet::sighted`].
    Sighted,
    /// [`RuleSet::handicap`].
    Handicap,
    /// [`RuleSet::bishop`].
    Bishop,
    /// [`RuleSet::wording`].
    Wording,
}

/// How much a different family weighs against flags: a rule set is never titled by a preset of
/// another family while one of its own is near.
const FAMILY_WEIGHT: usize = 100;

/// How many differences a title lists before it counts the rest.
const LISTED: usize = 3;

impl Flag {
    /// Every flag, in the editor's order.
    pub const ALL: [Flag; 20] = [
        Flag::Family,
        Flag::Impossible,
        Flag::Repeat,
        Flag::IllegalHeardBy,
        Flag::CaptureUnit,
        Flag::ExactUnits,
        Flag::PawnInfo,
        Flag::Any,
        Flag::Promotion,
        Flag::AnnouncePromotion,
        Flag::FiftyMoves,
        Flag::Threefold,
        Flag::Material,
        Flag::EnPassant,
        Flag::Drops,
        Flag::OpenSquares,
        Flag::Sighted,
        Flag::Handicap,
        Flag::Bishop,
        Flag::Wording,
    ];

    /// Whether the flag means anything under `rules`: Reconnaissance Blind Chess has no referee
    /// answers, pawn information, draws by rule or handicaps (only its family and wording);
    /// a handicap army needs a sighted player, and only Pickle-pot and One-eye keep a bishop.
    pub fn applies(self, rules: &RuleSet) -> bool {
        match (rules.family, self) {
            (_, Flag::Family | Flag::Wording) => true,
            (Family::Rbc, _) => false,
            (Family::Kriegspiel, Flag::Handicap) => rules.sighted != Sighted::None,
            (Family::Kriegspiel, Flag::Bishop) => {
                matches!(rules.handicap, Handicap::PicklePot | Handicap::OneEye)
            }
            (Family::Kriegspiel, _) => true,
        }
    }

    /// Whether `a` and `b` set this flag differently.
    pub fn differs(self, a: &RuleSet, b: &RuleSet) -> bool {
        match self {
            Flag::Family => a.family != b.family,
            Flag::Impossible => a.impossible != b.impossible,
            Flag::Repeat => a.repeat != b.repeat,
            Flag::IllegalHeardBy => a.illegal_heard_by != b.illegal_heard_by,
            Flag::CaptureUnit => a.capture_unit != b.capture_unit,
            Flag::ExactUnits => a.exact_units != b.exact_units,
            Flag::PawnInfo => a.pawn_info != b.pawn_info,
            Flag::Any => a.any != b.any,
            Flag::Promotion => a.promotion != b.promotion,
            Flag::AnnouncePromotion => a.announce_promotion != b.announce_promotion,
            Flag::FiftyMoves => a.fifty_moves != b.fifty_moves,
            Flag::Threefold => a.threefold != b.threefold,
            Flag::Material => a.material != b.material,
            Flag::EnPassant => a.en_passant != b.en_passant,
            Flag::Drops => a.drops != b.drops,
            Flag::OpenSquares => a.open_squares != b.open_squares,
            Flag::Sighted => a.sighted != b.sighted,
            Flag::Handicap => a.handicap != b.handicap,
            Flag::Bishop => a.bishop != b.bishop,
            Flag::Wording => a.wording != b.wording,
        }
    }

    /// The flag's name in the rule editor.
    pub fn name(self) -> &'static str {
        match self {
            Flag::Family => "Game",
            Flag::Impossible => "Impossible moves",
            Flag::Repeat => "A refused move tried again",
            Flag::IllegalHeardBy => "Illegal moves heard by",
            Flag::CaptureUnit => "Captures say pawn or piece",
            Flag::ExactUnits => "Captures name the unit taken",
            Flag::PawnInfo => "Pawn captures announced",
            Flag::Any => "\"Any?\" question",
            Flag::Promotion => "Promotion",
            Flag::AnnouncePromotion => "Announce promotions",
            Flag::FiftyMoves => "Fifty-move rule",
            Flag::Threefold => "Threefold repetition",
            Flag::Material => "Draw for lack of material",
            Flag::EnPassant => "En passant announced on",
            Flag::Drops => "Drops (pockets)",
            Flag::OpenSquares => "Squares opened after each move",
            Flag::Sighted => "Sighted player (handicap game)",
            Flag::Handicap => "Sighted player's army",
            Flag::Bishop => "Bishop kept",
            Flag::Wording => "Referee's words",
        }
    }

    /// What the flag decides, in plain words (the editor's hover text).
    pub fn help(self) -> &'static str {
        match self {
            Flag::Family => {
                "Kriegspiel: the referee answers every move you try. Reconnaissance Blind \
                 Chess: no answers; you look at a 3x3 part of the board, then make one move."
            }
            Flag::Impossible => {
                "A move that could not be legal wherever the enemy pieces stand (a bishop moving \
                 like a knight, a move through your own piece). Who hears it, or whether it is \
                 refused like any illegal move."
            }
            Flag::Repeat => {
                "Trying again, in the same turn, a move the referee has already refused: \
                 refused as illegal again, or treated as an impossible move."
            }
            Flag::IllegalHeardBy => {
                "Whether your opponent hears that your move was refused (it tells them \
                 something about your pieces), or only you."
            }
            Flag::CaptureUnit => {
                "On: a capture says whether a pawn or a piece was taken. Off: only the square."
            }
            Flag::ExactUnits => {
                "On: a capture names exactly what was taken (knight, bishop, rook, queen or \
                 pawn), as in Crazyhouse Kriegspiel."
            }
            Flag::PawnInfo => {
                "What both players hear after each move about the pawn captures of the player \
                 to move: nothing, how many there are, whether there is any, or their squares."
            }
            Flag::Any => {
                "Once a turn a player may ask \"Any?\": are any of my pawn captures legal? After \
                 \"Try\" the player must attempt pawn captures (until one is legal, or at least \
                 one). Secret: only the asker hears the answer."
            }
            Flag::Promotion => "Which pieces a pawn may become on the last rank.",
            Flag::AnnouncePromotion => "On: both players hear that a pawn was promoted.",
            Flag::FiftyMoves => {
                "On: the game is drawn by itself after fifty moves by each side without a \
                 capture or a pawn move."
            }
            Flag::Threefold => {
                "On: the game is drawn by itself when the same position comes for the third time."
            }
            Flag::Material => {
                "When the game is drawn for lack of pieces: when neither side can possibly mate, \
                 or (Berkeley) as soon as each side has at most one knight or bishop left."
            }
            Flag::EnPassant => {
                "Where an en passant capture is announced: the square of the pawn taken, or the \
                 square the capturing pawn moves to."
            }
            Flag::Drops => {
                "On: what you capture goes to your pocket, and instead of a move you may put it \
                 on an empty square of your board (Crazyhouse Kriegspiel)."
            }
            Flag::OpenSquares => {
                "Modern Kriegspiel: after each legal move you name this many squares and the \
                 referee shows you alone what stands on them. 0: off."
            }
            Flag::Sighted => {
                "A handicap game: this player sees the whole board, the other only their own \
                 pieces."
            }
            Flag::Handicap => {
                "The pieces the sighted player starts with: the full army, or a handicap army \
                 (Pickle-pot, One-eye, or Semi-Kriegspiel's king and queen placed at will)."
            }
            Flag::Bishop => "Which of its two bishops a Pickle-pot or One-eye army keeps.",
            Flag::Wording => {
                "Only the words the referee uses (\"Nonsense\" or \"Hell no\", \"Pawn at d5 \
                 captured\" or \"Capture at d5\"); what is said stays the same."
            }
        }
    }

    /// The flag's value in `rules`, as a difference from another rule set ("pawn tries off").
    pub fn said(self, r: &RuleSet) -> String {
        if let Some(text) = self
            .said_of_the_answers(r)
            .or_else(|| self.said_of_the_game(r))
        {
            return text.to_owned();
        }
        // The one flag that is a number: Modern Kriegspiel's squares.
        match r.open_squares {
            0 => "no squares opened".to_owned(),
            1 => "1 square opened after each move".to_owned(),
            n => format!("{n} squares opened after each move"),
        }
    }

    /// [`Flag::said`] for the flags of the referee's answers and announcements.
    fn said_of_the_answers(self, r: &RuleSet) -> Option<&'static str> {
        let text = match self {
            Flag::Family => match r.family {
                Family::Kriegspiel => "played as Kriegspiel",
                Family::Rbc => "played as Reconnaissance Blind Chess",
            },
            Flag::Impossible => match r.impossible {
                ImpossibleRule::MoverOnly => "impossible moves told to the mover only",
                ImpossibleRule::Both => "impossible moves heard by both",
                ImpossibleRule::AsIllegal => "impossible moves refused as illegal",
            },
            Flag::Repeat => match r.repeat {
                RepeatRule::Impossible => "a refused move tried again is impossible",
                RepeatRule::Illegal => "a refused move tried again is illegal",
            },
            Flag::IllegalHeardBy => match r.illegal_heard_by {
                Hearers::Mover => "illegal moves told to the mover only",
                Hearers::Both => "illegal moves heard by both",
            },
            Flag::CaptureUnit => on_off(
                r.capture_unit,
                "captures say pawn or piece",
                "captures give the square only",
            ),
            Flag::ExactUnits => on_off(
                r.exact_units,
                "captures name the unit taken",
                "captures do not name the unit",
            ),
            Flag::PawnInfo => match r.pawn_info {
                PawnInfo::None => "pawn tries off",
                PawnInfo::Count => "number of pawn tries announced",
                PawnInfo::HasAny => "whether there are pawn tries announced",
                PawnInfo::Squares => "squares of the pawn tries announced",
            },
            Flag::Any => match r.any {
                AnyRule::Off => "no \"Any?\"",
                AnyRule::UntilLegal => "\"Any?\", then pawn captures until one is legal",
                AnyRule::OneAttempt => "\"Any?\", then at least one pawn capture",
                AnyRule::Secret => "secret \"Any?\"",
            },
            _ => return None,
        };
        Some(text)
    }

    /// [`Flag::said`] for the flags of promotion, the game's end and the family's options.
    fn said_of_the_game(self, r: &RuleSet) -> Option<&'static str> {
        let text = match self {
            Flag::Promotion => match r.promotion {
                PromotionRule::Any => "promotion to any piece",
                PromotionRule::QueenOnly => "promotion to a queen only",
            },
            Flag::AnnouncePromotion => on_off(
                r.announce_promotion,
                "promotions announced",
                "promotions not announced",
            ),
            Flag::FiftyMoves => on_off(r.fifty_moves, "fifty-move rule on", "fifty-move rule off"),
            Flag::Threefold => on_off(
                r.threefold,
                "threefold repetition on",
                "threefold repetition off",
            ),
            Flag::Material => match r.material {
                MaterialRule::MinorEach => "drawn at one minor piece each",
                MaterialRule::DeadPosition => "drawn only when no mate is possible",
            },
            Flag::EnPassant => match r.en_passant {
                EnPassantSquare::CapturedPawn => "en passant on the taken pawn's square",
                EnPassantSquare::Destination => "en passant on the arrival square",
            },
            Flag::Drops => on_off(r.drops, "drops on", "drops off"),
            Flag::Sighted => match r.sighted {
                Sighted::None => "no sighted player",
                Sighted::White => "White sees the whole board",
                Sighted::Black => "Black sees the whole board",
            },
            Flag::Handicap => match r.handicap {
                Handicap::None => "the sighted player has the full army",
                Handicap::PicklePot => "Pickle-pot army",
                Handicap::OneEye => "One-eye army",
                Handicap::Semi => "Semi-Kriegspiel army",
            },
            Flag::Bishop => match r.bishop {
                None => "no bishop kept",
                Some(Wing::C) => "the c-file bishop kept",
                Some(Wing::F) => "the f-file bishop kept",
            },
            Flag::Wording => wording_name(r.wording),
            _ => return None,
        };
        Some(text)
    }
}

/// `yes` when the flag is on, `no` when it is off.
fn on_off(on: bool, yes: &'static str, no: &'static str) -> &'static str {
    if on { yes } else { no }
}

/// The name of a wording, as a difference ("ICC words").
fn wording_name(w: Wording) -> &'static str {
    match w {
        Wording::Berkeley => "Berkeley words",
        Wording::Icc => "ICC words",
        Wording::Cincinnati => "Cincinnati words",
        Wording::Rand => "RAND words",
        Wording::English => "English club words",
        Wording::Classic => "three-board club words",
    }
}

/// The flags in which `rules` differ from `preset` (with the choices the preset leaves to the
/// players taken from `rules`), among those that apply to `rules`.
pub fn differences(preset: Preset, rules: &RuleSet) -> Vec<Flag> {
    let want = preset.as_chosen(rules);
    Flag::ALL
        .into_iter()
        .filter(|f| f.applies(rules) && f.differs(&want, rules))
        .collect()
}

/// The preset nearest to `rules` (the fewest differing flags; a preset of another family only
/// when no preset of this one is near; on a tie, one of the same variant, as Modern Kriegspiel
/// for opened squares, then the first in picker order) and the flags that differ from it.
pub fn nearest(rules: &RuleSet) -> (Preset, Vec<Flag>) {
    let name = rules.variant().name();
    let weigh = |p: Preset, diff: &[Flag]| {
        let theirs = p.rules();
        let family = if theirs.family == rules.family {
            0
        } else {
            FAMILY_WEIGHT
        };
        (family + diff.len(), theirs.variant().name() != name)
    };
    let mut best: Option<(Preset, Vec<Flag>, (usize, bool))> = None;
    for p in Preset::ALL {
        let diff = differences(p, rules);
        let weight = weigh(p, &diff);
        if best.as_ref().is_none_or(|(_, _, w)| weight < *w) {
            best = Some((p, diff, weight));
        }
    }
    best.map_or((Preset::Berkeley, Vec::new()), |(p, d, _)| (p, d))
}

/// What differs in `rules` from their nearest preset, in words ("pawn tries off"), in the
/// editor's order; empty for a preset.
pub fn describe_difference(rules: &RuleSet) -> Vec<String> {
    if rules.preset().is_some() {
        return Vec::new();
    }
    nearest(rules)
        .1
        .into_iter()
        .map(|f| f.said(rules))
        .collect()
}

impl RuleSet {
    /// A name for people: the preset's title, or the nearest preset's and what differs from it
    /// ("ICC Wild 16, pawn tries off"; past three differences, how many more).
    pub fn title(&self) -> String {
        if let Some(p) = self.preset() {
            return p.title().to_owned();
        }
        let (near, _) = nearest(self);
        let said = describe_difference(self);
        let mut parts = vec![near.title().to_owned()];
        parts.extend(said.iter().take(LISTED).cloned());
        let mut title = parts.join(", ");
        match said.len().saturating_sub(LISTED) {
            0 => {}
            1 => title.push_str(" and 1 other change"),
            n => title.push_str(&format!(" and {n} other changes")),
        }
        title
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preset_is_titled_by_its_name() {
        for p in Preset::ALL {
            assert_eq!(p.rules().title(), p.title());
            assert!(describe_difference(&p.rules()).is_empty());
        }
        let mut black = Preset::PicklePot.rules();
        black.sighted = Sighted::Black;
        black.bishop = Some(Wing::C);
        assert_eq!(black.title(), Preset::PicklePot.title());
    }

    #[test]
    fn one_flag_off_wild16_is_wild16_and_that_flag() {
        let mut r = Preset::Wild16.rules();
        r.pawn_info = PawnInfo::None;
        assert_eq!(r.title(), "ICC Wild 16, pawn tries off");
        assert_eq!(nearest(&r), (Preset::Wild16, vec![Flag::PawnInfo]));
        r.fifty_moves = false;
        assert_eq!(
            describe_difference(&r),
            ["pawn tries off", "fifty-move rule off"]
        );
        assert_eq!(
            r.title(),
            "ICC Wild 16, pawn tries off, fifty-move rule off"
        );
    }

    #[test]
    fn the_nearest_preset_wins_and_long_lists_are_counted() {
        // Classic with pawn or piece: Classic, not a preset that merely shares flags.
        let mut r = Preset::Classic.rules();
        r.capture_unit = true;
        assert_eq!(r.title(), "Classic club rules, captures say pawn or piece");
        let mut many = Preset::Berkeley.rules();
        many.announce_promotion = true;
        many.en_passant = EnPassantSquare::Destination;
        many.promotion = PromotionRule::QueenOnly;
        many.exact_units = true;
        many.material = MaterialRule::DeadPosition;
        let title = many.title();
        assert!(title.ends_with(" and 2 other changes"), "{title}");
        assert_eq!(title.matches(", ").count(), 3, "{title}");
    }

    #[test]
    fn flags_that_do_not_apply_are_neither_counted_nor_shown() {
        // RBC reads none of the Kriegspiel answer flags.
        let mut rbc = Preset::Rbc.rules();
        rbc.pawn_info = PawnInfo::Count;
        rbc.capture_unit = true;
        assert_eq!(rbc.preset(), None);
        assert_eq!(rbc.title(), "Reconnaissance Blind Chess");
        assert!(!Flag::PawnInfo.applies(&rbc) && Flag::Wording.applies(&rbc));
        rbc.wording = Wording::Icc;
        assert_eq!(rbc.title(), "Reconnaissance Blind Chess, ICC words");
        // A Kriegspiel rule set is not titled by RBC, nor the other way round.
        let mut k = Preset::Rbc.rules();
        k.family = Family::Kriegspiel;
        assert_ne!(nearest(&k).0, Preset::Rbc);
        // No bishop flag without Pickle-pot or One-eye, no army without a sighted player.
        let wild = Preset::Wild16.rules();
        assert!(!Flag::Bishop.applies(&wild) && !Flag::Handicap.applies(&wild));
        assert!(Flag::Bishop.applies(&Preset::OneEye.rules()));
    }

    #[test]
    fn every_field_of_a_rule_set_is_a_flag() {
        // Without `..`: a new field does not compile here until it is counted.
        let RuleSet {
            family: _,
            impossible: _,
            repeat: _,
            illegal_heard_by: _,
            capture_unit: _,
            pawn_info: _,
            any: _,
            promotion: _,
            announce_promotion: _,
            fifty_moves: _,
            threefold: _,
            material: _,
            en_passant: _,
            open_squares: _,
            wording: _,
            drops: _,
            exact_units: _,
            sighted: _,
            handicap: _,
            bishop: _,
        } = RuleSet::default();
        assert_eq!(Flag::ALL.len(), 20);
        // Each flag tells apart two presets, or a preset and its edit.
        let mut edited = Preset::Wild16.rules();
        edited.en_passant = EnPassantSquare::Destination;
        edited.announce_promotion = true;
        for f in Flag::ALL {
            let differs = Preset::ALL.iter().any(|a| {
                Preset::ALL
                    .iter()
                    .any(|b| f.differs(&a.rules(), &b.rules()))
                    || f.differs(&a.rules(), &edited)
            });
            assert!(differs, "{f:?} compares nothing");
        }
    }

    #[test]
    fn every_flag_has_a_name_help_and_words_for_each_preset() {
        for f in Flag::ALL {
            assert!(!f.name().is_empty() && f.help().len() > 20, "{f:?}");
            for p in Preset::ALL {
                assert!(!f.said(&p.rules()).is_empty(), "{f:?} {p:?}");
            }
        }
        let mut open = Preset::Modern.rules();
        assert_eq!(
            Flag::OpenSquares.said(&open),
            "7 squares opened after each move"
        );
        open.open_squares = 1;
        assert_eq!(
            Flag::OpenSquares.said(&open),
            "1 square opened after each move"
        );
        assert_eq!(
            open.title(),
            "Modern Kriegspiel, 1 square opened after each move"
        );
    }
}
