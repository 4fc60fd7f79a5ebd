//! A running program the judge talks to line by line, within its limits.

use super::procfs::{self, TreeSample};
use super::termination::{cpu_limit_fault, megabytes, seconds};
use super::{
    classify_termination, Fault, Halt, Limits, LineBuffer, SpawnError, Termination, Usage,
};
use crate::Verdict;
use std::ffi::OsString;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often the judge measures the process tree (CPU, memory, exit) while it waits.
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
}

/// What the final `wait4` told.
#[derive(Debug, Clone, Copy)]
struct Reaped {
    termination: Termination,
    cpu: Duration,
    max_rss_bytes: u64,
}

/// A running program: its pipes, its measured usage and the limits it is held to.
///
/// Dropping a `Process` kills its whole tree, like [`abort`](Process::abort).
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
    discard_output: bool,
    stderr_tail: Vec<u8>,
    waited: Duration,
    last_sample: Instant,
    sampled: TreeSample,
    peak_rss_bytes: u64,
    peak_vsize_bytes: u64,
    exited: bool,
    reaped: Option<Reaped>,
}

impl Process {
    /// Starts `argv` (see [`Launcher::spawn`](super::Launcher::spawn)).
    pub(crate) fn spawn(
        argv: &[OsString],
        working_dir: &Path,
        command: &str,
        limits: Limits,
        cancel: Option<Arc<AtomicBool>>,
    ) -> Result<Process, SpawnError> {
        let io_error = |source| SpawnError::Io {
            command: command.to_owned(),
            source,
        };
        let (program, args) = argv.split_first().ok_or(SpawnError::EmptyCommand)?;
        let mut builder = Command::new(program);
        builder
            .args(args)
            .current_dir(working_dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let memory = limits.memory_bytes;
        // RLIMIT_CPU is whole seconds; round up and add one so the judge's own, finer check
        // normally fires first and the kernel only catches what escapes it.
        let cpu_seconds =
            limits.cpu_time.as_secs() + u64::from(limits.cpu_time.subsec_nanos() > 0) + 1;
        let judge_pid = std::process::id() as libc::pid_t;
        // SAFETY: the closure runs between fork and exec and only calls async-signal-safe
        // functions (setsid, prctl, getppid, getrlimit, setrlimit) on copies of plain integers.
        unsafe {
            builder.pre_exec(move || {
                if libc::setsid() < 0 {
                    return Err(io::Error::last_os_error());
                }
                // If the judge dies (a second Ctrl-C, a crash), its programs die with it.
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
                if libc::getppid() != judge_pid {
                    return Err(io::Error::from_raw_os_error(libc::ESRCH));
                }
                lower_limit(libc::RLIMIT_AS, memory, memory)?;
                lower_limit(libc::RLIMIT_CPU, cpu_seconds, cpu_seconds + 1)?;
                lower_limit(libc::RLIMIT_CORE, 0, 0)?;
                lower_limit(libc::RLIMIT_FSIZE, MAX_FILE_BYTES, MAX_FILE_BYTES)?;
                Ok(())
            });
        }
        let mut child = builder.spawn().map_err(io_error)?;
        let pid = child.id() as i32;
        let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        // The std handle is not needed any more: the judge waits for the pid itself (with
        // rusage), and dropping a Child neither kills nor reaps it.
        drop(child);
        let (Some(stdin), Some(stdout), Some(stderr)) = pipes else {
            unreachable!("all three pipes were requested")
        };
        let mut process = Process {
            pid,
            command: command.to_owned(),
            limits,
            cancel,
            stdin: Some(stdin.into()),
            stdout: Some(stdout.into()),
            stderr: Some(stderr.into()),
            pidfd: open_pidfd(pid),
            lines: LineBuffer::new(limits.max_line_bytes),
            discard_output: false,
            stderr_tail: Vec::new(),
            waited: Duration::ZERO,
            last_sample: Instant::now(),
            sampled: TreeSample::default(),
            peak_rss_bytes: 0,
            peak_vsize_bytes: 0,
            exited: false,
            reaped: None,
        };
        let fds: Vec<RawFd> = [&process.stdin, &process.stdout, &process.stderr]
            .into_iter()
            .flatten()
            .map(AsRawFd::as_raw_fd)
            .collect();
        if let Err(source) = fds.into_iter().try_for_each(set_nonblocking) {
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

    /// Sends one line (a newline is added). A program that closed its input or exited is not
    /// an error here: the next [`read_line`](Self::read_line) reports how it ended.
    pub fn write_line(&mut self, line: &str) -> Result<(), Halt> {
        let mut data = Vec::with_capacity(line.len() + 1);
        data.extend_from_slice(line.as_bytes());
        data.push(b'\n');
        let mut written = 0;
        while written < data.len() {
            let Some(fd) = self.stdin.as_ref().map(AsRawFd::as_raw_fd) else {
                return Ok(());
            };
            let rest = &data[written..];
            // SAFETY: `rest` is a valid buffer of `rest.len()` bytes; fd is our open pipe.
            let n = unsafe { libc::write(fd, rest.as_ptr().cast(), rest.len()) };
            if n >= 0 {
                written += n as usize;
                continue;
            }
            match io::Error::last_os_error().raw_os_error() {
                Some(libc::EAGAIN) => self.wait_step(true)?,
                Some(libc::EINTR) => {}
                // EPIPE and anything else: the program will not read any more.
                _ => self.stdin = None,
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
    /// Fails with a [`Fault`] when the program writes a line that is too long
    /// (protocol_error), exceeds a limit (time_limit, memory_limit), or ends: then the run is
    /// over and the fault says how it ended (see
    /// [`classify_termination`](super::classify_termination); status 0 is early_exit).
    pub fn read_line(&mut self) -> Result<String, Halt> {
        loop {
            match self.lines.next_line() {
                Ok(Some(line)) => return Ok(line),
                Ok(None) => {}
                Err(too_long) => {
                    return Err(
                        Fault::new(Verdict::ProtocolError, format!("wrote {too_long}")).into(),
                    )
                }
            }
            if self.last_sample.elapsed() >= TICK {
                self.check_progress()?;
            }
            if self.stdout.is_none() {
                if let Some(rest) = self.lines.take_rest() {
                    return Ok(rest);
                }
                return Err(self.output_ended());
            }
            if !self.read_stdout() {
                self.wait_step(false)?;
            }
        }
    }

    /// The game is over: closes the program's input, waits (within the limits) for it to exit,
    /// kills whatever is left of its tree and says whether it ended cleanly (status 0, within
    /// the CPU limit). Output written after the game is ignored.
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
        }
    }

    /// Kills the whole tree now and returns what the run used.
    pub fn abort(mut self) -> Usage {
        self.cleanup();
        self.usage()
    }

    /// What the run used so far (final once the process has ended).
    pub fn usage(&self) -> Usage {
        let (cpu, max_rss) = match self.reaped {
            Some(reaped) => (reaped.cpu, reaped.max_rss_bytes),
            None => (Duration::ZERO, 0),
        };
        Usage {
            cpu: cpu.max(self.sampled.cpu),
            wall: self.waited,
            peak_memory_bytes: max_rss.max(self.peak_rss_bytes),
            peak_address_space_bytes: self.peak_vsize_bytes,
        }
    }

    /// The last [`STDERR_TAIL_BYTES`] bytes the program wrote to standard error.
    pub fn stderr_tail(&self) -> String {
        String::from_utf8_lossy(&self.stderr_tail).into_owned()
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
                Verdict::EarlyExit,
                "ended its output before the game was over",
            )
        }))
    }

