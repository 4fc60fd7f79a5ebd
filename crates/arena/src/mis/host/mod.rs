//! The judge's side of the module host: a separate process (the `mis-host` binary, whose code
//! is the `duel-mis-host` crate) that loads a contestant's module, plays it against Lolek in
//! its own address space, as the original grader linked them, and streams the moves to the
//! judge in binary batches.
//!
//! A game of 10^7 moves so costs about a thousand pipe writes instead of 10^7 round trips, and
//! a module that crashes, hangs or eats memory takes down only the host, which runs under the
//! judge's limits in its own process group (see [`duel_sandbox`]). The judge trusts nothing
//! the host writes: it replays every move (see [`Referee`](super::Referee)), while the host
//! plays on. This module holds what the judge needs: starting the host ([`HostRequest`]),
//! the wire format and its bounded decoder ([`frame`], from the `duel-mis-wire` crate the host
//! shares), and the checks of a module file
//! before any of its code runs ([`check_exports`]).

mod client;
mod exports;

pub use client::check_module;
pub(crate) use client::{host_launcher, play};
pub use duel_mis_wire::{frame, HostRequest};
pub(crate) use exports::unexported_function;
pub use exports::{check_exports, MAX_MODULE_BYTES};

use super::MisError;
use std::path::PathBuf;

/// The host executable's file name.
pub const HOST_EXE: &str = "mis-host";

/// Memory the host needs for itself (its code, libc, buffers), added to the module's memory
/// limit for the host process as a whole.
pub const HOST_MEMORY_ALLOWANCE: u64 = 16 << 20;

/// `mis-host` next to the running executable (or one directory up, where Cargo puts binaries
/// when the running executable is a test in `target/<profile>/deps`).
pub fn default_host_path() -> Result<PathBuf, MisError> {
    let exe = std::env::current_exe().map_err(|error| {
        MisError::Host(format!("cannot locate the running executable: {error}"))
    })?;
    let dir = exe.parent().map(PathBuf::from).unwrap_or_default();
    let beside = dir.join(HOST_EXE);
    if beside.is_file() {
        return Ok(beside);
    }
    if let Some(parent) = dir.parent().filter(|_| dir.ends_with("deps")) {
        let up = parent.join(HOST_EXE);
        if up.is_file() {
            return Ok(up);
        }
    }
    Err(MisError::HostNotFound(beside))
}
