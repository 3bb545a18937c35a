//! The rule choice of the new-game dialog and of the host form ([`rules_section`]): the rule
//! picker and the rule-flag editor. Every preset with its summary in plain words (and as hover
//! text), a custom rule set titled by its nearest preset and what differs, every flag that
//! applies to the family editable with its explanation as hover text
//! ([`crate::variant::describe::Flag`]), and the choices a handicap preset leaves to the
//! players (which side is sighted, which bishop it keeps).

use crate::rules::{
    AnyRule, EnPassantSquare, Family, Handicap, Hearers, ImpossibleRule, MaterialRule, PawnInfo,
    Preset, PromotionRule, RepeatRule, RuleSet, Sighted, Wing, Wording,
};
use crate::variant::describe::{Flag, describe_difference, nearest};

/// Every rule flag that applies to the rules' family, editable, each with its explanation as
/// hover text; and why the flags cannot be played together, if they cannot.
pub fn editor(ui: &mut egui::Ui, r: &mut RuleSet) {
    let before = r.clone();
    egui::Grid::new("flags")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            let shown: Vec<Flag> = Flag::ALL.into_iter().filter(|f| f.applies(r)).collect();
            for flag in shown {
                ui.label(flag.name()).on_hover_text(flag.help());
                flag_widget(ui, r, flag).on_hover_text(flag.help());
                ui.end_row();
            }
        });
    settle(&before, r);
    if let Err(e) = r.check() {
        ui.colored_label(
            super::theme::ERROR,
            format!("These rules cannot be played: {e}."),
        );
    }
}

/// After an edit, the flags the edited one decides: another family starts from its own preset;
/// no sighted player, no handicap army; Pickle-pot and One-eye keep a bishop, the others none.
fn settle(before: &RuleSet, r: &mut RuleSet) {
    if r.family != before.family {
        *r = match r.family {
            Family::Rbc => Preset::Rbc.rules(),
            Family::Kriegspiel => RuleSet::default(),
        };
        return;
    }
    if r.sighted == Sighted::None {
        r.handicap = Handicap::None;
    }
    match r.handicap {
        Handicap::PicklePot | Handicap::OneEye => {
            r.bishop = r.bishop.or(Some(Wing::F));
        }
        Handicap::None | Handicap::Semi => r.bishop = None,
    }
}

/// The presets as radio buttons in wrapped rows (the Kriegspiel presets, then the other members
/// of the family), each with its summary as hover text; the chosen one's summary (or, for
/// edited rules, their title and what differs); and its choices.
pub fn preset_picker(ui: &mut egui::Ui, r: &mut RuleSet) {
    let current = r.preset();
    let (kriegspiel, others): (Vec<Preset>, Vec<Preset>) = Preset::ALL
        .into_iter()
        .partition(|p| p.rules().variant().plain());
    for (group, row) in [("Kriegspiel:", kriegspiel), ("Other games:", others)] {
        ui.horizontal_wrapped(|ui| {
            ui.label(group);
            for preset in row {
                let text = egui::RichText::new(preset.title()).strong();
                let resp = ui
                    .radio(current == Some(preset), text)
                    .on_hover_text(preset.summary());
                if resp.clicked() && current != Some(preset) {
                    *r = preset.rules();
                }
            }
        });
    }
    ui.add(egui::Label::new(explanation(r)).wrap());
    preset_choices(ui, r);
}

/// What the rules are, in plain words: a preset's summary, or for edited rules their title,
/// what differs from the nearest preset and that preset's summary.
pub fn explanation(r: &RuleSet) -> String {
    match r.preset() {
        Some(p) => p.summary().to_owned(),
        None => {
            let (near, _) = nearest(r);
            let changes = describe_difference(r);
            if changes.is_empty() {
                return near.summary().to_owned();
            }
            format!(
                "Your own rules: {} with these changes: {}. For comparison, {}: {}",
                near.title(),
                changes.join("; "),
                near.title(),
                near.summary()
            )
        }
    }
}

