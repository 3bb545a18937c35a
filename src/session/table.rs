//! The local table: a [`GameSession`] as a [`Table`] (every request answered at once, its answer
//! waiting for the next [`Table::poll`]), and its [`Record`] (autosave, the club referee's
//! corrections). Draw offers are kept here: an offer stands until taken, declined, or the
//! other side's turn ends; the offerer is told when it is declined ([`News::DrawDeclined`]).

use super::GameSession;
use crate::log::{Event, Game};
use crate::referee::Request;
use crate::save::{Correction, Markers, SavedGame};
use crate::table::{Facts, News, Record, Table};
use crate::view::PlayerView;
use shakmaty::{Color, Role, Square};
use std::path::Path;
use std::time::Duration;

impl Table for GameSession {
    fn facts(&self) -> &Facts {
        &self.facts
    }

    fn view(&mut self, seat: Color) -> &PlayerView {
        GameSession::view(self, seat)
    }

    fn submit(&mut self, request: Request, now: Duration) {
        // A flag that falls first is news of its own.
        if let Some(flag) = self.check_time(now) {
            self.news.push(News::Happened(flag));
        }
        let news = match self.apply_now(request.clone(), now) {
            Ok(event) => News::Answered(event),
            Err(error) => News::Refused { request, error },
        };
        self.news.push(news);
    }

    fn offer_draw(&mut self, seat: Color, now: Duration) {
        if self.facts.draw_offer == Some(!seat) {
            // Taking the standing offer agrees the draw: the table's doing, news to both.
            self.facts.draw_offer = None;
            if let Ok(event) = self.apply(Request::Draw, now) {
                self.news.push(News::Happened(event));
            }
        } else if self.over().is_none() {
            self.facts.draw_offer = Some(seat);
        }
    }

    fn decline_draw(&mut self, seat: Color) {
        if self.facts.draw_offer == Some(!seat) {
            self.facts.draw_offer = None;
            self.news.push(News::DrawDeclined {
                by: seat,
                played_on: false,
            });
        }
    }

    fn poll(&mut self, now: Duration) -> Vec<News> {
        if let Some(flag) = self.check_time(now) {
            self.news.push(News::Happened(flag));
        }
        std::mem::take(&mut self.news)
    }

    fn start_clock(&mut self, now: Duration) {
        GameSession::start_clock(self, now);
    }

    fn pause_clock(&mut self, now: Duration) {
        GameSession::pause_clock(self, now);
    }

    fn markers(&self) -> &Markers {
        &self.markers
    }

    fn set_marker(&mut self, seat: Color, square: Square, piece: Option<Role>) {
        GameSession::set_marker(self, seat, square, piece);
    }

    fn truth(&self) -> Option<&Game> {
        Some(&self.game)
    }

    fn saved(&self) -> Option<SavedGame> {
        Some(GameSession::saved(self))
    }

    fn record(&self) -> Option<&dyn Record> {
        Some(self)
    }

    fn record_mut(&mut self) -> Option<&mut dyn Record> {
        Some(self)
    }
}

impl Record for GameSession {
    fn autosave_path(&self) -> Option<&Path> {
        self.autosave_path()
    }

    fn autosave_error(&self) -> Option<&str> {
        self.autosave_error.as_deref()
    }

    fn corrections(&self) -> &[Correction] {
        &self.corrections
    }

    fn undo(&mut self, note: &str, now: Duration) -> Option<Event> {
        GameSession::undo(self, note, now)
    }
}
