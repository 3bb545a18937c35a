//! The headless halves of `kriegspiel host`, `kriegspiel join --bot` and `kriegspiel engine`
//! (the app's halves live in `crate::app::network`).

use super::SeatTable;
use super::host::{GameHost, Host, entropy};
use super::net::{Server, lan_address};
use crate::clock::TimeControl;
use crate::referee::NewGameError;
use crate::rules::RuleSet;
use crate::save::{LoadError, Meta};
use crate::seat::game::Game;
use crate::session::GameSession;
use shakmaty::Color;
use std::io::{self, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::time::Duration;

/// The port `kriegspiel host` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7716;

/// Who may join a game hosted here.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Only programs on this machine (the loopback, 127.0.0.1).
    ThisMachine,
    /// Machines on the local network (every IPv4 interface).
    LocalNetwork,
}

impl Reach {
    /// The address to listen on.
    pub fn bind(self) -> &'static str {
        match self {
            Reach::ThisMachine => "127.0.0.1",
            Reach::LocalNetwork => "0.0.0.0",
        }
    }
}

/// The addresses others type to join a table listening on `bind`:`port`: for every interface
/// (`0.0.0.0`), each of this machine's IPv4 addresses but the loopback (from the system's list
/// of interfaces; when it cannot be read, the address the system would send from), else the
/// loopback; otherwise `bind` itself.
pub fn join_addresses(bind: &str, port: u16) -> Vec<String> {
    if bind != Reach::LocalNetwork.bind() {
        return vec![format!("{bind}:{port}")];
    }
    let mut ips: Vec<std::net::Ipv4Addr> = match if_addrs::get_if_addrs() {
        Ok(interfaces) => interfaces
            .iter()
            .filter_map(|i| match i.ip() {
                std::net::IpAddr::V4(ip) if !ip.is_loopback() && !ip.is_unspecified() => Some(ip),
                _ => None,
            })
            .collect(),
        Err(_) => match lan_address() {
            std::net::IpAddr::V4(ip) if !ip.is_loopback() => vec![ip],
            _ => Vec::new(),
        },
    };
    // Private (home and office) networks first, then in order; each once.
    ips.sort_by_key(|ip| (!ip.is_private(), *ip));
    ips.dedup();
    if ips.is_empty() {
        ips.push(std::net::Ipv4Addr::LOCALHOST);
    }
    ips.into_iter().map(|ip| format!("{ip}:{port}")).collect()
}

/// What `kriegspiel host` was asked for.
#[derive(Clone, Debug)]
pub struct HostOptions {
    /// The rules.
    pub rules: RuleSet,
    /// The clock, if any.
    pub time_control: Option<TimeControl>,
    /// The address to listen on (`0.0.0.0`: every interface; see [`Reach`]).
    pub bind: String,
    /// The port (0: any free port).
    pub port: u16,
    /// Where the host autosaves the game.
    pub autosave: PathBuf,
    /// A saved game to resume instead of a new game.
    pub resume: Option<PathBuf>,
}

/// A started host: its server, and the address and code to give the other player.
pub struct Hosted<H: SeatTable = Host> {
    /// The server.
    pub server: Server<H>,
    /// Where to join from another machine (this machine's LAN address and the port).
    pub address: String,
    /// Every address others can type ([`join_addresses`]); `address` is the first.
    pub addresses: Vec<String>,
}

impl<H: SeatTable> Drop for Hosted<H> {
    fn drop(&mut self) {
        self.server.stop();
    }
}

/// A clock that `--clock` or the host dialog cannot use: bad input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Not `minutes+seconds`.
    #[error("{} is not a time control such as 5+3", crate::untrusted::quoted(.0))]
    NotTimeControl(String),
    /// Minutes or seconds out of range.
    #[error("{}: minutes must be in 0..600 and seconds at most 600", crate::untrusted::quoted(.0))]
    OutOfRange(String),
}

/// `"5+3"`: minutes and seconds of increment.
pub fn parse_time_control(text: &str) -> Result<TimeControl, TimeControlError> {
    let (m, s) = text.split_once('+').unwrap_or((text, "0"));
    let not = || TimeControlError::NotTimeControl(text.to_owned());
    let minutes: f64 = m.trim().parse().map_err(|_| not())?;
    let seconds: u64 = s.trim().parse().map_err(|_| not())?;
    if !(minutes > 0.0 && minutes <= 600.0) || seconds > 600 {
        return Err(TimeControlError::OutOfRange(text.to_owned()));
    }
    Ok(TimeControl {
        base_ms: (minutes * 60_000.0) as u64,
        increment_ms: seconds * 1000,
        delay_ms: 0,
    })
}

