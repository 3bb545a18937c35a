//! The game screen's state changes: the `Intent`s collected while drawing, and how each one
//! is applied after the frame (requests to the referee, the curtain after a turn, the computer's
//! turns in practice).

use super::{Brush, Confirm, Curtain, MessageKind, PlayMode, PlayScreen, club};
use crate::announce::Item;
use crate::attempt::Attempt;
use crate::referee::Request;
use crate::wording::{color_title, say};
use shakmaty::{Bitboard, Color, Role, Square};
use std::time::Duration;

/// A change requested while drawing, applied after the frame is drawn.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Intent {
    OpenBoard(Color),
    CloseBoard,
    Select(Option<Square>),
    /// A unit of the own Crazyhouse pocket picked up (or put back) for a click-click drop.
    SelectPocket(Option<Role>),
    Attempt(Attempt),
    AskPromotion(Attempt),
    Typed,
    Ask(Request),
    Marker(Square, Option<Role>),
    Brush(Option<Brush>),
    OfferDraw,
    AnswerDraw(bool),
    Confirm(Option<Confirm>),
    PauseClock,
    ResumeClock,
    Club(club::Command),
    Undo,
    ToggleOpen(Square),
    OpenChosen,
    SkipOpening,
}

impl Intent {
    /// An action that makes the last message stale: an attempt, a typed line, a question, a
    /// command. Picking up a piece or placing a marker keeps it (the player is still reading).
    fn clears_message(&self) -> bool {
        matches!(
            self,
            Intent::Attempt(_)
                | Intent::Typed
                | Intent::Ask(_)
                | Intent::OfferDraw
                | Intent::AnswerDraw(_)
                | Intent::PauseClock
                | Intent::ResumeClock
                | Intent::Club(_)
                | Intent::Undo
                | Intent::OpenChosen
                | Intent::SkipOpening
        )
    }
}

impl PlayScreen {
    /// Carries out one change requested while drawing. An action first clears the last message,
    /// so what is shown is always about the latest action.
    pub(super) fn apply(&mut self, intent: Intent, now: Duration) {
        if intent.clears_message() {
            self.message = None;
        }
        match intent {
            Intent::OpenBoard(c) => {
                self.curtain = Curtain::Open(c);
                self.selected = None;
                self.message = None;
                if !self.clock_started {
                    self.session.start_clock(now);
                    self.clock_started = true;
                }
            }
            Intent::CloseBoard => {
                self.curtain = Curtain::Up {
                    next: self.session.to_act(),
                };
                self.brush = None;
            }
            Intent::Select(sq) => {
                self.selected = sq;
                self.pocket = None;
                self.promotion = None;
            }
            Intent::SelectPocket(role) => {
                self.pocket = role;
                self.selected = None;
                self.promotion = None;
            }
            Intent::AskPromotion(a) => self.promotion = Some(a),
            Intent::Attempt(a) => {
                self.promotion = None;
                self.selected = None;
                self.pocket = None;
                let request = self.attempt_request(a);
                self.request(request, now);
            }
            Intent::ToggleOpen(sq) => {
                if let Some((_, chosen)) = &mut self.opening {
                    let wanted = usize::from(self.session.rules().variant().squares_to_open());
                    if chosen.contains(sq) {
                        chosen.discard(sq);
                    } else if chosen.count() < wanted {
                        chosen.add(sq);
                    }
                }
            }
            Intent::OpenChosen => {
                if let Some((_, chosen)) = self.opening {
                    self.request(Request::Open(chosen), now);
                }
            }
            Intent::SkipOpening => {
                self.opening = None;
                self.after_turn();
            }
            Intent::Typed => self.typed(now),
            Intent::Ask(r) => self.request(r, now),
            Intent::Marker(sq, piece) => {
                if let Some(c) = self.marker_owner() {
                    self.session.set_marker(c, sq, piece);
                }
            }
            Intent::Brush(b) => {
                self.brush = b;
                // Taking a brush puts a picked-up piece down: the next clicks mark.
                if b.is_some() {
                    self.selected = None;
                }
            }
            Intent::OfferDraw | Intent::AnswerDraw(true)
                if matches!(self.mode, PlayMode::Remote(_)) =>
            {
                // The table keeps a network game's offers: offering, or taking the opponent's.
                match self.session.offer_draw() {
                    Some(Ok(())) => self.tell(MessageKind::Success, "Sent to the table."),
                    Some(Err(e)) => self.tell(MessageKind::Error, e),
                    None => {}
                }
            }
            Intent::AnswerDraw(false) if matches!(self.mode, PlayMode::Remote(_)) => {
                self.tell(
                    MessageKind::Info,
                    "Play on: the offer lapses with your move.",
                );
            }
            Intent::OfferDraw => {
                self.draw_offer = Some(self.session.to_move());
                self.tell(
                    MessageKind::Success,
                    "Draw offered; your opponent will be asked.",
                );
            }
            Intent::AnswerDraw(yes) => {
                self.draw_offer = None;
                if yes {
                    self.request(Request::Draw, now);
                }
            }
            Intent::Confirm(c) => self.confirm = c,
            Intent::PauseClock => self.session.pause_clock(now),
            Intent::ResumeClock => {
                self.session.start_clock(now);
                self.clock_started = true;
            }
            Intent::Club(command) => self.club_command(command, now),
            Intent::Undo => {
                if let Some(removed) = self.session.undo("undo", now) {
                    let what = crate::replay::request_text(&removed.request);
                    self.tell(MessageKind::Success, format!("Took back: {what}"));
                    // To whom: the squares of an attempt only to the player who made it.
                    self.say_this = crate::wording::say_correction(
                        removed.by,
                        &removed.request,
                        &removed.said,
                        removed.turn_ends,
                        self.session.to_move(),
                    );
                } else {
                    self.tell(MessageKind::Error, "Nothing to take back.");
                }
                self.focus_input = true;
            }
        }
    }

