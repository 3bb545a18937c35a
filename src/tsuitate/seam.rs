//! Tsuitate shogi as a [`Game`]: the umpire ([`Referee`]), a seat's [`SeatView`], the save
//! ([`TsuitateSave`]) and tsuitate's seat lines ([`super::wire`]), over a [`TsuitateSession`]
//! (the game, its names and its journal autosave). The table, the seat and the replay are the
//! ones every game has ([`crate::seat::host::GameHost`], [`crate::seat::client::GameSeat`],
//! [`crate::replay::step::Replay`]).

use super::announce::{Item, Over, Said, color_from_name, color_name};
use super::facts::{Sitting, TsuitateFacts};
use super::game::{Request, TsuitateGame, heard_by};
use super::referee::{Referee, TsuitateError};
use super::rules::TsuitateRules;
use super::save::{GameAutosave, SavedRequest, TsuitateSave};
use super::seat::SeatView;
use super::wire::{FromSeat, ToSeat, WireRules, WireState};
use crate::replay::step::Recorded;
use crate::save::Meta;
use crate::seat::client::{GameSeat, SeatError, malformed};
use crate::seat::game::{Applied, Game, Public, SeatLine, TableLine};
use shogi_core::{Color, PartialPosition};
use shogi_usi_parser::FromUsi;
use std::path::PathBuf;
use std::time::Duration;

/// Tsuitate shogi.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tsuitate;

/// One line of a seat's record, as the table builds it and the seat holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct HeardLine {
    /// The seat's own request, when it made it.
    pub request: Option<SavedRequest>,
    /// What it heard.
    pub items: Vec<Item>,
    /// Whether a legal move ended the turn.
    pub turn_ends: bool,
}

/// Takes one record line into a seat's view: its own attempt with what it heard, or what it
/// heard of the opponent's.
pub(super) fn fold(view: &mut SeatView, line: &HeardLine) {
    let color = view.color;
    match &line.request {
        Some(SavedRequest::Try { usi }) => view.update(color, usi, &line.items, None),
        Some(_) => view.heard.extend_from_slice(&line.items),
        None => view.update(color.flip(), "", &line.items, None),
    }
}

/// What a tsuitate seat was told: the welcome's public facts and its record.
#[derive(Clone, Debug, PartialEq)]
pub struct Told {
    /// The rules (public).
    pub rules: WireRules,
    /// The agreed start (public).
    pub start: PartialPosition,
    /// What the seat heard at the start.
    pub opening: Vec<Item>,
    /// Its record, line by line.
    pub record: Vec<HeardLine>,
}

/// The true game as a tsuitate table keeps it: the game, its names and its autosave.
pub struct TsuitateSession {
    /// The game (the true position: the table's alone).
    pub game: TsuitateGame,
    /// Who plays, when and where.
    pub meta: Meta,
    /// The autosave: a snapshot, then one journal line per event ([`GameAutosave`]).
    autosave: Option<GameAutosave>,
    /// The public facts, as the screens' table gives them ([`super::facts`]).
    pub(super) facts: TsuitateFacts,
    /// The screens' table's own state: news not yet polled, a standing draw offer.
    pub(super) sitting: Sitting,
}

impl TsuitateSession {
    /// `game` with `meta`, autosaved to `autosave` (a snapshot is written at once).
    pub fn new(game: TsuitateGame, meta: Meta, autosave: Option<PathBuf>) -> TsuitateSession {
        let facts = TsuitateFacts::new(
            game.referee().rules(),
            [meta.black.clone(), meta.white.clone()],
        );
        let mut session = TsuitateSession {
            game,
            meta,
            autosave: autosave.map(GameAutosave::new),
            facts,
            sitting: Sitting::default(),
        };
        session.save();
        session.refresh();
        session
    }

    /// Where the game is autosaved.
    pub fn autosave_path(&self) -> Option<&std::path::Path> {
        self.autosave.as_ref().map(GameAutosave::path)
    }

