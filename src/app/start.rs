//! The start screen: the ways to use the program as large cards, each with a picture, a title
//! and a line of caption (two players, the computer, a club game, two machines, the library,
//! problems, each other game ([`super::games`]), KR vs K practice, How to play; on the first launch a tip above
//! them), and beside them the saves in the saves folder (resume the unfinished one, open a
//! recent one from a list that scrolls in the room left) and the sample games. The saves are
//! listed off the UI thread ([`super::files::RecentSaves`]) newest first, so the list fills in
//! from the top and the Resume button, once shown, names the newest unfinished game.

mod icons;

use super::files::SaveEntry;
use super::theme;
use icons::Icon;
use shakmaty::Color;
use std::path::PathBuf;

/// What the start screen asked for.
pub(super) enum StartAction {
    New,
    /// The new-game dialog, set for a club game with a referee.
    Club,
    /// The new-game dialog, set for a game against the computer.
    Computer,
    Open,
    Study,
    Load(PathBuf),
    Practice(Color),
    Problems,
    Network(super::network::Tab),
    /// How to play (from its button or the tip, which it dismisses).
    HowTo,
    /// The first-launch tip was dismissed.
    DismissTip,
    /// Take back the seat at another machine's table.
    Rejoin(crate::seat::remote::Ticket),
    /// Study a sample game shipped with the program (by name).
    Sample(&'static str),
    /// Every save and sample game in one list.
    Library,
    /// A new game of another game.
    Other(super::games::NewOther),
}

/// The narrowest the recent games' list is given (it scrolls past it).
const RECENT_MIN_HEIGHT: f32 = 120.0;
/// The room between cards.
const GAP: f32 = 12.0;
/// A card's picture at its largest (points, square).
const ICON: f32 = 60.0;
/// The height of a row of a card's own buttons.
const CHOICE_ROW: f32 = 26.0;

/// A choice on a card: its button's label and what it asks for.
type Choice = (&'static str, fn() -> StartAction);

/// One way to use the program: a picture, a title, a line of caption, and either the whole card
/// as one button (`whole`, named by its title) or buttons of its own (`choices`, `rows` rows).
struct Card {
    icon: Icon,
    title: &'static str,
    caption: &'static str,
    whole: Option<fn() -> StartAction>,
    choices: Vec<Choice>,
    /// Another game's card's buttons: its new games.
    others: Vec<(&'static str, super::games::NewOther)>,
    rows: usize,
}

/// The cards, in reading order.
fn cards() -> Vec<Card> {
    use super::network::Tab;
    let whole = |title, caption, icon, action: fn() -> StartAction| Card {
        icon,
        title,
        caption,
        whole: Some(action),
        choices: Vec::new(),
        others: Vec::new(),
        rows: 0,
    };
    let others = super::games::start_cards().into_iter().map(|c| Card {
        icon: Icon::Game(c.kind),
        title: c.title,
        caption: c.caption,
        whole: None,
        choices: Vec::new(),
        rows: c.choices.len(),
        others: c.choices,
    });
    let mut cards = vec![
        whole(
            "New game",
            "Two players at this computer, each behind a curtain in turn",
            Icon::TwoKings,
            || StartAction::New,
        ),
        whole(
            "Play the computer…",
            "Any rules, either colour, from beginner to strong",
            Icon::Computer,
            || StartAction::Computer,
        ),
        whole(
            "Club game with a referee",
            "The referee at this screen runs a game on real boards",
            Icon::Board,
            || StartAction::Club,
        ),
        Card {
            icon: Icon::Screens,
            title: "Across two machines",
            caption: "One player hosts, the other joins with a code",
            whole: None,
            others: Vec::new(),
            choices: vec![
                ("Host a game…", || StartAction::Network(Tab::Host)),
                ("Join a game…", || StartAction::Network(Tab::Join)),
            ],
            rows: 1,
        },
        Card {
            icon: Icon::Book,
            title: "Library…",
            caption: "Every saved game and the samples, to study move by move",
            whole: Some(|| StartAction::Library),
            others: Vec::new(),
            choices: vec![
                ("Open game…", || StartAction::Open),
                ("Study a saved game…", || StartAction::Study),
            ],
            rows: 1,
        },
        whole(
            "Kriegspiel problems…",
            "Find the mate that works whatever the hidden defence",
            Icon::Question,
            || StartAction::Problems,
        ),
    ];
    cards.extend(others);
    cards.extend([
        Card {
            icon: Icon::RookKing,
            title: "Practice: KR vs K",
            caption: "Mate with a rook you cannot see, or escape it",
            whole: None,
            others: Vec::new(),
            choices: vec![
                ("Play White (the computer defends)", || {
                    StartAction::Practice(Color::White)
                }),
                ("Play Black (the computer mates)", || {
                    StartAction::Practice(Color::Black)
                }),
            ],
            rows: 2,
        },
        whole(
            "How to play",
            "The rules and the controls in a few minutes (F1)",
            Icon::Info,
            || StartAction::HowTo,
        ),
    ]);
    cards
}

/// The start screen: the ways to use the program as cards (`tip`: with the first-launch tip
/// above them), and beside them resume, rejoin (`rejoin`: the last seat at another machine's
/// table), the recent games and the samples.
pub(super) fn start_screen(
    ui: &mut egui::Ui,
    recent: &[SaveEntry],
    tip: bool,
    rejoin: Option<&crate::seat::remote::Ticket>,
) -> Option<StartAction> {
    let mut action = None;
    let width = ui.available_width();
    let side = (width * 0.26).clamp(220.0, 420.0);
    let main = (width - side - 2.0 * GAP).max(240.0);
    ui.horizontal_top(|ui| {
        ui.allocate_ui_with_layout(
            egui::vec2(main, ui.available_height()),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.set_width(main);
                ui.add_space(8.0);
                ui.label(egui::RichText::new("Kriegspiel").size(theme::TEXT_TITLE).strong());
                ui.add(egui::Label::new("Chess in which neither player sees the other's pieces, and a referee answers every attempted move.").wrap());
                if tip {
                    first_launch_tip(ui, &mut action);
                }
                ui.add_space(GAP);
                card_grid(ui, main, &mut action);
            },
        );
        ui.add_space(GAP);
        ui.separator();
        ui.allocate_ui_with_layout(
            egui::vec2(ui.available_width(), ui.available_height()),
            egui::Layout::top_down(egui::Align::Min),
            |ui| {
                ui.add_space(8.0);
                if let Some(ticket) = rejoin {
                    let seat = ticket.game.seat_title(ticket.seat);
                    let game = match ticket.game {
                        crate::games::GameKind::Chess => "the game".to_owned(),
                        other => format!("the {} game", other.name()),
                    };
                    let text = format!("Rejoin {game} at {} (you play {seat})", ticket.address);
                    let button = egui::Button::new(egui::RichText::new(text).size(theme::TEXT_LARGE));
                    if ui.add(button.wrap()).clicked() {
                        action = Some(StartAction::Rejoin(ticket.clone()));
                    }
                    ui.add_space(GAP);
                }
                saves(ui, recent, &mut action);
            },
        );
    });
    action
}

/// The cards in as many columns as fit `width` (three on a laptop's screen), each row as tall
/// as the room left allows, within bounds.
fn card_grid(ui: &mut egui::Ui, width: f32, action: &mut Option<StartAction>) {
    let cards = cards();
    let columns = if width >= 660.0 {
        3
    } else if width >= 500.0 {
        2
    } else {
        1
    };
    let card_width = (width - GAP * (columns - 1) as f32) / columns as f32;
    let rows = cards.len().div_ceil(columns);
    let room = (ui.available_height() - GAP * rows as f32) / rows as f32;
    let height = room.clamp(150.0, 170.0);
    for row in cards.chunks(columns) {
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = GAP;
            for card in row {
                if let Some(chosen) = show_card(ui, egui::vec2(card_width, height), card) {
                    *action = Some(chosen);
                }
            }
        });
        ui.add_space(GAP);
    }
}

