//! Study's Review panel: the review after the reveal ([`crate::review`]) worked out on a thread
//! of its own with a progress bar, then drawn as charts (`egui_plot`): what each side knew
//! (log2 of the positions it thought possible, estimates marked), material with the captures,
//! and the guaranteed mates (played or missed); the turn at the cursor in words, and a button to
//! each mate. A click on a chart moves the study to that turn.

use super::StudyScreen;
use crate::review::{Mate, Options, Review, ReviewError, ReviewJob, TurnReview};
use egui::{Color32, RichText};
use egui_plot::{Corner, Legend, Line, MarkerShape, Plot, PlotPoints, Points, VLine};
use shakmaty::Color;

/// The panel's state: closed, being worked out, or done.
#[derive(Default)]
pub struct ReviewPanel {
    /// The panel is shown.
    pub open: bool,
    job: Option<ReviewJob>,
    /// The review, once made (or why it could not be).
    pub result: Option<Result<Review, ReviewError>>,
}

impl ReviewPanel {
    /// Whether the review is being worked out.
    pub fn running(&self) -> bool {
        self.job.is_some()
    }
}

const WHITE_LINE: Color32 = Color32::from_rgb(200, 150, 40);
const BLACK_LINE: Color32 = Color32::from_rgb(70, 90, 160);
const MISSED: Color32 = Color32::from_rgb(210, 40, 40);
const PLAYED: Color32 = Color32::from_rgb(30, 150, 60);

/// The chart line of `color`: its value at each turn.
fn series(review: &Review, value: impl Fn(&TurnReview) -> Option<f64>) -> PlotPoints<'static> {
    review
        .turns
        .iter()
        .enumerate()
        .filter_map(|(i, t)| value(t).map(|y| [i as f64, y]))
        .collect()
}

/// The guaranteed mates at the height of the mover's knowledge: missed (`played` false) or
/// played.
fn mates(review: &Review, played: bool) -> PlotPoints<'static> {
    series(review, |t| match t.mate {
        Mate::Found { mated, .. } if mated == played => {
            Some(t.knew_by(t.mover).map_or(0.0, |k| k.bits()))
        }
        _ => None,
    })
}

impl StudyScreen {
    /// The "Review" button's action: opens the panel (the review starts the first time the
    /// panel is drawn, [`StudyScreen::start_review`]).
    pub fn open_review(&mut self) {
        self.review.open = true;
    }

    /// Starts the review unless it was made or is being made: its thread asks `ctx` for a
    /// frame once it is done, so the charts are drawn at once, with no input event.
    fn start_review(&mut self, ctx: &egui::Context) {
        if self.review.result.is_none() && self.review.job.is_none() {
            let ctx = ctx.clone();
            let wake: crate::review::Wake = Box::new(move || ctx.request_repaint());
            self.review.job = Some(ReviewJob::start_waking(
                self.saved.clone(),
                Options::default(),
                Some(wake),
            ));
        }
    }

    /// The turn holding the cursor (the last turn begun at or before it).
    fn turn_at_cursor(&self, review: &Review) -> usize {
        review
            .turns
            .iter()
            .rposition(|t| t.first <= self.cursor() && (t.first < self.cursor() || t.first == 0))
            .unwrap_or(0)
    }

