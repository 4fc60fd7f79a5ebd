//! A running program the judge talks to line by line, within its limits.

use super::cgroup::Cgroup;
use super::child::{self, Confinement, Reaped};
use super::isolation::BoxUser;
use super::pipes::{self, ReadResult, WriteResult};
use super::procfs::TreeSample;
use super::termination::{cpu_limit_fault, megabytes, seconds};
use super::tree;
use super::{
    classify_termination, Fault, Halt, Limits, LineBuffer, SpawnError, Termination, Usage,
};
use crate::Verdict;
use std::ffi::OsString;
use std::os::fd::OwnedFd;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

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
}

/// The kernel's figures for the run's cgroup.
#[derive(Debug, Clone, Copy, Default)]
struct Accounted {
    cpu: Duration,
    peak_bytes: u64,
    oom_kills: u64,
    pids_limit_hits: u64,
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
    /// CPU of orphans the judge reaped as their subreaper (no cgroup).
    orphans_cpu: Duration,
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
        placement: Placement,
    ) -> Result<Process, SpawnError> {
        let io_error = |source| SpawnError::Io {
            command: command.to_owned(),
            source,
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
        } else {
            tree::become_subreaper();
        }
        let user = placement
            .user
            .as_ref()
            .filter(|_| placement.switch_user_before_exec)
            .map(|user| (user.id, user.id));
        let confinement = Confinement {
            join: join_files,
            // With a cgroup the kernel limits what is used, not what is reserved.
            address_space: placement.cgroup.is_none().then_some(limits.memory_bytes),
            cpu_seconds,
            processes: (placement.cgroup.is_none() && placement.user.is_some())
                .then_some(u64::from(limits.max_processes)),
            user,
        };
        let started = tree::spawning(|| {
            let started = child::start(argv, working_dir, confinement)?;
            tree::register(started.pid);
            Ok(started)
        })
        .map_err(io_error)?;
        let pid = started.pid;
        let mut process = Process {
            pid,
            command: command.to_owned(),
            limits,
            cancel,
            stdin: Some(started.stdin),
            stdout: Some(started.stdout),
            stderr: Some(started.stderr),
            pidfd: child::open_pidfd(pid),
            lines: LineBuffer::new(limits.max_line_bytes),
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
            orphans_cpu: Duration::ZERO,
            exited: false,
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
        let mut data = Vec::with_capacity(line.len() + 1);
        data.extend_from_slice(line.as_bytes());
        data.push(b'\n');
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
        }
    }

    /// Kills everything the program started now and returns what the run used.
    pub fn abort(mut self) -> Usage {
        self.cleanup();
        self.usage()
    }

    /// What the run used so far (final once the process has ended).
    pub fn usage(&self) -> Usage {
        if self.kernel_accounted {
            self.accounted_usage()
        } else {
            self.sampled_usage()
        }
    }

    fn accounted_usage(&self) -> Usage {
        let mut accounted = self.accounted;
        if let Some(cgroup) = &self.placement.cgroup {
            accounted.cpu = cgroup.cpu().unwrap_or(accounted.cpu).max(accounted.cpu);
            accounted.peak_bytes = cgroup.peak_memory().unwrap_or(0).max(accounted.peak_bytes);
        }
        Usage {
            cpu: accounted.cpu,
            wall: self.waited,
            peak_memory_bytes: accounted
                .peak_bytes
                .saturating_sub(self.placement.overhead_bytes),
            peak_address_space_bytes: self.peak_vsize_bytes,
        }
    }

    fn sampled_usage(&self) -> Usage {
        let (cpu, max_rss) = match self.reaped {
            Some(reaped) => (reaped.cpu + self.orphans_cpu, reaped.max_rss_bytes),
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
        let usage = self.usage();
        if usage.cpu > self.limits.cpu_time {
            return Some(cpu_limit_fault(&usage, &self.limits));
        }
        if let Some(fault) = self.kernel_fault() {
            // What the kernel stopped is the verdict, whatever the program did then.
            if !reaped.termination.is_success() || mid_game {
                return Some(fault);
            }
        }
        classify_termination(
            reaped.termination,
            &usage,
            &self.limits,
            &self.stderr_tail(),
            mid_game,
        )
    }

    /// A limit the kernel enforced in the run's cgroup: the OOM killer, the process limit.
    fn kernel_fault(&self) -> Option<Fault> {
        let (oom_kills, pids_hits) = match &self.placement.cgroup {
            Some(cgroup) => (cgroup.oom_kills(), cgroup.pids_limit_hits()),
            None => (self.accounted.oom_kills, self.accounted.pids_limit_hits),
        };
        if oom_kills > 0 {
            return Some(Fault::new(
                Verdict::MemoryLimit,
                format!(
                    "the kernel stopped it at the {} memory limit (out-of-memory kill in its cgroup)",
                    megabytes(self.limits.memory_bytes)
                ),
            ));
        }
        if pids_hits > 0 {
            return Some(Fault::new(
                Verdict::RuntimeError,
                format!(
                    "tried to run more than {} processes or threads at once (the process limit)",
                    self.limits.max_processes
                ),
            ));
        }
        None
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
        let stdout_wanted = self.discard_output || self.lines.room() > 0;
        // The entries in this order, each there only when waited for.
        let entries = [
            self.stdout
                .as_ref()
                .filter(|_| stdout_wanted)
                .map(pipes::readable),
            self.stderr.as_ref().map(pipes::readable),
            self.stdin
                .as_ref()
                .filter(|_| want_write)
                .map(pipes::writable),
            self.pidfd
                .as_ref()
                .filter(|_| !self.exited)
                .map(pipes::readable),
        ];
        let waited_for = entries.each_ref().map(Option::is_some);
        let mut fds: Vec<_> = entries.into_iter().flatten().collect();
        let started = Instant::now();
        let ready = pipes::poll(&mut fds, timeout);
        self.waited += started.elapsed();
        let mut revents = fds.iter().map(|fd| !fd.revents().is_empty());
        let [stdout_ready, stderr_ready, _, pidfd_ready] =
            waited_for.map(|waited| waited && revents.next().unwrap_or(false));
        drop(fds);
        if stdout_ready {
            self.read_stdout();
        }
        if stderr_ready {
            self.read_stderr();
        }
        if pidfd_ready {
            self.exited = child::has_exited(self.pid);
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
        let Some(fd) = self.stdout.as_ref() else {
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
        match pipes::read_fd(fd, &mut chunk[..room]) {
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
        let Some(fd) = self.stderr.as_ref() else {
            return;
        };
        let mut chunk = [0u8; 4096];
        // A bounded number of reads, so a program flooding stderr cannot keep the judge here.
        for _ in 0..16 {
            match pipes::read_fd(fd, &mut chunk) {
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

    /// Measures the run, notices the child's exit, and enforces the CPU and memory limits.
    fn check_progress(&mut self) -> Result<(), Halt> {
        self.last_sample = Instant::now();
        if self.reaped.is_some() {
            return Ok(());
        }
        if !self.exited {
            self.exited = child::has_exited(self.pid);
        }
        if self.placement.cgroup.is_some() {
            let usage = self.usage();
            if usage.cpu > self.limits.cpu_time {
                return Err(cpu_limit_fault(&usage, &self.limits).into());
            }
            if let Some(fault) = self.kernel_fault() {
                return Err(fault.into());
            }
            return Ok(());
        }
        self.sampled = tree::record(self.sampled, tree::sample(self.pid), &mut |s| {
            self.peak_rss_bytes = self.peak_rss_bytes.max(s.rss_bytes);
            self.peak_vsize_bytes = self.peak_vsize_bytes.max(s.max_vsize_bytes);
        });
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

    fn wall_limit_fault(&self) -> Fault {
        Fault::new(
            Verdict::TimeLimit,
            format!(
                "wall-clock limit of {} exceeded while waiting for the program",
                seconds(self.limits.wall_time)
            ),
        )
    }

    /// Kills every process of the run, reaps the direct child and keeps its rusage, and
    /// (with a cgroup) the kernel's final figures, then removes the cgroup. Idempotent.
    fn cleanup(&mut self) {
        if self.reaped.is_some() {
            return;
        }
        let reaped = match &self.placement.cgroup {
            Some(cgroup) => {
                signal_all_once(cgroup, self.pid);
                let reaped = child::reap(self.pid, true);
                cgroup.kill_all();
                self.accounted = Accounted {
                    cpu: cgroup.cpu().unwrap_or_default(),
                    peak_bytes: cgroup.peak_memory().unwrap_or(0),
                    oom_kills: cgroup.oom_kills(),
                    pids_limit_hits: cgroup.pids_limit_hits(),
                };
                reaped
            }
            None => {
                let swept = tree::kill_everything(self.pid, self.placement.user.as_ref());
                self.sampled = tree::record(self.sampled, swept.sample, &mut |s| {
                    self.peak_rss_bytes = self.peak_rss_bytes.max(s.rss_bytes);
                    self.peak_vsize_bytes = self.peak_vsize_bytes.max(s.max_vsize_bytes);
                });
                let reaped = child::reap(self.pid, true);
                self.orphans_cpu = tree::reap_orphans(swept.orphans);
                reaped
            }
        };
        tree::unregister(self.pid);
        let signals_as_status = self.placement.signals_as_status;
        let reaped = reaped.map(|mut reaped| {
            if let (true, Termination::Exited(code)) = (signals_as_status, reaped.termination) {
                if (129..=128 + 64).contains(&code) {
                    reaped.termination = Termination::Signaled(code - 128);
                }
            }
            reaped
        });
        // Someone else reaped it (should not happen): nothing more to learn.
        self.reaped = Some(reaped.unwrap_or(Reaped {
            termination: Termination::Signaled(libc::SIGKILL),
            cpu: Duration::ZERO,
            max_rss_bytes: 0,
        }));
        // The cgroup goes once it is empty; its figures are kept.
        let cgroup = self.placement.cgroup.take();
        drop(cgroup);
        self.exited = true;
        // What the program wrote to stderr before dying is still in the pipe.
        self.read_stderr();
        self.stdin = None;
        self.stdout = None;
        self.stderr = None;
        self.pidfd = None;
    }
}

/// One SIGKILL to everything in the cgroup and to the direct child.
fn signal_all_once(cgroup: &Cgroup, pid: i32) {
    super::signal::kill(pid);
    for member in cgroup.processes() {
        super::signal::kill(member);
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.cleanup();
    }
}
