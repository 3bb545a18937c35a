//! The table's side of the seat protocol over TCP, on a tokio runtime of its own.
//!
//! [`Server`] runs a [`Host`]: a task accepts connections, each connection has a task for its
//! handshake ([`super::secure`], under [`super::gate`]'s caps), then a reading task and a writing
//! task; a ticker lets the host's clocks flag. Every line goes through the host under one lock,
//! never held across a wait; its answers go into each seat's bounded queue. A seat that does not
//! read fills its queue and is disconnected (it may come back with its token): it never delays
//! the table, the other seat or the clocks. A silent seat (no line, no heartbeat) is
//! disconnected after [`SILENT`]. The seat's end is [`super::link::Connection`].

use super::door::SeatTable;
use super::gate::{Admit, Gate};
use super::host::{Host, Outbox};
use super::secure::{self, Claim, Opened, Opener, Refusal, Sealer};
use super::{Hello, MAX_SEAT_LINE, ToSeat};
use shakmaty::Color;
use std::io;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio::task::AbortHandle;
use tokio::time::timeout;

/// How long a new connection has for its whole handshake (claim, exchange, `hello`).
pub const HELLO_WAIT: Duration = Duration::from_secs(10);

/// How long a write to a seat may take before the connection is given up.
const WRITE_WAIT: Duration = Duration::from_secs(5);

/// How often each side sends a heartbeat when it has nothing else to send.
pub const HEARTBEAT: Duration = Duration::from_secs(2);

/// A peer heard nothing from (not even a heartbeat) for this long is gone.
pub const SILENT: Duration = Duration::from_secs(6);

/// How often the host's clocks are checked for a fallen flag.
const TICK: Duration = Duration::from_millis(100);

/// Lines waiting for a seat that is not reading, at most.
pub const QUEUE: usize = 1024;

/// The longest `hello` (its sealed frame).
const MAX_HELLO: usize = 4096;

/// A seat's current connection.
struct SeatLink {
    id: u64,
    out: mpsc::Sender<Arc<str>>,
    /// Its reading task (the connection's own).
    tasks: Vec<AbortHandle>,
    writer: Option<tokio::task::JoinHandle<()>>,
}

impl SeatLink {
    /// Closes the connection at once.
    fn close(self) {
        for t in self.tasks {
            t.abort();
        }
        if let Some(w) = self.writer {
            w.abort();
        }
    }

    /// Stops reading; the writer ends once it has written what is queued (its task).
    fn drain(self) -> Option<tokio::task::JoinHandle<()>> {
        for t in self.tasks {
            t.abort();
        }
        self.writer
    }
}

/// How long a stopping server lets the seats' queued lines (the reveal) be written.
const FLUSH_WAIT: Duration = Duration::from_secs(2);
/// How long a headless host's end ([`Server::stop_flushing`]) lets them be written: a seat on a
/// loaded machine may still be reading a long record when the game ends, and no window waits.
pub const HEADLESS_FLUSH_WAIT: Duration = Duration::from_secs(30);
/// How long [`Server::stop`] waits for the runtime's threads to drop their tasks (the listener
/// among them), so that the port is free again when it returns (a hosted game left and resumed
/// at once binds the same port).
const SHUTDOWN_WAIT: Duration = Duration::from_secs(2);

struct Inner<H> {
    host: H,
    seats: [Option<SeatLink>; 2],
    next_id: u64,
}

struct Shared<H> {
    inner: Mutex<Inner<H>>,
    gate: Mutex<Gate>,
    /// Each waiting connection's handshake task, by the gate's number.
    handshakes: Mutex<std::collections::HashMap<u64, AbortHandle>>,
    started: Instant,
}

fn relock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panicking task must not take the game with it: the host's state is changed only through
    // whole requests, so it is still consistent.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl<H> Shared<H> {
    fn lock(&self) -> MutexGuard<'_, Inner<H>> {
        relock(&self.inner)
    }

    fn now(&self) -> Duration {
        self.started.elapsed()
    }
}

fn slot(c: Color) -> usize {
    c.fold_wb(0, 1)
}

/// Queues `out` for the seats. A seat whose queue is full is disconnected (the other seat is then
/// told, which may in turn be queued).
fn deliver<H: SeatTable>(inner: &mut Inner<H>, now: Duration, mut out: Outbox) {
    while !out.is_empty() {
        let mut dropped = Vec::new();
        for (seat, line) in out.drain(..) {
            if let Some(link) = &inner.seats[slot(seat)]
                && link.out.try_send(Arc::from(line)).is_err()
                && !dropped.contains(&seat)
            {
                dropped.push(seat);
            }
        }
        for seat in dropped {
            out.extend(unlink(inner, seat, now));
        }
    }
}

