//! The headless halves of `kriegspiel host`, `kriegspiel join --bot` and `kriegspiel engine`
//! (the app's halves live in `crate::app::network`).

use super::engine::{SeatEnd, play_seat};
use super::host::{Host, entropy};
use super::net::{Server, lan_address};
use super::{Hello, SeatState};
use crate::clock::TimeControl;
use crate::rules::RuleSet;
use crate::save::{Meta, Mode};
use crate::session::GameSession;
use shakmaty::Color;
use std::io::{BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::time::Duration;

/// The port `kriegspiel host` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7716;

/// What `kriegspiel host` was asked for.
#[derive(Clone, Debug)]
pub struct HostOptions {
    /// The rules.
    pub rules: RuleSet,
    /// The clock, if any.
    pub time_control: Option<TimeControl>,
    /// The address to listen on (`0.0.0.0`: every interface).
    pub bind: String,
    /// The port (0: any free port).
    pub port: u16,
    /// Where the host autosaves the game.
    pub autosave: PathBuf,
    /// A saved game to resume instead of a new game.
    pub resume: Option<PathBuf>,
}

/// A started host: its server, and the address and code to give the other player.
pub struct Hosted {
    /// The server.
    pub server: Server,
    /// Where to join from another machine (this machine's LAN address and the port).
    pub address: String,
}

impl Drop for Hosted {
    fn drop(&mut self) {
        self.server.stop();
    }
}

/// `"5+3"`: minutes and seconds of increment.
pub fn parse_time_control(text: &str) -> Result<TimeControl, String> {
    let (m, s) = text.split_once('+').unwrap_or((text, "0"));
    let minutes: f64 = m
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a time control such as 5+3"))?;
    let seconds: u64 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a time control such as 5+3"))?;
    if !(minutes > 0.0 && minutes <= 600.0) || seconds > 600 {
        return Err(format!(
            "'{text}': minutes must be in 0..600 and seconds at most 600"
        ));
    }
    Ok(TimeControl {
        base_ms: (minutes * 60_000.0) as u64,
        increment_ms: seconds * 1000,
        delay_ms: 0,
    })
}

/// Starts the table: the game (new, or resumed from a save), autosaved, served on TCP.
pub fn start_host(options: &HostOptions) -> Result<Hosted, String> {
    let session = match &options.resume {
        Some(path) => {
            let loaded = crate::save::load_file(path)
                .map_err(|e| format!("cannot resume {}: {e}", path.display()))?;
            GameSession::from_loaded(loaded, Some(options.autosave.clone()))
        }
        None => {
            let start = crate::variant::Variant::start(&options.rules);
            let meta = Meta {
                event: "Network game".to_owned(),
                site: "kriegspiel host".to_owned(),
                date: crate::save::today(),
                mode: Mode::Network,
                ..Meta::default()
            };
            GameSession::new(
                options.rules.clone(),
                start,
                meta,
                options.time_control,
                Some(options.autosave.clone()),
            )
            .map_err(|e| e.to_string())?
        }
    };
    if let Some(e) = session.autosave_error.as_deref() {
        return Err(e.to_owned());
    }
    let listener = TcpListener::bind((options.bind.as_str(), options.port))
        .map_err(|e| format!("cannot listen on {}:{}: {e}", options.bind, options.port))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let server = Server::start(listener, Host::new(session, entropy()))
        .map_err(|e| format!("cannot serve: {e}"))?;
    let ip = if options.bind == "0.0.0.0" {
        lan_address()
    } else {
        server.addr().ip()
    };
    Ok(Hosted {
        server,
        address: format!("{ip}:{port}"),
    })
}

/// Waits until the game is over and both seats were sent the reveal (or have gone), then
/// returns the result in words.
pub fn wait_for_the_end(server: &Server) -> String {
    loop {
        let done = server.with_host(|host| {
            host.session().over().map(|over| {
                let told = Color::ALL
                    .into_iter()
                    .all(|c| !host.is_connected(c) || host.revealed(c));
                (told, over.title())
            })
        });
        match done {
            Some((true, title)) => return title,
            _ => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

/// Plays `bot` at a table over TCP: `hello` (with the code or a token), then the game (the bot
/// resigns once `max_plies` plies were played, see [`play_seat`]).
pub fn join_with_bot(
    address: &str,
    hello: &Hello,
    bot: &mut crate::bots::driver::Driver,
    max_plies: Option<u32>,
) -> Result<(SeatEnd, SeatState), String> {
    let stream =
        TcpStream::connect(address).map_err(|e| format!("cannot connect to {address}: {e}"))?;
    let _ = stream.set_nodelay(true);
    let reader = BufReader::new(stream.try_clone().map_err(|e| e.to_string())?);
    play_seat(bot, hello, max_plies, reader, stream).map_err(|e| format!("the game stopped: {e}"))
}

/// `kriegspiel engine`: `bot` as a seat on standard input and output.
pub fn engine(bot: &mut crate::bots::driver::Driver) -> Result<(), String> {
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    play_seat(bot, &Hello::new(), None, stdin, stdout)
        .map(|_| ())
        .map_err(|e| format!("engine: {e}"))
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
    let _ = writeln!(out, "code {}", hosted.server.code());
    let _ = out.flush();
}
