//! Fuzzes the save loader: any bytes must give a save or one clear error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(loaded) = kriegspiel::save::load_str(text) {
            // whatever loads must save and load again to the same game
            let again = kriegspiel::save::load_str(&loaded.saved.to_ron()).expect("a loaded save reloads");
            assert_eq!(again.saved, loaded.saved);
        }
    }
});
