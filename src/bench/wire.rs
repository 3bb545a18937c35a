//! `kriegspiel bench --only wire`: the seat protocol across machines, on loopback. Requests a
//! second through host and seat, the time to join, memory per idle connection, and the same
//! under attack: a seat's answers while the other seat floods without reading, and a join while
//! thousands of connections trickle. Also the probes the tests use to play a hostile peer
//! ([`RawSeat`], [`Trickle`]): every address they use is in 127.0.0.0/8.

use crate::rules::{Preset, RuleSet};
use crate::seat::Hello;
use crate::seat::secure::{self, Claim, Opened, Opener, Sealer, SeatExchange};
use crate::seat::serve::{HostOptions, Hosted, ServeError, start_host};
use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::path::Path;
use std::time::{Duration, Instant};

/// A host for `rules` on a free loopback port, autosaving in `dir`.
pub fn loopback_host(rules: RuleSet, dir: &Path) -> Result<Hosted, ServeError> {
    start_host(&HostOptions {
        rules,
        time_control: None,
        bind: "127.0.0.1".into(),
        port: 0,
        autosave: dir.join("hosted.ron"),
        resume: None,
    })
}

/// A seat that speaks the sealed channel itself, line by line, and reads only when asked (a
/// peer that may never read).
pub struct RawSeat {
    /// The connection.
    pub stream: TcpStream,
    sealer: Sealer,
    opener: Opener,
}

impl RawSeat {
    /// Connects with `hello`'s code or token; `Err` if the exchange is refused.
    pub fn open(addr: SocketAddr, hello: &Hello) -> io::Result<RawSeat> {
        RawSeat::start(TcpStream::connect(addr)?, hello)
    }

    /// Connects from `source` (an address of this machine, e.g. in 127.0.0.0/8).
    pub fn open_from(source: IpAddr, addr: SocketAddr, hello: &Hello) -> io::Result<RawSeat> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let stream = runtime.block_on(async {
            let socket = tokio::net::TcpSocket::new_v4()?;
            socket.bind(SocketAddr::new(source, 0))?;
            socket.connect(addr).await?.into_std()
        })?;
        stream.set_nonblocking(false)?;
        RawSeat::start(stream, hello)
    }

    fn start(mut stream: TcpStream, hello: &Hello) -> io::Result<RawSeat> {
        let (claim, secret) = Claim::of(hello).map_err(io::Error::other)?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(Duration::from_secs(10)))?;
        let exchange = SeatExchange::start(claim, &secret);
        secure::write_frame(&mut stream, exchange.claim())?;
        let answer = secure::read_frame(&mut stream, secure::MAX_CLAIM)?
            .ok_or(io::ErrorKind::ConnectionAborted)?;
        let (mut sealer, opener) = exchange
            .finish(&answer)
            .map_err(|r| io::Error::other(r.words()))?;
        let mut sent = hello.clone();
        (sent.code, sent.token) = (None, None);
        secure::write_frame(&mut stream, &sealer.seal(sent.line().as_bytes()))?;
        Ok(RawSeat {
            stream,
            sealer,
            opener,
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        secure::write_frame(&mut self.stream, &self.sealer.seal(line.as_bytes()))
    }

    /// The next line (heartbeats skipped), `None` at the end.
    pub fn recv(&mut self) -> io::Result<Option<String>> {
        loop {
            let Some(frame) = secure::read_frame(&mut self.stream, 1 << 26)? else {
                return Ok(None);
            };
            match self.opener.open(&frame) {
                Ok(Opened::Line(line)) if line.is_empty() => continue,
                Ok(Opened::Line(line)) => return Ok(Some(String::from_utf8_lossy(&line).into())),
                Ok(Opened::Refused(r)) => return Err(io::Error::other(r.words())),
                Err(e) => return Err(io::Error::new(io::ErrorKind::InvalidData, e)),
            }
        }
    }
}

/// Connections that sent one byte and then nothing, each from its own address in 127.0.0.0/8.
pub struct Trickle {
    runtime: tokio::runtime::Runtime,
    /// The connections still open on this side.
    pub open: Vec<tokio::net::TcpStream>,
}

