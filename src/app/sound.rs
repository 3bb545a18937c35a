//! Sound cues: which [`Cue`] an answer of the referee gives to whoever listens at the screen
//! ([`cue_for`]), when a running clock is low ([`low_time`]), and the player that plays them
//! ([`play`]).
//!
//! The sounds are short WAV files made by `assets/sounds/make_sounds.py` and embedded in the
//! binary, so they are found from any folder. They are played on a thread of its own: the
//! screen only sends a cue down a channel, so no frame ever waits on audio. On Linux the thread
//! loads ALSA's library at run time ([`alsa`]: no system development package is needed to
//! build); elsewhere it plays through `rodio`. The output is opened at the first cue (or when
//! Settings is shown); where there is none (no sound library, a server, CI, a machine without a
//! sound card) opening fails once, quietly, the reason is kept for Settings ([`silent_because`])
//! and every later cue is dropped: no audio is not an error.
//!
//! Hidden information: a cue says no more than the words its listener heard. A screen where
//! two people share the speakers (hot-seat, the club referee's room) passes no listener and
//! gets public cues only; see [`cue_for`].

#[cfg(target_os = "linux")]
pub mod alsa;

use crate::announce::{Audience, Item};
use crate::log::Event;
use crate::referee::Request;
use shakmaty::Color;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::time::Duration;

/// Something the player hears, in rising order of importance: when one answer gives several,
/// the most important is played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cue {
    /// A move was made (the turn passed).
    Move,
    /// An attempt was refused ("No", "Impossible").
    Illegal,
    /// A unit was captured.
    Capture,
    /// Check.
    Check,
    /// The game is over.
    GameOver,
    /// The running clock passed 30 or 10 seconds.
    LowTime,
}

impl Cue {
    /// Every cue.
    pub const ALL: [Cue; 6] = [
        Cue::Move,
        Cue::Illegal,
        Cue::Capture,
        Cue::Check,
        Cue::GameOver,
        Cue::LowTime,
    ];

    /// The cue's sound, a WAV file.
    pub fn wav(self) -> &'static [u8] {
        match self {
            Cue::Move => include_bytes!("../../assets/sounds/move.wav"),
            Cue::Illegal => include_bytes!("../../assets/sounds/illegal.wav"),
            Cue::Capture => include_bytes!("../../assets/sounds/capture.wav"),
            Cue::Check => include_bytes!("../../assets/sounds/check.wav"),
            Cue::GameOver => include_bytes!("../../assets/sounds/game_over.wav"),
            Cue::LowTime => include_bytes!("../../assets/sounds/low_time.wav"),
        }
    }
}

/// The cue an item gives, if any.
fn item_cue(item: Item) -> Option<Cue> {
    Some(match item {
        Item::Legal | Item::Moved { .. } | Item::Drop(_) | Item::Placed => Cue::Move,
        Item::Illegal | Item::IllegalCount(_) | Item::Impossible => Cue::Illegal,
        Item::Capture { .. } | Item::Captured(_) => Cue::Capture,
        Item::Check(_) => Cue::Check,
        Item::Checkmate
        | Item::Stalemate
        | Item::Draw(_)
        | Item::Resigned(_)
        | Item::Timeout { .. }
        | Item::Adjudicated(_)
        | Item::KingCaptured => Cue::GameOver,
        Item::PawnTries(_)
        | Item::AnyAnswer(_)
        | Item::Sense(_)
        | Item::Opened(_)
        | Item::Handicap(..)
        | Item::Promotion => return None,
    })
}

/// The cue for `event` as `listener` heard it: only the items said to that player (`None`:
/// only the items said to both, for a screen whose speakers both players hear). A move that
/// ended the turn is public even when nothing about it was (Reconnaissance Blind Chess): it
/// gives [`Cue::Move`].
pub fn cue_for(event: &Event, listener: Option<Color>) -> Option<Cue> {
    let hears = |to: Audience| match listener {
        Some(c) => to.includes(c),
        None => to == Audience::Both,
    };
    let heard = event
        .said
        .iter()
        .filter(|s| hears(s.to))
        .filter_map(|s| item_cue(s.item))
        .max();
    let moved = event.turn_ends
        && matches!(
            event.request,
            Request::Move(_) | Request::Try(_) | Request::Pass | Request::Place { .. }
        );
    heard.or(moved.then_some(Cue::Move))
}

