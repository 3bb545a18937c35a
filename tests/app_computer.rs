//! Playing the computer (issue 18): chosen in the new-game dialog with a level and a colour; the
//! strong computer thinks on another thread (the window keeps drawing), the person's board is
//! the only one drawn, and the save names the bot.
#![cfg(feature = "gui")]

#[path = "common/gui.rs"]
mod gui;

use egui_kittest::kittest::Queryable;
use gui::Gui;
use kriegspiel::Preset;
use kriegspiel::app::newgame::{NewGameDialog, NewMode};
use kriegspiel::app::play::Place;
use kriegspiel::bots::BotKind;
use shakmaty::Color;

#[test]
fn the_strong_computer_plays_white_from_its_thread_and_the_person_sees_only_black() {
    let mut dialog = NewGameDialog::new(Preset::Wild16, NewMode::Computer);
    dialog.human = Color::Black;
    dialog.bot = BotKind::Strong;
    let mut h = Gui::builder()
        .size(1280.0, 900.0)
        .new_game(dialog)
        .build_without_run();
    h.run_steps(2);
    // The level and the colour are in the dialog.
    assert!(
        h.query_by_label("Hard (weighs where your pieces may be)")
            .is_some()
    );
    h.get_by_label("Start game").click();
    // Frame by frame until the computer (White) has moved: the window keeps drawing meanwhile.
    h.run_until("the computer never moved", |h| {
        h.table().to_act() == Color::Black
    });
    let meta = h.table().meta();
    assert_eq!(meta.white, "Computer (strong)");
    assert_eq!(
        meta.computer.map(|c| (c.plays, c.bot)),
        Some((Color::White, BotKind::Strong))
    );
    // Only the person's board is drawn, and it holds Black's pieces only.
    let p = h.play();
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
    h.click("Where enemy units may be");
    let board = &h.play().drawn[0];
    assert!(board.heat.len() >= 16, "{:?}", board.heat);
    let own: Vec<_> = board.pieces.iter().map(|(sq, _)| *sq).collect();
    assert!(board.heat.iter().all(|(sq, _)| !own.contains(sq)));
}
