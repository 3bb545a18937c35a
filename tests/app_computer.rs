//! Playing the computer (issue 18): chosen in the new-game dialog with a level and a colour; the
//! strong computer thinks on another thread (the window keeps drawing), the person's board is
//! the only one drawn, and the save names the bot.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kriegspiel::Preset;
use kriegspiel::app::newgame::{NewGameDialog, NewMode};
use kriegspiel::app::play::Place;
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::bots::BotKind;
use shakmaty::Color;

#[test]
fn the_strong_computer_plays_white_from_its_thread_and_the_person_sees_only_black() {
    let dir = std::env::temp_dir().join(format!("kriegspiel-app-computer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let options = StartOptions {
        saves_dir: Some(dir.clone()),
        ..StartOptions::default()
    };
    let mut app = KriegspielApp::new(options, Settings::default(), false);
    let mut dialog = NewGameDialog::new(Preset::Wild16, NewMode::Computer);
    dialog.human = Color::Black;
    dialog.bot = BotKind::Strong;
    app.screen = Screen::NewGame(Box::new(dialog));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app);
    h.run_steps(2);
    // The level and the colour are in the dialog.
    assert!(
        h.query_by_label("Hard (weighs where your pieces may be)")
            .is_some()
    );
    h.get_by_label("Start game").click();
    // Frame by frame until the computer (White) has moved: the window keeps drawing meanwhile.
    let mut frames = 0;
    loop {
        h.run_steps(1);
        frames += 1;
        let Screen::Play(p) = &h.state().screen else {
            panic!("not playing")
        };
        if p.session.to_act() == Color::Black {
            break;
        }
        assert!(frames < 2_000, "the computer never moved");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let Screen::Play(p) = &h.state().screen else {
        panic!("not playing")
    };
    let meta = p.session.meta();
    assert_eq!(meta.white, "Computer (strong)");
    assert_eq!(
        meta.computer.map(|c| (c.plays, c.bot)),
        Some((Color::White, BotKind::Strong))
    );
    // Only the person's board is drawn, and it holds Black's pieces only.
    assert!(
        p.drawn
            .iter()
            .all(|d| d.place == Place::Player(Color::Black))
    );
    assert!(
        p.drawn
            .iter()
            .flat_map(|d| d.pieces.iter())
            .all(|(_, piece)| piece.color == Color::Black)
    );
    // The training aid: the person's belief as a heat map on its own board, never on its own
    // units' squares.
    h.get_by_label("Where enemy units may be").click();
    h.run();
    let Screen::Play(p) = &h.state().screen else {
        panic!("not playing")
    };
    let board = &p.drawn[0];
    assert!(board.heat.len() >= 16, "{:?}", board.heat);
    let own: Vec<_> = board.pieces.iter().map(|(sq, _)| *sq).collect();
    assert!(board.heat.iter().all(|(sq, _)| !own.contains(sq)));
}
