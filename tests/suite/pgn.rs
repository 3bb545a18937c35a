//! Every PGN the program exports is standard PGN that another program reads: the referee's and
//! both players', for every sample game in `saves/` and self-play games of every preset (the
//! handicaps, Crazyhouse Kriegspiel and RBC included), read by the `pgn-reader` crate with
//! zero errors, the right number of moves and no null moves.
//!
//! With `KRIEGSPIEL_PGN_OUT=<folder>` the files are also written there, for other readers
//! (`tests/tools/check_pgn.py <folder>` reads them with python-chess).

use kriegspiel::Preset;
use kriegspiel::pgn::{player_pgn, referee_pgn};
use kriegspiel::replay::record::{Notation, seat_record};
use kriegspiel::replay::true_moves;
use kriegspiel::save::{SavedGame, load_file};
use kriegspiel::selfplay::random_game;
use kriegspiel::view::PlayerView;
use pgn_reader::{RawComment, RawTag, Reader, SanPlus, Visitor};
use shakmaty::san::San;
use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{CastlingMode, Color, Position};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

/// What a reader made of one game.
#[derive(Debug, Default)]
struct Read {
    /// Moves read and played on the reader's board.
    moves: usize,
    /// Null moves read.
    nulls: usize,
    /// Comments.
    comments: usize,
    /// Annotation glyphs (a `??` is read as one).
    nags: usize,
    /// The game termination.
    outcome: Option<String>,
    /// The `Result` tag.
    result: Option<String>,
    /// The reader's board at the end.
    board: Option<shakmaty::Board>,
}

/// The tags a reader needs to set up its board.
#[derive(Default)]
struct Tags {
    variant: Option<String>,
    fen: Option<String>,
    result: Option<String>,
}

/// A PGN reader's visitor that plays every move on a board of the game's variant.
struct Player;

impl Visitor for Player {
    type Tags = Tags;
    type Movetext = (Read, Option<VariantPosition>);
    type Output = Result<Read, String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Tags::default())
    }

    fn tag(
        &mut self,
        tags: &mut Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        let text = String::from_utf8_lossy(value.as_bytes()).into_owned();
        match name {
            b"Variant" => tags.variant = Some(text),
            b"FEN" => tags.fen = Some(text),
            b"Result" => tags.result = Some(text),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let variant = match tags.variant.as_deref() {
            None => Variant::Chess,
            Some("Crazyhouse") => Variant::Crazyhouse,
            Some(other) => return ControlFlow::Break(Err(format!("variant {other}"))),
        };
        let setup = match &tags.fen {
            Some(fen) => match shakmaty::fen::Fen::from_ascii(fen.as_bytes()) {
                Ok(f) => f.into_setup(),
                Err(e) => return ControlFlow::Break(Err(format!("FEN {fen}: {e}"))),
            },
            None => VariantPosition::new(variant).to_setup(shakmaty::EnPassantMode::Legal),
        };
        let pos = match VariantPosition::from_setup(variant, setup, CastlingMode::Standard) {
            Ok(pos) => pos,
            Err(e) => return ControlFlow::Break(Err(format!("position: {e}"))),
        };
        let read = Read {
            result: tags.result,
            ..Read::default()
        };
        ControlFlow::Continue((read, Some(pos)))
    }

    fn san(&mut self, (read, pos): &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        if san.san == San::Null {
            read.nulls += 1;
            return ControlFlow::Continue(());
        }
        let Some(p) = pos.as_mut() else {
            return ControlFlow::Break(Err("no board".into()));
        };
        match san.san.to_move(p) {
            Ok(m) => {
                p.play_unchecked(m);
                read.moves += 1;
                ControlFlow::Continue(())
            }
            Err(e) => ControlFlow::Break(Err(format!("move {} ({san}): {e}", read.moves + 1))),
        }
    }

    fn nag(
        &mut self,
        (read, _): &mut Self::Movetext,
        _: pgn_reader::Nag,
    ) -> ControlFlow<Self::Output> {
        read.nags += 1;
        ControlFlow::Continue(())
    }

    fn partial_comment(
        &mut self,
        _: &mut Self::Movetext,
        _: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        (read, _): &mut Self::Movetext,
        _: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        read.comments += 1;
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        (read, _): &mut Self::Movetext,
        outcome: pgn_reader::Outcome,
    ) -> ControlFlow<Self::Output> {
        read.outcome = Some(outcome.to_string());
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, (mut read, pos): Self::Movetext) -> Self::Output {
        read.board = pos.map(|p| p.board().clone());
        Ok(read)
    }
}

/// Reads the one game of `text` with pgn-reader, playing its moves.
fn read(text: &str) -> Result<Read, String> {
    let mut reader = Reader::new(std::io::Cursor::new(text.as_bytes()));
    let game = reader
        .read_game(&mut Player)
        .map_err(|e| format!("unreadable: {e}"))?
        .ok_or("no game")??;
    match reader.read_game(&mut Player) {
        Ok(None) => Ok(game),
        _ => Err("more than one game".into()),
    }
}

