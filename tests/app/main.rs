//! The app's screens driven as a person drives them (egui_kittest, AccessKit labels), one
//! module per screen or theme, in ONE test binary: the GUI stack is compiled and linked once.
#![cfg(feature = "gui")]

#[path = "../common/gui.rs"]
mod gui;
#[path = "../common/old_levels.rs"]
mod old_levels;

mod about;
mod browser;
mod clock;
mod club;
mod club_console;
mod computer;
mod display;
mod front;
mod gate;
mod handicap;
mod hotseat;
mod howto;
mod layout;
mod leaving;
mod library;
mod listing;
mod network;
mod newgame;
mod pocket;
mod practice;
mod problems;
mod review;
mod rules_words;
mod share;
mod sound;
mod study;
mod study_panel;
mod tsuitate;
mod tsuitate_board;
mod tsuitate_more;
mod tsuitate_net;
mod tsuitate_play;
mod typing;
mod ui_end;
mod ui_entry;
mod words;