/// Closes `seat`'s connection and tells the host (a seat whose welcome never went out is free
/// again): the lines that follow.
fn unlink<H: SeatTable>(inner: &mut Inner<H>, seat: Color, now: Duration) -> Outbox {
    let Some(link) = inner.seats[slot(seat)].take() else {
        return Vec::new();
    };
    link.close();
    inner.host.door_mut().left(seat);
    inner.host.disconnect(seat, now)
}

/// Frees `seat` if `id` is still its connection.
fn release<H: SeatTable>(shared: &Shared<H>, seat: Color, id: u64) {
    let mut inner = shared.lock();
    if inner.seats[slot(seat)].as_ref().map(|l| l.id) == Some(id) {
        let now = shared.now();
        let out = unlink(&mut inner, seat, now);
        deliver(&mut inner, now, out);
    }
}

/// A running table server.
pub struct Server<H: SeatTable = Host> {
    addr: SocketAddr,
    shared: Arc<Shared<H>>,
    runtime: Mutex<Option<tokio::runtime::Runtime>>,
}

impl<H: SeatTable> Server<H> {
    /// Serves `host` on `listener` until [`Server::stop`] (or the process ends).
    pub fn start(listener: TcpListener, host: H) -> io::Result<Server<H>> {
        let addr = listener.local_addr()?;
        listener.set_nonblocking(true)?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("kriegspiel-table")
            .enable_all()
            .build()?;
        let listener = {
            let _entered = runtime.enter();
            tokio::net::TcpListener::from_std(listener)?
        };
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner {
                host,
                seats: [None, None],
                next_id: 0,
            }),
            gate: Mutex::default(),
            handshakes: Mutex::default(),
            started: Instant::now(),
        });
        runtime.spawn(accept(listener, Arc::clone(&shared)));
        runtime.spawn(tick(Arc::clone(&shared)));
        Ok(Server {
            addr,
            shared,
            runtime: Mutex::new(Some(runtime)),
        })
    }

    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The join code now (it changes when too many wrong codes were tried).
    pub fn code(&self) -> String {
        self.shared.lock().host.door().code()
    }

    /// The code to give the other player: the join code, or after a resume the code of the
    /// seat not taken yet.
    pub fn invitation(&self) -> String {
        self.shared.lock().host.door().invitation()
    }

    /// Runs `f` on the host under the server's lock (e.g. to reserve a seat or read the game).
    pub fn with_host<T>(&self, f: impl FnOnce(&mut H) -> T) -> T {
        f(&mut self.shared.lock().host)
    }

    /// Connections still in their handshake now.
    pub fn waiting(&self) -> usize {
        relock(&self.shared.gate).waiting()
    }

    /// Stops accepting and closes every connection.
    /// What each seat was sent last (the reveal) is written first, for at most [`FLUSH_WAIT`];
    /// the listener is closed before it returns (within [`SHUTDOWN_WAIT`]).
    pub fn stop(&self) {
        self.stop_flushing(FLUSH_WAIT);
    }

    /// [`Server::stop`], letting the seats' queued lines be written for at most `flush`.
    pub fn stop_flushing(&self, flush: Duration) {
        let Some(runtime) = relock(&self.runtime).take() else {
            return;
        };
        let links: Vec<SeatLink> = {
            let mut inner = self.shared.lock();
            inner.seats.iter_mut().filter_map(Option::take).collect()
        };
        let writers: Vec<_> = links.into_iter().filter_map(SeatLink::drain).collect();
        runtime.block_on(async {
            let _ = timeout(flush, async {
                for w in writers {
                    let _ = w.await;
                }
            })
            .await;
        });
        runtime.shutdown_timeout(SHUTDOWN_WAIT);
    }
}

impl<H: SeatTable> Drop for Server<H> {
    fn drop(&mut self) {
        self.stop();
    }
}

async fn tick<H: SeatTable>(shared: Arc<Shared<H>>) {
    let mut every = tokio::time::interval(TICK);
    loop {
        every.tick().await;
        let mut inner = shared.lock();
        let now = shared.now();
        let out = inner.host.tick(now);
        deliver(&mut inner, now, out);
    }
}

async fn accept<H: SeatTable>(listener: tokio::net::TcpListener, shared: Arc<Shared<H>>) {
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of descriptors, or the like: wait a little rather than spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let admitted = relock(&shared.gate).admit(peer.ip());
        let Admit::In { id, evict } = admitted else {
            continue; // dropped: closed at once
        };
        if let Some(old) = evict
            && let Some(task) = relock(&shared.handshakes).remove(&old)
        {
            task.abort();
        }
        let sharing = Arc::clone(&shared);
        let task = tokio::spawn(async move {
            let _done = Done(Arc::clone(&sharing), id);
            let _ = stream.set_nodelay(true);
            serve(sharing, stream, peer.ip(), id).await;
        });
        if !task.is_finished() {
            relock(&shared.handshakes).insert(id, task.abort_handle());
        }
    }
}

