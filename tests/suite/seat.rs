//! The seat protocol: the host's answers to good and bad lines, and the privacy property (nothing a
//! seat was not told reaches it before the reveal) over random games in every preset, in-process.
//! The process-level tests (two `kriegspiel` processes over loopback TCP) are in `seat_net.rs`.

use kriegspiel::bots::Bot;
use kriegspiel::bots::random::RandomBot;
use kriegspiel::log::GameLog;
use kriegspiel::referee::{Request, RequestRepr};
use kriegspiel::rules::{Handicap, Preset, RuleSet, Sighted, Wing};
use kriegspiel::save::Meta;
use kriegspiel::seat::{Hello, HelloError, Host, SeatState};
use kriegspiel::session::GameSession;
use shakmaty::{Color, Setup};
use std::time::Duration;

use crate::privacy;
use privacy::assert_private;

fn host_for(rules: RuleSet, seed: u64) -> Host {
    let start =
        kriegspiel::referee::handicap::start_position(&rules).unwrap_or_else(Setup::initial);
    let session =
        GameSession::new(rules, start, Meta::default(), None, None).expect("the game starts");
    Host::new(session, seed)
}

fn hello(code: &str, seat: Color) -> String {
    let mut h = Hello::new();
    h.code = Some(code.to_owned());
    h.seat = Some(seat);
    h.line()
}

fn slot(c: Color) -> usize {
    c.fold_wb(0, 1)
}

/// Both seats at an in-process host, every line each was sent kept in order.
struct Table2 {
    host: Host,
    seats: [SeatState; 2],
    sent: [Vec<String>; 2],
    now: Duration,
}

impl Table2 {
    fn new(rules: RuleSet, seed: u64) -> Table2 {
        let host = host_for(rules, seed);
        let code = host.code();
        let mut t = Table2 {
            host,
            seats: [SeatState::new(), SeatState::new()],
            sent: [Vec::new(), Vec::new()],
            now: Duration::ZERO,
        };
        for c in Color::ALL {
            let (seat, out) = t.host.connect(&hello(&code, c), t.now).expect("seated");
            assert_eq!(seat, c);
            t.deliver(out);
        }
        t
    }

    fn deliver(&mut self, out: Vec<(Color, String)>) {
        for (c, line) in out {
            self.seats[slot(c)]
                .receive(&line)
                .expect("a seat-protocol line");
            self.sent[slot(c)].push(line);
        }
    }

    fn send(&mut self, c: Color, line: &str) {
        self.now += Duration::from_millis(10);
        let out = self.host.handle(c, line, self.now);
        self.deliver(out);
    }

    fn log(&self) -> &GameLog {
        self.host.session().game().log()
    }
}

fn request_line(r: Request) -> String {
    serde_json::to_string(&RequestRepr::from(r)).expect("json")
}

/// Plays random seats (resigning after `max_moves`) to the end of the game.
fn random_game(rules: RuleSet, seed: u64, max_moves: u32) -> Table2 {
    random_game_checked(rules, seed, max_moves, |_| {})
}

/// [`random_game`], calling `check` after the welcome and after every line a seat sends.
fn random_game_checked(
    rules: RuleSet,
    seed: u64,
    max_moves: u32,
    mut check: impl FnMut(&Table2),
) -> Table2 {
    let mut t = Table2::new(rules, seed);
    check(&t);
    let mut bots = [RandomBot::new(seed * 2), RandomBot::new(seed * 2 + 1)];
    for _ in 0..20_000 {
        if t.host.session().over().is_some() {
            break;
        }
        let Some(c) = Color::ALL.into_iter().find(|&c| t.seats[slot(c)].to_act()) else {
            panic!("nobody is to act and the game is not over");
        };
        let view = t.seats[slot(c)].view().expect("a view").clone();
        let request = if view.move_number > max_moves {
            Request::Resign(c)
        } else {
            bots[slot(c)].act(&view).unwrap_or(Request::Resign(c))
        };
        t.send(c, &request_line(request));
        check(&t);
    }
    assert!(t.host.session().over().is_some(), "the game ended");
    t
}

