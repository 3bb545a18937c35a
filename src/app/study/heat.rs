//! The study overlay's heat map: where each kind of enemy unit may stand, as the shares of the
//! worlds of the studied player's belief ([`Belief`]) at the studied point of the game. Each
//! side's belief is kept while the study steps forward (each step only adds what was heard),
//! with a copy every few events, so a step back starts from the nearest copy.

use crate::belief::{Belief, OVERLAY_CAP};
use crate::log::GameLog;
use crate::view::PlayerView;
use shakmaty::{Color, Role, Square};

/// Events between two kept copies of a belief.
const EVERY: usize = 8;

/// The beliefs behind the heat map: for each side, copies at every [`EVERY`]th event and the
/// latest one.
#[derive(Default)]
pub struct Heat {
    kept: [Vec<(usize, Belief)>; 2],
    /// Set when the rules have no belief state.
    unsupported: bool,
}

impl Heat {
    /// The squares where an enemy unit of `role` (`None`: any) may stand for `color` after the
    /// first `cursor` events of `log`, with their weights; `None` where the rules have no
    /// belief state (RBC, drops, opened squares, a hidden placement).
    pub fn squares(
        &mut self,
        log: &GameLog,
        color: Color,
        cursor: usize,
        role: Option<Role>,
    ) -> Option<(Vec<(Square, f32)>, bool)> {
        if self.unsupported {
            return None;
        }
        let kept = &mut self.kept[usize::from(color == Color::White)];
        if let Some((_, b)) = kept.iter().find(|(at, _)| *at == cursor) {
            return Some((b.squares(role), b.is_exact()));
        }
        // The latest copy at or before the cursor.
        let from = kept.iter().rposition(|(at, _)| *at <= cursor);
        let (mut at, mut belief) = match from {
            Some(i) => kept[i].clone(),
            None => {
                let Ok(b) =
                    Belief::with_cap(&PlayerView::build_prefix(log, color, 0), OVERLAY_CAP, 1)
                else {
                    self.unsupported = true;
                    return None;
                };
                (0, b)
            }
        };
        // Forward, keeping a copy at every EVERY-th event.
        while at < cursor {
            at = (at / EVERY + 1) * EVERY;
            at = at.min(cursor);
            belief.update(&PlayerView::build_prefix(log, color, at));
            if at % EVERY == 0 && !kept.iter().any(|(a, _)| *a == at) {
                kept.push((at, belief.clone()));
            }
        }
        kept.retain(|(a, _)| a % EVERY == 0);
        if !kept.iter().any(|(a, _)| *a == cursor) {
            kept.push((cursor, belief));
        }
        kept.sort_by_key(|(a, _)| *a);
        let belief = &kept.iter().rfind(|(a, _)| *a == cursor)?.1;
        Some((belief.squares(role), belief.is_exact()))
    }
}
