#![doc = include_str!("../README.md")]
//!
//! # The API in short
//!
//! A [`Launcher`] describes what to run ([`ProgramCommand`]), under which [`Limits`] and in
//! which [`Sandbox`]; [`Launcher::spawn`] starts a [`Process`] the caller then talks to line by
//! line with [`Process::write_line`] and [`Process::read_line`] (or
//! [`Process::read_line_bytes`], the line's bytes as written), and ends with
//! [`Process::finish`] (the dialogue is over, the program must exit cleanly),
//! [`Process::finish_output`] (the same, by a protocol that says what may follow the last
//! line: the output is read to its end, each piece checked, and must end within a bounded
//! time whoever holds it), [`Process::abort_at_line`] (a line the caller refuses: it stands
//! only if the program's first process wrote it) or [`Process::abort`] (the caller has seen
//! enough).
//!
//! # Unsafe code and process-wide effects
//!
//! Every `unsafe` block of the judge is in this crate (system calls `rustix` does not wrap
//! safely: signal handlers, POSIX timers, the child's work between fork and exec), each with
//! the reason it is sound. The process-wide effects listed above are installed by
//! [`interrupt_flag`] (SIGINT, SIGTERM, SIGHUP), [`Launcher::spawn`] (SIGPIPE ignored, the
//! child subreaper), [`Process::read_line`] / [`Process::read_line_into`] (the tick signal's
//! handler and the thread's timer, see [`TICK`]) and [`SharedCpu::enter`] (the thread's CPU
//! affinity, until dropped); each says so in its documentation.
//!
//! # The modules, layer by layer
//!
//! Each module imports only modules of the layers above it in this table (lower layers are
//! listed first): no module imports, directly or through others, one that imports it. Each
//! mechanism depends only on the shared utilities; the probes try the mechanisms; the launcher
//! puts them together.
//!
//! | Layer | Module | Its job | Its API (public, or to the crate) |
//! |---|---|---|---|
//! | utility | `error` | why a program could not be started (a judge error) | [`SpawnError`] |
//! | utility | `fault` | how a conversation can stop early, as the sandbox saw it | [`Fault`], [`FaultKind`], [`Halt`] |
//! | utility | `limits`, `usage` | the limits a run gets, and what it used | [`Limits`], [`Usage`] |
//! | utility | `lines` | a bounded line buffer | [`LineBuffer`], [`LineTooLong`] |
//! | utility | `termination` | how a program ended, and its fault | [`Termination`], [`classify_termination`] |
//! | utility | `procfs` | reading `/proc`: a process, a tree, every process | `stat_and_ending_of`, `members`, `sample_tree` |
//! | utility | `signal` | one system call each: kill, sessions, subreaper, SIGPIPE, uid | `kill`, `kill_group`, `effective_uid` |
//! | utility | `command` | what to run, and `$PATH` lookups | [`ProgramCommand`], `find_in_path` |
//! | utility | `environment` | the fixed environment every program gets | [`SYSTEM_PATH`], `environment`, `find_program` |
//! | utility | `walk` | how the kernel walks a named path, and whose links it follows | [`link_reader`], [`read_as`], `walk` |
//! | utility | `wait` | waiting for a child: exited yet, reaped with its rusage, a pidfd | `has_exited`, `reap`, `open_pidfd` |
//! | utility | `pipes` | non-blocking reads, writes and polls on a program's pipes | `read_fd`, `write_fd`, `poll` |
//! | utility | `cpu`, `interrupt`, `parallel` | a dialogue on one CPU; Ctrl-C; tests on threads in order | [`SharedCpu`], [`interrupt_flag`], [`run_in_order`] |
//! | mechanism | `cgroup` | a cgroup per run (v1 or v2): accounting, limits, kill all | [`CgroupRoot`], [`Cgroup`] |
//! | mechanism | `box_user` | a user of its own per run, locked machine-wide | [`BOX_ID_BASE`], [`BOX_LOCK_DIR`], `BoxUser` |
//! | mechanism | `private` | private `/tmp` and the like without bubblewrap (a mount namespace) | [`PRIVATE_DIRS`], `PrivateMounts` |
//! | mechanism | `seccomp` | the system-call filter, compiled once | `program`, `program_bytes` |
//! | mechanism | `confinement` | bubblewrap: what a program sees (`View`) and its command line; the path helpers (named files, reachable by others) | [`SANDBOX_TMP_BYTES`], `View`, `bwrap_argv`, `named_paths`, `reachable` |
//! | mechanism | `lending` | a build directory lent to a box user, and taken back | `lend`, `reclaim` |
//! | mechanism | `tree` | without a cgroup: a run's processes found, measured and killed from `/proc` | `sample`, `kill_everything` |
//! | starting | `child` | fork and exec: the mechanisms applied between the two | `Confinement`, `start` |
//! | starting | `errand` | the judge's own short runs, to their end (the probes' tries, a box user's keyrings emptied) | `succeeds`, `clear_keyrings_of` |
//! | probes | `isolation` | what this machine allows, tried once per judge process | [`Isolation`], [`IsolationRecord`], [`ISOLATION_ENV`] |
//! | policy | `sandbox` | the sandbox asked for, what [`Sandbox::Auto`] stands for here | [`Sandbox`] |
//! | running | `process` (with `waiting`, `ticker`, `accounting`, `first`, `trace`, `closing`, `cleanup`) | the conversation with a running program, its usage and its end; under bubblewrap its first process followed with `ptrace` from its fork, so that what it wrote is read from its zombie, which is held until the judge lets the sandbox end (`trace`); the output after the last line read to its end within a bound (`closing`) | [`Process`], [`Ending`], [`Closing`], [`Notes`], [`TICK`] |
//! | running | `launcher` | the recipe of a run: decides every level and starts the [`Process`] | [`Launcher`] |
//!
//! # What is enforced, and how
//!
//! [`Isolation::detect`] probes once what the machine allows; every run gets all of it:
//!
//! - **A cgroup per run** (v1 or v2, see [`CgroupRoot`]) when cgroups are writable: the child
//!   joins it between fork and exec, so every process and thread the program ever starts is
//!   in it, whatever it does (`setsid`, double forks, ignoring SIGCHLD). CPU time is the
//!   cgroup's (`cpuacct.usage` / `cpu.stat`), checked every [`TICK`] and read once more at
//!   the end; memory is limited by the kernel (`memory.limit_in_bytes` / `memory.max`, swap
//!   included) and its peak is the cgroup's, so pages never touched do not count, and an
//!   out-of-memory kill in the cgroup is `memory_limit` whatever the program did then;
//!   [`Limits::max_processes`] is its `pids.max`. At the end the cgroup is frozen, every
//!   process in it killed, and the cgroup removed once empty. Under bubblewrap, the memory
//!   bubblewrap itself needs (measured once) is added to the limit and taken off the peak.
//! - **Without cgroups**, the judge samples `/proc/<pid>/stat` of the tree every [`TICK`]
//!   (CPU, resident memory), `RLIMIT_AS` limits each process, and the judge is the child
//!   subreaper (`PR_SET_CHILD_SUBREAPER`) of everything its programs orphan: at the end of a
//!   run it kills the process group, the session, every descendant and every orphan that
//!   came back to it, and counts the orphans' CPU when it reaps them.
//! - **A user of its own** when the judge runs as root ([`Sandbox::None`], [`Sandbox::Bwrap`]):
//!   a uid and gid from [`BOX_ID_BASE`] up, distinct for every program running on the machine
//!   under any judge process (a lock per id in [`BOX_LOCK_DIR`]), no supplementary
//!   groups, no capabilities, `no_new_privs`. The program can then neither signal the judge
//!   nor read what only root may read nor write the judge's files. Its files must be reachable by other users (under
//!   bubblewrap only their own permissions count: the sandbox makes the directories on the
//!   way); when one is not, it runs as the judge's user and [`Launcher::describe_isolation`]
//!   says why.
//! - **Under bubblewrap** ([`Sandbox::Bwrap`]) it sees a read-only system and exactly the files
//!   its command names, with a private `/tmp`: not the tests, the reports or other submissions.
//!   Its `/dev/pts` is an empty, read-only directory: no terminal to open, so it cannot
//!   exhaust those the machine's devpts instances share.
//!   As root, bubblewrap starts as the program's own user, in a user namespace of its own
//!   (else `setpriv` changes the user inside).
//! - **A system-call filter** (seccomp, in every sandbox but [`Sandbox::Trusted`]): no sockets, so
//!   no network; no io_uring; no new user namespaces; nothing the kernel shares with the
//!   whole machine (the key calls, `io_setup`, `perf_event_open`, `memfd_secret`,
//!   `pidfd_open`, `kcmp`, `ptrace`).
//! - **A fresh, empty session keyring** (always): nothing of the judge's keyrings (a login's,
//!   holding the organiser's keys) reaches a run; a box user's own keyrings are emptied
//!   before each of its runs, and after one the filter did not confine (under it no key
//!   call reaches them).
//! - **Private `/tmp`, `/var/tmp`, `/dev/shm` and `/run/lock` without bubblewrap**, as root
//!   ([`Sandbox::None`]): a mount namespace per run puts a fresh, bounded tmpfs on each
//!   ([`PRIVATE_DIRS`]), so a run leaves nothing behind and cannot fill the disk; a `devpts`
//!   instance of its own gives it at most [`PRIVATE_PTYS`] terminals.
//! - **A fixed environment** (`PATH` of the system's directories, `HOME` and `TMPDIR` of its
//!   own, a UTF-8 locale; see [`SYSTEM_PATH`]): nothing of the judge's own.
//! - **Links** on the way to a file the command names are made again under bubblewrap (so
//!   `..` leads where it leads outside), and a file reached through one is shown to the
//!   program only when the link's owner may read it ([`link_reader`]).
//! - **Always**: its own session and process group; `RLIMIT_CPU` (the limit rounded up,
//!   plus one second) as a backstop; `RLIMIT_CORE` 0; `RLIMIT_FSIZE` caps files at
//!   [`MAX_FILE_BYTES`]; `PR_SET_PDEATHSIG` so the program dies with the judge's thread.
//! - **Wall clock.** [`Limits::wall_time`] is charged only while the judge waits for the program
//!   (reading its output or writing to a full pipe), never while the judge computes the
//!   opponent's move.
//! - **Bounded reads.** Output is read through a fixed-size buffer: a line longer than
//!   [`Limits::max_line_bytes`] is a protocol error, and standard error keeps only its last
//!   [`STDERR_TAIL_BYTES`] bytes, so a flooding program cannot grow the judge's memory.
//! - **Writes** never raise SIGPIPE in the judge (Rust binaries ignore it, and the launcher
//!   ignores it in a host that left it at its default; a closed pipe shows as the program's end
//!   at the next read) and never block forever (non-blocking pipe + poll).
//! - **Waiting for a line** is a plain blocking read of the program's output, which a timer
//!   signal to the judge's thread ends every [`TICK`] for the checks (limits, exit, stderr,
//!   cancellation); near the wall-clock limit, after the program's exit and while it writes to
//!   stderr the judge polls instead. Either way no read outlasts two ticks (a signal that
//!   lands just before the read begins is caught by the next one).
//!
//! How a run stops early is a [`Fault`] of a [`FaultKind`] the sandbox itself observed (a
//! limit, the program's end, output it could not take), with a one-line reason; how an abnormal
//! end is classified is documented on [`classify_termination`]. What a fault is worth (a
//! verdict) is for the judge to say: the sandbox knows no game.
//! [`untrusted`] (the crate `duel-untrusted`, re-exported) shows what a program wrote clipped
//! and escaped, safe for a terminal or a log.
//! [`run_in_order`] runs tests on several threads and hands their results over in test order.

