//! Text that came from outside (a player, a seat, a file, a command line), made safe to show
//! and to store: names cleaned of control and direction-changing characters and bounded
//! ([`clean_name`], [`clean_text`]), and bad input quoted short in error messages ([`quoted`],
//! [`shortened`]), so a 100 KB line is never echoed whole and an escape sequence never reaches
//! a terminal; an overlong line of a protocol is skipped without being stored ([`skip_line`]).
//! This module depends on nothing else in the crate: every layer may use it.

/// The longest name kept, in characters.
pub const NAME_CHARS: usize = 40;

/// The longest free text kept (an arbiter's note), in characters.
pub const TEXT_CHARS: usize = 2000;

/// At most this many characters of bad input are quoted in an error message.
pub const SHOWN_CHARS: usize = 200;

/// Whether `c` must never be shown or stored as it is: a control character (NUL, ESC, line
/// breaks, DEL, C1 controls), or an invisible character that changes how text around it reads
/// (bidirectional overrides and isolates such as U+202E, zero-width characters, line and
/// paragraph separators, the byte order mark).
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{2069}'
                | '\u{FEFF}'
        )
}

/// A player's (or an event's, a referee's) name as it may be shown and stored: unsafe
/// characters ([`is_unsafe`]) and runs of white space become one space, the ends are trimmed,
/// and at most [`NAME_CHARS`] characters are kept. The one cleaner of every name that enters
/// the program: a seat's hello, the app's name fields, a loaded save, a PGN's tags.
pub fn clean_name(text: &str) -> String {
    let spaced: String = text
        .chars()
        .map(|c| if is_unsafe(c) { ' ' } else { c })
        .collect();
    let joined = spaced.split_whitespace().collect::<Vec<_>>().join(" ");
    let kept: String = joined.chars().take(NAME_CHARS).collect();
    kept.trim_end().to_owned()
}

/// Free text (an arbiter's note) as it may be shown and stored: line breaks kept (a `\r\n` or
/// `\r` becomes `\n`), every other unsafe character ([`is_unsafe`]) becomes a space, the ends
/// are trimmed and at most [`TEXT_CHARS`] characters are kept.
pub fn clean_text(text: &str) -> String {
    let unified = text.replace("\r\n", "\n").replace('\r', "\n");
    let kept: String = unified
        .chars()
        .map(|c| if c != '\n' && is_unsafe(c) { ' ' } else { c })
        .take(TEXT_CHARS)
        .collect();
    kept.trim().to_owned()
}

/// `text` as it may appear inside an error message: at most `limit` characters, each unsafe
/// one written as an escape (`\u{1b}`, `\n`), and when cut an ellipsis and the full length,
/// e.g. `rnbq… (100,000 characters)`. Returns the shown part and the suffix apart, so that
/// [`quoted`] can put the quotes between them.
fn shown(text: &str, limit: usize) -> (String, String) {
    let mut head = String::new();
    let mut count = 0usize;
    for c in text.chars() {
        if count < limit {
            if is_unsafe(c) {
                head.extend(c.escape_default());
            } else {
                head.push(c);
            }
        }
        count += 1;
    }
    if count > limit {
        head.push('…');
        (head, format!(" ({} characters)", thousands(count)))
    } else {
        (head, String::new())
    }
}

/// `n` with commas between groups of three digits: 100000 is "100,000".
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// Bad input quoted for an error message: `'e2e9'`, or for a long input its first
/// [`SHOWN_CHARS`] characters, an ellipsis and its length: `'rnbq…' (100,000 characters)`.
/// Control characters are written as escapes.
pub fn quoted(text: &str) -> String {
    quoted_to(text, SHOWN_CHARS)
}

/// [`quoted`] with at most `limit` characters shown.
pub fn quoted_to(text: &str, limit: usize) -> String {
    let (head, rest) = shown(text, limit);
    format!("'{head}'{rest}")
}

/// Text that may carry input (a parser's message) shortened for an error message, as
/// [`quoted`] but without the quotes: `expected a string… (100,000 characters)`.
pub fn shortened(text: &str) -> String {
    shortened_to(text, SHOWN_CHARS)
}

/// [`shortened`] with at most `limit` characters shown.
pub fn shortened_to(text: &str, limit: usize) -> String {
    let (head, rest) = shown(text, limit);
    head + &rest
}

/// Consumes input up to and including the next newline (or the end), storing nothing.
pub fn skip_line(input: &mut impl std::io::BufRead) -> std::io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_controls_and_overrides_and_are_bounded() {
        assert_eq!(clean_name("  Ann \t Lee  "), "Ann Lee");
        assert_eq!(clean_name("Ann\nBob"), "Ann Bob");
        assert_eq!(clean_name("\u{1b}[31mRed\u{0}"), "[31mRed");
        assert_eq!(clean_name("abc\u{202E}fed"), "abc fed");
        assert_eq!(clean_name("\u{7f}\u{85}\u{2028}"), "");
        assert_eq!(clean_name("Ünïcødé 名前"), "Ünïcødé 名前");
        let long = "x".repeat(100);
        assert_eq!(clean_name(&long).chars().count(), NAME_CHARS);
        // Cut at a space: no trailing space.
        let spaced = format!("{} y", "x".repeat(NAME_CHARS - 1));
        assert_eq!(clean_name(&spaced), "x".repeat(NAME_CHARS - 1));
    }

    #[test]
    fn free_text_keeps_its_lines() {
        assert_eq!(clean_text(" a\r\nb\rc\u{1b}d\u{202E} "), "a\nb\nc d");
        assert_eq!(clean_text(&"y".repeat(5000)).chars().count(), TEXT_CHARS);
    }

    #[test]
    fn long_input_is_quoted_short_with_its_length() {
        assert_eq!(quoted("e2e9"), "'e2e9'");
        let fen = "r".repeat(100_000);
        let q = quoted(&fen);
        assert_eq!(q, format!("'{}…' (100,000 characters)", "r".repeat(200)));
        assert_eq!(quoted(&"a".repeat(200)), format!("'{}'", "a".repeat(200)));
        assert_eq!(shortened_to("abcdef", 3), "abc… (6 characters)");
        assert_eq!(quoted("a\u{1b}[2J\nb"), "'a\\u{1b}[2J\\nb'");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }
}
