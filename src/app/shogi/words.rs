//! The umpire's words: [`crate::tsuitate::words`], shared with the command line.

pub use crate::tsuitate::words::*;
