//! Sounds and spoken announcements (issue 29 items 11 and 12): a cue for a move, a capture, a
//! refused attempt, a check, the end and low time, with a mute setting; the club referee's
//! words for both players read aloud, off by default. A sound or a spoken word never tells a
//! player what that player was not told: where both players hear the speakers (hot-seat, the
//! club table) only what both were told makes a sound. No audio device (as here) is no error.

use super::gui;

use egui_kittest::kittest::{NodeT, Queryable};
use gui::{Gui, fen};
use kriegspiel::Preset;
use kriegspiel::app::play::PlayMode;
use kriegspiel::app::settings::{NO_SPEECH, Settings};
use kriegspiel::app::sound::Cue;
use kriegspiel::clock::TimeControl;
use kriegspiel::rules::AnyRule;
use kriegspiel::{Request, RuleSet};
use shakmaty::Color;

/// 1. Ra8 is refused (the knight on a4 is in the way), Rxa4 captures, b8=Q mates.
const WILD: &str = "6k1/1P3ppp/8/3p4/n7/8/8/R5K1 w - - 0 1";
/// Reconnaissance Blind Chess: exd5 captures a pawn.
const RBC: &str = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
/// A club game: Rxa8 captures with check.
const CLUB: &str = "r5k1/5ppp/2q5/3p4/4P3/8/5PPP/R5K1 w - - 0 1";

fn played(h: &Gui) -> Vec<Cue> {
    h.play().feedback.played.clone()
}

fn spoken(h: &Gui) -> Vec<String> {
    h.play().feedback.spoken.clone()
}

fn settings(sound: bool, speech: bool) -> Settings {
    Settings {
        sound,
        speech,
        ..Settings::default()
    }
}

/// Berkeley: a refused attempt is told to both, and so sounded at a hot-seat screen.
#[test]
fn hot_seat_kriegspiel_sounds_a_refused_attempt_a_capture_a_move_and_the_end() {
    let mut h = Gui::hot_seat(Preset::Berkeley.rules(), WILD);
    assert!(h.state().settings.sound, "sounds are on by default");
    assert!(!h.state().settings.speech, "speech is off by default");
    h.click("Open White's board");
    assert!(played(&h).is_empty(), "nothing happened yet");
    h.click("White a1");
    h.click("White a8");
    assert_eq!(played(&h), [Cue::Illegal]);
    h.click("White a1");
    h.click("White a4");
    assert_eq!(played(&h), [Cue::Illegal, Cue::Capture]);
    h.click("Open Black's board");
    h.click("Black d5");
    h.click("Black d4");
    assert_eq!(played(&h).last(), Some(&Cue::Move));
    h.click("Open White's board");
    h.click("White b7");
    h.click("White b8");
    h.click("Promote to queen");
    assert!(h.play().revealed());
    assert_eq!(played(&h).last(), Some(&Cue::GameOver), "mate");
}

/// Wild 16: a refused attempt is told to its player alone, so the room hears nothing of it.
#[test]
fn a_no_told_to_one_player_is_silent_at_a_hot_seat_screen() {
    let mut h = Gui::hot_seat(Preset::Wild16.rules(), WILD);
    h.click("Open White's board");
    h.click("White a1");
    h.click("White a8");
    assert_eq!(h.message(), Some("Ra8: No."));
    assert!(played(&h).is_empty(), "{:?}", played(&h));
}

/// RBC: the capture is told to the mover and the victim alone. At a hot-seat screen both
/// players hear the speakers, so only the move is sounded; at one seat the mover hears it.
#[test]
fn a_capture_told_to_one_player_is_not_sounded_to_the_room() {
    let mut h = Gui::hot_seat(Preset::Rbc.rules(), RBC);
    h.click("Open White's board");
    h.click("Skip sensing");
    h.click("White e4");
    h.click("White d5");
    assert!(h.play().curtain_up(), "the move was made");
    assert!(
        h.log().events.last().is_some_and(|e| e
            .said
            .iter()
            .any(|s| matches!(s.item, kriegspiel::announce::Item::Capture { .. }))),
        "it captured"
    );
    assert_eq!(played(&h), [Cue::Move], "only that a move was made");

    // One person at White's seat hears its own capture.
    let mut h = Gui::builder()
        .game(Preset::Rbc.rules(), fen(RBC))
        .play_mode(PlayMode::Seat(Color::White))
        .build();
    h.click("Skip sensing");
    h.click("White e4");
    h.click("White d5");
    assert_eq!(h.last_request(), Request::Move("e4d5".parse().unwrap()));
    assert_eq!(played(&h), [Cue::Capture]);
}

#[test]
fn muted_nothing_is_played() {
    let mut h = Gui::builder()
        .settings(settings(false, false))
        .game(Preset::Wild16.rules(), fen(WILD))
        .build();
    h.click("Open White's board");
    h.click("White a1");
    h.click("White a4");
    assert!(h.play().curtain_up(), "the capture was made");
    assert!(played(&h).is_empty(), "muted: {:?}", played(&h));
    // Unmuted in Settings: the next cue is played.
    h.click("Settings");
    h.click("Sounds");
    assert!(h.state().settings.sound);
    h.click("Open Black's board");
    h.click("Black d5");
    h.click("Black d4");
    assert_eq!(played(&h), [Cue::Move]);
}

