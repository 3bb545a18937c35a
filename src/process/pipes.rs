//! An engine program's standard input and output, bounded both ways, so that no program at our
//! table can stall it or grow its memory: lines to the program are written by a thread of their
//! own from a queue of at most [`MAX_UNSENT`] lines (sending never waits), and lines from it are
//! read by another thread into a queue of at most [`MAX_UNREAD`] lines of at most
//! [`MAX_SEAT_LINE`] bytes each. A program that leaves more of our lines unread, or sends more
//! than the table takes, is cut off: [`Trouble`] says why.

use super::{Line, MAX_LINE as MAX_SEAT_LINE, read_line};
use std::io::{BufReader, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::time::Instant;

/// The most lines from the program waiting to be taken; one more and it has flooded the table.
pub const MAX_UNREAD: usize = 256;

/// The most lines to the program waiting to be written; one more and it is not reading them.
pub const MAX_UNSENT: usize = 1024;

/// One line from the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// A line of text (without its line end).
    Text(String),
    /// A line too long or not UTF-8 (skipped without being stored).
    Unreadable,
}

/// Why an engine program is asked nothing more.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Trouble {
    /// It sent lines faster than the table takes them.
    #[error("the engine flooded the table (over {MAX_UNREAD} lines not yet taken)")]
    Flooded,
    /// It does not read its input.
    #[error("the engine does not read its input (over {MAX_UNSENT} lines waiting for it)")]
    Deaf,
    /// Its output closed: it exited or failed.
    #[error("the engine closed its output")]
    Closed,
    /// It sent no line before its deadline.
    #[error("the engine sent nothing in time")]
    Silent,
    /// Its first line was not a hello of our version.
    #[error(
        "the engine's first line was not a hello of version {}",
        super::VERSION
    )]
    NoHello,
    /// It sent too many lines in a row that were no request.
    #[error("the engine sent {0} lines in a row that were no request")]
    Babbling(usize),
}

/// A program's two pipes, each served by a thread of its own.
pub struct Pipes {
    to: Option<SyncSender<String>>,
    from: Receiver<Said>,
    flooded: Arc<AtomicBool>,
}

