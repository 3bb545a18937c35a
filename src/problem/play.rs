//! Playing a problem against the devil: the person plays the solver's side, and the computer
//! plays everything the person cannot see. It holds no fixed placement: it keeps every true
//! position still consistent with what the person was told (the belief, each with the
//! placement it started from), and at each answer and each reply it picks, among the ones still
//! possible, the one that is hardest for the person (searched with the solver). So the person
//! solves the problem exactly when they found a strategy that works against every placement.
//!
//! The devil never lies: everything it announces is what the referee announces in each of the
//! positions it keeps, so at the end any of them (shown as the refuting placement) would have
//! produced every word the person heard.

use super::tree::{Act, Step};
use super::{Outcome, Problem, ProblemError, Solver, Strategy};
use crate::announce::{Announcement, GameResult, Item};
use crate::attempt::Attempt;
use crate::referee::{Referee, Request, RequestError};
use crate::view::san::own_san;
use crate::worlds::{self, World};
use shakmaty::{Bitboard, Board, Color, Piece, Square};
use std::sync::Arc;
use std::time::{Duration, Instant};
use thiserror::Error;

/// One position the devil still keeps, with where it started and what was played in it.
#[derive(Clone, Debug)]
struct Line {
    /// The index of its start placement.
    start: usize,
    /// The position now.
    now: Referee,
    /// Every request made in it so far (refused attempts included), in order.
    requests: Vec<Request>,
    /// The moves played in it, in SAN.
    moves: Vec<String>,
}

impl World for Line {
    fn referee(&self) -> &Referee {
        &self.now
    }

    /// Makes `request` in the line, recording it, and in SAN the move it made if it made one.
    fn apply(&mut self, request: &Request) -> Result<Announcement, RequestError> {
        let before = self.now.true_setup();
        let mover = self.now.to_move();
        let said = self.now.apply(request)?;
        self.requests.push(request.clone());
        let moved = self.now.over().is_some() || self.now.to_move() != mover;
        if let (true, Request::Try(a)) = (moved, request) {
            self.moves.push(san_of(&before, *a));
        }
        Ok(said)
    }
}

/// How a played problem stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayState {
    /// The person is to move.
    Playing,
    /// The person mated in this many moves, within the stipulation.
    Solved {
        /// The moves used.
        moves: u8,
    },
    /// The person's play was refuted.
    Failed {
        /// Why, in words ("No mate in 8 moves.").
        reason: String,
        /// A start placement consistent with everything said, as a FEN.
        placement: String,
        /// What happened in that placement, in SAN ("1.Rg2 Bc5 2.…").
        line: String,
    },
}

/// Why an attempt was not taken.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PlayError {
    /// The problem is over.
    #[error("the problem is over: start again to play it once more")]
    Over,
    /// The person's own pieces rule it out.
    #[error("{0} is not possible with your pieces")]
    Impossible(String),
}

/// The answer to a hint request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The next attempt of a strategy that mates in `depth` moves from here.
    Next {
        /// The attempt (or the question).
        act: Act,
        /// It in SAN.
        san: String,
        /// The mate it leads to.
        depth: u8,
    },
    /// No strategy mates in the moves left.
    Lost,
    /// The search ran out of time.
    Unknown,
}

/// What one of the devil's choices leads to, worst for the person first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Value {
    /// The game ended without the person's mate, or the person's moves ran out.
    Defeat,
    /// No strategy mates in the moves left.
    Refuted,
    /// Not found in the time given.
    Unknown,
    /// The person can force mate in this many moves (more is better for the devil).
    Proven(std::cmp::Reverse<u8>),
    /// The person mated.
    Mate,
}

/// A choice of the devil: the lines it keeps and what the person hears.
struct Choice {
    lines: Vec<Line>,
    /// What the person heard of its attempt, and of the reply (if there was one).
    heard: Vec<Item>,
    reply: Option<Vec<Item>>,
    value: Value,
}