    fn classify(&self, mid_game: bool) -> Option<Fault> {
        let reaped = self.reaped?;
        classify_termination(
            reaped.termination,
            &self.usage(),
            &self.limits,
            &self.stderr_tail(),
            mid_game,
        )
    }

    /// Waits until the direct child has exited, discarding its output meanwhile.
    fn wait_for_exit(&mut self) -> Result<(), Halt> {
        self.discard_output = true;
        loop {
            if self.exited || self.reaped.is_some() {
                return Ok(());
            }
            if !self.read_stdout() {
                self.wait_step(false)?;
            }
        }
    }

    /// One wait of at most [`TICK`] for output (or room to write), charged to the wall clock,
    /// followed by the periodic checks.
    fn wait_step(&mut self, want_write: bool) -> Result<(), Halt> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Err(Halt::Cancelled);
        }
        let remaining = self.limits.wall_time.saturating_sub(self.waited);
        if remaining.is_zero() {
            return Err(self.wall_limit_fault().into());
        }
        let timeout = if self.exited {
            Duration::ZERO
        } else {
            remaining.min(TICK)
        };
        let mut fds = Vec::with_capacity(3);
        let stdout_wanted = self.discard_output || self.lines.room() > 0;
        if let (Some(fd), true) = (&self.stdout, stdout_wanted) {
            fds.push(pollfd(fd.as_raw_fd(), libc::POLLIN));
        }
        if let Some(fd) = &self.stderr {
            fds.push(pollfd(fd.as_raw_fd(), libc::POLLIN));
        }
        if let (Some(fd), true) = (&self.stdin, want_write) {
            fds.push(pollfd(fd.as_raw_fd(), libc::POLLOUT));
        }
        if let (Some(fd), false) = (&self.pidfd, self.exited) {
            fds.push(pollfd(fd.as_raw_fd(), libc::POLLIN));
        }
        let started = Instant::now();
        // SAFETY: `fds` is a valid array of `fds.len()` pollfd structures.
        let ready = unsafe {
            libc::poll(
                fds.as_mut_ptr(),
                fds.len() as libc::nfds_t,
                timeout.as_millis().max(u128::from(!timeout.is_zero())) as libc::c_int,
            )
        };
        self.waited += started.elapsed();
        let ready = ready.max(0);
        let is_ready = |fd: &Option<OwnedFd>| {
            fd.as_ref()
                .is_some_and(|fd| fds.iter().any(|p| p.fd == fd.as_raw_fd() && p.revents != 0))
        };
        if is_ready(&self.stdout) {
            self.read_stdout();
        }
        if is_ready(&self.stderr) {
            self.read_stderr();
        }
        if is_ready(&self.pidfd) {
            self.exited = has_exited(self.pid);
        }
        if self.exited && ready == 0 {
            // The program is gone but something it started still holds the pipes open:
            // nothing more is coming.
            self.stdout = None;
            self.stdin = None;
        }
        if ready == 0 || self.last_sample.elapsed() >= TICK {
            self.check_progress()?;
        }
        Ok(())
    }

    /// Reads what stdout has now, without waiting. Returns whether anything was read (or the
    /// end of the stream was reached).
    fn read_stdout(&mut self) -> bool {
        let Some(fd) = self.stdout.as_ref().map(AsRawFd::as_raw_fd) else {
            return false;
        };
        let mut chunk = [0u8; 4096];
        let room = if self.discard_output {
            chunk.len()
        } else {
            self.lines.room().min(chunk.len())
        };
        if room == 0 {
            return false;
        }
        match read_fd(fd, &mut chunk[..room]) {
            ReadResult::Data(n) => {
                if !self.discard_output {
                    self.lines.extend(&chunk[..n]);
                }
                true
            }
            ReadResult::End => {
                self.stdout = None;
                true
            }
            ReadResult::Nothing => false,
        }
    }

    /// Drains what stderr has now into the bounded tail.
    fn read_stderr(&mut self) {
        let Some(fd) = self.stderr.as_ref().map(AsRawFd::as_raw_fd) else {
            return;
        };
        let mut chunk = [0u8; 4096];
        // A bounded number of reads, so a program flooding stderr cannot keep the judge here.
        for _ in 0..16 {
            match read_fd(fd, &mut chunk) {
                ReadResult::Data(n) => {
                    self.stderr_tail.extend_from_slice(&chunk[..n]);
                    let excess = self.stderr_tail.len().saturating_sub(STDERR_TAIL_BYTES);
                    self.stderr_tail.drain(..excess);
                }
                ReadResult::End => {
                    self.stderr = None;
                    return;
                }
                ReadResult::Nothing => return,
            }
        }
    }

    /// Measures the tree, notices the child's exit, and enforces the CPU and memory limits.
    fn check_progress(&mut self) -> Result<(), Halt> {
        self.last_sample = Instant::now();
        if self.reaped.is_some() {
            return Ok(());
        }
        if !self.exited {
            self.exited = has_exited(self.pid);
        }
        self.record(procfs::sample_tree(self.pid));
        let usage = self.usage();
        if usage.cpu > self.limits.cpu_time {
            return Err(cpu_limit_fault(&usage, &self.limits).into());
        }
        if self.sampled.rss_bytes > self.limits.memory_bytes {
            return Err(Fault::new(
                Verdict::MemoryLimit,
                format!(
                    "its processes used {} of resident memory, over the {} limit",
                    megabytes(self.sampled.rss_bytes),
                    megabytes(self.limits.memory_bytes)
                ),
            )
            .into());
        }
        Ok(())
    }

    fn record(&mut self, sample: TreeSample) {
        if sample.processes == 0 {
            return;
        }
        let cpu = self.sampled.cpu.max(sample.cpu);
        self.peak_rss_bytes = self.peak_rss_bytes.max(sample.rss_bytes);
        self.peak_vsize_bytes = self.peak_vsize_bytes.max(sample.max_vsize_bytes);
        self.sampled = TreeSample { cpu, ..sample };
    }

    fn wall_limit_fault(&self) -> Fault {
        Fault::new(
            Verdict::TimeLimit,
            format!(
                "wall-clock limit of {} exceeded while waiting for the program",
                seconds(self.limits.wall_time)
            ),
        )
    }

    /// Kills every process of the run, reaps the direct child and keeps its rusage. Idempotent.
    fn cleanup(&mut self) {
        if self.reaped.is_some() {
            return;
        }
        // Measure before killing: grandchildren are never reaped by the judge, so this is the
        // only time their CPU is seen.
        let members = procfs::members(self.pid, &procfs::all_processes());
        self.record(procfs::summarize(&members));
        kill_tree(self.pid, members);
        self.reaped = Some(reap(self.pid));
        self.exited = true;
        // What the program wrote to stderr before dying is still in the pipe.
        self.read_stderr();
        self.stdin = None;
        self.stdout = None;
        self.stderr = None;
        self.pidfd = None;
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.cleanup();
    }
}

