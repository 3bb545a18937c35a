//! Kriegspiel problems (RULES.md section 5.4): a position in which some of the opponent's units
//! are uncertain, each with the set of squares it may stand on, and a stipulation ("White mates
//! in N no matter where the hidden units are and no matter what Black plays").
//!
//! A problem file (RON) names what is known for sure as a FEN, the uncertain units, the rule set
//! and the stipulation; [`Problem::belief`] expands it into every true position it allows, which
//! is where the solver ([`solve`]) starts. The expansion ([`place`]) is bounded: a problem with
//! more than [`MAX_PLACEMENTS`] placements is refused before any is made, and it stops at a
//! deadline ([`Problem::belief_until`]).

mod check;
mod kinds;
mod place;
mod play;
mod progress;
mod proof;
mod solve;
mod table;
mod tree;
mod treefile;

pub use check::{CheckError, Checked};
pub use kinds::Kinds;
pub use place::MAX_PLACEMENTS;

pub use self::play::{Hint, PlayError, PlayState, ProblemPlay};
pub use progress::{Progress, Reading};
pub use proof::{Proof, ProofJob};
pub use solve::{BELIEF_BYTES, Outcome, Search, Solver, Stats, TABLE_LIMIT};
pub use tree::{Act, After, Answer, Strategy};
pub use treefile::{MAX_TREE_BYTES, TreeError, load_tree, parse_tree, save_tree, tree_text};

use crate::referee::Referee;
use crate::rules::{Preset, RuleSet};
use crate::untrusted::{quoted, shortened};
use serde::{Deserialize, Serialize};
use shakmaty::{Bitboard, Color, Piece, Setup, Square};
use std::path::Path;
use std::time::Instant;
use thiserror::Error;

/// The verdict of a search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The stipulation holds.
    Proven,
    /// No strategy meets it.
    Refuted,
    /// The time ran out first.
    Undecided,
}

/// The squares an uncertain unit may stand on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Squares {
    /// Any square the position allows.
    Any,
    /// Any light square.
    Light,
    /// Any dark square.
    Dark,
    /// These squares ("e4" style names).
    List(Vec<String>),
}

/// One uncertain unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Uncertain {
    /// What the unit is: a FEN letter (`'b'`: a black bishop), or, for a unit of unknown type,
    /// the letters of what it may be (`"qrbn"`: a black queen, rook, bishop or knight).
    pub piece: Kinds,
    /// Where it may be.
    pub squares: Squares,
    /// Whether the unit may be absent ("a black pawn on a5, or none").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
}

impl Uncertain {
    /// A unit that is one `piece` (a FEN letter) on one of `squares`.
    pub fn new(piece: char, squares: Squares) -> Uncertain {
        Uncertain {
            piece: Kinds(vec![piece]),
            squares,
            optional: false,
        }
    }
}

/// One uncertain unit as it is placed: each piece it may be with the free squares it may then
/// stand on, and whether it may be absent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// What it may be, each with its squares.
    pub kinds: Vec<(Piece, Bitboard)>,
    /// Whether it may be absent.
    pub optional: bool,
}

impl Unit {
    /// Every square it may stand on.
    pub fn squares(&self) -> Bitboard {
        self.kinds
            .iter()
            .fold(Bitboard::EMPTY, |all, (_, squares)| all | *squares)
    }
}

/// A Kriegspiel problem, as stored in a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Problem {
    /// A short title.
    pub title: String,
    /// The composer.
    pub author: String,
    /// Where and when it was published.
    pub source: String,
    /// The rule set (a preset id: berkeley, wild16, …).
    pub rules: String,
    /// What is known for sure, as a FEN (the side to move is the solver).
    pub known: String,
    /// The units whose squares are not known.
    #[serde(default)]
    pub uncertain: Vec<Uncertain>,
    /// The solver mates in this many of its moves.
    pub mate_in: u8,
    /// The published key (first move) in SAN, for checking the solver against the source.
    #[serde(default)]
    pub key: String,
    /// Berkeley's material checkmates (seed 000, IV.C): a position where the opponent has only
    /// its king and the solver a queen, a rook, a pawn off the edge files, two bishops or bishop
    /// and knight, all of it protected by its king, counts as mate.
    #[serde(default)]
    pub material_mates: bool,
    /// The published solution in words, for the reader (the solver does not use it).
    #[serde(default)]
    pub solution: String,
    /// The published solution's line, where the source gives one: the solver's moves in SAN,
    /// the key first, each played after nothing was heard of the one before but that it was
    /// played (its other branches are for the solver to find). A problem with a line is searched
    /// by proof numbers along it first ([`Problem::default_search`], [`Solver::line`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<String>,
}

