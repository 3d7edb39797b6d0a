//! The game's integration tests, in one binary: every test file of `tests/` is a module of it.
//! Each test binary links Bevy, so one binary a crate keeps `cargo test` from linking it a
//! dozen times (CONTRIBUTING.md, "Build cost"; `binaries` holds every crate to one). A new
//! test file is a new module here.

mod common;
mod walk;

mod binaries;
mod cli;
mod golden;
mod layers;
mod mutations;
#[cfg(unix)]
mod sim_window;
#[cfg(unix)]
mod window;
mod window_online;
#[cfg(unix)]
mod window_screens;
#[cfg(unix)]
mod window_standings;
#[cfg(unix)]
mod window_view;
