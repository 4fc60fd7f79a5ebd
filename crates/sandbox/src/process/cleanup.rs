//! Ending a run: every process killed, the direct child reaped, the kernel's last figures
//! kept and the cgroup removed.

use super::accounting::Accounted;
use super::Process;
use crate::cgroup::Cgroup;
use crate::errand;
use crate::wait::{self, Reaped};
use crate::{signal, tree, Termination};
use std::time::Duration;

impl Process {
    /// Kills every process of the run, reaps the direct child and keeps its rusage, and
    /// (with a cgroup) the kernel's final figures, then removes the cgroup. Idempotent.
    pub(super) fn cleanup(&mut self) {
        self.stop_ticker();
        // A first process's end the follower holds would keep bubblewrap from ending.
        self.release_first();
        if self.reaped.is_some() {
            return;
        }
        // A last look before the end: a process asleep all along a short run is seen too.
        let processes = self.run_processes();
        self.note_sleep(processes.into_iter());
        let reaped = match &self.placement.cgroup {
            Some(cgroup) => {
                signal_all_once(cgroup, self.pid);
                let reaped = wait::reap(self.pid, true);
                cgroup.kill_all();
                tree::reap_orphaned_zombies();
                self.accounted = Accounted {
                    cpu: cgroup.cpu().unwrap_or_default(),
                    peak_bytes: cgroup.peak_memory().unwrap_or(0),
                    oom_kills: cgroup.oom_kills(),
                    pids_limit_hits: cgroup.pids_limit_hits(),
                };
                reaped
            }
            None => {
                let swept = tree::kill_everything(
                    self.pid,
                    self.placement.user.as_ref().map(|user| user.id),
                );
                self.sampled = tree::record(self.sampled, swept.sample, &mut |s| {
                    self.peak_rss_bytes = self.peak_rss_bytes.max(s.rss_bytes);
                    self.peak_vsize_bytes = self.peak_vsize_bytes.max(s.max_vsize_bytes);
                });
                let reaped = wait::reap(self.pid, true);
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
        // Every process of the run is gone: what it wrote is the judge's now. A directory that
        // cannot be given back whole is emptied instead, so the judge never runs what the
        // box user could still change.
        for dir in std::mem::take(&mut self.placement.lent) {
            if crate::lending::reclaim(&dir).is_err() {
                let _ = std::fs::remove_dir_all(&dir);
            }
        }
        // Every process of the run is gone: what it left in its user's keyrings goes too.
        // Under the filter it could not call the kernel's key calls at all, so they are still
        // as empty as the start of the run left them: nothing to do.
        if let (Some(user), false) = (&self.placement.user, self.placement.filtered) {
            errand::clear_keyrings_of(user.id);
        }
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
    signal::kill(pid);
    for member in cgroup.processes() {
        signal::kill(member);
    }
}