/// The rules of every preset, and the other choices of each handicap preset (Black sighted,
/// the c-file bishop).
fn every_rule_set() -> Vec<RuleSet> {
    let mut all: Vec<RuleSet> = Preset::ALL.into_iter().map(Preset::rules).collect();
    for preset in Preset::ALL {
        let mut rules = preset.rules();
        if rules.sighted != Sighted::None {
            rules.sighted = Sighted::Black;
            rules.bishop = rules.bishop.map(|_| Wing::C);
            all.push(rules);
        }
    }
    all
}

/// What a seat holds is what a seat at a local table is given, in every preset and handicap
/// choice: after the welcome and after every line, its record is exactly its perception of the
/// true log (so its view is a local seat's view), with the game's rules and start; the
/// sighted seat holds the true board and the blind seat none; whose turn and whose placement
/// are the table's.
#[test]
fn a_seat_holds_what_a_local_seat_is_given_in_every_rule_set() {
    let sets = every_rule_set();
    assert_eq!(sets.len(), Preset::ALL.len() + 3, "three handicap presets");
    for rules in sets {
        let sighted = rules.sighted.color();
        let title = rules.title();
        let t = random_game_checked(rules, 7, 80, |t| {
            let session = t.host.session();
            let log = session.game().log();
            for seat in Color::ALL {
                let held = &t.seats[slot(seat)];
                let perception = held.perception().expect("welcomed");
                assert_eq!(perception, &log.perceived_by(seat), "{title}, {seat:?}");
                let board = (sighted == Some(seat)).then(|| session.game().referee().fen());
                assert_eq!(held.board, board, "{title}, {seat:?}: the board");
                let state = held.state.as_ref().expect("a state");
                assert_eq!(state.to_move, session.to_move(), "{title}, {seat:?}");
                assert_eq!(state.placing, session.placing(), "{title}, {seat:?}");
            }
        });
        assert!(!t.log().events.is_empty(), "{title}: a game was played");
    }
}

#[test]
fn nothing_a_seat_was_not_told_reaches_it_in_any_preset() {
    for preset in Preset::ALL {
        for seed in 1..=3 {
            let t = random_game(preset.rules(), seed, 120);
            for seat in Color::ALL {
                assert_private(&t.sent[slot(seat)], t.log(), seat);
            }
        }
    }
}

#[test]
fn the_sighted_seat_alone_sees_the_board() {
    let mut rules = Preset::Wild16.rules();
    rules.sighted = Sighted::Black;
    rules.handicap = Handicap::PicklePot;
    rules.bishop = Some(Wing::F);
    let t = random_game(rules, 5, 60);
    assert_private(&t.sent[slot(Color::White)], t.log(), Color::White);
    let boards = t.sent[slot(Color::Black)]
        .iter()
        .filter(|l| l.starts_with("{\"type\":\"board\""))
        .count();
    assert!(
        boards > 10,
        "the sighted seat sees the board after every change ({boards})"
    );
}

