//! One side's part of a review: its belief followed through the game (the strong bot's, so the
//! bot and the counts read the same worlds), the solver at its turns, and the bot's choice.

use super::{Knowledge, Mate, Options, Progress, TurnReview, find_mate, reviewer};
use crate::bots::Bot as _;
use crate::referee::Request;
use crate::save::SavedGame;
use crate::view::PlayerView;
use crate::view::san::own_san;
use shakmaty::Color;

/// What one side's pass found, by turn.
pub(super) struct SideReview {
    /// What the side knew at each turn's start.
    pub knew: Vec<Option<Knowledge>>,
    /// At the side's own turns: the mate looked for.
    pub mates: Vec<Mate>,
    /// At the side's own turns: what the bot would have tried.
    pub suggestions: Vec<Option<String>>,
}

/// Whether the solver plays these rules: Kriegspiel without drops (not RBC, not Crazyhouse).
fn solvable(saved: &SavedGame) -> bool {
    let variant = saved.log.rules.variant();
    variant.answers_attempts() && !variant.senses() && !variant.pockets()
}

/// Reviews `color`'s side over `turns`; `None` when stopped.
pub(super) fn review_side(
    saved: &SavedGame,
    turns: &[TurnReview],
    color: Color,
    options: Options,
    progress: &Progress,
) -> Option<SideReview> {
    let mut bot = reviewer(options);
    let solvable = solvable(saved);
    let mut out = SideReview {
        knew: Vec::with_capacity(turns.len()),
        mates: Vec::with_capacity(turns.len()),
        suggestions: Vec::with_capacity(turns.len()),
    };
    // The seat's view, made once and brought forward turn by turn (never rebuilt from the
    // start: a long game costs its length, not its square).
    let log = &saved.log;
    let mut view = PlayerView::build_prefix(log, color, 0);
    let mut read = 0;
    let mut previous = None;
    for turn in turns {
        if progress.stopped() {
            return None;
        }
        while read < turn.first {
            if let Some(event) = log.perceived_event(read, color) {
                view.extend(event);
            }
            read += 1;
        }
        let belief = bot.belief_for(&view);
        let knew = belief.map(|b| Knowledge::count(b, &view, previous));
        previous = knew.or(previous);
        out.knew.push(knew);
        let own = turn.mover == color && view.over.is_none();
        let mut mate = Mate::Unsearched;
        if own
            && solvable
            && !view.must_place()
            && let Some(b) = belief
        {
            let sampled = !b.is_exact();
            let worlds = b.worlds().to_vec();
            mate = match find_mate(worlds, color, options) {
                (Some((depth, strategy)), _) => Mate::Found {
                    depth,
                    key: strategy.san.clone(),
                    key_tried: first_request(saved, turn, color)
                        .is_some_and(|r| *r == strategy.act.request()),
                    mated: false,
                    sampled,
                },
                (None, upto) => Mate::Absent { upto },
            };
        }
        out.mates.push(mate);
        let suggestion = if own {
            bot.act(&view).map(|r| words(&view, &r))
        } else {
            None
        };
        out.suggestions.push(suggestion);
        progress.tick();
    }
    Some(out)
}

/// The first request `color` made in `turn`.
fn first_request<'a>(saved: &'a SavedGame, turn: &TurnReview, color: Color) -> Option<&'a Request> {
    saved.log.events[turn.first..turn.end]
        .iter()
        .find(|e| e.by == Some(color))
        .map(|e| &e.request)
}

/// A request as its seat would write it: an attempt in SAN from the seat's own board.
fn words(view: &PlayerView, request: &Request) -> String {
    match request {
        Request::Try(a) | Request::Move(a) => own_san(&view.side(), *a, false),
        Request::Any => "Any?".to_owned(),
        other => crate::replay::request_text(other),
    }
}
