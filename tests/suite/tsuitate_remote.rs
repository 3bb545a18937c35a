//! The app's tsuitate seat across the network ([`RemoteSeat`]), without a window: a request sent
//! and its answer read in a later poll, the seat's view and history from its own lines only (the
//! other seat's move heard, never seen), a second request refused while one waits, a chess
//! table told apart by its welcome ([`connect_any`]), and a table that goes away said in words.

use kriegspiel::rules::Preset;
use kriegspiel::save::Meta;
use kriegspiel::seat::Hello;
use kriegspiel::seat::link::Connection;
use kriegspiel::seat::serve::{self, HostOptions, Hosted};
use kriegspiel::seat::trouble::ConnectError;
use kriegspiel::tsuitate::remote::{RemoteSeat, Seated, connect_any};
use kriegspiel::tsuitate::table::TsuitateHost;
use kriegspiel::tsuitate::wire::FromSeat;
use kriegspiel::tsuitate::{TsuitateGame, TsuitateRules};
use shogi_core::{Color, Square};
use std::time::{Duration, Instant};

fn table() -> Hosted<TsuitateHost> {
    let game = TsuitateGame::new(TsuitateRules::default());
    let host = TsuitateHost::new(game, Meta::default(), None, 5, false);
    serve::serve_table(host, "127.0.0.1", 0).expect("serves")
}

fn hello(code: &str, seat: shakmaty::Color) -> Hello {
    let mut hello = Hello::new();
    hello.code = Some(code.to_owned());
    hello.seat = Some(seat);
    hello
}

