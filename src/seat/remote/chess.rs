//! The chess family's own parts of a remote seat ([`RemoteGame`] for [`Chess`]): the facts
//! filled in from the host's `state` and `board` lines as a local table fills in its own (a
//! running clock counted down from the state's arrival), each heard event told once as news
//! (the answer to the seat's request as [`News::Answered`]), the other seat's view the public
//! start only until the reveal, and the seat's markers.

use super::{Remote, RemoteGame};
use crate::announce::{Audience, Over, Said};
use crate::clock::Clock;
use crate::kind::GameKind;
use crate::log::{Event, Game, GameLog, Perception};
use crate::referee::{Request, RequestError, RequestRepr};
use crate::save::{Markers, Meta, Mode, SavedGame};
use crate::seat::client::GameSeat;
use crate::seat::game::Chess;
use crate::seat::trouble::status_line;
use crate::seat::wire::State;
use crate::table::{Facts, News};
use crate::view::PlayerView;
use shakmaty::{Color, Role, Square};
use std::time::Duration;

/// What a chess-family seat keeps of its own at a remote table.
pub struct ChessRemote {
    markers: Markers,
    /// The other seat's view: the public start only (this side knows nothing more of it).
    other: PlayerView,
    /// The record's index of the own event last told as an answer (not told again).
    answered: Option<usize>,
    /// The seat's record up to here has been handed to the screen.
    shown: usize,
}

impl RemoteGame for Chess {
    const KIND: GameKind = GameKind::Chess;
    type Own = ChessRemote;

    fn opponent_connected(state: &State) -> bool {
        state.opponent_connected
    }

    fn record(told: &Perception) -> &[crate::log::Perceived] {
        &told.events
    }

    fn own_line(heard: &crate::log::Perceived) -> bool {
        heard.request.is_some()
    }

    fn start(seat: &mut GameSeat<Chess>, _side: Color) -> Option<(ChessRemote, Facts)> {
        let perception = seat.perception()?;
        let other = PlayerView::from_perception(&Perception {
            color: !perception.color,
            opening: Vec::new(),
            events: Vec::new(),
            ..perception.clone()
        });
        let mut facts = Facts::new(perception.rules.clone(), Meta::default(), None);
        // The host keeps the offers until the next move: they lapse, they are not declined.
        facts.draw_declinable = false;
        let own = ChessRemote {
            markers: Markers::default(),
            other,
            answered: None,
            shown: seat.have(),
        };
        Some((own, facts))
    }

    fn request_line(request: &Request) -> Result<(String, bool), String> {
        serde_json::to_string(&RequestRepr::from(request.clone()))
            .map(|line| (line, true))
            .map_err(|e| e.to_string())
    }

    fn draw_offer(facts: &Facts) -> Option<Color> {
        facts.draw_offer
    }

    fn refuse(_own: &mut ChessRemote, remote: &mut Remote<Chess>, request: Request, why: String) {
        let error = RequestError::Table(why);
        remote.news.push(News::Refused { request, error });
    }

    fn answered(own: &mut ChessRemote, remote: &mut Remote<Chess>, index: usize) {
        own.answered = Some(index);
        // The lines before the answer are told first, in order.
        tell_upto(own, remote, Some(index));
    }

    /// Brings the facts up to date with what the host said; `now` is when its state arrived
    /// (a running clock counts down from there).
    fn heard(own: &mut ChessRemote, remote: &mut Remote<Chess>, now: Duration) {
        let color = remote.side;
        // The host keeps an offer until the other side's move: gone without the game ending,
        // this seat's offer was declined by playing on.
        if let Some(state) = &remote.seat.state
            && remote.facts.draw_offer == Some(color)
            && state.draw_offer.is_none()
            && state.over.is_none()
        {
            remote.news.push(News::DrawDeclined {
                by: !color,
                played_on: true,
            });
        }
        let f = &mut remote.facts;
        f.meta.white = remote.seat.names[1].clone();
        f.meta.black = remote.seat.names[0].clone();
        f.meta.mode = Mode::Network;
        f.meta.site = remote.address.clone();
        f.meta.event = "Network game".to_owned();
        if let Some(state) = &remote.seat.state {
            f.to_move = state.to_move;
            f.placing = state.placing;
            f.over = state.over.map(Over::from);
            f.draw_offer = state.draw_offer;
            f.opponent_present = state.opponent_connected;
            f.time_control = state.clock.map(|c| c.control);
            f.clock = state.clock.map(|c| {
                let mut clock = Clock::resumed(c.control, c.reading());
                if let (Some(running), None) = (c.running, f.over) {
                    clock.start(running, now);
                }
                clock
            });
        }
        f.whole_board = remote
            .seat
            .board
            .as_deref()
            .and_then(crate::setup::parse_fen)
            .map(|setup| setup.board);
        Chess::refresh(own, remote);
    }

