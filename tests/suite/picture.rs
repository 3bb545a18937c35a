//! A picture to share (`kriegspiel::picture`, `kriegspiel export`): the SVG names each piece on
//! its square, a PNG decodes to the size asked, and a player's picture shows only what that
//! player knew.

use crate::common;

use kriegspiel::PlayerView;
use kriegspiel::picture::{Overlay, Picture};
use kriegspiel::replay::Perspective;
use kriegspiel::save::SavedGame;
use shakmaty::{Color, Piece, Square};
use std::collections::BTreeSet;

fn sample(name: &str) -> SavedGame {
    let path = format!("{}/saves/{name}.ron", env!("CARGO_MANIFEST_DIR"));
    kriegspiel::save::load_file(std::path::Path::new(&path))
        .expect("the sample loads")
        .saved
}

/// The `(square, FEN letter)` of every element of `class` in an SVG.
fn drawn(svg: &str, class: &str) -> BTreeSet<(String, char)> {
    let head = format!("<use class=\"{class}\" data-square=\"");
    svg.match_indices(&head)
        .map(|(i, _)| {
            let rest = &svg[i + head.len()..];
            let square = rest[..rest.find('"').expect("a closing quote")].to_owned();
            let piece = rest
                .split("data-piece=\"")
                .nth(1)
                .and_then(|r| r.chars().next())
                .expect("a piece");
            (square, piece)
        })
        .collect()
}

fn named(pieces: impl IntoIterator<Item = (Square, Piece)>) -> BTreeSet<(String, char)> {
    pieces
        .into_iter()
        .map(|(sq, p)| (sq.to_string(), p.char()))
        .collect()
}

#[test]
fn the_referees_svg_names_every_piece_on_its_square_and_the_png_has_the_size_asked() {
    let saved = sample("sample-wild16");
    let picture = Picture::of_game(&saved, 0, Perspective::Referee, Overlay::Off).expect("made");
    let svg = picture.svg(480);
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("width=\"480\" height=\"480\""));
    let start = drawn(&svg, "piece");
    assert_eq!(start.len(), 32);
    for (sq, letter) in [("e1", 'K'), ("d8", 'q'), ("a2", 'P'), ("g8", 'n')] {
        assert!(start.contains(&(sq.to_owned(), letter)), "{sq} {letter}");
    }
    // The PNG: a valid file of the size asked, the board's colours on it (a1 is dark, h1 light
    // in its corner, where no piece is drawn).
    let png = picture.png(320).expect("rendered");
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).expect("a valid PNG");
    assert_eq!((pixmap.width(), pixmap.height()), (320, 320));
    let at = |x: u32, y: u32| pixmap.pixel(x, y).expect("inside").demultiply();
    let a1 = at(1, 318);
    let h1 = at(318, 318);
    assert_eq!((a1.red(), a1.green(), a1.blue()), (0xb5, 0x88, 0x63));
    assert_eq!((h1.red(), h1.green(), h1.blue()), (0xf0, 0xd9, 0xb5));
}

#[test]
fn a_players_picture_shows_only_what_that_player_knew() {
    let saved = sample("sample-wild16");
    let events = saved.log.events.len();
    for cursor in (0..=events).step_by(23) {
        for color in [Color::White, Color::Black] {
            let picture = Picture::of_game(&saved, cursor, Perspective::of(color), Overlay::Off)
                .expect("made");
            let svg = picture.svg(400);
            let view = PlayerView::build_prefix(&saved.log, color, cursor);
            // Solid pieces: the player's own, exactly.
            assert_eq!(drawn(&svg, "piece"), named(view.own.iter()), "at {cursor}");
            assert!(
                drawn(&svg, "piece")
                    .iter()
                    .all(|(_, l)| { l.is_ascii_uppercase() == (color == Color::White) })
            );
            // Enemy pieces only as the player's own guesses and what it saw.
            let markers = saved
                .markers
                .at(color, cursor)
                .into_iter()
                .map(|(sq, r)| (sq, r.of(!color)));
            assert_eq!(drawn(&svg, "marker"), named(markers));
            assert_eq!(drawn(&svg, "seen"), named(view.enemy_sightings()));
        }
    }
}

/// The events played when `color` has ended `turns` turns in `log`.
fn after_turns(log: &kriegspiel::GameLog, color: Color, turns: usize) -> usize {
    log.events
        .iter()
        .enumerate()
        .filter(|(_, e)| e.turn_ends && e.by == Some(color))
        .nth(turns - 1)
        .map(|(i, _)| i + 1)
        .expect("that many turns")
}

#[test]
fn a_players_picture_is_the_same_whatever_the_truth_it_did_not_see() {
    // A second game in which White hears exactly what it heard in the sample while Black plays
    // otherwise: White's picture, overlay included, must not change.
    let first = sample("sample-wild16");
    let shadow = common::shadow_game(&first.log, Color::White, 11);
    let second = SavedGame::of(&shadow, kriegspiel::save::Meta::default(), None);
    let mut first = first;
    first.markers = Default::default();
    let white_turns = second
        .log
        .events
        .iter()
        .filter(|e| e.turn_ends && e.by == Some(Color::White))
        .count();
    let mut truths_differ = false;
    let mut compared = 0;
    for turns in 1..=white_turns {
        let (a, b) = (
            after_turns(&first.log, Color::White, turns),
            after_turns(&second.log, Color::White, turns),
        );
        // Only as far as White heard the same in both (the shadow game does not check what
        // White's own attempts were answered).
        let perceived =
            |s: &SavedGame, n: usize| PlayerView::build_prefix(&s.log, Color::White, n).perception;
        if perceived(&first, a) != perceived(&second, b) {
            break;
        }
        let truth =
            |s: &SavedGame, n: usize| s.log.replay_prefix(n).expect("replays").referee().fen();
        truths_differ |= truth(&first, a) != truth(&second, b);
        for overlay in [Overlay::Off, Overlay::Units(None)] {
            let picture = |s: &SavedGame, n: usize| {
                Picture::of_game(s, n, Perspective::White, overlay)
                    .expect("made")
                    .svg(300)
            };
            assert_eq!(
                picture(&first, a),
                picture(&second, b),
                "after {turns} turns"
            );
        }
        compared += 1;
    }
    assert!(compared >= 3, "compared {compared} points");
    assert!(
        truths_differ,
        "the two games differ where White could not see"
    );
}

#[test]
fn the_command_writes_svg_and_png_and_refuses_other_names() {
    let dir = tempfile::tempdir().expect("a folder");
    let save = format!("{}/saves/sample-wild16.ron", env!("CARGO_MANIFEST_DIR"));
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
            .arg("export")
            .arg(&save)
            .args(args)
            .output()
            .expect("runs")
    };
    let png = dir.path().join("b.png");
    let out = run(&[
        "--ply",
        "20",
        "--view",
        "black",
        "--overlay",
        "king",
        "--size",
        "200",
        "--out",
    ]
    .map(String::from)
    .iter()
    .map(String::as_str)
    .chain([png.to_str().expect("utf-8")])
    .collect::<Vec<_>>());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).expect("written");
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&bytes).expect("a valid PNG");
    assert_eq!((pixmap.width(), pixmap.height()), (200, 200));
    let svg = dir.path().join("r.svg");
    let out = run(&["--view", "referee", "--out", svg.to_str().expect("utf-8")]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(&svg).expect("written");
    assert!(text.contains("<title>Referee's board</title>"));
    let out = run(&["--out", dir.path().join("x.txt").to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2));
}
