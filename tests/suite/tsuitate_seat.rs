//! Tsuitate shogi over the seat protocol: games between our bots at a local table (every line
//! through the protocol), with every line each seat was sent checked against what that seat
//! heard by the umpire's own record (no line carries what only the other seat heard, and no
//! request of the other seat), each seat's view rebuilt from its lines equal to the table's;
//! bad lines refused with a clear error and no change; the cap on a turn's attempts; and the
//! privacy property (nothing a seat is sent depends on the other seat's hidden pieces). Holds
//! the line checks `tsuitate_host` shares.

use kriegspiel::seat::Hello;
use kriegspiel::seat::door::SeatTable;
use kriegspiel::seat::local::SeatPlayer;
use kriegspiel::tsuitate::announce::square_name;
use kriegspiel::tsuitate::cli::play_local;
use kriegspiel::tsuitate::client::{BotSeat, bot_seat};
use kriegspiel::tsuitate::game::heard_by;
use kriegspiel::tsuitate::table::{TsuitateHost, slot};
use kriegspiel::tsuitate::{Item, Request, TsuitateGame, TsuitateRules, bots};
use serde_json::{Value, json};
use shogi_core::{Color, Square};
use std::time::Duration;

/// The protocol's name of seat `c`.
pub(super) fn name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Checks the lines `seat` was sent against the finished game: the welcome first, then
/// exactly one `heard` line per event the seat made or heard an item of, with exactly what it
/// heard (never the other seat's request), states between, and the reveal (the whole game)
/// only at the very end.
pub(super) fn check_lines(lines: &[String], game: &TsuitateGame, seat: Color) {
    let values: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect();
    assert_eq!(values[0]["type"], "welcome", "the welcome comes first");
    assert_eq!(values[0]["seat"], name(seat));
    assert_eq!(values[0]["rules"]["family"], "tsuitate");
    let reveal_at = values.iter().position(|v| v["type"] == "reveal");
    assert_eq!(
        reveal_at,
        Some(values.len() - 1),
        "the reveal comes last, once"
    );
    let heard: Vec<&Value> = values.iter().filter(|v| v["type"] == "heard").collect();
    let mut expected = Vec::new();
    for event in game.events() {
        let items = heard_by(&event.said, seat);
        if event.by != seat && items.is_empty() {
            continue;
        }
        let request = match (&event.request, event.by == seat) {
            (_, false) => Value::Null,
            (Request::Try(usi), true) => json!({"op": "try", "move": usi}),
            (Request::Resign, true) => json!({"op": "resign"}),
            (Request::Draw, true) => json!({"op": "draw"}),
        };
        let items: Vec<Value> = items.iter().map(|i| i.to_json()).collect();
        expected.push((request, items));
    }
    assert_eq!(
        heard.len(),
        expected.len(),
        "one heard line per event heard"
    );
    for (k, (line, (request, items))) in heard.iter().zip(&expected).enumerate() {
        assert_eq!(line["n"], k + 1);
        assert_eq!(
            &line["request"], request,
            "line {k}: the request is the seat's own"
        );
        assert_eq!(
            line["items"],
            Value::Array(items.clone()),
            "line {k}: what it heard"
        );
    }
    // What only the other seat heard never reaches this one (the check above, said once more
    // for the items told to one seat alone).
    let only_other = game
        .events()
        .iter()
        .filter(|e| e.by != seat)
        .flat_map(|e| e.said.iter())
        .filter(|s| !s.to.includes(seat))
        .count();
    let impossible_heard = heard
        .iter()
        .filter(|l| l["request"].is_null())
        .flat_map(|l| l["items"].as_array().cloned().unwrap_or_default())
        .filter(|i| i["kind"] == "impossible")
        .count();
    assert_eq!(
        impossible_heard, 0,
        "({only_other} items were for the other seat alone)"
    );
}

/// A bot that, every other turn, first tries a move of a piece it does not have (impossible
/// on its own board, told to it alone), then plays on.
struct Clumsy {
    seat: BotSeat,
    tried_at: Option<usize>,
}

