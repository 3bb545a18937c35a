//! `kriegspiel host` and `kriegspiel join`: the binary's glue between the headless seat protocol
//! ([`kriegspiel::seat`]) and the app (a person at a seat opens the window).

use kriegspiel::rules::Preset;
use kriegspiel::seat::Hello;
use kriegspiel::seat::engine::SeatEnd;
use kriegspiel::seat::serve::{self, HostOptions};
use shakmaty::Color;
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
    /// Rule set.
    #[arg(long, default_value = "wild16")]
    pub rules: Preset,
    /// The seat this machine plays: white, black or none.
    #[arg(long = "as", default_value = "white", value_parser = ["white", "black", "none"])]
    pub seat: String,
    /// Play this machine's seat with a bot (random, heuristic, strong) instead of the app.
    #[arg(long)]
    pub bot: Option<String>,
    /// A clock, minutes+seconds per move (e.g. 5+3); kept by the host.
    #[arg(long)]
    pub clock: Option<String>,
    /// Where to autosave the game (default: saves/game-<date>-<time>.ron).
    #[arg(long)]
    pub autosave: Option<PathBuf>,
    /// Resume a saved game (e.g. the host's autosave) instead of starting a new one.
    #[arg(long)]
    pub resume: Option<PathBuf>,
}

/// Hosts the game; this machine's seat (if any) is played by a bot or in the app, over the
/// loopback like any other seat.
pub fn host(args: HostArgs) -> Result<(), String> {
    let rules = args.rules.rules();
    let time_control = args
        .clock
        .as_deref()
        .map(serve::parse_time_control)
        .transpose()?;
    let autosave = args
        .autosave
        .unwrap_or_else(|| PathBuf::from("saves").join(kriegspiel::save::autosave_name()));
    if let Some(dir) = autosave.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        kriegspiel::save::remove_stale_temporaries(dir);
    }
    let hosted = serve::start_host(&HostOptions {
        rules: rules.clone(),
        time_control,
        bind: args.bind,
        port: args.port,
        autosave: autosave.clone(),
        resume: args.resume,
    })?;
    serve::announce(&hosted, &rules);
    let seat = kriegspiel::announce::color_serde::parse_color(&args.seat);
    // This machine's own seat joins over the loopback, or the one address listened on.
    let listening = hosted.server.addr();
    let local = if listening.ip().is_unspecified() {
        format!("127.0.0.1:{}", listening.port())
    } else {
        listening.to_string()
    };
    match (seat, args.bot) {
        (None, _) => {}
        (Some(color), Some(bot)) => {
            let mut hello = Hello::new();
            hello.token = Some(hosted.server.with_host(|h| h.reserve(color)));
            hello.name = Some(format!("{bot} (host)"));
            let mut bot = kriegspiel::matchplay::make_bot(&bot, serve_seed())?;
            std::thread::spawn(move || {
                if let Err(e) = serve::join_with_bot(&local, &hello, bot.as_mut(), None) {
                    eprintln!("kriegspiel host: the host's bot stopped: {e}");
                }
            });
        }
        (Some(color), None) => {
            let token = hosted.server.with_host(|h| h.reserve(color));
            return open_app(&local, token, Some(hosted));
        }
    }
    let result = serve::wait_for_the_end(&hosted.server);
    println!("result {result}");
    println!("saved {}", autosave.display());
    hosted.server.stop();
    Ok(())
}

/// Joins a hosted game: with a bot, headless (prints the seat and token, then the result);
/// otherwise in the app.
pub fn join(
    address: &str,
    hello: Hello,
    bot: Option<String>,
    max_moves: Option<u32>,
) -> Result<(), String> {
    let Some(bot) = bot else {
        return open_join_app(address, hello);
    };
    let mut bot = kriegspiel::matchplay::make_bot(&bot, serve_seed())?;
    let (end, state) = serve::join_with_bot(address, &hello, bot.as_mut(), max_moves)?;
    if let (Some(seat), Some(token)) = (state.seat(), state.token()) {
        println!("seat {} token {token}", seat_name(seat));
    }
    match end {
        SeatEnd::Revealed => {
            let over = state.state.and_then(|s| s.over);
            println!(
                "result {}",
                over.map_or("unknown".to_owned(), |o| kriegspiel::announce::Over::from(
                    o
                )
                .title())
            );
            Ok(())
        }
        SeatEnd::Closed => {
            let why = state.errors.last().cloned().unwrap_or_default();
            Err(format!(
                "the table closed the connection before the end {why}"
            ))
        }
    }
}

fn seat_name(c: Color) -> &'static str {
    c.fold_wb("white", "black")
}

fn serve_seed() -> u64 {
    kriegspiel::seat::host::entropy()
}

#[cfg(feature = "gui")]
fn open_app(local: &str, token: String, hosted: Option<serve::Hosted>) -> Result<(), String> {
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
}

#[cfg(feature = "gui")]
fn open_join_app(address: &str, hello: Hello) -> Result<(), String> {
    kriegspiel::app::run(kriegspiel::app::StartOptions {
        network: Some(kriegspiel::app::NetworkStart {
            address: address.to_owned(),
            hello,
            hosted: None,
        }),
        ..Default::default()
    })
}

#[cfg(not(feature = "gui"))]
fn open_app(_: &str, _: String, _: Option<serve::Hosted>) -> Result<(), String> {
    Err("this build has no app: use --bot".into())
}

#[cfg(not(feature = "gui"))]
fn open_join_app(_: &str, _: Hello) -> Result<(), String> {
    Err("this build has no app: use --bot".into())
}
