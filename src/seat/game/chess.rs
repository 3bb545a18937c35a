//! The chess family as a [`Game`]: the referee ([`crate::referee`]), a seat's
//! [`Perception`] and [`crate::view::PlayerView`], the save ([`SavedGame`]) and the seat protocol's chess
//! lines ([`crate::seat::wire`]), over a [`GameSession`] (the clock, the names, the autosave).

use super::{Applied, Game, Public, SeatLine, TableLine};
use crate::announce::Said;
use crate::log::{GameLog, Perceived, Perception};
use crate::referee::{Referee, Request, RequestError};
use crate::rules::RuleSet;
use crate::save::SavedGame;
use crate::seat::client::{GameSeat, SeatError};
use crate::seat::wire::{ClockWire, FromSeat, OverWire, State, ToSeat};
use crate::session::GameSession;
use shakmaty::Color;
use std::time::Duration;

pub use crate::table::Chess;

impl Game for Chess {
    const FAMILY: &'static str = "chess";
    const DRAW: Request = Request::Draw;

    type Rules = RuleSet;
    type Item = crate::announce::Item;
    type Said = Said;
    type Truth = Referee;
    type Refusal = RequestError;
    type ToSeat = ToSeat;
    type FromSeat = FromSeat;
    type Heard = Perceived;
    type Told = Perception;
    type State = State;
    type Board = String;
    type Reveal = GameLog;
    type Session = GameSession;

    fn transition(truth: &mut Referee, request: &Request) -> Result<Vec<Said>, RequestError> {
        truth.apply(request).map(|said| said.to_vec())
    }

    fn heard_by(said: &[Said], side: Color) -> Vec<Self::Item> {
        crate::announce::heard_by(said, side).collect()
    }

    fn save(session: &GameSession) -> SavedGame {
        session.saved()
    }

    fn slot(side: Color) -> Color {
        side
    }

    fn side(slot: Color) -> Color {
        slot
    }

    fn table_line(message: ToSeat, _line: &str) -> Result<TableLine<Chess>, SeatError> {
        Ok(match message {
            ToSeat::Welcome {
                seat,
                token,
                rules,
                start,
                unseen,
                white,
                black,
                opening,
                ..
            } => TableLine::Welcome {
                seat,
                token,
                told: Perception {
                    color: seat,
                    rules,
                    start,
                    unseen: unseen.map(|[p, n, b, r, q, k]| shakmaty::ByRole {
                        pawn: p,
                        knight: n,
                        bishop: b,
                        rook: r,
                        queen: q,
                        king: k,
                    }),
                    opening,
                    events: Vec::new(),
                },
                names: [black, white],
            },
            ToSeat::Heard {
                n,
                request,
                items: heard,
                turn_ends,
            } => TableLine::Heard {
                n,
                heard: Perceived {
                    request,
                    heard,
                    turn_ends,
                },
            },
            ToSeat::State(state) => TableLine::State(state),
            ToSeat::Board { fen } => TableLine::Board(fen),
            ToSeat::Error { error } => TableLine::Error(error),
            ToSeat::Reveal { log } => TableLine::Reveal(log),
        })
    }

    fn record_len(told: &Perception) -> usize {
        told.events.len()
    }

    fn hear(told: &mut Perception, heard: Perceived) {
        told.events.push(heard);
    }

    fn state_n(state: &State) -> usize {
        state.n
    }

    fn opponent_name(state: &mut State) -> &mut String {
        &mut state.opponent_name
    }

    fn acting(state: &State) -> Option<Color> {
        state
            .over
            .is_none()
            .then(|| state.placing.unwrap_or(state.to_move))
    }

    fn plies(seat: &mut GameSeat<Chess>) -> Option<u32> {
        seat.view().map(crate::seat::engine::plies_played)
    }

    fn read(line: &str, seat: Color) -> Result<SeatLine<Request>, String> {
        FromSeat::parse(line, seat)
            .map(|line| match line {
                FromSeat::Hello(_) => SeatLine::Hello,
                FromSeat::OfferDraw => SeatLine::OfferDraw,
                FromSeat::AcceptDraw => SeatLine::AcceptDraw,
                FromSeat::Request(request) => SeatLine::Request(request),
            })
            .map_err(|e| e.to_string())
    }

