//! Study mode: step through a sample game from each perspective; a player's perspective draws
//! only that player's board, the referee's draws everything; unfinished games ask first.

use super::gui;

use gui::{Gui, sample};
use kriegspiel::app::play::Place;
use kriegspiel::replay::Perspective;
use shakmaty::Color;

/// The app studying the sample `name`.
fn study_sample(name: &str) -> Gui {
    Gui::builder().study(sample(name)).build()
}

#[test]
fn each_perspective_shows_what_it_knew() {
    let mut h = study_sample("sample-wild16.ron");
    let len = h.study().saved.log.events.len();
    for cursor in [0, 7, len / 3, len / 2, len - 1, len] {
        for perspective in [Perspective::White, Perspective::Black, Perspective::Referee] {
            {
                let s = h.study_mut();
                s.seek(cursor);
                s.perspective = perspective;
            }
            h.run();
            let s = h.study();
            match perspective.color() {
                Some(c) => {
                    assert_eq!(s.drawn.len(), 1, "only {c:?}'s board is drawn");
                    let d = &s.drawn[0];
                    assert_eq!(d.place, Place::Player(c));
                    assert!(
                        d.pieces.iter().all(|(_, p)| p.color == c),
                        "{c:?}'s view shows an enemy piece at {cursor}"
                    );
                }
                None => {
                    assert_eq!(s.drawn.len(), 3);
                    let referee = s
                        .drawn
                        .iter()
                        .find(|d| d.place == Place::Referee)
                        .expect("referee board");
                    let truth = s.saved.log.replay_prefix(cursor).expect("replays");
                    assert_eq!(
                        referee.pieces.len(),
                        truth.referee().true_board().occupied().count()
                    );
                    assert!(referee.pieces.iter().any(|(_, p)| p.color == Color::Black));
                    assert!(referee.pieces.iter().any(|(_, p)| p.color == Color::White));
                }
            }
        }
    }
}

#[test]
fn the_timeline_steps_by_event_and_by_move_from_the_keyboard() {
    let mut h = study_sample("sample-berkeley.ron");
    h.press(egui::Key::ArrowRight);
    assert_eq!(h.study().cursor(), 1);
    h.press(egui::Key::ArrowDown);
    let after_move = h.study().cursor();
    assert!(
        h.study().saved.log.events[after_move - 1].turn_ends,
        "stopped at the end of a move"
    );
    h.press(egui::Key::End);
    assert_eq!(h.study().cursor(), h.study().saved.log.events.len());
    h.press(egui::Key::Home);
    assert_eq!(h.study().cursor(), 0);
    h.click("Next move");
    assert!(h.study().cursor() > 0);
    h.click("Start");
    assert_eq!(h.study().cursor(), 0);
}

#[test]
fn an_unfinished_game_is_never_studied_until_it_is_abandoned() {
    let text = std::fs::read_to_string(sample("sample-rand.ron")).expect("sample");
    let mut saved = kriegspiel::save::load_str(&text).expect("loads").saved;
    saved.log.events.truncate(20);
    saved.result = None;
    let app = Gui::builder();
    let path = app.dir().join("unfinished.ron");
    saved.write(&path).expect("write");
    let mut h = app.study(&path).build();
    assert!(
        !matches!(h.state().screen, kriegspiel::app::Screen::Study(_)),
        "an unfinished game never opens in study"
    );
    let shown = gui::texts(&h).join("\n");
    assert!(shown.contains("This game is not over"), "{shown}");
    // Abandoning needs the person to say the game will not be continued.
    h.click("Abandon it and study");
    assert!(!matches!(
        h.state().screen,
        kriegspiel::app::Screen::Study(_)
    ));
    h.click("This game will not be continued");
    h.click("Abandon it and study");
    assert_eq!(h.study().drawn.len(), 3);
    let kept = kriegspiel::save::load_file(&path).expect("the save still loads");
    assert!(
        kept.saved.meta.abandoned.is_some(),
        "the abandonment is recorded"
    );
    assert!(
        kept.saved.result.is_none(),
        "an abandoned game has no result"
    );
    let shown = gui::texts(&h).join("\n");
    assert!(shown.contains("abandoned"), "and it is said: {shown}");
}

