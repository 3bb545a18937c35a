//! The headless referee protocol (`kriegspiel referee`, see `PROTOCOL.md`): one JSON object per
//! line in, exactly one JSON object per line out.
//!
//! A [`Session`] holds the current game and turns each request line into a response line. Bad
//! input of any kind gets `{"ok":false,"error":"..."}` and leaves the game unchanged.

use crate::announce::{EndReason, GameResult, Item, ItemRepr, Over};
use crate::games::ProtocolGame;
use crate::log::Game;
use crate::referee::RequestRepr;
use crate::rules::{Preset, RuleSet, RulesError, UnknownPreset};
use crate::save::{Meta, Mode, SavedGame};
use crate::session::GameSession;
use serde_json::{Map, Value};
use shakmaty::{Color, Setup};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

mod paths;
mod run;

pub use paths::{OutsideSaves, PathError, Paths};
pub use run::{MAX_LINE, run, skip_line};

/// One protocol session: the current game, if any, at a local table ([`GameSession`], the same
/// table the app plays at: one save and autosave path for both).
#[derive(Default)]
pub struct Session {
    table: Option<GameSession>,
    /// The game of another game in play, if that is the game (then `table` is `None`).
    other: Option<ProtocolGame>,
    /// Where to write the game after every accepted request.
    autosave: Option<PathBuf>,
    /// Where `save` and `load` may go.
    paths: Paths,
}

/// The fields each op may have (besides `op`): anything else is refused with its name.
const FIELDS: [(&str, &[&str]); 14] = [
    ("place", &["king", "queen"]),
    ("new", &["rules", "fen", "sfen"]),
    ("bot", &["name"]),
    ("load", &["path"]),
    ("save", &["path"]),
    ("state", &[]),
    ("try", &["move"]),
    ("move", &["move"]),
    ("any", &[]),
    ("pass", &[]),
    ("resign", &[]),
    ("draw", &[]),
    ("sense", &["square"]),
    ("open", &["squares"]),
];

/// The ops that are requests to the referee (read by [`RequestRepr`]).
const REQUEST_OPS: [&str; 8] = [
    "try", "move", "any", "pass", "resign", "draw", "sense", "open",
];

/// A line that is a well-formed referee request, read without building a JSON tree.
fn quick_request(line: &str) -> Option<RequestRepr> {
    #[derive(serde::Deserialize)]
    struct Op<'a> {
        #[serde(borrow)]
        op: Option<std::borrow::Cow<'a, str>>,
    }
    let op = serde_json::from_str::<Op>(line).ok()?.op?;
    if !REQUEST_OPS.contains(&op.as_ref()) {
        return None;
    }
    serde_json::from_str(line).ok()
}

/// At most this many characters of the input are quoted back in an error.
const QUOTE: usize = 80;

/// Input for an error message, in quotes: at most [`QUOTE`] characters, marked when cut.
fn quote(text: &str) -> String {
    crate::untrusted::quoted_to(text, QUOTE)
}

/// A request that gets `ok:false`, with its one-sentence reason (a game's own requests, e.g.
/// [`ProtocolGame`]'s, answer with it too).
pub(crate) struct Bad(pub(crate) String);

impl<E: std::fmt::Display> From<E> for Bad {
    fn from(e: E) -> Bad {
        Bad(e.to_string())
    }
}

pub(crate) fn bad<T>(text: impl Into<String>) -> Result<T, Bad> {
    Err(Bad(text.into()))
}

