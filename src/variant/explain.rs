//! The rules of a rule set written out for people, section by section (the app's "How to
//! play" page): what the referee answers, what both players hear, how the game ends, and what
//! the family adds (pockets, opened squares, a sighted player, Reconnaissance Blind Chess's
//! turn). Written from the flags, so an edited rule set reads as it is played; the referee's
//! own words ([`crate::wording::describe`]) give the examples.

use crate::announce::{CheckDirection, Item, PawnTries, Unit};
use crate::rules::{
    AnyRule, EnPassantSquare, Family, Handicap, Hearers, ImpossibleRule, MaterialRule, PawnInfo,
    PromotionRule, RepeatRule, RuleSet, Wording,
};
use crate::wording::{army_words, color_title, describe};
use shakmaty::{Bitboard, Square};

/// One section of the rules: a heading and its paragraphs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The heading ("Trying a move").
    pub heading: &'static str,
    /// The paragraphs, in order.
    pub paragraphs: Vec<String>,
}

/// The rules of `rules`, in plain words.
pub fn rules_in_words(rules: &RuleSet) -> Vec<Section> {
    if rules.family == Family::Rbc {
        return rbc();
    }
    let mut out = vec![idea(rules), trying(rules), announced(rules), ending(rules)];
    if rules.drops {
        out.push(pockets());
    }
    if rules.open_squares > 0 {
        out.push(opening(rules.open_squares));
    }
    if let Some(side) = rules.sighted.color() {
        out.push(sighted(rules, side));
    }
    out
}

/// The referee's words for `item` under `w`, quoted without the full stop ("\"Hell no\"").
fn quote(item: &Item, w: Wording) -> String {
    describe(item, w).map_or_else(String::new, |t| format!("\"{}\"", t.trim_end_matches('.')))
}

fn section(heading: &'static str, paragraphs: Vec<String>) -> Section {
    Section {
        heading,
        paragraphs,
    }
}

/// What Kriegspiel is.
fn idea(rules: &RuleSet) -> Section {
    let mut p = vec![
        "Kriegspiel is chess in which you see only your own pieces. A referee, who sees both \
         armies, judges every move you try and tells the players as much as the rules allow. \
         The pieces move as in ordinary chess, and White moves first."
            .to_owned(),
        "Your skill is to work out where the enemy pieces are from what you hear, and to mark \
         your guesses on your board."
            .to_owned(),
    ];
    if rules.sighted.color().is_some() {
        p.push(
            "This is a handicap game: one player sees the whole board (see \"The sighted \
             player\" below)."
                .to_owned(),
        );
    }
    section("The idea", p)
}

/// Trying moves: legal, illegal, impossible, tried again.
fn trying(rules: &RuleSet) -> Section {
    let w = rules.wording;
    let legal = match describe(&Item::Legal, w) {
        Some(t) => format!(
            "the referee says \"{}\" and tells both players",
            t.trim_end_matches('.')
        ),
        None => "the referee tells both players".to_owned(),
    };
    let illegal_hearers = match rules.illegal_heard_by {
        Hearers::Both => "Both players hear it.",
        Hearers::Mover => "Only you hear it: your opponent learns nothing.",
    };
    let impossible = match rules.impossible {
        ImpossibleRule::MoverOnly => format!(
            "A move that could never be legal, wherever the enemy pieces stand (a bishop moving \
             like a knight, a rook jumping over your own pawn), gets {}, and only you hear it.",
            quote(&Item::Impossible, w)
        ),
        ImpossibleRule::Both => format!(
            "A move that could never be legal, wherever the enemy pieces stand (a bishop moving \
             like a knight, a rook jumping over your own pawn), gets {}, and both players hear it.",
            quote(&Item::Impossible, w)
        ),
        ImpossibleRule::AsIllegal => "A move that could never be legal, wherever the enemy \
             pieces stand, is refused just like an illegal move, and both players hear it."
            .to_owned(),
    };
    let repeat = match rules.repeat {
        RepeatRule::Impossible => {
            "Trying again a move already refused in this turn counts as \
             a move that could never be legal."
        }
        RepeatRule::Illegal => {
            "Trying again a move already refused in this turn is simply \
             refused again."
        }
    };
    section(
        "Trying a move",
        vec![
            format!(
                "On your turn you try a move on your own board. If it is legal on the true \
                 board, it is played: {legal} that you have moved (never which move)."
            ),
            format!(
                "If it is not legal (an enemy piece is in the way, or your king would be in \
                 check), the referee says {} and you try another move. {illegal_hearers}",
                quote(&Item::Illegal, w)
            ),
            impossible,
            repeat.to_owned(),
            "A pawn may always try to capture diagonally, as you cannot know whether an enemy \
             piece stands there: a refused pawn capture tells you the square is empty."
                .to_owned(),
        ],
    )
}

