//! The app's tsuitate seat across the network ([`RemoteSeat`]), without a window: a request sent
//! and its answer read in a later poll, the seat's view and history from its own lines only (the
//! other seat's move heard, never seen), a second request refused while one waits, a chess
//! table told apart by its welcome ([`connect_any`]), and a table that goes away said in words;
//! the local game and a network seat driven alike through the one `Table<Tsuitate>`; a chess
//! seat and a tsuitate seat going through the one remote table alike.

use kriegspiel::rules::Preset;
use kriegspiel::save::Meta;
use kriegspiel::seat::Hello;
use kriegspiel::seat::link::Connection;
use kriegspiel::seat::remote::{RemoteGame, RemoteTable};
use kriegspiel::seat::serve::{self, HostOptions, Hosted};
use kriegspiel::seat::trouble::ConnectError;
use kriegspiel::table::Table;
use kriegspiel::tsuitate::remote::{RemoteSeat, Seated, connect_any};
use kriegspiel::tsuitate::seam::{Tsuitate, TsuitateSession};
use kriegspiel::tsuitate::table::TsuitateHost;
use kriegspiel::tsuitate::wire::FromSeat;
use kriegspiel::tsuitate::{Request, TsuitateGame, TsuitateNews, TsuitateRules};
use shogi_core::{Color, Square};
use std::time::{Duration, Instant};

fn table() -> Hosted<TsuitateHost> {
    let game = TsuitateGame::new(TsuitateRules::default());
    let host = TsuitateHost::new(game, Meta::default(), None, 5, false);
    serve::serve_table(host, "127.0.0.1", 0).expect("serves")
}

