//! A running program the judge talks to line by line, within its limits.
//!
//! This file starts the program and holds the conversation; `waiting` waits for its pipes
//! (a blocking read woken by `ticker`'s signal, or a poll), `accounting` measures it and finds
//! the limit it broke, `cleanup` ends the run.

mod accounting;
mod cleanup;
mod closing;
mod first;
mod ticker;
mod trace;
mod waiting;

use super::box_user::BoxUser;
use super::cgroup::Cgroup;
use super::child::{self, Confinement};
use super::errand;
use super::pipes::{self, ReadResult, WriteResult};
use super::procfs::TreeSample;
use super::tree;
use super::wait::{self, Reaped};
use super::{Fault, FaultKind, Halt, Limits, LineBuffer, SpawnError, Usage};
use accounting::Accounted;
use std::ffi::OsString;
use std::os::fd::OwnedFd;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use ticker::Ticker;

pub use closing::{Closing, Notes};

/// How often the judge measures the program (CPU, memory, exit) while it waits.
pub const TICK: Duration = Duration::from_millis(50);

/// How much of the program's standard error the judge keeps (the end of it).
pub const STDERR_TAIL_BYTES: usize = 4096;

/// The largest file the program may write (`RLIMIT_FSIZE`).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// How a [`Process::finish`] went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// `Ok` when the program exited with status 0 within its limits.
    pub result: Result<(), Halt>,
    /// What the run used.
    pub usage: Usage,
    /// What the run's end found beyond that (as [`Process::notes`] says once it is over).
    pub notes: Notes,
}

/// How the program is confined, decided by the [`Launcher`](super::Launcher).
#[derive(Debug, Default)]
pub(crate) struct Placement {
    /// The run's own cgroup, when cgroups are usable.
    pub cgroup: Option<Cgroup>,
    /// Memory charged to the cgroup that is not the program's (bubblewrap's own).
    pub overhead_bytes: u64,
    /// The user of its own the program runs as.
    pub user: Option<BoxUser>,
    /// Whether the change of user happens before exec (else inside the sandbox).
    pub switch_user_before_exec: bool,
    /// Whether the direct child reports a program killed by signal N as exit status 128 + N
    /// (bubblewrap does).
    pub signals_as_status: bool,
    /// Descriptors the program keeps across exec (see [`Confinement`]).
    pub inherit: Vec<OwnedFd>,
    /// Under bubblewrap: what it waits on before it forks the program and what it tells of
    /// its init (see [`Hold`]).
    pub hold: Option<Hold>,
    /// The system-call filter the child installs on itself.
    pub filter: Option<&'static seccompiler::BpfProgram>,
    /// Whether the program runs under the system-call filter (the child's, or bubblewrap's):
    /// then it cannot reach a keyring, and its user's are left as its start emptied them.
    pub filtered: bool,
    /// The program's whole environment (see [`Confinement`]).
    pub env: Option<Vec<(OsString, OsString)>>,
    /// Directories lent to the program's user, given back to the judge when the run ends.
    pub lent: Vec<std::path::PathBuf>,
    /// Private `/tmp` and the like, made by the child (see [`Confinement`]).
    pub mounts: Option<crate::private::PrivateMounts>,
}

/// Under bubblewrap, what the judge holds to follow the program's first process (see
/// `trace`).
#[derive(Debug)]
pub(crate) struct Hold {
    /// What bubblewrap's init waits on before it forks the program (`--block-fd`): written to
    /// or closed once the judge follows it.
    pub release: OwnedFd,
    /// Where bubblewrap writes, as JSON, the pid of its init once it has made it (`--info-fd`).
    pub info: OwnedFd,
}

