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
    /// Plays the computer's turn, if it is its turn, then shows the person's board again.
    pub(super) fn computer_turn(&mut self) {
        let Some(opponent) = self.opponent.as_mut() else {
            return;
        };
        let color = opponent.color;
        for _ in 0..MAX_ATTEMPTS {
            let referee = self.game.referee();
            if referee.over().is_some() || referee.to_move() != color {
                break;
            }
            let attempt = opponent.bot.next(self.game.seat(color));
            let request = attempt.map_or(Request::Resign, Request::Try);
            if self.game.apply(request).is_err() {
                let _ = self.game.apply(Request::Resign);
            }
        }
        if self.game.referee().to_move() == color && self.game.referee().over().is_none() {
            let _ = self.game.apply(Request::Resign);
        }
        self.after_computer(color);
    }

    /// After the computer's turn: what the person heard of it goes to their news, and their
    /// board is shown (or every board, at the end).
    fn after_computer(&mut self, color: Color) {
        let human = color.flip();
        let seen = self.computer_seen;
        let events = &self.game.events()[seen.min(self.game.events().len())..];
        let heard: Vec<_> = events
            .iter()
            .filter(|e| e.by == color)
            .flat_map(|e| crate::tsuitate::game::heard_by(&e.said, human))
            .collect();
        self.computer_seen = self.game.events().len();
        if !heard.is_empty() {
            self.news[crate::tsuitate::referee::index(human)] = heard;
        }
        self.save();
        self.stage = if self.game.referee().over().is_some() {
            Stage::Over
        } else {
            Stage::Open(human)
        };
    }
}
