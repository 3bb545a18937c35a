//! Another program's standard input and output, bounded both ways ([`pipes`]), and a program
//! started, spoken to and stopped within bounds ([`program`]): the engine seats of every game
//! (`crate::seat`) and the RBC bot's chess evaluator (`crate::bots::rbc`) use it. It sits below
//! both, and reads lines with a length bound ([`read_line`]).

pub mod pipes;
pub mod program;

use std::io::{self, BufRead, Read};

/// The seat protocol's version, sent in `hello` and `welcome` (a program at a table must
/// greet in it: [`pipes::Trouble::NoHello`]); `crate::seat` re-exports it.
pub const VERSION: u32 = 1;

/// The longest line read from another program (a request is under 100 bytes).
pub const MAX_LINE: usize = 64 * 1024;

/// One line read with a length bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line (without its line end).
    Text(String),
    /// A line longer than the bound: skipped to its end without being stored.
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
    /// The end of the input.
    End,
}

/// Reads one line of at most `limit` bytes.
pub fn read_line(input: &mut impl BufRead, limit: usize) -> io::Result<Line> {
    let mut raw = Vec::new();
    let read = input
        .by_ref()
        .take(limit as u64 + 1)
        .read_until(b'\n', &mut raw)?;
    if read == 0 {
        return Ok(Line::End);
    }
    if raw.len() > limit && raw.last() != Some(&b'\n') {
        crate::untrusted::skip_line(input)?;
        return Ok(Line::TooLong);
    }
    while matches!(raw.last(), Some(b'\n' | b'\r')) {
        raw.pop();
    }
    Ok(String::from_utf8(raw).map_or(Line::NotUtf8, Line::Text))
}