    fn actor(session: &GameSession, request: &Request) -> Option<Color> {
        request.actor(session.to_move())
    }

    fn not_your_turn(request: &Request) -> String {
        format!("it is not your turn to \"{}\"", request.name())
    }

    fn apply(
        session: &mut GameSession,
        request: Request,
        now: Duration,
    ) -> Result<Applied<Color>, String> {
        session
            .apply(request, now)
            .map(|event| Applied {
                turn_ends: event.turn_ends,
                by: event.by,
            })
            .map_err(|e| e.to_string())
    }

    fn over(session: &GameSession) -> bool {
        session.over().is_some()
    }

    fn to_act(session: &GameSession) -> Option<Color> {
        session
            .over()
            .is_none()
            .then(|| session.placing().unwrap_or(session.to_move()))
    }

    fn over_title(session: &GameSession) -> Option<String> {
        session.over().map(|over| over.title())
    }

    fn events(session: &GameSession) -> usize {
        session.game().log().events.len()
    }

    fn perceived(session: &GameSession, index: usize, side: Color) -> Option<Perceived> {
        session.game().log().perceived_event(index, side)
    }

    fn name_mut(session: &mut GameSession, side: Color) -> &mut String {
        let meta = session.meta_mut();
        side.fold_wb(&mut meta.white, &mut meta.black)
    }

    fn names_changed(session: &mut GameSession) {
        session.save_now();
    }

    fn meta_mut(session: &mut GameSession) -> &mut crate::save::Meta {
        session.meta_mut()
    }

    fn autosave_error(session: &GameSession) -> Option<String> {
        session.autosave_error.clone()
    }

    fn both_seated(session: &mut GameSession, now: Duration) {
        session.start_clock(now);
    }

    fn tick(session: &mut GameSession, now: Duration) -> bool {
        session.over().is_none() && session.check_time(now).is_some()
    }

    fn welcome(session: &GameSession, seat: Color, token: &str) -> String {
        let log = session.game().log();
        // The start as the seat was told it (only its own pieces after a hidden start).
        let seen = log.perceived_by_upto(seat, 0);
        ToSeat::Welcome {
            version: crate::seat::VERSION,
            seat,
            token: token.to_owned(),
            rules: log.rules.clone(),
            start: seen.start,
            unseen: seen.unseen.map(crate::seat::wire::unseen_counts),
            white: session.meta().white.clone(),
            black: session.meta().black.clone(),
            opening: crate::announce::heard_by(&log.opening, seat).collect(),
        }
        .line()
    }

    fn heard_line(n: usize, heard: &Perceived) -> String {
        ToSeat::Heard {
            n,
            request: heard.request.clone(),
            items: heard.heard.clone(),
            turn_ends: heard.turn_ends,
        }
        .line()
    }

    /// The true board, to the sighted seat of a handicap game.
    fn private_lines(session: &GameSession, seat: Color, changed: bool) -> Option<String> {
        let sighted = session.rules().variant().seeing_side() == Some(seat);
        (sighted && changed).then(|| {
            let fen = session.game().referee().fen();
            ToSeat::Board { fen }.line()
        })
    }

    fn state_line(
        session: &GameSession,
        seat: Color,
        public: Public<Color>,
        now: Duration,
    ) -> String {
        let facts = session.facts();
        let clock = facts.time_control.and_then(|control| {
            facts.clock_reading(now).map(|r| ClockWire {
                white_ms: r.white_ms,
                black_ms: r.black_ms,
                running: facts.clock_running(),
                control,
            })
        });
        ToSeat::State(State {
            n: public.n,
            to_move: session.to_move(),
            placing: session.placing(),
            clock,
            over: session.over().map(OverWire::from),
            opponent_connected: public.opponent_connected,
            draw_offer: public.draw_offer,
            opponent_name: (!seat)
                .fold_wb(&session.meta().white, &session.meta().black)
                .clone(),
        })
        .line()
    }

    fn reveal_line(session: &GameSession) -> String {
        let log = Box::new(session.game().log().clone());
        ToSeat::Reveal { log }.line()
    }
}