/// Where a running clock gives [`Cue::LowTime`].
pub const LOW_TIME: [Duration; 2] = [Duration::from_secs(30), Duration::from_secs(10)];

/// Whether a running clock that read `before` and now reads `after` has passed one of the
/// [`LOW_TIME`] marks (once per mark: a clock that stays under it gives nothing more).
pub fn low_time(before: Duration, after: Duration) -> bool {
    LOW_TIME.iter().any(|&mark| before > mark && after <= mark)
}

/// The audio output's state.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// Not opened yet (no cue played so far).
    Unopened,
    /// Open: cues are heard.
    Ready,
    /// There is no audio output here: cues do nothing.
    Unavailable,
}

const UNOPENED: u8 = 0;
const READY: u8 = 1;
const UNAVAILABLE: u8 = 2;

static STATE: AtomicU8 = AtomicU8::new(UNOPENED);
/// The most cues waiting for the audio thread.
const CUE_QUEUE: usize = 32;

static CUES: OnceLock<Option<SyncSender<Cue>>> = OnceLock::new();

/// The audio output's state.
pub fn output() -> Output {
    match STATE.load(Ordering::Acquire) {
        READY => Output::Ready,
        UNAVAILABLE => Output::Unavailable,
        _ => Output::Unopened,
    }
}

/// Why there is no sound here, once opening the output has failed.
static SILENT_BECAUSE: OnceLock<String> = OnceLock::new();

/// Why cues are silent here (the output could not be opened), if they are.
pub fn silent_because() -> Option<&'static str> {
    SILENT_BECAUSE.get().map(String::as_str)
}

fn unavailable(reason: String) {
    let _ = SILENT_BECAUSE.set(reason);
    STATE.store(UNAVAILABLE, Ordering::Release);
}

/// The rate of every cue's samples, a second.
pub const RATE: u32 = 22_050;

/// `cue`'s sound as 16-bit mono samples at [`RATE`] (`None` if its file were not so).
pub fn samples(cue: Cue) -> Option<Vec<i16>> {
    let reader = hound::WavReader::new(std::io::Cursor::new(cue.wav())).ok()?;
    let spec = reader.spec();
    let mono16 = spec.channels == 1
        && spec.bits_per_sample == 16
        && spec.sample_format == hound::SampleFormat::Int
        && spec.sample_rate == RATE;
    if !mono16 {
        return None;
    }
    reader.into_samples::<i16>().collect::<Result<_, _>>().ok()
}

/// Opens the audio output if it is not yet (without playing anything), so that Settings can
/// say whether cues are heard.
pub fn open() {
    if STATE.load(Ordering::Relaxed) != UNAVAILABLE {
        let _ = cues();
    }
}

/// The channel to the audio thread, started at the first call.
fn cues() -> Option<&'static SyncSender<Cue>> {
    CUES.get_or_init(|| {
        // Bounded: cues that come faster than they are played are dropped, never queued up.
        let (send, receive) = sync_channel(CUE_QUEUE);
        let started = std::thread::Builder::new()
            .name("sound".to_owned())
            .spawn(move || audio(receive));
        match started {
            Ok(_) => Some(send),
            Err(e) => {
                unavailable(format!("no thread for sound: {e}"));
                None
            }
        }
    })
    .as_ref()
}

/// Plays `cue` without waiting: it is handed to the audio thread (started, and the output
/// opened, at the first cue). Does nothing where there is no audio output.
pub fn play(cue: Cue) {
    if STATE.load(Ordering::Relaxed) == UNAVAILABLE {
        return;
    }
    if let Some(cues) = cues() {
        // A closed channel means the output could not be opened, a full one that cues come
        // faster than they are played: nothing to do either way.
        let _ = cues.try_send(cue);
    }
}

