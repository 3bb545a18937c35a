//! A proven strategy in a file (RON), to be checked again later without searching
//! ([`Problem::check`]): written by [`save_tree`], read by [`load_tree`] (bounded in size and
//! nesting; a bad file is an error, never a panic).

use super::tree::{Act, After, Answer, Strategy};
use crate::attempt::Attempt;
use crate::untrusted::shortened;
use serde::{Deserialize, Serialize};
use std::io::Read as _;
use std::path::Path;
use std::sync::Arc;
use thiserror::Error;

/// The largest tree file read, in bytes.
pub const MAX_TREE_BYTES: u64 = 256 * 1024 * 1024;

/// The deepest nesting of a tree file (six levels a move, two a refusal).
const MAX_NESTING: usize = 512;

/// The most strategy nodes a file may hold (or a tree written out).
const MAX_NODES: usize = 4_000_000;

/// Why a tree cannot be written or read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TreeError {
    /// The file could not be read or written.
    #[error("cannot use {0}")]
    Io(String),
    /// The file is not a strategy tree.
    #[error("not a strategy tree: {0}")]
    Format(String),
    /// The tree is too large.
    #[error("the tree has more than {MAX_NODES} nodes")]
    TooLarge,
}

/// A tree file: what it is for, and the strategy.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TreeFile {
    /// The problem's title (for the reader; the check does not rely on it).
    problem: String,
    /// The stipulation.
    mate_in: u8,
    tree: Node,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Node {
    /// The attempt (UCI) or "Any?".
    act: String,
    san: String,
    #[serde(default)]
    answers: Vec<NodeAnswer>,
    #[serde(default)]
    refused: Option<Box<Node>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeAnswer {
    heard: String,
    san: String,
    then: Then,
}

#[derive(Serialize, Deserialize)]
enum Then {
    Mate,
    Replies(Vec<(String, Node)>),
    Again(Box<Node>),
}

fn to_node(s: &Strategy, count: &mut usize) -> Result<Node, TreeError> {
    *count += 1;
    if *count > MAX_NODES {
        return Err(TreeError::TooLarge);
    }
    let mut answers = Vec::with_capacity(s.answers.len());
    for a in &s.answers {
        let then = match &a.then {
            After::Mate => Then::Mate,
            After::Again(next) => Then::Again(Box::new(to_node(next, count)?)),
            After::Replies(r) => Then::Replies(
                r.iter()
                    .map(|(w, next)| Ok((w.clone(), to_node(next, count)?)))
                    .collect::<Result<_, TreeError>>()?,
            ),
        };
        answers.push(NodeAnswer {
            heard: a.heard.clone(),
            san: a.san.clone(),
            then,
        });
    }
    let refused = match &s.refused {
        Some(r) => Some(Box::new(to_node(r, count)?)),
        None => None,
    };
    Ok(Node {
        act: s.act.to_string(),
        san: s.san.clone(),
        answers,
        refused,
    })
}

fn from_node(n: Node, count: &mut usize) -> Result<Strategy, TreeError> {
    *count += 1;
    if *count > MAX_NODES {
        return Err(TreeError::TooLarge);
    }
    let act = if n.act == "Any?" {
        Act::Any
    } else {
        Act::Try(
            n.act
                .parse::<Attempt>()
                .map_err(|e| TreeError::Format(shortened(&e.to_string())))?,
        )
    };
    let mut answers = Vec::with_capacity(n.answers.len());
    for a in n.answers {
        let then = match a.then {
            Then::Mate => After::Mate,
            Then::Again(next) => After::Again(Arc::new(from_node(*next, count)?)),
            Then::Replies(r) => After::Replies(
                r.into_iter()
                    .map(|(w, next)| Ok((w, Arc::new(from_node(next, count)?))))
                    .collect::<Result<_, TreeError>>()?,
            ),
        };
        answers.push(Answer {
            heard: a.heard,
            san: a.san,
            then,
        });
    }
    let refused = match n.refused {
        Some(r) => Some(Arc::new(from_node(*r, count)?)),
        None => None,
    };
    Ok(Strategy {
        act,
        san: n.san,
        answers,
        refused,
    })
}

/// The strategy as a tree file's text.
pub fn tree_text(problem: &super::Problem, s: &Strategy) -> Result<String, TreeError> {
    let file = TreeFile {
        problem: problem.title.clone(),
        mate_in: problem.mate_in,
        tree: to_node(s, &mut 0)?,
    };
    ron::Options::default()
        .with_recursion_limit(MAX_NESTING)
        .to_string_pretty(&file, ron::ser::PrettyConfig::default().indentor(" "))
        .map_err(|e| TreeError::Format(shortened(&e.to_string())))
}

/// Writes the strategy for `problem` to `path`.
pub fn save_tree(problem: &super::Problem, s: &Strategy, path: &Path) -> Result<(), TreeError> {
    let text = tree_text(problem, s)?;
    // Through a temporary file, and only over a regular file of our own (never a link).
    crate::save::write_atomic(path, text.as_bytes())
        .map_err(|e| TreeError::Io(format!("{}: {e}", path.display())))
}

/// Reads a strategy from tree text, with the stipulation it claims.
pub fn parse_tree(text: &str) -> Result<(u8, Strategy), TreeError> {
    let file: TreeFile = ron::Options::default()
        .with_recursion_limit(MAX_NESTING)
        .from_str(text)
        .map_err(|e| TreeError::Format(shortened(&e.to_string())))?;
    Ok((file.mate_in, from_node(file.tree, &mut 0)?))
}

/// Reads a tree file (at most [`MAX_TREE_BYTES`]).
pub fn load_tree(path: &Path) -> Result<(u8, Strategy), TreeError> {
    let io = |e: std::io::Error| TreeError::Io(format!("{}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(MAX_TREE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_TREE_BYTES {
        return Err(TreeError::Io(format!(
            "{}: larger than {} MB",
            path.display(),
            MAX_TREE_BYTES / 1024 / 1024
        )));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| TreeError::Format(format!("{} is not UTF-8 text", path.display())))?;
    parse_tree(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_trees_are_errors() {
        assert!(matches!(parse_tree("nonsense"), Err(TreeError::Format(_))));
        let bad_move = r#"(problem: "", mate_in: 1, tree: (act: "z9z9", san: ""))"#;
        assert!(matches!(parse_tree(bad_move), Err(TreeError::Format(_))));
        let deep = format!(
            "(problem: \"\", mate_in: 1, tree: {}(act: \"Any?\", san: \"\"){})",
            "(act: \"Any?\", san: \"\", refused: Some(".repeat(5000),
            "))".repeat(5000)
        );
        assert!(matches!(parse_tree(&deep), Err(TreeError::Format(_))));
    }
}