/// The movetext outside the comments holds only move numbers, moves and the result: nothing a
/// reader would skip or take for something else (pgn-reader skips a token it cannot read).
fn only_standard_tokens(text: &str) -> Result<(), String> {
    let movetext = text.split_once("\n\n").map_or("", |(_, m)| m);
    let mut outside = String::new();
    let mut depth = 0;
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => outside.push(c),
            _ => outside.push(' '),
        }
    }
    for token in outside.split_whitespace() {
        let number = token.trim_end_matches('.');
        let ok = (token.ends_with('.') && number.chars().all(|c| c.is_ascii_digit()))
            || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token)
            || SanPlus::from_ascii(token.as_bytes()).is_ok_and(|s| s.san != San::Null);
        if !ok {
            return Err(format!("token {token:?}"));
        }
    }
    Ok(())
}

/// The games checked: every sample, and two self-play games of every preset.
fn games() -> Vec<(String, SavedGame)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("saves/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    let mut out: Vec<(String, SavedGame)> = files
        .iter()
        .map(|f| {
            let name = f
                .file_stem()
                .map_or(String::new(), |s| s.to_string_lossy().into_owned());
            (name, load_file(f).expect("a sample loads").saved)
        })
        .collect();
    for preset in Preset::ALL {
        for seed in 0..2 {
            out.push((
                format!("selfplay-{}-{seed}", preset.id()),
                random_game(preset.rules(), seed, 60),
            ));
        }
    }
    out.push(("hostile-names".to_owned(), hostile()));
    out
}

/// Names with a quote, a backslash, a line break that starts a tag of its own, an escape
/// sequence, NUL and a direction override, as a save built in memory may hold them.
const HOSTILE_WHITE: &str = "Ann \"The Rook\" \\ Lee\n[Black \"Mallory\"]";
const HOSTILE_BLACK: &str = "\u{1b}[31mEve\u{0}\u{202E}Bob";

fn hostile() -> SavedGame {
    let mut saved = random_game(Preset::Berkeley.rules(), 7, 60);
    saved.meta.white = HOSTILE_WHITE.to_owned();
    saved.meta.black = HOSTILE_BLACK.to_owned();
    saved.meta.event = "Club\r\n%night \\".to_owned();
    saved.meta.referee = "x".repeat(500);
    saved.meta.note = "line one\nline \"two\" }\t\u{7}".to_owned();
    saved
        .comments
        .insert(2, "a } comment\n%with \u{1b}[2J escapes".to_owned());
    saved
}

/// The tags of the one game of `text`, decoded as a reader decodes them.
struct TagList;

impl Visitor for TagList {
    type Tags = Vec<(String, String)>;
    type Movetext = Vec<(String, String)>;
    type Output = Vec<(String, String)>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        let name = String::from_utf8_lossy(name).into_owned();
        tags.push((name, value.decode_utf8_lossy().into_owned()));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(tags)
    }

    fn end_game(&mut self, tags: Self::Movetext) -> Self::Output {
        tags
    }
}

