//! The rule for a program whose first process ends while something it started goes on: the
//! program has ended, in every sandbox, on every run. Without bubblewrap the first process is
//! the judge's own child; under bubblewrap it is the process bubblewrap's init started (the
//! namespace's pid 2), whose end bubblewrap learns only later, so the judge watches it itself.

use super::Process;
use crate::{pipes, procfs, wait};
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::time::{Duration, Instant};

/// How long the judge waits, once the program's first process has ended under bubblewrap, for
/// bubblewrap to end too (it does at once, with the program's status) before it kills it.
const BWRAP_FOLLOWS: Duration = Duration::from_secs(1);

/// What the judge knows of the program's first process.
#[derive(Debug, Default)]
pub(super) struct FirstProcess {
    /// Its `/proc/<pid>/stat`, open once found (bound to that process: it cannot name another
    /// one that reuses the pid, and fails to read once the process is reaped).
    stat: Option<File>,
}

impl FirstProcess {
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

/// The pid (in the judge's namespace) of the process of bubblewrap `outer`'s sandbox that is
/// pid 2 there: the program's first process (pid 1 is bubblewrap's init, its only child).
fn namespace_program(outer: i32) -> Option<i32> {
    let children = |pid: i32| -> Vec<i32> {
        std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|pid| pid.parse().ok())
            .collect()
    };
    let init = *children(outer).first()?;
    children(init).into_iter().find(|&pid| {
        std::fs::read_to_string(format!("/proc/{pid}/status"))
            .unwrap_or_default()
            .lines()
            .find_map(|line| line.strip_prefix("NSpid:"))
            .and_then(|ids| ids.split_whitespace().last())
            == Some("2")
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
            return true;
        }
        if self.first.stat.is_none() {
            let pid = if self.placement.signals_as_status {
                match namespace_program(self.pid) {
                    Some(pid) => pid,
                    None => return self.exited || self.spoke,
                }
            } else {
                self.pid
            };
            self.first.stat = File::open(format!("/proc/{pid}/stat")).ok();
            if self.first.stat.is_none() {
                return self.exited || self.spoke;
            }
        }
        self.exited || self.first.ending()
    }

    /// The program's first process has ended, and with it the program, whatever it started:
    /// under bubblewrap the judge gives bubblewrap a moment to end with the program's status;
    /// then every process of the run is killed, and what it wrote before is read from the
    /// pipe. Nothing more comes: a child that plays on has no one to answer it.
    pub(super) fn first_process_ended(&mut self) {
        let deadline = Instant::now() + BWRAP_FOLLOWS;
        while !self.exited && Instant::now() < deadline {
            if let Some(pidfd) = &self.pidfd {
                pipes::poll(&mut [pipes::readable(pidfd)], Duration::from_millis(10));
            } else {
                std::thread::sleep(Duration::from_millis(1));
            }
            self.exited = wait::has_exited(self.pid);
        }
        self.leave_blocking();
        let stdout = self.stdout.take();
        self.cleanup();
        self.stdout = stdout;
        while self.read_stdout() {}
        self.stdout = None;
    }
}