impl SeatPlayer for Clumsy {
    fn name(&self) -> String {
        self.seat.name()
    }

    fn told(&mut self, line: &str) {
        self.seat.told(line);
    }

    fn request(&mut self) -> Option<String> {
        let state = &mut self.seat.state;
        let turns = state.record().iter().filter(|l| l.turn_ends).count();
        let to_act = state.to_act();
        let view = state.view()?;
        if to_act && turns % 4 < 2 && self.tried_at != Some(turns) {
            self.tried_at = Some(turns);
            let empty =
                Square::all().find(|&sq| view.board.piece_at(sq).is_none() && sq.rank() > 1);
            if let Some(from) = empty {
                let to = Square::new(from.file(), from.rank() - 1).expect("a square");
                return Some(json!({"op": "try", "move": format!("{}{}", square_name(from), square_name(to))}).to_string());
            }
        }
        self.seat.request()
    }
}

#[test]
fn bots_play_whole_games_through_the_lines_and_hear_only_their_own() {
    let mut impossible = 0;
    for seed in 1..=6 {
        let clumsy = |name, seed| Clumsy {
            seat: bot_seat(bots::make(name, seed).expect("a bot")),
            tried_at: None,
        };
        let mut black = clumsy("heuristic", seed);
        let mut white = clumsy("random", seed + 100);
        let played = play_local(TsuitateRules::default(), &mut black, &mut white, seed);
        assert!(
            played.over,
            "every game ends (fouls, mate or the move limit)"
        );
        let game = played.host.game();
        impossible += game
            .events()
            .iter()
            .flat_map(|e| e.said.iter())
            .filter(|s| s.item == Item::Impossible)
            .count();
        for (i, (seat, state)) in [
            (Color::Black, &black.seat.state),
            (Color::White, &white.seat.state),
        ]
        .into_iter()
        .enumerate()
        {
            check_lines(&played.lines[i], game, seat);
            // The seat's side of the screen, rebuilt from its lines alone, is the table's.
            assert_eq!(state.clone().view(), Some(game.seat(seat)), "seed {seed}");
            assert_eq!(state.reveal, Some(played.host.save_of()));
        }
    }
    assert!(
        impossible > 20,
        "the games had attempts told to one seat alone: {impossible}"
    );
}

/// A table with both seats connected, and the lines each was sent.
fn table() -> (TsuitateHost, [Vec<String>; 2]) {
    let game = TsuitateGame::new(TsuitateRules::default());
    let mut host = TsuitateHost::new(game, Default::default(), None, 7, false);
    let mut lines = [Vec::new(), Vec::new()];
    for c in [Color::Black, Color::White] {
        let mut hello = Hello::new();
        hello.token = Some(host.door_mut().reserve(slot(c)));
        let (_, out) = host.connect(&hello.line(), Duration::ZERO).expect("seated");
        for (s, line) in out {
            lines[usize::from(s == shakmaty::Color::White)].push(line);
        }
    }
    (host, lines)
}

/// `seat` sends `line`: the lines each seat is sent, sente's first.
fn send(host: &mut TsuitateHost, seat: Color, line: &str) -> [Vec<Value>; 2] {
    let mut got = [Vec::new(), Vec::new()];
    for (s, l) in host.handle(slot(seat), line, Duration::ZERO) {
        got[usize::from(s == shakmaty::Color::White)].push(serde_json::from_str(&l).expect("JSON"));
    }
    got
}

