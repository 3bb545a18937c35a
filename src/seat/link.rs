//! A seat's end of a connection to a table across machines ([`super::net`] is the table's end):
//! the exchange over the code or token ([`super::secure`]), then a reading thread and a writing
//! thread. Everything the table sends is bounded (a frame's length, the lines waiting to be read,
//! in count and bytes); the table going silent (no line, no heartbeat for [`SILENT`]) ends the
//! connection; nothing the window calls waits on the network.

use super::host::HelloError;
use super::net::{HEARTBEAT, SILENT};
use super::secure::{self, Claim, ClaimError, Opened, Opener, Refusal, Sealer, SeatExchange};
use super::{Hello, MAX_TABLE_LINE, ToSeat};
use crate::table::Waker;
use std::io::{self, BufRead, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TryRecvError, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long connecting and the exchange may take.
const CONNECT_WAIT: Duration = Duration::from_secs(5);

/// Lines from the table waiting to be read, at most…
const WAITING_LINES: usize = 1024;

/// …and at most this many bytes of them (the reading thread waits until they are read).
const WAITING_BYTES: usize = 96 * 1024 * 1024;

/// Lines waiting to be sent to the table.
const OUTGOING: usize = 64;

/// How long the table has to send its first line (the welcome, or why not) once the `hello` is
/// sent: heartbeats alone are no progress.
pub const WELCOME_WAIT: Duration = Duration::from_secs(20);

/// How long a frame may take once its first byte has come…
const FRAME_WAIT: Duration = Duration::from_secs(10);

/// …plus a second for each this many bytes of it (a reveal of 64 MB: at most 10 + 256 s).
const FRAME_RATE: usize = 256 * 1024;

/// Why a seat's connection to its table ended, or a line could not be sent.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// The table closed the connection.
    #[error("the host closed the connection")]
    Closed,
    /// Reading from the table failed.
    #[error("the connection to the host broke ({0})")]
    Read(#[source] io::Error),
    /// The table sent nothing, not even a heartbeat, for too long.
    #[error("the host went silent")]
    Silent,
    /// The table did not seat this connection in time (it may have sent heartbeats).
    #[error("the host did not answer the hello within {} s", WELCOME_WAIT.as_secs())]
    NoWelcome,
    /// A frame from the table came too slowly.
    #[error("the host sent a line too slowly (a frame of {0} bytes not complete in time)")]
    Slow(usize),
    /// There is no connection (it was lost and not yet taken back).
    #[error("not connected to the host")]
    NotConnected,
    /// Writing to the table failed.
    #[error("the connection to the host broke ({0})")]
    Write(#[source] io::Error),
}

impl LinkError {
    /// The kind of failure, as the system names it.
    pub fn kind(&self) -> io::ErrorKind {
        match self {
            LinkError::Closed => io::ErrorKind::ConnectionAborted,
            LinkError::Read(e) | LinkError::Write(e) => e.kind(),
            LinkError::Silent | LinkError::NoWelcome | LinkError::Slow(_) => {
                io::ErrorKind::TimedOut
            }
            LinkError::NotConnected => io::ErrorKind::NotConnected,
        }
    }
}

type Got = Result<String, LinkError>;

/// A seat's connection to a table: lines arrive through [`Connection::try_recv`] (read on a
/// thread), requests go out with [`Connection::send`].
pub struct Connection {
    out: Option<SyncSender<Vec<u8>>>,
    lines: Receiver<Got>,
    /// Bytes of lines waiting in `lines`.
    waiting: Arc<AtomicUsize>,
    stream: Option<TcpStream>,
    /// Called by the reading thread after each line it delivers.
    waker: Arc<Mutex<Option<Waker>>>,
}

impl Connection {
    /// Connects to `addr`, proves the code or token of `hello` by the exchange (neither crosses
    /// the wire) and sends `hello`. A refusal by the table arrives as its error line.
    pub fn open(addr: &str, hello: &Hello) -> io::Result<Connection> {
        let (claim, secret) = match Claim::of(hello) {
            Ok(claim) => claim,
            // Said as the host says a hello without a code, or with a token no seat has.
            Err(ClaimError::NoCode) => {
                return Ok(Connection::refused(HelloError::NoCode.to_string()));
            }
            Err(ClaimError::NotAToken) => {
                return Ok(Connection::refused(HelloError::UnknownToken.to_string()));
            }
        };
        let target = addr.to_socket_addrs()?.next().ok_or_else(|| {
            io::Error::other(format!(
                "{} names no address",
                crate::untrusted::quoted(addr)
            ))
        })?;
        let mut stream = TcpStream::connect_timeout(&target, CONNECT_WAIT).map_err(in_words)?;
        let _ = stream.set_nodelay(true);
        stream.set_read_timeout(Some(CONNECT_WAIT))?;
        stream.set_write_timeout(Some(CONNECT_WAIT))?;
        let exchange = SeatExchange::start(claim, &secret);
        secure::write_frame(&mut stream, exchange.claim()).map_err(in_words)?;
        let answer = read_timed_frame(&mut stream, secure::MAX_CLAIM, CONNECT_WAIT)
            .map_err(in_words)?
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::ConnectionAborted,
                    "the host closed the connection without answering",
                )
            })?;
        let (mut sealer, opener) = match exchange.finish(&answer) {
            Ok(keys) => keys,
            Err(refusal) => return Ok(Connection::refused(refusal.words().to_owned())),
        };
        let mut sent = hello.clone();
        (sent.code, sent.token) = (None, None);
        // The name as the table keeps it (bounded: a long one would not fit the hello's frame).
        sent.name = sent.name.as_deref().map(crate::untrusted::clean_name);
        secure::write_frame(&mut stream, &sealer.seal(sent.line().as_bytes())).map_err(in_words)?;
        Connection::run(stream, sealer, opener)
    }

    /// A connection refused before any exchange: the refusal as the table's error line, then the
    /// end.
    fn refused(error: String) -> Connection {
        let (tx, lines) = std::sync::mpsc::sync_channel(2);
        let line = ToSeat::Error { error }.line();
        let waiting = Arc::new(AtomicUsize::new(line.len()));
        let _ = tx.send(Ok(line));
        let _ = tx.send(Err(LinkError::Closed));
        Connection {
            out: None,
            lines,
            waiting,
            stream: None,
            waker: Arc::default(),
        }
    }

    fn run(stream: TcpStream, sealer: Sealer, opener: Opener) -> io::Result<Connection> {
        let (tx, lines) = std::sync::mpsc::sync_channel(WAITING_LINES);
        let (out, outgoing) = std::sync::mpsc::sync_channel(OUTGOING);
        let waker: Arc<Mutex<Option<Waker>>> = Arc::default();
        let waiting: Arc<AtomicUsize> = Arc::default();
        let reading = stream.try_clone()?;
        let writing = stream.try_clone()?;
        let (wake, count) = (Arc::clone(&waker), Arc::clone(&waiting));
        thread::spawn(move || read_frames(reading, opener, &tx, &count, &wake));
        thread::spawn(move || write_frames(writing, sealer, &outgoing));
        Ok(Connection {
            out: Some(out),
            lines,
            waiting,
            stream: Some(stream),
            waker,
        })
    }

    /// Calls `waker` after each line that arrives from now on.
    pub fn set_waker(&self, waker: Waker) {
        if let Ok(mut slot) = self.waker.lock() {
            *slot = Some(waker);
        }
    }

    /// The next line if one has arrived (`Err` inside: why the connection ended).
    pub fn try_recv(&self) -> Result<Got, TryRecvError> {
        let got = self.lines.try_recv()?;
        Ok(self.took(got))
    }

    /// Every line that has arrived, without waiting, and the error that ended the connection
    /// if one did (the lines before it are kept).
    pub fn drain(&self) -> (Vec<String>, Option<LinkError>) {
        let mut lines = Vec::new();
        while let Ok(got) = self.try_recv() {
            match got {
                Ok(line) => lines.push(line),
                Err(e) => return (lines, Some(e)),
            }
        }
        (lines, None)
    }

    /// The next line if it comes before `deadline`; past it, a time-out even with lines
    /// waiting, so that a peer sending line after line cannot hold a caller past its deadline.
    pub fn recv_until(&self, deadline: Instant) -> Result<Got, RecvTimeoutError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        if wait.is_zero() {
            return Err(RecvTimeoutError::Timeout);
        }
        self.recv_timeout(wait)
    }

    /// The next line, waiting at most `wait`.
    pub fn recv_timeout(&self, wait: Duration) -> Result<Got, RecvTimeoutError> {
        let got = self.lines.recv_timeout(wait)?;
        Ok(self.took(got))
    }

    /// The next line, waiting as long as it takes (for a bot's own thread).
    pub fn recv(&self) -> Got {
        self.lines
            .recv()
            .map_or(Err(LinkError::Closed), |got| self.took(got))
    }

    fn took(&self, got: Got) -> Got {
        if let Ok(line) = &got {
            self.waiting.fetch_sub(line.len(), Ordering::Relaxed);
        }
        got
    }

    /// Sends one line; never waits (a table that does not read fails it).
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let out = self.out.as_ref().ok_or(io::ErrorKind::NotConnected)?;
        out.try_send(line.as_bytes().to_vec()).map_err(|e| match e {
            TrySendError::Full(_) => io::Error::new(
                io::ErrorKind::WouldBlock,
                "the host is not reading what this seat sends",
            ),
            TrySendError::Disconnected(_) => io::ErrorKind::BrokenPipe.into(),
        })
    }

    /// Closes the connection.
    pub fn close(&self) {
        if let Some(stream) = &self.stream {
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
    }

    /// The connection as a line reader and writer, for a bot on its own thread (the writer waits
    /// while the table is slow to read).
    pub fn into_io(self) -> (impl BufRead, impl Write) {
        let out = self.out.clone();
        let reader = io::BufReader::new(LineReader {
            connection: self,
            pending: Vec::new(),
            at: 0,
        });
        (
            reader,
            LineWriter {
                out,
                partial: Vec::new(),
            },
        )
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.close();
    }
}