/// What both players hear after a legal move, and the "Any?" question.
fn announced(rules: &RuleSet) -> Section {
    let w = rules.wording;
    let d5 = Square::D5;
    let unit = (rules.capture_unit || rules.exact_units).then_some(Unit::Pawn);
    let what = match (rules.exact_units, rules.capture_unit) {
        (true, _) => " and exactly what was taken (a promoted piece counts as a pawn)",
        (false, true) => " and whether a pawn or a piece was taken",
        (false, false) => " only, not what was taken",
    };
    let en_passant = match rules.en_passant {
        EnPassantSquare::CapturedPawn => "the square of the pawn taken",
        EnPassantSquare::Destination => "the square the capturing pawn moves to",
    };
    let mut p = vec![
        format!(
            "When a move captures, both players hear the square{what}: {}. For en passant, \
             the square given is {en_passant}.",
            quote(&Item::Capture { square: d5, unit }, w)
        ),
        format!(
            "A check is announced to both with its direction seen from the king in check: \
             along the rank, along the file, along the long or the short diagonal, or by a \
             knight. For example {}.",
            quote(&Item::Check(CheckDirection::Short), w)
        ),
        pawn_info(rules),
    ];
    if let Some(any) = any_question(rules) {
        p.push(any);
    }
    p.push(match (rules.promotion, rules.announce_promotion) {
        (PromotionRule::Any, false) => "A pawn on the last rank becomes any piece you choose; \
             the promotion is not announced."
            .to_owned(),
        (PromotionRule::Any, true) => {
            "A pawn on the last rank becomes any piece you choose, and both hear that a pawn \
             was promoted."
                .to_owned()
        }
        (PromotionRule::QueenOnly, announced) => format!(
            "A pawn on the last rank becomes a queen (no other piece){}.",
            if announced {
                ", and both hear that a pawn was promoted"
            } else {
                ""
            }
        ),
    });
    section("What the referee announces", p)
}

/// The pawn-capture information after each legal move.
fn pawn_info(rules: &RuleSet) -> String {
    let w = rules.wording;
    match rules.pawn_info {
        PawnInfo::None => "Nothing is said about pawn captures.".to_owned(),
        PawnInfo::Count => format!(
            "Then both players hear how many captures the pawns of the player to move can make, \
             for example {}.",
            quote(&Item::PawnTries(PawnTries::Count(2)), w)
        ),
        PawnInfo::HasAny => format!(
            "Then both players hear whether the player to move has any pawn capture: {} or {}.",
            quote(&Item::PawnTries(PawnTries::Any(true)), w),
            quote(&Item::PawnTries(PawnTries::Any(false)), w)
        ),
        PawnInfo::Squares => {
            let squares = Bitboard::from(Square::B4) | Bitboard::from(Square::D5);
            format!(
                "Then both players hear the squares where the player to move can capture with a \
                 pawn, for example {}.",
                quote(&Item::PawnTries(PawnTries::Squares(squares)), w)
            )
        }
    }
}