/// Lowers a resource limit to (soft, hard), never above the current hard limit (raising it
/// would fail for an unprivileged judge).
macro_rules! lower_limit_impl {
    ($resource:expr, $soft:expr, $hard:expr) => {{
        let mut current = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit/setrlimit only read/write the struct passed.
        if unsafe { libc::getrlimit($resource, &mut current) } != 0 {
            return Err(io::Error::last_os_error());
        }
        let hard = ($hard as libc::rlim_t).min(current.rlim_max);
        let wanted = libc::rlimit {
            rlim_cur: ($soft as libc::rlim_t).min(hard),
            rlim_max: hard,
        };
        if unsafe { libc::setrlimit($resource, &wanted) } != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }};
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn lower_limit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) -> io::Result<()> {
    lower_limit_impl!(resource, soft, hard)
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn lower_limit(resource: libc::c_int, soft: u64, hard: u64) -> io::Result<()> {
    lower_limit_impl!(resource, soft, hard)
}

fn set_nonblocking(fd: RawFd) -> io::Result<()> {
    // SAFETY: fcntl on an fd we own, with integer arguments only.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

fn pollfd(fd: RawFd, events: libc::c_short) -> libc::pollfd {
    libc::pollfd {
        fd,
        events,
        revents: 0,
    }
}

enum ReadResult {
    Data(usize),
    End,
    Nothing,
}

fn read_fd(fd: RawFd, buffer: &mut [u8]) -> ReadResult {
    loop {
        // SAFETY: `buffer` is valid for `buffer.len()` bytes; fd is our open, non-blocking pipe.
        let n = unsafe { libc::read(fd, buffer.as_mut_ptr().cast(), buffer.len()) };
        if n > 0 {
            return ReadResult::Data(n as usize);
        }
        if n == 0 {
            return ReadResult::End;
        }
        match io::Error::last_os_error().raw_os_error() {
            Some(libc::EINTR) => continue,
            Some(libc::EAGAIN) => return ReadResult::Nothing,
            // Any other error on our own pipe: treat the stream as ended.
            _ => return ReadResult::End,
        }
    }
}

/// A pidfd for the child, if the kernel has them.
fn open_pidfd(pid: i32) -> Option<OwnedFd> {
    use std::os::fd::FromRawFd;
    // SAFETY: pidfd_open takes a pid and flags and returns a new fd or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    // SAFETY: a non-negative result is a fresh fd that nothing else owns.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// Whether the child has exited, without reaping it: its pid (and with it the process-group
/// and session ids used to find its tree) stays reserved until [`reap`].
fn has_exited(pid: i32) -> bool {
    // SAFETY: siginfo_t is plain data; waitid with WNOWAIT only fills it in.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
        libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) == 0 && info.si_pid() != 0
    }
}

/// SIGKILLs the process group, the session and the descendants of `root` (`members`, as just
/// scanned), rescanning until none is left.
fn kill_tree(root: i32, mut members: Vec<procfs::ProcStat>) {
    let judge = std::process::id() as i32;
    for round in 0..200 {
        // SAFETY: sending a signal has no memory-safety preconditions.
        unsafe { libc::killpg(root, libc::SIGKILL) };
        let alive: Vec<i32> = members
            .iter()
            .filter(|p| !p.zombie && p.pid != judge)
            .map(|p| p.pid)
            .collect();
        if alive.is_empty() {
            return;
        }
        for pid in alive {
            // SAFETY: as above.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        // Give the kernel a moment to deliver; back off a little if a tree is stubborn.
        std::thread::sleep(Duration::from_millis(1 + round / 20));
        members = procfs::members(root, &procfs::all_processes());
    }
}

/// Reaps the (killed or exited) child and reads its rusage.
fn reap(pid: i32) -> Reaped {
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain data filled in by wait4.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: valid pointers to our locals.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        if r < 0 && io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
            continue;
        }
        // Someone else reaped it (should not happen): nothing more to learn.
        return Reaped {
            termination: Termination::Signaled(libc::SIGKILL),
            cpu: Duration::ZERO,
            max_rss_bytes: 0,
        };
    }
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    Reaped {
        termination: Termination::from_wait_status(status),
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
        max_rss_bytes: (usage.ru_maxrss.max(0) as u64) * 1024,
    }
}