impl Pipes {
    /// Starts the writer on `input` (the program's standard input; `None`: it has none) and the
    /// reader on `output` (its standard output).
    pub fn start(
        input: Option<impl Write + Send + 'static>,
        output: impl Read + Send + 'static,
    ) -> Pipes {
        let to = input.map(|mut input| {
            let (tx, rx) = sync_channel::<String>(MAX_UNSENT);
            std::thread::spawn(move || {
                for line in rx {
                    let written = input
                        .write_all(line.as_bytes())
                        .and_then(|()| input.write_all(b"\n"))
                        .and_then(|()| input.flush());
                    if written.is_err() {
                        return;
                    }
                }
            });
            tx
        });
        let (tx, from) = sync_channel(MAX_UNREAD);
        let flooded = Arc::new(AtomicBool::new(false));
        let flag = flooded.clone();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(output);
            loop {
                let said = match read_line(&mut reader, MAX_SEAT_LINE) {
                    Ok(Line::Text(line)) => Said::Text(line),
                    Ok(Line::TooLong | Line::NotUtf8) => Said::Unreadable,
                    Ok(Line::End) | Err(_) => return,
                };
                match tx.try_send(said) {
                    Ok(()) => {}
                    Err(TrySendError::Full(_)) => {
                        // Dropping the reader closes the pipe: the program's next write fails.
                        flag.store(true, Ordering::SeqCst);
                        return;
                    }
                    Err(TrySendError::Disconnected(_)) => return,
                }
            }
        });
        Pipes { to, from, flooded }
    }

    /// Queues `line` for the program, never waiting. A program whose input is closed is sent
    /// nothing more (not an error: its output says whether it still plays).
    pub fn send(&mut self, line: String) -> Result<(), Trouble> {
        let Some(to) = &self.to else {
            return Ok(());
        };
        match to.try_send(line) {
            Ok(()) => Ok(()),
            Err(TrySendError::Full(_)) => {
                self.to = None;
                Err(Trouble::Deaf)
            }
            Err(TrySendError::Disconnected(_)) => {
                self.to = None;
                Ok(())
            }
        }
    }

    /// Closes the program's input once the lines queued for it are written.
    pub fn close_input(&mut self) {
        self.to = None;
    }

    /// The program's next line, waiting until `deadline` at most.
    pub fn next(&self, deadline: Instant) -> Result<Said, Trouble> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.from.recv_timeout(wait) {
            Ok(said) => Ok(said),
            Err(RecvTimeoutError::Timeout) => Err(Trouble::Silent),
            Err(RecvTimeoutError::Disconnected) if self.flooded.load(Ordering::SeqCst) => {
                Err(Trouble::Flooded)
            }
            Err(RecvTimeoutError::Disconnected) => Err(Trouble::Closed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::sync::mpsc::{Sender, channel};
    use std::time::Duration;

    /// Output that is the same line for ever, one line a read, counting the lines.
    struct Flood(Arc<AtomicUsize>);

    impl Read for Flood {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let line = b"{\"junk\":1}\n";
            let n = buf.len().min(line.len());
            buf[..n].copy_from_slice(&line[..n]);
            self.0.fetch_add(1, Ordering::SeqCst);
            Ok(n)
        }
    }

    /// Input that is never read: a write waits until the test ends.
    struct Deaf(Receiver<()>);

    impl Write for Deaf {
        fn write(&mut self, _buf: &[u8]) -> std::io::Result<usize> {
            let _ = self.0.recv();
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn soon() -> Instant {
        Instant::now() + Duration::from_secs(30)
    }

    #[test]
    fn a_flood_is_cut_off_once_the_unread_lines_are_full() {
        let made = Arc::new(AtomicUsize::new(0));
        let pipes = Pipes::start(None::<Vec<u8>>, Flood(made.clone()));
        // Nothing is taken until the program has sent one line more than the queue holds.
        for _ in 0..10_000 {
            if made.load(Ordering::SeqCst) > MAX_UNREAD {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        for _ in 0..MAX_UNREAD {
            assert_eq!(pipes.next(soon()), Ok(Said::Text("{\"junk\":1}".into())));
        }
        assert_eq!(pipes.next(soon()), Err(Trouble::Flooded));
        assert_eq!(
            made.load(Ordering::SeqCst),
            MAX_UNREAD + 1,
            "read no further"
        );
    }

    #[test]
    fn sending_to_a_program_that_does_not_read_never_waits() {
        let (hold, blocked): (Sender<()>, _) = channel();
        let mut pipes = Pipes::start(Some(Deaf(blocked)), std::io::empty());
        let mut sent = 0;
        let trouble = loop {
            match pipes.send(format!("line {sent}")) {
                Ok(()) => sent += 1,
                Err(trouble) => break trouble,
            }
        };
        assert_eq!(trouble, Trouble::Deaf);
        // The writer holds one line; the queue the rest.
        assert!((MAX_UNSENT..=MAX_UNSENT + 1).contains(&sent), "{sent}");
        assert_eq!(pipes.send("more".into()), Ok(()), "asked nothing more");
        drop(hold);
    }

    #[test]
    fn a_closed_output_and_a_silent_one_are_told_apart() {
        let closed = Pipes::start(None::<Vec<u8>>, &b"hello\n\xff\n"[..]);
        assert_eq!(closed.next(soon()), Ok(Said::Text("hello".into())));
        assert_eq!(closed.next(soon()), Ok(Said::Unreadable));
        assert_eq!(closed.next(soon()), Err(Trouble::Closed));
        let (_hold, never) = channel::<()>();
        let silent = Pipes::start(None::<Vec<u8>>, Quiet(never));
        assert_eq!(silent.next(Instant::now()), Err(Trouble::Silent));
    }

    /// Output that never says anything (until the test ends).
    struct Quiet(Receiver<()>);

    impl Read for Quiet {
        fn read(&mut self, _buf: &mut [u8]) -> std::io::Result<usize> {
            let _ = self.0.recv();
            Ok(0)
        }
    }
}
