//! Spoken announcements: text read aloud by the system's speech engine, run as a child process.
//!
//! Why a child process and not the `tts` crate: on Linux `tts` links speech-dispatcher, which
//! needs `libspeechd-dev` and bindgen (clang) to build; the app would need them to build at all,
//! for a feature that is off by default. The engines all come with a command: `spd-say`
//! (speech-dispatcher, the desktop's voice and settings), else `espeak-ng`, else `espeak`,
//! whichever is first found on `PATH` ([`engine`]). Where there is none, speaking does nothing
//! and the Settings window says so.
//!
//! The text is passed as one argument after `--`, never through a shell, so nothing in it is
//! read as an option or a command. A thread of its own runs the engine: one utterance at a time,
//! the next ones queued behind it (the latest few kept), one that runs over
//! [`LIMIT`] killed, every child waited for; the UI thread only sends text down a channel.

use std::collections::VecDeque;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

/// The longest an utterance may run before it is cut off.
pub const LIMIT: Duration = Duration::from_secs(30);
/// How many utterances may wait behind the one being spoken (the oldest is dropped).
const QUEUED: usize = 3;
/// How often the speaking thread looks whether the engine has finished.
const POLL: Duration = Duration::from_millis(100);

/// A speech engine's command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// speech-dispatcher's `spd-say`.
    SpdSay,
    /// `espeak-ng`.
    EspeakNg,
    /// `espeak`.
    Espeak,
}

impl Kind {
    /// In order of preference.
    const ALL: [Kind; 3] = [Kind::SpdSay, Kind::EspeakNg, Kind::Espeak];

    /// The command's name.
    pub fn command(self) -> &'static str {
        match self {
            Kind::SpdSay => "spd-say",
            Kind::EspeakNg => "espeak-ng",
            Kind::Espeak => "espeak",
        }
    }
}

/// A speech engine found on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Engine {
    /// Which command it is.
    pub kind: Kind,
    /// Its path.
    pub program: PathBuf,
}

impl Engine {
    /// The command that says `text` (and, for `spd-say`, waits until it is said).
    pub fn command(&self, text: &str) -> Command {
        let mut command = Command::new(&self.program);
        if self.kind == Kind::SpdSay {
            command.arg("--wait");
        }
        command
            .arg("--")
            .arg(text)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        command
    }
}

/// The first engine found in the folders of `path` (a `PATH` value), in order of preference.
pub fn find(path: &OsStr) -> Option<Engine> {
    let folders: Vec<PathBuf> = std::env::split_paths(path).collect();
    Kind::ALL.into_iter().find_map(|kind| {
        folders.iter().find_map(|folder| {
            let program = folder.join(format!(
                "{}{}",
                kind.command(),
                std::env::consts::EXE_SUFFIX
            ));
            is_program(&program).then_some(Engine { kind, program })
        })
    })
}

/// Whether `path` is a file this user may run.
fn is_program(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

/// This machine's speech engine, looked up once.
pub fn engine() -> Option<&'static Engine> {
    static ENGINE: OnceLock<Option<Engine>> = OnceLock::new();
    ENGINE
        .get_or_init(|| find(&std::env::var_os("PATH").unwrap_or_default()))
        .as_ref()
}

/// Says `text` aloud, after whatever is being said; returns at once. Does nothing without a
/// speech engine.
pub fn say(text: &str) {
    static VOICE: OnceLock<Option<Sender<String>>> = OnceLock::new();
    let voice = VOICE.get_or_init(|| {
        let engine = engine()?.clone();
        let (send, receive) = channel();
        std::thread::Builder::new()
            .name("speech".to_owned())
            .spawn(move || speak(Speaker::new(engine), receive))
            .ok()?;
        Some(send)
    });
    if let Some(voice) = voice {
        let _ = voice.send(text.to_owned());
    }
}

/// The speaking thread: takes text as it comes, and looks after the engine between.
fn speak(mut speaker: Speaker, texts: Receiver<String>) {
    loop {
        let next = if speaker.busy() {
            texts.recv_timeout(POLL)
        } else {
            texts.recv().map_err(|_| RecvTimeoutError::Disconnected)
        };
        match next {
            Ok(text) => speaker.push(text),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                speaker.stop();
                return;
            }
        }
        speaker.tick(Instant::now());
    }
}

/// One engine saying one thing at a time.
#[derive(Debug)]
struct Speaker {
    engine: Engine,
    /// What waits to be said, oldest first.
    queue: VecDeque<String>,
    /// The engine saying something, since when.
    child: Option<(Child, Instant)>,
}

impl Speaker {
    fn new(engine: Engine) -> Speaker {
        Speaker {
            engine,
            queue: VecDeque::new(),
            child: None,
        }
    }

