//! "How to play": a window over any screen (the start screen's button, the menu's "How to play
//! (F1)") with the rules of the chosen rule set in plain words
//! ([`crate::variant::explain::rules_in_words`]) and the screen's controls for it: moving by
//! click, drag or typed move, "Any?", markers, the curtain between turns, and what the family
//! adds (drops, sensing, opened squares, placement). Opened on the rules of the game on screen,
//! or the last ones chosen; any preset may be picked to read.

use super::theme;
use crate::rules::{Preset, PromotionRule, RuleSet};
use crate::variant::explain::rules_in_words;
use egui::RichText;

/// The window's title (also its accessible name).
pub const TITLE: &str = "How to play: rules and controls";

/// The widest the window grows, and its margin from the app's edges.
const WIDTH: f32 = 760.0;
/// See [`WIDTH`].
const MARGIN: f32 = 24.0;

/// The How to play window's state.
#[derive(Clone, Debug)]
pub struct HowTo {
    /// The rules explained.
    pub rules: RuleSet,
    /// The rules it was opened on, when they are no preset (offered in the chooser too).
    own: Option<RuleSet>,
}

impl HowTo {
    /// The window, on `rules`.
    pub fn new(rules: RuleSet) -> HowTo {
        let own = rules.preset().is_none().then(|| rules.clone());
        HowTo { rules, own }
    }

    /// Draws the window; false once it is closed.
    pub fn window(&mut self, ctx: &egui::Context) -> bool {
        let screen = ctx.content_rect();
        let width = (screen.width() - 2.0 * MARGIN).clamp(200.0, WIDTH);
        let height = (screen.height() - 4.0 * MARGIN).max(200.0);
        let mut open = true;
        let mut closed = false;
        egui::Window::new(TITLE)
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 2.0 * MARGIN))
            .fixed_size(egui::vec2(width, height))
            .show(ctx, |ui| {
                ui.set_width(width);
                self.chooser(ui);
                ui.separator();
                egui::ScrollArea::vertical()
                    .max_height(height - 90.0)
                    .show(ui, |ui| self.contents(ui));
                ui.separator();
                closed = ui.button("Close How to play").clicked();
            });
        open && !closed
    }

    /// Which rules to read: the presets, and the rules it was opened on.
    fn chooser(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new("Rules:").strong());
            let resp = egui::ComboBox::from_id_salt("how-to rules")
                .selected_text(self.rules.title())
                .width(320.0)
                .show_ui(ui, |ui| {
                    if let Some(own) = &self.own {
                        ui.selectable_value(&mut self.rules, own.clone(), own.title());
                    }
                    for p in Preset::ALL {
                        ui.selectable_value(&mut self.rules, p.rules(), p.title())
                            .on_hover_text(p.summary());
                    }
                })
                .response;
            resp.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::ComboBox, true, "Rules to read")
            });
        });
        ui.add(egui::Label::new(super::flags::explanation(&self.rules)).wrap());
    }

    /// The rules, then the controls.
    fn contents(&self, ui: &mut egui::Ui) {
        ui.heading(format!("The rules: {}", self.rules.title()));
        for s in rules_in_words(&self.rules) {
            paragraphs(ui, s.heading, &s.paragraphs);
        }
        ui.add_space(8.0);
        ui.heading("On the screen");
        for (heading, text) in controls(&self.rules) {
            paragraphs(ui, heading, &text);
        }
    }
}

/// A heading and its paragraphs, wrapped to the window.
fn paragraphs(ui: &mut egui::Ui, heading: &str, text: &[String]) {
    ui.add_space(6.0);
    ui.label(RichText::new(heading).strong().size(theme::TEXT_LARGE));
    for p in text {
        ui.add(egui::Label::new(p).wrap());
        ui.add_space(3.0);
    }
}

/// The screen's controls for a game under `rules`, heading by heading.
pub fn controls(rules: &RuleSet) -> Vec<(&'static str, Vec<String>)> {
    let v = rules.variant();
    let caps = v.capabilities();
    let mut out = vec![("Making a move", moving(rules))];
    let mut family = Vec::new();
    if caps.sense_prompt {
        family.push(
            "Each turn starts with sensing: point at a square to see the 3x3 window it shows, \
             then click it (or Skip sensing, or type sense e4). Then move, or press Pass (or \
             type pass)."
                .to_owned(),
        );
    }
    if caps.pocket_tray {
        family.push(
            "To drop a unit from your pocket, drag it onto your board, or click it and then the \
             square; or type it like N@f3."
                .to_owned(),
        );
    }
    let to_open = v.squares_to_open();
    if to_open > 0 {
        family.push(format!(
            "After your move, click the {to_open} squares to open and press Open these squares \
             (or type open a1 b2 …); Skip opening opens none."
        ));
    }
    if caps.placement_prompt.is_some() {
        family.push(
            "Before the first move the sighted player clicks the king's square, then the \
             queen's (or types Ke1 Qd1 and Enter)."
                .to_owned(),
        );
    }
    if !family.is_empty() {
        out.push(("What this game adds", family));
    }
    if !caps.sense_prompt {
        out.push(("Marking where the enemy pieces may be", markers()));
    }
    out.push(("Who sits at the screen", seats()));
    out.push(("Keys", keys()));
    out
}