/// A problem being played against the devil.
#[derive(Clone, Debug)]
pub struct ProblemPlay {
    side: Color,
    mate_in: u8,
    material_mates: bool,
    starts: Vec<String>,
    lines: Vec<Line>,
    moves: u8,
    record: Vec<String>,
    heard: Vec<Vec<Item>>,
    state: PlayState,
    think: Duration,
    /// A proven strategy from here, once a hint or the problem's proof gave one (later hints
    /// follow it).
    plan: Option<Arc<Strategy>>,
    /// What the person did and heard, turn by turn (to follow a proof that comes later).
    path: Vec<Step>,
    /// How many searches the devil and the hints made (none while the plan answers).
    searches: u32,
}

impl ProblemPlay {
    /// Starts `problem`; the devil thinks at most `think` per answer.
    pub fn new(problem: &Problem, think: Duration) -> Result<ProblemPlay, ProblemError> {
        let belief = problem.belief()?;
        let starts = belief.iter().map(Referee::fen).collect();
        let lines = belief
            .into_iter()
            .enumerate()
            .map(|(start, now)| Line {
                start,
                now,
                requests: Vec::new(),
                moves: Vec::new(),
            })
            .collect();
        Ok(ProblemPlay {
            side: problem.solver()?,
            mate_in: problem.mate_in,
            material_mates: problem.material_mates,
            starts,
            lines,
            moves: 0,
            record: Vec::new(),
            heard: Vec::new(),
            state: PlayState::Playing,
            think,
            plan: None,
            path: Vec::new(),
            searches: 0,
        })
    }

    /// The person's side.
    pub fn side(&self) -> Color {
        self.side
    }

    /// How the problem stands.
    pub fn state(&self) -> &PlayState {
        &self.state
    }

    /// The moves the person has made (legal attempts).
    pub fn moves(&self) -> u8 {
        self.moves
    }

    /// The moves the stipulation allows.
    pub fn mate_in(&self) -> u8 {
        self.mate_in
    }

    /// What the person heard so far, a line per attempt or reply.
    pub fn record(&self) -> &[String] {
        &self.record
    }

    /// What the person heard, item by item: one entry per attempt and per reply, in order.
    pub fn heard(&self) -> &[Vec<Item>] {
        &self.heard
    }

    /// How many true positions are still consistent with what the person heard.
    pub fn positions(&self) -> usize {
        self.lines.len()
    }

    /// The person's own pieces (the same in every position kept).
    pub fn own_pieces(&self) -> Vec<(Square, Piece)> {
        let board = self.lines[0].now.true_board();
        let own = board.by_color(self.side);
        own.into_iter()
            .filter_map(|sq| board.piece_at(sq).map(|p| (sq, p)))
            .collect()
    }

    /// The solver's own pieces as a board, and whether its pawns promote to queens only (what a
    /// typed move is resolved against: [`crate::variant::typed::OwnSide`]).
    pub fn own_board(&self) -> (shakmaty::Board, bool) {
        let mut board = shakmaty::Board::empty();
        for (sq, piece) in self.own_pieces() {
            board.set_piece_at(sq, piece);
        }
        let queen_only =
            self.lines[0].now.rules().promotion == crate::rules::PromotionRule::QueenOnly;
        (board, queen_only)
    }

    /// The enemy units that stand on the same square in every position kept (what the person
    /// can know for sure), and the squares where any other enemy unit may stand.
    pub fn enemy_knowledge(&self) -> (Vec<(Square, Piece)>, Bitboard) {
        let boards: Vec<&Board> = self.lines.iter().map(|l| l.now.true_board()).collect();
        let enemy = |b: &Board| b.by_color(!self.side);
        let mut sure = Vec::new();
        let mut maybe = Bitboard::EMPTY;
        for sq in boards.iter().fold(Bitboard::EMPTY, |acc, b| acc | enemy(b)) {
            let first = boards[0].piece_at(sq);
            if first.is_some_and(|p| p.color != self.side)
                && boards.iter().all(|b| b.piece_at(sq) == first)
            {
                sure.extend(first.map(|p| (sq, p)));
            } else {
                maybe.add(sq);
            }
        }
        (sure, maybe)
    }