    /// Writes the whole game to the autosave (a snapshot) and starts a fresh journal.
    fn save(&mut self) {
        if let Some(autosave) = &mut self.autosave {
            autosave.snapshot(&self.game, &self.meta);
        }
    }

    /// The autosave's journal lines since its last snapshot.
    pub fn journaled(&self) -> usize {
        self.autosave.as_ref().map_or(0, GameAutosave::journaled)
    }
}

fn items_of(values: &[serde_json::Value], line: &str) -> Result<Vec<Item>, SeatError> {
    values
        .iter()
        .map(|v| Item::from_json(v).ok_or_else(|| malformed("not a tsuitate item", line)))
        .collect()
}

impl Game for Tsuitate {
    const FAMILY: &'static str = super::wire::FAMILY;
    /// A tsuitate event in the reveal names the side, the move and each item with its hearers.
    const REVEAL_PER_REQUEST: usize = 512;
    const DRAW: Request = Request::Draw;

    type Rules = TsuitateRules;
    type Item = Item;
    type Said = Said;
    type Truth = Referee;
    type Refusal = TsuitateError;
    type ToSeat = ToSeat;
    type FromSeat = FromSeat;
    type Heard = HeardLine;
    type Told = Told;
    type State = WireState;
    type Board = std::convert::Infallible;
    type Reveal = TsuitateSave;
    type Session = TsuitateSession;

    fn transition(truth: &mut Referee, request: &Request) -> Result<Vec<Said>, TsuitateError> {
        super::game::judge(truth, request)
    }

    fn heard_by(said: &[Said], side: Color) -> Vec<Item> {
        heard_by(said, side)
    }

    fn save(session: &TsuitateSession) -> TsuitateSave {
        TsuitateSave::of(&session.game, session.meta.clone())
    }

    /// Sente (`"black"`) is the door's Black, gote its White.
    fn slot(side: Color) -> shakmaty::Color {
        match side {
            Color::Black => shakmaty::Color::Black,
            Color::White => shakmaty::Color::White,
        }
    }

    fn side(slot: shakmaty::Color) -> Color {
        slot.fold_wb(Color::White, Color::Black)
    }

    fn table_line(message: ToSeat, line: &str) -> Result<TableLine<Tsuitate>, SeatError> {
        Ok(match message {
            ToSeat::Welcome {
                seat,
                token,
                rules,
                start: sfen,
                white,
                black,
                opening,
                ..
            } => TableLine::Welcome {
                seat: color_from_name(&seat).ok_or_else(|| malformed("no seat", line))?,
                token,
                told: Told {
                    rules,
                    start: PartialPosition::from_usi(&format!("sfen {sfen}"))
                        .map_err(|_| malformed("the start is not a SFEN", line))?,
                    opening: items_of(&opening, line)?,
                    record: Vec::new(),
                },
                names: [black, white],
            },
            ToSeat::Heard {
                n,
                request,
                items: values,
                turn_ends,
            } => TableLine::Heard {
                n,
                heard: HeardLine {
                    request,
                    items: items_of(&values, line)?,
                    turn_ends,
                },
            },
            ToSeat::State(state) => TableLine::State(state),
            ToSeat::Error { error } => TableLine::Error(error),
            ToSeat::Reveal { log } => TableLine::Reveal(log),
        })
    }

    fn record_len(told: &Told) -> usize {
        told.record.len()
    }

    fn hear(told: &mut Told, heard: HeardLine) {
        told.record.push(heard);
    }

    fn extend_view(view: &mut SeatView, told: &Told, from: usize) -> bool {
        let Some(lines) = told.record.get(from..) else {
            return false;
        };
        for line in lines {
            fold(view, line);
        }
        true
    }

    fn state_n(state: &WireState) -> usize {
        state.n
    }

    fn opponent_name(state: &mut WireState) -> &mut String {
        &mut state.opponent_name
    }

    fn acting(state: &WireState) -> Option<Color> {
        state
            .over
            .is_none()
            .then(|| color_from_name(&state.to_move))
            .flatten()
    }

