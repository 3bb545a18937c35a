//! A UCI chess engine (Stockfish) as the strongest RBC play's scorer of worlds (issue 59), as
//! StrangeFish2 scores its boards: one persistent process, found as reconchess's TroutBot finds
//! it ([`find`]: `STOCKFISH_EXECUTABLE`, else `stockfish` on the `PATH`, else
//! `/usr/games/stockfish`), asked for every legal move of a world at once (`MultiPV`).
//!
//! It runs through the seat's bounded pipes ([`Program`]: lines of at most 64 KB, a bounded
//! queue, its own process group): its hello (`uciok`, `readyok`) is awaited without blocking a
//! decision, within [`HELLO_WAIT`]; each answer is due a little after the move time asked
//! ([`GRACE`]), then `stop` is sent and the answer is due within [`STOP_GRACE`]; too many
//! lines in one answer ([`MAX_LINES`]) or too many unreadable ones end it. An engine that
//! misbehaves once is stopped (its process group killed) and never asked again: the built-in
//! search ([`super::search`]) plays on.

use super::score::KING;
use crate::announce::{Item, heard_by};
use crate::attempt::Attempt;
use crate::process::pipes::{Said, Trouble};
use crate::process::program::{HELLO_WAIT, Program};
use crate::referee::{Referee, Request};
use shakmaty::fen::Fen;
use shakmaty::{Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Position};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long past its move time an answer may take before `stop` is sent.
const GRACE: Duration = Duration::from_millis(150);

/// How long after `stop` the answer may take.
const STOP_GRACE: Duration = Duration::from_millis(100);

/// The most lines one answer may take (a search's `info` lines included).
const MAX_LINES: usize = 50_000;

/// The most lines of one answer that are neither `info` nor `bestmove`, or unreadable.
const MAX_BAD: usize = 64;

/// The highest `MultiPV` Stockfish takes.
const MAX_PV: usize = 500;

/// A mate found, in pawns (a mate in `n` counts `n` less).
const MATE: f32 = 99.0;

/// The most pawns a centipawn score counts.
const MAX_PAWNS: f32 = 60.0;

/// The engine's program as TroutBot finds it: `STOCKFISH_EXECUTABLE` when set (empty: none),
/// else `stockfish` on the `PATH`, else `/usr/games/stockfish` if it exists.
pub fn find() -> Option<PathBuf> {
    if let Some(set) = std::env::var_os("STOCKFISH_EXECUTABLE") {
        return (!set.is_empty()).then(|| PathBuf::from(set));
    }
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("stockfish"))
            .find(|p| p.is_file())
    });
    on_path.or_else(|| {
        let games = Path::new("/usr/games/stockfish");
        games.is_file().then(|| games.to_path_buf())
    })
}

/// A score from the engine, for the side to move.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) enum Eval {
    /// Centipawns.
    Cp(i32),
    /// A mate in so many moves (negative: mated).
    Mate(i32),
}

impl Eval {
    /// In pawns, a mate near the score of a king taken.
    pub(super) fn pawns(self) -> f32 {
        match self {
            Eval::Cp(cp) => (cp as f32 / 100.0).clamp(-MAX_PAWNS, MAX_PAWNS),
            Eval::Mate(n) if n > 0 => MATE - (n.min(30) as f32) * 0.1,
            Eval::Mate(n) => -MATE + (n.unsigned_abs().min(30) as f32) * 0.1,
        }
    }
}

/// The engine of one bot: started at the first searched decision, asked nothing more once it
/// has misbehaved.
pub struct Engine {
    /// The program's command (`None`: none found, or no engine wanted).
    command: Option<String>,
    /// The running engine.
    uci: Option<Uci>,
    /// Whether it was started once already (it is never started twice).
    started: bool,
}

impl Default for Engine {
    /// The engine [`find`] finds.
    fn default() -> Engine {
        Engine::with_command(find().map(|p| p.to_string_lossy().into_owned()))
    }
}

impl Engine {
    /// An engine started with `command` (a program and its arguments, split at spaces), or none.
    pub fn with_command(command: Option<String>) -> Engine {
        Engine {
            command,
            uci: None,
            started: false,
        }
    }

