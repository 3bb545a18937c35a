//! The chess family's level names that tsuitate saves and command lines used before tsuitate
//! shogi had levels of its own, and the tsuitate bot each still plays (included with `#[path]`
//! by the core's and the app's tests alike, one table for both).

/// Each old level name with the bot it plays: beginner the random player, novice and casual the
/// rules-of-thumb one, every higher level the careful one.
pub const OLD_LEVELS: [(&str, &str); 7] = [
    ("beginner", "random"),
    ("novice", "heuristic"),
    ("casual", "heuristic"),
    ("club", "careful"),
    ("advanced", "careful"),
    ("expert", "careful"),
    ("strongest", "careful"),
];
