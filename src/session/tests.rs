//! The local table's tests: the clock, undo, the view cache, and play through the trait.

use super::*;
use crate::Attempt;
use crate::clock::ClockReading;
use crate::rules::Preset;
use crate::table::{News, Table};

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn try_(s: &mut GameSession, m: &str, now: u64) -> Event {
    s.apply(Request::Try(Attempt::parse(m).expect("uci")), ms(now))
        .expect("accepted")
}

#[test]
fn clock_runs_for_the_mover_and_flag_fall_ends_the_game() {
    let tc = TimeControl {
        base_ms: 10_000,
        increment_ms: 1_000,
        delay_ms: 0,
    };
    let mut s = GameSession::new(
        Preset::Berkeley.rules(),
        Setup::initial(),
        Meta::default(),
        Some(tc),
        None,
    )
    .expect("starts");
    s.start_clock(ms(0));
    let e = try_(&mut s, "e2e4", 3_000);
    assert_eq!(
        e.clock,
        Some(ClockReading {
            white_ms: 8_000,
            black_ms: 10_000
        })
    );
    try_(&mut s, "e7e5", 4_000);
    assert_eq!(
        s.facts().clock_reading(ms(4_000)),
        Some(ClockReading {
            white_ms: 8_000,
            black_ms: 10_000
        })
    );
    // White thinks too long.
    let timeout = s.check_time(ms(12_000)).expect("flag falls");
    assert!(matches!(timeout.request, Request::Timeout(Color::White)));
    assert!(s.game().referee().over().is_some());
    assert!(
        s.apply(
            Request::Try(Attempt::parse("g1f3").expect("uci")),
            ms(12_500)
        )
        .is_err()
    );
}

#[test]
fn undo_keeps_an_audit_trail_and_views_follow() {
    let mut s = GameSession::untimed(Preset::Wild16.rules());
    try_(&mut s, "e2e4", 0);
    assert_eq!(
        s.view(Color::White).own.piece_at(Square::E4),
        Some(Color::White.pawn())
    );
    let removed = s.undo("typed the wrong square", ms(0)).expect("undo");
    assert!(matches!(removed.request, Request::Try(_)));
    assert_eq!(s.view(Color::White).own.piece_at(Square::E4), None);
    assert_eq!(s.corrections().len(), 1);
    assert_eq!(s.to_move(), Color::White);
    let saved = s.saved();
    assert_eq!(
        crate::save::load_str(&saved.to_ron()).expect("loads").saved,
        saved
    );
}

/// Undo followed by a different event leaves the log as long as before: the cached view
/// must still be rebuilt (it was keyed on the log's length).
#[test]
fn view_cache_follows_undo_then_a_new_event() {
    let mut s = GameSession::untimed(Preset::Wild16.rules());
    try_(&mut s, "e2e4", 0);
    assert!(s.view(Color::White).own.piece_at(Square::E4).is_some());
    s.undo("meant d2d4", ms(0)).expect("undo");
    try_(&mut s, "d2d4", 0);
    let view = s.view(Color::White).clone();
    assert_eq!(view.own.piece_at(Square::E4), None);
    assert_eq!(view.own.piece_at(Square::D4), Some(Color::White.pawn()));
    assert_eq!(view, PlayerView::build(s.game().log(), Color::White));
}

/// A player at a table plays through the trait alone.
#[test]
fn a_local_table_plays_through_the_trait() {
    let mut session = GameSession::untimed(Preset::Wild16.rules());
    let table: &mut dyn Table = &mut session;
    let e2e4 = Request::Try(Attempt::parse("e2e4").expect("uci"));
    table.submit(e2e4, Duration::ZERO);
    assert!(matches!(
        table.poll(Duration::ZERO)[..],
        [News::Answered(_)]
    ));
    assert!(table.poll(Duration::ZERO).is_empty(), "news is told once");
    assert_eq!(table.facts().to_move, Color::Black);
    assert!(table.view(Color::White).own.piece_at(Square::E4).is_some());
    assert!(table.view(Color::Black).own.piece_at(Square::E4).is_none());
    let resign_twice = Request::Resign(Color::Black);
    table.submit(resign_twice.clone(), Duration::ZERO);
    table.submit(resign_twice, Duration::ZERO);
    let news = table.poll(Duration::ZERO);
    assert!(matches!(
        news[..],
        [News::Answered(_), News::Refused { .. }]
    ));
    assert!(table.facts().over.is_some());
    assert_eq!(table.truth().map(|g| g.log().events.len()), Some(2));
}

/// A draw offer stands until the other side takes it, declines it, or its own turn ends.
#[test]
fn a_draw_offer_is_kept_by_the_table() {
    let mut session = GameSession::untimed(Preset::Wild16.rules());
    let table: &mut dyn Table = &mut session;
    let at = Duration::ZERO;
    table.offer_draw(Color::White, at);
    assert_eq!(table.facts().draw_offer, Some(Color::White));
    table.submit(Request::Try(Attempt::parse("e2e4").expect("uci")), at);
    assert_eq!(
        table.facts().draw_offer,
        Some(Color::White),
        "Black may still take it"
    );
    table.poll(at);
    table.decline_draw(Color::Black);
    assert_eq!(table.facts().draw_offer, None);
    assert_eq!(
        table.poll(at),
        [News::DrawDeclined {
            by: Color::Black,
            played_on: false
        }],
        "the offerer is told"
    );
    table.offer_draw(Color::Black, at);
    table.offer_draw(Color::White, at);
    assert!(
        table.facts().over.is_some(),
        "taking the offer agrees the draw"
    );
    let mut lapsing = GameSession::untimed(Preset::Wild16.rules());
    Table::offer_draw(&mut lapsing, Color::Black, at);
    lapsing
        .apply(Request::Try(Attempt::parse("e2e4").expect("uci")), at)
        .expect("legal");
    assert_eq!(
        lapsing.facts().draw_offer,
        None,
        "White moved on: the offer lapsed"
    );
    assert_eq!(
        Table::poll(&mut lapsing, at),
        [News::DrawDeclined {
            by: Color::White,
            played_on: true
        }],
        "Black is told that White played on"
    );
}