    /// The panel: the progress bar while the review is made, then its charts.
    pub(super) fn review_panel(&mut self, ui: &mut egui::Ui) {
        self.start_review(ui.ctx());
        if let Some(job) = &mut self.review.job {
            if let Some(done) = job.poll() {
                self.review.result = Some(done);
                self.review.job = None;
                // One more frame at once: the charts laid out anew are drawn settled.
                ui.ctx().request_repaint();
            } else {
                let fraction = job.fraction();
                ui.horizontal(|ui| {
                    ui.label("Reviewing the game…");
                    ui.add(egui::ProgressBar::new(fraction).show_percentage());
                });
                ui.ctx()
                    .request_repaint_after(std::time::Duration::from_millis(100));
                return;
            }
        }
        let review = match &self.review.result {
            Some(Ok(review)) => review.clone(),
            Some(Err(e)) => {
                ui.label(RichText::new(format!("The review failed: {e}")).color(MISSED));
                return;
            }
            None => return,
        };
        let at = self.turn_at_cursor(&review);
        ui.horizontal_wrapped(|ui| {
            ui.strong(format!(
                "Review: {} guaranteed mate{} found, {} missed",
                review.mates().count(),
                if review.mates().count() == 1 { "" } else { "s" },
                review.missed().count()
            ));
            for t in review.mates() {
                let dots = if t.mover == Color::White { "." } else { "..." };
                if ui.button(format!("Go to {}{dots}", t.number)).clicked() {
                    self.seek(t.first);
                }
            }
            if ui.button("Close review").clicked() {
                self.review.open = false;
            }
        });
        if let Some(t) = review.turns.get(at) {
            ui.label(t.words());
        }
        if review.estimated() {
            ui.label(RichText::new(crate::review::COUNTS).small());
        }
        let width = (ui.available_width() - 12.0) / 2.0;
        let mut seek = None;
        ui.horizontal(|ui| {
            seek = seek.or(knowledge_chart(ui, &review, at, width));
            seek = seek.or(material_chart(ui, &review, at, width));
        });
        if let Some(i) = seek
            && let Some(t) = review.turns.get(i)
        {
            self.seek(t.end);
        }
    }
}

/// A chart's frame: `id`, its size, and the cursor's turn as a vertical line; the turn clicked.
fn chart(
    ui: &mut egui::Ui,
    id: &str,
    width: f32,
    at: usize,
    review: &Review,
    draw: impl FnOnce(&mut egui_plot::PlotUi<'_>),
) -> Option<usize> {
    let response = Plot::new(id)
        .width(width)
        .height(150.0)
        .legend(Legend::default().position(Corner::LeftTop))
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .x_axis_label("turn")
        .show(ui, |plot| {
            draw(plot);
            plot.vline(VLine::new("cursor", at as f64).color(Color32::GRAY));
            plot.pointer_coordinate()
        });
    let clicked = response.response.clicked();
    response
        .inner
        .filter(|_| clicked)
        .map(|p| (p.x.round().max(0.0) as usize).min(review.turns.len().saturating_sub(1)))
}

/// What each side knew: log2 of the positions it thought possible, with the mates on it.
fn knowledge_chart(ui: &mut egui::Ui, review: &Review, at: usize, width: f32) -> Option<usize> {
    chart(ui, "review-knowledge", width, at, review, |plot| {
        for (color, name, line) in [
            (Color::White, "White: log2 positions", WHITE_LINE),
            (Color::Black, "Black: log2 positions", BLACK_LINE),
        ] {
            let points = series(review, |t| t.knew_by(color).map(|k| k.bits()));
            plot.line(Line::new(name, points).color(line).width(2.0));
        }
        plot.points(
            Points::new("mate missed", mates(review, false))
                .color(MISSED)
                .shape(MarkerShape::Diamond)
                .radius(5.0),
        );
        plot.points(
            Points::new("mate played", mates(review, true))
                .color(PLAYED)
                .shape(MarkerShape::Diamond)
                .radius(5.0),
        );
    })
}

/// Material over the game, with a mark at each capture.
fn material_chart(ui: &mut egui::Ui, review: &Review, at: usize, width: f32) -> Option<usize> {
    chart(ui, "review-material", width, at, review, |plot| {
        for (slot, name, line) in [
            (0, "White material", WHITE_LINE),
            (1, "Black material", BLACK_LINE),
        ] {
            let points = series(review, |t| Some(f64::from(t.material[slot])));
            plot.line(Line::new(name, points).color(line).width(2.0));
        }
        let captures = series(review, |t| {
            t.capture
                .map(|_| f64::from(t.material[usize::from(t.mover == Color::White)]))
        });
        plot.points(
            Points::new("captures", captures)
                .color(MISSED)
                .shape(MarkerShape::Cross)
                .radius(4.0),
        );
    })
}
