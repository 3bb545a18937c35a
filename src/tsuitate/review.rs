//! Who knew what in a finished tsuitate game (`kriegspiel review` on a tsuitate save), told after
//! the reveal: for every move, the attempts its maker had refused first (impossible ones, told to
//! it alone, and fouls), a capture or a check, and for each side how many of the opponent's units
//! on the board it knew the square of. A seat knows an opponent's unit's square only where that
//! unit just took one of its pieces (the umpire names the square) and has not moved since;
//! everything else it can only guess, and this review says so rather than guess for it. The
//! game is stepped through the one replay ([`crate::replay::step`]), as study steps it: what a
//! side knew at a move is its view at that cursor, built from what it was told by then.

use super::announce::Item;
use super::game::{Request, SIDES, TsuitateGame};
use super::referee::index;
use super::seam::Tsuitate;
use super::seat::SeatView;
use super::words::{over_text, side_name};
use crate::replay::step::Replay;
use crate::save::Meta;
use shogi_core::Color;
use std::fmt::Write as _;

/// One move (or the request that ended the game) reviewed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnReview {
    /// The move's number (1 for sente's first).
    pub number: usize,
    /// Who moved.
    pub mover: Color,
    /// The move in USI, or `resign`, `draw`, or the last attempt when the game ended on a foul.
    pub request: String,
    /// Attempts refused before it as impossible (the mover's own board says no).
    pub impossible: usize,
    /// Attempts refused before it, and it itself when it was one, as fouls.
    pub fouls: usize,
    /// Whether it captured.
    pub captured: bool,
    /// Whether it gave check.
    pub check: bool,
    /// For sente and gote: how many of the opponent's units on the board it knew the square of.
    pub located: [usize; 2],
    /// For sente and gote: how many units the opponent has on the board.
    pub units: [usize; 2],
}

/// A side's totals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideTotals {
    /// Every attempt made.
    pub attempts: usize,
    /// Moves played.
    pub moves: usize,
    /// Attempts refused as impossible.
    pub impossible: usize,
    /// Fouls.
    pub fouls: usize,
    /// Captures.
    pub captures: usize,
    /// Checks given.
    pub checks: usize,
}

/// The review of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TsuitateReview {
    /// Move by move.
    pub turns: Vec<TurnReview>,
    /// Sente's and gote's totals.
    pub totals: [SideTotals; 2],
}

/// How many of `color`'s opponent's units on the board `color` knows the square of, and how
/// many there are: `seat` is what `color` was told (its view), `truth` the referee's game at the
/// same point (only to count and to check the square still holds the unit).
fn located(truth: &TsuitateGame, seat: &SeatView, color: Color) -> (usize, usize) {
    let position = truth.referee().position();
    let theirs = |sq| {
        position
            .piece_at(sq)
            .is_some_and(|p| p.color() == color.flip())
    };
    let units = shogi_core::Square::all().filter(|sq| theirs(*sq)).count();
    let known = seat.lost_on.filter(|sq| theirs(*sq)).is_some();
    (usize::from(known), units)
}

/// Reviews `game` from its start, stepped through the one replay ([`Replay`]): each seat's
/// knowledge is its view at the cursor, built from what it was told by then.
pub fn review(game: &TsuitateGame) -> TsuitateReview {
    let mut replay = Replay::<Tsuitate>::new(game.clone());
    let mut turns = Vec::new();
    let mut totals: [SideTotals; 2] = Default::default();
    let (mut impossible, mut fouls) = (0, 0);
    let last = game.events().len();
    for (i, event) in game.events().iter().enumerate() {
        replay.seek(i + 1);
        let items: Vec<Item> = event.said.iter().map(|s| s.item).collect();
        let total = &mut totals[index(event.by)];
        let is = |item: Item| items.contains(&item);
        let foul = items.iter().any(|i| matches!(i, Item::Illegal { .. }));
        if matches!(event.request, Request::Try(_)) {
            total.attempts += 1;
        }
        impossible += usize::from(is(Item::Impossible));
        fouls += usize::from(foul);
        total.impossible += usize::from(is(Item::Impossible));
        total.fouls += usize::from(foul);
        let captured = items.iter().any(|i| matches!(i, Item::Capture { .. }));
        total.captures += usize::from(captured);
        total.checks += usize::from(is(Item::Check));
        total.moves += usize::from(is(Item::Legal));
        // A recorded game ends at its last event, if at all.
        let ends = i + 1 == last && game.referee().over().is_some();
        if !is(Item::Legal) && !ends {
            continue;
        }
        let views = SIDES.map(|color| replay.view(color));
        let Some(truth) = replay.truth() else {
            break;
        };
        let mut located_by = [0; 2];
        let mut units = [0; 2];
        for (color, seat) in SIDES.into_iter().zip(&views) {
            (located_by[index(color)], units[index(color)]) = located(truth, seat, color);
        }
        turns.push(TurnReview {
            number: turns.len() + 1,
            mover: event.by,
            request: match &event.request {
                Request::Resign => "resigns".to_owned(),
                Request::Draw => "agrees a draw".to_owned(),
                tried => crate::tsuitate::history::request_words(tried),
            },
            impossible: std::mem::take(&mut impossible),
            fouls: std::mem::take(&mut fouls),
            captured,
            check: is(Item::Check),
            located: located_by,
            units,
        });
    }
    TsuitateReview { turns, totals }
}

