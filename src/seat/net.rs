//! The seat protocol over TCP, with std threads: one JSON object per line (no other framing).
//!
//! [`Server`] runs a [`Host`]: a thread accepts connections, one thread per connection reads its
//! lines, and a ticker thread lets the host's clocks flag. Every line goes through the host under
//! one lock, and its answers are written to the seats' current connections. A seat whose
//! connection drops keeps its place: a new connection with the seat's token takes it back and is
//! sent everything after the lines it already holds. [`Connection`] is a seat's end.

use super::host::{Host, Outbox};
use super::{Hello, Line, MAX_SEAT_LINE, MAX_TABLE_LINE, ToSeat, read_line};
use crate::table::Waker;
use shakmaty::Color;
use std::io::{self, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// How long a new connection has to send its `hello`.
const HELLO_WAIT: Duration = Duration::from_secs(10);

/// How long a write to a seat may block before the connection is given up.
const WRITE_WAIT: Duration = Duration::from_secs(5);

/// How often the host's clocks are checked for a fallen flag.
const TICK: Duration = Duration::from_millis(100);

struct Inner {
    host: Host,
    /// Each seat's current connection: (its number, the stream written to).
    writers: [Option<(u64, TcpStream)>; 2],
    next_id: u64,
}

struct Shared {
    inner: Mutex<Inner>,
    started: Instant,
    stop: AtomicBool,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A panicking connection thread must not take the game with it: the host's state is
        // changed only through whole requests, so it is still consistent.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn now(&self) -> Duration {
        self.started.elapsed()
    }
}

fn slot(c: Color) -> usize {
    c.fold_wb(0, 1)
}

/// Writes `out` to the seats' connections; a connection that cannot be written is closed (its
/// reader then frees the seat).
fn deliver(inner: &mut Inner, out: Outbox) {
    for (seat, line) in out {
        let i = slot(seat);
        if let Some((_, stream)) = &mut inner.writers[i] {
            let sent = stream
                .write_all(line.as_bytes())
                .and_then(|()| stream.write_all(b"\n"))
                .and_then(|()| stream.flush());
            if sent.is_err() {
                // Its reading thread then sees the end and frees the seat.
                let _ = stream.shutdown(std::net::Shutdown::Both);
            }
        }
    }
}

/// A running table server.
pub struct Server {
    addr: SocketAddr,
    code: String,
    shared: Arc<Shared>,
}

impl Server {
    /// Serves `host` on `listener` until [`Server::stop`] (or the process ends).
    pub fn start(listener: TcpListener, host: Host) -> io::Result<Server> {
        let addr = listener.local_addr()?;
        let code = host.code();
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner {
                host,
                writers: [None, None],
                next_id: 0,
            }),
            started: Instant::now(),
            stop: AtomicBool::new(false),
        });
        let accepting = Arc::clone(&shared);
        thread::spawn(move || {
            for stream in listener.incoming() {
                if accepting.stop.load(Ordering::Relaxed) {
                    break;
                }
                if let Ok(stream) = stream {
                    let shared = Arc::clone(&accepting);
                    thread::spawn(move || serve_connection(&shared, stream));
                }
            }
        });
        let ticking = Arc::clone(&shared);
        thread::spawn(move || {
            while !ticking.stop.load(Ordering::Relaxed) {
                thread::sleep(TICK);
                let mut inner = ticking.lock();
                let now = ticking.now();
                let out = inner.host.tick(now);
                deliver(&mut inner, out);
            }
        });
        Ok(Server { addr, code, shared })
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The join code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// Runs `f` on the host under the server's lock (e.g. to reserve a seat or read the game).
    pub fn with_host<T>(&self, f: impl FnOnce(&mut Host) -> T) -> T {
        f(&mut self.shared.lock().host)
    }

    /// Stops accepting and closes both seats' connections.
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        let mut inner = self.shared.lock();
        for writer in inner.writers.iter_mut() {
            if let Some((_, stream)) = writer.take() {
                let _ = stream.shutdown(std::net::Shutdown::Both);
            }
        }
        drop(inner);
        // Wake the accepting thread so that it sees the flag.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_millis(200));
    }
}