/// Why a table could not be served or a headless seat stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The game to resume does not load (bad input).
    #[error("cannot resume {}: {source}", .path.display())]
    Resume {
        /// The save.
        path: PathBuf,
        /// Why it does not load.
        source: LoadError,
    },
    /// Another game's save to resume does not load (bad input).
    #[error("cannot resume {}: {message}", .path.display())]
    ResumeGame {
        /// The save.
        path: PathBuf,
        /// Why it does not load, in that game's words.
        message: String,
    },
    /// The rules cannot start a game (bad input).
    #[error(transparent)]
    Start(#[from] NewGameError),
    /// The first autosave failed.
    #[error("{0}")]
    Autosave(String),
    /// The address cannot be listened on.
    #[error("cannot listen on {bind}:{port}: {source}")]
    Listen {
        /// The address.
        bind: String,
        /// The port.
        port: u16,
        /// Why.
        source: io::Error,
    },
    /// The server cannot start.
    #[error("cannot serve: {0}")]
    Serve(#[source] io::Error),
    /// The table cannot be reached.
    #[error("cannot connect to {address}: {source}")]
    Connect {
        /// The table's address.
        address: String,
        /// Why.
        source: io::Error,
    },
    /// A socket call failed.
    #[error("{0}")]
    Socket(#[source] io::Error),
    /// The connection failed during the game.
    #[error("the game stopped: {0}")]
    Stopped(#[source] io::Error),
    /// Standard input or output failed (`kriegspiel engine`).
    #[error("engine: {0}")]
    Engine(#[source] io::Error),
}

impl ServeError {
    /// Whether what was asked for is at fault (a save or rules that do not start a game), not
    /// the machine or the network.
    pub fn is_bad_input(&self) -> bool {
        matches!(
            self,
            ServeError::Resume { .. } | ServeError::ResumeGame { .. } | ServeError::Start(_)
        )
    }
}

/// Starts the table: the game (new, or resumed from a save), autosaved, served on TCP.
pub fn start_host(options: &HostOptions) -> Result<Hosted, ServeError> {
    let session = match &options.resume {
        Some(path) => {
            let loaded = crate::save::load_file(path).map_err(|source| ServeError::Resume {
                path: path.clone(),
                source,
            })?;
            GameSession::from_loaded(loaded, Some(options.autosave.clone()))
        }
        None => {
            let start = crate::variant::Variant::start(&options.rules);
            let meta = Meta::network_host();
            GameSession::new(
                options.rules.clone(),
                start,
                meta,
                options.time_control,
                Some(options.autosave.clone()),
            )?
        }
    };
    if let Some(e) = &session.autosave_error {
        return Err(ServeError::Autosave(e.clone()));
    }
    // A resumed game's seats were taken before: each is taken back with its kept token, or
    // with a code of its own.
    let host = Host::reopened(session, entropy(), options.resume.is_some());
    serve_seated(host, &options.bind, options.port)
}

/// Serves the table of any game on `bind`:`port` (0: any free port) and writes into its save
/// how it is seated, with the port listened on ([`GameHost::keep_seating`]): resumed, the game
/// is hosted again.
pub fn serve_seated<G: Game>(
    table: GameHost<G>,
    bind: &str,
    port: u16,
) -> Result<Hosted<GameHost<G>>, ServeError> {
    let hosted = serve_table(table, bind, port)?;
    let port = hosted.server.addr().port();
    hosted
        .server
        .with_host(|host| host.keep_seating(bind, port));
    Ok(hosted)
}

/// Serves `host` on `bind`:`port` (0: any free port).
pub fn serve_table<H: SeatTable>(host: H, bind: &str, port: u16) -> Result<Hosted<H>, ServeError> {
    let listener = TcpListener::bind((bind, port)).map_err(|source| ServeError::Listen {
        bind: bind.to_owned(),
        port,
        source,
    })?;
    let port = listener.local_addr().map_err(ServeError::Socket)?.port();
    let server = Server::start(listener, host).map_err(ServeError::Serve)?;
    let ip = if bind == "0.0.0.0" {
        lan_address()
    } else {
        server.addr().ip()
    };
    let address = format!("{ip}:{port}");
    let mut addresses = vec![address.clone()];
    if bind == Reach::LocalNetwork.bind() {
        addresses = join_addresses(bind, port);
        // The address the system sends from comes first when it is one of them.
        if let Some(i) = addresses.iter().position(|a| *a == address) {
            addresses[..=i].rotate_right(1);
        }
    }
    Ok(Hosted {
        server,
        address: addresses.first().cloned().unwrap_or(address),
        addresses,
    })
}

/// Waits until the game is over and both seats were sent the reveal (or have gone), then
/// returns the result in words (the code printed first stays good: it is never retired).
pub fn wait_for_the_end<H: SeatTable>(server: &Server<H>) -> String {
    loop {
        let done = server.with_host(|host| {
            host.over_title().map(|title| {
                let told = Color::ALL.into_iter().all(|c| !host.awaits_reveal(c));
                (told, title)
            })
        });
        match done {
            Some((true, title)) => return title,
            _ => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

/// Prints the lines a person (or a test) reads to join: the address and the code.
pub fn announce(hosted: &Hosted, rules: &RuleSet) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "kriegspiel host: {}, listening on {}",
        rules.title(),
        hosted.server.addr()
    );
    let _ = writeln!(out, "address {}", hosted.address);
    for other in hosted.addresses.iter().filter(|a| **a != hosted.address) {
        let _ = writeln!(out, "also at {other}");
    }
    announce_codes(&mut out, &hosted.server);
    let _ = out.flush();
}

/// The join code, or after a resume each free seat's own code (`code white W-ABC-DEF`): a
/// seat already taken (the host's own) has no usable code, so none is printed.
pub fn announce_codes<H: SeatTable>(out: &mut impl Write, server: &Server<H>) {
    let seat_codes = server.with_host(|h| {
        let door = h.door();
        Color::ALL.map(|c| door.seat_code(c).map(|code| (c, code, door.is_claimed(c))))
    });
    match seat_codes {
        [Some(_), Some(_)] => {
            for (seat, code, taken) in seat_codes.into_iter().flatten() {
                if !taken {
                    let _ = writeln!(out, "code {} {code}", seat.fold_wb("white", "black"));
                }
            }
        }
        _ => {
            let _ = writeln!(out, "code {}", server.code());
        }
    }
    let _ = out.flush();
}
