//! The command-line layer of duel: argument parsing, terminal output and the subcommands of
//! the `duel` binary. The game logic lives in `duel-ioiwari` and `duel-mis`, the judging in
//! `duel-arena`; this crate only wires them to people.
//!
//! The judge, `graj` and the module host need Linux and come with the default feature
//! `judge`; without it (the Windows build) [`linux_only`] stands in for the judge.

#![forbid(unsafe_code)]

pub mod analyze;
#[cfg(feature = "judge")]
pub mod doctor;
pub mod draw;
pub mod export;
pub mod flags;
#[cfg(feature = "judge")]
pub mod judge;
pub mod kit;
pub mod linux_only;
pub mod play;
mod portable;
pub use duel_protocol as protocol;
pub mod serve;
pub mod variants;
