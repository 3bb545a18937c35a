//! Text from outside (issue 30, item 9): names are cleaned of control and direction characters
//! and bounded, whatever they hold; and bad input is quoted short in every error that echoes it
//! (a 100 KB FEN, move, rule set, op or file field gives a message of a few hundred characters
//! that says how long the input was).

use kriegspiel::protocol::Session;
use kriegspiel::untrusted::{
    NAME_CHARS, SHOWN_CHARS, TEXT_CHARS, clean_name, clean_text, is_unsafe, quoted,
};
use proptest::prelude::*;
use serde_json::Value;

/// A message that echoes a long input: at most a few hundred characters, saying the length.
fn assert_short(what: &str, message: &str, length: &str) {
    assert!(
        message.chars().count() <= 2 * SHOWN_CHARS + 200,
        "{what}: {} characters: {message}",
        message.chars().count()
    );
    assert!(
        message.contains(&format!("({length} characters)")),
        "{what}: {message}"
    );
}

/// Text with many control, direction and space characters among ordinary ones.
fn hostile_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            any::<char>(),
            prop::sample::select(vec![
                '\0', '\n', '\r', '\t', '\u{1b}', '\u{7f}', '\u{85}', '\u{202E}', '\u{2066}',
                '\u{200B}', '\u{2028}', '\u{FEFF}', ' ', '"', '\\', 'a', 'é',
            ]),
        ],
        0..120,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, .. ProptestConfig::default() })]

    #[test]
    fn a_clean_name_is_safe_bounded_and_stable(text in hostile_text()) {
        let name = clean_name(&text);
        prop_assert!(!name.chars().any(is_unsafe), "{name:?}");
        prop_assert!(name.chars().count() <= NAME_CHARS);
        prop_assert_eq!(name.trim(), name.as_str());
        prop_assert!(!name.contains("  "), "{name:?}");
        prop_assert_eq!(clean_name(&name), name.clone());
        // Nothing visible is lost from a short name.
        let visible: String = text.chars().filter(|c| !c.is_whitespace() && !is_unsafe(*c)).collect();
        if text.chars().count() <= NAME_CHARS {
            prop_assert_eq!(name.chars().filter(|c| !c.is_whitespace()).collect::<String>(), visible);
        }
    }

    #[test]
    fn clean_text_keeps_only_line_breaks(text in hostile_text()) {
        let clean = clean_text(&text);
        prop_assert!(!clean.chars().any(|c| c != '\n' && is_unsafe(c)), "{clean:?}");
        prop_assert!(clean.chars().count() <= TEXT_CHARS);
    }

    #[test]
    fn quoted_input_is_safe_and_bounded(text in hostile_text(), repeat in 1usize..400) {
        let long = text.repeat(repeat);
        let q = quoted(&long);
        prop_assert!(!q.chars().any(is_unsafe), "{q:?}");
        // An escape is at most 10 characters (`\u{10ffff}`).
        prop_assert!(q.chars().count() <= 10 * SHOWN_CHARS + 40);
        let n = long.chars().count();
        if n > SHOWN_CHARS {
            prop_assert!(q.ends_with(" characters)"), "{q}");
        } else if !long.chars().any(is_unsafe) {
            prop_assert_eq!(q, format!("'{long}'"));
        }
    }
}

fn ask(session: &mut Session, line: &str) -> Value {
    let mut out = String::new();
    session.handle_line(line, &mut out);
    serde_json::from_str(&out).expect("one JSON object")
}

const LONG: usize = 100_000;

#[test]
fn a_100_kb_fen_is_quoted_short_everywhere() {
    let fen = "r".repeat(LONG);
    let error = kriegspiel::referee::NewGameError::Fen(fen.clone()).to_string();
    assert_short("the referee", &error, "100,000");
    assert!(error.starts_with(&format!("'{}…'", "r".repeat(SHOWN_CHARS))));
    // Through the referee protocol.
    let mut session = Session::new();
    let line = format!(r#"{{"op":"new","rules":"berkeley","fen":"{fen}"}}"#);
    let answer = ask(&mut session, &line);
    assert_eq!(answer["ok"], false);
    assert_short(
        "the protocol",
        answer["error"].as_str().expect("error"),
        "100,000",
    );
    // In a problem file.
    let problem = kriegspiel::problem::Problem::parse(&format!(
        r#"(title: "", author: "", source: "", rules: "berkeley", known: "{fen}", mate_in: 1)"#
    ))
    .expect("reads");
    let error = problem.belief().expect_err("no position").to_string();
    assert_short("a problem", &error, "100,000");
}

#[test]
fn long_moves_rule_sets_and_fields_are_quoted_short() {
    let long = "q".repeat(LONG);
    let game = kriegspiel::Game::standard(kriegspiel::RuleSet::default());
    let view = kriegspiel::PlayerView::build(game.log(), shakmaty::Color::White);
    let typed = kriegspiel::variant::typed::resolve(&view, &long)
        .expect_err("not a move")
        .to_string();
    assert_short("a typed move", &typed, "100,000");
    let sense = kriegspiel::variant::typed::parse_line(&format!("sense {long}"))
        .expect_err("not a square")
        .to_string();
    assert_short("a typed square", &sense, "100,000");
    let uci = long
        .parse::<kriegspiel::Attempt>()
        .expect_err("not UCI")
        .to_string();
    assert_short("a UCI move", &uci, "100,000");
    let preset = long
        .parse::<kriegspiel::Preset>()
        .expect_err("no preset")
        .to_string();
    assert_short("a rule set", &preset, "100,000");
    let ending = kriegspiel::setup::NotAnEnding(long.clone()).to_string();
    assert_short("an ending", &ending, "100,000");
    let clock = kriegspiel::seat::serve::parse_time_control(&long)
        .expect_err("no clock")
        .to_string();
    assert_short("a clock", &clock, "100,000");
    // A save naming an unknown bot at length.
    let mut saved = kriegspiel::selfplay::random_game(kriegspiel::Preset::Wild16.rules(), 1, 4);
    saved.meta.computer = Some(kriegspiel::save::Computer {
        plays: shakmaty::Color::Black,
        bot: kriegspiel::bots::BotKind::Random,
        level: None,
    });
    let text = saved
        .to_ron()
        .replace("bot: random", &format!("bot: {long}"));
    let error = kriegspiel::save::load_str(&text)
        .expect_err("unknown bot")
        .to_string();
    assert_short("a save", &error, "100,000");
}

#[test]
fn a_long_command_line_value_is_quoted_short() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args(["host", "--rules", &"x".repeat(LONG)])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.len() < 2000, "{} bytes: {stderr}", stderr.len());
    assert!(stderr.contains("invalid value"), "{stderr}");
    // An ordinary mistake reads as clap writes it.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args(["host", "--rules", "nope"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("invalid value 'nope' for '--rules <PRESET|FILE>'"),
        "{stderr}"
    );
}
