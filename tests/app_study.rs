//! Study mode: step through a sample game from each perspective; a player's perspective draws
//! only that player's board, the referee's draws everything; unfinished games ask first.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kriegspiel::app::play::Place;
use kriegspiel::app::settings::Settings;
use kriegspiel::app::study::StudyScreen;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::replay::Perspective;
use shakmaty::Color;
use std::path::Path;

fn study_app(file: &Path) -> KriegspielApp {
    let options = StartOptions {
        file: Some(file.to_path_buf()),
        mode: Some("study".into()),
        saves_dir: Some(std::env::temp_dir()),
        ..StartOptions::default()
    };
    KriegspielApp::new(options, Settings::default(), false)
}

fn harness(app: KriegspielApp) -> Harness<'static, KriegspielApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app);
    h.run();
    h
}

fn study<'h>(h: &'h Harness<'_, KriegspielApp>) -> &'h StudyScreen {
    match &h.state().screen {
        Screen::Study(s) => s,
        _ => panic!("not in study mode"),
    }
}

fn study_mut<'h>(h: &'h mut Harness<'_, KriegspielApp>) -> &'h mut StudyScreen {
    match &mut h.state_mut().screen {
        Screen::Study(s) => s,
        _ => panic!("not in study mode"),
    }
}

fn sample(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("saves")
        .join(name)
}

#[test]
fn each_perspective_shows_what_it_knew() {
    let mut h = harness(study_app(&sample("sample-wild16.ron")));
    assert!(study(&h).confirmed, "a finished game opens directly");
    let len = study(&h).saved.log.events.len();
    for cursor in [0, 7, len / 3, len / 2, len - 1, len] {
        for perspective in [Perspective::White, Perspective::Black, Perspective::Referee] {
            {
                let s = study_mut(&mut h);
                s.seek(cursor);
                s.perspective = perspective;
            }
            h.run();
            let s = study(&h);
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
    let mut h = harness(study_app(&sample("sample-berkeley.ron")));
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert_eq!(study(&h).cursor, 1);
    h.key_press(egui::Key::ArrowDown);
    h.run();
    let after_move = study(&h).cursor;
    assert!(
        study(&h).saved.log.events[after_move - 1].turn_ends,
        "stopped at the end of a move"
    );
    h.key_press(egui::Key::End);
    h.run();
    assert_eq!(study(&h).cursor, study(&h).saved.log.events.len());
    h.key_press(egui::Key::Home);
    h.run();
    assert_eq!(study(&h).cursor, 0);
    h.get_by_label("Next move").click();
    h.run();
    assert!(study(&h).cursor > 0);
    h.get_by_label("Start").click();
    h.run();
    assert_eq!(study(&h).cursor, 0);
}

#[test]
fn an_unfinished_game_asks_before_showing_anything() {
    let text = std::fs::read_to_string(sample("sample-rand.ron")).expect("sample");
    let mut saved = kriegspiel::save::load_str(&text).expect("loads").saved;
    saved.log.events.truncate(20);
    saved.result = None;
    let path = std::env::temp_dir().join(format!("kriegspiel-study-{}.ron", std::process::id()));
    saved.write(&path).expect("write");
    let mut h = harness(study_app(&path));
    assert!(!study(&h).confirmed);
    assert!(
        study(&h).drawn.is_empty(),
        "nothing is drawn before the confirmation"
    );
    h.get_by_label("Study it anyway").click();
    h.run();
    assert!(study(&h).confirmed);
    assert_eq!(study(&h).drawn.len(), 3);
}

#[test]
fn the_overlay_shades_the_possible_king_squares() {
    let mut h = harness(study_app(&sample("sample-wild16.ron")));
    {
        let s = study_mut(&mut h);
        s.perspective = Perspective::White;
        s.seek(40);
        s.overlay = true;
    }
    h.run();
    let s = study(&h);
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
    let mut h = harness(study_app(&sample("sample-wild16.ron")));
    let len = study(&h).saved.log.events.len();
    for cursor in [0, len / 2, len] {
        let enemy_white: fn(char) -> bool = |c| c.is_ascii_uppercase();
        let enemy_black: fn(char) -> bool = |c| c.is_ascii_lowercase();
        for (perspective, hidden) in [
            (Perspective::White, enemy_black),
            (Perspective::Black, enemy_white),
        ] {
            study_mut(&mut h).cursor = cursor;
            study_mut(&mut h).perspective = perspective;
            h.run();
            h.get_by_label("Copy FEN").click();
            h.run();
            let notice = study(&h).notice.clone().expect("a notice");
            let fen = notice.trim_start_matches("Copied ");
            let board = fen.split(' ').next().expect("board");
            assert!(
                !board.chars().any(hidden),
                "{perspective:?} at {cursor} copied an enemy piece: {fen}"
            );
        }
    }
    study_mut(&mut h).perspective = Perspective::Referee;
    study_mut(&mut h).cursor = 0;
    h.run();
    h.get_by_label("Copy FEN").click();
    h.run();
    let notice = study(&h).notice.clone().expect("a notice");
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
    let dir = std::env::temp_dir().join(format!("kriegspiel-heat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("heat.ron");
    kriegspiel::save::SavedGame::of(&game, kriegspiel::save::Meta::default(), None)
        .write(&file)
        .expect("saved");
    let mut h = harness(study_app(&file));
    h.get_by_label("Study it anyway").click();
    h.run();
    {
        let s = study_mut(&mut h);
        s.perspective = Perspective::White;
        s.seek(4);
        s.overlay = true;
        s.overlay_role = Some(shakmaty::Role::King);
    }
    h.run();
    let heat = study(&h).drawn[0].heat.clone();
    let mut squares: Vec<String> = heat.iter().map(|(sq, _)| sq.to_string()).collect();
    squares.sort();
    assert_eq!(squares, ["d7", "e7", "e8", "f7"]);
    assert!(heat.iter().all(|(_, w)| *w > 0 && *w < 1000));
    study_mut(&mut h).overlay_role = None;
    h.run();
    let all = study(&h).drawn[0].heat.len();
    assert!(all > 16, "Black's army may stand on {all} squares");
}
