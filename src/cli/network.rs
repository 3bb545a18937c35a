//! `kriegspiel host` and `kriegspiel join`: the binary's glue between the headless seat protocol
//! ([`kriegspiel::seat`]) and the app (a person at a seat opens the window): their arguments
//! and their handlers.

use crate::vocab::{BotParser, HostSeat, Outcome, RulesParser, Seat, Stop};
use kriegspiel::bots::BotKind;
use kriegspiel::games::{GameKind, Joined, OtherBots};
use kriegspiel::matchplay::BotChoice;
use kriegspiel::rules::RuleSet;
use kriegspiel::seat::Hello;
use kriegspiel::seat::engine::SeatEnd;
use kriegspiel::seat::serve::{self, HostOptions};

use std::path::PathBuf;

/// The `host` subcommand's arguments.
#[derive(clap::Args)]
pub struct HostArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = kriegspiel::seat::serve::DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on (127.0.0.1: this machine only).
    #[arg(long, default_value = "0.0.0.0")]
    pub bind: String,
    /// Rule set: a preset, or a rules file (JSON: a preset with rule flags changed, in the
    /// referee protocol's words).
    #[arg(long, default_value = "wild16", value_parser = RulesParser, value_name = "PRESET|FILE")]
    pub rules: RuleSet,
    /// The seat this machine plays (`--as` is an older name).
    #[arg(long = "seat", alias = "as", value_enum, default_value = "white")]
    pub seat: HostSeat,
    /// Play this machine's seat with a bot instead of the app.
    #[arg(long, value_parser = BotParser, value_name = "BOT")]
    pub bot: Option<BotChoice>,
    /// A clock, minutes+seconds per move (e.g. 5+3); kept by the host.
    #[arg(long)]
    pub clock: Option<String>,
    /// Where to autosave the game (default: game-<date>-<time>.ron in the user's saves folder,
    /// on Linux ~/.local/share/kriegspiel/saves).
    #[arg(long)]
    pub autosave: Option<PathBuf>,
    /// Resume a saved game (e.g. the host's autosave) instead of starting a new one.
    #[arg(long)]
    pub resume: Option<PathBuf>,
    /// Which game.
    #[command(flatten)]
    pub game: kriegspiel::games::HostedGame,
}

/// The `join` subcommand's arguments.
#[derive(clap::Args)]
pub struct JoinArgs {
    /// The host's address, HOST:PORT.
    address: String,
    /// The host's join code (for a free seat).
    #[arg(long)]
    code: Option<String>,
    /// A seat token (to take back a seat after a dropped connection).
    #[arg(long)]
    token: Option<String>,
    /// The seat wanted (default: any free seat).
    #[arg(long, value_enum)]
    seat: Option<Seat>,
    /// The name shown to the other player.
    #[arg(long)]
    name: Option<String>,
    /// Play the seat with a bot instead of the app.
    #[arg(long, value_parser = BotParser, value_name = "BOT")]
    bot: Option<BotChoice>,
    /// How many heard lines this seat already holds (a reconnecting engine sends 0).
    #[arg(long, default_value_t = 0)]
    have: usize,
    /// With --bot: resign instead of acting once this many plies (half-moves) were played,
    /// counted by move numbers (White's move n is ply 2n-1); caps test games. The seat then
    /// prints that it stopped at the cap before the result.
    #[arg(long)]
    max_plies: Option<u32>,
    /// The older cap: resign instead of playing a move numbered above N (= --max-plies 2N).
    #[arg(long, hide = true, conflicts_with = "max_plies")]
    max_moves: Option<u32>,
}

/// Hosts the game; this machine's seat (if any) is played by a bot or in the app, over the
/// loopback like any other seat.
pub fn host(args: HostArgs) -> Outcome {
    let kind = args.game.kind();
    if kind != GameKind::Chess {
        return host_other(args, kind);
    }
    let rules = args.rules;
    let time_control = args
        .clock
        .as_deref()
        .map(serve::parse_time_control)
        .transpose()
        .map_err(Stop::bad_input)?;
    if let Some(path) = &args.resume {
        kriegspiel::save::load_file(path)
            .map_err(|e| Stop::bad_input(format!("cannot resume {}: {e}", path.display())))?;
    }
    let bot = match (args.seat.color(), &args.bot) {
        (Some(_), Some(choice)) => {
            let bot = choice.make(serve_seed()).map_err(Stop::bad_input)?;
            Some((bot, format!("{choice} (host)")))
        }
        _ => None,
    };
    let autosave = autosave_path(args.autosave)?;
    let hosted = serve::start_host(&HostOptions {
        rules: rules.clone(),
        time_control,
        bind: args.bind,
        port: args.port,
        autosave: autosave.clone(),
        resume: args.resume,
    })
    .map_err(|e| Stop::sorted(&e, e.is_bad_input()))?;
    // This machine's seat is kept before the codes are shown: only a usable code is printed.
    let token = args
        .seat
        .color()
        .map(|color| hosted.server.with_host(|h| h.reserve(color)));
    serve::announce(&hosted, &rules);
    let local = loopback(hosted.server.addr());
    match (token, bot) {
        (None, _) => {}
        (Some(token), Some((bot, name))) => {
            let others = OtherBots::new(&BotChoice::Kind(BotKind::Heuristic), 0)?;
            host_bot(local, token, name, bot, others);
        }
        (Some(token), None) => {
            return open_app(&local, token, Some(hosted));
        }
    }
    finish(&hosted.server, &autosave);
    Ok(())
}