    /// The cut-off, the trouble and the status line.
    fn refresh(_own: &mut ChessRemote, remote: &mut Remote<Chess>) {
        let color = remote.side;
        remote.facts.cut_off = remote.cut_off.clone();
        remote.facts.trouble = remote.trouble.clone();
        let seat = crate::wording::color_title(color);
        let other = crate::wording::color_title(!color);
        let meta = &remote.facts.meta;
        let name = (!color).fold_wb(&meta.white, &meta.black);
        let place = match &remote.hosting {
            Some(_) => None,
            None => Some(remote.address.as_str()),
        };
        remote.facts.status = Some(status_line(
            (seat, other, name.as_str()),
            place,
            remote.cut_off.is_some(),
            remote.opponent_connected(),
        ));
    }

    /// At the end the opponent's board is revealed too.
    fn reveal(own: &mut ChessRemote, log: &GameLog, side: Color) -> Option<Game> {
        own.other = PlayerView::build(log, !side);
        log.replay().ok()
    }

    /// Every event heard and not told yet, once no request waits.
    fn tell(own: &mut ChessRemote, remote: &mut Remote<Chess>, waiting: bool) {
        if !waiting {
            tell_upto(own, remote, None);
        }
    }

    fn view<'a>(
        own: &'a ChessRemote,
        remote: &'a mut Remote<Chess>,
        asked: Color,
    ) -> &'a PlayerView {
        if asked != remote.side {
            return &own.other;
        }
        match remote.seat.view() {
            Some(view) => view,
            None => &own.other,
        }
    }

    /// The markers are not kept: they were set by this seat's record, not the whole log.
    fn saved(_own: &ChessRemote, remote: &Remote<Chess>) -> Option<SavedGame> {
        let game = remote.revealed.as_ref()?;
        let facts = &remote.facts;
        Some(SavedGame::of(game, facts.meta.clone(), facts.time_control))
    }

    fn markers(own: &ChessRemote) -> Option<&Markers> {
        Some(&own.markers)
    }

    fn set_marker(
        own: &mut ChessRemote,
        remote: &Remote<Chess>,
        seat: Color,
        square: Square,
        piece: Option<Role>,
    ) {
        if seat == remote.side {
            let at = remote.seat.have();
            own.markers.set(seat, square, piece, at);
        }
    }
}

/// Tells the events heard since the last told one, up to and including `answer` (all of them
/// when `None`), the answer as [`News::Answered`].
fn tell_upto(own: &mut ChessRemote, remote: &mut Remote<Chess>, answer: Option<usize>) {
    let have = remote.seat.have();
    let end = answer.map_or(have, |i| (i + 1).min(have));
    let from = own.shown;
    for (k, event) in events_since(remote, from).into_iter().enumerate() {
        let i = from + k;
        if i >= end {
            break;
        }
        remote.news.push(if Some(i) == answer {
            News::Answered(event)
        } else if Some(i) == own.answered {
            continue;
        } else {
            News::Happened(event)
        });
    }
    own.shown = own.shown.max(end);
}

/// The events heard since `from` (the seat's record), as the screen shows them: `by` is this
/// seat for its own requests, else `None`; the request of an event this seat did not make is
/// unknown here (its items are all there is), so `Request::Draw` stands in for it.
fn events_since(remote: &Remote<Chess>, from: usize) -> Vec<Event> {
    let Some(seen) = remote.seat.perception() else {
        return Vec::new();
    };
    let color = remote.side;
    seen.events
        .iter()
        .skip(from)
        .map(|p| Event {
            by: p.request.as_ref().map(|_| color),
            request: p.request.clone().unwrap_or(Request::Draw),
            said: p
                .heard
                .iter()
                .map(|&item| Said {
                    to: Audience::Only(color),
                    item,
                })
                .collect(),
            turn_ends: p.turn_ends,
            clock: None,
        })
        .collect()
}
