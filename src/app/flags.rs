//! The rule-flag editor of the new-game dialog and its preset choices: every flag of a rule
//! set, editable (the one screen that names the family flags: it edits them), and the choices a
//! handicap preset leaves to the players (which side is sighted, which bishop it keeps).

use crate::rules::{
    AnyRule, EnPassantSquare, Family, Handicap, Hearers, ImpossibleRule, MaterialRule, PawnInfo,
    Preset, PromotionRule, RepeatRule, RuleSet, Sighted, Wing, Wording,
};

/// Every rule flag, editable, in a grid of four groups.
pub fn editor(ui: &mut egui::Ui, r: &mut RuleSet) {
    egui::Grid::new("flags")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            answer_flags(ui, r);
            pawn_flags(ui, r);
            ending_flags(ui, r);
            family_flags(ui, r);
        });
}

/// The presets as radio buttons in wrapped rows (the Kriegspiel presets, then the other members
/// of the family), the chosen one's summary in plain words, and its choices.
pub fn preset_picker(ui: &mut egui::Ui, r: &mut RuleSet) {
    let current = r.preset();
    let (kriegspiel, others): (Vec<Preset>, Vec<Preset>) = Preset::ALL
        .into_iter()
        .partition(|p| p.rules().variant().plain());
    for row in [kriegspiel, others] {
        ui.horizontal_wrapped(|ui| {
            for preset in row {
                let text = egui::RichText::new(preset.title()).strong();
                if ui.radio(current == Some(preset), text).clicked() && current != Some(preset) {
                    *r = preset.rules();
                }
            }
        });
    }
    let summary = current.map_or("Custom rules: every flag as set below.", Preset::summary);
    ui.add(egui::Label::new(summary).wrap());
    preset_choices(ui, r);
}

/// The choices a handicap preset leaves to the players, shown under the preset picker.
pub fn preset_choices(ui: &mut egui::Ui, r: &mut RuleSet) {
    if r.sighted == Sighted::None {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Sighted player:");
        ui.radio_value(&mut r.sighted, Sighted::White, "White");
        ui.radio_value(&mut r.sighted, Sighted::Black, "Black");
        if r.bishop.is_some() {
            ui.label("  Bishop kept:");
            ui.radio_value(&mut r.bishop, Some(Wing::C), "c-file");
            ui.radio_value(&mut r.bishop, Some(Wing::F), "f-file");
        }
    });
}

/// How attempts are answered and who hears it.
fn answer_flags(ui: &mut egui::Ui, r: &mut RuleSet) {
    combo(
        ui,
        "Family",
        &mut r.family,
        &[
            (Family::Kriegspiel, "Kriegspiel"),
            (Family::Rbc, "Reconnaissance Blind Chess"),
        ],
    );
    combo(
        ui,
        "Impossible attempts",
        &mut r.impossible,
        &[
            (ImpossibleRule::MoverOnly, "told to the mover only"),
            (ImpossibleRule::Both, "heard by both"),
            (ImpossibleRule::AsIllegal, "treated as illegal"),
        ],
    );
    combo(
        ui,
        "Same attempt twice",
        &mut r.repeat,
        &[
            (RepeatRule::Impossible, "impossible"),
            (RepeatRule::Illegal, "illegal again"),
        ],
    );
    combo(
        ui,
        "Illegal heard by",
        &mut r.illegal_heard_by,
        &[
            (Hearers::Mover, "the mover only"),
            (Hearers::Both, "both players"),
        ],
    );
}