/// Why the `rules` field of a `new` request names no rule set ([`rules_from_json`]).
#[derive(Debug, thiserror::Error)]
pub enum RulesJsonError {
    /// Not a preset's id.
    #[error(transparent)]
    Preset(#[from] UnknownPreset),
    /// An object without the preset it changes.
    #[error("a rules object needs a \"preset\" field naming the preset it changes")]
    NoPreset,
    /// A field that is no rule flag.
    #[error("{} is not a rule flag", quote(.0))]
    UnknownFlag(String),
    /// A flag with a value it cannot take.
    #[error("bad rule flag: {}", crate::untrusted::shortened_to(&.0.to_string(), QUOTE))]
    BadFlag(#[source] serde_json::Error),
    /// Flags that do not go together.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Neither a name nor an object.
    #[error("\"rules\" must be a preset name or an object with a \"preset\" field")]
    NotRules,
    /// The preset's flags did not turn into a JSON object (a defect, never bad input).
    #[error("internal error: rule flags are not an object")]
    Internal,
}

/// Resolves the `rules` field of a `new` request: a preset id, or `{"preset": id, ...overrides}`.
pub fn rules_from_json(value: &Value) -> Result<RuleSet, RulesJsonError> {
    match value {
        Value::String(id) => Ok(id.parse::<Preset>()?.rules()),
        Value::Object(fields) => {
            let Some(Value::String(id)) = fields.get("preset") else {
                return Err(RulesJsonError::NoPreset);
            };
            let preset: Preset = id.parse()?;
            let Ok(Value::Object(mut merged)) = serde_json::to_value(preset.rules()) else {
                return Err(RulesJsonError::Internal);
            };
            for (k, v) in fields.iter().filter(|(k, _)| k.as_str() != "preset") {
                if !merged.contains_key(k) {
                    return Err(RulesJsonError::UnknownFlag(k.clone()));
                }
                merged.insert(k.clone(), v.clone());
            }
            let mut rules: RuleSet =
                serde_json::from_value(Value::Object(merged)).map_err(RulesJsonError::BadFlag)?;
            // Secret "Any?" is the pawn information (PROTOCOL.md): a preset's own pawn
            // information gives way to it, unless the request names one too.
            if rules.any == crate::rules::AnyRule::Secret && !fields.contains_key("pawn_info") {
                rules.pawn_info = crate::rules::PawnInfo::None;
            }
            rules.check()?;
            Ok(rules)
        }
        _ => Err(RulesJsonError::NotRules),
    }
}

fn color_name(c: Color) -> &'static str {
    c.fold_wb("white", "black")
}

/// Writes one announcement item as the protocol's JSON object (through the items' one serde
/// definition, [`ItemRepr`]).
pub fn write_item(out: &mut String, item: &Item) {
    write_json(out, &ItemRepr::for_referee_protocol(*item));
}

/// Appends `value` as JSON to `out`, without an intermediate string.
fn write_json(out: &mut String, value: &impl serde::Serialize) {
    let mark = out.len();
    if serde_json::to_writer(StringWriter(out), value).is_err() {
        out.truncate(mark);
        out.push_str("null");
    }
}

/// `io::Write` into a `String` (serde_json writes whole UTF-8 pieces).
struct StringWriter<'a>(&'a mut String);

impl std::io::Write for StringWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = std::str::from_utf8(buf).map_err(std::io::Error::other)?;
        self.0.push_str(text);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn write_over(out: &mut String, over: Option<Over>) {
    match over {
        None => out.push_str("null"),
        Some(o) => {
            let result = match o.result {
                GameResult::WhiteWins => "1-0",
                GameResult::BlackWins => "0-1",
                GameResult::Draw => "1/2-1/2",
            };
            let reason: &str = EndReason::id(o.reason);
            let _ = write!(out, "{{\"result\":\"{result}\",\"reason\":\"{reason}\"}}");
        }
    }
}

fn json_string(out: &mut String, text: &str) {
    write_json(out, &text);
}

impl Session {
    /// A session with no game yet.
    pub fn new() -> Session {
        Session::default()
    }

    /// A session that writes the game to `path` after every accepted request, before answering
    /// it (see [`GameSession`]'s autosave: a snapshot and a journal of the newest events).
    pub fn with_autosave(path: PathBuf) -> Session {
        Session {
            autosave: Some(path),
            ..Session::default()
        }
    }

    /// A session whose `save` and `load` may go only where `paths` allows.
    pub fn with_paths(mut self, paths: Paths) -> Session {
        self.paths = paths;
        self
    }

    /// The current game as a save.
    pub fn saved(&self) -> Option<SavedGame> {
        self.table.as_ref().map(GameSession::saved)
    }

