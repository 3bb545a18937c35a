//! Playing a problem against the computer (the devil of [`ProblemPlay`]): the person's own board
//! with the enemy units known for sure as markers, attempts by click, drag or typed UCI, what the
//! person heard, "Any?" where the rules have it, hints on request, and at the end "Solved" or
//! the placement that refutes the person's play drawn on a board. Hints come from the problem's
//! proof, worked out once by the problems screen ([`PlayPanel::adopt`]); a person who left the
//! proven line gets a search from where they are. The devil and the searches think on other
//! threads, with their progress shown, so the window never blocks.

use super::board::{self, Arrow, BoardEvent, BoardSpec, Highlight};
use super::play::field::take_lines;
use crate::attempt::Attempt;
use crate::problem::{Act, Hint, PlayState, Problem, ProblemPlay, Progress, Proof, Reading};
use crate::variant::typed::{OwnSide, Typed, resolve_on};
use crate::wording::color_title;
use egui::RichText;
use shakmaty::{Bitboard, Piece, Role, Square};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Duration;

/// How long the devil thinks about one answer.
const THINK: Duration = Duration::from_secs(3);

/// How long a hint may take.
const HINT: Duration = Duration::from_secs(90);

/// Pieces on squares, as a board shows them.
type Pieces = Vec<(Square, Piece)>;

/// What a worker thread hands back.
enum Done {
    /// The devil answered: the game after it, or why the attempt was not taken.
    Answered(Box<ProblemPlay>, Option<String>),
    /// A hint, and the game that keeps the strategy it came from.
    Hint(Box<ProblemPlay>, Hint),
}

/// A problem being played.
pub struct PlayPanel {
    problem: Problem,
    /// The game (while the devil thinks, the game as it was).
    pub play: ProblemPlay,
    selected: Option<Square>,
    typed: String,
    /// The attempts typed (each ended by Enter), waiting for the computer's answer before.
    typed_ahead: crate::typing::TypeAhead,
    /// The last message to the person (an attempt not taken, a hint).
    pub message: Option<String>,
    hint: Option<Attempt>,
    shade: bool,
    hinting: bool,
    job: Option<Receiver<Done>>,
    /// The progress of a hint's own search (from where the person left the proof).
    search: Option<Arc<Progress>>,
    /// The problem's proof: still being worked out (with how far it came), or known.
    pub proving: Option<Reading>,
    /// Whether the problem's proof came (hints then follow it, or search where it cannot help).
    proof_known: bool,
    /// A hint was asked before the proof came: it is given when the proof comes.
    hint_waits: bool,
}

impl PlayPanel {
    /// Starts `problem`.
    pub fn new(problem: &Problem) -> Result<PlayPanel, String> {
        let play = ProblemPlay::new(problem, THINK).map_err(|e| e.to_string())?;
        Ok(PlayPanel {
            problem: problem.clone(),
            play,
            selected: None,
            typed: String::new(),
            typed_ahead: Default::default(),
            message: None,
            hint: None,
            shade: false,
            hinting: false,
            job: None,
            search: None,
            proving: None,
            proof_known: false,
            hint_waits: false,
        })
    }

    /// Whether the computer is thinking (an answer or a hint).
    pub fn thinking(&self) -> bool {
        self.job.is_some()
    }

    /// Whether the panel still waits for the problem's proof.
    pub fn needs_proof(&self) -> bool {
        !self.proof_known
    }

    /// Whether a hint waits for the problem's proof.
    pub fn hint_waits(&self) -> bool {
        self.hint_waits
    }

    /// Sends `a` to the devil on another thread.
    pub fn attempt(&mut self, a: Attempt) {
        self.act(Act::Try(a));
    }