    /// The attempts the person's own pieces allow.
    pub fn possible_attempts(&self) -> Vec<Attempt> {
        if self.state != PlayState::Playing {
            return Vec::new();
        }
        self.lines[0].now.mover_side().possible_attempts()
    }

    /// The person's attempt: the devil answers it (and replies, when it was legal) in the way
    /// hardest for the person. Returns the lines the person heard.
    pub fn attempt(&mut self, a: Attempt) -> Result<Vec<String>, PlayError> {
        self.act(Act::Try(a))
    }

    /// Whether the person may ask "Any?" now (the rules allow it, not yet asked this turn).
    pub fn can_ask(&self) -> bool {
        let now = &self.lines[0].now;
        self.state == PlayState::Playing && now.rules().has_any() && !now.any_asked()
    }

    /// The person's attempt or question, answered by the devil as [`ProblemPlay::attempt`].
    pub fn act(&mut self, act: Act) -> Result<Vec<String>, PlayError> {
        if self.state != PlayState::Playing {
            return Err(PlayError::Over);
        }
        match act {
            Act::Try(a) if !self.lines[0].now.mover_side().is_possible(a) => {
                let side = self.lines[0].now.mover_side();
                return Err(PlayError::Impossible(own_san(&side, a, false)));
            }
            Act::Any if !self.can_ask() => return Err(PlayError::Impossible(act.to_string())),
            _ => {}
        }
        let deadline = Instant::now() + self.think;
        let mut choices = self.choices(act);
        // On the proven line, the proof values every answer: no search.
        if let Some(plan) = self.plan.as_ref().filter(|p| p.act == act) {
            for c in choices.iter_mut().filter(|c| c.value == Value::Unknown) {
                let step = self.step_of(act, c);
                if let Some(next) = plan.follow(&step) {
                    let left = next.depth().saturating_add(u32::from(step.legal));
                    c.value =
                        Value::Proven(std::cmp::Reverse(u8::try_from(left).unwrap_or(u8::MAX)));
                }
            }
        }
        // The cheap verdicts first; then the searches, the largest belief first, until one
        // refutes or the time is up.
        choices.sort_by_key(|c| (c.value, std::cmp::Reverse(c.lines.len())));
        for c in choices.iter_mut().filter(|c| c.value == Value::Unknown) {
            let left = Instant::now();
            if left >= deadline {
                break;
            }
            self.searches += 1;
            c.value = self.judge(c, deadline - left);
            if c.value <= Value::Refuted {
                break;
            }
        }
        let Some(best) = choices
            .into_iter()
            .min_by_key(|c| (c.value, std::cmp::Reverse(c.lines.len())))
        else {
            return Err(PlayError::Impossible(act.to_string()));
        };
        Ok(self.take(act, best))
    }

    /// The devil's choices after the person's `act`: each answer the referee may give, and
    /// after a legal attempt each reply, grouped by what the person hears.
    fn choices(&self, act: Act) -> Vec<Choice> {
        let Some(split) = worlds::split(&self.lines, &act.request(), self.side, |_| false) else {
            return Vec::new();
        };
        let mut choices: Vec<Choice> = split
            .refused
            .into_iter()
            .map(|(heard, lines)| Choice {
                lines,
                heard,
                reply: None,
                value: Value::Unknown,
            })
            .collect();
        let won = GameResult::win_for(self.side);
        let last = self.moves + 1 >= self.mate_in;
        for (heard, mut group) in split.taken {
            // Where material checkmates count, the positions one ends are the person's win.
            if self.material_mates {
                let (won, rest): (Vec<Line>, Vec<Line>) = group
                    .into_iter()
                    .partition(|l| super::material_mate(l.now.true_board(), self.side));
                if !won.is_empty() {
                    choices.push(Choice {
                        lines: won,
                        heard: heard.clone(),
                        reply: None,
                        value: Value::Mate,
                    });
                }
                if rest.is_empty() {
                    continue;
                }
                group = rest;
            }
            match group[0].now.over() {
                Some(o) => choices.push(Choice {
                    value: if o.result == won {
                        Value::Mate
                    } else {
                        Value::Defeat
                    },
                    lines: group,
                    heard,
                    reply: None,
                }),
                None if last => choices.push(Choice {
                    lines: group,
                    heard,
                    reply: None,
                    value: Value::Defeat,
                }),
                None => self.replies(group, heard, &mut choices),
            }
        }
        choices
    }