/// Moving by click, drag or typed move; promotion, "Any?", resigning.
fn moving(rules: &RuleSet) -> Vec<String> {
    let mut p = vec![
        "Click one of your pieces, then the square to try it on; or drag it there (Settings: \
         move pieces by clicking, dragging or both). Dots show where the piece may be tried \
         (Settings: Show move hints)."
            .to_owned(),
        "Or type the move in the move field and press Enter, in algebraic notation (Nf3, exd5, \
         O-O, e8=Q) or as the two squares (g1f3, e7e8q). Press / to jump to the move field. A \
         line that is not a move stays in the field, selected, and a message says why."
            .to_owned(),
    ];
    p.push(match rules.promotion {
        PromotionRule::Any => {
            "A pawn moved to the last rank asks which piece it becomes (or type e8=N).".to_owned()
        }
        PromotionRule::QueenOnly => "A pawn moved to the last rank becomes a queen.".to_owned(),
    });
    if rules.has_any() {
        p.push("To ask \"Any?\", press the Any? button, or type ? and Enter.".to_owned());
    }
    p.push(
        "Resign and Offer draw are next to the move field; an offer from your opponent shows \
         Accept draw and Decline draw there."
            .to_owned(),
    );
    p
}

/// The markers: guesses of the enemy pieces on one's own board.
fn markers() -> Vec<String> {
    vec![
        "Under your board, Mark: pick an enemy piece, then click the squares where you think \
         one stands; Erase, then a click, removes a guess. A right click on a square cycles its \
         guess (pawn, knight, bishop, rook, queen, king, none), and a guess can be dragged to \
         another square."
            .to_owned(),
        "Guesses are your own notes: nobody else sees them, and the referee ignores them."
            .to_owned(),
    ]
}

/// Hot seat, one seat, the club referee.
fn seats() -> Vec<String> {
    vec![
        "Two players on one machine: between turns a curtain hides every board and shows what \
         both players heard. The player to move takes the seat and opens their own board with \
         the Open … board button (or Space or Enter) while the other looks away; for a moment \
         after the curtain comes down it opens nothing, so a key the mover pressed twice never \
         shows the next board. After a legal move the curtain hides the boards again by itself."
            .to_owned(),
        "Against the computer, or across two machines: you see only your own board and what you \
         heard; the other board stays hidden until the game ends, when every board is shown."
            .to_owned(),
        "Club referee: the program is the referee's board for a game played over real boards. \
         Type each move a player tells you (e2e4, Nf3) or a command (? undo resign draw flag \
         clock, adjudicate 1-0 and a reason) and press Enter, then read out the Say this line \
         to whom it names. Ctrl+Z takes back the last entry; Ctrl+Space starts or stops the \
         clock."
            .to_owned(),
        "Every game is saved as you play, in the saves folder: Resume unfinished game on the \
         start screen takes you back to it."
            .to_owned(),
    ]
}

/// The app's keys.
fn keys() -> Vec<String> {
    vec![
        "F1: How to play. Ctrl+N: new game. Ctrl+O: open a game. Ctrl+S: save the game as. F \
         (outside the move field, on an open board): turn the boards around. /: go to the move \
         field. Moves typed ahead (each ended by Enter) are played in turn, none lost."
            .to_owned(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(rules: &RuleSet) -> String {
        controls(rules)
            .into_iter()
            .flat_map(|(h, p)| std::iter::once(h.to_owned()).chain(p))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_controls_follow_the_family() {
        let wild = all(&Preset::Wild16.rules());
        assert!(wild.contains("Nf3") && wild.contains("right click") && !wild.contains("Any?"));
        assert!(!wild.contains("sensing") && !wild.contains("N@f3"));
        assert!(all(&Preset::English.rules()).contains("Any?"));
        let rbc = all(&Preset::Rbc.rules());
        assert!(rbc.contains("sensing") && !rbc.contains("right click"));
        assert!(all(&Preset::CrazyKrieg.rules()).contains("N@f3"));
        assert!(all(&Preset::Modern.rules()).contains("click the 7 squares"));
        assert!(all(&Preset::Semi.rules()).contains("Ke1 Qd1"));
        assert!(all(&Preset::Classic.rules()).contains("becomes a queen."));
    }
}