mod box_user;
mod cgroup;
mod child;
mod command;
mod confinement;
mod cpu;
mod environment;
mod errand;
mod error;
mod fault;
mod interrupt;
mod isolation;
mod launcher;
mod lending;
mod limits;
mod lines;
mod parallel;
mod pipes;
mod private;
mod process;
mod procfs;
mod sandbox;
mod seccomp;
mod signal;
mod termination;
mod tree;
mod usage;
mod wait;
mod walk;

pub use box_user::{BOX_ID_BASE, BOX_LOCK_DIR, BOX_SLOTS};
pub use cgroup::{Cgroup, CgroupRoot, CgroupVersion};
pub use command::ProgramCommand;
pub use confinement::SANDBOX_TMP_BYTES;
pub use cpu::SharedCpu;
/// Showing what a program wrote clipped and escaped (`duel-untrusted`).
pub use duel_untrusted as untrusted;
pub use environment::{PROGRAM_HOME, PROGRAM_LOCALE, SYSTEM_PATH};
pub use error::SpawnError;
pub use fault::{Fault, FaultKind, Halt};
pub use interrupt::{interrupt_flag, interrupting_signal, ECHO_WINDOW};
pub use isolation::{unreachable_program, Isolation, IsolationRecord, ISOLATION_ENV};
pub use launcher::Launcher;
pub use limits::Limits;
pub use lines::{LineBuffer, LineTooLong};
pub use parallel::{run_in_order, Completion};
pub use private::{PRIVATE_DIRS, PRIVATE_DIR_BYTES, PRIVATE_PTYS};
pub use process::{Closing, Ending, Notes, Process, MAX_FILE_BYTES, STDERR_TAIL_BYTES, TICK};
pub use sandbox::Sandbox;
pub use termination::{
    classify_termination, Termination, MEMORY_NEAR_LIMIT_PERCENT, OUT_OF_MEMORY_MARKERS,
};
pub use usage::{Usage, PEAK_RESOLUTION_BYTES, SANDBOX_PEAK_RESOLUTION_BYTES};
pub use walk::{link_reader, read_as, LINK_READER_ID};