/// Where a host autosaves: `given`, whose folder must exist (never created), or a new file in
/// the saves folder, created when missing; stale temporaries left in that folder are removed.
pub fn autosave_path(given: Option<PathBuf>) -> Result<PathBuf, Stop> {
    let autosave = match given {
        Some(path) => path,
        None => {
            let dir = kriegspiel::places::saves_dir();
            std::fs::create_dir_all(&dir)
                .map_err(|e| Stop::failed(format!("cannot create {}: {e}", dir.display())))?;
            dir.join(kriegspiel::save::autosave_name())
        }
    };
    if let Some(dir) = autosave.parent().filter(|d| !d.as_os_str().is_empty()) {
        kriegspiel::save::remove_stale_temporaries(dir);
    }
    Ok(autosave)
}

/// The address this machine's own seat joins at: the loopback, or the one address listened on.
pub fn loopback(listening: std::net::SocketAddr) -> String {
    if listening.ip().is_unspecified() {
        format!("127.0.0.1:{}", listening.port())
    } else {
        listening.to_string()
    }
}

/// Hosts another game's table (new, or resumed from its save); the host's seat, if any, is
/// played by a bot over the loopback.
fn host_other(args: HostArgs, kind: GameKind) -> Outcome {
    let game = kind.host_game(args.resume.as_deref())?;
    let seat = args.seat.color();
    if seat.is_some()
        && args.bot.is_none()
        && let Some(why) = kind.no_app_seat()
    {
        return Err(Stop::bad_input(why));
    }
    let autosave = autosave_path(args.autosave)?;
    let seed = kriegspiel::seat::host::entropy();
    let table = game.table(autosave.clone(), seed)?;
    // The save keeps how the game is seated (where it listens, each seat's token), as the
    // chess host's and the app's do: resumed, it is hosted again.
    let hosted = serve::serve_seated(table, &args.bind, args.port).map_err(Stop::failed)?;
    let listening = hosted.server.addr();
    println!("kriegspiel host: {}, listening on {listening}", kind.name());
    println!("address {}", hosted.address);
    // The host's own seat is kept first (and recorded as the host's): only usable codes are
    // printed.
    let reserved = match (seat, &args.bot) {
        (Some(color), Some(_)) => Some(hosted.server.with_host(|h| h.reserve(color))),
        _ => None,
    };
    serve::announce_codes(&mut std::io::stdout().lock(), &hosted.server);
    if let (Some(token), Some(choice)) = (reserved, &args.bot) {
        let local = loopback(listening);
        let others = OtherBots::new(choice, seed)?;
        let chess = choice.make(seed).map_err(Stop::bad_input)?;
        host_bot(local, token, format!("{choice} (host)"), chess, others);
    }
    finish(&hosted.server, &autosave);
    Ok(())
}

/// The host's own seat played by a bot, on a thread of its own, over the loopback: `chess` at a
/// chess table, `others` at another game's (the table's welcome decides).
pub fn host_bot(
    local: String,
    token: String,
    name: String,
    chess: Box<dyn kriegspiel::bots::Bot>,
    mut others: OtherBots,
) {
    let mut hello = Hello::new();
    hello.token = Some(token);
    hello.name = Some(name);
    std::thread::spawn(move || {
        let mut bot = kriegspiel::bots::driver::Driver::start(chess);
        let played = kriegspiel::games::join_with_bot(
            &local,
            &hello,
            &mut bot,
            &mut others,
            None,
            &mut |_, _| {},
        );
        if let Err(e) = played {
            eprintln!("kriegspiel host: the host's bot stopped: {e}");
        }
    });
}

/// A headless host's end: the result and the save, then the server stops.
pub fn finish<T: kriegspiel::seat::SeatTable>(
    server: &kriegspiel::seat::net::Server<T>,
    autosave: &std::path::Path,
) {
    let result = serve::wait_for_the_end(server);
    println!("result {result}");
    println!("saved {}", autosave.display());
    // No window waits on a headless host: a seat still reading a long record gets its end.
    server.stop_flushing(kriegspiel::seat::net::HEADLESS_FLUSH_WAIT);
}