/// A running program: its pipes, its measured usage and the limits it is held to.
///
/// Dropping a `Process` kills everything it started, like [`abort`](Process::abort).
#[derive(Debug)]
pub struct Process {
    pid: i32,
    command: String,
    limits: Limits,
    cancel: Option<Arc<AtomicBool>>,
    stdin: Option<OwnedFd>,
    stdout: Option<OwnedFd>,
    stderr: Option<OwnedFd>,
    /// Readable once the child has exited (Linux 5.3+); without it, exits are noticed at
    /// the next [`TICK`].
    pidfd: Option<OwnedFd>,
    lines: LineBuffer,
    /// The bytes of the line being written (kept, so that a line costs no allocation).
    outgoing: Vec<u8>,
    /// While lines are read: the timer that wakes this thread every [`TICK`], so that it can
    /// block in a plain read of stdout (see `waiting`). `None`: wait with `poll`.
    ticker: Option<Ticker>,
    /// Whether starting a ticker failed for this process (it is not tried again).
    no_ticker: bool,
    /// [`ticker::ticks`] when the periodic checks last ran in a blocking wait.
    seen_ticks: u64,
    /// Whether stdout is in blocking mode now (only while a blocking wait may use it).
    stdout_blocking: bool,
    /// Whether the last periodic check found stderr empty: a program that writes to stderr
    /// is waited for with `poll`, which drains stderr as it comes.
    stderr_quiet: bool,
    /// Set by [`read_bytes`](Process::read_bytes): stdout is read by the caller, not as lines.
    raw_output: bool,
    discard_output: bool,
    stderr_tail: Vec<u8>,
    waited: Duration,
    last_sample: Instant,
    placement: Placement,
    accounted: Accounted,
    /// Whether a cgroup accounted the run (its figures are in `accounted` once it is gone).
    kernel_accounted: bool,
    sampled: TreeSample,
    peak_rss_bytes: u64,
    peak_vsize_bytes: u64,
    /// The largest anonymous resident memory of the program's own processes seen at once
    /// (see `accounting`): no peak reported is smaller.
    own_pages_peak_bytes: u64,
    /// CPU of orphans the judge reaped as their subreaper (no cgroup).
    orphans_cpu: Duration,
    exited: bool,
    reaped: Option<Reaped>,
    /// Under bubblewrap: the program's first process, watched (see `first`).
    first: first::FirstProcess,
    /// Under bubblewrap: the thread that reads what the first process wrote when it ends
    /// (see `trace`).
    follower: Option<trace::Follower>,
    /// Under bubblewrap, its `--info-fd` pipe, held open until the run ends (see `spawn`).
    _bwrap_info: Option<OwnedFd>,
    /// Whether the program has written a whole line.
    spoke: bool,
    /// What the first process wrote in all (see `first`), once it has ended: no line that
    /// ends beyond it is taken.
    first_wrote: Option<u64>,
    /// What the judge's child wrote before exec that `/proc` counts as its writes (joining
    /// the cgroup; nothing under bubblewrap, whose pid 2 is the first process).
    written_before_exec: u64,
    /// Whether the first process ended while another process of the run went on (see
    /// [`Notes`]).
    outlived_first: bool,
    /// Whether, when the first process's end ended the run in the middle of a read, another
    /// process of the run held its output (see `first_process_ended`).
    output_held_at_first_end: bool,
    /// Whether a process of the run was seen waiting in `clock_nanosleep` (see [`Notes`]).
    slept: bool,
}