/// Ends a connection's handshake in the gate when its task ends, however it ends.
struct Done<H>(Arc<Shared<H>>, u64);

impl<H> Drop for Done<H> {
    fn drop(&mut self) {
        relock(&self.0.gate).done(self.1);
        relock(&self.0.handshakes).remove(&self.1);
    }
}

/// A seated connection's halves and keys.
struct Seated {
    seat: Color,
    id: u64,
    opener: Opener,
    reader: tokio::net::tcp::OwnedReadHalf,
}

/// One connection: its handshake, then its lines.
async fn serve<H: SeatTable>(
    shared: Arc<Shared<H>>,
    stream: TcpStream,
    address: IpAddr,
    gate_id: u64,
) {
    let seated = match timeout(HELLO_WAIT, handshake(&shared, stream, address, gate_id)).await {
        Ok(Some(seated)) => seated,
        Ok(None) | Err(_) => return,
    };
    read_lines(&shared, seated).await;
}

/// The claim, the exchange and the `hello`: the seat is taken (its writer running), or `None`.
/// Every exchange counts as a failure of its address until the seat's `hello` opens.
async fn handshake<H: SeatTable>(
    shared: &Arc<Shared<H>>,
    stream: TcpStream,
    address: IpAddr,
    gate_id: u64,
) -> Option<Seated> {
    let (mut reader, mut writer) = stream.into_split();
    let claim = read_frame(&mut reader, secure::MAX_CLAIM).await.ok()??;
    let refuse = |r: Refusal| secure::framed(&r.frame());
    let Some((claim, message)) = secure::read_claim(&claim) else {
        let _ = writer.write_all(&refuse(Refusal::BadClaim)).await;
        return None;
    };
    let code = matches!(claim, Claim::Code(_));
    let Some(wait) = relock(&shared.gate).try_at(gate_id, address, code, Instant::now()) else {
        let _ = writer.write_all(&refuse(Refusal::TooManyTries)).await;
        return None;
    };
    // Paced, not locked out: the try waits for its turn (at most gate::MAX_WAIT).
    if !wait.is_zero() {
        tokio::time::sleep(wait).await;
    }
    let secret = shared.lock().host.door().secret(claim);
    let secret = match secret {
        Ok(secret) => secret,
        Err(refusal) => {
            let _ = writer.write_all(&refuse(refusal)).await;
            return None;
        }
    };
    let Some((answer, mut sealer, mut opener)) = secure::table_exchange(&secret, message) else {
        let _ = writer.write_all(&refuse(Refusal::BadClaim)).await;
        return None;
    };
    writer.write_all(&secure::framed(&answer)).await.ok()?;
    let sealed = read_frame(&mut reader, MAX_HELLO).await.ok()??;
    let Ok(Opened::Line(hello)) = opener.open(&sealed) else {
        let _ = writer.write_all(&refuse(Refusal::WrongSecret)).await;
        return None;
    };
    relock(&shared.gate).forgive(gate_id);
    let hello = with_secret(&hello, claim, secret);
    let (tx, rx) = mpsc::channel(QUEUE);
    let (seat, id, catch_up) = match link_seat(shared, &hello, tx, gate_id) {
        Ok(linked) => linked,
        Err(error) => {
            let line = ToSeat::Error { error }.line();
            let frame = secure::framed(&sealer.seal(line.as_bytes()));
            let _ = writer.write_all(&frame).await;
            return None;
        }
    };
    let write_task = tokio::spawn(write_lines(
        Arc::clone(shared),
        seat,
        id,
        catch_up,
        rx,
        writer,
        sealer,
    ));
    match shared.lock().seats[slot(seat)].as_mut() {
        Some(link) if link.id == id => link.writer = Some(write_task),
        _ => write_task.abort(),
    }
    Some(Seated {
        seat,
        id,
        opener,
        reader,
    })
}

/// Seats a connection and links it, under one lock (no line for the seat can fall between the
/// two): its seat, link number and catch-up (its welcome and every line it lacks, written
/// before its queue, so that a record of any length fits), or why the host refused it.
fn link_seat<H: SeatTable>(
    shared: &Shared<H>,
    hello: &str,
    out: mpsc::Sender<Arc<str>>,
    gate_id: u64,
) -> Result<(Color, u64, Vec<String>), String> {
    let mut inner = shared.lock();
    let now = shared.now();
    let (seat, lines) = inner.host.connect(hello, now).map_err(|e| e.to_string())?;
    let (catch_up, lines): (Vec<_>, Vec<_>) = lines.into_iter().partition(|(s, _)| *s == seat);
    let catch_up = catch_up.into_iter().map(|(_, line)| line).collect();
    let id = inner.next_id;
    inner.next_id += 1;
    // No longer waiting at the door: the task now reads the seat's lines, closed with its link.
    relock(&shared.gate).done(gate_id);
    let tasks = relock(&shared.handshakes)
        .remove(&gate_id)
        .into_iter()
        .collect();
    // A reconnection replaces a connection the host has not yet seen drop.
    let link = SeatLink {
        id,
        out,
        tasks,
        writer: None,
    };
    if let Some(old) = inner.seats[slot(seat)].replace(link) {
        old.close();
    }
    deliver(&mut inner, now, lines);
    Ok((seat, id, catch_up))
}

