//! The problems screen: the Kriegspiel problems that ship with the program
//! ([`crate::places::problems`]) and those of any folder the user opens, each shown with what is known for sure, where the uncertain units may
//! stand and its stipulation; "Solve" works out the problem's proof on another thread (with its
//! progress shown) and shows the verdict with the strategy tree; "Play it" opens [`PlayPanel`],
//! the problem against the computer, and starts the proof its hints come from. A proof is worked
//! out once per problem (by its content) and kept for the session.

use super::board::{self, BoardSpec, Highlight};
use super::problem_play::PlayPanel;
use crate::problem::{PlayState, Problem, Proof, ProofJob};
use crate::wording::color_title;
use egui::RichText;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// How long the screen lets the solver think.
const LIMIT: Duration = Duration::from_secs(120);

/// The problems screen's state.
pub struct ProblemsScreen {
    /// Each problem (its name: a shipped problem's, or a file's path) with what was read.
    pub entries: Vec<(String, Result<Problem, String>)>,
    /// "Open a folder of your own problems…" was clicked (the app opens the folder dialog).
    pub wants_folder: bool,
    /// The problem shown.
    pub chosen: Option<usize>,
    /// The solver's answer for the chosen problem, once it came.
    pub answer: Option<String>,
    /// The proof being worked out, with its problem's key.
    job: Option<(u64, ProofJob)>,
    /// The proofs worked out, by problem ([`Problem::content_key`]).
    proofs: HashMap<u64, Arc<Proof>>,
    /// "Solve" was asked: the report is shown when the proof comes.
    show_report: bool,
    /// The chosen problem being played, if it is.
    pub playing: Option<PlayPanel>,
}

impl ProblemsScreen {
    /// The problems of `dir` (RON files), by file name.
    pub fn new(dir: &Path) -> ProblemsScreen {
        let mut screen = ProblemsScreen::with(Vec::new());
        screen.add_folder(dir);
        screen
    }

    /// The problems that ship with the program.
    pub fn shipped() -> ProblemsScreen {
        ProblemsScreen::with(
            crate::places::problems()
                .into_iter()
                .map(|p| {
                    (
                        p.name.to_owned(),
                        Problem::parse(p.text).map_err(|e| e.to_string()),
                    )
                })
                .collect(),
        )
    }

    fn with(entries: Vec<(String, Result<Problem, String>)>) -> ProblemsScreen {
        ProblemsScreen {
            chosen: (!entries.is_empty()).then_some(0),
            entries,
            wants_folder: false,
            answer: None,
            job: None,
            proofs: HashMap::new(),
            show_report: false,
            playing: None,
        }
    }

    /// Adds the problems of `dir` (RON files, by file name) after those listed.
    pub fn add_folder(&mut self, dir: &Path) {
        let mut found: Vec<(PathBuf, Result<Problem, String>)> = std::fs::read_dir(dir)
            .map(|rd| {
                rd.flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                    .map(|p| {
                        let read = Problem::load(&p).map_err(|e| e.to_string());
                        (p, read)
                    })
                    .collect()
            })
            .unwrap_or_default();
        found.sort_by(|a, b| a.0.cmp(&b.0));
        let first = self.entries.len();
        self.entries.extend(
            found
                .into_iter()
                .map(|(p, read)| (p.display().to_string(), read)),
        );
        if self.entries.len() > first && self.playing.is_none() {
            self.chosen = Some(first);
            self.answer = None;
        }
    }

    /// Whether the solver is still thinking.
    pub fn solving(&self) -> bool {
        self.show_report && self.job.is_some()
    }

    /// Shows the chosen problem's solution: from its proof, worked out first if need be.
    pub fn solve(&mut self) {
        self.show_report = true;
        self.prove();
    }

    /// The chosen problem, when it could be read.
    fn chosen_problem(&self) -> Option<Problem> {
        match self.chosen.and_then(|i| self.entries.get(i)) {
            Some((_, Ok(problem))) => Some(problem.clone()),
            _ => None,
        }
    }

    /// Starts working out the chosen problem's proof on another thread, unless it is known or
    /// under way (a proof of another problem under way is stopped).
    fn prove(&mut self) {
        let Some(problem) = self.chosen_problem() else {
            return;
        };
        let key = problem.content_key();
        if let Some(proof) = self.proofs.get(&key).cloned() {
            self.take(&proof);
            return;
        }
        if self.job.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        self.job = Some((key, ProofJob::start(problem, Some(LIMIT))));
    }

    /// A proof of the chosen problem is known: the report and the hints follow it.
    fn take(&mut self, proof: &Arc<Proof>) {
        if self.show_report {
            self.answer = Some(proof.report.clone());
        }
        if let Some(panel) = &mut self.playing
            && panel.needs_proof()
        {
            panel.adopt(proof);
        }
    }

    /// Takes the proof under way when it is done; meanwhile shows its progress to the panel.
    fn poll(&mut self, ctx: &egui::Context) {
        let Some((key, job)) = &mut self.job else {
            if let Some(panel) = &self.playing
                && panel.needs_proof()
            {
                self.prove();
            }
            return;
        };
        let key = *key;
        match job.poll() {
            Some(done) => {
                self.job = None;
                let proof = Arc::new(done.unwrap_or_else(|e| Proof {
                    verdict: crate::problem::Verdict::Undecided,
                    strategy: None,
                    report: e.to_string(),
                }));
                self.proofs.insert(key, proof.clone());
                if self
                    .chosen_problem()
                    .is_some_and(|p| p.content_key() == key)
                {
                    self.take(&proof);
                }
            }
            None => {
                if let Some(panel) = &mut self.playing {
                    panel.proving = Some(job.reading());
                }
                ctx.request_repaint_after(Duration::from_millis(200));
            }
        }
    }