#[test]
fn the_overlay_shades_the_possible_king_squares() {
    let mut h = study_sample("sample-wild16.ron");
    {
        let s = h.study_mut();
        s.perspective = Perspective::White;
        s.seek(40);
        s.overlay = true;
    }
    h.run();
    let s = h.study();
    let view = kriegspiel::PlayerView::build_prefix(&s.saved.log, Color::White, 40);
    let truth = s.saved.log.replay_prefix(40).expect("replays");
    let king = truth
        .referee()
        .true_board()
        .king_of(Color::Black)
        .expect("black king");
    assert!(view.king.possible.contains(king));
    assert!(view.king.possible.count() < 64);
}

/// Issue 15 item 18: "Copy FEN" from a player's perspective copies only that player's pieces
/// (it used to copy the true position: a leak); the referee's copies the truth.
#[test]
fn copy_fen_copies_only_what_the_perspective_may_see() {
    let mut h = study_sample("sample-wild16.ron");
    let len = h.study().saved.log.events.len();
    for cursor in [0, len / 2, len] {
        let enemy_white: fn(char) -> bool = |c| c.is_ascii_uppercase();
        let enemy_black: fn(char) -> bool = |c| c.is_ascii_lowercase();
        for (perspective, hidden) in [
            (Perspective::White, enemy_black),
            (Perspective::Black, enemy_white),
        ] {
            h.study_mut().seek(cursor);
            h.study_mut().perspective = perspective;
            h.run();
            h.click("Copy FEN");
            let notice = h.study().notice.clone().expect("a notice");
            let fen = notice.trim_start_matches("Copied ");
            let board = fen.split(' ').next().expect("board");
            assert!(
                !board.chars().any(hidden),
                "{perspective:?} at {cursor} copied an enemy piece: {fen}"
            );
        }
    }
    h.study_mut().perspective = Perspective::Referee;
    h.study_mut().seek(0);
    h.run();
    h.click("Copy FEN");
    let notice = h.study().notice.clone().expect("a notice");
    assert!(notice.contains("rnbqkbnr/pppppppp"), "{notice}");
}

/// Issue 18: the overlay is a heat map of the player's belief: after 1.a3 e6 2.h3 Ke7 (Berkeley)
/// White's map of the black king covers e8, e7, d7 and f7 only, weighted; "every unit" covers the
/// squares of Black's whole army; nothing of it is drawn from Black's perspective onto White's
/// board.
#[test]
fn the_overlay_is_a_heat_map_of_where_enemy_units_may_stand() {
    let mut game = kriegspiel::log::Game::standard(kriegspiel::Preset::Berkeley.rules());
    for m in ["a2a3", "e7e6", "h2h3", "e8e7"] {
        game.apply(kriegspiel::referee::Request::Try(
            kriegspiel::attempt::Attempt::parse(m).expect("uci"),
        ))
        .expect("legal");
    }
    let app = Gui::builder();
    let file = app.dir().join("heat.ron");
    // Unfinished: studied once abandoned (the gate studies only a game that is over).
    let meta = kriegspiel::save::Meta {
        abandoned: Some(kriegspiel::save::Abandoned::default()),
        ..kriegspiel::save::Meta::default()
    };
    kriegspiel::save::SavedGame::of(&game, meta, None)
        .write(&file)
        .expect("saved");
    let mut h = app.study(file).build();
    {
        let s = h.study_mut();
        s.perspective = Perspective::White;
        s.seek(4);
        s.overlay = true;
        s.overlay_role = Some(shakmaty::Role::King);
    }
    h.run();
    let heat = h.study().drawn[0].heat.clone();
    let mut squares: Vec<String> = heat.iter().map(|(sq, _)| sq.to_string()).collect();
    squares.sort();
    assert_eq!(squares, ["d7", "e7", "e8", "f7"]);
    assert!(heat.iter().all(|(_, w)| *w > 0 && *w < 1000));
    h.study_mut().overlay_role = None;
    h.run();
    let all = h.study().drawn[0].heat.len();
    assert!(all > 16, "Black's army may stand on {all} squares");
}

