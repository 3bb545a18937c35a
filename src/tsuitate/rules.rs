//! The rule choices of a tsuitate shogi game (RULES.md section 9): how many fouls lose, and the
//! move limit after which the game is drawn. Everything else is the shogi of the sources.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

/// The preset's name in a `new` request.
pub const PRESET: &str = "tsuitate";

/// The two numbers the sources do not agree on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TsuitateRules {
    /// A player loses on making this many fouls (illegal attempts); 0: never. The Japanese
    /// Wikibooks page and the Russian Wikipedia article: 9; Shogi Wars' tsuitate: 10.
    pub fouls: u8,
    /// The game is drawn once this many moves (plies) have been played; 0: no limit. Shogi Wars'
    /// tsuitate: 150 (75 each); the other sources have none.
    pub max_plies: u16,
}

impl Default for TsuitateRules {
    fn default() -> TsuitateRules {
        TsuitateRules {
            fouls: 9,
            max_plies: 150,
        }
    }
}

/// Why a `rules` value names no tsuitate rule set.
#[derive(Debug, Error)]
pub enum TsuitateRulesError {
    /// A field that is not one of the tsuitate flags, or a value a flag cannot take.
    #[error(
        "bad tsuitate rule flag ({0}); the flags are \"fouls\" (0-255) and \"max_plies\" (0-65535)"
    )]
    Flag(String),
}

/// Whether a `new` request's `rules` value names tsuitate shogi: `"tsuitate"` or
/// `{"preset":"tsuitate", ...}`.
pub fn is_tsuitate(value: &Value) -> bool {
    match value {
        Value::String(id) => id == PRESET,
        Value::Object(fields) => fields.get("preset").and_then(Value::as_str) == Some(PRESET),
        _ => false,
    }
}

/// Reads a tsuitate `rules` value (see [`is_tsuitate`]): the defaults, changed by the object's
/// `fouls` and `max_plies`.
pub fn from_json(value: &Value) -> Result<TsuitateRules, TsuitateRulesError> {
    let Value::Object(fields) = value else {
        return Ok(TsuitateRules::default());
    };
    let mut merged = serde_json::Map::new();
    let defaults = TsuitateRules::default();
    merged.insert("fouls".into(), defaults.fouls.into());
    merged.insert("max_plies".into(), defaults.max_plies.into());
    for (k, v) in fields.iter().filter(|(k, _)| k.as_str() != "preset") {
        merged.insert(k.clone(), v.clone());
    }
    serde_json::from_value(Value::Object(merged))
        .map_err(|e| TsuitateRulesError::Flag(crate::untrusted::shortened_to(&e.to_string(), 80)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_preset_name_or_object_names_tsuitate() {
        assert!(is_tsuitate(&json!("tsuitate")));
        assert!(is_tsuitate(&json!({"preset": "tsuitate", "fouls": 10})));
        assert!(!is_tsuitate(&json!("berkeley")));
        assert!(!is_tsuitate(&json!({"preset": "berkeley"})));
    }

    #[test]
    fn flags_change_the_defaults_and_bad_ones_are_refused() {
        assert_eq!(
            from_json(&json!("tsuitate")).expect("rules"),
            TsuitateRules::default()
        );
        let r =
            from_json(&json!({"preset": "tsuitate", "fouls": 10, "max_plies": 0})).expect("rules");
        assert_eq!((r.fouls, r.max_plies), (10, 0));
        assert!(from_json(&json!({"preset": "tsuitate", "foul": 3})).is_err());
        assert!(from_json(&json!({"preset": "tsuitate", "fouls": 300})).is_err());
        assert!(from_json(&json!({"preset": "tsuitate", "fouls": "x"})).is_err());
    }
}
