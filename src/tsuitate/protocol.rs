//! The referee protocol for a tsuitate shogi game (PROTOCOL.md section 10): `new` with
//! `"rules":"tsuitate"` (and an optional `sfen`), `try` with a USI move, `bot`, `resign`, `draw`
//! and `state`, answered in the chess games' shape with `sfen` for `fen` and each side's fouls;
//! `save` writes a tsuitate save ([`crate::tsuitate::save`]), which `load` reads back.

use crate::save::{Meta, Mode};
use crate::tsuitate::announce::color_name;
use crate::tsuitate::game::heard_by;
use crate::tsuitate::save::{TsuitateLoaded, TsuitateSave};
use crate::tsuitate::{Item, Request, Said, TsuitateGame, bots, rules};
use serde_json::{Map, Value, json};
use shogi_core::Color;
use std::fmt::Write as _;
use std::path::Path;

/// Why a request is refused, in words (the protocol answers with it as the error).
pub(crate) struct Refused(pub(crate) String);

impl<E: std::fmt::Display> From<E> for Refused {
    fn from(e: E) -> Refused {
        Refused(e.to_string())
    }
}

/// Refuses a request, saying why.
fn refuse<T>(why: impl Into<String>) -> Result<T, Refused> {
    Err(Refused(why.into()))
}

/// A tsuitate game at the protocol: the umpire and both players' sides of the screen (from which
/// the `bot` request plays).
pub(crate) struct Table {
    game: TsuitateGame,
    meta: Meta,
    /// How many bot requests were answered (each bot's seed).
    bot_calls: u64,
}

impl Table {
    /// Starts a game from a `new` request whose `rules` name tsuitate; writes the answer.
    pub(crate) fn start(req: &Map<String, Value>, out: &mut String) -> Result<Table, Refused> {
        let rules = rules::from_json(req.get("rules").unwrap_or(&Value::Null))?;
        if !matches!(req.get("fen"), None | Some(Value::Null)) {
            return refuse("a tsuitate game starts from \"sfen\", not \"fen\"");
        }
        let game = match req.get("sfen") {
            None | Some(Value::Null) => TsuitateGame::new(rules),
            Some(Value::String(sfen)) => TsuitateGame::from_sfen(rules, sfen)?,
            Some(_) => return refuse("\"sfen\" must be a string"),
        };
        let meta = Meta {
            date: crate::save::today(),
            mode: Mode::Protocol,
            ..Meta::default()
        };
        let table = Table {
            game,
            meta,
            bot_calls: 0,
        };
        table.write(out, table.game.opening(), None);
        Ok(table)
    }

    /// The game of a loaded save; writes the answer (the state).
    pub(crate) fn loaded(loaded: TsuitateLoaded, out: &mut String) -> Table {
        let table = Table {
            game: loaded.game,
            meta: loaded.saved.meta,
            bot_calls: 0,
        };
        table.write(out, &[], None);
        table
    }

    /// Writes the game to `path` as a tsuitate save; writes the answer (the state).
    pub(crate) fn save(&self, path: &Path, out: &mut String) -> Result<(), Refused> {
        TsuitateSave::of(&self.game, self.meta.clone())
            .write(path)
            .map_err(|e| Refused(format!("cannot write {}: {e}", path.display())))?;
        self.write(out, &[], None);
        Ok(())
    }

    /// Answers one request of the game in play.
    pub(crate) fn handle(
        &mut self,
        op: &str,
        req: &Map<String, Value>,
        out: &mut String,
    ) -> Result<(), Refused> {
        match op {
            "state" => {
                self.write(out, &[], None);
                Ok(())
            }
            "try" => {
                let Some(Value::String(usi)) = req.get("move") else {
                    return refuse("\"try\" needs a \"move\" string in USI, like \"7g7f\"");
                };
                let said = self.attempt(usi)?;
                self.write(out, &said, None);
                Ok(())
            }
            "bot" => self.bot(req, out),
            "resign" | "draw" => {
                let request = if op == "resign" {
                    Request::Resign
                } else {
                    Request::Draw
                };
                let said = self.game.apply(request)?.said.clone();
                self.write(out, &said, None);
                Ok(())
            }
            other => refuse(format!(
                "\"{other}\" is not a request of tsuitate shogi (it has try, bot, resign, draw, state, save and load)"
            )),
        }
    }

    /// An attempt by the side to move, passed on to both seats.
    fn attempt(&mut self, usi: &str) -> Result<Vec<Said>, Refused> {
        Ok(self.game.attempt(usi)?.said.clone())
    }

    /// `{"op":"bot","name":"random"}`: the named bot plays one attempt for the side to move, from
    /// that side's seat only.
    fn bot(&mut self, req: &Map<String, Value>, out: &mut String) -> Result<(), Refused> {
        let name = match req.get("name") {
            None | Some(Value::Null) => "heuristic",
            Some(Value::String(name)) => name.as_str(),
            Some(_) => return refuse("\"name\" must be a string: \"random\" or \"heuristic\""),
        };
        let seed = 0x75_1747 ^ self.bot_calls.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let Some(mut bot) = bots::make(name, seed) else {
            return refuse(format!(
                "no tsuitate bot is called {} (there are \"random\" and \"heuristic\")",
                crate::untrusted::quoted_to(name, 40)
            ));
        };
        let referee = self.game.referee();
        if let Some(over) = referee.over() {
            return refuse(format!("the game is over ({})", over.reason.id()));
        }
        let seat = self.game.seat(referee.to_move());
        let Some(usi) = bot.next(seat) else {
            return refuse("the bot has no possible move left this turn");
        };
        self.bot_calls += 1;
        let said = self.attempt(&usi)?;
        self.write(out, &said, Some(&usi));
        Ok(())
    }

    /// Writes the answer, fields in the chess games' order: `ok`, `heard`, `sfen`, `to_move`,
    /// `over`, then `fouls` and (for `bot`) the `attempt` made.
    fn write(&self, out: &mut String, said: &[Said], attempt: Option<&str>) {
        let heard = |color| {
            let items: Vec<String> = heard_by(said, color)
                .into_iter()
                .map(Item::to_json_text)
                .collect();
            format!("[{}]", items.join(","))
        };
        let r = self.game.referee();
        let over = r.over().map_or(Value::Null, |o| o.to_json());
        let fouls = json!({"black": r.fouls(Color::Black), "white": r.fouls(Color::White)});
        out.clear();
        let _ = write!(
            out,
            "{{\"ok\":true,\"heard\":{{\"black\":{},\"white\":{}}},\"sfen\":{},\"to_move\":\"{}\",\"over\":{over},\"fouls\":{fouls}",
            heard(Color::Black),
            heard(Color::White),
            Value::String(r.sfen()),
            color_name(r.to_move()),
        );
        if let Some(usi) = attempt {
            let _ = write!(out, ",\"attempt\":{}", Value::String(usi.to_owned()));
        }
        out.push('}');
    }
}