/// A chess table (wild 16) autosaved in `dir`.
fn chess_table(dir: &std::path::Path) -> Hosted {
    serve::start_host(&HostOptions {
        rules: Preset::Wild16.rules(),
        time_control: None,
        bind: "127.0.0.1".into(),
        port: 0,
        autosave: dir.join("chess.ron"),
        resume: None,
    })
    .expect("hosts chess")
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
    let chess = chess_table(dir.path());
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
        history_lines(
            Color::Black,
            game.referee().start(),
            &heard_of(&game, Color::Black)
        )
        .as_slice()
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
        history_lines(
            Color::Black,
            game.referee().start(),
            &heard_of(&game, Color::Black)
        )
        .as_slice()
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

/// Whether `view`'s board holds a piece of `other` (or `other`'s hand holds any).
fn holds_any_of(view: &kriegspiel::tsuitate::SeatView, other: Color) -> bool {
    let on_board = (1..=9).any(|file| {
        (1..=9).any(|rank| {
            view.board
                .piece_at(sq(file, rank))
                .is_some_and(|p| p.color() == other)
        })
    });
    let hand = view.board.hand_of_a_player(other);
    on_board || hand != shogi_core::Hand::new()
}

/// Polls `table` (at most 10 s) until `done` holds for the news gathered so far.
fn news_until(
    table: &mut dyn Table<Tsuitate>,
    never: &str,
    done: impl Fn(&[TsuitateNews]) -> bool,
) -> Vec<TsuitateNews> {
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut all = Vec::new();
    loop {
        all.extend(table.poll(Duration::ZERO));
        if done(&all) {
            return all;
        }
        assert!(Instant::now() < deadline, "{never}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Whether `news` holds `seat`'s answer to its own request (a line of its record with it).
fn answered(news: &[TsuitateNews], seat: Color) -> bool {
    news.iter().any(|n| {
        matches!(n, TsuitateNews::Heard { seat: s, line } if *s == seat && line.request.is_some())
    })
}

/// Sente's turn through the one table trait, whatever the table: an attempt submitted, its
/// answer polled, sente's view then its own pieces only (the pawn moved), nothing of gote's.
fn sente_moves_through_the_table(table: &mut dyn Table<Tsuitate>) {
    assert_eq!(table.facts().to_move, Color::Black);
    table.submit(Request::Try("7g7f".into()), Duration::ZERO);
    let news = news_until(table, "sente's move was never answered", |n| {
        answered(n, Color::Black)
    });
    let line = news.iter().find_map(|n| match n {
        TsuitateNews::Heard {
            seat: Color::Black,
            line,
        } => Some(line),
        _ => None,
    });
    assert!(line.is_some_and(|l| l.turn_ends), "{news:?}");
    let pawn = shogi_core::Piece::new(shogi_core::PieceKind::Pawn, Color::Black);
    let view = table.view(Color::Black);
    assert_eq!(view.board.piece_at(sq(7, 6)), Some(pawn));
    assert!(
        !holds_any_of(view, Color::White),
        "sente's view holds gote's pieces"
    );
    // The public state follows the answer (at once at a local table).
    let deadline = Instant::now() + Duration::from_secs(10);
    while table.facts().to_move != Color::White {
        table.poll(Duration::ZERO);
        assert!(Instant::now() < deadline, "the turn never passed");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn the_local_game_and_a_network_seat_are_one_table_to_a_screen() {
    // The local game: every seat's record is news, each from what that seat was told.
    let game = TsuitateGame::new(TsuitateRules::default());
    let mut local = TsuitateSession::new(game, Meta::default(), None);
    sente_moves_through_the_table(&mut local);
    let gote = local.view(Color::White);
    assert!(
        !holds_any_of(gote, Color::Black),
        "gote's view holds sente's"
    );
    let mut whole = local.view(Color::Black).clone();
    whole.board = local
        .truth()
        .expect("the truth")
        .referee()
        .position()
        .clone();
    assert!(
        holds_any_of(&whole, Color::White),
        "the check sees a whole board"
    );
    // A refusal is news, in words, and changes nothing.
    local.submit(Request::Try("nonsense".into()), Duration::ZERO);
    let news = local.poll(Duration::ZERO);
    assert!(
        matches!(news.as_slice(), [TsuitateNews::Refused(_)]),
        "{news:?}"
    );
    assert_eq!(local.truth().map(|g| g.events().len()), Some(1));

    // A network seat: the same trait, the answer in a later poll; the truth only revealed.
    let hosted = table();
    let code = hosted.server.code();
    let sente = RemoteSeat::connect(&hosted.address, hello(&code, shakmaty::Color::Black))
        .expect("sente is seated");
    let mut gote = Connection::open(&hosted.address, &hello(&code, shakmaty::Color::White))
        .expect("gote connects");
    let mut seat: Box<dyn Table<Tsuitate>> = Box::new(sente);
    let deadline = Instant::now() + Duration::from_secs(10);
    while !seat.facts().opponent_present {
        seat.poll(Duration::ZERO);
        assert!(Instant::now() < deadline, "gote never came");
        std::thread::sleep(Duration::from_millis(5));
    }
    sente_moves_through_the_table(seat.as_mut());
    assert!(seat.truth().is_none(), "no truth before the reveal");
    // Gote moves: sente hears that it moved (a line without a request), never where.
    gote.send(r#"{"op":"try","move":"3c3d"}"#).expect("sends");
    let news = news_until(seat.as_mut(), "gote's move never heard", |n| {
        n.iter().any(|n| {
            matches!(n, TsuitateNews::Heard { line, .. } if line.request.is_none() && line.turn_ends)
        })
    });
    assert!(
        news.iter().all(|n| matches!(
            n,
            TsuitateNews::Heard {
                seat: Color::Black,
                ..
            }
        )),
        "only sente's own record: {news:?}"
    );
    assert!(!holds_any_of(seat.view(Color::Black), Color::White));
    // Resigning ends the game: the truth is the revealed game.
    seat.submit(Request::Resign, Duration::ZERO);
    let deadline = Instant::now() + Duration::from_secs(10);
    while seat.truth().is_none() {
        seat.poll(Duration::ZERO);
        assert!(Instant::now() < deadline, "never revealed");
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(seat.facts().over.is_some());
    assert_eq!(seat.truth().map(|g| g.referee().moves().len()), Some(2));
}

/// Polls `seat` through the screens' table until `done` (at most 10 s), gathering the news.
fn table_until<G: RemoteGame>(
    seat: &mut RemoteTable<G>,
    never: &str,
    done: impl Fn(&RemoteTable<G>) -> bool,
) -> Vec<G::News> {
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut news = Vec::new();
    loop {
        news.extend(Table::poll(seat, Duration::ZERO));
        if done(seat) {
            return news;
        }
        assert!(Instant::now() < deadline, "{never}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The one remote table's part, whatever the game: a second request while the first waits is
/// refused here, not sent; the ticket names the game and the door's slot; a table that goes
/// away is said in words (in the facts too), requests are then refused in those words without
/// being sent, the seat keeps dialling, and it holds no truth (nothing revealed).
fn the_one_remote_table<G: RemoteGame>(
    mut seat: RemoteTable<G>,
    hosted: impl Sized,
    [first, second, third]: [G::Request; 3],
    refusal: impl Fn(&G::News) -> Option<&str>,
    cut_in_facts: impl Fn(&G::Facts) -> Option<&kriegspiel::table::CutOff>,
) {
    assert!(Table::truth(&seat).is_none(), "no truth before the reveal");
    Table::submit(&mut seat, first, Duration::ZERO);
    assert!(seat.waiting());
    Table::submit(&mut seat, second, Duration::ZERO);
    let waits = "the table has not answered the last request";
    assert_eq!(seat.refused(), Some(waits));
    let news = table_until(&mut seat, "never answered", |s| !s.waiting());
    assert!(
        news.iter().any(|n| refusal(n) == Some(waits)),
        "the refusal is news"
    );
    let ticket = seat.ticket().expect("a seated seat has a ticket");
    assert_eq!(ticket.game, G::KIND);
    assert_eq!(ticket.seat, G::slot(seat.color()));
    assert_eq!(seat.cut_off(), None);
    drop(hosted);
    table_until(&mut seat, "the cut never showed", |s| s.cut_off().is_some());
    let words = seat.cut_off().map(|c| c.words.clone()).unwrap_or_default();
    assert!(words.contains("The game is kept on the host"), "{words}");
    assert_eq!(
        cut_in_facts(Table::facts(&seat)).map(|c| &c.words),
        Some(&words)
    );
    assert!(!seat.to_act());
    assert!(seat.needs_polling(), "a seat cut off keeps dialling");
    Table::submit(&mut seat, third, Duration::ZERO);
    assert!(!seat.waiting(), "nothing is sent while cut off");
    assert_eq!(seat.refused(), Some(words.as_str()));
    let news = Table::poll(&mut seat, Duration::ZERO);
    assert!(
        news.iter().any(|n| refusal(n) == Some(words.as_str())),
        "{words}"
    );
    assert!(Table::truth(&seat).is_none());
}

/// One remote table serves both games: a chess seat and a tsuitate seat go through the same
/// code ([`the_one_remote_table`], generic over the game) and behave alike.
#[test]
fn one_remote_table_serves_a_chess_seat_and_a_tsuitate_seat_alike() {
    use kriegspiel::attempt::Attempt;
    use kriegspiel::referee::RequestError;
    use kriegspiel::table::News;
    let dir = tempfile::tempdir().expect("tempdir");
    let chess = chess_table(dir.path());
    let code = chess.server.code();
    let white: RemoteTable =
        RemoteTable::connect(&chess.address, hello(&code, shakmaty::Color::White))
            .expect("white is seated");
    let _black = Connection::open(&chess.address, &hello(&code, shakmaty::Color::Black))
        .expect("black connects");
    let attempt = |uci: &str| kriegspiel::referee::Request::Try(Attempt::parse(uci).expect("uci"));
    the_one_remote_table(
        white,
        chess,
        [attempt("e2e4"), attempt("d2d4"), attempt("d2d4")],
        |news| match news {
            News::Refused {
                error: RequestError::Table(why),
                ..
            } => Some(why.as_str()),
            _ => None,
        },
        |facts| facts.cut_off.as_ref(),
    );

    let shogi = table();
    let code = shogi.server.code();
    let sente = RemoteSeat::connect(&shogi.address, hello(&code, shakmaty::Color::Black))
        .expect("sente is seated");
    let _gote = Connection::open(&shogi.address, &hello(&code, shakmaty::Color::White))
        .expect("gote connects");
    let try_ = |usi: &str| Request::Try(usi.into());
    the_one_remote_table(
        sente,
        shogi,
        [try_("7g7f"), try_("2g2f"), try_("2g2f")],
        |news| match news {
            TsuitateNews::Refused(why) => Some(why.as_str()),
            _ => None,
        },
        |facts| facts.cut_off.as_ref(),
    );
}