/// One connection: its hello seats it, then each line goes to the host.
fn serve_connection(shared: &Shared, stream: TcpStream) {
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(WRITE_WAIT));
    let _ = stream.set_read_timeout(Some(HELLO_WAIT));
    let Ok(reading) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(reading);
    let refuse = |mut stream: &TcpStream, error: String| {
        let line = ToSeat::Error { error }.line();
        let _ = writeln!(stream, "{line}");
        let _ = stream.shutdown(std::net::Shutdown::Both);
    };
    let first = match read_line(&mut reader, MAX_SEAT_LINE) {
        Ok(Line::Text(line)) => line,
        Ok(Line::End) | Err(_) => return,
        Ok(Line::TooLong | Line::NotUtf8) => {
            return refuse(&stream, "the first line must be a JSON hello".into());
        }
    };
    let (seat, id) = {
        let mut inner = shared.lock();
        let now = shared.now();
        match inner.host.connect(&first, now) {
            Err(e) => {
                drop(inner);
                return refuse(&stream, e.to_string());
            }
            Ok((seat, out)) => {
                let id = inner.next_id;
                inner.next_id += 1;
                let Ok(writer) = stream.try_clone() else {
                    return;
                };
                // A reconnection replaces a connection the host has not yet seen drop.
                if let Some((_, old)) = inner.writers[slot(seat)].replace((id, writer)) {
                    let _ = old.shutdown(std::net::Shutdown::Both);
                }
                deliver(&mut inner, out);
                (seat, id)
            }
        }
    };
    let _ = stream.set_read_timeout(None);
    loop {
        let line = match read_line(&mut reader, MAX_SEAT_LINE) {
            Ok(Line::Text(line)) => Ok(line),
            Ok(Line::TooLong) => Err(format!(
                "the line is longer than {MAX_SEAT_LINE} bytes and was skipped"
            )),
            Ok(Line::NotUtf8) => Err("the line is not valid UTF-8".to_owned()),
            Ok(Line::End) | Err(_) => break,
        };
        if line.as_ref().is_ok_and(|l| l.trim().is_empty()) {
            continue;
        }
        let mut inner = shared.lock();
        if inner.writers[slot(seat)].as_ref().map(|(i, _)| *i) != Some(id) {
            break; // replaced by a newer connection of the same seat
        }
        let now = shared.now();
        let out = match line {
            Ok(line) => inner.host.handle(seat, &line, now),
            Err(error) => vec![(seat, ToSeat::Error { error }.line())],
        };
        deliver(&mut inner, out);
    }
    let mut inner = shared.lock();
    if inner.writers[slot(seat)].as_ref().map(|(i, _)| *i) == Some(id) {
        inner.writers[slot(seat)] = None;
        let now = shared.now();
        let out = inner.host.disconnect(seat, now);
        deliver(&mut inner, out);
    }
}

/// Why a seat's connection to its table ended, or a line could not be sent.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// The table closed the connection.
    #[error("the host closed the connection")]
    Closed,
    /// Reading from the table failed.
    #[error("the connection to the host broke ({0})")]
    Read(#[source] io::Error),
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
            LinkError::NotConnected => io::ErrorKind::NotConnected,
        }
    }
}

/// A seat's connection to a table: lines arrive on [`Connection::lines`] (read on a thread),
/// requests go out with [`Connection::send`].
pub struct Connection {
    writer: TcpStream,
    /// The table's lines; an `Err` (why) once the connection has ended.
    pub lines: Receiver<Result<String, LinkError>>,
    /// Called by the reading thread after each line it delivers.
    waker: Arc<Mutex<Option<Waker>>>,
}

impl Connection {
    /// Connects to `addr` and sends `hello`.
    pub fn open(addr: &str, hello: &Hello) -> io::Result<Connection> {
        let target = addr.to_socket_addrs()?.next().ok_or_else(|| {
            io::Error::other(format!(
                "{} names no address",
                crate::untrusted::quoted(addr)
            ))
        })?;
        let mut writer = TcpStream::connect_timeout(&target, Duration::from_secs(5))?;
        let _ = writer.set_nodelay(true);
        writeln!(writer, "{}", hello.line())?;
        let mut reader = BufReader::new(writer.try_clone()?);
        let (tx, rx) = channel();
        let waker: Arc<Mutex<Option<Waker>>> = Arc::default();
        let wake = Arc::clone(&waker);
        thread::spawn(move || {
            let wake = || {
                let w = wake.lock().ok().and_then(|w| w.clone());
                if let Some(w) = w {
                    w();
                }
            };
            loop {
                let sent = match read_line(&mut reader, MAX_TABLE_LINE) {
                    Ok(Line::Text(line)) => tx.send(Ok(line)),
                    Ok(Line::TooLong | Line::NotUtf8) => continue,
                    Ok(Line::End) => {
                        let _ = tx.send(Err(LinkError::Closed));
                        wake();
                        return;
                    }
                    Err(e) => {
                        let _ = tx.send(Err(LinkError::Read(e)));
                        wake();
                        return;
                    }
                };
                if sent.is_err() {
                    return;
                }
                wake();
            }
        });
        Ok(Connection {
            writer,
            lines: rx,
            waker,
        })
    }

    /// Calls `waker` after each line that arrives from now on.
    pub fn set_waker(&self, waker: Waker) {
        if let Ok(mut slot) = self.waker.lock() {
            *slot = Some(waker);
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.writer, "{line}")?;
        self.writer.flush()
    }

    /// Closes the connection.
    pub fn close(&self) {
        let _ = self.writer.shutdown(std::net::Shutdown::Both);
    }
}

/// This machine's address on its local network, for others to join (loopback when none).
pub fn lan_address() -> std::net::IpAddr {
    // Connecting a UDP socket sends nothing; it only picks the outgoing interface.
    std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|()| s))
        .and_then(|s| s.local_addr())
        .map(|a| a.ip())
        .unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST))
}
