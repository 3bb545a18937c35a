//! A game at a table: the one shape the screens (and later the network) talk to. A table gives
//! each seat its view, takes requests with the time they were made, tells everyone the public
//! state (who is to move, the result, the clocks), and shows the truth only where the caller may
//! see it. [`GameSession`] is the local table; a remote table (another machine hosting the
//! referee) implements the same trait, so the screens need not know which one they sit at.

use crate::announce::Over;
use crate::clock::ClockReading;
use crate::log::Game;
use crate::referee::{Request, RequestError};
use crate::rules::RuleSet;
use crate::session::GameSession;
use crate::view::PlayerView;
use shakmaty::Color;
use std::time::Duration;

/// What everyone at the table knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Public {
    /// The side to move.
    pub to_move: Color,
    /// The result, once the game is over.
    pub over: Option<Over>,
    /// Both clocks, when the game is played on a clock.
    pub clock: Option<ClockReading>,
    /// Whose clock runs.
    pub clock_running: Option<Color>,
}

/// A game at a table.
pub trait Table {
    /// The rules (public).
    fn rules(&self) -> &RuleSet;

    /// What `seat` knows now.
    fn seat(&mut self, seat: Color) -> &PlayerView;

    /// Makes a request at `now` (a fallen flag is recorded first). On error nothing changed.
    fn submit(&mut self, request: Request, now: Duration) -> Result<(), RequestError>;

    /// The public state at `now`.
    fn public(&self, now: Duration) -> Public;

    /// The referee's game (the true position and the full log), where the caller may see it: a
    /// local table has it (the referee's board, the club console, study after the game); a
    /// remote seat does not.
    fn truth(&self) -> Option<&Game>;
}

impl Table for GameSession {
    fn rules(&self) -> &RuleSet {
        GameSession::rules(self)
    }

    fn seat(&mut self, seat: Color) -> &PlayerView {
        self.view(seat)
    }

    fn submit(&mut self, request: Request, now: Duration) -> Result<(), RequestError> {
        self.apply(request, now).map(|_| ())
    }

    fn public(&self, now: Duration) -> Public {
        Public {
            to_move: self.to_move(),
            over: self.game().referee().over(),
            clock: self.clock_reading(now),
            clock_running: self.clock_running(),
        }
    }

    fn truth(&self) -> Option<&Game> {
        Some(self.game())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attempt::Attempt;
    use crate::rules::Preset;
    use crate::save::Meta;
    use shakmaty::{Setup, Square};

    /// A player at a table plays through the trait alone.
    #[test]
    fn a_local_table_plays_through_the_trait() {
        let mut session = GameSession::new(
            Preset::Wild16.rules(),
            Setup::initial(),
            Meta::default(),
            None,
            None,
        )
        .expect("starts");
        let table: &mut dyn Table = &mut session;
        let e2e4 = Request::Try(Attempt::parse("e2e4").expect("uci"));
        table.submit(e2e4, Duration::ZERO).expect("legal");
        assert_eq!(table.public(Duration::ZERO).to_move, Color::Black);
        assert!(table.seat(Color::White).own.piece_at(Square::E4).is_some());
        assert!(table.seat(Color::Black).own.piece_at(Square::E4).is_none());
        let resign_twice = Request::Resign(Color::Black);
        table
            .submit(resign_twice.clone(), Duration::ZERO)
            .expect("accepted");
        assert!(table.public(Duration::ZERO).over.is_some());
        assert!(table.submit(resign_twice, Duration::ZERO).is_err());
        assert_eq!(table.truth().map(|g| g.log().events.len()), Some(2));
    }
}