    /// The devil's replies in `group` (the person heard `heard` of its attempt), grouped by
    /// what the person hears of them.
    fn replies(&self, group: Vec<Line>, heard: Vec<Item>, choices: &mut Vec<Choice>) {
        let by_reply = worlds::branch(&group, self.side, worlds::legal_moves, |_| false);
        for (reply, lines) in by_reply.unwrap_or_default() {
            // What was heard includes a game's end, so a group ends everywhere or nowhere.
            let over = lines[0].now.over().is_some();
            choices.push(Choice {
                lines,
                heard: heard.clone(),
                reply: Some(reply),
                value: if over { Value::Defeat } else { Value::Unknown },
            });
        }
    }

    /// Searches how the person fares after `c`, within `limit`.
    fn judge(&self, c: &Choice, limit: Duration) -> Value {
        let moves_left = self.mate_in - self.moves - u8::from(c.reply.is_some());
        let belief: Vec<Referee> = c.lines.iter().map(|l| l.now.clone()).collect();
        match Solver::new(self.side, Some(limit))
            .material_mates(self.material_mates)
            .solve(belief, moves_left)
        {
            Outcome::Proven { depth, .. } => Value::Proven(std::cmp::Reverse(depth)),
            Outcome::Refuted { .. } => Value::Refuted,
            Outcome::Unknown => Value::Unknown,
        }
    }

    /// What the person does and hears when the devil chooses `c` (what a strategy follows).
    fn step_of(&self, act: Act, c: &Choice) -> Step {
        let wording = self.lines[0].now.rules().wording;
        let heard = crate::wording::heard_line(&c.heard, wording, self.side, Some(self.side));
        // A refused attempt leaves the person to move with no reply.
        let legal = c.reply.is_some()
            || c.lines[0].now.to_move() != self.side
            || c.lines[0].now.over().is_some();
        let reply = c.reply.as_ref().map(|reply| {
            let words = crate::wording::heard_line(reply, wording, !self.side, Some(self.side));
            if words.is_empty() {
                "(nothing heard)".to_owned()
            } else {
                words
            }
        });
        Step {
            act,
            legal,
            heard,
            reply,
        }
    }

    /// Makes `c` what happened.
    fn take(&mut self, act: Act, c: Choice) -> Vec<String> {
        let own_board = self.lines[0].now.mover_side();
        let capture = c.heard.iter().any(|i| matches!(i, Item::Capture { .. }));
        let san = match act {
            Act::Try(a) => own_san(&own_board, a, capture),
            Act::Any => act.to_string(),
        };
        let mut said = Vec::new();
        let step = self.step_of(act, &c);
        let (legal, words) = (step.legal, &step.heard);
        if legal {
            self.moves += 1;
            said.push(format!("{}. {san}: {words}", self.moves));
        } else {
            // A refused attempt as play writes it: in SAN from the own board.
            said.push(format!("{}. {san}: {words}", self.moves + 1));
        }
        if let Some(words) = &step.reply {
            said.push(format!("{}… {words}", self.moves));
        }
        self.plan = self.plan.take().and_then(|plan| plan.follow(&step));
        self.path.push(step);
        self.record.extend(said.iter().cloned());
        self.heard.push(c.heard);
        self.heard.extend(c.reply);
        self.lines = c.lines;
        // Placements that led to the same position need not be kept twice.
        worlds::dedup(&mut self.lines);
        self.state = match c.value {
            Value::Mate => PlayState::Solved { moves: self.moves },
            Value::Defeat => self.failed(if legal && self.lines[0].now.over().is_none() {
                format!(
                    "No mate in {}.",
                    crate::wording::count(usize::from(self.mate_in), "move", "moves")
                )
            } else {
                "The game ended without your mate.".to_owned()
            }),
            _ => PlayState::Playing,
        };
        said
    }

