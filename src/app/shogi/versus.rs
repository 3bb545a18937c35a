//! Tsuitate shogi against the computer: the person's own board is always open (no curtain: the
//! screen is theirs alone), and the computer's seat is played by a tsuitate bot
//! ([`crate::tsuitate::bots`]) from that seat's own [`crate::tsuitate::SeatView`], never the
//! true position. The bot's whole turn is played at once when it comes; the person is shown only
//! what their seat heard of it.

use super::{Stage, TsuitateScreen};
use crate::tsuitate::Request;
use crate::tsuitate::bots::TsuitateBot;
use shogi_core::Color;

/// The most attempts a bot makes in one turn before it resigns (its refused attempts are never
/// tried again, so it always finds a legal move long before).
const MAX_ATTEMPTS: usize = 2000;

/// The computer's seat: its side and its bot.
pub struct Opponent {
    /// The side it plays.
    pub color: Color,
    /// The player.
    pub bot: Box<dyn TsuitateBot>,
}

impl TsuitateScreen {
    /// Plays the computer's turn at the table, if it is its turn, then shows the person's
    /// board again. The bot plays from its seat's view as the table gives it; an attempt the
    /// table refuses (never expected) resigns.
    pub(super) fn computer_turn(&mut self) {
        let Some(color) = self.opponent.as_ref().map(|o| o.color) else {
            return;
        };
        for _ in 0..MAX_ATTEMPTS {
            if self.over().is_some() || self.to_move() != color {
                break;
            }
            let view = self.table.view(color).clone();
            let Some(opponent) = self.opponent.as_mut() else {
                return;
            };
            let request = opponent
                .bot
                .next(&view)
                .map_or(Request::Resign, Request::Try);
            let refused = self.computer_asks(request);
            if refused {
                self.computer_asks(Request::Resign);
            }
        }
        if self.to_move() == color && self.over().is_none() {
            self.computer_asks(Request::Resign);
        }
        self.stage = if self.over().is_some() {
            Stage::Over
        } else {
            Stage::Open(color.flip())
        };
    }

    /// The computer's request at the table, and whether it was refused (its refusals are not
    /// the person's to read).
    fn computer_asks(&mut self, request: Request) -> bool {
        let now = self.now();
        self.table.submit(request, now);
        let kept = self.refused.take();
        self.pump();
        let refused = self.refused.is_some();
        self.refused = kept;
        refused
    }
}
