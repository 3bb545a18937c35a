//! Study's Review panel (issue 34 item 2): the review is worked out off the window's thread
//! with a progress bar, then shown as charts with the turn at the cursor in words, and a button
//! to each guaranteed mate.

use super::gui;

use gui::{Gui, sample};

#[test]
fn the_review_panel_computes_off_the_ui_thread_then_shows_its_charts() {
    let mut h = Gui::builder()
        .study(sample("sample-berkeley_any.ron"))
        .build();
    assert!(!h.study().review.open);
    h.click("Review");
    assert!(h.study().review.open);
    // The window keeps drawing while the review is made (a progress bar, not a frozen frame).
    h.run_until("the review never finished", |g| {
        g.study().review.result.is_some()
    });
    h.run();
    let review = match &h.study().review.result {
        Some(Ok(r)) => r.clone(),
        other => panic!("no review: {other:?}"),
    };
    assert_eq!(review.turns.len(), h.study().saved.log.turns().count());
    // The turn at the cursor (the start) in words, and the closing button.
    let texts = h.all_text();
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("White knew 1 position.")),
        "{texts:?}"
    );
    assert!(texts.iter().any(|t| t.starts_with("Review: ")), "{texts:?}");
    // Stepping to the end shows the last turn's words.
    h.study_mut().seek(usize::MAX);
    h.run();
    let last = review.turns.last().expect("turns").words();
    assert!(h.all_text().contains(&last), "{last}");
    gui::shot(&mut h, "review");
    h.click("Close review");
    assert!(!h.study().review.open);
}

/// Issue 55: once the review is done its thread asks the window for a frame, so the charts are
/// drawn at once, with no input event (before, only the next mouse move drew them).
#[test]
fn the_review_asks_for_a_frame_when_it_is_done() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};
    let mut h = Gui::builder()
        .study(sample("sample-berkeley_any.ron"))
        .build();
    h.click("Review");
    // The frame that starts the review's thread.
    h.step();
    assert!(h.study().review.running());
    let woken = Arc::new(AtomicBool::new(false));
    let flag = woken.clone();
    h.ctx.set_request_repaint_callback(move |info| {
        if info.delay.is_zero() {
            flag.store(true, Ordering::SeqCst);
        }
    });
    // No frame and no input meanwhile: only the review's thread can ask for one.
    let deadline = Instant::now() + Duration::from_secs(120);
    while !woken.load(Ordering::SeqCst) {
        assert!(
            Instant::now() < deadline,
            "the review never asked for a frame"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // That frame draws the charts' panel.
    h.step();
    assert!(matches!(h.study().review.result, Some(Ok(_))));
    h.run();
    assert!(h.all_text().iter().any(|t| t.starts_with("Review: ")));
}