    /// The legal moves the seat heard (its own and the opponent's).
    fn plies(seat: &mut GameSeat<Tsuitate>) -> Option<u32> {
        let record = &seat.told()?.record;
        let legal = record.iter().filter(|line| line.turn_ends).count();
        Some(u32::try_from(legal).unwrap_or(u32::MAX))
    }

    fn read(line: &str, _seat: Color) -> Result<SeatLine<Request>, String> {
        FromSeat::parse(line)
            .map(|line| match line {
                FromSeat::Hello(_) => SeatLine::Hello,
                FromSeat::OfferDraw => SeatLine::OfferDraw,
                FromSeat::AcceptDraw => SeatLine::AcceptDraw,
                FromSeat::Try(usi) => SeatLine::Request(Request::Try(usi)),
                FromSeat::Resign => SeatLine::Request(Request::Resign),
            })
            .map_err(|e| e.to_string())
    }

    fn actor(session: &TsuitateSession, _request: &Request) -> Option<Color> {
        Some(session.game.referee().to_move())
    }

    fn not_your_turn(request: &Request) -> String {
        match request {
            Request::Resign => {
                "it is not your turn to \"resign\" (a tsuitate seat resigns on its turn)"
            }
            _ => "it is not your turn to \"try\"",
        }
        .to_owned()
    }

    fn apply(
        session: &mut TsuitateSession,
        request: Request,
        _now: Duration,
    ) -> Result<Applied<Color>, String> {
        let applied = match session.game.apply(request) {
            Err(e) => return Err(e.to_string()),
            Ok(event) => Applied {
                turn_ends: event.said.iter().any(|s| s.item == Item::Legal),
                by: Some(event.by),
            },
        };
        if let Some(autosave) = &mut session.autosave {
            autosave.event(&session.game, &session.meta);
        }
        Ok(applied)
    }

    fn over(session: &TsuitateSession) -> bool {
        session.game.referee().over().is_some()
    }

    fn to_act(session: &TsuitateSession) -> Option<Color> {
        let referee = session.game.referee();
        referee.over().is_none().then(|| referee.to_move())
    }

    fn over_title(session: &TsuitateSession) -> Option<String> {
        session.game.referee().over().map(|o| o.title())
    }

    fn events(session: &TsuitateSession) -> usize {
        session.game.events().len()
    }

    fn perceived(session: &TsuitateSession, index: usize, seat: Color) -> Option<HeardLine> {
        perceived(&session.game, index, seat)
    }

    fn name_mut(session: &mut TsuitateSession, side: Color) -> &mut String {
        match side {
            Color::Black => &mut session.meta.black,
            Color::White => &mut session.meta.white,
        }
    }

    fn names_changed(session: &mut TsuitateSession) {
        session.save();
    }

    fn meta_mut(session: &mut TsuitateSession) -> &mut Meta {
        &mut session.meta
    }

    fn autosave_error(session: &TsuitateSession) -> Option<String> {
        session
            .autosave
            .as_ref()
            .and_then(|a| a.error().map(str::to_owned))
    }

    fn welcome(session: &TsuitateSession, seat: Color, token: &str) -> String {
        let referee = session.game.referee();
        let meta = &session.meta;
        ToSeat::welcome(
            seat,
            token,
            referee.rules(),
            referee.start().to_sfen_owned(),
            [&meta.black, &meta.white],
            &heard_by(session.game.opening(), seat),
        )
        .line()
    }

    fn heard_line(n: usize, heard: &HeardLine) -> String {
        ToSeat::Heard {
            n,
            request: heard.request.clone(),
            items: heard.items.iter().map(|item| item.to_json()).collect(),
            turn_ends: heard.turn_ends,
        }
        .line()
    }