    /// The engine, ready to be asked, waiting for its hello until `deadline` at most (it is
    /// started the first time); `None` while it is not ready, or when there is none.
    pub(super) fn ready(&mut self, deadline: Instant) -> Option<&mut Uci> {
        if !self.started {
            self.started = true;
            self.uci = self.command.as_deref().and_then(Uci::start);
        }
        let uci = self.uci.as_mut()?;
        match uci.hello(deadline) {
            Hello::Ready => self.uci.as_mut(),
            Hello::Waiting => None,
            Hello::Failed => {
                self.uci = None;
                None
            }
        }
    }

    /// Stops the engine for good (it misbehaved).
    pub(super) fn drop_engine(&mut self) {
        self.uci = None;
    }

    /// Whether an engine is running (or starting).
    #[cfg(test)]
    pub(super) fn running(&self) -> bool {
        self.uci.is_some()
    }
}

/// Where the engine's hello stands.
enum Hello {
    Ready,
    Waiting,
    Failed,
}

/// A running UCI engine.
pub(super) struct Uci {
    program: Program,
    /// When it was started (its hello is due within [`HELLO_WAIT`]).
    started: Instant,
    /// Whether it said `uciok` and `readyok`.
    uciok: bool,
    readyok: bool,
    /// The `MultiPV` set last.
    multipv: usize,
}

impl Uci {
    /// Starts `command` and asks for its hello (not waiting for it).
    fn start(command: &str) -> Option<Uci> {
        let mut program = Program::spawn(command).ok()?;
        for line in [
            "uci",
            "setoption name Threads value 1",
            "setoption name Hash value 16",
            "isready",
        ] {
            program.send(line.to_owned());
        }
        Some(Uci {
            program,
            started: Instant::now(),
            uciok: false,
            readyok: false,
            multipv: 1,
        })
    }

    /// Reads the hello's lines until `deadline`.
    fn hello(&mut self, deadline: Instant) -> Hello {
        let due = self.started + HELLO_WAIT;
        let mut lines = 0;
        while !self.readyok {
            let now = Instant::now();
            if now >= due || lines >= MAX_LINES {
                return Hello::Failed;
            }
            match self.program.next_said(deadline.min(due).max(now)) {
                Ok(Said::Text(line)) => match line.trim() {
                    "uciok" => self.uciok = true,
                    "readyok" if self.uciok => self.readyok = true,
                    _ => {}
                },
                Ok(Said::Unreadable) => {}
                Err(Trouble::Silent) if Instant::now() < due => {
                    return Hello::Waiting;
                }
                Err(_) => return Hello::Failed,
            }
            lines += 1;
        }
        Hello::Ready
    }

    /// The engine's score of every legal move of `fen` (its side to move), by move in UCI
    /// notation, and the last score of its best line, searched `movetime` (`moves`: how many
    /// legal moves there are); `None` when it misbehaved (the caller then stops it). A move it
    /// did not score is missing. Past `by`, `stop` is sent even if the move time has not run.
    pub(super) fn analyse(
        &mut self,
        fen: &str,
        moves: usize,
        movetime: Duration,
        by: Instant,
    ) -> Option<(HashMap<String, Eval>, Option<Eval>)> {
        let pv = moves.clamp(1, MAX_PV);
        if pv != self.multipv {
            self.program
                .send(format!("setoption name MultiPV value {pv}"));
            self.multipv = pv;
        }
        let ms = movetime.as_millis().max(1);
        self.program.send(format!("position fen {fen}"));
        self.program.send(format!("go movetime {ms}"));
        let mut deadline = (Instant::now() + movetime + GRACE).min(by);
        let mut stopped = false;
        let mut scores = HashMap::new();
        let mut best = None;
        let (mut lines, mut bad) = (0, 0);
        loop {
            if lines >= MAX_LINES || bad >= MAX_BAD {
                return None;
            }
            lines += 1;
            match self.program.next_said(deadline) {
                Ok(Said::Text(line)) => {
                    let mut words = line.split_whitespace();
                    match words.next() {
                        Some("bestmove") => return Some((scores, best)),
                        Some("info") => {
                            let first = !line.contains(" multipv ") || line.contains(" multipv 1 ");
                            if let Some((m, e)) = info(words) {
                                if first {
                                    best = Some(e);
                                }
                                scores.insert(m, e);
                            }
                        }
                        _ => bad += 1,
                    }
                }
                Ok(Said::Unreadable) => bad += 1,
                Err(Trouble::Silent) if !stopped => {
                    self.program.send("stop".to_owned());
                    stopped = true;
                    deadline = Instant::now() + STOP_GRACE;
                }
                Err(_) => return None,
            }
        }
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        self.program.send("quit".to_owned());
    }
}