    /// How far the proof under way has come, in words.
    fn proving_text(&self) -> Option<String> {
        let (_, job) = self.job.as_ref()?;
        Some(format!(
            "Working out the proof ({:.0} s): {}…",
            job.elapsed().as_secs_f64(),
            job.reading()
        ))
    }

    /// Draws the screen.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.poll(ui.ctx());
        egui::Panel::left("problem-list").show(ui, |ui| {
            ui.heading("Problems");
            if self.entries.is_empty() {
                ui.label("No problem files found.");
            }
            if ui.button("Open a folder of your own problems…").clicked() {
                self.wants_folder = true;
            }
            let mut pick = None;
            egui::ScrollArea::vertical().show(ui, |ui| {
                for (i, (path, read)) in self.entries.iter().enumerate() {
                    let name = match read {
                        Ok(p) => format!("{}: {} (mate in {})", p.author, p.title, p.mate_in),
                        Err(_) => path.rsplit('/').next().unwrap_or(path).to_owned(),
                    };
                    if ui.selectable_label(self.chosen == Some(i), name).clicked() {
                        pick = Some(i);
                    }
                }
            });
            if let Some(i) = pick
                && self.chosen != Some(i)
                && !self.playing.as_ref().is_some_and(PlayPanel::thinking)
            {
                self.chosen = Some(i);
                self.answer = None;
                self.show_report = false;
                self.playing = None;
                // A proof under way of the problem left is stopped.
                self.job = None;
            }
        });
        egui::CentralPanel::default().show(ui, |ui| {
            let Some((path, read)) = self.chosen.and_then(|i| self.entries.get(i)) else {
                return;
            };
            let problem = match read {
                Ok(p) => p.clone(),
                Err(e) => {
                    ui.colored_label(super::theme::ERROR, format!("{path}: {e}"));
                    return;
                }
            };
            egui::ScrollArea::vertical().show(ui, |ui| {
                if let Some(panel) = &mut self.playing {
                    if panel.show(ui) {
                        self.playing = None;
                    } else if *panel.play.state() != PlayState::Playing {
                        self.solution(ui, &problem);
                    }
                } else {
                    self.details(ui, &problem);
                }
            });
        });
    }

    fn details(&mut self, ui: &mut egui::Ui, problem: &Problem) {
        ui.heading(&problem.title);
        ui.label(format!("{}, {}", problem.author, problem.source));
        let mover = problem.solver().map_or("?", color_title);
        // The rules by their name for people ("ICC Wild 16"), not the file's identifier.
        let rules = problem
            .rule_set()
            .map_or_else(|_| problem.rules.clone(), |r| r.title());
        ui.label(
            RichText::new(format!(
                "{mover} mates in {}, wherever the hidden units stand and whatever the opponent plays. Rules: {rules}.",
                problem.mate_in
            ))
            .strong(),
        );
        let mut spec = BoardSpec {
            name: "Problem".to_owned(),
            white_at_bottom: true,
            coordinates: true,
            ..BoardSpec::default()
        };
        if let Ok(board) = problem.known_board() {
            spec.pieces = board.iter().collect();
        }
        let mut hidden = Vec::new();
        if let Ok(units) = problem.units() {
            for unit in units {
                let squares = unit.squares();
                for sq in squares {
                    spec.highlights.push((sq, Highlight::Region));
                }
                let Some(&(first, _)) = unit.kinds.first() else {
                    continue;
                };
                let kinds: Vec<&str> = unit
                    .kinds
                    .iter()
                    .map(|(piece, _)| super::pieces::role_name(piece.role))
                    .collect();
                hidden.push(format!(
                    "{} {}: {}{}",
                    color_title(first.color).to_lowercase(),
                    crate::wording::either(&kinds),
                    match squares.count() {
                        1 => "the shaded square".to_owned(),
                        n => format!("one of the {n} shaded squares"),
                    },
                    if unit.optional { ", or none" } else { "" }
                ));
            }
        }
        board::show(ui, &spec, 360.0);
        for line in hidden {
            ui.label(line);
        }
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if ui.button("Play it against the computer").clicked() {
                match PlayPanel::new(problem) {
                    Ok(panel) => self.playing = Some(panel),
                    Err(e) => self.answer = Some(e),
                }
            }
            let label = if self.solving() {
                "Solving…"
            } else {
                "Solve"
            };
            if ui
                .add_enabled(!self.solving(), egui::Button::new(label))
                .clicked()
            {
                self.solve();
            }
            if self.solving() {
                ui.spinner();
            }
        });
        if self.solving()
            && let Some(text) = self.proving_text()
        {
            ui.label(text);
        }
        self.solution(ui, problem);
    }

    /// The solver's answer (with "Solve" when there is none yet) and the published solution.
    fn solution(&mut self, ui: &mut egui::Ui, problem: &Problem) {
        if self.playing.is_some() {
            ui.add_space(8.0);
            ui.label(RichText::new("Compare with the solution:").strong());
            if self.answer.is_none()
                && ui
                    .add_enabled(!self.solving(), egui::Button::new("Show the solver's tree"))
                    .clicked()
            {
                self.solve();
            }
            if self.solving() {
                ui.horizontal(|ui| {
                    ui.spinner();
                    if let Some(text) = self.proving_text() {
                        ui.label(text);
                    }
                });
            }
        }
        if let Some(answer) = &self.answer {
            ui.add_space(6.0);
            ui.label(RichText::new(answer).monospace());
        }
        if !problem.solution.is_empty() {
            ui.add_space(6.0);
            egui::CollapsingHeader::new("Published solution").show(ui, |ui| {
                ui.label(&problem.solution);
            });
        }
    }
}