    /// Something is being said or waits to be.
    fn busy(&self) -> bool {
        self.child.is_some() || !self.queue.is_empty()
    }

    /// Queues `text` behind what is being said; the oldest waiting text makes room.
    fn push(&mut self, text: String) {
        if self.queue.len() == QUEUED {
            self.queue.pop_front();
        }
        self.queue.push_back(text);
    }

    /// Reaps the engine once it has finished (killing it past [`LIMIT`]), then starts on the
    /// next text. Returns how a child that ended here ended.
    fn tick(&mut self, now: Instant) -> Option<ExitStatus> {
        let mut ended = None;
        if let Some((child, since)) = &mut self.child {
            ended = match child.try_wait() {
                Ok(Some(status)) => Some(status),
                Ok(None) if now.duration_since(*since) < LIMIT => None,
                // Over time, or it cannot be asked: stop it and wait for it.
                _ => {
                    let _ = child.kill();
                    child.wait().ok()
                }
            };
            if ended.is_some() {
                self.child = None;
            }
        }
        if self.child.is_none()
            && let Some(text) = self.queue.pop_front()
        {
            // An engine that cannot be started drops the text.
            self.child = self.engine.command(&text).spawn().ok().map(|c| (c, now));
        }
        ended
    }

    /// Stops the engine and forgets what waits.
    fn stop(&mut self) {
        self.queue.clear();
        if let Some((mut child, _)) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn program(dir: &Path, name: &str, mode: u32) {
        let path = dir.join(name);
        std::fs::write(&path, "#!/bin/sh\n").expect("written");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).expect("chmod");
    }

    #[test]
    fn the_engine_is_found_on_the_path_in_order_of_preference() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let path = std::env::join_paths([a.path(), b.path()]).unwrap();
        assert_eq!(find(&path), None, "no engine");
        program(a.path(), "spd-say", 0o644); // not runnable
        program(b.path(), "espeak", 0o755);
        assert_eq!(find(&path).map(|e| e.kind), Some(Kind::Espeak));
        program(b.path(), "espeak-ng", 0o755);
        assert_eq!(
            find(&path),
            Some(Engine {
                kind: Kind::EspeakNg,
                program: b.path().join("espeak-ng")
            })
        );
        program(b.path(), "spd-say", 0o755);
        assert_eq!(find(&path).map(|e| e.kind), Some(Kind::SpdSay));
        assert_eq!(find(OsStr::new("")), None);
    }

    /// The text is one argument after `--`: an option-like or shell-like text is only words.
    #[test]
    fn the_text_is_one_argument() {
        let text = "-rf $(reboot); White to move";
        for (kind, expected) in [
            (Kind::SpdSay, vec!["--wait", "--", text]),
            (Kind::EspeakNg, vec!["--", text]),
            (Kind::Espeak, vec!["--", text]),
        ] {
            let engine = Engine {
                kind,
                program: PathBuf::from(kind.command()),
            };
            let command = engine.command(text);
            let args: Vec<&OsStr> = command.get_args().collect();
            assert_eq!(args, expected, "{kind:?}");
            assert_eq!(command.get_program(), kind.command());
        }
    }

    /// `sleep -- 60` stands for an engine that runs too long: it is killed and reaped once the
    /// limit has passed, and the next text starts; texts wait one at a time, the latest kept.
    #[test]
    fn one_utterance_at_a_time_and_none_over_the_limit() {
        let mut speaker = Speaker::new(Engine {
            kind: Kind::Espeak,
            program: PathBuf::from("sleep"),
        });
        let start = Instant::now();
        speaker.push("60".to_owned());
        assert_eq!(speaker.tick(start), None);
        assert!(speaker.child.is_some(), "started");
        for text in ["61", "62", "63", "64"] {
            speaker.push(text.to_owned());
        }
        assert_eq!(speaker.queue, ["62", "63", "64"], "the latest are kept");
        assert_eq!(speaker.tick(start + Duration::from_secs(1)), None);
        assert_eq!(speaker.queue.len(), 3, "nothing starts while one speaks");
        let killed = speaker.tick(start + LIMIT).expect("stopped and reaped");
        assert!(!killed.success(), "killed: {killed:?}");
        assert_eq!(speaker.queue, ["63", "64"], "the next one started");
        assert!(speaker.child.is_some());
        speaker.stop();
        assert!(!speaker.busy());
    }

    /// An engine that cannot be started (removed since it was found) drops the text.
    #[test]
    fn a_missing_engine_drops_the_text() {
        let mut speaker = Speaker::new(Engine {
            kind: Kind::EspeakNg,
            program: PathBuf::from("/nonexistent/espeak-ng"),
        });
        speaker.push("White to move".to_owned());
        assert_eq!(speaker.tick(Instant::now()), None);
        assert!(!speaker.busy());
    }
}
