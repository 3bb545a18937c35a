//! A seat at a tsuitate shogi table (PROTOCOL-SEAT.md section 11), without the network: the
//! seat's side of the lines ([`TsuitateSeatState`], which keeps the seat's
//! [`crate::tsuitate::SeatView`] from what it was told and did, and nothing else), a tsuitate bot
//! as a seat's player ([`ShogiBot`]: over a line channel, [`play_tsuitate_seat`]; at a local
//! table, [`bot_seat`]); a seat whose game the welcome decides is the registry's
//! ([`crate::games::play_any_seat`]).

use crate::seat::Hello;
use crate::seat::client::GameSeat;
use crate::seat::engine::SeatEnd;
use crate::seat::local;
use crate::seat::play::{SeatBot, play};
use crate::tsuitate::bots::TsuitateBot;
use crate::tsuitate::seam::Tsuitate;
use crate::tsuitate::wire::{FromSeat, WireRules, WireState};
use crate::tsuitate::{Over, SeatView};
use std::io::{self, BufRead, Write};
use std::ops::DerefMut;

pub use super::seam::HeardLine;

/// What a tsuitate seat knows: the one seat state every game has ([`GameSeat`]), holding its
/// colour and token, the public start and rules, its record, the public state, and the reveal
/// once the game is over.
pub type TsuitateSeatState = GameSeat<Tsuitate>;

impl GameSeat<Tsuitate> {
    /// The rules (public), once welcomed.
    pub fn rules(&self) -> Option<&WireRules> {
        self.told().map(|told| &told.rules)
    }

    /// The seat's record.
    pub fn record(&self) -> &[HeardLine] {
        self.told().map_or(&[], |told| &told.record)
    }

    /// The end, once the table said it.
    pub fn over(&self) -> Option<Over> {
        self.state.as_ref().and_then(WireState::over)
    }

    /// The seat's side of the screen, from its start and record alone: kept, and extended
    /// with the lines heard since it was last asked for.
    pub fn view(&mut self) -> Option<&SeatView> {
        let over = self.over();
        let color = self.seat()?;
        let view = self.cached_view(|told| {
            let mut view = SeatView::new(color, &told.start, &told.opening);
            for line in &told.record {
                super::seam::fold(&mut view, line);
            }
            view
        })?;
        view.over = over;
        Some(view)
    }
}

/// Plays `bot` at a tsuitate seat: the one seat loop ([`crate::seat::play::play`]) with
/// tsuitate's lines: an attempt (or, with no possible move left, after
/// [`crate::seat::play::MAX_REFUSALS`] refusals in a row or once `max_plies` plies were played,
/// a resignation) whenever the seat is to act, until the reveal or the end of input; `seated` is
/// told the seat and its token as soon as the welcome comes.
pub fn play_tsuitate_seat(
    bot: &mut dyn TsuitateBot,
    hello: Option<&Hello>,
    max_plies: Option<u32>,
    input: impl BufRead,
    output: impl Write,
    seated: &mut dyn FnMut(&str, &str),
) -> io::Result<(SeatEnd, TsuitateSeatState)> {
    let mut told = |state: &TsuitateSeatState| {
        if let (Some(seat), Some(token)) = (state.seat(), state.token()) {
            seated(crate::tsuitate::announce::color_name(seat), token);
        }
    };
    play(
        &mut ShogiBot(bot),
        hello,
        max_plies,
        input,
        output,
        &mut told,
    )
}

/// A tsuitate bot (held or borrowed) as the seat loop's player ([`SeatBot`]): an attempt
/// whenever the seat is to act, or a resignation.
pub struct ShogiBot<B>(pub B);

impl<'b, B: DerefMut<Target = dyn TsuitateBot + 'b>> SeatBot<TsuitateSeatState> for ShogiBot<B> {
    fn turn(&mut self, state: &mut TsuitateSeatState, give_up: bool) -> Option<String> {
        if !state.to_act() {
            return None;
        }
        let attempt = match state.view() {
            Some(view) if !give_up => self.0.next(view),
            _ => None,
        };
        Some(attempt.map_or(FromSeat::Resign, FromSeat::Try).line())
    }
}

/// One of our tsuitate bots at a seat of a local table ([`crate::seat::local`]).
pub type BotSeat = local::BotSeat<Tsuitate, ShogiBot<Box<dyn TsuitateBot>>>;

/// `bot` at a seat of a local table.
pub fn bot_seat(bot: Box<dyn TsuitateBot>) -> BotSeat {
    local::BotSeat::new(bot.name(), ShogiBot(bot))
}