/// Pawn information, "Any?" and promotion.
fn pawn_flags(ui: &mut egui::Ui, r: &mut RuleSet) {
    ui.label("Captures say pawn or piece");
    ui.checkbox(&mut r.capture_unit, "");
    ui.end_row();
    combo(
        ui,
        "Pawn information",
        &mut r.pawn_info,
        &[
            (PawnInfo::None, "none"),
            (PawnInfo::Count, "number of pawn tries"),
            (PawnInfo::HasAny, "whether there are any"),
            (PawnInfo::Squares, "squares of the pawn tries"),
        ],
    );
    combo(
        ui,
        "\"Any?\" question",
        &mut r.any,
        &[
            (AnyRule::Off, "no"),
            (
                AnyRule::UntilLegal,
                "yes; \"Try\" binds until a capture is legal",
            ),
            (
                AnyRule::OneAttempt,
                "yes; \"Try\" binds for one capture attempt",
            ),
            (
                AnyRule::Secret,
                "secret (Berkeley III.E): only the asker hears the answer",
            ),
        ],
    );
    combo(
        ui,
        "Promotion",
        &mut r.promotion,
        &[
            (PromotionRule::Any, "any piece"),
            (PromotionRule::QueenOnly, "queen only"),
        ],
    );
}

/// When the game ends by rule.
fn ending_flags(ui: &mut egui::Ui, r: &mut RuleSet) {
    ui.label("Announce promotions");
    ui.checkbox(&mut r.announce_promotion, "");
    ui.end_row();
    ui.label("Fifty-move rule");
    ui.checkbox(&mut r.fifty_moves, "");
    ui.end_row();
    ui.label("Threefold repetition");
    ui.checkbox(&mut r.threefold, "");
    ui.end_row();
    combo(
        ui,
        "Material draw",
        &mut r.material,
        &[
            (MaterialRule::MinorEach, "at most one minor piece each"),
            (MaterialRule::DeadPosition, "dead position"),
        ],
    );
    combo(
        ui,
        "En passant capture square",
        &mut r.en_passant,
        &[
            (EnPassantSquare::CapturedPawn, "the captured pawn's square"),
            (EnPassantSquare::Destination, "the destination square"),
        ],
    );
}

/// The family and its options: handicaps, opened squares; and the wording.
fn family_flags(ui: &mut egui::Ui, r: &mut RuleSet) {
    combo(
        ui,
        "Sighted player (handicap game)",
        &mut r.sighted,
        &[
            (Sighted::None, "none"),
            (Sighted::White, "White sees the whole board"),
            (Sighted::Black, "Black sees the whole board"),
        ],
    );
    combo(
        ui,
        "Sighted player's army",
        &mut r.handicap,
        &[
            (Handicap::None, "full army"),
            (
                Handicap::PicklePot,
                "Pickle-pot: king, queen, one bishop, pawns",
            ),
            (
                Handicap::OneEye,
                "One-eye: king, two rooks, one bishop, pawns",
            ),
            (Handicap::Semi, "Semi-Kriegspiel: king and queen, placed"),
        ],
    );
    combo(
        ui,
        "Bishop kept (Pickle-pot, One-eye)",
        &mut r.bishop,
        &[
            (None, "-"),
            (Some(Wing::C), "the c-file bishop"),
            (Some(Wing::F), "the f-file bishop"),
        ],
    );
    ui.label("Modern Kriegspiel: squares opened after each move");
    ui.add(egui::DragValue::new(&mut r.open_squares).range(0..=9));
    ui.end_row();
    combo(
        ui,
        "Wording",
        &mut r.wording,
        &[
            (Wording::Berkeley, "Berkeley"),
            (Wording::Icc, "ICC"),
            (Wording::Cincinnati, "Cincinnati"),
            (Wording::Rand, "RAND"),
            (Wording::English, "English"),
            (Wording::Classic, "Classic"),
        ],
    );
}

fn combo<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    label: &str,
    value: &mut T,
    options: &[(T, &str)],
) {
    ui.label(label);
    let current = options
        .iter()
        .find(|(v, _)| v == value)
        .map_or("?", |(_, n)| n);
    egui::ComboBox::from_id_salt(label)
        .selected_text(current)
        .show_ui(ui, |ui| {
            for (v, name) in options {
                ui.selectable_value(value, *v, *name);
            }
        });
    ui.end_row();
}