    /// The person's play failed: one placement still kept, and what happened in it.
    fn failed(&self, reason: String) -> PlayState {
        let line = &self.lines[0];
        let first_white = self.starts[line.start].contains(" w ");
        let mut text = String::new();
        for (i, m) in line.moves.iter().enumerate() {
            let white = (i % 2 == 0) == first_white;
            let number = (i + if first_white { 0 } else { 1 }) / 2 + 1;
            if white {
                text.push_str(&format!("{number}.{m} "));
            } else if i == 0 {
                text.push_str(&format!("{number}…{m} "));
            } else {
                text.push_str(&format!("{m} "));
            }
        }
        PlayState::Failed {
            reason,
            placement: self.starts[line.start].clone(),
            line: text.trim_end().to_owned(),
        }
    }

    /// The requests made in the position shown as the refutation, from its start (tests check
    /// that replaying them there gives every word the person heard).
    pub fn refutation_requests(&self) -> Option<(&str, &[Request])> {
        match self.state {
            PlayState::Failed { .. } => {
                let line = &self.lines[0];
                Some((&self.starts[line.start], &line.requests))
            }
            _ => None,
        }
    }

    /// Takes the problem's proof (a strategy from its start): while the person's play so far
    /// follows it, hints come from it at once. Returns whether the person is on it.
    pub fn adopt(&mut self, proof: Arc<Strategy>) -> bool {
        let mut plan = Some(proof);
        for step in &self.path {
            plan = plan.and_then(|p| p.follow(step));
        }
        if plan.is_some() {
            self.plan = plan;
        }
        self.plan.is_some()
    }

    /// The position where the problem ended (the hidden units shown), once it is over: one of
    /// the positions still consistent with everything the person heard.
    pub fn final_board(&self) -> Option<&Board> {
        (self.state != PlayState::Playing).then(|| self.lines[0].now.true_board())
    }

    /// How many searches the answers and hints took so far (none on the line of a proof).
    pub fn searches(&self) -> u32 {
        self.searches
    }

    /// Whether a proven strategy from here is known (a hint is then given at once).
    pub fn has_plan(&self) -> bool {
        self.plan.is_some()
    }

    /// The next attempt of a strategy that mates from here: the strategy a hint found before,
    /// while the person follows it, or one searched within `limit` (and kept).
    pub fn hint(&mut self, limit: Duration) -> Hint {
        self.hint_with(limit, None)
    }

    /// [`ProblemPlay::hint`], reporting the search's progress to `progress` (which can stop it).
    pub fn hint_with(&mut self, limit: Duration, progress: Option<Arc<super::Progress>>) -> Hint {
        if self.state != PlayState::Playing {
            return Hint::Lost;
        }
        if self.plan.is_none() {
            let belief: Vec<Referee> = self.lines.iter().map(|l| l.now.clone()).collect();
            let left = self.mate_in - self.moves;
            let mut solver =
                Solver::new(self.side, Some(limit)).material_mates(self.material_mates);
            if let Some(p) = progress {
                solver = solver.progress(p);
            }
            self.searches += 1;
            match { solver }.solve(belief, left) {
                Outcome::Proven { strategy, .. } => self.plan = Some(strategy),
                Outcome::Refuted { .. } => return Hint::Lost,
                Outcome::Unknown => return Hint::Unknown,
            }
        }
        match &self.plan {
            Some(plan) => Hint::Next {
                act: plan.act,
                san: plan.san.clone(),
                depth: u8::try_from(plan.depth()).unwrap_or(u8::MAX),
            },
            None => Hint::Unknown,
        }
    }
}

/// A legal move `a` in `before`, in SAN.
fn san_of(before: &shakmaty::Setup, a: Attempt) -> String {
    use shakmaty::{CastlingMode, Chess, san::San};
    let Ok(pos) = before.clone().position::<Chess>(CastlingMode::Standard) else {
        return a.to_string();
    };
    match a.to_uci().to_move(&pos) {
        Ok(m) => San::from_move(&pos, m).to_string(),
        Err(_) => a.to_string(),
    }
}
