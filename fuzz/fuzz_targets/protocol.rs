//! Fuzzes the referee protocol: any lines must each get one JSON answer, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut session = kriegspiel::protocol::Session::new();
    let mut out = String::new();
    for line in data.split(|b| *b == b'\n') {
        if let Ok(text) = std::str::from_utf8(line) {
            out.clear();
            session.handle_line(text, &mut out);
            assert!(out.starts_with("{\"ok\":"));
        }
    }
});