    fn state_line(
        session: &TsuitateSession,
        seat: Color,
        public: Public<Color>,
        _now: Duration,
    ) -> String {
        let referee = session.game.referee();
        ToSeat::State(WireState {
            n: public.n,
            to_move: color_name(referee.to_move()).to_owned(),
            over: referee.over().map(|o| o.to_json()),
            opponent_connected: public.opponent_connected,
            draw_offer: public.draw_offer.map(|c| color_name(c).to_owned()),
            opponent_name: Tsuitate::name(session, seat.flip()),
        })
        .line()
    }

    fn reveal_line(session: &TsuitateSession) -> String {
        let log = Box::new(Tsuitate::save(session));
        ToSeat::Reveal { log }.line()
    }
}

impl Tsuitate {
    fn name(session: &TsuitateSession, side: Color) -> String {
        match side {
            Color::Black => session.meta.black.clone(),
            Color::White => session.meta.white.clone(),
        }
    }
}

/// Event `index` of `game` as `seat` perceived it (`None`: it heard nothing of it): its own
/// request, never the opponent's, and what it heard.
pub(super) fn perceived(game: &TsuitateGame, index: usize, seat: Color) -> Option<HeardLine> {
    let event = game.events().get(index)?;
    let items = heard_by(&event.said, seat);
    let own = event.by == seat;
    (own || !items.is_empty()).then(|| HeardLine {
        request: own.then(|| SavedRequest::from(&event.request)),
        turn_ends: items.contains(&Item::Legal),
        items,
    })
}

/// `seat`'s side of the screen rebuilt from what it was told alone (its start and record) and
/// the public end (`over`): a seat at a table and a replay build it so.
pub fn seat_view(seat: Color, told: &Told, over: Option<Over>) -> SeatView {
    let mut view = SeatView::new(seat, &told.start, &told.opening);
    for line in &told.record {
        fold(&mut view, line);
    }
    view.over = over;
    view
}

/// A tsuitate save replayed: the record is the game (the umpire and every request); a seat's
/// view is rebuilt from its perceived lines as its seat at a table would ([`seat_view`]).
impl Recorded for Tsuitate {
    type Record = TsuitateGame;
    type Position = TsuitateGame;

    fn events_in(game: &TsuitateGame) -> usize {
        game.events().len()
    }

    /// After each legal move, and after the requests of the turn under way at the end.
    fn turn_ends(game: &TsuitateGame) -> Vec<usize> {
        let events = game.events();
        let mut ends: Vec<usize> = events
            .iter()
            .enumerate()
            .filter(|(_, e)| e.said.iter().any(|s| s.item == Item::Legal))
            .map(|(i, _)| i + 1)
            .collect();
        if ends.last().copied().unwrap_or(0) < events.len() {
            ends.push(events.len());
        }
        ends
    }

    fn truth_at(game: &TsuitateGame, n: usize) -> Option<TsuitateGame> {
        Some(game.at(n))
    }

    /// The recorded requests from `from` on, applied again: they were all accepted once from
    /// the same start.
    fn truth_forward(
        game: &TsuitateGame,
        position: &mut TsuitateGame,
        from: usize,
        to: usize,
    ) -> bool {
        let events = game.events();
        if position.events().len() != from || to > events.len() {
            return false;
        }
        events[from..to]
            .iter()
            .all(|event| position.apply(event.request.clone()).is_ok())
    }

    fn told_at(game: &TsuitateGame, seat: Color, n: usize) -> Told {
        let referee = game.referee();
        Told {
            rules: referee.rules().into(),
            start: referee.start().clone(),
            opening: heard_by(game.opening(), seat),
            record: (0..n.min(game.events().len()))
                .filter_map(|i| perceived(game, i, seat))
                .collect(),
        }
    }

    /// The end is public (the umpire announces it to both): a recorded game ends at its last
    /// event, if at all.
    fn view_at(game: &TsuitateGame, seat: Color, n: usize) -> SeatView {
        let over = (n >= game.events().len())
            .then(|| game.referee().over())
            .flatten();
        seat_view(seat, &Tsuitate::told_at(game, seat, n), over)
    }
}
