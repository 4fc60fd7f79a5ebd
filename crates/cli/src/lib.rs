//! The command-line layer of duel: argument parsing, terminal output and the subcommands of
//! the `duel` binary. The game logic lives in `duel-ioiwari` and `duel-mis`, the judging in
//! `duel-arena`; this crate only wires them to people.
//!
//! The judge, `graj`, the module host and the export need Linux and come with the default
//! feature `judge`; without it (the Windows build) [`linux_only`] stands in for them.

#![forbid(unsafe_code)]

pub mod analyze;
pub mod draw;
#[cfg(feature = "judge")]
pub mod export;
pub mod flags;
#[cfg(feature = "judge")]
pub mod judge;
pub mod kit;
pub mod linux_only;
pub mod play;
mod portable;
pub mod protocol;
pub mod serve;
pub mod variants;