    /// Tells the truth about the autosave: when it failed, the answer (already in `out`) gets
    /// `"saved":false` and the reason; the game stays in memory and goes on.
    fn report_autosave(&self, out: &mut String) {
        let Some(error) = self
            .table
            .as_ref()
            .and_then(|t| t.autosave_error.as_deref())
        else {
            return;
        };
        if out.ends_with('}') {
            out.pop();
            out.push_str(",\"saved\":false,\"save_error\":");
            json_string(out, error);
            out.push('}');
        }
    }

    /// The current game, if any.
    pub fn game(&self) -> Option<&Game> {
        self.table.as_ref().map(GameSession::game)
    }

    /// Answers one request line (without its newline), appending exactly one JSON object (without
    /// a newline) to `out`.
    pub fn handle_line(&mut self, line: &str, out: &mut String) {
        if let Err(Bad(reason)) = self.handle(line, out) {
            out.clear();
            out.push_str("{\"ok\":false,\"error\":");
            // A message names what was wrong; it never echoes a long input back.
            let reason: String = reason.chars().take(4 * QUOTE).collect();
            json_string(out, &reason);
            out.push('}');
        }
    }

    fn handle(&mut self, line: &str, out: &mut String) -> Result<(), Bad> {
        // The common case, read in one typed pass: a well-formed request of the game in play.
        // Anything else (and every mistake) takes the general path below, which explains it.
        if let Some(repr) = quick_request(line)
            && self.table.is_some()
        {
            return self.play(repr, out);
        }
        let value: Value = match serde_json::from_str(line) {
            Ok(v) => v,
            Err(e) => return bad(format!("the line is not JSON ({e})")),
        };
        let Value::Object(req) = value else {
            return bad(
                "each request must be a JSON object like {\"op\":\"new\",\"rules\":\"berkeley\"}",
            );
        };
        let Some(Value::String(op)) = req.get("op") else {
            return bad("the request needs an \"op\" string");
        };
        let Some((_, fields)) = FIELDS.iter().find(|(name, _)| name == op) else {
            return bad(format!(
                "unknown op {} (expected new, try, any, sense, move, pass, open, place, bot, resign, draw, state, save or load)",
                quote(op)
            ));
        };
        if let Some(key) = req
            .keys()
            .find(|k| *k != "op" && !fields.contains(&k.as_str()))
        {
            return bad(format!(
                "unknown field {} in a \"{op}\" request (it may have: {})",
                quote(key),
                if fields.is_empty() {
                    "nothing but \"op\"".to_owned()
                } else {
                    fields.join(", ")
                }
            ));
        }
        if op == "new" {
            if let Some(game) = ProtocolGame::start(&req, out) {
                self.other = Some(game?);
                self.table = None;
                return Ok(());
            }
            if let Some(why) = ProtocolGame::not_for_chess(op, &req) {
                return bad(why);
            }
            self.new_game(&req, out)?;
            self.other = None;
            self.report_autosave(out);
            return Ok(());
        }
        if op == "load" {
            let path = self.paths.resolve(path_field(&req)?)?;
            if let Some(game) = ProtocolGame::load(&path, out)? {
                self.other = Some(game);
                self.table = None;
                return Ok(());
            }
            let loaded = crate::save::load_file(&path)?;
            let mut table = GameSession::from_loaded(loaded, self.autosave.clone());
            table.save_now();
            write_response(out, table.game(), &[]);
            self.table = Some(table);
            self.other = None;
            self.report_autosave(out);
            return Ok(());
        }
        if let Some(game) = self.other.as_mut() {
            if op == "save" {
                return Ok(game.save(&self.paths.resolve(path_field(&req)?)?, out)?);
            }
            return Ok(game.handle(op, &req, out)?);
        }
        if let Some(why) = ProtocolGame::not_for_chess(op, &req) {
            return bad(why);
        }
        let Some(table) = self.table.as_mut() else {
            return bad(
                "there is no game yet: start one with {\"op\":\"new\",\"rules\":\"berkeley\"}",
            );
        };
        match op.as_str() {
            "state" => {
                write_response(out, table.game(), &[]);
                return Ok(());
            }
            "save" => {
                let path = self.paths.resolve(path_field(&req)?)?;
                table
                    .save_to(&path)
                    .map_err(|e| Bad(format!("cannot write {}: {e}", path.display())))?;
                write_response(out, table.game(), &[]);
                return Ok(());
            }
            _ => {}
        }
        let op = op.clone();
        let repr: RequestRepr = serde_json::from_value(Value::Object(req)).map_err(|e| {
            let why = crate::untrusted::shortened_to(&e.to_string(), QUOTE);
            Bad(format!("bad \"{op}\" request: {why}"))
        })?;
        self.play(repr, out)
    }