/// Polls `seat` until `done` (at most 10 s).
fn poll_until(seat: &mut RemoteSeat, never: &str, done: impl Fn(&RemoteSeat) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        seat.poll();
        if done(seat) {
            return;
        }
        assert!(Instant::now() < deadline, "{never}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).expect("square")
}

#[test]
fn a_remote_seat_sends_requests_and_is_told_only_its_own() {
    let hosted = table();
    let code = hosted.server.code();
    // Sente: the remote seat; gote: a plain connection.
    let mut sente = RemoteSeat::connect(&hosted.address, hello(&code, shakmaty::Color::Black))
        .expect("sente is seated");
    assert_eq!(sente.color(), Color::Black);
    let mut gote = Connection::open(&hosted.address, &hello(&code, shakmaty::Color::White))
        .expect("gote connects");
    poll_until(
        &mut sente,
        "gote never came",
        RemoteSeat::opponent_connected,
    );
    assert!(sente.to_act());
    sente.submit(FromSeat::Try("7g7f".into()));
    assert!(sente.waiting());
    // A second request while the first waits is refused here, not sent.
    sente.submit(FromSeat::Try("2g2f".into()));
    assert_eq!(
        sente.refused(),
        Some("the table has not answered the last request")
    );
    poll_until(&mut sente, "never answered", |s| !s.waiting());
    let pawn = shogi_core::Piece::new(shogi_core::PieceKind::Pawn, Color::Black);
    assert_eq!(sente.view().board.piece_at(sq(7, 6)), Some(pawn));
    assert!(!sente.to_act());
    assert_eq!(
        sente.history(),
        vec!["1. You tried 7g7f: Legal.".to_owned()]
    );
    // Gote moves: sente hears that it moved, and nothing of where.
    gote.send(r#"{"op":"try","move":"3c3d"}"#).expect("sends");
    poll_until(&mut sente, "gote's move never heard", RemoteSeat::to_act);
    let history = sente.history();
    assert_eq!(history.last().map(String::as_str), Some("2. Gote moved."));
    assert!(
        history
            .iter()
            .all(|l| !l.contains("3c") && !l.contains("3d"))
    );
    let board = &sente.view().board;
    for file in 1..=9 {
        for rank in 1..=9 {
            let piece = board.piece_at(sq(file, rank));
            assert!(
                piece.is_none_or(|p| p.color() == Color::Black),
                "{file}{rank}"
            );
        }
    }
    let (news, moved) = sente.news();
    assert!(moved);
    assert!(!news.is_empty());
    // An impossible attempt is answered as such, and the seat may try again.
    sente.submit(FromSeat::Try("7f7d".into()));
    poll_until(&mut sente, "never answered", |s| !s.waiting());
    assert!(sente.to_act());
    assert!(
        sente
            .history()
            .last()
            .is_some_and(|l| l.contains("7f7d: Impossible"))
    );
    assert!(sente.revealed().is_none());
    // Resigning ends the game; the table reveals it, and the whole game replays here.
    sente.submit(FromSeat::Resign);
    poll_until(&mut sente, "never revealed", |s| s.revealed().is_some());
    let revealed = sente.revealed().expect("revealed");
    assert_eq!(revealed.referee().moves().len(), 2);
    assert!(sente.over().is_some());
}

#[test]
fn a_chess_table_is_told_apart_and_a_table_that_goes_is_said_in_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    let chess = serve::start_host(&HostOptions {
        rules: Preset::Wild16.rules(),
        time_control: None,
        bind: "127.0.0.1".into(),
        port: 0,
        autosave: dir.path().join("chess.ron"),
        resume: None,
    })
    .expect("hosts chess");
    let code = chess.server.code();
    match connect_any(&chess.address, hello(&code, shakmaty::Color::White)) {
        Ok(Seated::Chess(table)) => assert_eq!(table.color(), shakmaty::Color::White),
        _ => panic!("a chess table is a chess seat"),
    }
    match RemoteSeat::connect(&chess.address, hello(&code, shakmaty::Color::Black)) {
        Err(ConnectError::Protocol(why)) => assert!(why.contains("chess"), "{why}"),
        _ => panic!("a chess table is no tsuitate seat"),
    }
    // A tsuitate table that stops: the seat says so, and refuses requests in those words.
    let hosted = table();
    let code = hosted.server.code();
    let mut seat =
        RemoteSeat::connect(&hosted.address, hello(&code, shakmaty::Color::Black)).expect("seated");
    drop(hosted);
    poll_until(&mut seat, "the cut never showed", |s| s.cut_off().is_some());
    let words = seat.cut_off().map(|c| c.words.clone()).unwrap_or_default();
    assert!(words.contains("The game is kept on the host"), "{words}");
    assert!(!seat.to_act());
    seat.submit(FromSeat::Try("7g7f".into()));
    assert_eq!(seat.refused(), Some(words.as_str()));
}

/// A table whose game already holds thousands of requests: sente and gote each make the most
/// impossible attempts a turn allows (each told to its maker alone) before every move.
fn long_table() -> (Hosted<TsuitateHost>, usize) {
    use kriegspiel::log::MAX_REQUESTS_PER_TURN;
    let mut game = TsuitateGame::new(TsuitateRules::default());
    for (nothing_there, mv) in [("5e5d", "7g7f"), ("5e5f", "3c3d"), ("5e5d", "2g2f")] {
        for _ in 0..MAX_REQUESTS_PER_TURN {
            game.attempt(nothing_there).expect("an impossible attempt");
        }
        game.attempt(mv).expect("a move");
    }
    let events = game.events().len();
    let host = TsuitateHost::new(game, Meta::default(), None, 5, false);
    (
        serve::serve_table(host, "127.0.0.1", 0).expect("serves"),
        events,
    )
}

/// A long record is taken in once: the history, the fouls and the view are kept and extended
/// with each new line, never rebuilt per frame (counted: each record line is taken in once,
/// however often the seat is polled and its history read; the history read is the same one).
#[test]
fn a_long_record_is_taken_in_once_and_extended_line_by_line() {
    use kriegspiel::tsuitate::history::{heard_of, history_lines};
    let (hosted, events) = long_table();
    let code = hosted.server.code();
    let mut sente = RemoteSeat::connect(&hosted.address, hello(&code, shakmaty::Color::Black))
        .expect("sente is seated");
    let held = sente.state().record().len();
    // Sente's 2002 requests and gote's move (gote's impossible attempts told to gote alone).
    assert_eq!(held, events - 1000);
    assert!(held > 2000, "{held}");
    assert_eq!(sente.history_work(), held);
    assert_eq!(sente.state().view_work(), held);
    let game = hosted.server.with_host(|h| h.game().clone());
    assert_eq!(
        sente.history(),
        history_lines(Color::Black, &heard_of(&game, Color::Black)).as_slice()
    );
    let kept = sente.history().as_ptr();
    // Frames: polled and drawn again and again, nothing new.
    for _ in 0..200 {
        sente.poll();
        let _ = (sente.history(), sente.fouls(), sente.view(), sente.news());
    }
    assert_eq!(sente.history_work(), held);
    assert_eq!(sente.state().view_work(), held);
    assert_eq!(
        sente.history().as_ptr(),
        kept,
        "the same history, not a new one"
    );
    // Gote moves: one new line, taken in alone (the view extended, not rebuilt).
    let mut gote = Connection::open(&hosted.address, &hello(&code, shakmaty::Color::White))
        .expect("gote connects");
    gote.send(r#"{"op":"try","move":"8c8d"}"#).expect("sends");
    poll_until(&mut sente, "gote's move never heard", RemoteSeat::to_act);
    assert_eq!(sente.state().record().len(), held + 1);
    assert_eq!(sente.history_work(), held + 1);
    assert_eq!(sente.state().view_work(), held + 1);
    // What was extended is what a rebuild from the whole record gives: the table's own view
    // of sente's seat, and its history.
    let game = hosted.server.with_host(|h| h.game().clone());
    assert_eq!(sente.view(), game.seat(Color::Black));
    assert_eq!(
        sente.history(),
        history_lines(Color::Black, &heard_of(&game, Color::Black)).as_slice()
    );
    assert_eq!(
        sente.history().last().map(String::as_str),
        Some("4. Gote moved.")
    );
}

/// The seat's ticket takes the same seat back after a drop (another run of the app): its
/// colour, its whole record and its history, and it plays on.
#[test]
fn a_tsuitate_seat_is_taken_back_with_its_ticket_and_plays_on() {
    let hosted = table();
    let code = hosted.server.code();
    let mut gote = Connection::open(&hosted.address, &hello(&code, shakmaty::Color::White))
        .expect("gote connects");
    let mut sente = RemoteSeat::connect(&hosted.address, hello(&code, shakmaty::Color::Black))
        .expect("sente is seated");
    sente.submit(FromSeat::Try("7g7f".into()));
    poll_until(&mut sente, "never answered", |s| !s.waiting());
    gote.send(r#"{"op":"try","move":"3c3d"}"#).expect("sends");
    poll_until(&mut sente, "gote's move never heard", RemoteSeat::to_act);
    let ticket = sente.ticket().expect("a joined seat has a ticket");
    assert_eq!(ticket.game, kriegspiel::games::GameKind::Tsuitate);
    assert_eq!(
        ticket.seat,
        shakmaty::Color::Black,
        "sente sits at the door's Black"
    );
    assert_eq!(ticket.address, hosted.address);
    let history = sente.history().to_vec();
    let board = sente.view().board.clone();
    drop(sente);
    // The ticket as the settings keep it, read back.
    let kept = ron::to_string(&ticket).expect("written");
    assert!(kept.contains("tsuitate"), "{kept}");
    let ticket: kriegspiel::seat::remote::Ticket = ron::from_str(&kept).expect("read back");
    let mut again = RemoteSeat::connect(&ticket.address, ticket.hello()).expect("taken back");
    assert_eq!(again.color(), Color::Black);
    assert_eq!(again.token(), Some(ticket.token.as_str()));
    assert_eq!(again.history(), history.as_slice());
    assert_eq!(again.view().board, board);
    assert!(again.to_act());
    again.submit(FromSeat::Try("2g2f".into()));
    poll_until(&mut again, "never answered", |s| !s.waiting());
    assert_eq!(
        again.history().last().map(String::as_str),
        Some("3. You tried 2g2f: Legal.")
    );
    // A ticket from before there were other games reads as chess.
    let old = r#"(address:"127.0.0.1:7716",token:"T",seat:"white")"#;
    let old: kriegspiel::seat::remote::Ticket = ron::from_str(old).expect("an old ticket");
    assert_eq!(old.game, kriegspiel::games::GameKind::Chess);
}