/// The engine misbehaved: it is to be stopped.
#[derive(Debug)]
pub(super) struct Misbehaved;

/// What an option comes to in a world, for the engine.
enum Target {
    /// Known without the engine.
    Known(f32),
    /// This legal chess move.
    Move(String),
    /// Nothing moved (a pass, a blocked pawn).
    Pass,
    /// For the built-in search to say (a move into check: the king is lost).
    Builtin,
}

/// The engine's score for `us` of each option of `world` (ours to move), in pawns, searched
/// about `movetime` (the position after a pass a quarter of that), answers due by `by` (then
/// [`STOP_GRACE`]): `None` where the built-in
/// search is to say, as in every world where the engine must not be asked (our side can take
/// the king, a position chess does not allow), and for a move into check.
pub(super) fn world_scores(
    uci: &mut Uci,
    world: &Referee,
    options: &[Option<Attempt>],
    us: Color,
    movetime: Duration,
    by: Instant,
) -> Result<Vec<Option<f32>>, Misbehaved> {
    let none = || vec![None; options.len()];
    let setup = world.true_setup();
    if setup.turn != us || attacked(&setup.board, !us) {
        return Ok(none());
    }
    let Ok(position) = Chess::from_setup(setup.clone(), CastlingMode::Standard) else {
        return Ok(none());
    };
    let legal = position.legal_moves();
    if legal.is_empty() {
        return Ok(none());
    }
    let mut by_board: HashMap<Board, String> = HashMap::with_capacity(legal.len());
    for m in &legal {
        let mut after = position.clone();
        after.play_unchecked(*m);
        by_board.insert(
            after.board().clone(),
            m.to_uci(CastlingMode::Standard).to_string(),
        );
    }
    let targets: Vec<Target> = options
        .iter()
        .map(|o| target(world, *o, us, &by_board))
        .collect();
    let fen = |p: &Chess| Fen::from_position(p, EnPassantMode::Legal).to_string();
    let moves = if targets.iter().any(|t| matches!(t, Target::Move(_))) {
        let (moves, _) = uci
            .analyse(&fen(&position), legal.len(), movetime, by)
            .ok_or(Misbehaved)?;
        moves
    } else {
        HashMap::new()
    };
    let mut pass = None;
    if targets.iter().any(|t| matches!(t, Target::Pass)) && !attacked(&setup.board, us) {
        let mut passed = setup.clone();
        passed.turn = !us;
        passed.ep_square = None;
        if let Ok(p) = Chess::from_setup(passed, CastlingMode::Standard)
            && !p.legal_moves().is_empty()
        {
            let (_, best) = uci
                .analyse(&fen(&p), 1, movetime / 4, by)
                .ok_or(Misbehaved)?;
            pass = best.map(|e| -e.pawns());
        }
    }
    Ok(targets
        .into_iter()
        .map(|t| match t {
            Target::Known(s) => Some(s),
            Target::Move(m) => moves.get(&m).map(|e| e.pawns()),
            Target::Pass => pass,
            Target::Builtin => None,
        })
        .collect())
}

/// Whether `side`'s king stands attacked on `board` (its opponent, to move, takes it).
fn attacked(board: &Board, side: Color) -> bool {
    board
        .king_of(side)
        .is_some_and(|k| board.attacks_to(k, !side, board.occupied()).any())
}

/// What `option` comes to in `world`, the legal chess moves by the board they leave.
fn target(
    world: &Referee,
    option: Option<Attempt>,
    us: Color,
    by_board: &HashMap<Board, String>,
) -> Target {
    let mut next = world.clone();
    let request = match option {
        Some(a) => Request::Move(a),
        None => Request::Pass,
    };
    let Ok(said) = next.apply(&request) else {
        return Target::Builtin;
    };
    if heard_by(&said, us).any(|i| matches!(i, Item::KingCaptured)) {
        return Target::Known(KING);
    }
    if next.true_board() == world.true_board() {
        return Target::Pass;
    }
    by_board
        .get(next.true_board())
        .map_or(Target::Builtin, |m| Target::Move(m.clone()))
}

