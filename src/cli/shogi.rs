//! The tsuitate shogi halves of `kriegspiel host --tsuitate`, `join --bot`, `engine` and
//! `match --tsuitate`: which tsuitate bot a bot name plays, the table served, and matches
//! played over the seat protocol ([`kriegspiel::tsuitate::local`]).

use crate::bots::MatchArgs;
use crate::network::HostArgs;
use crate::vocab::{Outcome, Stop};
use kriegspiel::bots::BotKind;
use kriegspiel::matchplay::BotChoice;
use kriegspiel::save::{Meta, Mode};
use kriegspiel::seat::SeatTable;
use kriegspiel::seat::serve;
use kriegspiel::tsuitate::bots::{self, TsuitateBot};
use kriegspiel::tsuitate::local::{BotSeat, ProgramSeat, SeatPlayer, play_local, result_word};
use kriegspiel::tsuitate::table::TsuitateHost;
use kriegspiel::tsuitate::{TsuitateGame, TsuitateRules};
use std::time::Duration;

/// The tsuitate bot a bot name plays at a tsuitate table: `random` (and the beginner level) the
/// random player, any other the heuristic one (the levels are the chess family's: tsuitate shogi
/// has only these two players).
pub fn tsuitate_bot(choice: &BotChoice, seed: u64) -> Result<Box<dyn TsuitateBot>, Stop> {
    let name = match choice {
        BotChoice::Kind(BotKind::Random) => "random",
        BotChoice::Level(level) => bots::for_level(*level),
        _ => "heuristic",
    };
    bots::make(name, seed).ok_or_else(|| Stop::failed(format!("no tsuitate bot {name}")))
}

/// `kriegspiel host --tsuitate`: serves a tsuitate table (new, or resumed from a tsuitate save);
/// the host's seat, if any, is played by a bot over the loopback.
pub fn host(args: HostArgs) -> Outcome {
    let (game, meta) = match &args.resume {
        Some(path) => {
            let loaded = kriegspiel::tsuitate::save::load_file(path)
                .map_err(|e| Stop::bad_input(format!("cannot resume {}: {e}", path.display())))?;
            (loaded.game, loaded.saved.meta)
        }
        None => (
            TsuitateGame::new(TsuitateRules::default()),
            Meta {
                event: "Network game".to_owned(),
                site: "kriegspiel host".to_owned(),
                date: kriegspiel::save::today(),
                mode: Mode::Network,
                ..Meta::default()
            },
        ),
    };
    let seat = args.seat.color();
    if seat.is_some() && args.bot.is_none() {
        return Err(Stop::bad_input(
            "the app does not play tsuitate over the network yet: give the host's seat a --bot, or --seat none",
        ));
    }
    let autosave = crate::network::autosave_path(args.autosave)?;
    let seed = kriegspiel::seat::host::entropy();
    let table = TsuitateHost::new(
        game,
        meta,
        Some(autosave.clone()),
        seed,
        args.resume.is_some(),
    );
    if let Some(e) = &table.autosave_error {
        return Err(Stop::failed(format!("cannot autosave: {e}")));
    }
    let hosted = serve::serve_table(table, &args.bind, args.port).map_err(Stop::failed)?;
    let listening = hosted.server.addr();
    println!("kriegspiel host: tsuitate shogi, listening on {listening}");
    println!("address {}", hosted.address);
    // The host's own seat is kept first: only usable codes are printed.
    let reserved = match (seat, &args.bot) {
        (Some(color), Some(_)) => Some(hosted.server.with_host(|h| h.door_mut().reserve(color))),
        _ => None,
    };
    serve::announce_codes(&mut std::io::stdout().lock(), &hosted.server);
    if let (Some(token), Some(choice)) = (reserved, &args.bot) {
        let local = crate::network::loopback(listening);
        let shogi = tsuitate_bot(choice, seed)?;
        let chess = choice.make(seed).map_err(Stop::bad_input)?;
        crate::network::host_bot(local, token, format!("{choice} (host)"), chess, shogi);
    }
    crate::network::finish(&hosted.server, &autosave);
    Ok(())
}

/// A player for a tsuitate match: one of our bots reading its seat's lines, or a program.
fn player(
    choice: &BotChoice,
    seed: u64,
    think_ms: Option<u64>,
) -> Result<Box<dyn SeatPlayer>, Stop> {
    match choice {
        BotChoice::Kind(BotKind::Random | BotKind::Heuristic) | BotChoice::Level(_) => {
            Ok(Box::new(BotSeat::new(tsuitate_bot(choice, seed)?)))
        }
        BotChoice::Kind(other) => Err(Stop::bad_input(format!(
            "tsuitate shogi has the random and heuristic bots (or cmd:PROGRAM), not {other:?}"
        ))),
        BotChoice::Command(command) => {
            let limit = Duration::from_millis(think_ms.unwrap_or(60_000).max(1));
            ProgramSeat::spawn(command, limit)
                .map(|p| Box::new(p) as Box<dyn SeatPlayer>)
                .map_err(|e| Stop::bad_input(format!("cannot start {command}: {e}")))
        }
    }
}

/// `kriegspiel match --tsuitate`: games between two tsuitate players over the seat protocol;
/// `--white` is gote and `--black` sente (who moves first). One line per game, then the score
/// of `--white`'s player.
pub fn match_tsuitate(args: MatchArgs) -> Outcome {
    let mut score = [0u32; 3]; // wins, draws, losses of --white's player
    for i in 0..args.games {
        let seed = args.seed.wrapping_add(u64::from(i));
        let swapped = args.swap && i % 2 == 1;
        let mut gote = player(&args.white, seed, args.think_ms)?;
        let mut sente = player(&args.black, seed ^ 0x5EED, args.think_ms)?;
        let (black, white) = if swapped {
            (&mut gote, &mut sente)
        } else {
            (&mut sente, &mut gote)
        };
        let (black_name, white_name) = (black.name(), white.name());
        let game = play_local(
            TsuitateRules::default(),
            black.as_mut(),
            white.as_mut(),
            seed,
        );
        let plies = game.host.game().referee().moves().len();
        let under_test = if swapped {
            shogi_core::Color::Black
        } else {
            shogi_core::Color::White
        };
        let k = match game.over.map(|o| o.winner) {
            Some(Some(w)) if w == under_test => 0,
            Some(Some(_)) => 2,
            _ => 1,
        };
        score[k] += 1;
        if let Some(dir) = &args.out_dir {
            std::fs::create_dir_all(dir)
                .map_err(|e| Stop::failed(format!("cannot create {}: {e}", dir.display())))?;
            let path = dir.join(format!("tsuitate-{}-{}.ron", args.seed, i + 1));
            game.host
                .save_of()
                .write(&path)
                .map_err(|e| Stop::failed(format!("cannot write {}: {e}", path.display())))?;
        }
        let reason = game
            .forfeit
            .clone()
            .unwrap_or_else(|| game.over.map_or("unfinished", |o| o.reason.id()).to_owned());
        println!(
            "game {} black {black_name} white {white_name} result {} ({reason}) plies {plies}",
            i + 1,
            result_word(game.over),
        );
        eprintln!("game {}/{} played", i + 1, args.games);
    }
    println!(
        "{}: {} wins, {} draws, {} losses",
        args.white, score[0], score[1], score[2]
    );
    Ok(())
}
