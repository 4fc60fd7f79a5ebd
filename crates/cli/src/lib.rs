//! The command-line layer of duel: argument parsing, terminal output and the subcommands of
//! the `duel` binary. The game logic lives in `duel-ioiwari` and `duel-mis`, the judging in
//! `duel-arena`; this crate only wires them to people.

#![forbid(unsafe_code)]

pub mod analyze;
pub mod draw;
pub mod export;
pub mod judge;
pub mod kit;
pub mod play;
pub mod protocol;
pub mod serve;
pub mod variants;