    /// Sends the attempt or the question to the devil on another thread.
    pub fn act(&mut self, act: Act) {
        if self.thinking() {
            return;
        }
        let mut next = self.play.clone();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let error = next.act(act).err().map(|e| e.to_string());
            let _ = tx.send(Done::Answered(Box::new(next), error));
        });
        self.selected = None;
        self.hint = None;
        self.message = None;
        self.job = Some(rx);
    }

    /// The typed attempt (SAN or UCI), resolved against the solver's own pieces only.
    /// A typed attempt in its turn: tried against the person's own board.
    fn try_typed(&mut self, text: &str) {
        let (own, queen_only) = self.play.own_board();
        let side = OwnSide {
            color: self.play.side(),
            own: &own,
            possible: self.play.possible_attempts(),
            queen_only,
        };
        match resolve_on(&side, text) {
            Ok(Typed::Attempt(a)) => self.attempt(a),
            Ok(Typed::Promotion(a)) => {
                self.message = Some(format!(
                    "say which piece the pawn becomes: {}=Q, {}=R, {}=B or {}=N",
                    a.to, a.to, a.to, a.to
                ));
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// A line typed (Enter or the Try button): it waits behind the attempts typed before it.
    fn queue_typed(&mut self, line: String) {
        if line.trim().is_empty() {
            return;
        }
        if self.typed_ahead.push(line).is_err() {
            self.message = Some("too many attempts typed ahead: this one was not taken".into());
        }
    }

    /// The next attempt typed ahead, once the computer has answered the last.
    fn next_typed(&mut self) {
        if self.thinking() || *self.play.state() != PlayState::Playing {
            return;
        }
        if let Some(line) = self.typed_ahead.send_next() {
            self.try_typed(&line);
        }
    }

    /// The problem's proof came: hints follow it from now on (a hint asked meanwhile is given).
    pub fn adopt(&mut self, proof: &Proof) {
        self.proving = None;
        self.proof_known = true;
        if let Some(strategy) = &proof.strategy {
            self.play.adopt(strategy.clone());
        }
        if std::mem::take(&mut self.hint_waits) {
            self.ask_hint();
        }
    }

    fn ask_hint(&mut self) {
        if self.thinking() {
            return;
        }
        if self.play.has_plan() {
            // From the proof: at once.
            let hint = self.play.hint(Duration::ZERO);
            self.show_hint(hint);
            return;
        }
        if !self.proof_known {
            self.hint_waits = true;
            self.message =
                Some("The problem's proof is being worked out: the hint follows.".to_owned());
            return;
        }
        // The person left the proven line (or there is none): a search from here.
        let mut play = self.play.clone();
        let progress = Arc::new(Progress::default());
        let shared = progress.clone();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let hint = play.hint_with(HINT, Some(shared));
            let _ = tx.send(Done::Hint(Box::new(play), hint));
        });
        self.message = None;
        self.hinting = true;
        self.search = Some(progress);
        self.job = Some(rx);
    }

    fn show_hint(&mut self, hint: Hint) {
        self.message = Some(match &hint {
            Hint::Next { san, depth, .. } => {
                format!("Hint: {san} (it mates in at most {depth} from here).")
            }
            Hint::Lost => {
                "No strategy mates in the moves left: the devil can refute your play.".to_owned()
            }
            Hint::Unknown => "No hint found in time.".to_owned(),
        });
        self.hint = match hint {
            Hint::Next {
                act: Act::Try(a), ..
            } => Some(a),
            _ => None,
        };
    }

    /// Takes what a worker finished.
    fn poll(&mut self, ctx: &egui::Context) {
        let Some(rx) = &self.job else {
            return;
        };
        match rx.try_recv() {
            Ok(Done::Answered(play, error)) => {
                if let Some(e) = error {
                    self.message = Some(e);
                } else {
                    self.play = *play;
                }
                self.job = None;
            }
            Ok(Done::Hint(play, hint)) => {
                self.play = *play;
                self.hinting = false;
                self.search = None;
                self.show_hint(hint);
                self.job = None;
            }
            Err(TryRecvError::Empty) => ctx.request_repaint_after(Duration::from_millis(100)),
            Err(TryRecvError::Disconnected) => {
                self.job = None;
                self.hinting = false;
                self.search = None;
            }
        }
    }

    /// Draws the panel; returns true when the person asked to leave it.
    pub fn show(&mut self, ui: &mut egui::Ui) -> bool {
        self.poll(ui.ctx());
        let mut leave = false;
        let side = self.play.side();
        ui.heading(&self.problem.title);
        ui.label(
            RichText::new(format!(
                "You play {}: mate in {}, wherever the hidden units stand. The computer answers \
                 every attempt the way that is hardest for you.",
                color_title(side),
                self.play.mate_in()
            ))
            .strong(),
        );
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| self.board(ui));
            ui.vertical(|ui| {
                ui.set_max_width(420.0);
                self.status(ui);
                ui.add_space(6.0);
                ui.horizontal(|ui| {
                    let playing = *self.play.state() == PlayState::Playing;
                    let free = playing && !self.thinking();
                    let label = ui.label("Attempt:");
                    // Typed while the computer thinks, an attempt waits its turn: the field
                    // keeps the focus and every key (one line per Enter, whatever the frames).
                    let id = egui::Id::unique("problem-attempt");
                    if playing && ui.memory(|m| m.has_focus(id)) {
                        for line in take_lines(ui, id, &mut self.typed) {
                            self.queue_typed(line);
                        }
                    }
                    ui.add_enabled(
                        playing,
                        egui::TextEdit::singleline(&mut self.typed)
                            .desired_width(70.0)
                            .hint_text("Nf3 or g1f3")
                            .return_key(None::<egui::KeyboardShortcut>)
                            .id(id),
                    )
                    .labelled_by(label.id);
                    if ui.add_enabled(free, egui::Button::new("Try")).clicked() {
                        let line = std::mem::take(&mut self.typed);
                        self.queue_typed(line);
                    }
                    self.next_typed();
                    if !self.typed_ahead.is_empty() {
                        ui.ctx().request_repaint_after(Duration::from_millis(50));
                    }
                    if self.play.can_ask()
                        && ui.add_enabled(free, egui::Button::new("Any?")).clicked()
                    {
                        self.act(Act::Any);
                    }
                    if ui.add_enabled(free, egui::Button::new("Hint")).clicked() {
                        self.ask_hint();
                    }
                });
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(!self.thinking(), egui::Button::new("Start again"))
                        .clicked()
                        && let Ok(fresh) = PlayPanel::new(&self.problem)
                    {
                        *self = fresh;
                    }
                    if ui.button("Back to the problem").clicked() {
                        leave = true;
                    }
                    ui.checkbox(&mut self.shade, "Shade where hidden units may be");
                });
                if let Some(m) = &self.message {
                    ui.label(m);
                }
                ui.add_space(6.0);
                ui.label(RichText::new("What you heard").strong());
                egui::ScrollArea::vertical()
                    .id_salt("problem-record")
                    .max_height(260.0)
                    .stick_to_bottom(true)
                    .show(ui, |ui| {
                        for line in self.play.record() {
                            ui.label(line);
                        }
                    });
            });
        });
        self.outcome(ui);
        leave
    }

    fn status(&self, ui: &mut egui::Ui) {
        let text = match self.play.state() {
            PlayState::Playing if self.hinting => match &self.search {
                Some(p) => format!("Looking for a hint from here: {}…", p.read()),
                None => "Looking for a hint…".to_owned(),
            },
            PlayState::Playing if self.hint_waits => match &self.proving {
                Some(r) => format!("Working out the proof for the hint: {r}…"),
                None => "Working out the proof for the hint…".to_owned(),
            },
            PlayState::Playing if self.thinking() => "The referee answers…".to_owned(),
            PlayState::Playing => format!(
                "Move {} of {}: your attempt. {} fit what you heard.",
                self.play.moves() + 1,
                self.play.mate_in(),
                crate::wording::count(self.play.positions(), "position", "positions")
            ),
            PlayState::Solved { moves } => format!("Solved: mate in {moves}."),
            PlayState::Failed { reason, .. } => format!("Not solved. {reason}"),
        };
        ui.horizontal(|ui| {
            ui.label(RichText::new(text).size(crate::app::theme::TEXT_LARGE));
            if self.thinking() || self.hint_waits {
                ui.spinner();
            }
        });
    }

    /// What the person's board shows: the pieces, and the enemy units known for sure as
    /// markers; at the mate (the problem over) the true position, hidden units and all.
    pub fn shown(&self) -> (Pieces, Pieces) {
        if let (PlayState::Solved { .. }, Some(end)) = (self.play.state(), self.play.final_board())
        {
            return (end.iter().collect(), Vec::new());
        }
        (self.play.own_pieces(), self.play.enemy_knowledge().0)
    }

    /// The person's board (see [`PlayPanel::shown`]).
    fn board(&mut self, ui: &mut egui::Ui) {
        let side = self.play.side();
        let playing = *self.play.state() == PlayState::Playing && !self.thinking();
        let possible = self.play.possible_attempts();
        let (_, maybe) = self.play.enemy_knowledge();
        let movable = self
            .play
            .own_pieces()
            .iter()
            .fold(Bitboard::EMPTY, |b, (sq, _)| b | *sq);
        let (own, sure) = self.shown();
        let mut spec = BoardSpec {
            name: color_title(side).to_owned(),
            white_at_bottom: side == shakmaty::Color::White,
            pieces: own,
            markers: sure,
            coordinates: true,
            movable: if playing { movable } else { Bitboard::EMPTY },
            drag: playing,
            click: playing,
            ..BoardSpec::default()
        };
        if self.shade {
            spec.highlights
                .extend(maybe.into_iter().map(|sq| (sq, Highlight::Region)));
        }
        if let Some(from) = self.selected {
            spec.highlights.push((from, Highlight::Selected));
            spec.dots = possible
                .iter()
                .filter(|a| a.from == from)
                .fold(Bitboard::EMPTY, |b, a| b | a.to);
        }
        if let Some(h) = self.hint {
            spec.arrows.push(Arrow {
                from: h.from,
                to: h.to,
                color: super::theme::HINT_ARROW,
            });
        }
        for event in board::show(ui, &spec, 420.0) {
            match event {
                BoardEvent::Clicked(sq) => {
                    if let Some(a) = from_to(&possible, self.selected, sq) {
                        self.attempt(a);
                    } else if movable.contains(sq) && self.selected != Some(sq) {
                        self.selected = Some(sq);
                    } else {
                        self.selected = None;
                    }
                }
                BoardEvent::Dropped { from, to } => {
                    if let Some(a) = from_to(&possible, Some(from), to) {
                        self.attempt(a);
                    }
                }
                _ => {}
            }
        }
    }

    /// After the end: the refuting placement, or the way to the solution tree.
    fn outcome(&self, ui: &mut egui::Ui) {
        if let PlayState::Failed {
            placement, line, ..
        } = self.play.state()
        {
            ui.add_space(8.0);
            ui.label(
                RichText::new("Where the hidden units stood (consistent with all you heard):")
                    .strong(),
            );
            ui.label(RichText::new(placement).monospace());
            if !line.is_empty() {
                ui.label(format!("What happened there: {line}"));
            }
            if let Some(setup) = crate::setup::parse_fen(placement) {
                let spec = BoardSpec {
                    name: "Refutation".to_owned(),
                    white_at_bottom: self.play.side() == shakmaty::Color::White,
                    pieces: setup.board.iter().collect(),
                    coordinates: true,
                    ..BoardSpec::default()
                };
                board::show(ui, &spec, 300.0);
            }
        }
    }
}

/// The possible attempt from `from` to `to` (a promotion to a queen when one is needed; typed
/// UCI chooses another piece).
fn from_to(possible: &[Attempt], from: Option<Square>, to: Square) -> Option<Attempt> {
    let from = from?;
    let mut found = possible.iter().filter(|a| a.from == from && a.to == to);
    let first = *found.next()?;
    Some(
        possible
            .iter()
            .copied()
            .find(|a| a.from == from && a.to == to && a.promotion == Some(Role::Queen))
            .unwrap_or(first),
    )
}