    /// Applies a request of the game in play and writes the answer.
    fn play(&mut self, repr: RequestRepr, out: &mut String) -> Result<(), Bad> {
        let Some(table) = self.table.as_mut() else {
            return bad(
                "there is no game yet: start one with {\"op\":\"new\",\"rules\":\"berkeley\"}",
            );
        };
        let request = repr.into_request(table.to_move(), table.rules().variant().seeing_side());
        // The protocol has no clock: every request is made at time zero.
        let event = table.apply(request, Duration::ZERO)?;
        write_response(out, table.game(), &event.said);
        self.report_autosave(out);
        Ok(())
    }

    fn new_game(&mut self, req: &Map<String, Value>, out: &mut String) -> Result<(), Bad> {
        let Some(rules) = req.get("rules") else {
            return bad("\"new\" needs a \"rules\" field (a preset name like \"wild16\")");
        };
        let rules = rules_from_json(rules)?;
        let handicapped = crate::variant::Variant::fixed_start(&rules);
        if handicapped.is_some() && !matches!(req.get("fen"), None | Some(Value::Null)) {
            return bad("a handicap game starts from its handicap army: leave out \"fen\"");
        }
        let start = match req.get("fen") {
            None | Some(Value::Null) => handicapped.unwrap_or_else(Setup::initial),
            Some(Value::String(fen)) => crate::setup::parse_fen(fen)
                .ok_or_else(|| crate::referee::NewGameError::Fen(fen.clone()))?,
            Some(_) => return bad("\"fen\" must be a string"),
        };
        let meta = Meta {
            date: crate::save::today(),
            mode: Mode::Protocol,
            ..Meta::default()
        };
        let table = GameSession::new(rules, start, meta, None, self.autosave.clone())?;
        write_response(out, table.game(), &table.game().log().opening);
        self.table = Some(table);
        Ok(())
    }
}

fn path_field(req: &Map<String, Value>) -> Result<&str, Bad> {
    match req.get("path") {
        Some(Value::String(p)) if !p.is_empty() => Ok(p),
        _ => bad("the request needs a \"path\" string naming the save file"),
    }
}

fn write_response(out: &mut String, game: &Game, said: &[crate::announce::Said]) {
    out.clear();
    out.push_str("{\"ok\":true,\"heard\":{");
    for (ci, color) in [Color::White, Color::Black].into_iter().enumerate() {
        if ci > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{}\":[", color_name(color));
        let mut first = true;
        for s in said.iter().filter(|s| s.to.includes(color)) {
            if !first {
                out.push(',');
            }
            first = false;
            write_item(out, &s.item);
        }
        out.push(']');
    }
    out.push_str("},\"fen\":");
    json_string(out, &game.referee().fen());
    let _ = write!(
        out,
        ",\"to_move\":\"{}\",\"over\":",
        color_name(game.referee().to_move())
    );
    write_over(out, game.referee().over());
    if let Some(pockets) = game.referee().pockets() {
        // Crazyhouse Kriegspiel: both pockets, public, as FEN letters.
        let letters = |color: Color| crate::setup::pocket_letters(&pockets, color);
        let _ = write!(
            out,
            ",\"pockets\":{{\"white\":\"{}\",\"black\":\"{}\"}}",
            letters(Color::White),
            letters(Color::Black)
        );
    }
    out.push('}');
}