impl TsuitateReview {
    /// The review in words, with `meta`'s names and `game`'s end.
    pub fn text(&self, game: &TsuitateGame, meta: &Meta) -> String {
        let mut out = String::new();
        let name = |n: &str, side: Color| {
            if n.is_empty() {
                side_name(side).to_owned()
            } else {
                format!("{} ({n})", side_name(side))
            }
        };
        let _ = writeln!(
            out,
            "Review of a tsuitate shogi game: {} against {}.",
            name(&meta.black, Color::Black),
            name(&meta.white, Color::White)
        );
        match game.referee().over() {
            Some(over) => {
                let _ = writeln!(out, "{}", over_text(over));
            }
            None => {
                let _ = writeln!(out, "Not over.");
            }
        }
        let _ = writeln!(
            out,
            "For each move: the attempts refused before it, and for each side how many of the \
             opponent's units it knew the square of (only a unit that has just taken one of its \
             pieces and not moved since: the rest it could only guess).\n"
        );
        for t in &self.turns {
            let mut notes = Vec::new();
            if t.impossible > 0 {
                notes.push(format!("{} impossible", t.impossible));
            }
            if t.fouls > 0 {
                notes.push(format!("{} foul{}", t.fouls, plural(t.fouls)));
            }
            let refused = if notes.is_empty() {
                "no attempt refused".to_owned()
            } else {
                format!("refused first: {}", notes.join(", "))
            };
            let mut what = t.request.clone();
            if t.captured {
                what.push_str(", a capture");
            }
            if t.check {
                what.push_str(", check");
            }
            let _ = writeln!(
                out,
                "{:>3}. {} {what} ({refused}). Sente knew {} of Gote's {} units' squares; Gote \
                 knew {} of Sente's {}.",
                t.number,
                side_name(t.mover),
                t.located[0],
                t.units[0],
                t.located[1],
                t.units[1],
            );
        }
        let _ = writeln!(out);
        for color in SIDES {
            let t = &self.totals[index(color)];
            let _ = writeln!(
                out,
                "{}: {} attempts for {} moves: {} impossible, {} foul{}; {} capture{}, {} check{}.",
                side_name(color),
                t.attempts,
                t.moves,
                t.impossible,
                t.fouls,
                plural(t.fouls),
                t.captures,
                plural(t.captures),
                t.checks,
                plural(t.checks),
            );
        }
        out
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tsuitate::TsuitateRules;

    #[test]
    fn each_move_tells_what_was_refused_and_what_each_side_knew() {
        let mut game = TsuitateGame::new(TsuitateRules::default());
        for usi in ["7g7e", "7g7f", "3c3d", "2g2f", "2b9i", "8c8d", "8h2b+"] {
            game.attempt(usi).expect("attempt");
        }
        game.apply(Request::Resign).expect("resigns");
        let review = review(&game);
        assert_eq!(review.turns.len(), 6, "five moves and the resignation");
        let first = &review.turns[0];
        assert_eq!((first.impossible, first.fouls), (1, 0));
        assert_eq!(first.units, [20, 20]);
        let foul = &review.turns[3];
        assert_eq!(
            (foul.mover, foul.fouls, foul.request.as_str()),
            (Color::White, 1, "8c8d")
        );
        // Sente's horse took on 2b: gote knows where it stands, sente knows nothing.
        let capture = &review.turns[4];
        assert!(capture.captured);
        assert_eq!(capture.located, [0, 1]);
        assert_eq!(capture.units, [19, 20]);
        assert_eq!(review.totals[0].impossible, 1);
        assert_eq!(review.totals[1].fouls, 1);
        assert_eq!(review.totals[0].attempts, 4);
        let text = review.text(&game, &Meta::default());
        assert!(text.contains("Sente wins by resignation."), "{text}");
        assert!(
            text.contains(
                "  5. Sente 8h2b+, a capture (no attempt refused). Sente knew 0 of \
                 Gote's 19 units' squares; Gote knew 1 of Sente's 20."
            ),
            "{text}"
        );
        assert!(
            text.contains("Gote: 3 attempts for 2 moves: 0 impossible, 1 foul;"),
            "{text}"
        );
        assert!(
            text.contains("  6. Gote resigns (no attempt refused)."),
            "{text}"
        );
    }
}