#[test]
fn hostile_names_are_cleaned_and_escaped_and_read_back() {
    let saved = hostile();
    for (who, text) in [
        ("referee", referee_pgn(&saved)),
        ("white", player_pgn(&saved, Color::White)),
        ("black", player_pgn(&saved, Color::Black)),
    ] {
        let mut reader = Reader::new(std::io::Cursor::new(text.as_bytes()));
        let tags = reader
            .read_game(&mut TagList)
            .expect("readable")
            .expect("one game");
        let value = |name: &str| -> Vec<&str> {
            tags.iter()
                .filter(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
                .collect()
        };
        assert_eq!(
            value("White"),
            ["Ann \"The Rook\" \\ Lee [Black \"Mallory\"]"],
            "{who}: {text}"
        );
        assert_eq!(value("Black"), ["[31mEve Bob"], "{who}: {text}");
        assert_eq!(value("Event"), ["Club %night \\"], "{who}");
        assert_eq!(value("Referee"), ["x".repeat(40).as_str()], "{who}");
        assert_eq!(
            value("KriegspielNote"),
            ["line one line \"two\" }"],
            "{who}"
        );
        assert_eq!(value("Result"), [value("Result")[0]], "{who}");
        // Nothing unsafe anywhere in the file, and every tag on a line of its own.
        assert!(
            !text
                .chars()
                .any(|c| c != '\n' && kriegspiel::untrusted::is_unsafe(c)),
            "{who}: {text:?}"
        );
        let (head, _) = text.split_once("\n\n").expect("tags, then movetext");
        assert!(
            head.lines()
                .all(|l| l.starts_with('[') && l.ends_with("\"]")),
            "{who}: {head}"
        );
        assert!(reader.read_game(&mut TagList).expect("readable").is_none());
    }
}

/// Writes `text` as `name`.pgn where `KRIEGSPIEL_PGN_OUT` says, if it does.
fn keep(name: &str, text: &str) {
    if let Some(dir) = std::env::var_os("KRIEGSPIEL_PGN_OUT") {
        let dir = PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("the output folder");
        std::fs::write(dir.join(format!("{name}.pgn")), text).expect("written");
    }
}

/// The studier's comments a PGN writes (the blank ones and those past the end are left out).
fn studier_comments(saved: &SavedGame) -> usize {
    saved
        .comments
        .range(..=saved.log.events.len())
        .filter(|(_, text)| !text.trim().is_empty())
        .count()
}

#[test]
fn the_referees_pgn_plays_every_real_move_in_a_reader() {
    let mut checked = 0;
    for (name, saved) in games() {
        let text = referee_pgn(&saved);
        keep(&format!("{name}-referee"), &text);
        only_standard_tokens(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        let got = read(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!((got.nulls, got.nags), (0, 0), "{name}");
        assert_eq!(got.outcome, got.result, "{name}");
        let real = true_moves(&saved.log).len();
        if saved.log.rules.variant().answers_attempts() {
            // Every real move, up to the referee's final position.
            assert_eq!(got.moves, real, "{name}");
            let truth = saved.log.replay().expect("the log replays");
            assert_eq!(
                got.board.as_ref(),
                Some(truth.referee().true_board()),
                "{name}"
            );
        } else {
            // RBC: a transcript, every move in the comment of its turn.
            assert_eq!(got.moves, 0, "{name}");
            assert!(got.comments >= real, "{name}");
        }
        checked += 1;
    }
    let samples = kriegspiel::places::samples().len();
    assert!(checked >= samples + 2 * Preset::ALL.len(), "{checked}");
}

#[test]
fn a_players_pgn_is_a_transcript_every_reader_loads() {
    for (name, saved) in games() {
        for color in Color::ALL {
            let text = player_pgn(&saved, color);
            let seat = color.fold_wb("white", "black");
            keep(&format!("{name}-{seat}"), &text);
            only_standard_tokens(&text).unwrap_or_else(|e| panic!("{name} {seat}: {e}\n{text}"));
            let got = read(&text).unwrap_or_else(|e| panic!("{name} {seat}: {e}\n{text}"));
            // No move tokens, no null moves, no `??` read as an annotation.
            assert_eq!((got.moves, got.nulls, got.nags), (0, 0, 0), "{name} {seat}");
            assert_eq!(got.outcome, got.result, "{name} {seat}");
            // One comment per turn of the player's record, and the studier's.
            let view = PlayerView::build(&saved.log, color);
            let record = seat_record(&view, Notation::San);
            assert_eq!(
                got.comments,
                record.len() + studier_comments(&saved),
                "{name} {seat}"
            );
            // Its own moves and attempts in SAN from its own board.
            for h in view.turns.iter().flat_map(|t| t.heard.iter()) {
                if let Some(w) = &h.written {
                    assert!(text.contains(&w.san), "{name} {seat}: {} in\n{text}", w.san);
                }
            }
        }
    }
}

#[test]
fn a_players_pgn_writes_its_own_moves_in_san_and_the_opponents_as_unknown() {
    let mut game = kriegspiel::Game::standard(Preset::Berkeley.rules());
    // A refused pawn capture first.
    for uci in ["e2d3", "g1f3", "e7e5", "f3e5"] {
        let a = kriegspiel::Attempt::parse(uci).expect("uci");
        game.apply(kriegspiel::Request::Try(a)).expect("answered");
    }
    let saved = SavedGame::of(&game, kriegspiel::save::Meta::default(), None);
    let white = player_pgn(&saved, Color::White);
    let flat = white.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("{1. White (you): exd3: No. | Nf3: Yes.}"),
        "{white}"
    );
    assert!(flat.contains("{1... Black: Black moved.}"), "{white}");
    assert!(
        flat.contains("{2. White (you): Nxe5: Yes. Capture at e5.}"),
        "{white}"
    );
    assert!(
        !flat.contains("e7e5") && !flat.contains(" e5: Yes"),
        "{white}"
    );
    let black = player_pgn(&saved, Color::Black);
    let flat = black.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("{1... Black (you): e5: Yes.}"), "{black}");
    assert!(!flat.contains("Nf3") && !flat.contains("Nxe5"), "{black}");
    // The referee's PGN writes the refused attempt in SAN too.
    let referee = referee_pgn(&saved);
    let flat = referee.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("1. Nf3 {exd3: No. Yes."), "{referee}");
}
