//! The rule for a program whose first process ends while something it started goes on: the
//! program has ended, in every sandbox, on every run. Without bubblewrap the first process is
//! the judge's own child; under bubblewrap it is the process bubblewrap's init started (the
//! namespace's pid 2), whose end bubblewrap learns only later, so the judge watches it itself.
//!
//! Which lines the program wrote before its end is the kernel's count, not a race: once the
//! first process has ended, a line is taken only when the first process wrote at least as
//! many bytes in all (`wchar` of `/proc/<pid>/io`, which counts the children it waited for)
//! as the output holds up to that line's end. A line a child wrote after its parent ended is
//! never a move, however soon the judge looks.

use super::{trace, Process};
use crate::{pipes, procfs, signal, wait};
use std::fs::File;
use std::os::fd::OwnedFd;
use std::os::unix::fs::FileExt;
use std::time::{Duration, Instant};

/// How long the judge waits, once the program's first process has ended under bubblewrap, for
/// bubblewrap to end too (it does at once, with the program's status) before it kills it.
const BWRAP_FOLLOWS: Duration = Duration::from_secs(1);

/// What the judge knows of the program's first process.
#[derive(Debug, Default)]
pub(super) struct FirstProcess {
    /// Its pid in the judge's namespace, once found.
    pid: Option<i32>,
    /// Whether its end has been looked at (what it wrote in all, what it left running).
    counted: bool,
    /// Its `/proc/<pid>/stat`, open once found (bound to that process: it cannot name another
    /// one that reuses the pid, and fails to read once the process is reaped).
    stat: Option<File>,
    /// Its `/proc/<pid>/io` and, under bubblewrap, that of bubblewrap's init, which reaps it
    /// and is then charged its counts: read in this order, the first that can be.
    io: Vec<File>,
    /// What the reaper (bubblewrap's init) had written itself, read while the first process
    /// was still running (its own set-up: user and group maps): not the program's.
    reaper_wrote: Option<u64>,
    /// Under bubblewrap, a pidfd of it until its end is seen: it is not the judge's child,
    /// and bubblewrap holds the pipes past its end, so nothing else wakes a wait when it
    /// ends (see [`FirstProcess::end_watch`]).
    pidfd: Option<OwnedFd>,
}

impl FirstProcess {
    /// Watches process `pid` (its `stat` and `io`), and `reaper`'s `io` after it: the
    /// reaper's only when what it wrote itself could be read while `pid` still ran.
    fn open(&mut self, pid: i32, reaper: Option<i32>) {
        self.pid = Some(pid);
        if reaper.is_some() {
            self.pidfd = wait::open_pidfd(pid);
        }
        self.stat = File::open(format!("/proc/{pid}/stat")).ok();
        self.io = File::open(format!("/proc/{pid}/io")).into_iter().collect();
        let Some(reaper) = reaper.and_then(|pid| File::open(format!("/proc/{pid}/io")).ok()) else {
            return;
        };
        // Read before `pid` is seen running: `pid` was not reaped yet when it was read.
        let before = wchar(&reaper);
        if before.is_some() && self.stat.is_some() && !self.ending() {
            self.reaper_wrote = before;
            self.io.push(reaper);
        }
    }

    /// Under bubblewrap, once the first process is found and until its end has woken a
    /// wait: its pidfd, which the waits for the program poll too, so that the judge looks
    /// at once when it ends rather than at the wait's timeout.
    pub(super) fn end_watch(&self) -> Option<&OwnedFd> {
        self.pidfd.as_ref()
    }

    /// Its end woke a wait: its pidfd, readable from now on, is closed (polled again it
    /// would wake every wait at once).
    pub(super) fn end_seen(&mut self) {
        self.pidfd = None;
    }

    /// How many bytes the first process has written, to any file, with those of the children
    /// it waited for (`wchar`); `None` when the kernel does not say.
    fn wrote(&self) -> Option<u64> {
        let (own, reaper) = (self.io.first()?, self.io.get(1));
        wchar(own).or_else(|| Some(wchar(reaper?)?.saturating_sub(self.reaper_wrote?)))
    }

