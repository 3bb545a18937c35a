//! The referee's words: announcement items written out in each rule set's own wording
//! (Berkeley "Nonsense", ICC "Hell no" / "Pawn at d5 captured", RAND "Check on major diagonal" ...).
//!
//! [`say`] turns what one request produced into the sentence a referee speaks, e.g.
//! "Pawn at d5 captured. Short-diagonal check. Black to move. 2 pawn tries."

mod items;

pub use items::{army_words, describe};

use crate::announce::{Audience, Item, Said};
use crate::referee::Request;
use crate::rules::Wording;
use shakmaty::{Bitboard, Color, Square};

/// "White" or "Black".
pub fn color_title(c: Color) -> &'static str {
    c.fold_wb("White", "Black")
}

/// A number with its noun, singular for one: `count(1, "pawn try", "pawn tries")` is
/// "1 pawn try", `count(0, "position", "positions")` "0 positions".
pub fn count<N: std::fmt::Display + PartialEq + From<u8>>(n: N, one: &str, many: &str) -> String {
    let noun = if n == N::from(1) { one } else { many };
    format!("{n} {noun}")
}

/// A number with its thousands grouped by commas: `thousands(1234567)` is "1,234,567".
pub fn thousands(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// Squares sorted by name (file, then rank), as "a3 and c3" / "a3, b4 and c3".
pub fn square_list(squares: Bitboard) -> String {
    let mut names: Vec<Square> = squares.into_iter().collect();
    names.sort_by_key(|sq| (sq.file(), sq.rank()));
    let names: Vec<String> = names.iter().map(ToString::to_string).collect();
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

/// Alternatives as "queen" / "queen or rook" / "queen, rook or bishop".
pub fn either(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The sentence a referee speaks for what one request produced, as heard by one listener (or by
/// everyone). `mover` is the side that made the request; when the turn passed (a legal move in
/// Kriegspiel), "\<next\> to move." comes before the pawn information, as referees say it.
pub fn say(items: &[Item], w: Wording, mover: Color) -> String {
    let turn_passed = items.contains(&Item::Legal)
        && !items.iter().any(|i| {
            matches!(
                i,
                Item::Checkmate
                    | Item::Stalemate
                    | Item::Draw(_)
                    | Item::KingCaptured
                    | Item::Resigned(_)
            )
        });
    let mut parts: Vec<String> = items
        .iter()
        .filter(|i| !matches!(i, Item::PawnTries(_)))
        .filter_map(|i| describe(i, w))
        .collect();
    if turn_passed {
        parts.push(format!("{} to move.", color_title(!mover)));
    }
    parts.extend(
        items
            .iter()
            .filter(|i| matches!(i, Item::PawnTries(_)))
            .filter_map(|i| describe(i, w)),
    );
    parts.join(" ")
}

/// What the referee announces for one request, grouped by audience: `("To both", text)`,
/// `("To White only", text)`. Empty groups are left out.
pub fn say_to(said: &[Said], w: Wording, mover: Color) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (audience, name) in [
        (Audience::Both, "To both".to_owned()),
        (
            Audience::Only(mover),
            format!("To {} only", color_title(mover)),
        ),
        (
            Audience::Only(!mover),
            format!("To {} only", color_title(!mover)),
        ),
    ] {
        let items: Vec<Item> = said
            .iter()
            .filter(|s| s.to == audience)
            .map(|s| s.item)
            .collect();
        if !items.is_empty() {
            let text = say(&items, w, mover);
            if !text.is_empty() {
                out.push((name, text));
            }
        }
    }
    out
}

/// What the club referee announces when the last entry is taken back, grouped by audience like
/// [`say_to`]. `by` made `request`, which produced `said` (and ended the turn when `turn_ends`);
/// `next` is the side to move afterwards.
///
/// The squares of an attempt (or of a sense, an opening, a placement) are named only to the player
/// who made it. The other player hears of the correction only when it heard something of the
/// entry or the turn had passed, and then without those squares; a capture both heard is named
/// to both (a piece comes back to that square).
pub fn say_correction(
    by: Option<Color>,
    request: &Request,
    said: &[Said],
    turn_ends: bool,
    next: Color,
) -> Vec<(String, String)> {
    let then = format!("{} to move.", color_title(next));
    // The entry in words anyone may hear ("last attempt"), and its maker's squares.
    let (what, squares): (&str, Option<String>) = match request {
        Request::Try(a) | Request::Move(a) if turn_ends => ("last move", Some(a.to_string())),
        Request::Try(a) | Request::Move(a) => ("last attempt", Some(a.to_string())),
        Request::Any => ("\"Any?\"", None),
        Request::Sense(sq) => ("sense", sq.map(|sq| sq.to_string())),
        Request::Pass => ("pass", None),
        Request::Open(b) => ("opening", Some(square_list(*b))),
        Request::Place { king, queen, .. } => {
            ("placement", Some(format!("king {king}, queen {queen}")))
        }
        Request::Resign(_) => ("resignation", None),
        Request::Draw => ("agreed draw", None),
        Request::Timeout(_) => ("loss on time", None),
        Request::Adjudicate { .. } => ("adjudication", None),
    };
    let Some(maker) = by else {
        // Made by both players or by the clock: public.
        let named = match request {
            Request::Timeout(c) => format!("{}'s {what}", color_title(*c)),
            _ => format!("the {what}"),
        };
        return vec![(
            "To both".to_owned(),
            format!("Correction: take back {named}. {then}"),
        )];
    };
    let only = format!("To {} only", color_title(maker));
    let other_knows = turn_ends || said.iter().any(|s| s.to.includes(!maker));
    if !other_knows {
        let detail = squares.map(|sq| format!(" {sq}")).unwrap_or_default();
        return vec![(
            only,
            format!("Correction: take back your {what}{detail}. {then}"),
        )];
    }
    let captured: Vec<String> = said
        .iter()
        .filter_map(|s| match (s.to, s.item) {
            (Audience::Both, Item::Capture { square, .. }) => Some(square.to_string()),
            _ => None,
        })
        .collect();
    let capture = if captured.is_empty() {
        String::new()
    } else {
        format!(" (the capture on {})", captured.join(" and "))
    };
    let mut out = vec![(
        "To both".to_owned(),
        format!(
            "Correction: take back {}'s {what}{capture}. {then}",
            color_title(maker)
        ),
    )];
    if let Some(sq) = squares {
        out.push((only, format!("Your {what} was {sq}.")));
    }
    // RBC: a player told alone that its piece was captured gets it back.
    for s in said {
        if let (Audience::Only(owner), Item::Captured(sq)) = (s.to, s.item)
            && owner != maker
        {
            out.push((
                format!("To {} only", color_title(owner)),
                format!("Your piece on {sq} comes back."),
            ));
        }
    }
    out
}

/// `n` as an ordinal: "1st", "2nd", "3rd", "4th", "11th", "21st".
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// What one listener heard from one request, written for a log: like [`say`], but a legal move
/// reads "Legal." (or the rule set's word) to the mover and "White moved." to everyone else, and
/// the turn change is not repeated. `listener` is `None` for what both players heard.
pub fn heard_line(items: &[Item], w: Wording, mover: Color, listener: Option<Color>) -> String {
    let rest: Vec<Item> = items
        .iter()
        .copied()
        .filter(|i| *i != Item::Legal && !matches!(i, Item::AnyAnswer(_)))
        .collect();
    let mut words = say(&rest, w, mover);
    // In a log the answer to "Any?" reads as one, never as a bare "No." (a refused attempt).
    if let Some(answer) = items.iter().find_map(|i| match i {
        Item::AnyAnswer(yes) => Some(*yes),
        _ => None,
    }) {
        let asked = if answer { "Any? - Try!" } else { "Any? - No." };
        words = if words.is_empty() {
            asked.to_owned()
        } else {
            format!("{asked} {words}")
        };
    }
    if !items.contains(&Item::Legal) {
        return words;
    }
    let head = if listener == Some(mover) {
        describe(&Item::Legal, w).unwrap_or_else(|| "Legal.".to_owned())
    } else {
        format!("{} moved.", color_title(mover))
    };
    if words.is_empty() {
        head
    } else {
        format!("{head} {words}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped_by_commas() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(1_234_567_890), "1,234,567,890");
    }

    #[test]
    fn a_count_of_one_is_singular() {
        assert_eq!(count(1usize, "pawn try", "pawn tries"), "1 pawn try");
        assert_eq!(count(2u8, "pawn try", "pawn tries"), "2 pawn tries");
        assert_eq!(count(0u32, "position", "positions"), "0 positions");
        assert_eq!(count(1u64, "position", "positions"), "1 position");
        assert_eq!(
            describe(
                &Item::PawnTries(crate::announce::PawnTries::Count(1)),
                Wording::Icc
            )
            .as_deref(),
            Some("1 pawn try.")
        );
        assert_eq!(
            describe(
                &Item::PawnTries(crate::announce::PawnTries::Count(3)),
                Wording::Icc
            )
            .as_deref(),
            Some("3 pawn tries.")
        );
    }
    use crate::announce::{CheckDirection, GameResult, PawnTries, Unit};

    #[test]
    fn icc_sentence_from_the_issue() {
        let items = [
            Item::Legal,
            Item::Capture {
                square: Square::D5,
                unit: Some(Unit::Pawn),
            },
            Item::Check(CheckDirection::Short),
            Item::PawnTries(PawnTries::Count(2)),
        ];
        assert_eq!(
            say(&items, Wording::Icc, Color::White),
            "Pawn at d5 captured. Short-diagonal check. Black to move. 2 pawn tries."
        );
    }

    #[test]
    fn log_lines() {
        let items = [Item::Legal, Item::PawnTries(PawnTries::Count(0))];
        assert_eq!(
            heard_line(&items, Wording::Icc, Color::White, Some(Color::Black)),
            "White moved. No pawn tries."
        );
        assert_eq!(
            heard_line(&items, Wording::Icc, Color::White, Some(Color::White)),
            "Legal. No pawn tries."
        );
        assert_eq!(
            heard_line(&items, Wording::Berkeley, Color::White, Some(Color::White)),
            "Yes. No pawn tries."
        );
        assert_eq!(
            heard_line(
                &[Item::Illegal],
                Wording::Icc,
                Color::White,
                Some(Color::White)
            ),
            "No."
        );
    }

    fn pair(to: &str, words: &str) -> (String, String) {
        (to.to_owned(), words.to_owned())
    }

    fn try_(uci: &str) -> Request {
        Request::Try(crate::Attempt::parse(uci).expect("uci"))
    }

    /// What was said of one request, all to `to`.
    fn said(to: Audience, items: &[Item]) -> Vec<Said> {
        items.iter().map(|&item| Said { to, item }).collect()
    }

    /// The correction of a request whose answer all went to `to`.
    fn correct(
        by: Option<Color>,
        request: &Request,
        to: Audience,
        items: &[Item],
        legal: bool,
    ) -> Vec<(String, String)> {
        let mover = by.unwrap_or(Color::White);
        say_correction(by, request, &said(to, items), legal, mover)
    }

    /// Wild 16: an illegal attempt is heard by its maker alone, and so is its correction.
    /// Berkeley: both heard "No.", both hear the correction, the squares go to the maker alone.
    #[test]
    fn a_correction_never_names_squares_to_who_did_not_hear_them() {
        let black = Some(Color::Black);
        assert_eq!(
            correct(
                black,
                &try_("c6e4"),
                Audience::Only(Color::Black),
                &[Item::Illegal],
                false
            ),
            vec![pair(
                "To Black only",
                "Correction: take back your last attempt c6e4. Black to move."
            )]
        );
        assert_eq!(
            correct(
                black,
                &try_("c6e4"),
                Audience::Both,
                &[Item::Illegal],
                false
            ),
            vec![
                pair(
                    "To both",
                    "Correction: take back Black's last attempt. Black to move."
                ),
                pair("To Black only", "Your last attempt was c6e4."),
            ]
        );
    }

    /// A move both heard, with the capture both heard: the capture's square goes to both, the
    /// move's squares to its maker alone.
    #[test]
    fn a_corrected_move_names_its_capture_to_both_and_its_squares_to_its_maker() {
        let capture = Item::Capture {
            square: Square::D5,
            unit: None,
        };
        assert_eq!(
            correct(
                Some(Color::White),
                &try_("e4d5"),
                Audience::Both,
                &[Item::Legal, capture],
                true
            ),
            vec![
                pair(
                    "To both",
                    "Correction: take back White's last move (the capture on d5). White to move."
                ),
                pair("To White only", "Your last move was e4d5."),
            ]
        );
    }

    /// A loss on time was public: its correction is said to both.
    #[test]
    fn a_corrected_loss_on_time_is_said_to_both() {
        assert_eq!(
            correct(
                None,
                &Request::Timeout(Color::White),
                Audience::Both,
                &[],
                false
            ),
            vec![pair(
                "To both",
                "Correction: take back White's loss on time. White to move."
            )]
        );
    }

    #[test]
    fn flag_fall_and_ordinals() {
        let timeout = Item::Timeout {
            loser: Color::White,
            result: GameResult::BlackWins,
        };
        assert_eq!(
            say(&[timeout], Wording::Icc, Color::White),
            "White's flag fell. Black wins."
        );
        let ordinals: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            ordinals,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"
            ]
        );
    }

    #[test]
    fn rule_sets_words() {
        assert_eq!(
            say(&[Item::Impossible], Wording::Icc, Color::White),
            "Hell no."
        );
        assert_eq!(
            say(&[Item::Impossible], Wording::Berkeley, Color::White),
            "Nonsense."
        );
        assert_eq!(
            say(&[Item::Illegal], Wording::Rand, Color::White),
            "Illegal move."
        );
        let b = Bitboard::from_square(Square::C3).with(Square::A3);
        assert_eq!(
            describe(&Item::PawnTries(PawnTries::Squares(b)), Wording::Rand).as_deref(),
            Some("Possible pawn captures on a3 and c3.")
        );
        assert_eq!(
            describe(&Item::Check(CheckDirection::Long), Wording::Rand).as_deref(),
            Some("Check on major diagonal.")
        );
        assert_eq!(
            say(
                &[
                    Item::Legal,
                    Item::Check(CheckDirection::Rank),
                    Item::Checkmate
                ],
                Wording::Berkeley,
                Color::Black
            ),
            "Yes. Rank check. Checkmate."
        );
    }
}