impl Trickle {
    /// Opens `count` connections to `addr` (from 127.1.0.1 onwards); returns how many opened.
    pub fn start(addr: SocketAddr, count: usize) -> io::Result<Trickle> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        let open = runtime.block_on(async {
            use tokio::io::AsyncWriteExt;
            let mut open = Vec::with_capacity(count);
            for i in 0..count {
                let source = IpAddr::V4(Ipv4Addr::new(
                    127,
                    1 + (i >> 16) as u8,
                    (i >> 8) as u8,
                    i as u8 | 1,
                ));
                let Ok(socket) = tokio::net::TcpSocket::new_v4() else {
                    break;
                };
                if socket.bind(SocketAddr::new(source, 0)).is_err() {
                    break;
                }
                if let Ok(mut stream) = socket.connect(addr).await {
                    let _ = stream.write_all(&[0]).await;
                    open.push(stream);
                }
            }
            open
        });
        Ok(Trickle { runtime, open })
    }

    /// Sends one more byte on every connection still open (one every few seconds keeps a
    /// connection alive at a server that only times out silence).
    pub fn drip(&mut self) {
        let open = std::mem::take(&mut self.open);
        self.open = self.runtime.block_on(async move {
            use tokio::io::AsyncWriteExt;
            let mut kept = Vec::with_capacity(open.len());
            for mut s in open {
                if s.write_all(&[0]).await.is_ok() {
                    kept.push(s);
                }
            }
            kept
        });
    }
}

/// The resident memory of this process, in bytes (Linux; `None` elsewhere).
pub fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024)
}

/// A hello with `code` for `seat`.
pub fn code_hello(code: &str, seat: shakmaty::Color) -> Hello {
    let mut hello = Hello::new();
    hello.code = Some(code.to_owned());
    hello.seat = Some(seat);
    hello
}

/// Round trips of one seat's requests (a draw offer with nothing to offer: always answered at
/// once), with their times.
pub fn round_trips(seat: &mut RawSeat, count: usize) -> io::Result<Vec<Duration>> {
    let mut times = Vec::with_capacity(count);
    for _ in 0..count {
        let started = Instant::now();
        seat.send("{\"op\":\"bogus\"}")?;
        while let Some(line) = seat.recv()? {
            if line.starts_with("{\"type\":\"error\"") {
                break;
            }
        }
        times.push(started.elapsed());
    }
    Ok(times)
}

/// The `q`-quantile of `times` (sorted in place).
pub fn quantile(times: &mut [Duration], q: f64) -> Duration {
    times.sort();
    let at = ((times.len() as f64 - 1.0) * q).round() as usize;
    times.get(at).copied().unwrap_or_default()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Runs the measurements and prints the figures.
pub fn run() -> io::Result<()> {
    let dir = tempfile::tempdir()?;
    let hosted = loopback_host(Preset::Wild16.rules(), dir.path()).map_err(io::Error::other)?;
    let addr = hosted.server.addr();
    let code = hosted.server.code();
    let started = Instant::now();
    let mut white = RawSeat::open(addr, &code_hello(&code, shakmaty::Color::White))?;
    white.recv()?;
    println!(
        "wire: join (exchange, hello, welcome): {:.2} ms",
        ms(started.elapsed())
    );
    let started = Instant::now();
    let mut times = round_trips(&mut white, 2000)?;
    let rate = 2000.0 / started.elapsed().as_secs_f64();
    println!(
        "wire: {rate:.0} requests/s through host and seat (median {:.3} ms, p99 {:.3} ms)",
        ms(quantile(&mut times, 0.5)),
        ms(quantile(&mut times, 0.99))
    );
    let before = resident_bytes().unwrap_or(0);
    let mut trickle = Trickle::start(addr, 10_000)?;
    trickle.drip();
    let after = resident_bytes().unwrap_or(0);
    println!(
        "wire: {} trickling connections open (the host keeps at most {} waiting, {} now); memory {:+.1} MB, host and attacker in one process ({:.0} bytes a connection)",
        trickle.open.len(),
        crate::seat::gate::MAX_PENDING,
        hosted.server.waiting(),
        (after as f64 - before as f64) / 1e6,
        after.saturating_sub(before) as f64 / trickle.open.len().max(1) as f64
    );
    let started = Instant::now();
    let mut black = RawSeat::open(addr, &code_hello(&code, shakmaty::Color::Black))?;
    black.recv()?;
    println!(
        "wire: a real seat joins while they trickle: {:.1} ms",
        ms(started.elapsed())
    );
    drop(trickle);
    // Black floods without ever reading.
    let flooding = std::thread::spawn(move || {
        let started = Instant::now();
        let mut sent = 0u64;
        while black.send("{\"op\":\"bogus\"}").is_ok()
            && started.elapsed() < Duration::from_secs(30)
        {
            sent += 1;
        }
        (sent, started.elapsed())
    });
    let mut times = round_trips(&mut white, 2000)?;
    println!(
        "wire: White's answers while Black floods without reading: median {:.3} ms, p99 {:.3} ms",
        ms(quantile(&mut times, 0.5)),
        ms(quantile(&mut times, 0.99))
    );
    if let Ok((sent, took)) = flooding.join() {
        println!(
            "wire: the flooding seat was disconnected after {sent} lines in {:.2} s; memory now {:.0} MB",
            took.as_secs_f64(),
            resident_bytes().unwrap_or(0) as f64 / 1e6
        );
    }
    hosted.server.stop();
    Ok(())
}