    /// Whether the process is ending or gone (see [`procfs::ending`]): one read.
    fn ending(&self) -> bool {
        let Some(stat) = &self.stat else {
            return false;
        };
        let mut buffer = [0u8; 2048];
        match stat.read_at(&mut buffer, 0) {
            Ok(n) => std::str::from_utf8(&buffer[..n])
                .ok()
                .and_then(procfs::ending)
                .unwrap_or(true),
            Err(_) => true,
        }
    }
}

/// The `wchar` of a `/proc/<pid>/io`: how many bytes the process wrote (`None`: it is gone).
fn wchar(io: &File) -> Option<u64> {
    let mut buffer = [0u8; 512];
    let n = io.read_at(&mut buffer, 0).ok()?;
    trace::wchar_in(std::str::from_utf8(&buffer[..n]).ok()?)
}

/// The pids (in the judge's namespace) of bubblewrap's init and of the process of its
/// sandbox that is pid 2 there: the program's first process (pid 1 is bubblewrap's init, its
/// only child). Init is bubblewrap `outer`'s child or, as bubblewrap may start it, its
/// sibling: one of `run`, the run's processes.
fn namespace_program(outer: i32, run: &[i32]) -> Option<(i32, i32)> {
    let mut inits = trace::children(outer);
    inits.extend(run.iter().copied().filter(|&pid| pid != outer));
    inits.into_iter().find_map(|init| {
        if !trace::is_namespace_init(init) {
            return None;
        }
        let program = trace::children(init)
            .into_iter()
            .find(|&pid| trace::is_namespace_pid_2(pid))?;
        Some((init, program))
    })
}

impl Process {
    /// Whether the program's first process has ended or has begun to end (an exit in
    /// progress counts: nothing it started may answer meanwhile). A system call or two per
    /// line: under bubblewrap it is looked for in `/proc` until found, and taken for ended
    /// when it is not there after it wrote a line.
    pub(super) fn first_process_exited(&mut self) -> bool {
        if !self.exited {
            self.exited = wait::has_exited(self.pid);
        }
        if self.exited && !self.placement.signals_as_status {
            if self.first.io.is_empty() {
                // A zombie until the judge reaps it: its counts can still be read.
                self.first.open(self.pid, None);
            }
            return true;
        }
        if self.first.stat.is_none() {
            let (pid, reaper) = if self.placement.signals_as_status {
                match namespace_program(self.pid, &self.run_processes()) {
                    Some((init, pid)) => (pid, Some(init)),
                    None => return self.exited || self.spoke,
                }
            } else {
                (self.pid, None)
            };
            self.first.open(pid, reaper);
            if self.first.stat.is_none() {
                return self.exited || self.spoke;
            }
        }
        self.exited || self.first.ending()
    }

    /// What the program's first process wrote in all (see the module's documentation), once
    /// it has ended: the follower's count under bubblewrap, else `/proc`'s; `None` when the
    /// kernel does not say. Read before anything else of the run is killed: bubblewrap's init,
    /// reaping what dies, would be charged its writes too.
    fn first_count(&mut self) -> Option<u64> {
        // The judge's child wrote `0\n` to each cgroup file it joined before exec, which is not
        // output.
        let followed = self.follower.as_ref().and_then(|f| f.wrote(BWRAP_FOLLOWS));
        followed
            .or_else(|| self.first.wrote())
            .map(|wrote| wrote.saturating_sub(self.written_before_exec))
    }

    /// The program's first process has ended, and with it the program, whatever it started:
    /// under bubblewrap the judge gives bubblewrap a moment to end with the program's status;
    /// then every process of the run is killed, and what it wrote before is read from the
    /// pipe. Nothing more comes: a child that plays on has no one to answer it.
    pub(super) fn first_process_ended(&mut self) {
        self.first_process_counted();
        // The run ends here (nothing written after the first process's end is its), but
        // whether something it started holds the output now is kept: had the judge read the
        // last lines before that end, the output would have been found still open then
        // (`finish_output`), so it is judged so in either order.
        self.output_held_at_first_end |= self.others_hold_output();
        self.release_first();
        self.wait_for_bwrap();
        self.leave_blocking();
        let stdout = self.stdout.take();
        self.cleanup();
        self.stdout = stdout;
        while self.read_stdout() {}
        self.stdout = None;
    }