#[test]
fn a_refused_attempt_heard_by_the_mover_only_sends_the_opponent_nothing() {
    let mut t = Table2::new(Preset::Wild16.rules(), 9);
    let black_before = t.sent[slot(Color::Black)].len();
    t.send(Color::White, r#"{"op":"try","move":"e1e2"}"#); // own piece in the way: impossible
    t.send(Color::White, r#"{"op":"try","move":"e2e5"}"#); // impossible too
    assert_eq!(
        t.sent[slot(Color::Black)].len(),
        black_before,
        "not even a state line"
    );
    let white = &t.sent[slot(Color::White)];
    assert!(white.iter().any(|l| l.contains("impossible")), "{white:?}");
    t.send(Color::White, r#"{"op":"try","move":"e2e4"}"#);
    let black = &t.sent[slot(Color::Black)][black_before..];
    assert!(black.iter().any(|l| l.contains("\"legal\"")), "{black:?}");
    assert!(!black.iter().any(|l| l.contains("e2e4")), "{black:?}");
}

#[test]
fn bad_lines_get_an_error_and_change_nothing() {
    let mut t = Table2::new(Preset::Berkeley.rules(), 3);
    let bad = [
        "not json",
        "{}",
        r#"{"op":"fly"}"#,
        r#"{"op":"try","move":"e2e9"}"#,
        r#"{"op":"try","move":"e2e4","extra":1}"#,
        r#"{"op":"draw"}"#,
        r#"{"op":"timeout","color":"black"}"#,
        r#"{"op":"resign","color":"black"}"#,
        r#"{"op":"accept_draw"}"#,
        r#"{"op":"hello","version":1}"#,
        r#"{"op":"sense","square":"e4"}"#,
        r#"{"op":"any"}"#,
    ];
    for line in bad {
        let events = t.log().events.len();
        let before = t.sent[slot(Color::White)].len();
        t.send(Color::White, line);
        let answer = &t.sent[slot(Color::White)][before..];
        assert_eq!(answer.len(), 1, "{line}: {answer:?}");
        assert!(
            answer[0].starts_with("{\"type\":\"error\""),
            "{line}: {answer:?}"
        );
        assert_eq!(t.log().events.len(), events, "{line} changed the game");
    }
    // Out of turn: Black may not move for White.
    let events = t.log().events.len();
    t.send(Color::Black, r#"{"op":"try","move":"e7e5"}"#);
    assert!(
        t.sent[slot(Color::Black)]
            .last()
            .is_some_and(|l| l.contains("not your turn"))
    );
    assert_eq!(t.log().events.len(), events);
}

#[test]
fn hello_is_checked_before_a_seat_is_given() {
    let mut host = host_for(Preset::Wild16.rules(), 4);
    let now = Duration::ZERO;
    let code = host.code();
    let wrong_version = r#"{"op":"hello","version":99}"#;
    assert!(
        host.connect(wrong_version, now).is_err_and(
            |e| matches!(e, HelloError::Version(99)) && e.to_string().contains("version")
        )
    );
    let mut h = Hello::new();
    h.code = Some("ZZZ-ZZZ".into());
    assert!(
        host.connect(&h.line(), now).is_err_and(
            |e| matches!(e, HelloError::WrongCode) && e.to_string().contains("join code")
        )
    );
    h.code = Some(code.to_lowercase().replace('-', " "));
    let (first, _) = host
        .connect(&h.line(), now)
        .expect("the code is read loosely");
    let (second, _) = host
        .connect(&hello(&code, !first), now)
        .expect("the other seat");
    assert_ne!(first, second);
    assert!(
        host.connect(&h.line(), now)
            .is_err_and(|e| matches!(e, HelloError::Full) && e.to_string().contains("taken"))
    );
    let mut thief = Hello::new();
    thief.token = Some("NOT-A-TOKEN".into());
    assert!(
        host.connect(&thief.line(), now)
            .is_err_and(|e| matches!(e, HelloError::UnknownToken))
    );
}

#[test]
fn a_reconnecting_seat_gets_only_what_it_lacks() {
    let mut t = Table2::new(Preset::Wild16.rules(), 6);
    t.send(Color::White, r#"{"op":"try","move":"e2e4"}"#);
    t.send(Color::Black, r#"{"op":"try","move":"e7e5"}"#);
    t.send(Color::White, r#"{"op":"try","move":"g1f3"}"#);
    let token = t.seats[slot(Color::Black)]
        .token()
        .expect("token")
        .to_owned();
    let have = t.seats[slot(Color::Black)].have();
    let out = t.host.disconnect(Color::Black, t.now);
    assert!(
        out.iter().all(|(c, _)| *c == Color::White),
        "only White is told"
    );
    assert!(out[0].1.contains("\"opponent_connected\":false"), "{out:?}");
    // White plays on while Black is away.
    let out = t.host.handle(Color::White, r#"{"op":"offer_draw"}"#, t.now);
    assert!(out.iter().all(|(c, _)| *c == Color::White));
    let mut back = Hello::new();
    back.token = Some(token);
    back.have = have - 1;
    let (seat, out) = t
        .host
        .connect(&back.line(), t.now)
        .expect("the token takes the seat back");
    assert_eq!(seat, Color::Black);
    let heard: Vec<&String> = out
        .iter()
        .filter(|(c, l)| *c == Color::Black && l.starts_with("{\"type\":\"heard\""))
        .map(|(_, l)| l)
        .collect();
    assert_eq!(heard.len(), 1, "only the last line it lacked: {heard:?}");
    assert!(heard[0].contains(&format!("\"n\":{have}")), "{heard:?}");
    let state = out
        .iter()
        .rev()
        .find(|(c, _)| *c == Color::Black)
        .expect("a state");
    assert!(state.1.contains("\"draw_offer\":\"white\""), "{state:?}");
    // Black accepts the standing offer: a draw by agreement, then the reveal to both.
    let out = t
        .host
        .handle(Color::Black, r#"{"op":"accept_draw"}"#, t.now);
    for c in Color::ALL {
        assert!(
            out.iter()
                .any(|(s, l)| *s == c && l.starts_with("{\"type\":\"reveal\"")),
            "{c:?} gets the reveal"
        );
    }
    assert_eq!(
        t.host.session().over().map(|o| o.result),
        Some(kriegspiel::announce::GameResult::Draw)
    );
}

#[test]
fn a_draw_offer_lapses_when_the_opponent_plays_on() {
    let mut t = Table2::new(Preset::Wild16.rules(), 7);
    t.send(Color::White, r#"{"op":"offer_draw"}"#);
    t.send(Color::White, r#"{"op":"try","move":"e2e4"}"#);
    t.send(Color::Black, r#"{"op":"try","move":"e7e5"}"#);
    t.send(Color::Black, r#"{"op":"accept_draw"}"#);
    assert!(
        t.sent[slot(Color::Black)]
            .last()
            .is_some_and(|l| l.contains("no draw offer"))
    );
    assert!(t.host.session().over().is_none());
}

#[test]
fn a_seat_that_sat_first_learns_the_name_of_the_player_who_joins() {
    let mut host = host_for(Preset::Wild16.rules(), 9);
    let now = Duration::ZERO;
    let code = host.code();
    let named = |seat: Color, name: &str| {
        let mut h = Hello::new();
        h.code = Some(code.clone());
        h.seat = Some(seat);
        h.name = Some(name.to_owned());
        h.line()
    };
    let mut white = SeatState::new();
    let (_, out) = host
        .connect(&named(Color::White, "Ann"), now)
        .expect("seated");
    for (_, line) in out.iter().filter(|(c, _)| *c == Color::White) {
        white.receive(line).expect("a line");
    }
    assert_eq!(white.names, [String::new(), "Ann".to_owned()]);
    let (_, out) = host
        .connect(&named(Color::Black, "Bob"), now)
        .expect("seated");
    for (_, line) in out.iter().filter(|(c, _)| *c == Color::White) {
        white.receive(line).expect("a line");
    }
    assert_eq!(white.names, ["Bob".to_owned(), "Ann".to_owned()]);
}

#[test]
fn names_are_cleaned_at_the_host_and_at_the_seat() {
    let mut host = host_for(Preset::Wild16.rules(), 10);
    let now = Duration::ZERO;
    let code = host.code();
    let named = |seat: Color, name: &str| {
        let mut h = Hello::new();
        h.code = Some(code.clone());
        h.seat = Some(seat);
        h.name = Some(name.to_owned());
        h.line()
    };
    let mut black = SeatState::new();
    let (_, out) = host
        .connect(&named(Color::Black, &format!("{}\0", "b".repeat(100))), now)
        .expect("seated");
    for (_, line) in out.iter().filter(|(c, _)| *c == Color::Black) {
        black.receive(line).expect("a line");
    }
    let (_, out) = host
        .connect(&named(Color::White, "\u{1b}[2JAnn\nEve\u{202E}\u{7}"), now)
        .expect("seated");
    for (_, line) in out.iter().filter(|(c, _)| *c == Color::Black) {
        black.receive(line).expect("a line");
    }
    let meta = host.session().meta();
    assert_eq!(meta.white, "[2JAnn Eve");
    assert_eq!(meta.black, "b".repeat(40));
    assert_eq!(black.names, ["b".repeat(40), "[2JAnn Eve".to_owned()]);
    // A seat cleans what a table sends it, too: a table is only another program.
    let mut seat = SeatState::new();
    for (_, line) in out.iter().filter(|(c, _)| *c == Color::White) {
        seat.receive(line).expect("a line");
    }
    let state = kriegspiel::seat::State {
        opponent_name: "Mallory\u{1b}]0;owned\u{7}".to_owned(),
        ..seat.state.clone().expect("a state")
    };
    let line = serde_json::to_string(&kriegspiel::seat::ToSeat::State(state)).expect("JSON");
    seat.receive(&line).expect("a state line");
    assert_eq!(seat.names[0], "Mallory ]0;owned");
    let line = serde_json::to_string(&kriegspiel::seat::ToSeat::Error {
        error: format!("\u{1b}[2J{}", "z".repeat(10_000)),
    })
    .expect("JSON");
    seat.receive(&line).expect("an error line");
    let shown = seat.errors.last().expect("kept");
    assert!(shown.len() < 300 && !shown.contains('\u{1b}'), "{shown}");
}

#[test]
fn a_line_a_seat_may_not_send_is_refused_with_its_reason() {
    use kriegspiel::seat::{FromSeat, LineError};
    let refused = |line: &str| FromSeat::parse(line, Color::White).expect_err(line);
    assert!(matches!(refused("{"), LineError::NotJson(_)));
    assert!(matches!(refused(r#"{"move":"e2e4"}"#), LineError::NoOp));
    assert!(matches!(refused(r#"{"op":"draw"}"#), LineError::DrawAlone));
    let resign = refused(r#"{"op":"resign","color":"black"}"#);
    assert!(matches!(&resign, LineError::NotOwn(op) if op == "resign"));
    assert_eq!(resign.to_string(), "a seat may \"resign\" only for itself");
    let timeout = refused(r#"{"op":"timeout"}"#);
    assert_eq!(
        timeout.to_string(),
        "\"timeout\" is the table's, not a seat's"
    );
    let offer = refused(r#"{"op":"offer_draw","now":true}"#);
    assert_eq!(offer.to_string(), "\"offer_draw\" takes no fields");
    let bad = refused(r#"{"op":"try","move":7}"#);
    assert!(matches!(&bad, LineError::Fields { op, .. } if op == "try"));
    assert!(bad.to_string().starts_with("a bad \"try\": "));
    // A long unknown op is quoted short, with its length.
    let long = format!(r#"{{"op":"{}"}}"#, "x".repeat(100_000));
    let unknown = refused(&long);
    assert!(matches!(unknown, LineError::UnknownOp(_)));
    let message = unknown.to_string();
    assert!(message.len() < 400, "{message}");
    assert!(message.contains("…' (100,000 characters)"), "{message}");
    // So is a long bad field, whose parser's message quotes it.
    let long = format!(r#"{{"op":"try","move":{{"{}":1}}}}"#, "y".repeat(100_000));
    let message = refused(&long).to_string();
    assert!(message.len() < 400, "{message}");
    assert_eq!(
        FromSeat::parse(r#"{"op":"resign"}"#, Color::Black).ok(),
        Some(FromSeat::Request(Request::Resign(Color::Black)))
    );
}

#[test]
fn a_clock_is_minutes_plus_seconds_and_anything_else_is_bad_input() {
    use kriegspiel::seat::serve::{TimeControlError, parse_time_control};
    let clock = parse_time_control("5+3").expect("a clock");
    assert_eq!((clock.base_ms, clock.increment_ms), (300_000, 3_000));
    assert_eq!(
        parse_time_control("soon"),
        Err(TimeControlError::NotTimeControl("soon".into()))
    );
    let slow = parse_time_control("601+0");
    assert_eq!(slow, Err(TimeControlError::OutOfRange("601+0".into())));
    assert!(slow.is_err_and(|e| e.to_string().contains("at most 600")));
}
