//! The tests of the GUI-free core and the command line, one module per theme, in ONE test binary:
//! the library is linked once and the tests of every theme share the cores (a test that waits on
//! a network timeout no longer holds up the others). The app's screens are tests/app.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/old_levels.rs"]
mod old_levels;
#[path = "../common/privacy.rs"]
mod privacy;

mod anywhere;
mod belief;
mod cli;
mod documents;
mod encodings;
mod endgame;
mod files;
mod gate;
mod hostile_engines;
mod hostile_tables;
mod imports;
mod install;
mod krk;
mod listing;
mod long_records;
mod loopback;
mod matchplay;
mod modern;
mod pgn;
mod picture;
mod presets;
mod problem_bounds;
mod problem_line;
mod problem_play;
mod problems;
mod properties;
mod rbc;
mod rbc_attacks;
mod review;
mod save_numbers;
mod saves;
mod seat;
mod seat_net;
mod tsuitate;
mod tsuitate_host;
mod tsuitate_remote;
mod tsuitate_save;
mod tsuitate_seat;
mod untrusted;
mod variants;
mod vectors;
mod wire;
mod won_endings;
mod words;