/// One card: the whole of it a button named by its title (when it has one action), its own
/// buttons along its foot (when it has several).
fn show_card(ui: &mut egui::Ui, size: egui::Vec2, card: &Card) -> Option<StartAction> {
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let foot = CHOICE_ROW * card.rows as f32 + if card.rows > 0 { 10.0 } else { 0.0 };
    let top = egui::Rect::from_min_max(rect.min, egui::pos2(rect.max.x, rect.max.y - foot));
    let mut chosen = None;
    let id = ui.scope_id().with(("start card", card.title));
    let response = card.whole.map(|whole| {
        let resp = ui.interact(top, id, egui::Sense::click());
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, card.title));
        if resp.clicked() {
            chosen = Some(whole());
        }
        resp
    });
    let visuals = ui.visuals().clone();
    let hovered = response.as_ref().is_some_and(|r| r.hovered());
    let focused = response.as_ref().is_some_and(|r| r.has_focus());
    let (fill, stroke) = if hovered {
        (
            visuals.widgets.hovered.weak_bg_fill,
            visuals.widgets.hovered.bg_stroke,
        )
    } else {
        (
            visuals.faint_bg_color,
            visuals.widgets.noninteractive.bg_stroke,
        )
    };
    let stroke = if focused {
        visuals.selection.stroke
    } else {
        stroke
    };
    ui.painter()
        .rect(rect, 8.0, fill, stroke, egui::StrokeKind::Inside);
    // The words never run into the card's own buttons (in a small window they are cut short).
    let painter = ui.painter().with_clip_rect(top.shrink(2.0));
    let pad = 14.0;
    let side = (size.x * 0.2).clamp(36.0, ICON);
    let icon = egui::Rect::from_min_size(rect.min + egui::vec2(pad, pad), egui::Vec2::splat(side));
    icons::paint(ui, icon, card.icon);
    let text_left = icon.right() + pad;
    let wrap = (rect.right() - pad - text_left).max(40.0);
    let title = painter.layout(
        card.title.to_owned(),
        egui::FontId::proportional(theme::TEXT_LARGE),
        visuals.strong_text_color(),
        wrap,
    );
    let title_pos = egui::pos2(text_left, rect.top() + pad);
    let caption_top = title_pos.y + title.size().y + 6.0;
    painter.galley(title_pos, title, visuals.strong_text_color());
    let caption = painter.layout(
        card.caption.to_owned(),
        egui::FontId::proportional(theme::TEXT_BODY),
        visuals.text_color(),
        wrap,
    );
    painter.galley(
        egui::pos2(text_left, caption_top),
        caption,
        visuals.text_color(),
    );
    if card.rows > 0 {
        let area = egui::Rect::from_min_max(
            egui::pos2(rect.left() + pad, rect.bottom() - foot),
            egui::pos2(rect.right() - pad, rect.bottom() - 8.0),
        );
        let layout = if card.rows > 1 {
            egui::Layout::top_down(egui::Align::Min)
        } else {
            egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true)
        };
        let mut choices = ui.new_child(egui::UiBuilder::new().max_rect(area).layout(layout));
        for (label, make) in &card.choices {
            if choices.button(*label).clicked() {
                chosen = Some(make());
            }
        }
        for (label, new) in &card.others {
            if choices.button(*label).clicked() {
                chosen = Some(StartAction::Other(*new));
            }
        }
    }
    chosen
}