/// A club game on a 40-second clock: the low-time cue once at 30 s and once at 10 s.
#[test]
fn low_time_sounds_once_at_each_mark() {
    let mut h = Gui::builder()
        .game(Preset::Berkeley.rules(), fen(CLUB))
        .clock(Some(TimeControl {
            base_ms: 40_000,
            increment_ms: 0,
            delay_ms: 0,
        }))
        .play_mode(PlayMode::Referee)
        .build();
    let at = |h: &mut Gui, seconds: f64| {
        h.input_mut().time = Some(seconds);
        h.run();
    };
    at(&mut h, 100.0);
    h.enter_line("clock");
    let low = |h: &Gui| played(h).iter().filter(|c| **c == Cue::LowTime).count();
    at(&mut h, 105.0);
    assert_eq!(low(&h), 0, "35 s left");
    at(&mut h, 111.0);
    assert_eq!(low(&h), 1, "29 s left");
    at(&mut h, 115.0);
    assert_eq!(low(&h), 1, "25 s left: once per mark");
    at(&mut h, 131.0);
    assert_eq!(low(&h), 2, "9 s left");
    assert!(h.table().facts().over.is_none());
}

/// RBC hot-seat: each player sees only its own clock, so the room hears nothing of it.
#[test]
fn a_private_clock_gives_no_low_time_cue_to_the_room() {
    let mut h = Gui::builder()
        .game(Preset::Rbc.rules(), fen(RBC))
        .clock(Some(TimeControl {
            base_ms: 40_000,
            increment_ms: 0,
            delay_ms: 0,
        }))
        .build();
    h.input_mut().time = Some(100.0);
    h.run();
    h.click("Open White's board");
    h.input_mut().time = Some(115.0);
    h.run();
    assert_eq!(h.table().facts().clock_running(), Some(Color::White));
    assert!(
        h.table()
            .facts()
            .time_to_flag(std::time::Duration::from_secs(115))
            .is_some_and(|left| left.as_secs() < 30),
        "under 30 s"
    );
    assert!(played(&h).is_empty(), "{:?}", played(&h));
}

/// Speech reads the club referee's words for both players; never words for one player alone.
#[test]
fn the_referee_s_words_for_both_are_spoken_when_speech_is_on() {
    let rules = RuleSet {
        any: AnyRule::Secret,
        ..Preset::Berkeley.rules()
    };
    let club = |speech: bool| {
        Gui::builder()
            .settings(settings(true, speech))
            .game(rules.clone(), fen(CLUB))
            .play_mode(PlayMode::Referee)
            .build()
    };
    let mut h = club(false);
    h.enter_line("a1a8");
    assert!(spoken(&h).is_empty(), "off by default");

    let mut h = club(true);
    // White's secret "Any?" and its answer ("Try": e4 takes d5) are White's alone.
    h.enter_line("any");
    assert!(
        h.play()
            .say_this
            .iter()
            .all(|(to, _)| to == "To White only"),
        "{:?}",
        h.play().say_this
    );
    assert!(spoken(&h).is_empty(), "{:?}", spoken(&h));
    assert!(played(&h).is_empty(), "{:?}", played(&h));
    h.enter_line("e4d5");
    let both: Vec<String> = h
        .play()
        .say_this
        .iter()
        .filter(|(to, _)| to == "To both")
        .map(|(_, words)| words.clone())
        .collect();
    assert!(!both.is_empty());
    assert_eq!(spoken(&h), [both.join(" ")]);
    assert!(spoken(&h)[0].contains("d5"), "{:?}", spoken(&h));
    assert_eq!(played(&h), [Cue::Capture]);
    // A correction is spoken too.
    h.enter_line("undo");
    h.press(egui::Key::Enter);
    assert_eq!(h.events(), 1, "the capture was taken back");
    assert_eq!(spoken(&h).len(), 2);
    assert!(spoken(&h)[1].starts_with("Correction"), "{:?}", spoken(&h));
}

/// The Settings window has the sound and speech switches; without a speech engine it says so
/// and the switch cannot be turned on.
#[test]
fn settings_offer_sound_and_speech() {
    let mut h = Gui::builder().build();
    h.click("Settings");
    assert!(h.query_by_label("Sounds").is_some());
    let speech = h.get_by_label("Speak the referee's announcements");
    match kriegspiel::app::speech::engine() {
        None => {
            assert!(
                speech.accesskit_node().is_disabled(),
                "no engine: cannot be turned on"
            );
            assert!(
                h.all_text().iter().any(|t| t == NO_SPEECH),
                "the window says why"
            );
        }
        Some(engine) => {
            assert!(!speech.accesskit_node().is_disabled());
            let note = format!("Spoken by {}.", engine.kind.command());
            assert!(h.all_text().contains(&note));
            h.click("Speak the referee's announcements");
            assert!(h.state().settings.speech);
        }
    }
    h.click("Sounds");
    assert!(!h.state().settings.sound, "muted");
}