/// The "Any?" question, where the rules have it.
fn any_question(rules: &RuleSet) -> Option<String> {
    let asked = "Once a turn, before or between your tries, you may ask \"Any?\": can one of my \
                 pawns capture? The referee answers \"Try\" or \"No\"";
    let heard = match rules.any_heard_by() {
        Hearers::Both => "both players hear the answer",
        Hearers::Mover => "only you hear the answer",
    };
    let text = match rules.any {
        AnyRule::Off => return None,
        AnyRule::UntilLegal => format!(
            "{asked}, and {heard}. After \"Try\" you must keep trying pawn captures until one \
             is legal; any other move is refused."
        ),
        AnyRule::OneAttempt => format!(
            "{asked}, and {heard}. After \"Try\" you must try at least one pawn capture; once \
             one has been refused you may try anything."
        ),
        AnyRule::Secret => format!(
            "{asked}, and {heard}. After \"Try\" you must keep trying pawn captures until one \
             is legal. After \"No\" your opponent hears one refused move for each pawn capture \
             your own board shows, as if you had tried them all."
        ),
    };
    Some(text)
}

/// How a Kriegspiel game ends.
fn ending(rules: &RuleSet) -> Section {
    let mut p = vec!["Checkmate wins the game; stalemate is a draw.".to_owned()];
    p.push(match rules.material {
        MaterialRule::MinorEach => "The game is drawn as soon as each side has at most one \
             knight or bishop besides its king, and nothing else."
            .to_owned(),
        MaterialRule::DeadPosition => {
            "The game is drawn when neither side has the pieces left to mate.".to_owned()
        }
    });
    if rules.drops {
        p.push("With pockets, no draw for lack of pieces while either pocket holds a unit.".into());
    }
    match (rules.fifty_moves, rules.threefold) {
        (true, true) => p.push(
            "The game is also drawn by itself after fifty moves by each side without a capture \
             or a pawn move, and when the same position comes for the third time."
                .to_owned(),
        ),
        (true, false) => p.push(
            "The game is also drawn by itself after fifty moves by each side without a capture \
             or a pawn move."
                .to_owned(),
        ),
        (false, true) => p.push(
            "The game is also drawn by itself when the same position comes for the third time."
                .to_owned(),
        ),
        (false, false) => {}
    }
    p.push(
        "A player may resign, and the players may agree a draw. On a clock, a player whose time \
         runs out loses (a draw when the opponent could not possibly mate)."
            .to_owned(),
    );
    section("How the game ends", p)
}

/// Crazyhouse Kriegspiel's pockets.
fn pockets() -> Section {
    section(
        "Pockets and drops",
        vec![
            "A unit you capture goes to your pocket, in your colour (a promoted piece goes back \
             as a pawn). Both pockets are public: both players always know what each holds."
                .to_owned(),
            "Instead of moving, you may drop a unit from your pocket on a square that is empty \
             on your board (a pawn never on the first or last rank). If an enemy piece stands \
             there, or your king would be in check, the drop is illegal. A legal drop is \
             announced by the unit, never by its square."
                .to_owned(),
        ],
    )
}

/// Modern Kriegspiel's opened squares.
fn opening(squares: u8) -> Section {
    let n = if squares == 1 {
        "one square".to_owned()
    } else {
        format!("{squares} squares")
    };
    section(
        "Opening squares",
        vec![format!(
            "After each of your legal moves you name {n}: the referee shows you, and only you, \
             what stands on them. Use it to find the enemy king, or to check a guess."
        )],
    )
}

/// A handicap game's sighted player.
fn sighted(rules: &RuleSet, side: shakmaty::Color) -> Section {
    let who = color_title(side);
    let mut p = vec![format!(
        "{who} sees the whole board at every moment; {} sees only their own pieces. The referee \
         judges both players' moves in the same way.",
        color_title(!side)
    )];
    if rules.handicap != Handicap::None {
        p.push(format!(
            "{who} starts with a smaller army, announced to both at the start: {}",
            army_words(rules.handicap, rules.bishop)
                .trim_start_matches("Handicap: ")
                .to_owned()
        ));
    }
    if rules.handicap == Handicap::Semi {
        p.push(format!(
            "Before the first move {who} places the king and the queen on any squares that make \
             a legal position (the kings not side by side). {} is not told where they stand.",
            color_title(!side)
        ));
    }
    section("The sighted player", p)
}