/// Resume the unfinished game, and the recent games in a list that scrolls in the room left.
fn saves(ui: &mut egui::Ui, recent: &[SaveEntry], action: &mut Option<StartAction>) {
    ui.label(
        egui::RichText::new("Resume")
            .size(theme::TEXT_LARGE)
            .strong(),
    );
    match recent.iter().find(|e| !e.finished) {
        Some(unfinished) => {
            let text = format!("Resume unfinished game ({})", unfinished.summary);
            let button = egui::Button::new(egui::RichText::new(text).size(theme::TEXT_LARGE));
            if ui.add(button.wrap()).clicked() {
                *action = Some(StartAction::Load(unfinished.path.clone()));
            }
        }
        None if recent.is_empty() => {
            ui.label("No saved games yet: they appear here as you play.");
        }
        None => {
            ui.label("No unfinished game.");
        }
    }
    if !recent.is_empty() {
        ui.add_space(12.0);
        ui.label(
            egui::RichText::new("Recent games")
                .size(theme::TEXT_LARGE)
                .strong(),
        );
        // The list takes the room left (it scrolls), never less than a few lines.
        // The sample games' header stays below it.
        let room = (ui.available_height() - 48.0).max(RECENT_MIN_HEIGHT);
        egui::ScrollArea::vertical()
            .max_height(room)
            .show(ui, |ui| {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                for entry in recent.iter().take(30) {
                    if ui.link(&entry.summary).clicked() {
                        *action = Some(StartAction::Load(entry.path.clone()));
                    }
                }
            });
    }
    samples(ui, action);
}

/// The sample games shipped with the program, one per rule set, to study: each named by its
/// rules in words, with a line saying what to look at; the list scrolls in the room left.
fn samples(ui: &mut egui::Ui, action: &mut Option<StartAction>) {
    egui::CollapsingHeader::new("Sample games")
        .id_salt("sample games")
        .show(ui, |ui| {
            let room = (ui.available_height() - 8.0).max(RECENT_MIN_HEIGHT);
            egui::ScrollArea::vertical()
                .id_salt("sample games list")
                .max_height(room)
                .show(ui, |ui| {
                    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                    for sample in crate::library::samples() {
                        let crate::library::Origin::Sample(id) = sample.origin else {
                            continue;
                        };
                        let resp = ui.link(&sample.name);
                        if resp.clicked() {
                            *action = Some(StartAction::Sample(id));
                        }
                        resp.on_hover_text(format!("Study the sample game of {}", sample.name));
                        if !sample.caption.is_empty() {
                            ui.label(egui::RichText::new(&sample.caption).weak());
                        }
                        ui.add_space(4.0);
                    }
                });
        });
}

/// The tip shown on the first launch: How to play, or dismiss it.
fn first_launch_tip(ui: &mut egui::Ui, action: &mut Option<StartAction>) {
    ui.add_space(8.0);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                "New to Kriegspiel? How to play explains the rules and the controls in a few \
                 minutes (F1 opens it at any time, in a game too).",
            );
            if ui.button("Show me how to play").clicked() {
                *action = Some(StartAction::HowTo);
            }
            if ui.button("Dismiss tip").clicked() {
                *action = Some(StartAction::DismissTip);
            }
        });
    });
}
