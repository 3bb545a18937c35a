//! The protocol's input loop: one line in, one JSON object out, with bounded memory. A line
//! longer than [`MAX_LINE`] is skipped to its end without being stored and answered with one
//! `ok:false`; the session goes on.

use super::Session;
use std::io::{self, BufRead, Read, Write};

/// The longest request line read: 1 MiB (a request is normally under 100 bytes).
pub const MAX_LINE: usize = 1 << 20;

/// Runs `session` over `input` and `output` until end of input. Each answer is flushed as soon as
/// no further request is waiting in the input (so a client that waits for an answer gets it at
/// once, and a client that streams requests gets its answers in large writes).
pub fn run(input: impl Read, output: impl Write, mut session: Session) -> io::Result<()> {
    let mut input = io::BufReader::with_capacity(1 << 16, input);
    let mut output = io::BufWriter::with_capacity(1 << 16, output);
    let mut raw = Vec::with_capacity(256);
    let mut response = String::with_capacity(512);
    loop {
        raw.clear();
        let read = Read::by_ref(&mut input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut raw)?;
        if read == 0 {
            return Ok(());
        }
        response.clear();
        if raw.len() > MAX_LINE && raw.last() != Some(&b'\n') {
            skip_line(&mut input)?;
            response.push_str(&format!(
                "{{\"ok\":false,\"error\":\"the line is longer than {MAX_LINE} bytes and was skipped\"}}"
            ));
            raw = Vec::with_capacity(256); // give the long line's memory back
        } else {
            while matches!(raw.last(), Some(b'\n' | b'\r')) {
                raw.pop();
            }
            match std::str::from_utf8(&raw) {
                Ok(line) => session.handle_line(line, &mut response),
                Err(e) => response.push_str(&format!(
                    "{{\"ok\":false,\"error\":\"the line is not valid UTF-8 (at byte {})\"}}",
                    e.valid_up_to()
                )),
            }
        }
        response.push('\n');
        output.write_all(response.as_bytes())?;
        if input.buffer().is_empty() {
            output.flush()?;
        }
    }
}

pub use crate::untrusted::skip_line;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_overlong_line_gets_one_answer_and_the_session_goes_on() {
        let mut input = Vec::new();
        input.extend_from_slice(b"{\"op\":\"new\",\"rules\":\"berkeley\"}\n");
        input.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        input.extend_from_slice(b"\n{\"op\":\"state\"}\n");
        let mut out = Vec::new();
        run(&input[..], &mut out, Session::new()).expect("runs");
        let text = String::from_utf8(out).expect("utf-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[1].contains("\"ok\":false") && lines[1].contains("longer than"));
        assert!(lines[2].starts_with("{\"ok\":true"));
    }
}
