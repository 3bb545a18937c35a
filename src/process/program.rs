//! A program speaking the seat protocol, for every game: its process (its own process group,
//! stopped with whatever it started), its pipes ([`Pipes`], bounded both ways) and the bounds a
//! table holds it to: its hello within [`HELLO_WAIT`], one time limit per question that nothing
//! it does extends, and at most [`MAX_BAD_LINES`] lines in a row in one question that are no
//! request. Each game's program seat (the chess family's [`crate::seat::engine::EngineBot`]) is this
//! pipe with its game's lines.

use super::pipes::{Pipes, Said, Trouble};
use std::io;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a program has for its hello, from the first time it is asked for a request.
pub const HELLO_WAIT: Duration = Duration::from_secs(10);

/// The most lines a program may send in a row, in one request, that are no request (each
/// answered with an `error` line; blank and unreadable lines are skipped) before it is cut off.
pub const MAX_BAD_LINES: usize = 64;

/// The longest time limit per question (a year).
const MAX_LIMIT: Duration = Duration::from_secs(365 * 24 * 3600);

/// Why an engine program could not be started ([`Program::spawn`]).
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// An empty command.
    #[error("an engine command needs a program: cmd:PROGRAM ARGS")]
    NoProgram,
    /// `kriegspiel`, but this program's own path is unknown.
    #[error("{0}")]
    OwnPath(#[source] io::Error),
    /// The program does not start.
    #[error("cannot start the engine {}: {source}", crate::untrusted::quoted(.program))]
    Start {
        /// The program as named.
        program: String,
        /// Why.
        source: io::Error,
    },
    /// The program's output cannot be read.
    #[error("the engine has no standard output")]
    NoOutput,
}

/// A running program and its pipes; asked nothing more once it is in [`Trouble`].
pub struct Program {
    name: String,
    child: Child,
    pipes: Pipes,
    /// Lines in a row, in this question, that were no request.
    bad: usize,
    /// Why the program is asked nothing more, once it is not.
    trouble: Option<Trouble>,
    /// How long the program may take for one question.
    limit: Duration,
}

impl Program {
    /// Starts `command` (a program and its arguments, split at spaces; `kriegspiel` means this
    /// program itself), with 60 s per question.
    pub fn spawn(command: &str) -> Result<Program, EngineError> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or(EngineError::NoProgram)?;
        let path = match program {
            "kriegspiel" => std::env::current_exe().map_err(EngineError::OwnPath)?,
            other => other.into(),
        };
        let mut cmd = Command::new(&path);
        cmd.args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        // Its own process group, so that whatever it starts is stopped with it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn().map_err(|source| EngineError::Start {
            program: program.to_owned(),
            source,
        })?;
        let stdout = child.stdout.take().ok_or(EngineError::NoOutput)?;
        let pipes = Pipes::start(child.stdin.take(), stdout);
        Ok(Program {
            name: format!("cmd:{command}"),
            child,
            pipes,
            bad: 0,
            trouble: None,
            limit: Duration::from_secs(60),
        })
    }

    /// The same program with `limit` per question instead (at most a year).
    pub fn with_limit(mut self, limit: Duration) -> Program {
        self.limit = limit.min(MAX_LIMIT);
        self
    }

    /// Its name: `cmd:` and its command line.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Why it is asked nothing more, once it is not.
    pub fn trouble(&self) -> Option<&Trouble> {
        self.trouble.as_ref()
    }

    /// The program is asked nothing more, for `trouble`: it is stopped at once (not at the
    /// end of the game, which a process ending first would never reach).
    pub fn cut_off(&mut self, trouble: Trouble) {
        self.trouble.get_or_insert(trouble);
        self.kill_group();
        let _ = self.child.kill();
    }

    /// Stops every process in the program's group (what it started, too).
    fn kill_group(&self) {
        #[cfg(unix)]
        if let Ok(group) = libc::pid_t::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals the group the program leads; it
            // touches no memory of ours.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
    }

    /// Queues `line` for the program (never waits).
    pub fn send(&mut self, line: String) {
        if self.trouble.is_none()
            && let Err(trouble) = self.pipes.send(line)
        {
            self.cut_off(trouble);
        }
    }

    /// A new question: the deadline for its answer (the limit runs from now, whatever the
    /// program does meanwhile), and no line of it was bad yet.
    pub fn question(&mut self) -> Instant {
        self.bad = 0;
        Instant::now() + self.limit
    }

    /// The program's next line, or what it did instead (`Err(Trouble::Silent)` at `deadline`),
    /// without counting it: for a line it may or may not send.
    pub fn next_said(&mut self, deadline: Instant) -> Result<Said, Trouble> {
        self.pipes.next(deadline)
    }

    /// The program's next line of text that is not blank, within `deadline`; blank and
    /// unreadable lines count as lines that are no request.
    pub fn text(&mut self, deadline: Instant) -> Option<String> {
        loop {
            if self.bad >= MAX_BAD_LINES {
                self.cut_off(Trouble::Babbling(self.bad));
            }
            if self.trouble.is_some() {
                return None;
            }
            match self.pipes.next(deadline) {
                Ok(Said::Text(line)) if !line.trim().is_empty() => return Some(line),
                Ok(_) => self.bad += 1,
                Err(trouble) => self.cut_off(trouble),
            }
        }
    }

    /// Reads the program's hello (within [`HELLO_WAIT`] and `deadline`), which `is_hello`
    /// accepts; anything else is answered with the line `refusal`, and the program is asked
    /// nothing more.
    pub fn hello(
        &mut self,
        deadline: Instant,
        is_hello: impl Fn(&str) -> bool,
        refusal: impl FnOnce() -> String,
    ) -> Option<()> {
        let hello = self.text(deadline.min(Instant::now() + HELLO_WAIT))?;
        if is_hello(&hello) {
            return Some(());
        }
        self.send(refusal());
        self.cut_off(Trouble::NoHello);
        None
    }

    /// The answer to one question: the first line `read` takes, read within the question's
    /// deadline; each line it refuses is answered with the error line it gives, and counts
    /// towards [`MAX_BAD_LINES`].
    pub fn answer<R>(&mut self, read: impl Fn(&str) -> Result<R, String>) -> Option<R> {
        let deadline = self.question();
        self.answer_by(deadline, read)
    }

    /// [`Program::answer`] within a deadline already running.
    pub fn answer_by<R>(
        &mut self,
        deadline: Instant,
        read: impl Fn(&str) -> Result<R, String>,
    ) -> Option<R> {
        loop {
            let line = self.text(deadline)?;
            match read(&line) {
                Ok(answer) => return Some(answer),
                Err(error_line) => {
                    self.bad += 1;
                    self.send(error_line);
                }
            }
        }
    }

    /// Closes the program's input: the end of the game.
    pub fn close_input(&mut self) {
        self.pipes.close_input();
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        // The end of its input tells the program to finish; one that does not is stopped.
        self.pipes.close_input();
        let deadline = Instant::now() + Duration::from_secs(2);
        let mut ended = false;
        while !ended && Instant::now() < deadline {
            ended = matches!(self.child.try_wait(), Ok(Some(_)));
            if !ended {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        // What it started ends with it (a group outlives its leader while a member lives, so
        // its number is not reused meanwhile).
        self.kill_group();
        if !ended {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