/// A refusal in clear, as the error line a table would have sent.
fn refused_line(refusal: Refusal) -> String {
    ToSeat::Error {
        error: refusal.words().to_owned(),
    }
    .line()
}

fn read_frames(
    mut stream: TcpStream,
    mut opener: Opener,
    tx: &SyncSender<Got>,
    waiting: &AtomicUsize,
    waker: &Mutex<Option<Waker>>,
) {
    let wake = || {
        let w = waker.lock().ok().and_then(|w| w.clone());
        if let Some(w) = w {
            w();
        }
    };
    let end = |why: LinkError| {
        let _ = tx.send(Err(why));
        wake();
    };
    // Until the first line, heartbeats do not count: the welcome has its own deadline.
    let welcome_by = Instant::now() + WELCOME_WAIT;
    let mut welcomed = false;
    loop {
        let wait = if welcomed {
            SILENT
        } else {
            match welcome_by.checked_duration_since(Instant::now()) {
                Some(left) if !left.is_zero() => left.min(SILENT),
                _ => return end(LinkError::NoWelcome),
            }
        };
        let limit = MAX_TABLE_LINE + secure::SEAL_OVERHEAD;
        let frame = match read_timed_frame(&mut stream, limit, wait) {
            Ok(Some(frame)) => frame,
            Ok(None) => return end(LinkError::Closed),
            Err(e) if is_timeout(&e) && !welcomed && Instant::now() >= welcome_by => {
                return end(LinkError::NoWelcome);
            }
            Err(e) if is_timeout(&e) => return end(LinkError::Silent),
            Err(e) => match e.get_ref().and_then(|e| e.downcast_ref::<SlowFrame>()) {
                Some(slow) => return end(LinkError::Slow(slow.0)),
                None => return end(LinkError::Read(e)),
            },
        };
        let line = match opener.open(&frame) {
            Ok(Opened::Line(line)) if line.is_empty() => continue, // a heartbeat
            Ok(Opened::Line(line)) => String::from_utf8(line).ok(),
            Ok(Opened::Refused(refusal)) => Some(refused_line(refusal)),
            Err(forged) => {
                return end(LinkError::Read(io::Error::new(
                    io::ErrorKind::InvalidData,
                    forged,
                )));
            }
        };
        let Some(line) = line else { continue };
        welcomed = true;
        // Bounded: wait while the lines not yet read are too many bytes.
        while waiting.load(Ordering::Relaxed) > WAITING_BYTES {
            thread::sleep(Duration::from_millis(5));
        }
        waiting.fetch_add(line.len(), Ordering::Relaxed);
        if tx.send(Ok(line)).is_err() {
            return;
        }
        wake();
    }
}

