//! Running an untrusted program with limits: the game-agnostic half of the judge.
//!
//! A [`Launcher`] describes what to run ([`ProgramCommand`]), under which [`Limits`] and in
//! which [`Sandbox`]; [`Launcher::spawn`] starts a [`Process`] the judge then talks to line by
//! line with [`Process::write_line`] and [`Process::read_line`], and ends with
//! [`Process::finish`] (the game is over, the program must exit cleanly) or [`Process::abort`]
//! (the judge has seen enough).
//!
//! # What is enforced, and how
//!
//! - **Own session and process group.** The program runs as `sh -c CMD` (or an argv) after
//!   `setsid()`, so its process group and session ids equal its pid. At the end of every run the
//!   judge kills (SIGKILL) the process group, every process of the session, and every live
//!   descendant of the program, repeating until none is left, so forked children never outlive
//!   their test. A child that calls `setsid()` *and* is orphaned escapes this sweep; under
//!   `--sandbox bwrap` the PID namespace takes it down as well.
//! - **CPU time.** The CPU time (user + system) of the whole process tree is sampled from
//!   `/proc/<pid>/stat` every [`TICK`] while the judge waits for the program, and the program is
//!   stopped as soon as it exceeds [`Limits::cpu_time`]. `RLIMIT_CPU` (the limit rounded up, plus
//!   one second) is a backstop in every process. The final figure is the larger of the last sample
//!   and `wait4`'s rusage of the direct child (which includes its reaped children).
//! - **Wall clock.** [`Limits::wall_time`] is charged only while the judge waits for the program
//!   (reading its output or writing to a full pipe), never while the judge computes the
//!   opponent's move.
//! - **Memory.** `RLIMIT_AS` is set to [`Limits::memory_bytes`] in every process, and the
//!   resident memory of the whole tree is sampled with the CPU time; a tree above the limit is
//!   killed. The reported peak is the larger of the sampled tree total and `ru_maxrss`.
//!   `RLIMIT_CORE` is 0 and `RLIMIT_FSIZE` caps files the program writes at [`MAX_FILE_BYTES`].
//!   `RLIMIT_NPROC` is not used: it counts every process of the user, judge included.
//! - **Bounded reads.** Output is read through a fixed-size buffer: a line longer than
//!   [`Limits::max_line_bytes`] is a protocol error, and standard error keeps only its last
//!   [`STDERR_TAIL_BYTES`] bytes, so a flooding program cannot grow the judge's memory.
//! - **Writes** never raise SIGPIPE in the judge (Rust binaries ignore it, and the launcher
//!   ignores it in a host that left it at its default; a closed pipe shows as the program's end
//!   at the next read) and never block forever (non-blocking pipe + poll).
//! - **The judge's death** (a second Ctrl-C, a crash) takes its programs along:
//!   `PR_SET_PDEATHSIG` kills the program when the thread that spawned it ends.
//!
//! How an abnormal end becomes a verdict is documented on [`classify_termination`].
//! [`run_in_order`] runs tests on several threads and hands their results over in test order.

mod command;
mod error;
mod fault;
mod launcher;
mod limits;
mod lines;
mod parallel;
mod process;
mod procfs;
mod sandbox;
mod termination;
mod usage;

pub use command::ProgramCommand;
pub use error::SpawnError;
pub use fault::{Fault, Halt};
pub use launcher::Launcher;
pub use limits::Limits;
pub use lines::{LineBuffer, LineTooLong};
pub use parallel::{run_in_order, Completion};
pub use process::{Ending, Process, MAX_FILE_BYTES, STDERR_TAIL_BYTES, TICK};
pub use sandbox::Sandbox;
pub use termination::{
    classify_termination, Termination, MEMORY_NEAR_LIMIT_PERCENT, OUT_OF_MEMORY_MARKERS,
};
pub use usage::Usage;