#[test]
fn bad_lines_get_one_clear_error_and_change_nothing() {
    let (mut host, _) = table();
    let cases: [(Color, &str, &str); 12] = [
        (Color::Black, "not json", "not a JSON object"),
        (Color::Black, r#"{"move":"7g7f"}"#, "no \"op\""),
        (
            Color::White,
            r#"{"op":"try","move":"3c3d"}"#,
            "not your turn",
        ),
        (Color::White, r#"{"op":"resign"}"#, "not your turn"),
        (Color::Black, r#"{"op":"try","move":"zz"}"#, "zz"),
        (
            Color::Black,
            r#"{"op":"try","move":"7g7f","color":"black"}"#,
            "one field",
        ),
        (
            Color::Black,
            r#"{"op":"sense","square":"5e"}"#,
            "unknown op",
        ),
        (
            Color::Black,
            r#"{"op":"draw"}"#,
            "cannot agree a draw alone",
        ),
        (Color::Black, r#"{"op":"adjudicate"}"#, "unknown op"),
        (
            Color::Black,
            r#"{"op":"hello","version":1}"#,
            "already has its seat",
        ),
        (Color::Black, r#"{"op":"accept_draw"}"#, "no draw offer"),
        (
            Color::Black,
            r#"{"op":"resign","color":"white"}"#,
            "takes no fields",
        ),
    ];
    for (seat, line, words) in cases {
        let before = host.game().clone();
        let got = send(&mut host, seat, line);
        let (own, other) = match seat {
            Color::Black => (&got[0], &got[1]),
            Color::White => (&got[1], &got[0]),
        };
        assert_eq!(own.len(), 1, "{line}: one line");
        assert_eq!(own[0]["type"], "error", "{line}");
        let error = own[0]["error"].as_str().unwrap_or_default();
        assert!(error.contains(words), "{line}: {error}");
        assert!(other.is_empty(), "{line}: the other seat is told nothing");
        assert_eq!(host.game(), &before, "{line}: nothing changed");
    }
    // An offer twice, then the game over: refused too.
    assert_eq!(
        send(&mut host, Color::Black, r#"{"op":"offer_draw"}"#)[1][0]["draw_offer"],
        "black"
    );
    let twice = send(&mut host, Color::Black, r#"{"op":"offer_draw"}"#);
    assert!(
        twice[0][0]["error"]
            .as_str()
            .unwrap_or_default()
            .contains("already stands")
    );
    let agreed = send(&mut host, Color::White, r#"{"op":"accept_draw"}"#);
    assert_eq!(
        agreed[1].last().map(|v| v["type"].clone()),
        Some(json!("reveal"))
    );
    let late = send(&mut host, Color::Black, r#"{"op":"try","move":"7g7f"}"#);
    assert!(
        late[0][0]["error"]
            .as_str()
            .unwrap_or_default()
            .contains("game is over")
    );
}

#[test]
fn an_impossible_attempt_is_told_to_its_maker_alone() {
    let (mut host, _) = table();
    // The rook on 2h cannot reach 8h through its own bishop: impossible on its own board.
    let got = send(&mut host, Color::Black, r#"{"op":"try","move":"2h8h"}"#);
    assert_eq!(got[0][0]["items"], json!([{"kind": "impossible"}]));
    assert_eq!(got[0][0]["request"], json!({"op": "try", "move": "2h8h"}));
    assert!(
        got[1].is_empty(),
        "gote is sent nothing at all: {:?}",
        got[1]
    );
    let played = send(&mut host, Color::Black, r#"{"op":"try","move":"7g7f"}"#);
    assert_eq!(
        played[1][0]["request"],
        Value::Null,
        "never the opponent's request"
    );
    assert_eq!(played[1][0]["n"], 1);
    assert_eq!(played[1][0]["items"], json!([{"kind": "legal"}]));
    assert!(!played[1].iter().any(|v| v.to_string().contains("7g7f")));
}

#[test]
fn a_turn_logs_at_most_the_cap_of_attempts_then_only_one_that_ends_it() {
    use kriegspiel::log::MAX_REQUESTS_PER_TURN;
    let mut game = TsuitateGame::new(TsuitateRules::default());
    for _ in 0..MAX_REQUESTS_PER_TURN {
        // Sente has no piece on 5e: impossible, told to sente alone, and logged.
        game.attempt("5e5d")
            .expect("an impossible attempt is logged");
    }
    let refused = game.attempt("5e5d").expect_err("past the cap");
    assert!(
        refused.to_string().contains("1000 requests this turn"),
        "{refused}"
    );
    assert_eq!(game.events().len(), MAX_REQUESTS_PER_TURN);
    // A legal move still ends the turn, and the next turn starts afresh.
    game.attempt("7g7f").expect("a legal move is taken");
    assert_eq!(game.referee().to_move(), Color::White);
    game.attempt("5e5f")
        .expect("gote's first attempt is logged");
    assert_eq!(game.events().len(), MAX_REQUESTS_PER_TURN + 2);
}

/// Two tables played in lockstep for the privacy property: the same lines from the watcher, and
/// from the other seat requests that the watcher hears exactly alike, with other hidden pieces.
struct Twins {
    hosts: [TsuitateHost; 2],
    /// The lines the watcher was sent at each table, up to the reveal.
    lines: [Vec<String>; 2],
    watcher: Color,
}

impl Twins {
    fn new(watcher: Color) -> Twins {
        let mut hosts = [7, 7].map(|seed| {
            TsuitateHost::new(
                TsuitateGame::new(TsuitateRules::default()),
                Default::default(),
                None,
                seed,
                false,
            )
        });
        let mut lines = [Vec::new(), Vec::new()];
        for (host, lines) in hosts.iter_mut().zip(&mut lines) {
            for c in [Color::Black, Color::White] {
                let mut hello = Hello::new();
                hello.token = Some(host.door_mut().reserve(slot(c)));
                let (_, out) = host.connect(&hello.line(), Duration::ZERO).expect("seated");
                lines.extend(
                    out.into_iter()
                        .filter(|(s, _)| *s == slot(watcher))
                        .map(|(_, l)| l),
                );
            }
        }
        Twins {
            hosts,
            lines,
            watcher,
        }
    }

    /// `seat` sends `line` at table `t`; the watcher's lines are kept.
    fn send(&mut self, t: usize, seat: Color, line: &str) {
        let out = self.hosts[t].handle(slot(seat), line, Duration::ZERO);
        let watcher = slot(self.watcher);
        self.lines[t].extend(
            out.into_iter()
                .filter(|(s, _)| *s == watcher)
                .map(|(_, l)| l),
        );
    }

    /// What the watcher would hear of `usi` at table `t` (`None`: refused).
    fn would_hear(&self, t: usize, usi: &str) -> Option<Vec<Item>> {
        let mut game = self.hosts[t].game().clone();
        let event = game.apply(Request::Try(usi.to_owned())).ok()?;
        Some(heard_by(&event.said, self.watcher))
    }

    /// The moves `side` could try at table `t` (from its own pieces), in a random order.
    fn candidates(&self, t: usize, side: Color, rng: &mut kriegspiel::bench::Rng) -> Vec<String> {
        let mut moves: Vec<String> = self.hosts[t]
            .game()
            .seat(side)
            .possible_moves()
            .into_iter()
            .map(kriegspiel::tsuitate::referee::move_name)
            .collect();
        for i in (1..moves.len()).rev() {
            moves.swap(i, rng.below(i + 1));
        }
        moves
    }
}

fn try_line(usi: &str) -> String {
    json!({"op": "try", "move": usi}).to_string()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 12, .. Default::default() })]

    /// Nothing a tsuitate seat is sent depends on the other seat's hidden pieces: two games
    /// with the same public history for the watcher (the same own requests, the same things
    /// heard) but other moves by the opponent (its pieces elsewhere), with the opponent's extra
    /// impossible attempts and junk lines at one table only, send the watcher the very same
    /// lines until the reveal.
    #[test]
    fn a_tsuitate_seat_is_sent_nothing_of_the_other_seats_pieces(
        seed in proptest::prelude::any::<u64>(),
        sente_watches in proptest::prelude::any::<bool>(),
    ) {
        let watcher = if sente_watches { Color::Black } else { Color::White };
        let opponent = watcher.flip();
        let mut rng = kriegspiel::bench::Rng::new(seed);
        let mut twins = Twins::new(watcher);
        let mut moved_apart = 0;
        for _ in 0..40 {
            let game = twins.hosts[0].game();
            if game.referee().over().is_some() {
                break;
            }
            let mover = game.referee().to_move();
            let chosen = if mover == watcher {
                // The watcher's own move, heard alike at both tables.
                twins.candidates(0, watcher, &mut rng).into_iter().find(|usi| {
                    let heard = twins.would_hear(0, usi);
                    heard.is_some() && heard == twins.would_hear(1, usi)
                }).map(|usi| [usi.clone(), usi])
            } else {
                // The opponent: a move at each table (another one where it can), heard alike.
                let first = twins.candidates(0, opponent, &mut rng).into_iter().next();
                first.and_then(|a| {
                    let heard = twins.would_hear(0, &a)?;
                    let mut others = twins.candidates(1, opponent, &mut rng);
                    others.sort_by_key(|b| *b == a);
                    let b = others.into_iter().find(|b| twins.would_hear(1, b).as_ref() == Some(&heard))?;
                    Some([a, b])
                })
            };
            let Some([a, b]) = chosen else { break };
            if mover == opponent {
                moved_apart += usize::from(a != b);
                // At the second table only: junk, an out-of-turn line from the watcher's
                // opponent's side, and an impossible attempt the watcher never hears of.
                twins.send(1, opponent, "{\"op\":\"try\",\"move\":\"zz\"}");
                twins.send(1, opponent, "not even json");
                if rng.below(2) == 0 {
                    let empty = Square::all().find(|&sq| {
                        twins.hosts[1].game().seat(opponent).board.piece_at(sq).is_none()
                            && sq.rank() > 1
                    });
                    if let Some(from) = empty {
                        let to = Square::new(from.file(), from.rank() - 1).expect("a square");
                        let usi = format!("{}{}", square_name(from), square_name(to));
                        if twins.would_hear(1, &usi) == Some(Vec::new()) {
                            twins.send(1, opponent, &try_line(&usi));
                        }
                    }
                }
            } else {
                twins.send(1, opponent, &try_line("7g7f"));
            }
            twins.send(0, mover, &try_line(&a));
            twins.send(1, mover, &try_line(&b));
        }
        // Up to the reveal, as JSON; each table draws its own seat tokens.
        let before_reveal = |lines: &[String]| -> Vec<Value> {
            lines
                .iter()
                .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
                .take_while(|v| v["type"] != "reveal")
                .map(|mut v| {
                    if let Some(token) = v.get_mut("token") {
                        *token = Value::Null;
                    }
                    v
                })
                .collect()
        };
        proptest::prop_assert!(twins.lines[0].len() > 2, "the watcher was sent its game");
        proptest::prop_assert_eq!(before_reveal(&twins.lines[0]), before_reveal(&twins.lines[1]));
        proptest::prop_assert!(
            moved_apart > 0,
            "the opponent's pieces went elsewhere at the second table"
        );
        proptest::prop_assert_ne!(twins.hosts[0].game().events(), twins.hosts[1].game().events());
    }
}

#[test]
fn a_welcome_tells_its_game_by_its_rules_family() {
    use kriegspiel::seat::game::Chess;
    use kriegspiel::seat::wire::{is_welcome_of, welcome_family};
    use kriegspiel::tsuitate::seam::Tsuitate;
    let shogi = r#"{"type":"welcome","rules":{"family":"tsuitate"}}"#;
    let chess = r#"{"type":"welcome","rules":{"family":"chess"}}"#;
    let unnamed = r#"{"type":"welcome","rules":{}}"#;
    assert!(is_welcome_of::<Tsuitate>(shogi));
    assert!(!is_welcome_of::<Tsuitate>(chess));
    assert!(is_welcome_of::<Chess>(chess));
    assert_eq!(welcome_family(unnamed).as_deref(), Some(""));
    let state = r#"{"type":"state","rules":{"family":"tsuitate"}}"#;
    for no_welcome in [state, "not json", ""] {
        assert_eq!(welcome_family(no_welcome), None);
        assert!(!is_welcome_of::<Tsuitate>(no_welcome));
    }
}