    /// Under bubblewrap: lets bubblewrap's init reap the first process once it has ended (the
    /// follower holds it till then, see `trace`), and so end, with the sandbox.
    pub(super) fn release_first(&self) {
        if let Some(follower) = &self.follower {
            follower.release();
        }
    }

    /// The run's processes now that are alive: its cgroup's, or its session's and process
    /// group's.
    pub(super) fn run_processes(&self) -> Vec<i32> {
        match &self.placement.cgroup {
            Some(cgroup) => cgroup.processes(),
            None => {
                let all = procfs::all_processes();
                procfs::members(self.pid, &all)
                    .iter()
                    .filter(|process| !process.zombie)
                    .map(|process| process.pid)
                    .collect()
            }
        }
    }

    /// The program's live processes now: the run's, but zombies and, under bubblewrap,
    /// bubblewrap's own (every process outside its PID namespace, and its init there).
    pub(super) fn program_processes(&self) -> Vec<i32> {
        let bwrap = self.placement.signals_as_status;
        self.run_processes()
            .into_iter()
            .filter(|&pid| procfs::stat_and_ending_of(pid).is_some_and(|(stat, _)| !stat.zombie))
            .filter(|&pid| !bwrap || trace::is_namespace_program(pid))
            .collect()
    }

    /// Under bubblewrap, once the first process has ended: a moment for bubblewrap to end
    /// too, with the program's status.
    fn wait_for_bwrap(&mut self) {
        let deadline = Instant::now() + BWRAP_FOLLOWS;
        while !self.exited && Instant::now() < deadline {
            if let Some(pidfd) = &self.pidfd {
                pipes::poll(&mut [pipes::readable(pidfd)], Duration::from_millis(10));
            } else {
                std::thread::sleep(Duration::from_millis(1));
            }
            self.exited = wait::has_exited(self.pid);
        }
    }

    /// The program's first process has ended: what it wrote in all is read (once), and
    /// whether something it started goes on. Nothing is killed.
    pub(super) fn first_process_counted(&mut self) {
        if !self.first.counted {
            self.first.counted = true;
            self.first_wrote = self.first_count();
            self.outlived_first |= self.others_alive();
        }
    }

    /// Ends the program's first process if it still runs (`SIGKILL`: a write it is making
    /// completes first, and is counted), and sets what it wrote in all (L9): the count every
    /// line taken is held to. Nothing else of the run is killed here.
    pub(super) fn end_first_process(&mut self) {
        if self.first.counted || self.reaped.is_some() {
            return;
        }
        if !self.first_process_exited() {
            if let Some(pid) = self.first.pid {
                signal::kill(pid);
            }
            let deadline = Instant::now() + BWRAP_FOLLOWS;
            while !self.first_process_exited() && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        self.first_process_counted();
    }

    /// Whether a process of the run other than its first (and bubblewrap's own) holds the
    /// program's output: asked when the first process has ended.
    fn others_hold_output(&self) -> bool {
        let Some(stdout) = self.stdout.as_ref() else {
            return false;
        };
        let Ok(stat) = rustix::fs::fstat(stdout) else {
            return false;
        };
        let pipe = format!("pipe:[{}]", stat.st_ino);
        let first = self.first.pid.unwrap_or(self.pid);
        let bwrap = self.placement.signals_as_status;
        self.program_processes()
            .into_iter()
            .filter(|&pid| pid != first && !(bwrap && trace::is_namespace_pid_2(pid)))
            .any(|pid| super::closing::holds(pid, pipe.as_ref()))
    }

    /// Whether a process of the run other than its first (and bubblewrap's own) is alive:
    /// asked when the first process has ended.
    fn others_alive(&self) -> bool {
        let first = self.first.pid.unwrap_or(self.pid);
        let bwrap = self.placement.signals_as_status;
        self.program_processes()
            .into_iter()
            .any(|pid| pid != first && !(bwrap && trace::is_namespace_pid_2(pid)))
    }
}
