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
