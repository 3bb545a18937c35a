//! The PGN of a chess game (the true game: every move as played), replayed under a Kriegspiel
//! rule set the user picks. Read with pgn-reader; the first game of the file is imported.
//!
//! The fields read: the tags `White`, `Black`, `Date`, `Event`, `Site`, `Round`, `Result`,
//! `Termination`, `FEN` (a start other than the usual one) and `Variant` (only standard chess,
//! or none, is imported), and the moves of the main line in SAN (variations and comments are
//! left out).
//!
//! Each move is read on the PGN's own board (shakmaty), then attempted through our referee: it
//! must be legal there, and the position after it the PGN's (pieces, side to move, castling, en
//! passant). A decisive or drawn `Result` the moves do not reach is recorded as a resignation,
//! a loss on time (`Termination "time forfeit"`) or an agreed draw, and otherwise as adjudicated.
//! PGN holds no refused attempts: the referee's own answers are the only ones in the save.

use super::{Expect, Format, ImportError, Imported, Replayer, damaged};
use crate::referee::Request;
use crate::rules::{Family, RuleSet};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};
use std::ops::ControlFlow;

const FORMAT: Format = Format::Pgn;

/// The first game's tags and main line.
#[derive(Default)]
struct Read {
    tags: Vec<(String, String)>,
    moves: Vec<SanPlus>,
}

impl Read {
    fn tag(&self, name: &str) -> &str {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map_or("", |(_, v)| v.as_str())
    }
}

/// Collects the tags and the main line's moves.
struct Collect;

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = Read;
    type Output = Read;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Read {
            tags,
            moves: Vec::new(),
        })
    }

    fn san(&mut self, read: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        read.moves.push(san_plus);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, read: Self::Movetext) -> Self::Output {
        read
    }
}

/// Imports the first game of a PGN under `rules` (a Kriegspiel rule set).
pub fn import(text: &str, rules: &RuleSet) -> Result<Imported, ImportError> {
    if rules.family != Family::Kriegspiel {
        return Err(ImportError::Rules {
            format: FORMAT,
            name: rules.title(),
        });
    }
    let mut reader = Reader::new(std::io::Cursor::new(text.as_bytes()));
    let read = reader
        .read_game(&mut Collect)
        .map_err(|e| damaged(FORMAT, e.to_string()))?
        .ok_or_else(|| damaged(FORMAT, "it holds no game"))?;
    let variant = read.tag("Variant");
    if !(variant.is_empty() || variant.eq_ignore_ascii_case("standard")) {
        return Err(damaged(
            FORMAT,
            format!(
                "its variant {} is not standard chess",
                crate::untrusted::quoted(variant)
            ),
        ));
    }
    let fen = read.tag("FEN");
    let mut board: Chess = if fen.is_empty() {
        Chess::default()
    } else {
        Fen::from_ascii(fen.as_bytes())
            .ok()
            .and_then(|f| f.into_position(CastlingMode::Standard).ok())
            .ok_or_else(|| {
                damaged(
                    FORMAT,
                    format!(
                        "its FEN tag {} is not a position",
                        crate::untrusted::quoted(fen)
                    ),
                )
            })?
    };
    let start = Fen::from_position(&board, EnPassantMode::Legal).to_string();
    let mut r = Replayer::from_fen(FORMAT, rules.clone(), &start)?;
    for (k, san) in read.moves.iter().enumerate() {
        let number = board.fullmoves().get();
        let at = format!("{number}{} {san}", board.turn().fold_wb(".", "..."));
        let m = san.san.to_move(&board).map_err(|_| {
            damaged(
                FORMAT,
                format!("move {} ({at}) is not legal in the game", k + 1),
            )
        })?;
        let uci = m.to_uci(CastlingMode::Standard).to_string();
        board.play_unchecked(m);
        r.apply(
            &at,
            Request::Try(super::attempt(FORMAT, &uci)?),
            Expect::Played,
        )?;
        let fen = Fen::from_position(&board, EnPassantMode::Legal).to_string();
        r.check_fen(&at, &fen, true)?;
    }
    finish(&mut r, &read)?;
    let meta = {
        let mut m = super::meta(
            FORMAT,
            read.tag("White"),
            read.tag("Black"),
            &read.tag("Date").replace('.', "-").replace('?', ""),
            &format!("rules {}", rules.title()),
        );
        m.event = read.tag("Event").replace('?', "");
        m.site = read.tag("Site").replace('?', "");
        m.round = read.tag("Round").replace('?', "");
        m
    };
    Ok(r.finish_save(meta))
}

/// The PGN's result, when the moves do not give it.
fn finish(r: &mut Replayer, read: &Read) -> Result<(), ImportError> {
    let winner = match read.tag("Result") {
        "1-0" => Some(Color::White),
        "0-1" => Some(Color::Black),
        "1/2-1/2" => None,
        _ => return Ok(()),
    };
    let reason = match (read.tag("Termination"), winner) {
        ("", Some(_)) => "resignation (the PGN's result)".to_owned(),
        ("", None) => "agreed (the PGN's result)".to_owned(),
        (t, _) if t.eq_ignore_ascii_case("normal") && winner.is_some() => {
            "resignation (the PGN's result)".to_owned()
        }
        (t, _) if t.eq_ignore_ascii_case("normal") => "agreed (the PGN's result)".to_owned(),
        (t, _) => t.to_owned(),
    };
    r.finish(winner, &reason)
}