/// A game another program wrote opens in study like a save (three boards from the referee's
/// perspective), and is never written back over its source: study has no file to save to.
#[test]
fn a_kriegspiel_org_review_opens_in_study_with_three_boards() {
    let review = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/import/ksorg-wild16.json");
    let mut h = Gui::builder().study(&review).build();
    assert_eq!(h.study().path, None, "the review is never saved over");
    assert!(h.study().saved.log.events.len() > 200);
    let len = h.study().saved.log.events.len();
    {
        let s = h.study_mut();
        s.seek(len);
        s.perspective = Perspective::Referee;
    }
    h.run();
    assert_eq!(h.study().drawn.len(), 3);
    assert!(h.study().saved.meta.note.contains("kriegspiel.org"));
}

/// The top of the first node labelled with `prefix`, and of the node labelled `above` (a fixed
/// widget over the list it is in).
fn top_below(h: &Gui, prefix: &str, above: &str) -> (f32, f32) {
    use egui_kittest::kittest::Queryable;
    let first = h
        .query_all_by(|n| {
            [n.label(), n.value()]
                .into_iter()
                .flatten()
                .any(|l| l.starts_with(prefix))
        })
        .next()
        .unwrap_or_else(|| panic!("no {prefix:?}: {:?}", h.all_text()))
        .rect()
        .top();
    (first, h.get_by_label(above).rect().bottom())
}

/// Issue 55 item 4: a study opens at its start, event 0, with the move list and the event strip
/// at their start too (their scroll offsets used to be kept from the game studied before, so a
/// study opened at event 0 with both lists scrolled to the end); Home brings them back as well.
#[test]
fn a_study_opens_at_its_start_with_the_lists_at_their_start() {
    let mut h = study_sample("sample-berkeley.ron");
    let start = |h: &Gui| {
        let s = h.study();
        assert_eq!(s.cursor(), 0, "opened at event 0");
        // The first move is shown below the list's heading, not scrolled away above it.
        let (first, heading) = top_below(h, "Move 1 White", "Moves");
        assert!(
            first >= heading,
            "the move list at its start: {first} < {heading}"
        );
        // The event strip's first turn is shown below the step buttons.
        let (first, buttons) = top_below(h, "1. White", "Start");
        assert!(
            first >= buttons,
            "the event strip at its start: {first} < {buttons}"
        );
    };
    start(&h);
    // At the end both lists follow the cursor: their first entries are scrolled away.
    h.press(egui::Key::End);
    h.run();
    let (first, heading) = top_below(&h, "Move 1 White", "Moves");
    assert!(first < heading, "the move list follows the end");
    let (first, buttons) = top_below(&h, "1. White", "Start");
    assert!(first < buttons, "the event strip follows the end");
    // Studied again in the same window: at its start, lists included.
    h.state_mut().open(&sample("sample-berkeley.ron"), true);
    h.run();
    start(&h);
    h.press(egui::Key::End);
    h.run();
    h.press(egui::Key::Home);
    h.run();
    start(&h);
}

/// Issue 55 item 4: the timeline names a refused attempt as play does, in SAN from the mover's
/// pieces ("exd5"), from the referee's perspective and the player's, never by its squares.
#[test]
fn the_timeline_writes_refused_attempts_in_san() {
    let mut game = kriegspiel::log::Game::standard(kriegspiel::Preset::Berkeley.rules());
    for m in ["e2e4", "e7e5", "e4d5", "g1f3"] {
        game.apply(kriegspiel::referee::Request::Try(
            kriegspiel::attempt::Attempt::parse(m).expect("uci"),
        ))
        .expect("answered");
    }
    let app = Gui::builder();
    let file = app.dir().join("refused.ron");
    let meta = kriegspiel::save::Meta {
        abandoned: Some(kriegspiel::save::Abandoned::default()),
        ..kriegspiel::save::Meta::default()
    };
    kriegspiel::save::SavedGame::of(&game, meta, None)
        .write(&file)
        .expect("saved");
    let mut h = app.study(file).build();
    for perspective in [Perspective::Referee, Perspective::White] {
        h.study_mut().perspective = perspective;
        h.run();
        let shown = h.all_text().join("\n");
        assert!(shown.contains("exd5 No."), "{perspective:?}: {shown}");
        assert!(!shown.contains("e4d5"), "{perspective:?}: {shown}");
        assert!(shown.contains("Nf3"), "{perspective:?}: {shown}");
    }
}