/// The audio thread: opens the system's output once through ALSA and plays every cue it is
/// sent; the cues that came while one played give one, the most important. Without an output
/// it ends at once, and the cues sent later are dropped.
#[cfg(target_os = "linux")]
fn audio(cues: Receiver<Cue>) {
    let mut player = match alsa::Player::open(alsa::LIBRARY, "default", RATE) {
        Ok(player) => player,
        Err(e) => return unavailable(e.to_string()),
    };
    STATE.store(READY, Ordering::Relaxed);
    while let Ok(first) = cues.recv() {
        let cue = cues.try_iter().fold(first, Cue::max);
        if let Some(samples) = samples(cue)
            && let Err(e) = player.play(&samples)
        {
            return unavailable(e.to_string());
        }
    }
}

/// The audio thread: opens the default output once and mixes in every cue it is sent. Without
/// an output it ends at once, and the cues sent later are dropped.
#[cfg(not(target_os = "linux"))]
fn audio(cues: Receiver<Cue>) {
    let mut sink = match rodio::DeviceSinkBuilder::open_default_sink() {
        Ok(sink) => sink,
        Err(e) => return unavailable(format!("no sound output: {e}")),
    };
    sink.log_on_drop(false);
    STATE.store(READY, Ordering::Relaxed);
    for cue in cues {
        if let Ok(source) = rodio::Decoder::new(std::io::Cursor::new(cue.wav())) {
            sink.mixer().add(source);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::announce::{CheckDirection, GameResult, Said};
    use crate::attempt::Attempt;
    use shakmaty::Square;

    fn said(to: Audience, item: Item) -> Said {
        Said { to, item }
    }

    fn event(by: Color, request: Request, said: Vec<Said>, turn_ends: bool) -> Event {
        Event {
            by: Some(by),
            request,
            said,
            turn_ends,
            clock: None,
        }
    }

    fn attempt() -> Attempt {
        Attempt::new(Square::E2, Square::E4)
    }

    #[test]
    fn kriegspiel_answers_give_their_cue_to_everyone() {
        let both = Audience::Both;
        let capture = Item::Capture {
            square: Square::D5,
            unit: None,
        };
        let cases = [
            (vec![said(both, Item::Legal)], true, Some(Cue::Move)),
            (
                vec![said(both, Item::Legal), said(both, capture)],
                true,
                Some(Cue::Capture),
            ),
            (
                vec![
                    said(both, Item::Legal),
                    said(both, capture),
                    said(both, Item::Check(CheckDirection::File)),
                ],
                true,
                Some(Cue::Check),
            ),
            (
                vec![said(both, Item::Legal), said(both, Item::Checkmate)],
                true,
                Some(Cue::GameOver),
            ),
            (vec![said(both, Item::Illegal)], false, Some(Cue::Illegal)),
            (
                vec![said(both, Item::Impossible)],
                false,
                Some(Cue::Illegal),
            ),
        ];
        for (items, ends, cue) in cases {
            let e = event(Color::White, Request::Try(attempt()), items, ends);
            for listener in [None, Some(Color::White), Some(Color::Black)] {
                assert_eq!(cue_for(&e, listener), cue, "{e:?} for {listener:?}");
            }
        }
        let resigned = event(
            Color::Black,
            Request::Resign(Color::Black),
            vec![said(both, Item::Resigned(Color::Black))],
            true,
        );
        assert_eq!(cue_for(&resigned, None), Some(Cue::GameOver));
        let adjudicated = Event {
            by: None,
            ..event(
                Color::White,
                Request::Adjudicate {
                    result: GameResult::Draw,
                    reason: "time".to_owned(),
                },
                vec![said(both, Item::Adjudicated(GameResult::Draw))],
                true,
            )
        };
        assert_eq!(cue_for(&adjudicated, None), Some(Cue::GameOver));
    }

    /// RBC: the mover alone hears of its capture, the victim alone where it lost a unit; a
    /// screen both players hear says only that a move was made.
    #[test]
    fn a_capture_told_to_one_player_sounds_only_for_that_player() {
        let white = Audience::Only(Color::White);
        let black = Audience::Only(Color::Black);
        let e = event(
            Color::White,
            Request::Move(attempt()),
            vec![
                said(
                    white,
                    Item::Moved {
                        requested: Some(attempt()),
                        taken: Some(attempt()),
                    },
                ),
                said(
                    white,
                    Item::Capture {
                        square: Square::E4,
                        unit: None,
                    },
                ),
                said(black, Item::Captured(Square::E4)),
            ],
            true,
        );
        assert_eq!(cue_for(&e, Some(Color::White)), Some(Cue::Capture));
        assert_eq!(cue_for(&e, Some(Color::Black)), Some(Cue::Capture));
        assert_eq!(
            cue_for(&e, None),
            Some(Cue::Move),
            "only the turn is public"
        );
        // A sense is the sensing player's alone and gives no cue at all.
        let sense = event(
            Color::White,
            Request::Sense(Some(Square::E4)),
            vec![],
            false,
        );
        assert_eq!(cue_for(&sense, None), None);
    }

    /// Where refused attempts are the mover's alone, the other player hears nothing of them;
    /// a secret "Any?" answer gives no cue.
    #[test]
    fn a_private_no_is_heard_only_by_its_player() {
        let e = event(
            Color::White,
            Request::Try(attempt()),
            vec![said(Audience::Only(Color::White), Item::Illegal)],
            false,
        );
        assert_eq!(cue_for(&e, Some(Color::White)), Some(Cue::Illegal));
        assert_eq!(cue_for(&e, Some(Color::Black)), None);
        assert_eq!(cue_for(&e, None), None);
        let any = event(
            Color::White,
            Request::Any,
            vec![said(Audience::Only(Color::White), Item::AnyAnswer(false))],
            false,
        );
        assert_eq!(cue_for(&any, Some(Color::White)), None);
    }

    #[test]
    fn low_time_sounds_once_per_mark() {
        let s = Duration::from_secs;
        assert!(low_time(s(31), s(30)));
        assert!(low_time(Duration::from_millis(30_001), s(29)));
        assert!(low_time(s(11), s(10)));
        assert!(low_time(s(40), s(5)), "a slow frame that passes both marks");
        assert!(!low_time(s(30), s(29)), "already under the mark");
        assert!(!low_time(s(29), s(11)));
        assert!(!low_time(s(60), s(31)));
        assert!(!low_time(s(9), s(30)), "time added back is no warning");
    }

    /// Every cue's file decodes to 16-bit mono at [`RATE`], is short and small.
    #[test]
    fn the_sounds_decode() {
        for cue in Cue::ALL {
            let bytes = cue.wav();
            assert!(bytes.len() < 30_000, "{cue:?}: {} bytes", bytes.len());
            let samples = samples(cue).expect("16-bit mono WAV at RATE");
            let length = Duration::from_secs_f64(samples.len() as f64 / f64::from(RATE));
            assert!(
                length > Duration::from_millis(40) && length < Duration::from_secs(1),
                "{cue:?}: {length:?}"
            );
            assert!(
                samples.iter().any(|&s| s.unsigned_abs() > 1000),
                "{cue:?} is silent"
            );
        }
    }

    /// Where there is no audio output (as on CI and the build machines), playing returns at
    /// once and does nothing; where there is one, the cues play. Never an error or a panic.
    #[test]
    fn playing_never_fails() {
        for cue in Cue::ALL {
            play(cue);
        }
        // The audio thread opens the output (or finds none) by itself.
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while output() == Output::Unopened {
            assert!(
                std::time::Instant::now() < deadline,
                "the output was never tried"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        if output() == Output::Unavailable {
            assert!(silent_because().is_some_and(|why| !why.is_empty()));
        }
        play(Cue::Move);
        play(Cue::GameOver);
    }
}