/// The `hello` as the host reads it: the code or token the exchange proved, filled in (the
/// seat's own `hello` carries neither across the wire).
fn with_secret(hello: &[u8], claim: Claim, secret: String) -> String {
    let text = String::from_utf8_lossy(hello);
    let Ok(mut parsed) = serde_json::from_str::<Hello>(&text) else {
        return text.into_owned(); // the host says what is wrong with it
    };
    match claim {
        Claim::Token(_) => parsed.token = Some(secret),
        Claim::Code(seat) => {
            parsed.token = None;
            parsed.code = Some(secret);
            parsed.seat = seat.or(parsed.seat);
        }
    }
    parsed.line()
}

/// Reads a seated connection's lines into the host until it ends, is replaced or goes silent.
async fn read_lines<H: SeatTable>(shared: &Arc<Shared<H>>, mut seated: Seated) {
    loop {
        let frame = match timeout(SILENT, read_frame(&mut seated.reader, MAX_SEAT_LINE + 64)).await
        {
            Ok(Ok(Some(frame))) => frame,
            _ => break,
        };
        let line = match seated.opener.open(&frame) {
            Ok(Opened::Line(line)) if line.is_empty() => continue, // a heartbeat
            Ok(Opened::Line(line)) => line,
            Ok(Opened::Refused(_)) | Err(_) => break,
        };
        let line = match String::from_utf8(line) {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => Ok(line),
            Err(_) => Err("the line is not valid UTF-8".to_owned()),
        };
        let mut inner = shared.lock();
        if inner.seats[slot(seated.seat)].as_ref().map(|l| l.id) != Some(seated.id) {
            return; // replaced by a newer connection of the same seat
        }
        let now = shared.now();
        let out = match line {
            Ok(line) => inner.host.handle(seated.seat, &line, now),
            Err(error) => vec![(seated.seat, ToSeat::Error { error }.line())],
        };
        deliver(&mut inner, now, out);
    }
    release(shared, seated.seat, seated.id);
}

/// Writes a seat's catch-up (its welcome first: once that is out, the seat is kept for its
/// token), then its queued lines, sealed, and a heartbeat when there is nothing to say.
async fn write_lines<H: SeatTable>(
    shared: Arc<Shared<H>>,
    seat: Color,
    id: u64,
    catch_up: Vec<String>,
    mut lines: mpsc::Receiver<Arc<str>>,
    mut writer: tokio::net::tcp::OwnedWriteHalf,
    mut sealer: Sealer,
) {
    let mut welcomed = false;
    for line in catch_up {
        let frame = secure::framed(&sealer.seal(line.as_bytes()));
        if !matches!(
            timeout(WRITE_WAIT, writer.write_all(&frame)).await,
            Ok(Ok(()))
        ) {
            release(&shared, seat, id);
            return;
        }
        if !welcomed {
            welcomed = true;
            let mut inner = shared.lock();
            if inner.seats[slot(seat)].as_ref().map(|l| l.id) == Some(id) {
                inner.host.door_mut().welcomed(seat);
            }
        }
    }
    loop {
        let plain = match timeout(HEARTBEAT, lines.recv()).await {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(_) => Arc::from(""),
        };
        let frame = secure::framed(&sealer.seal(plain.as_bytes()));
        match timeout(WRITE_WAIT, writer.write_all(&frame)).await {
            Ok(Ok(())) => {}
            _ => break,
        }
    }
    let _ = writer.shutdown().await;
    release(&shared, seat, id);
}

/// Reads one frame of at most `limit` bytes (`None`: the end).
pub async fn read_frame(
    r: &mut (impl AsyncRead + Unpin),
    limit: usize,
) -> io::Result<Option<Vec<u8>>> {
    let mut len = [0u8; 4];
    match r.read_exact(&mut len).await {
        Ok(_) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let len = u32::from_be_bytes(len) as usize;
    if len > limit {
        return Err(secure::too_long(len, limit));
    }
    let mut payload = vec![0u8; len];
    r.read_exact(&mut payload).await?;
    Ok(Some(payload))
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
