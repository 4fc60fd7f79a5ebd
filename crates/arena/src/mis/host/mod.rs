//! The module host: a separate process (the `mis-host` binary) that loads a contestant's
//! module, plays it against Lolek in its own address space, as the original grader linked
//! them, and streams the moves to the judge in batches.
//!
//! A game of 10^7 moves so costs a few thousand pipe writes instead of 10^7 round trips, and a
//! module that crashes, hangs or eats memory takes down only the host, which runs under the
//! judge's limits in its own process group (see [`crate::runner`]). The judge trusts nothing
//! the host writes: it replays every move (see [`Referee`](super::Referee)). The text format is
//! described in the `frame` module's source.

mod client;
mod emergency;
mod exports;
pub(crate) mod frame;
mod request;
mod serve;

pub use client::check_module;
pub(crate) use client::play;
pub use exports::{check_exports, MAX_MODULE_BYTES};
pub use request::HostRequest;
pub use serve::serve;

use super::MisError;
use std::fs::File;
use std::io::Write;
use std::os::fd::FromRawFd;
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

/// The whole `mis-host` program: parses the arguments, keeps the standard output the judge
/// reads for the host's own lines (the module's prints go to standard error instead), and
/// serves. Returns the exit status: 0, or 2 for bad arguments, 1 when the judge went away.
pub fn host_main() -> i32 {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    let request = match HostRequest::from_args(&args) {
        Ok(request) => request,
        Err(message) => {
            eprintln!("mis-host: {message}");
            return 2;
        }
    };
    // SAFETY: plain fd juggling before any other thread exists: the judge's pipe moves to a
    // new descriptor of our own, and descriptor 1 becomes a copy of stderr.
    let frames = unsafe {
        let frames = libc::fcntl(1, libc::F_DUPFD_CLOEXEC, 3);
        if frames < 0 || libc::dup2(2, 1) < 0 {
            eprintln!("mis-host: cannot set up its output");
            return 1;
        }
        File::from_raw_fd(frames)
    };
    // Unbuffered: each line is one write (a batch is already one line), so nothing is held
    // back but the batch being built, which `emergency` sends if the module kills the host.
    emergency::arm(std::os::fd::AsRawFd::as_raw_fd(&frames));
    let mut out = frames;
    match serve(&request, &mut out).and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(error) => {
            eprintln!("mis-host: {error}");
            1
        }
    }
}