/// The first move of an `info` line's principal variation and its score (the words after
/// `info`), when it has both.
fn info<'a>(mut words: impl Iterator<Item = &'a str>) -> Option<(String, Eval)> {
    let mut eval = None;
    while let Some(w) = words.next() {
        match w {
            "score" => {
                let kind = words.next()?;
                let n: i32 = words.next()?.parse().ok()?;
                eval = match kind {
                    "cp" => Some(Eval::Cp(n)),
                    "mate" => Some(Eval::Mate(n)),
                    _ => return None,
                };
            }
            "pv" => {
                let m = words.next()?;
                let ok = (4..=5).contains(&m.len()) && m.is_ascii();
                return if ok {
                    eval.map(|e| (m.to_owned(), e))
                } else {
                    None
                };
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_the_first_move_and_its_score() {
        let line = "depth 9 seldepth 12 multipv 2 score cp -35 upperbound nodes 4 pv e2e4 e7e5";
        assert_eq!(
            info(line.split_whitespace()),
            Some(("e2e4".into(), Eval::Cp(-35)))
        );
        let mate = "depth 3 multipv 1 score mate -2 pv a7a8q";
        assert_eq!(
            info(mate.split_whitespace()),
            Some(("a7a8q".into(), Eval::Mate(-2)))
        );
        for junk in [
            "string NNUE evaluation enabled",
            "depth 3 score cp pv e2e4",
            "depth 3 score cp 99999999999999 pv e2e4",
            "depth 3 score wdl 1 pv e2e4",
            "depth 3 pv e2e4",
            "depth 3 score cp 10 pv ééééé",
            "depth 3 score cp 10 pv",
        ] {
            assert_eq!(info(junk.split_whitespace()), None, "{junk}");
        }
        assert!(Eval::Mate(1).pawns() > Eval::Mate(5).pawns());
        assert!(Eval::Mate(5).pawns() > Eval::Cp(100_000).pawns());
        assert!(Eval::Mate(-1).pawns() < Eval::Cp(-100_000).pawns());
        assert_eq!(Eval::Cp(250).pawns(), 2.5);
    }

    use super::super::deep::{self, Deadlines};
    use crate::rules::Preset;

    /// A fake engine: `body` run by `sh` from a file in the temporary folder (removed once
    /// the shell has started on it).
    fn fake(name: &str, body: &str) -> Engine {
        let path =
            std::env::temp_dir().join(format!("kriegspiel-uci-{}-{name}.sh", std::process::id()));
        std::fs::write(&path, body).unwrap();
        let mut engine = Engine::with_command(Some(format!("sh {}", path.display())));
        let _ = engine.ready(Instant::now() + Duration::from_millis(300));
        let _ = std::fs::remove_file(&path);
        engine
    }

    const HELLO: &str = "uci) echo uciok;; isready) echo readyok;;";
    /// The knight's fork (Nc7 wins the queen) searched with `engine` on a short budget, to
    /// `depth` at most: scores, depth, worlds the engine scored, answered within 5 s of the
    /// hard deadline (slack for a loaded machine; a hung wait never returns).
    fn fork(engine: Option<&mut Engine>, depth: u32) -> (Vec<Vec<f32>>, u32, usize, bool) {
        fork_within(engine, depth, (50, 400))
    }
    /// The built-in search's scores of the fork to `depth`, with time to finish every pass.
    fn reference(depth: u32) -> Vec<Vec<f32>> {
        fork_within(None, depth, (5_000, 10_000)).0
    }
    /// [`fork`] with the soft and hard budgets in milliseconds.
    fn fork_within(
        engine: Option<&mut Engine>,
        depth: u32,
        (soft, hard): (u64, u64),
    ) -> (Vec<Vec<f32>>, u32, usize, bool) {
        let w = Referee::from_fen(Preset::Rbc.rules(), "q3k3/8/8/1N6/8/8/8/4K3 w - - 0 1")
            .unwrap()
            .0;
        let mut options: Vec<Option<Attempt>> = w
            .mover_side()
            .possible_attempts()
            .into_iter()
            .map(Some)
            .collect();
        options.push(None);
        let now = Instant::now();
        let deadlines = Deadlines {
            soft: now + Duration::from_millis(soft),
            hard: now + Duration::from_millis(hard),
        };
        let s = deep::search(
            vec![(&w, 1.0)],
            &options,
            Color::White,
            deadlines,
            depth,
            0.0,
            engine,
        );
        let in_time = Instant::now() < deadlines.hard + Duration::from_secs(5);
        (s.scores, s.depth, s.by_engine, in_time)
    }

    /// An engine that misbehaves is stopped and the built-in search answers as it would
    /// alone, within the deadline.
    fn falls_back(mut engine: Engine) {
        let (scores, depth, by_engine, in_time) = fork(Some(&mut engine), 2);
        assert_eq!(by_engine, 0);
        // The time the engine took may leave none for a deeper pass.
        let plain = reference(depth);
        assert_eq!(scores, plain);
        assert!(in_time);
        assert!(!engine.running(), "the engine is stopped");
        // Never started again.
        assert!(engine.ready(Instant::now()).is_none());
    }

    #[test]
    fn an_engine_that_hangs_is_stopped() {
        falls_back(fake(
            "hang",
            &format!("while read l; do case \"$l\" in {HELLO} esac; done\n"),
        ));
    }

    #[test]
    fn an_engine_that_writes_huge_lines_is_stopped() {
        let huge = "go*) while :; do head -c 70000 /dev/zero | tr '\\0' x; echo; done;;";
        falls_back(fake(
            "huge",
            &format!("while read l; do case \"$l\" in {HELLO} {huge} esac; done\n"),
        ));
    }

    #[test]
    fn an_engine_without_a_hello_is_not_asked() {
        let mut engine = fake("flood", "while :; do echo garbage; done\n");
        let (scores, depth, by_engine, in_time) = fork(Some(&mut engine), 2);
        assert_eq!(by_engine, 0);
        let plain = reference(depth);
        assert_eq!(scores, plain);
        assert!(in_time);
    }

    #[test]
    fn an_engine_that_answers_nonsense_leaves_the_first_pass_scores() {
        let go = "go*) echo 'info depth 1 multipv 1 score cp 99999999999 pv zzzz'; \
                  echo 'info depth 1 multipv 1 score cp 5 pv'; echo 'bestmove zzzz';;";
        let mut engine = fake(
            "nonsense",
            &format!("while read l; do case \"$l\" in {HELLO} {go} esac; done\n"),
        );
        let first = reference(1);
        let (scores, _, by_engine, in_time) = fork(Some(&mut engine), 2);
        assert_eq!(by_engine, 1);
        assert_eq!(scores, first);
        assert!(in_time);
        assert!(engine.running(), "it answered: it is kept");
    }

    #[test]
    fn stockfish_when_installed_finds_the_fork() {
        let Some(path) = find() else {
            return;
        };
        let mut engine = Engine::with_command(Some(path.to_string_lossy().into_owned()));
        if engine.ready(Instant::now() + HELLO_WAIT).is_none() {
            return; // an engine that does not start is no engine
        }
        let (scores, _, by_engine, _) = fork(Some(&mut engine), 8);
        assert_eq!(by_engine, 1);
        let w = Referee::from_fen(Preset::Rbc.rules(), "q3k3/8/8/1N6/8/8/8/4K3 w - - 0 1")
            .unwrap()
            .0;
        let attempts = w.mover_side().possible_attempts();
        let best = (0..attempts.len())
            .max_by(|a, b| scores[0][*a].total_cmp(&scores[0][*b]))
            .unwrap();
        assert_eq!(attempts[best].to.to_string(), "c7");
        // The queen won (a draw left) against the queen kept (lost).
        let second = (0..attempts.len())
            .filter(|o| *o != best)
            .map(|o| scores[0][o])
            .fold(f32::NEG_INFINITY, f32::max);
        assert!(scores[0][best] > second + 2.0, "{scores:?}");
    }
}