    /// Whose markers the screen edits: the open board's player (in club referee mode the players
    /// keep their guesses on their own physical boards).
    pub(super) fn marker_owner(&self) -> Option<Color> {
        match (self.mode, self.curtain) {
            (PlayMode::HotSeat, Curtain::Open(c)) => Some(c),
            (PlayMode::Practice(human) | PlayMode::Remote(human), _) => Some(human),
            _ => None,
        }
    }

    /// Sends `request` to the referee and shows (and, in club mode, says) the answer; passes the
    /// turn when it ends.
    pub(super) fn request(&mut self, request: Request, now: Duration) {
        let mover = self.session.to_move();
        if self.mode == PlayMode::Referee {
            self.focus_input = true;
        }
        match self.session.apply(request.clone(), now) {
            Ok(event) => {
                self.clear_markers_under_own(mover);
                self.say_this = crate::wording::say_to(
                    &event.said,
                    self.session.rules().wording,
                    event.by.unwrap_or(mover),
                );
                let heard: Vec<Item> = crate::announce::heard_by(&event.said, mover).collect();
                let words = say(&heard, self.session.rules().wording, mover);
                let text = match &request {
                    Request::Try(a) | Request::Move(a) => format!("{a}: {words}"),
                    Request::Open(_) => {
                        let opener = !self.session.to_move();
                        let heard: Vec<Item> =
                            crate::announce::heard_by(&event.said, opener).collect();
                        say(&heard, self.session.rules().wording, opener)
                    }
                    _ => words,
                };
                // What the referee said is news, never an error (a refused attempt included).
                self.tell(MessageKind::Info, text);
                if self.draw_offer == Some(!mover) && event.turn_ends {
                    self.draw_offer = None; // an offer lapses when not taken
                }
                let to_open = self.session.rules().variant().squares_to_open();
                let modern = to_open > 0;
                let placed_for_other = matches!(
                    request,
                    Request::Place { color, .. } if color != self.session.to_act()
                );
                if matches!(request, Request::Open(_)) || placed_for_other {
                    // A Semi-Kriegspiel placement by the second mover hands the board on like
                    // a finished turn.
                    self.opening = None;
                    self.after_turn();
                } else if event.turn_ends
                    && modern
                    && !self.revealed()
                    && self.mode == PlayMode::HotSeat
                {
                    // Modern Kriegspiel: the mover names squares to open before the turn passes.
                    self.opening = Some((mover, Bitboard::EMPTY));
                } else if event.turn_ends {
                    if modern && !self.revealed() {
                        self.say_this.push((
                            "Then".to_owned(),
                            format!(
                                "{} may name {} squares to open: type open a1 b2 …",
                                color_title(mover),
                                to_open
                            ),
                        ));
                    }
                    self.after_turn();
                }
            }
            Err(e) => self.tell(MessageKind::Error, e.to_string()),
        }
    }

    /// A guess is gone once one of the player's own pieces stands on its square (the piece moved
    /// there, or took what was there).
    fn clear_markers_under_own(&mut self, color: Color) {
        let own = self.session.view(color).own.by_color(color);
        let under: Vec<Square> = self
            .session
            .markers()
            .current(color)
            .keys()
            .copied()
            .filter(|sq| own.contains(*sq))
            .collect();
        for sq in under {
            self.session.set_marker(color, sq, None);
        }
    }

    /// An attempt as the rules' request: a Kriegspiel try or an RBC move.
    pub(super) fn attempt_request(&self, a: Attempt) -> Request {
        self.session.rules().variant().attempt(a)
    }

    /// The turn has passed: in hot-seat play the curtain comes down at once, so the next frame
    /// shows no board.
    fn after_turn(&mut self) {
        if self.mode == PlayMode::HotSeat && !self.revealed() {
            self.curtain = Curtain::Up {
                next: self.session.to_act(),
            };
            self.message = None;
            self.brush = None;
            self.hover = None;
            // The next player opens the board with the keys free for shortcuts.
            self.focus_input = false;
            self.select_input = false;
        }
    }

