//! The strong bot in Reconnaissance Blind Chess against the quick king attacks of reconchess's
//! AttackerBot (the same four move sequences, played blind in the same way: each move of the
//! sequence tried when its piece can make it, a pass once the sequence is spent). The strong
//! bot senses for threats to its own king, so none of them may capture it, as White or as Black.
//! And more thinking time is worth more: at 1 s a decision it beats itself at 50 ms (in RBC, and
//! in Wild 16 in the measurement left out of CI).

use kriegspiel::announce::GameResult;
use kriegspiel::bots::{Bot, BotKind};
use kriegspiel::matchplay::{MatchConfig, play_game_with};
use kriegspiel::rules::Preset;
use kriegspiel::{Attempt, PlayerView, Request};
use shakmaty::{Color, Square};

/// AttackerBot's sequences, from White's side.
const ATTACKS: [&[&str]; 4] = [
    &["b1c3", "c3b5", "b5d6", "d6e8"],
    &["b1c3", "c3e4", "e4f6", "f6e8"],
    &["g1h3", "h3f4", "f4h5", "h5f6", "f6e8"],
    &["e2e4", "f1c4", "d1h5", "c4f7", "f7e8", "h5e8"],
];

/// A scripted attacker: senses a square of its own half (it learns nothing it uses) and plays
/// its sequence, skipping the moves its own board no longer allows.
struct Attacker {
    moves: Vec<Attempt>,
    flipped: bool,
}

impl Attacker {
    fn new(sequence: &[&str]) -> Attacker {
        Attacker {
            moves: sequence
                .iter()
                .map(|m| Attempt::parse(m).expect("uci"))
                .collect(),
            flipped: false,
        }
    }
}

fn flip(a: Attempt) -> Attempt {
    Attempt::new(a.from.flip_vertical(), a.to.flip_vertical())
}

impl Bot for Attacker {
    fn name(&self) -> &str {
        "attacker"
    }

    fn next(&mut self, seat: &PlayerView) -> Option<Request> {
        if !seat.my_turn() {
            return None;
        }
        if seat.color == Color::Black && !self.flipped {
            self.flipped = true;
            self.moves = self.moves.iter().map(|a| flip(*a)).collect();
        }
        if !seat.sensed {
            let home = if seat.color == Color::White {
                Square::B2
            } else {
                Square::B7
            };
            return Some(Request::Sense(Some(home)));
        }
        let possible = seat.possible_attempts();
        while let Some(next) = self.moves.first().copied() {
            self.moves.remove(0);
            if possible.contains(&next) {
                return Some(Request::Move(next));
            }
        }
        Some(Request::Pass)
    }
}

/// Every attack, the strong bot playing each colour on two seeds: the attacker never takes its
/// king (the game ends in the strong bot's win, or unfinished at the ply limit).
#[test]
fn the_strong_bot_survives_every_quick_attack_as_either_colour() {
    let config = MatchConfig {
        white: BotKind::Strong.into(),
        black: BotKind::Random.into(),
        rules: Preset::Rbc.rules(),
        max_plies: 60,
        swap: true,
        ..MatchConfig::default()
    };
    let mut won = 0;
    for (n, attack) in ATTACKS.iter().enumerate() {
        for index in 0..4 {
            let config = MatchConfig {
                seed: 10 * n as u64,
                ..config.clone()
            };
            let strong = BotKind::Strong
                .make(config.seed + u64::from(index))
                .expect("a bot");
            let attacker: Box<dyn Bot> = Box::new(Attacker::new(attack));
            let names = ["strong".to_owned(), "attacker".to_owned()];
            let played = play_game_with(&config, index, [strong, attacker], names).expect("played");
            let strong_color = first_color(index);
            let lost = column(played.record.result, strong_color) == LOST;
            assert!(
                !lost,
                "attack {n} ({attack:?}) beat the strong bot as {strong_color:?} (game {index}): {}",
                played.record.line(index + 1)
            );
            won += u32::from(column(played.record.result, strong_color) == WON);
        }
    }
    // Once the attack is spent the attacker only passes: the strong bot goes and takes its king.
    assert!(won >= 12, "the strong bot won {won} of 16 games");
}