fn is_timeout(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
    )
}

/// A connection failure in words: a timeout says so, not "Resource temporarily unavailable".
fn in_words(e: io::Error) -> io::Error {
    if is_timeout(&e) {
        io::Error::new(
            io::ErrorKind::TimedOut,
            format!(
                "the host did not answer within {} s",
                CONNECT_WAIT.as_secs()
            ),
        )
    } else {
        e
    }
}

/// A frame that did not come complete by its deadline (its length).
#[derive(Debug, thiserror::Error)]
#[error("a frame of {0} bytes came too slowly")]
struct SlowFrame(usize);

/// Reads one frame of at most `limit` bytes (`None`: the end): its first byte within `wait`,
/// then the whole frame within [`FRAME_WAIT`] and a second per [`FRAME_RATE`] bytes, however
/// the bytes trickle in. The buffer grows with the bytes that came, not with the length claimed.
fn read_timed_frame(
    stream: &mut TcpStream,
    limit: usize,
    wait: Duration,
) -> io::Result<Option<Vec<u8>>> {
    stream.set_read_timeout(Some(wait))?;
    let mut head = [0u8; 4];
    let first = loop {
        match stream.read(&mut head[..1]) {
            Ok(n) => break n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    };
    if first == 0 {
        return Ok(None);
    }
    let mut deadline = Instant::now() + FRAME_WAIT;
    fill_by(stream, &mut head[1..], deadline, 4)?;
    let len = u32::from_be_bytes(head) as usize;
    if len > limit {
        return Err(secure::too_long(len, limit));
    }
    let per_rate = u64::try_from(len / FRAME_RATE).unwrap_or(u64::MAX);
    deadline += Duration::from_secs(per_rate);
    let mut payload = Vec::new();
    let mut chunk = vec![0u8; len.min(64 * 1024)];
    while payload.len() < len {
        let n = chunk.len().min(len - payload.len());
        fill_by(stream, &mut chunk[..n], deadline, len)?;
        payload.extend_from_slice(&chunk[..n]);
    }
    Ok(Some(payload))
}

/// Fills `buf` from `stream` by `deadline` (a [`SlowFrame`] of `len` bytes otherwise).
fn fill_by(
    stream: &mut TcpStream,
    buf: &mut [u8],
    deadline: Instant,
    len: usize,
) -> io::Result<()> {
    let mut at = 0;
    while at < buf.len() {
        let left = deadline
            .checked_duration_since(Instant::now())
            .filter(|d| !d.is_zero())
            .ok_or_else(|| io::Error::other(SlowFrame(len)))?;
        stream.set_read_timeout(Some(left))?;
        match stream.read(&mut buf[at..]) {
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => at += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if is_timeout(&e) => return Err(io::Error::other(SlowFrame(len))),
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

fn write_frames(mut stream: TcpStream, mut sealer: Sealer, outgoing: &Receiver<Vec<u8>>) {
    loop {
        let plain = match outgoing.recv_timeout(HEARTBEAT) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => Vec::new(),
            Err(RecvTimeoutError::Disconnected) => break,
        };
        if secure::write_frame(&mut stream, &sealer.seal(&plain)).is_err() {
            break;
        }
    }
    let _ = stream.shutdown(std::net::Shutdown::Both);
}

/// Lines from a [`Connection`] as bytes, for a bot's [`BufRead`].
struct LineReader {
    connection: Connection,
    pending: Vec<u8>,
    at: usize,
}

impl Read for LineReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at >= self.pending.len() {
            match self.connection.recv() {
                Ok(line) => {
                    self.pending = line.into_bytes();
                    self.pending.push(b'\n');
                    self.at = 0;
                }
                Err(LinkError::Closed) => return Ok(0),
                Err(e) => return Err(io::Error::new(e.kind(), e)),
            }
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// A bot's [`Write`] into a [`Connection`]: each whole line is sent.
struct LineWriter {
    out: Option<SyncSender<Vec<u8>>>,
    partial: Vec<u8>,
}

impl Write for LineWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.partial.extend_from_slice(buf);
        while let Some(end) = self.partial.iter().position(|&b| b == b'\n') {
            let mut line: Vec<u8> = self.partial.drain(..=end).collect();
            line.pop();
            let out = self.out.as_ref().ok_or(io::ErrorKind::NotConnected)?;
            out.send(line).map_err(|_| io::ErrorKind::BrokenPipe)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A seat's connection kept up: the lines read without waiting and, once the connection
/// dropped, the seat taken back by dialling again at most once per [`Redial::RETRY`], each dial
/// on its own thread, so that the caller (a frame of the app) never waits. Both games' remote
/// seats use it.
pub struct Redial {
    address: String,
    waker: Option<Waker>,
    dialling: Option<Receiver<io::Result<Connection>>>,
    last_try: Option<Instant>,
}

impl Redial {
    /// How often a lost connection is retried.
    pub const RETRY: Duration = Duration::from_secs(1);

    /// Dials `address` again when the connection drops.
    pub fn new(address: &str) -> Redial {
        Redial {
            address: address.to_owned(),
            waker: None,
            dialling: None,
            last_try: None,
        }
    }

    /// Calls `waker` when a dial ends and whenever a line arrives on `connection` or a new one.
    pub fn set_waker(&mut self, waker: Waker, connection: Option<&Connection>) {
        if let Some(c) = connection {
            c.set_waker(waker.clone());
        }
        self.waker = Some(waker);
    }

    /// The lines that arrived on `connection` (never waiting) and, if it ended or a dial
    /// failed, why (its kind and words); with no connection, a dial saying `hello` is started
    /// when `may_dial` (at most once per [`Redial::RETRY`]) or its end taken.
    pub fn read(
        &mut self,
        connection: &mut Option<Connection>,
        hello: &Hello,
        may_dial: bool,
    ) -> (Vec<String>, Option<(io::ErrorKind, String)>) {
        let Some(c) = connection else {
            return match self.poll(hello, may_dial) {
                Some(Ok(c)) => {
                    *connection = Some(c);
                    (Vec::new(), None)
                }
                Some(Err(e)) => (Vec::new(), Some((e.kind(), e.to_string()))),
                None => (Vec::new(), None),
            };
        };
        let (lines, ended) = c.drain();
        let ended = ended.map(|e| (e.kind(), e.to_string()));
        if ended.is_some() {
            *connection = None;
        }
        (lines, ended)
    }

    /// How the dial under way ended, if it did; with none under way, starts one when
    /// `may_dial` and the last try is [`Redial::RETRY`] old.
    fn poll(&mut self, hello: &Hello, may_dial: bool) -> Option<io::Result<Connection>> {
        if let Some(dialling) = &self.dialling {
            let got = match dialling.try_recv() {
                Ok(got) => Some(got),
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => None,
            };
            self.dialling = None;
            if let (Some(Ok(c)), Some(w)) = (&got, &self.waker) {
                c.set_waker(w.clone());
            }
            return got;
        }
        if !may_dial || self.last_try.is_some_and(|t| t.elapsed() < Self::RETRY) {
            return None;
        }
        self.last_try = Some(Instant::now());
        let (hello, address, waker) = (hello.clone(), self.address.clone(), self.waker.clone());
        let (tx, rx) = std::sync::mpsc::channel();
        thread::spawn(move || {
            let _ = tx.send(Connection::open(&address, &hello));
            if let Some(w) = waker {
                w();
            }
        });
        self.dialling = Some(rx);
        None
    }
}
