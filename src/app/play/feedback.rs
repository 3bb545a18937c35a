//! What the game screen plays and says besides what it draws: a sound cue for what the person
//! heard ([`crate::app::sound`]), a cue when the running clock runs low, and in club referee
//! mode the announcements for both players read aloud ([`crate::app::speech`]).
//!
//! Who hears: at one seat (against the computer, at a network table) the one person there, so
//! the cues follow what that seat was told. In hot-seat play and at the club referee's table
//! both players share the room and its speakers, so only what both were told makes a sound or
//! is spoken, and the low-time cue only sounds where both may see the clocks.

use super::{PlayMode, PlayScreen};
use crate::app::settings::Settings;
use crate::app::sound::{self, Cue};
use crate::log::Event;
use shakmaty::Color;
use std::time::Duration;

/// How many played cues and spoken texts are remembered (for tests).
const KEPT: usize = 32;

/// The screen's sounds and speech.
#[derive(Debug, Default)]
pub struct Feedback {
    /// Cues heard since the last frame, played at its end.
    pending: Vec<Cue>,
    /// The cues handed to the audio output, oldest first (the latest few).
    pub played: Vec<Cue>,
    /// The texts handed to the speech engine, oldest first (the latest few).
    pub spoken: Vec<String>,
    /// The running clock and its time at the last frame.
    clock: Option<(Color, Duration)>,
    /// What the console said at the last frame.
    said: Option<Said>,
}

/// What the club referee's console says, and after how many entries and corrections (two equal
/// answers in a row are two things to say).
type Said = (usize, usize, Vec<(String, String)>);

/// Appends `item`, keeping the latest [`KEPT`].
fn keep<T>(list: &mut Vec<T>, item: T) {
    if list.len() == KEPT {
        list.remove(0);
    }
    list.push(item);
}

impl PlayScreen {
    /// Who hears the screen's sounds: the person at one seat, or both players (`None`).
    fn listener(&self) -> Option<Color> {
        match self.mode {
            PlayMode::Seat(me) => Some(me),
            PlayMode::HotSeat | PlayMode::Referee => None,
        }
    }

    /// Notes the cue `event` gives the listener; played at the end of the frame.
    pub(super) fn cue(&mut self, event: &Event) {
        if let Some(cue) = sound::cue_for(event, self.listener()) {
            self.feedback.pending.push(cue);
        }
    }

    /// Once a frame: the low-time cue, this frame's cues (the most important one, if sounds are
    /// on) and, in club referee mode, new words for both players spoken (if speech is on).
    pub(super) fn sound_and_speech(&mut self, settings: &Settings, now: Duration) {
        self.low_time_cue(now);
        let cue = self.feedback.pending.drain(..).max();
        if let Some(cue) = cue.filter(|_| settings.sound) {
            sound::play(cue);
            keep(&mut self.feedback.played, cue);
        }
        if self.mode == PlayMode::Referee {
            self.speak_new_words(settings.speech);
        }
    }

    /// [`Cue::LowTime`] when the running clock passes a mark, if the listener may know that
    /// clock: at one seat its own, where both listen only clocks both may see.
    fn low_time_cue(&mut self, now: Duration) {
        let facts = self.facts();
        let reading = facts.clock_running().zip(facts.time_to_flag(now));
        let private = facts.rules.variant().capabilities().private_clocks;
        let before = std::mem::replace(&mut self.feedback.clock, reading);
        let (Some((was, before)), Some((color, after))) = (before, reading) else {
            return;
        };
        let may_know = match self.listener() {
            Some(me) => me == color,
            None => !private,
        };
        if was == color && may_know && sound::low_time(before, after) {
            self.feedback.pending.push(Cue::LowTime);
        }
    }

    /// Speaks the console's words for both players when they change (a new entry, a
    /// correction); words for one player alone are never spoken aloud.
    fn speak_new_words(&mut self, speech: bool) {
        let events = self.table.truth().map_or(0, |g| g.log().events.len());
        let corrections = self.table.record().map_or(0, |r| r.corrections().len());
        let said = Some((events, corrections, self.say_this.clone()));
        if said == self.feedback.said {
            return;
        }
        self.feedback.said = said;
        let words: Vec<&str> = self
            .say_this
            .iter()
            .filter(|(to, _)| to == "To both")
            .map(|(_, words)| words.as_str())
            .collect();
        if speech && !words.is_empty() {
            let text = words.join(" ");
            crate::app::speech::say(&text);
            keep(&mut self.feedback.spoken, text);
        }
    }
}