impl Process {
    /// Starts `argv` (see [`Launcher::spawn`](super::Launcher::spawn)).
    pub(crate) fn spawn(
        argv: &[OsString],
        working_dir: &Path,
        command: &str,
        limits: Limits,
        cancel: Option<Arc<AtomicBool>>,
        mut placement: Placement,
    ) -> Result<Process, SpawnError> {
        let io_error = |cause| SpawnError::Io {
            command: command.to_owned(),
            cause,
        };
        if argv.is_empty() {
            return Err(SpawnError::EmptyCommand);
        }
        // RLIMIT_CPU is whole seconds; round up and add one so the judge's own, finer check
        // normally fires first and the kernel only catches what escapes it.
        let cpu_seconds =
            limits.cpu_time.as_secs() + u64::from(limits.cpu_time.subsec_nanos() > 0) + 1;
        let mut join_files = Vec::new();
        if let Some(cgroup) = &placement.cgroup {
            let memory = limits.memory_bytes.saturating_add(placement.overhead_bytes);
            cgroup
                .set_limits(memory, limits.max_processes)
                .map_err(io_error)?;
            join_files = cgroup.join_files().map_err(io_error)?;
        }
        // With a cgroup too: what the program orphans then comes back to the judge, which
        // reaps it at the end of the run (else the zombies wait for init, in the cgroup).
        tree::become_subreaper();
        // A change of user inside the sandbox leaves no moment to empty the user's keyrings
        // before the program starts: they are emptied here (and after every run).
        if let (Some(user), false) = (&placement.user, placement.switch_user_before_exec) {
            errand::clear_keyrings_of(user.id);
        }
        let user = placement
            .user
            .as_ref()
            .filter(|_| placement.switch_user_before_exec)
            .map(|user| (user.id, user.id));
        let joined = join_files.len();
        let confinement = Confinement {
            join: join_files,
            // With a cgroup the kernel limits what is used, not what is reserved.
            address_space: placement
                .cgroup
                .is_none()
                .then_some(limits.address_space_bytes()),
            cpu_seconds,
            processes: (placement.cgroup.is_none() && placement.user.is_some())
                .then_some(u64::from(limits.max_processes)),
            user,
            inherit: std::mem::take(&mut placement.inherit),
            filter: placement.filter,
            env: placement.env.take(),
            mounts: placement.mounts.take(),
            end_before_exec: false,
        };
        let started = tree::spawning(|| {
            let started = child::start(argv, working_dir, confinement)?;
            tree::register(started.pid);
            Ok(started)
        })
        .map_err(io_error)?;
        let pid = started.pid;
        let written_before_exec = if placement.signals_as_status {
            0
        } else {
            2 * joined as u64
        };
        // The judge keeps bubblewrap's `--info-fd` open for the whole run, whatever becomes
        // of the follower: a write bubblewrap makes there to a closed pipe would end it.
        let (follower, bwrap_info) = match placement.hold.take() {
            Some(hold) => {
                let keep = hold.info.try_clone().ok();
                (trace::Follower::start(hold), keep)
            }
            None => (None, None),
        };
        let mut process = Process {
            pid,
            command: command.to_owned(),
            limits,
            cancel,
            stdin: Some(started.stdin),
            stdout: Some(started.stdout),
            stderr: Some(started.stderr),
            pidfd: wait::open_pidfd(pid),
            lines: LineBuffer::new(limits.max_line_bytes),
            outgoing: Vec::new(),
            ticker: None,
            no_ticker: false,
            seen_ticks: 0,
            stdout_blocking: false,
            stderr_quiet: true,
            raw_output: false,
            discard_output: false,
            stderr_tail: Vec::new(),
            waited: Duration::ZERO,
            last_sample: Instant::now(),
            kernel_accounted: placement.cgroup.is_some(),
            placement,
            accounted: Accounted::default(),
            sampled: TreeSample::default(),
            peak_rss_bytes: 0,
            peak_vsize_bytes: 0,
            own_pages_peak_bytes: 0,
            orphans_cpu: Duration::ZERO,
            exited: false,
            first: first::FirstProcess::default(),
            follower,
            _bwrap_info: bwrap_info,
            spoke: false,
            first_wrote: None,
            written_before_exec,
            outlived_first: false,
            output_held_at_first_end: false,
            slept: false,
            reaped: None,
        };
        let nonblocking = [&process.stdin, &process.stdout, &process.stderr]
            .into_iter()
            .flatten()
            .try_for_each(pipes::set_nonblocking);
        if let Err(source) = nonblocking {
            process.cleanup();
            return Err(io_error(source));
        }
        Ok(process)
    }

    /// The pid of the started process (the session and process-group leader).
    pub fn pid(&self) -> u32 {
        self.pid as u32
    }

    /// The command line this process runs, for messages.
    pub fn command(&self) -> &str {
        &self.command
    }

    /// Whether the kernel accounts this run (a cgroup of its own) rather than the judge
    /// sampling it.
    pub fn kernel_accounted(&self) -> bool {
        self.kernel_accounted
    }

    /// The user id the program runs as, when it has one of its own.
    pub fn box_uid(&self) -> Option<u32> {
        self.placement.user.as_ref().map(|user| user.id)
    }

    /// Sends one line (a newline is added). A program that closed its input or exited is not
    /// an error here: the next [`read_line`](Self::read_line) reports how it ended.
    pub fn write_line(&mut self, line: &str) -> Result<(), Halt> {
        let mut data = std::mem::take(&mut self.outgoing);
        data.clear();
        data.extend_from_slice(line.as_bytes());
        data.push(b'\n');
        let written = self.write_all(&data);
        self.outgoing = data;
        written
    }

