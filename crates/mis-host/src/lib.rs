//! The module host of Pooh-Eeyore-sticks: the code of the `mis-host` program, which the judge
//! and `graj` start to run a contestant's shared library (`poczatek`, `ruch_bolka`) together
//! with Lolek in a separate, limited process.
//!
//! Everything that touches the whole process lives here, not in the judge's library: moving
//! the judge's pipe away from standard output (which the module may print on), the handlers
//! of fatal signals and the `atexit` hook that send a dying module's last moves, and the size
//! of the pipe. The wire format is the judge's
//! ([`duel_arena::mis::host::frame`]); [`serve`] writes it.

#![deny(missing_docs)]

mod batch;
mod emergency;
mod serve;

pub use serve::serve;

use duel_arena::mis::host::HostRequest;
use std::fs::File;
use std::io::Write;
use std::os::fd::{AsRawFd, FromRawFd};

/// The pipe the judge reads is made this large when the kernel allows it, so that the host
/// rarely waits for the judge to catch up.
const PIPE_BYTES: libc::c_int = 1 << 20;

/// The whole `mis-host` program: parses the arguments, keeps the standard output the judge
/// reads for the host's own frames (the module's prints go to standard error instead), and
/// serves. Returns the exit status: 0, or 2 for bad arguments, 1 when the judge went away.
pub fn main() -> i32 {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    let request = match HostRequest::from_args(&args) {
        Ok(request) => request,
        Err(message) => {
            eprintln!("mis-host: {message}");
            return 2;
        }
    };
    let Some(frames) = take_stdout() else {
        eprintln!("mis-host: cannot set up its output");
        return 1;
    };
    // Unbuffered: each frame is one write (a batch is one frame), so nothing is held back
    // but the batch being built, which `emergency` sends if the module kills the host.
    emergency::arm(frames.as_raw_fd());
    let mut out = frames;
    match serve(&request, &mut out).and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(error) => {
            eprintln!("mis-host: {error}");
            1
        }
    }
}

/// Moves the judge's pipe from descriptor 1 to a new one of the host's own (closed on exec),
/// makes descriptor 1 a copy of standard error, and enlarges the pipe.
fn take_stdout() -> Option<File> {
    // SAFETY: plain descriptor calls before any other thread exists; the new descriptor is
    // owned by the returned File alone.
    unsafe {
        let frames = libc::fcntl(1, libc::F_DUPFD_CLOEXEC, 3);
        if frames < 0 || libc::dup2(2, 1) < 0 {
            return None;
        }
        // A smaller pipe only costs speed.
        libc::fcntl(frames, libc::F_SETPIPE_SZ, PIPE_BYTES);
        Some(File::from_raw_fd(frames))
    }
}