    /// Practice: the computer plays while it is its turn (each attempt through the referee,
    /// exactly as a player's), from its own knowledge only.
    pub(super) fn computer_turn(&mut self, now: Duration) {
        let PlayMode::Practice(human) = self.mode else {
            return;
        };
        // A turn never needs more attempts than there are king steps and rook moves.
        let mut last: Option<crate::log::Event> = None;
        for _ in 0..64 {
            let request = if let Some(rx) = &self.thinking {
                // A bot that thinks long answers from its worker thread.
                match rx.try_recv() {
                    Ok((bot, request)) => {
                        self.bot = Some(bot);
                        self.thinking = None;
                        request
                    }
                    Err(std::sync::mpsc::TryRecvError::Empty) => return,
                    Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                        self.thinking = None;
                        self.tell(MessageKind::Error, "The computer stopped playing.");
                        return;
                    }
                }
            } else {
                if self.revealed() || self.session.to_act() == human {
                    if let Some(last) = last {
                        // What the person heard of the computer's last attempt.
                        let heard: Vec<Item> =
                            crate::announce::heard_by(&last.said, human).collect();
                        let words = say(&heard, self.session.rules().wording, !human);
                        self.tell(MessageKind::Info, format!("The computer played. {words}"));
                    }
                    return;
                }
                // The bot sees its own seat's view, nothing else; a sighted computer first places
                // its king and queen (Semi-Kriegspiel) where the referee allows.
                let seat = self.session.view(!human).clone();
                let slow = self
                    .session
                    .meta()
                    .computer
                    .is_some_and(|c| c.bot.thinks_long());
                match self.session.placing() {
                    Some(color) => self.computer_placement(color),
                    None if slow => {
                        // Off the window's thread: the clock runs and the window stays live.
                        if let Some(mut bot) = self.bot.take() {
                            let (tx, rx) = std::sync::mpsc::channel();
                            std::thread::spawn(move || {
                                let request = bot.next(&seat);
                                let _ = tx.send((bot, request));
                            });
                            self.thinking = Some(rx);
                            return;
                        }
                        None
                    }
                    None => self.bot.as_mut().and_then(|bot| bot.next(&seat)),
                }
            };
            let Some(request) = request else {
                self.tell(
                    MessageKind::Error,
                    "The computer cannot play this position.",
                );
                return;
            };
            match self.session.apply(request, now) {
                Ok(event) => last = Some(event),
                Err(e) => {
                    // An engine is told, and asked again in the next frame.
                    if let Some(bot) = self.bot.as_mut() {
                        bot.refused(&e.to_string());
                    }
                    self.tell(
                        MessageKind::Error,
                        format!("The computer's attempt failed: {e}"),
                    );
                    return;
                }
            }
        }
    }

    /// A network game: what arrived from the table since the last frame. The opponent's turns
    /// are told as this seat heard them (nothing more reaches this side).
    pub(super) fn remote_news(&mut self, me: Color, now: Duration) {
        let events = self.session.poll(now);
        self.draw_offer = self.session.draw_offer();
        // (An own event here is the late answer to a request that timed out.)
        let heard: Vec<Item> = events
            .iter()
            .flat_map(|e| crate::announce::heard_by(&e.said, me))
            .collect();
        if !heard.is_empty() {
            let theirs = events.iter().any(|e| e.by != Some(me));
            let words = say(&heard, self.session.rules().wording, !me);
            let who = crate::wording::color_title(!me);
            // The end of the game by the table or a seat's word is said as it is, not as a move.
            let ended_without_move = heard.iter().all(|i| {
                matches!(
                    i,
                    Item::Resigned(_)
                        | Item::Timeout { .. }
                        | Item::Adjudicated(_)
                        | Item::Draw(crate::announce::DrawReason::Agreement)
                )
            });
            let text = if theirs && ended_without_move {
                words
            } else if theirs {
                format!("{who} played. {words}")
            } else {
                format!("The table answered: {words}")
            };
            self.tell(MessageKind::Info, text);
        }
    }

    /// Semi-Kriegspiel: a random placement for the computer's king (on its first rank) and
    /// queen (on its first two ranks) that the referee accepts; the blind person is not told.
    fn computer_placement(&mut self, color: Color) -> Option<Request> {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(7, |d| d.as_nanos() as u64);
        let mut rng = crate::rng::Rng::new(seed);
        let first = color.backrank();
        let second = color.relative_rank(shakmaty::Rank::Second);
        for _ in 0..256 {
            let king = Square::from_coords(shakmaty::File::new(rng.below(8) as u32), first);
            let rank = if rng.below(2) == 0 { first } else { second };
            let queen = Square::from_coords(shakmaty::File::new(rng.below(8) as u32), rank);
            let request = Request::Place { color, king, queen };
            if king != queen
                && self
                    .session
                    .truth()
                    .is_none_or(|game| game.referee().clone().apply(&request).is_ok())
            {
                return Some(request);
            }
        }
        None
    }
}
