//! `kriegspiel match` and `kriegspiel endgame`: the binary's printing around bot matches
//! ([`kriegspiel::matchplay`]) and the lone-king trials ([`kriegspiel::bots::trial`]).

use std::process::ExitCode;

/// `kriegspiel match`: plays the match, one line per game and the summary last on standard
/// output, progress on standard error. Exit status 2 for an unknown bot.
pub fn match_command(config: &kriegspiel::matchplay::MatchConfig) -> ExitCode {
    use kriegspiel::matchplay::{MatchError, play_match};
    let total = config.games;
    let played = play_match(config, |index, record| {
        println!("{}", record.line(index + 1));
        eprintln!("game {}/{total} played", index + 1);
    });
    match played {
        Ok(summary) => {
            eprintln!(
                "{}: worst think {:.1} ms/attempt",
                config.white, summary.worst_think_ms
            );
            println!("{}", summary.line(&config.white, &config.black));
            ExitCode::SUCCESS
        }
        Err(e @ MatchError::UnknownBot(_)) => {
            eprintln!("kriegspiel: {e}");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("kriegspiel: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `kriegspiel endgame`: trials of the lone-king search, one summary line.
pub fn endgame_command(
    pieces: &str,
    trials: u32,
    seed: u64,
    defender: &str,
    rules: &kriegspiel::rules::RuleSet,
    max_moves: u32,
) -> ExitCode {
    use kriegspiel::bots::trial::{Defender, run};
    let roles = match kriegspiel::setup::parse_ending(pieces) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("kriegspiel: {e}");
            return ExitCode::from(2);
        }
    };
    let defender = if defender == "centre" {
        Defender::Centre
    } else {
        Defender::Random
    };
    let (mut mates, mut draws, mut unfinished, mut moves) = (0u32, 0u32, 0u32, Vec::new());
    let mut why = std::collections::BTreeMap::new();
    let started = std::time::Instant::now();
    for i in 0..trials {
        let Some(t) = run(
            &roles,
            rules,
            defender,
            seed.wrapping_add(u64::from(i)),
            max_moves,
        ) else {
            continue;
        };
        match t.over.map(|o| o.reason) {
            Some(kriegspiel::announce::EndReason::Checkmate) => {
                mates += 1;
                moves.push(t.moves);
            }
            Some(reason) => {
                draws += 1;
                *why.entry(reason.title()).or_insert(0u32) += 1;
            }
            None => unfinished += 1,
        }
    }
    moves.sort_unstable();
    let avg = if moves.is_empty() {
        0.0
    } else {
        f64::from(moves.iter().sum::<u32>()) / moves.len() as f64
    };
    println!(
        "K+{pieces} vs K ({} trials, king unknown at the start): {mates} mated (avg {avg:.1} moves, most {}), {draws} drawn {why:?}, {unfinished} unfinished after {max_moves} moves; {:.1} s",
        trials,
        moves.last().copied().unwrap_or(0),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