/// Why a problem file cannot be used.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ProblemError {
    /// The file could not be read.
    #[error("cannot read {0}")]
    Read(String),
    /// The file is not a problem in RON.
    #[error("not a problem file: {0}")]
    Format(String),
    /// A field holds a value that makes no sense.
    #[error("{0}")]
    Invalid(String),
    /// The uncertain units have too many placements to expand.
    #[error(
        "the problem has {} possible placements of its uncertain units; at most {} are supported",
        crate::wording::thousands(*.0),
        crate::wording::thousands(MAX_PLACEMENTS)
    )]
    TooMany(u128),
    /// The deadline passed while the uncertain units were being placed.
    #[error("the time ran out while placing the uncertain units")]
    OutOfTime,
    /// The solver's thread ended without an answer.
    #[error("the solver stopped unexpectedly")]
    SolverDied,
}

impl Problem {
    /// Reads a problem file (bounded like a save file).
    pub fn load(path: &Path) -> Result<Problem, ProblemError> {
        let text = crate::save::read_save_text(path).map_err(|e| {
            ProblemError::Read(match e {
                crate::save::LoadError::NotUtf8 { byte } => format!(
                    "{}: a problem file is UTF-8 text, and this one is not (byte {byte} is not)",
                    path.display()
                ),
                e => format!("{}: {e}", path.display()),
            })
        })?;
        Problem::parse(&text)
    }

    /// Reads a problem from RON text.
    pub fn parse(text: &str) -> Result<Problem, ProblemError> {
        let problem: Problem =
            ron::from_str(text).map_err(|e| ProblemError::Format(shortened(&e.to_string())))?;
        if problem.mate_in == 0 || problem.mate_in > 30 {
            return Err(ProblemError::Invalid(format!(
                "mate_in must be 1 to 30, not {}",
                problem.mate_in
            )));
        }
        if problem.line.len() > usize::from(problem.mate_in)
            || problem.line.iter().any(|m| m.is_empty() || m.len() > 12)
        {
            return Err(ProblemError::Invalid(format!(
                "line must be at most {} in SAN",
                crate::wording::count(problem.mate_in, "move", "moves")
            )));
        }
        Ok(problem)
    }

    /// The search a proof uses unless told otherwise: proof numbers along the published line
    /// where the problem gives one (measured on Rotenberg's mate in 15: proven in seconds
    /// along its line, undecided after 600 s without), else depth-first.
    pub fn default_search(&self) -> Search {
        if self.line.is_empty() {
            Search::Depth
        } else {
            Search::Pn
        }
    }

    /// The rule set.
    pub fn rule_set(&self) -> Result<RuleSet, ProblemError> {
        let preset: Preset = self
            .rules
            .parse()
            .map_err(|e| ProblemError::Invalid(format!("{e}")))?;
        if preset == Preset::Rbc || preset == Preset::CrazyKrieg {
            return Err(ProblemError::Invalid(
                "problems are solved under the Kriegspiel presets without drops".into(),
            ));
        }
        Ok(preset.rules())
    }

    /// The solver's side.
    pub fn solver(&self) -> Result<Color, ProblemError> {
        Ok(self.known_setup()?.turn)
    }

    fn known_setup(&self) -> Result<Setup, ProblemError> {
        crate::setup::parse_fen(&self.known)
            .ok_or_else(|| ProblemError::Invalid(format!("{} is not a FEN", quoted(&self.known))))
    }

    /// Every true position the problem allows (each uncertain unit on one of its squares, no two
    /// on the same square, the position legal), each as a referee ready for the solver's move.
    pub fn belief(&self) -> Result<Vec<Referee>, ProblemError> {
        self.belief_until(None)
    }

    /// [`Problem::belief`], giving up at `deadline` ([`ProblemError::OutOfTime`]); refused
    /// before any placement is made when there are more than [`MAX_PLACEMENTS`]
    /// ([`ProblemError::TooMany`], counted by [`Problem::placements`]).
    pub fn belief_until(&self, deadline: Option<Instant>) -> Result<Vec<Referee>, ProblemError> {
        let rules = self.rule_set()?;
        let setup = self.known_setup()?;
        let units = self.units()?;
        let out = place::expand(&rules, &setup, &units, deadline)?;
        if out.is_empty() {
            return Err(ProblemError::Invalid(
                "no legal position fits the problem".into(),
            ));
        }
        Ok(out)
    }