/// The rule choice of a new game and of the host form: the presets ([`preset_picker`]), then
/// every flag under "Change any rule" ([`editor`], open when the rules are no preset's).
pub fn rules_section(ui: &mut egui::Ui, r: &mut RuleSet) {
    let current = r.preset();
    preset_picker(ui, r);
    egui::CollapsingHeader::new("Change any rule (hover a rule for what it does)")
        .id_salt("change any rule")
        .default_open(current.is_none())
        .show(ui, |ui| editor(ui, r));
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

/// The widget that edits `flag`.
fn flag_widget(ui: &mut egui::Ui, r: &mut RuleSet, flag: Flag) -> egui::Response {
    let name = flag.name();
    match flag {
        Flag::Family => combo(ui, name, &mut r.family, FAMILIES),
        Flag::Impossible => combo(ui, name, &mut r.impossible, IMPOSSIBLE),
        Flag::Repeat => combo(ui, name, &mut r.repeat, REPEAT),
        Flag::IllegalHeardBy => combo(ui, name, &mut r.illegal_heard_by, HEARERS),
        Flag::CaptureUnit => check(ui, name, &mut r.capture_unit),
        Flag::ExactUnits => check(ui, name, &mut r.exact_units),
        Flag::PawnInfo => combo(ui, name, &mut r.pawn_info, PAWN_INFO),
        Flag::Any => combo(ui, name, &mut r.any, ANY),
        Flag::Promotion => combo(ui, name, &mut r.promotion, PROMOTION),
        Flag::AnnouncePromotion => check(ui, name, &mut r.announce_promotion),
        Flag::FiftyMoves => check(ui, name, &mut r.fifty_moves),
        Flag::Threefold => check(ui, name, &mut r.threefold),
        Flag::Material => combo(ui, name, &mut r.material, MATERIAL),
        Flag::EnPassant => combo(ui, name, &mut r.en_passant, EN_PASSANT),
        Flag::Drops => check(ui, name, &mut r.drops),
        Flag::OpenSquares => {
            let most = crate::rules::MAX_OPEN_SQUARES;
            let resp = ui.add(egui::DragValue::new(&mut r.open_squares).range(0..=most));
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::SpinButton, true, name));
            resp
        }
        Flag::Sighted => combo(ui, name, &mut r.sighted, SIGHTED),
        Flag::Handicap => combo(ui, name, &mut r.handicap, ARMIES),
        Flag::Bishop => combo(ui, name, &mut r.bishop, BISHOPS),
        Flag::Wording => combo(ui, name, &mut r.wording, WORDINGS),
    }
}

const FAMILIES: &[(Family, &str)] = &[
    (Family::Kriegspiel, "Kriegspiel"),
    (Family::Rbc, "Reconnaissance Blind Chess"),
];
const IMPOSSIBLE: &[(ImpossibleRule, &str)] = &[
    (ImpossibleRule::MoverOnly, "told to the mover only"),
    (ImpossibleRule::Both, "heard by both"),
    (ImpossibleRule::AsIllegal, "refused like an illegal move"),
];
const REPEAT: &[(RepeatRule, &str)] = &[
    (RepeatRule::Impossible, "counts as impossible"),
    (RepeatRule::Illegal, "is refused again as illegal"),
];
const HEARERS: &[(Hearers, &str)] = &[
    (Hearers::Mover, "the mover only"),
    (Hearers::Both, "both players"),
];
const PAWN_INFO: &[(PawnInfo, &str)] = &[
    (PawnInfo::None, "nothing"),
    (PawnInfo::Count, "how many"),
    (PawnInfo::HasAny, "whether there are any"),
    (PawnInfo::Squares, "their squares"),
];
const ANY: &[(AnyRule, &str)] = &[
    (AnyRule::Off, "no"),
    (
        AnyRule::UntilLegal,
        "yes: after \"Try\", pawn captures until one is legal",
    ),
    (
        AnyRule::OneAttempt,
        "yes: after \"Try\", at least one pawn capture",
    ),
    (AnyRule::Secret, "secret: only the asker hears the answer"),
];
const PROMOTION: &[(PromotionRule, &str)] = &[
    (PromotionRule::Any, "any piece"),
    (PromotionRule::QueenOnly, "queen only"),
];
const MATERIAL: &[(MaterialRule, &str)] = &[
    (MaterialRule::MinorEach, "at one knight or bishop each"),
    (MaterialRule::DeadPosition, "when no mate is possible"),
];
const EN_PASSANT: &[(EnPassantSquare, &str)] = &[
    (EnPassantSquare::CapturedPawn, "the taken pawn's square"),
    (EnPassantSquare::Destination, "the arrival square"),
];
const SIGHTED: &[(Sighted, &str)] = &[
    (Sighted::None, "none"),
    (Sighted::White, "White sees the whole board"),
    (Sighted::Black, "Black sees the whole board"),
];
const ARMIES: &[(Handicap, &str)] = &[
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
];
const BISHOPS: &[(Option<Wing>, &str)] = &[
    (Some(Wing::C), "the c-file bishop"),
    (Some(Wing::F), "the f-file bishop"),
];
const WORDINGS: &[(Wording, &str)] = &[
    (Wording::Berkeley, "Berkeley"),
    (Wording::Icc, "ICC"),
    (Wording::Cincinnati, "Cincinnati"),
    (Wording::Rand, "RAND"),
    (Wording::English, "English club"),
    (Wording::Classic, "Three-board club"),
];

/// An on/off flag, its accessible name the flag's.
fn check(ui: &mut egui::Ui, name: &str, value: &mut bool) -> egui::Response {
    let resp = ui.checkbox(value, "");
    resp.widget_info(|| egui::WidgetInfo::selected(egui::Role::CheckBox, true, *value, name));
    resp
}

/// A drop-down of `options`, its accessible name the flag's.
fn combo<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    name: &str,
    value: &mut T,
    options: &[(T, &str)],
) -> egui::Response {
    let current = options
        .iter()
        .find(|(v, _)| v == value)
        .map_or("?", |(_, n)| n);
    let resp = egui::ComboBox::from_id_salt(name)
        .selected_text(current)
        .show_ui(ui, |ui| {
            for (v, label) in options {
                ui.selectable_value(value, *v, *label);
            }
        })
        .response;
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, name));
    resp
}