/// Joins a hosted game: with a bot, headless (prints the seat and token, then the result);
/// otherwise in the app.
pub fn join(args: JoinArgs) -> Outcome {
    let valid_port = args
        .address
        .rsplit_once(':')
        .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok());
    if !valid_port {
        return Err(Stop::bad_input(format!(
            "{} is not an address HOST:PORT",
            kriegspiel::untrusted::quoted(&args.address)
        )));
    }
    let mut hello = Hello::new();
    hello.code = args.code;
    hello.token = args.token;
    hello.seat = args.seat.map(Seat::color);
    hello.name = args.name;
    hello.have = args.have;
    let Some(choice) = args.bot else {
        return open_join_app(&args.address, hello);
    };
    let max_plies = args
        .max_plies
        .or_else(|| args.max_moves.map(|n| n.saturating_mul(2)));
    let mut others = OtherBots::new(&choice, serve_seed())?;
    let bot = choice.make(serve_seed()).map_err(Stop::bad_input)?;
    let mut bot = kriegspiel::bots::driver::Driver::start(bot);
    // The seat and token are printed as soon as the table gives them: whoever ran this can
    // take the seat back with them (`--token`) if the connection or this process ends.
    let mut seated = |seat: &str, token: &str| {
        println!("seat {seat} token {token}");
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
    };
    let played = kriegspiel::games::join_with_bot(
        &args.address,
        &hello,
        &mut bot,
        &mut others,
        max_plies,
        &mut seated,
    )
    .map_err(Stop::failed)?;
    let (result, why) = match played {
        Joined::Chess(SeatEnd::Revealed, mut state) => {
            if let Some(max) = max_plies
                && resigned_at_cap(&mut state, max)
            {
                println!(
                    "stopped at the --max-plies cap ({max} plies played): this seat resigned, \
                     which ended the game"
                );
            }
            let over = state.state.and_then(|s| s.over);
            let title = over.map(|o| kriegspiel::announce::Over::from(o).title());
            (Some(title), None)
        }
        Joined::Chess(SeatEnd::Closed, state) => (None, state.errors.last().cloned()),
        Joined::Other { result, error } => (result, error),
    };
    match result {
        Some(title) => {
            println!("result {}", title.unwrap_or_else(|| "unknown".to_owned()));
            Ok(())
        }
        None => Err(Stop::failed(format!(
            "the table closed the connection before the end {}",
            why.unwrap_or_default()
        ))),
    }
}

/// Whether this seat ended the game by resigning at the `--max-plies` cap `max` (the cap is
/// reported as a cap: the protocol has no way to stop without ending the game, and a seat that
/// only left would keep the other waiting for it).
fn resigned_at_cap(state: &mut kriegspiel::seat::client::SeatState, max: u32) -> bool {
    use kriegspiel::announce::{EndReason, GameResult};
    let over = state.state.as_ref().and_then(|s| s.over);
    let lost = match (state.seat(), over) {
        (Some(seat), Some(o)) if o.reason == EndReason::Resignation => {
            o.result == seat.fold_wb(GameResult::BlackWins, GameResult::WhiteWins)
        }
        _ => false,
    };
    lost && state
        .view()
        .is_some_and(|v| kriegspiel::seat::engine::plies_played(v) >= max)
}

fn serve_seed() -> u64 {
    kriegspiel::seat::host::entropy()
}

/// This machine's seat in the app (the app's own error is a failure).
#[cfg(feature = "gui")]
fn open_app(local: &str, token: String, hosted: Option<serve::Hosted>) -> Outcome {
    let mut hello = Hello::new();
    hello.token = Some(token);
    kriegspiel::app::run(kriegspiel::app::StartOptions {
        network: Some(kriegspiel::app::NetworkStart {
            address: local.to_owned(),
            hello,
            hosted: hosted.map(std::sync::Arc::new),
        }),
        ..Default::default()
    })
    .map_err(Stop::Failed)
}

/// A joined seat in the app.
#[cfg(feature = "gui")]
fn open_join_app(address: &str, hello: Hello) -> Outcome {
    kriegspiel::app::run(kriegspiel::app::StartOptions {
        network: Some(kriegspiel::app::NetworkStart {
            address: address.to_owned(),
            hello,
            hosted: None,
        }),
        ..Default::default()
    })
    .map_err(Stop::Failed)
}

/// The message of a build without the app, when a seat would open it.
#[cfg(not(feature = "gui"))]
const NO_APP: &str = "this build has no app: use --bot";

#[cfg(not(feature = "gui"))]
fn open_app(_: &str, _: String, _: Option<serve::Hosted>) -> Outcome {
    Err(Stop::failed(NO_APP))
}

#[cfg(not(feature = "gui"))]
fn open_join_app(_: &str, _: Hello) -> Outcome {
    Err(Stop::failed(NO_APP))
}