    /// How many placements of the uncertain units the expansion makes (legal or not; identical
    /// units count once per set of squares): exact when units of different kinds or squares
    /// cannot collide, an upper bound when they can.
    pub fn placements(&self) -> Result<u128, ProblemError> {
        Ok(place::count(&self.units()?))
    }

    /// What is known for sure: the board of the `known` FEN.
    pub fn known_board(&self) -> Result<shakmaty::Board, ProblemError> {
        Ok(self.known_setup()?.board)
    }

    /// The uncertain units, each with what it may be and the free squares it may then stand on
    /// (a pawn never on the first or last rank).
    pub fn units(&self) -> Result<Vec<Unit>, ProblemError> {
        let known = self.known_setup()?;
        let mut units = Vec::new();
        for u in &self.uncertain {
            let squares = match &u.squares {
                Squares::Any => Bitboard::FULL,
                Squares::Light => Bitboard::LIGHT_SQUARES,
                Squares::Dark => Bitboard::DARK_SQUARES,
                Squares::List(names) => {
                    let mut set = Bitboard::EMPTY;
                    for name in names {
                        let sq: Square = name.parse().map_err(|_| {
                            ProblemError::Invalid(format!("{} is not a square", quoted(name)))
                        })?;
                        set.add(sq);
                    }
                    set
                }
            };
            let pieces = u.piece.pieces()?;
            let kinds = pieces
                .into_iter()
                .map(|piece| {
                    // A pawn never stands on its first or last rank.
                    let ranks = match piece.role {
                        shakmaty::Role::Pawn => Bitboard::BACKRANKS,
                        _ => Bitboard::EMPTY,
                    };
                    (piece, squares & !known.board.occupied() & !ranks)
                })
                .collect();
            units.push(Unit {
                kinds,
                optional: u.optional,
            });
        }
        Ok(units)
    }
}

/// The verdict and report when the time ran out before the solver could start.
pub fn out_of_time_while_placing() -> (Verdict, String) {
    (
        Verdict::Undecided,
        format!("Undecided: {}.", ProblemError::OutOfTime),
    )
}

/// Whether `board` is one of Berkeley's material checkmates for `solver` (see
/// [`Problem::material_mates`]): the opponent has its king alone, and the solver's king protects
/// a queen, a rook, a pawn off the edge files, two bishops on squares of both colours, or a
/// bishop and a knight.
pub fn material_mate(board: &shakmaty::Board, solver: Color) -> bool {
    let Some(king) = board.king_of(solver) else {
        return false;
    };
    if (board.by_color(!solver) & !board.kings()).any() {
        return false;
    }
    let guarded = shakmaty::attacks::king_attacks(king) & board.by_color(solver);
    let edges = Bitboard::from_file(shakmaty::File::A) | Bitboard::from_file(shakmaty::File::H);
    let bishops = guarded & board.bishops();
    (guarded & (board.queens() | board.rooks() | (board.pawns() & !edges))).any()
        || ((bishops & Bitboard::LIGHT_SQUARES).any() && (bishops & Bitboard::DARK_SQUARES).any())
        || (bishops.any() && (guarded & board.knights()).any())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_file_is_a_clear_error() {
        assert!(matches!(
            Problem::parse("not ron"),
            Err(ProblemError::Format(_))
        ));
        let bad = r#"(title: "", author: "", source: "", rules: "wild16", known: "8/8/8/8/8/8/8/8 w - - 0 1", mate_in: 0)"#;
        assert!(matches!(Problem::parse(bad), Err(ProblemError::Invalid(_))));
    }

    #[test]
    fn a_line_is_at_most_the_stipulated_moves_in_san() {
        let with = |line: &str| {
            Problem::parse(&format!(
                r#"(title: "", author: "", source: "", rules: "wild16", known: "8/8/8/8/8/8/8/8 w - - 0 1", mate_in: 2, line: {line})"#
            ))
        };
        let p = with(r#"["Ra1", "Ra8"]"#).expect("a line of two moves");
        assert_eq!(p.line, ["Ra1", "Ra8"]);
        assert_eq!(p.default_search(), Search::Pn);
        assert_eq!(with("[]").expect("no line").default_search(), Search::Depth);
        for bad in [
            r#"["Ra1", "Ra8", "Ra2"]"#,
            r#"[""]"#,
            r#"["Ra1-a8-a1-a8-a1"]"#,
        ] {
            assert!(matches!(with(bad), Err(ProblemError::Invalid(_))), "{bad}");
        }
    }
}
