//! The module host of Pooh-Eeyore-sticks: the code of the `mis-host` program, which the judge
//! and `graj` start to run a contestant's shared library (`poczatek`, `ruch_bolka`) together
//! with Lolek in a separate, limited process.
//!
//! Everything that touches the whole process lives here, not in the judge's library: setting
//! the module apart as every driver of the task's packages does (the rules of play,
//! `crates/protocol/RULES.md`, M1 and M2: the judge's pipe moved away from standard output,
//! which becomes standard error for the module, unbuffered; standard input an empty pipe, at
//! its end), the handlers of fatal signals and the `atexit` hook that send a dying module's
//! last moves (M4), and the size of the pipe. The wire format is the judge's
//! ([`duel_mis_wire::frame`]); [`serve`] writes it.

// The C ABI and the system calls this crate exists for: every unsafe block says why it is sound.
#![allow(unsafe_code)]

mod batch;
mod emergency;
mod serve;

pub use serve::serve;

use duel_mis_wire::HostRequest;
use std::fs::File;
use std::io::Write;
use std::os::fd::{AsRawFd, FromRawFd};

/// The pipe the judge reads is made this large when the kernel allows it, so that the host
/// rarely waits for the judge to catch up.
const PIPE_BYTES: libc::c_int = 1 << 20;

/// What `mis-host --help` prints.
pub const HELP: &str = "\
mis-host: the module host of Pooh-Eeyore-sticks, part of duel.

`graj --module` and `duel mis judge --module` start it to run a contestant's module (a shared
library exporting poczatek and ruch_bolka) together with Lolek in a separate, limited process,
so that a crash or a hang of the module harms nothing else. It writes binary frames on its
standard output, which they read, replaying and checking every move. It is not meant to be
run by hand: to play a module, use `graj --module LIBRARY P E B` (see `graj --help`).

Usage:
  mis-host --check LIBRARY        load LIBRARY and check that it exports both functions
  mis-host LIBRARY P E B LOLEK    play one game from P poohsticks, E eeyoresticks and the
                                  bound B against LOLEK (simple, optimal, greedy,
                                  adversarial, random or random:SEED)
  mis-host --help                 this text

Exit status: 0 done (the result is in the frames), 1 its reader went away or its output
could not be set up, 2 bad arguments.
";

/// The whole `mis-host` program: parses the arguments, keeps the standard output the judge
/// reads for the host's own frames (the module's prints go to standard error instead), and
/// serves. Ends the process with status 0 (also after `--help`), 2 for bad arguments, 1 when
/// the judge went away.
///
/// Once the game's last frame is sent the process ends at once (`_exit`): the module is
/// never unloaded and no exit handler or destructor runs, so a thread the module left running
/// cannot crash the host after the game and change a verdict.
pub fn main() -> ! {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    if matches!(args.as_slice(), [flag] if flag == "--help" || flag == "-h") {
        print!("{HELP}");
        let _ = std::io::stdout().flush();
        end(0);
    }
    let request = match HostRequest::from_args(&args) {
        Ok(request) => request,
        Err(message) => {
            eprintln!("mis-host: {message} (mis-host --help says more)");
            end(2);
        }
    };
    let Some(frames) = take_stdout() else {
        eprintln!("mis-host: cannot set up its output");
        end(1);
    };
    empty_stdin();
    // Unbuffered: each frame is one write (a batch is one frame), so nothing is held back
    // but the batch being built, which `emergency` sends if the module kills the host.
    emergency::arm(frames.as_raw_fd());
    let mut out = frames;
    match serve(&request, &mut out).and_then(|()| out.flush()) {
        Ok(()) => end(0),
        Err(error) => {
            eprintln!("mis-host: {error}");
            end(1)
        }
    }
}

/// Ends the process now with `status`, running no exit handler, no destructor of the module
/// and no unloading: whatever threads the module started end with it.
fn end(status: i32) -> ! {
    // SAFETY: _exit only ends the process; everything the host had to say is written (its
    // frames unbuffered, stderr unbuffered).
    unsafe { libc::_exit(status) }
}

extern "C" {
    /// The C library's standard output stream, which a C module prints on.
    static mut stdout: *mut libc::FILE;
}

/// Moves the judge's pipe from descriptor 1 to a new one of the host's own (closed on exec),
/// makes descriptor 1 a copy of standard error, and enlarges the pipe (M1). The C library's
/// `stdout`, which no one has used yet, becomes unbuffered: a module's prints reach standard
/// error as it makes them, and none is left in a buffer when the host ends with `_exit`, as
/// in the drivers.
fn take_stdout() -> Option<File> {
    // SAFETY: plain descriptor calls before any other thread exists; the new descriptor is
    // owned by the returned File alone. `stdout` is the C library's stream, valid for the
    // life of the process; setvbuf is called before any output on it.
    unsafe {
        let frames = libc::fcntl(1, libc::F_DUPFD_CLOEXEC, 3);
        if frames < 0 || libc::dup2(2, 1) < 0 {
            return None;
        }
        // A smaller pipe only costs speed.
        libc::fcntl(frames, libc::F_SETPIPE_SZ, PIPE_BYTES);
        libc::setvbuf(stdout, std::ptr::null_mut(), libc::_IONBF, 0);
        Some(File::from_raw_fd(frames))
    }
}

/// Makes standard input an empty pipe, at its end (M2): a module that reads it meets the end
/// at once, whatever the host was started with (the judge's pipe, a terminal, a file). When
/// no pipe can be made, standard input is closed: a read then fails at once instead.
fn empty_stdin() {
    let mut ends = [-1 as libc::c_int; 2];
    // SAFETY: plain descriptor calls on descriptors this function owns (the pipe's two ends)
    // or that are the process's standard input, before any other thread exists.
    unsafe {
        if libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) != 0 {
            libc::close(0);
            return;
        }
        libc::close(ends[1]);
        // dup2 clears close-on-exec on descriptor 0, which stays for the life of the host.
        if ends[0] != 0 {
            libc::dup2(ends[0], 0);
            libc::close(ends[0]);
        }
    }
}
