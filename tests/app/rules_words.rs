//! Rules in words (issue 29, items 7 and 6): every preset explained in the new-game picker and
//! the host form, every rule flag with hover text, only the flags the family uses, an edited
//! rule set titled by its nearest preset and what differs (on the game screen, in the saves
//! list and in study), and no internal names in titles (problems name their rules for people).

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::Gui;
use kriegspiel::Preset;
use kriegspiel::app::network::{NetworkScreen, Tab};
use kriegspiel::app::newgame::{NewGameDialog, NewMode};
use kriegspiel::app::settings::Settings;
use kriegspiel::rules::PawnInfo;
use kriegspiel::variant::describe::Flag;

/// The new-game dialog on `preset`, in a tall window.
fn dialog(preset: Preset) -> Gui {
    Gui::builder()
        .size(1280.0, 1400.0)
        .settings(Settings {
            seen_tip: true,
            ..Settings::default()
        })
        .new_game(NewGameDialog::new(preset, NewMode::HotSeat))
        .build()
}

/// Hovers the first widget labelled `label` until its hover text shows; the text on screen.
fn hover_text(h: &mut Gui, label: &str) -> String {
    let node = h.query_all_by_label(label).next().expect("the widget");
    node.hover();
    // Hover text at once (a person's pointer rests a moment first).
    h.ctx.all_styles_mut(|s| s.interaction.tooltip_delay = 0.0);
    for _ in 0..3 {
        h.run();
    }
    h.all_text().join("\n")
}

#[test]
fn every_preset_is_explained_in_the_picker() {
    let mut h = dialog(Preset::Berkeley);
    for p in Preset::ALL {
        // Its summary as hover text ...
        let text = hover_text(&mut h, p.title());
        assert!(text.contains(p.summary()), "no hover text for {p:?}");
        // ... and under the picker once chosen.
        h.click(p.title());
        assert_eq!(h.new_game().rules.preset(), Some(p));
        assert!(h.all_text().iter().any(|t| t == p.summary()), "{p:?}");
    }
}

#[test]
fn every_flag_has_hover_text_and_only_the_familys_flags_show() {
    let mut h = dialog(Preset::Wild16);
    h.click("Change any rule (hover a rule for what it does)");
    let rules = h.new_game().rules.clone();
    for flag in Flag::ALL {
        let shown = h.query_all_by_label(flag.name()).next().is_some();
        assert_eq!(shown, flag.applies(&rules), "{flag:?}");
        if shown {
            assert!(
                hover_text(&mut h, flag.name()).contains(flag.help()),
                "{flag:?}"
            );
        }
    }
    assert!(
        h.query_by_label(Flag::Bishop.name()).is_none(),
        "no handicap here"
    );
    // Reconnaissance Blind Chess: no Kriegspiel flags.
    h.click(Preset::Rbc.title());
    for flag in [
        Flag::PawnInfo,
        Flag::Any,
        Flag::Impossible,
        Flag::Drops,
        Flag::Sighted,
    ] {
        assert!(
            h.query_all_by_label(flag.name()).next().is_none(),
            "{flag:?} in RBC"
        );
    }
    assert!(h.query_all_by_label(Flag::Wording.name()).next().is_some());
    // A handicap preset shows its army and bishop.
    h.click(Preset::OneEye.title());
    assert!(h.query_all_by_label(Flag::Bishop.name()).next().is_some());
}

#[test]
fn an_edited_rule_set_is_titled_by_its_nearest_preset_everywhere() {
    let mut h = dialog(Preset::Wild16);
    h.new_game_mut().rules.pawn_info = PawnInfo::None;
    h.run();
    let text = h.all_text().join("\n");
    assert!(
        text.contains("Your own rules: ICC Wild 16 with these changes: pawn tries off."),
        "{text}"
    );
    assert!(!text.contains("Custom rules"), "{text}");
    h.click("Start game");
    let title = "ICC Wild 16, pawn tries off";
    assert!(
        h.all_text().iter().any(|t| t == title),
        "the game's heading"
    );
    assert_eq!(
        h.state().window_title(),
        Some("Kriegspiel — White vs Black (ICC Wild 16, pawn tries off)")
    );
    // The saves list on the start screen.
    h.click("Start screen");
    h.click("Leave it for the start screen");
    h.listed();
    let text = h.all_text().join("\n");
    assert!(text.contains(&format!("· {title} · unfinished")), "{text}");
    // Study.
    let saved = std::fs::read_dir(h.dir())
        .expect("the saves")
        .filter_map(Result::ok)
        .find(|e| e.path().extension().is_some_and(|x| x == "ron"))
        .expect("the autosave")
        .path();
    // Studied once it is over: abandoned from the gate's question.
    h.state_mut().open(&saved, true);
    h.run();
    h.click("This game will not be continued");
    h.click("Abandon it and study");
    let text = h.all_text().join("\n");
    assert!(text.contains(&format!("Study: {title}")), "{text}");
    assert_eq!(
        h.state().window_title(),
        Some("Kriegspiel — Study: White vs Black (ICC Wild 16, pawn tries off)")
    );
}

#[test]
fn the_host_form_explains_the_chosen_rules() {
    let mut h = Gui::builder()
        .settings(Settings {
            seen_tip: true,
            ..Settings::default()
        })
        .network(NetworkScreen::new(Tab::Host))
        .build();
    let text = h.all_text().join("\n");
    assert!(text.contains(Preset::Wild16.summary()), "{text}");
    h.network_mut().rules = Preset::English.rules();
    h.run();
    assert!(h.all_text().iter().any(|t| t == Preset::English.summary()));
}

#[test]
fn problems_name_their_rules_for_people_and_no_title_says_seed() {
    let b = Gui::builder();
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/problems");
    std::fs::copy(
        shipped.join("rotenberg-1976.ron"),
        b.dir().join("rotenberg-1976.ron"),
    )
    .expect("copied");
    let h = b.problems().build();
    let text = h.all_text().join("\n");
    assert!(text.contains("Rules: ICC Wild 16."), "{text}");
    assert!(
        !text.contains("wild16") && !text.contains("seed 0"),
        "{text}"
    );
    for entry in std::fs::read_dir(&shipped).expect("the problems") {
        let path = entry.expect("an entry").path();
        let p = kriegspiel::problem::Problem::load(&path).expect("a problem");
        for words in [&p.title, &p.source] {
            assert!(!words.contains("seed 0"), "{}: {words}", path.display());
        }
    }
}