    fn write_all(&mut self, data: &[u8]) -> Result<(), Halt> {
        let mut written = 0;
        while written < data.len() {
            let Some(fd) = &self.stdin else {
                return Ok(());
            };
            match pipes::write_fd(fd, &data[written..]) {
                WriteResult::Wrote(n) => written += n,
                WriteResult::Full => self.wait_step(true)?,
                WriteResult::Closed => self.stdin = None,
            }
        }
        Ok(())
    }

    /// Closes the program's standard input (it reads end of file).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Reads the next line the program writes (without the newline).
    ///
    /// # Process-wide effects
    ///
    /// To wait for the line with a plain blocking `read` rather than `poll`, the first call
    /// on a thread that does not block the tick signal (`SIGRTMIN + 6`) installs, once per
    /// process, a handler for it that only counts, without `SA_RESTART`, when the signal
    /// still has its default disposition (else it is left alone and reads poll). Each
    /// process read this way also arms a POSIX timer sending that signal to the reading
    /// thread every [`TICK`], so a blocked read returns `EINTR` for the periodic checks
    /// (limits, the program's exit, cancellation); other system calls of that thread may see
    /// `EINTR` meanwhile. The timer is deleted when the process is finished, aborted,
    /// dropped or read with [`read_bytes`](Self::read_bytes).
    ///
    /// Fails with a [`Fault`] when the program writes a line that is too long
    /// (protocol_error), exceeds a limit (time_limit, memory_limit), or ends: then the run is
    /// over and the fault says how it ended (see
    /// [`classify_termination`](super::classify_termination); status 0 is early_exit).
    pub fn read_line(&mut self) -> Result<String, Halt> {
        let mut line = String::new();
        self.read_line_into(&mut line)?;
        Ok(line)
    }

    /// Like [`read_line`](Self::read_line), into `line` (cleared first), which saves an
    /// allocation per line; it installs the tick signal's handler and timer as `read_line`
    /// does.
    pub fn read_line_into(&mut self, line: &mut String) -> Result<(), Halt> {
        self.read_line_as(&mut Taken::Text(line))
    }

    /// Like [`read_line_into`](Self::read_line_into), the line's bytes as the program wrote
    /// them: everything before its `\n` (a `\r` before it kept, any byte kept), or, when the
    /// output ends without one, the bytes after the last `\n`. For a protocol that decides
    /// itself which bytes a line may hold.
    pub fn read_line_bytes(&mut self, line: &mut Vec<u8>) -> Result<(), Halt> {
        self.read_line_as(&mut Taken::Bytes(line))
    }

    fn read_line_as(&mut self, line: &mut Taken<'_>) -> Result<(), Halt> {
        loop {
            match line.next(&mut self.lines) {
                Ok(true) => {
                    // Before a line is taken as a move: has the program's first process ended,
                    // or begun to? Then the line must be within what it wrote (see `first`).
                    // Nothing is killed yet: this line may end the conversation, and what the
                    // program does after it is judged as it comes, whenever the first process
                    // ends. The next wait for a line ends the program (below).
                    if self.reaped.is_none() && self.first_process_exited() {
                        self.first_process_counted();
                    }
                    if self.written_after_the_end() {
                        return Err(self.output_ended());
                    }
                    self.spoke = true;
                    return Ok(());
                }
                Ok(false) => {}
                Err(too_long) => {
                    return Err(
                        Fault::new(FaultKind::LineTooLong, format!("wrote {too_long}")).into(),
                    )
                }
            }
            if self.stdout.is_none() {
                if line.rest(&mut self.lines) {
                    if self.written_after_the_end() {
                        return Err(self.output_ended());
                    }
                    return Ok(());
                }
                return Err(self.output_ended());
            }
            // Before each wait for more: has the program's first process ended? Then so has
            // the program (see `first`).
            if self.reaped.is_none() && self.first_process_exited() {
                self.first_process_ended();
                continue;
            }
            if self.blocking_wait_possible() {
                self.wait_blocking()?;
                continue;
            }
            self.leave_blocking();
            if self.last_sample.elapsed() >= TICK {
                self.check_progress()?;
            }
            // With nothing buffered, the answer to the judge's last line is almost never there
            // yet (the program has not run since): wait for it first, rather than try a read
            // that fails; the wait reads it. After part of a line, read first.
            let nothing_buffered = self.lines.room() > self.limits.max_line_bytes;
            if nothing_buffered || !self.read_stdout() {
                self.wait_step(false)?;
            }
        }
    }

