//! Frame time of the three-board screen (CPU: egui layout and tessellation, no GPU), release
//! build: `cargo bench --bench frame`. Target: at most 2 ms per frame.
//!
//! The screen is a club-referee game in progress (all three boards, logs and clocks drawn) in a
//! 1280x800 window; the pointer moves over the boards every frame so nothing is skipped.

use kriegspiel::app::play::{PlayMode, PlayScreen};
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::session::GameSession;
use std::time::{Duration, Instant};

fn main() {
    let saved = kriegspiel::selfplay::random_game(kriegspiel::Preset::Wild16.rules(), 5, 40);
    let text = saved.to_ron();
    let mut loaded = kriegspiel::save::load_str(&text).expect("self-play game loads");
    // keep it unfinished so that the clocks run and the referee mode shows everything
    loaded.saved.result = None;
    loaded.game = loaded
        .saved
        .log
        .replay_prefix(loaded.saved.log.events.len().saturating_sub(1))
        .expect("prefix");
    let mut session = GameSession::from_loaded(loaded, None);
    session.start_clock(Duration::ZERO);
    let mut app = KriegspielApp::new(StartOptions::default(), Settings::default(), false);
    app.screen = Screen::Play(Box::new(PlayScreen::new(session, PlayMode::Referee)));

    let ctx = egui::Context::default();
    egui_extras::install_image_loaders(&ctx);
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0));
    let frame = |app: &mut KriegspielApp, i: usize| {
        let mut raw = egui::RawInput {
            screen_rect: Some(screen),
            time: Some(i as f64 / 60.0),
            ..Default::default()
        };
        let x = 50.0 + (i % 1100) as f32;
        raw.events
            .push(egui::Event::PointerMoved(egui::pos2(x, 300.0)));
        let output = ctx.run_ui(raw, |ui| app.show(ui));
        let prims = ctx.tessellate(output.shapes, output.pixels_per_point);
        std::hint::black_box(prims);
    };
    for i in 0..60 {
        frame(&mut app, i);
    }
    let n = 600;
    let mut times = Vec::with_capacity(n);
    for i in 0..n {
        let t = Instant::now();
        frame(&mut app, 60 + i);
        times.push(t.elapsed());
    }
    times.sort();
    let mean = times.iter().sum::<Duration>() / n as u32;
    let median = times[n / 2];
    let p95 = times[n * 95 / 100];
    println!(
        "three-board screen, 1280x800: mean {:.3} ms, median {:.3} ms, p95 {:.3} ms per frame ({n} frames)",
        mean.as_secs_f64() * 1e3,
        median.as_secs_f64() * 1e3,
        p95.as_secs_f64() * 1e3
    );
}
