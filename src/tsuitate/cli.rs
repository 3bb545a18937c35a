//! The tsuitate shogi halves of `kriegspiel host --tsuitate`, `join --bot`, `engine` and
//! `match --tsuitate`, asked through the games' registry ([`crate::games`]): which tsuitate bot
//! a bot name plays, the table served, and matches played over the seat protocol at the local
//! table every game has ([`crate::seat::local`]).

use super::announce::color_name;
use super::bots::{self, TsuitateBot};
use super::client::bot_seat;
use super::seam::{Tsuitate, TsuitateSession};
use super::table::TsuitateHost;
use super::{Over, TsuitateGame, TsuitateRules};
use crate::bots::BotKind;
use crate::matchplay::{BotChoice, CommandError, MatchSpec, Score, tested_keeps_seat};
use crate::save::Meta;
use crate::seat::host::GameHost;
use crate::seat::local::{self, LocalGame, ProgramSeat, SeatPlayer, local_meta};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The tsuitate bot a bot name plays at a tsuitate table: a level's own name (`random`,
/// `heuristic`, `careful`: [`bots::LEVELS`]; `strong` is `careful`), or one of the chess
/// family's level names ([`bots::for_level`]); any other bot of ours the rules-of-thumb one.
pub fn bot_for(choice: &BotChoice, seed: u64) -> Result<Box<dyn TsuitateBot>, CommandError> {
    let name = match choice {
        BotChoice::Kind(BotKind::Random) => "random",
        BotChoice::Kind(BotKind::Strong) => "careful",
        BotChoice::Level(level) => bots::for_level(*level),
        _ => "heuristic",
    };
    bots::make(name, seed).ok_or_else(|| CommandError::Failed(format!("no tsuitate bot {name}")))
}

/// The game `kriegspiel host --tsuitate` serves: new, or resumed from the tsuitate save
/// `resume`.
pub fn host_game(resume: Option<&Path>) -> Result<(TsuitateGame, Meta), CommandError> {
    Ok(match resume {
        Some(path) => {
            let loaded = super::save::load_file(path).map_err(|e| {
                CommandError::BadInput(format!("cannot resume {}: {e}", path.display()))
            })?;
            (loaded.game, loaded.saved.meta)
        }
        None => (
            TsuitateGame::new(TsuitateRules::default()),
            Meta::network_host(),
        ),
    })
}

/// The table serving `game` (resumed from a save: `resumed`), autosaved to `autosave`. A
/// resumed game that was hosted keeps its seats' tokens ([`GameHost::reopened`], as the chess
/// host): each seat takes itself back with its own.
pub fn host_table(
    (game, meta): (TsuitateGame, Meta),
    resumed: bool,
    autosave: PathBuf,
    seed: u64,
) -> Result<TsuitateHost, CommandError> {
    let session = TsuitateSession::new(game, meta, Some(autosave));
    let table = GameHost::reopened(session, seed, resumed);
    if let Some(e) = &table.autosave_error {
        return Err(CommandError::Failed(format!("cannot autosave: {e}")));
    }
    Ok(table)
}

/// A player for a tsuitate match: one of our bots reading its seat's lines, or a program.
fn player(
    choice: &BotChoice,
    seed: u64,
    think_ms: Option<u64>,
) -> Result<Box<dyn SeatPlayer>, CommandError> {
    match choice {
        BotChoice::Kind(BotKind::Random | BotKind::Heuristic | BotKind::Strong)
        | BotChoice::Level(_) => Ok(Box::new(bot_seat(bot_for(choice, seed)?))),
        BotChoice::Kind(other) => Err(CommandError::BadInput(format!(
            "tsuitate shogi has the random, heuristic and careful bots (or cmd:PROGRAM), not {}",
            other.id()
        ))),
        BotChoice::Command(command) => {
            let limit = Duration::from_millis(think_ms.unwrap_or(60_000).max(1));
            ProgramSeat::<Tsuitate>::spawn(command, limit)
                .map(|p| Box::new(p) as Box<dyn SeatPlayer>)
                .map_err(|e| CommandError::BadInput(format!("cannot start {command}: {e}")))
        }
    }
}

/// Plays one game of `rules` at a local table seeded with `seed`, sente `black` and gote
/// `white`, every line through the seat protocol ([`local::play_local`]).
pub fn play_local(
    rules: TsuitateRules,
    black: &mut dyn SeatPlayer,
    white: &mut dyn SeatPlayer,
    seed: u64,
) -> LocalGame<Tsuitate> {
    let meta = Meta {
        event: "Tsuitate match".to_owned(),
        ..local_meta(black, white)
    };
    let session = TsuitateSession::new(TsuitateGame::new(rules), meta, None);
    local::play_local(session, black, white, seed)
}

/// A game's result for a match line: `black wins`, `white wins`, `draw` or `unfinished`.
fn result_word(over: Option<Over>) -> String {
    match over {
        Some(Over {
            winner: Some(w), ..
        }) => format!("{} wins", color_name(w)),
        Some(_) => "draw".to_owned(),
        None => "unfinished".to_owned(),
    }
}

/// `kriegspiel match --tsuitate`: games between two tsuitate players over the seat protocol;
/// `white` is gote and `black` sente (who moves first). One line per game on the standard
/// output (progress on the standard error), then the score of `white`'s player.
pub fn play_match(spec: &MatchSpec) -> Result<(), CommandError> {
    let mut score = Score::default(); // --white's player's
    for i in 0..spec.games {
        let seed = spec.seed.wrapping_add(u64::from(i));
        let swapped = !tested_keeps_seat(spec.swap, i);
        let mut gote = player(&spec.white, seed, spec.think_ms)?;
        let mut sente = player(&spec.black, seed ^ 0x5EED, spec.think_ms)?;
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
        let referee = game.host.game().referee();
        let (plies, over) = (referee.moves().len(), referee.over());
        let under_test = if swapped {
            shogi_core::Color::Black
        } else {
            shogi_core::Color::White
        };
        score.count(over.and_then(|o| o.winner).map(|w| w == under_test));
        if let Some(dir) = &spec.out_dir {
            std::fs::create_dir_all(dir).map_err(|e| {
                CommandError::Failed(format!("cannot create {}: {e}", dir.display()))
            })?;
            let path = dir.join(format!("tsuitate-{}-{}.ron", spec.seed, i + 1));
            game.host.save_of().write(&path).map_err(|e| {
                CommandError::Failed(format!("cannot write {}: {e}", path.display()))
            })?;
        }
        let reason = game
            .forfeit
            .clone()
            .unwrap_or_else(|| over.map_or("unfinished", |o| o.reason.id()).to_owned());
        println!(
            "game {} black {black_name} white {white_name} result {} ({reason}) plies {plies}",
            i + 1,
            result_word(over),
        );
        eprintln!("game {}/{} played", i + 1, spec.games);
    }
    println!(
        "{}: {} wins, {} draws, {} losses",
        spec.white, score.wins, score.draws, score.losses
    );
    Ok(())
}