    /// Reads at least one byte of what the program writes into `buffer` (not empty), without
    /// looking for lines: for a binary protocol. Fails like [`read_line`](Self::read_line)
    /// when the program exceeds a limit or its output ends. Do not mix it with `read_line` on
    /// one process.
    pub fn read_bytes(&mut self, buffer: &mut [u8]) -> Result<usize, Halt> {
        self.raw_output = true;
        self.stop_ticker();
        // A binary protocol reads the output to its end, which under bubblewrap comes once
        // the sandbox ends with its first process: that end is not held (see `trace`).
        self.release_first();
        loop {
            if self.last_sample.elapsed() >= TICK {
                self.check_progress()?;
            }
            let Some(fd) = self.stdout.as_ref() else {
                return Err(self.output_ended());
            };
            match pipes::read_fd(fd, &mut *buffer) {
                ReadResult::Data(n) => return Ok(n),
                ReadResult::End => self.stdout = None,
                ReadResult::Nothing => self.wait_step(false)?,
            }
        }
    }

    /// The game is over: closes the program's input, waits (within the limits) for it to exit,
    /// kills whatever is left of it and says whether it ended cleanly (status 0, within the
    /// limits). Output written after the game is ignored.
    pub fn finish(mut self) -> Ending {
        self.close_input();
        let waited = self.wait_for_exit();
        self.cleanup();
        let result = match waited {
            Err(halt) => Err(halt),
            Ok(()) => match self.classify(false) {
                Some(fault) => Err(fault.into()),
                None => Ok(()),
            },
        };
        Ending {
            result,
            usage: self.usage(),
            notes: self.notes(),
        }
    }

    /// Kills everything the program started now and returns what the run used.
    pub fn abort(mut self) -> Usage {
        self.cleanup();
        self.usage()
    }

    /// The last [`STDERR_TAIL_BYTES`] bytes the program wrote to standard error.
    pub fn stderr_tail(&self) -> String {
        String::from_utf8_lossy(&self.stderr_tail).into_owned()
    }

    /// Whether the line just taken ends beyond what the first process wrote, once it has
    /// ended (see `first`): something it left behind wrote it, and it is no move.
    fn written_after_the_end(&self) -> bool {
        self.first_wrote
            .is_some_and(|wrote| self.lines.taken() > wrote)
    }

    /// The program's output ended in the middle of the game: wait for its exit, then judge it.
    fn output_ended(&mut self) -> Halt {
        if let Err(halt) = self.wait_for_exit() {
            return halt;
        }
        self.cleanup();
        let fault = self.classify(true);
        Halt::Fault(fault.unwrap_or_else(|| {
            Fault::new(
                FaultKind::EndedEarly,
                "ended its output before the game was over",
            )
        }))
    }
}

/// Where a line read goes: text (invalid UTF-8 replaced, a `\r` before the `\n` dropped) or
/// the bytes as written.
enum Taken<'a> {
    Text(&'a mut String),
    Bytes(&'a mut Vec<u8>),
}

impl Taken<'_> {
    /// The next complete line, if one is buffered.
    fn next(&mut self, lines: &mut LineBuffer) -> Result<bool, super::LineTooLong> {
        match self {
            Taken::Text(line) => lines.next_line_into(line),
            Taken::Bytes(line) => lines.next_line_bytes(line),
        }
    }

    /// The unterminated last line, at the end of the output, if there is one.
    fn rest(&mut self, lines: &mut LineBuffer) -> bool {
        match self {
            Taken::Text(line) => match lines.take_rest() {
                Some(rest) => {
                    **line = rest;
                    true
                }
                None => false,
            },
            Taken::Bytes(line) => lines.take_rest_bytes(line).unwrap_or(false),
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.cleanup();
    }
}