/// Reconnaissance Blind Chess.
fn rbc() -> Vec<Section> {
    vec![
        section(
            "The idea",
            vec![
                "Reconnaissance Blind Chess is chess in which you see only your own pieces and no \
                 referee answers your moves. Instead, each turn you look at a small part of the \
                 board before you move."
                    .to_owned(),
            ],
        ),
        section(
            "A turn",
            vec![
                "First you hear whether your opponent captured one of your pieces in their last \
                 turn, and on which square."
                    .to_owned(),
                "Then you sense: pick any square and you see what stands on it and on the eight \
                 squares around it (you may skip this)."
                    .to_owned(),
                "Then you make one move, or pass.".to_owned(),
            ],
        ),
        section(
            "How a move is carried out",
            vec![
                "A legal move is played; check does not count, so you may move into check or \
                 castle through it. A rook, bishop or queen that runs into an enemy piece stops \
                 there and takes it. A pawn's double step blocked on its second square becomes \
                 a single step. A pawn reaching the last rank becomes a queen unless you chose \
                 another piece."
                    .to_owned(),
                "A move that cannot be made at all (a pawn capturing on an empty square, castling \
                 with a piece in the way) does nothing, and your turn is over. You hear which \
                 move was played and, if it captured, the square, not what was taken."
                    .to_owned(),
            ],
        ),
        section(
            "How the game ends",
            vec![
                "Taking the king wins at once. There is no checkmate, stalemate or draw by rule. \
                 A player may resign. On a clock each player sees only their own time, and a \
                 player whose time runs out loses."
                    .to_owned(),
            ],
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    fn text(rules: &RuleSet) -> String {
        rules_in_words(rules)
            .iter()
            .flat_map(|s| std::iter::once(s.heading.to_owned()).chain(s.paragraphs.clone()))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn each_preset_reads_as_it_is_played() {
        let wild = text(&Preset::Wild16.rules());
        assert!(
            wild.contains("\"Hell no\"") && wild.contains("\"2 pawn tries\""),
            "{wild}"
        );
        assert!(
            wild.contains("Only you hear it") && wild.contains("fifty moves"),
            "{wild}"
        );
        let berkeley = text(&Preset::Berkeley.rules());
        assert!(berkeley.contains("Nothing is said about pawn captures"));
        assert!(berkeley.contains("at most one knight or bishop"));
        assert!(!berkeley.contains("fifty moves") && !berkeley.contains("\"Any?\""));
        let english = text(&Preset::English.rules());
        assert!(english.contains("at least one pawn capture") && english.contains("\"Any?\""));
        let classic = text(&Preset::Classic.rules());
        assert!(
            classic.contains("becomes a queen (no other piece)"),
            "{classic}"
        );
        assert!(classic.contains("\"Pawn tries on b4 and d5\""), "{classic}");
    }

    #[test]
    fn the_family_adds_its_sections() {
        let heads = |p: Preset| -> Vec<&'static str> {
            rules_in_words(&p.rules())
                .iter()
                .map(|s| s.heading)
                .collect()
        };
        assert!(heads(Preset::CrazyKrieg).contains(&"Pockets and drops"));
        assert!(heads(Preset::Modern).contains(&"Opening squares"));
        assert!(heads(Preset::Semi).contains(&"The sighted player"));
        assert!(!heads(Preset::Wild16).contains(&"The sighted player"));
        let rbc = text(&Preset::Rbc.rules());
        assert!(rbc.contains("Taking the king wins") && !rbc.contains("Checkmate wins"));
        let semi = text(&Preset::Semi.rules());
        assert!(semi.contains("places the king and the queen"), "{semi}");
    }
}