/// The colour of the first-named bot in game `index` of a match (colours alternate).
fn first_color(index: u32) -> Color {
    if index % 2 == 1 {
        Color::Black
    } else {
        Color::White
    }
}

/// Columns of a W-L-D row.
const WON: usize = 0;
const LOST: usize = 1;
const DRAWN: usize = 2;

/// How a game with `result` went for `side`: [`WON`], [`LOST`] or [`DRAWN`] (or unfinished).
fn column(result: Option<GameResult>, side: Color) -> usize {
    match result {
        Some(GameResult::WhiteWins) if side == Color::White => WON,
        Some(GameResult::BlackWins) if side == Color::Black => WON,
        Some(GameResult::WhiteWins | GameResult::BlackWins) => LOST,
        _ => DRAWN,
    }
}

/// `games` games of `preset` from `seed`, colours alternating, of the strong bot at 1 s a
/// decision against itself at 50 ms: [wins, losses, draws] of the slow side, as White and as
/// Black.
fn slow_against_fast(preset: Preset, seed: u64, games: u32) -> [[u32; 3]; 2] {
    let config = MatchConfig {
        white: BotKind::Strong.into(),
        black: BotKind::Strong.into(),
        rules: preset.rules(),
        max_plies: 400,
        swap: true,
        seed,
        ..MatchConfig::default()
    };
    let mut table = [[0; 3]; 2];
    for index in 0..games {
        let bot_seed = (seed + u64::from(index)) * 2;
        let mut slow = BotKind::Strong.make(bot_seed).expect("a bot");
        slow.set_think_ms(1_000);
        let mut fast = BotKind::Strong.make(bot_seed + 1).expect("a bot");
        fast.set_think_ms(50);
        let names = ["slow".to_owned(), "fast".to_owned()];
        let played = play_game_with(&config, index, [slow, fast], names).expect("played");
        let slow_color = first_color(index);
        table[usize::from(slow_color == Color::Black)][column(played.record.result, slow_color)] +=
            1;
    }
    table
}

/// At a thinking time of 1 s the strong bot searches each world's replies; at 50 ms it does
/// not, and it loses (98 games in 100 over seeds 1 and 1001, measured in release; here six).
#[test]
fn more_thinking_time_beats_the_same_bot_at_fifty_milliseconds() {
    let table = slow_against_fast(Preset::Rbc, 1, 6);
    let won = table[0][0] + table[1][0];
    assert!(
        won >= 5,
        "the bot at 1 s won {won} of 6 games against itself at 50 ms"
    );
}

/// The measurement behind the figures above (not part of CI: about 100 s for RBC and 3 min
/// for Wild 16, in release): `cargo test --release --test rbc_attacks -- --ignored --nocapture`.
/// In RBC the deeper search makes the difference, in Wild 16 the larger belief (issue 33 asks
/// for 65 % in both).
#[test]
#[ignore]
fn time_scaling_over_a_hundred_games() {
    for (preset, name) in [(Preset::Rbc, "RBC"), (Preset::Wild16, "Wild 16")] {
        let mut total = [[0; 3]; 2];
        for seed in [1, 1001] {
            let table = slow_against_fast(preset, seed, 50);
            for (t, row) in total.iter_mut().zip(table) {
                for (x, n) in t.iter_mut().zip(row) {
                    *x += n;
                }
            }
        }
        let [w, b] = total;
        let (won, drawn) = (w[0] + b[0], w[2] + b[2]);
        let score = f64::from(2 * won + drawn) / 2.0;
        println!(
            "slow (1 s) against fast (50 ms), {name}, 100 games: as White {w:?}, as Black {b:?} (W-L-D); {score} %"
        );
        assert!(
            score >= 65.0,
            "{name}: the bot at 1 s scored {score} % against itself at 50 ms"
        );
    }
}
