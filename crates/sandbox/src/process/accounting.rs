//! What a run used and which limit it broke: the cgroup's figures or the judge's samples.

use super::Process;
use crate::confinement::missing_file_hint;
use crate::termination::{cpu_limit_fault, megabytes, seconds};
use crate::{classify_termination, procfs, tree, wait, Fault, FaultKind, Halt, Usage};
use crate::{PEAK_RESOLUTION_BYTES, SANDBOX_PEAK_RESOLUTION_BYTES};
use std::time::{Duration, Instant};

/// The kernel's figures for the run's cgroup.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Accounted {
    pub cpu: Duration,
    pub peak_bytes: u64,
    pub oom_kills: u64,
    pub pids_limit_hits: u64,
}

impl Process {
    /// What the run used so far (final once the process has ended).
    pub fn usage(&self) -> Usage {
        if self.kernel_accounted {
            self.accounted_usage()
        } else {
            self.sampled_usage()
        }
    }

    /// The cgroup's figures: its CPU time, and its peak memory less what the sandbox itself is
    /// charged there (see [`program_peak`]). Where the kernel keeps no peak (a v2 kernel
    /// without `memory.peak`), the peak is the processes' `ru_maxrss` once the run is reaped
    /// (the largest process's).
    pub(super) fn accounted_usage(&self) -> Usage {
        let mut accounted = self.accounted;
        if let Some(cgroup) = &self.placement.cgroup {
            accounted.cpu = cgroup.cpu().unwrap_or(accounted.cpu).max(accounted.cpu);
            accounted.peak_bytes = cgroup.peak_memory().unwrap_or(0).max(accounted.peak_bytes);
        }
        let (peak, memory_resolution_bytes) = program_peak(
            accounted.peak_bytes,
            self.placement.overhead_bytes,
            self.reaped.map(|reaped| reaped.max_rss_bytes),
        );
        // The sandbox's share taken off is an estimate: never less than the pages the
        // program's processes were seen to hold themselves.
        let peak_memory_bytes = peak.max(self.own_pages_peak_bytes);
        Usage {
            cpu: accounted.cpu,
            wall: self.waited,
            peak_memory_bytes,
            memory_resolution_bytes,
            peak_address_space_bytes: self.peak_vsize_bytes,
        }
    }

    pub(super) fn sampled_usage(&self) -> Usage {
        let (cpu, max_rss) = match self.reaped {
            Some(reaped) => (reaped.cpu + self.orphans_cpu, reaped.max_rss_bytes),
            None => (Duration::ZERO, 0),
        };
        Usage {
            cpu: cpu.max(self.sampled.cpu),
            wall: self.waited,
            peak_memory_bytes: max_rss.max(self.peak_rss_bytes),
            memory_resolution_bytes: PEAK_RESOLUTION_BYTES,
            peak_address_space_bytes: self.peak_vsize_bytes,
        }
    }

    pub(super) fn classify(&self, mid_game: bool) -> Option<Fault> {
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
        let stderr_tail = self.stderr_tail();
        let fault = classify_termination(
            reaped.termination,
            &usage,
            &self.limits,
            &stderr_tail,
            mid_game,
        )?;
        // Under bubblewrap a file the program looked for may exist outside its view.
        let bwrap = self.placement.signals_as_status;
        let failed = matches!(fault.kind, FaultKind::Crashed | FaultKind::EndedEarly);
        Some(match missing_file_hint(&stderr_tail) {
            Some(hint) if bwrap && failed => Fault::new(fault.kind, fault.reason + hint),
            _ => fault,
        })
    }

    /// A limit the kernel enforced in the run's cgroup: the OOM killer, the process limit.
    pub(super) fn kernel_fault(&self) -> Option<Fault> {
        let (oom_kills, pids_hits) = match &self.placement.cgroup {
            Some(cgroup) => (cgroup.oom_kills(), cgroup.pids_limit_hits()),
            None => (self.accounted.oom_kills, self.accounted.pids_limit_hits),
        };
        if oom_kills > 0 {
            return Some(Fault::new(
                FaultKind::Memory,
                format!(
                    "the kernel stopped it at the {} memory limit (out-of-memory kill in its cgroup)",
                    megabytes(self.limits.memory_bytes)
                ),
            ));
        }
        if pids_hits > 0 {
            return Some(Fault::new(
                FaultKind::Processes,
                format!(
                    "tried to run more than {} processes or threads at once (the process limit)",
                    self.limits.max_processes
                ),
            ));
        }
        None
    }

    /// Measures the run, notices the child's exit, and enforces the CPU and memory limits.
    pub(super) fn check_progress(&mut self) -> Result<(), Halt> {
        self.last_sample = Instant::now();
        if self.reaped.is_some() {
            return Ok(());
        }
        if !self.exited {
            self.exited = wait::has_exited(self.pid);
        }
        if let Some(cgroup) = &self.placement.cgroup {
            let processes = cgroup.processes();
            self.note_sleep(processes.iter().copied());
            self.sample_own_pages(&processes);
            let usage = self.usage();
            if usage.cpu > self.limits.cpu_time {
                return Err(cpu_limit_fault(&usage, &self.limits).into());
            }
            if let Some(fault) = self.kernel_fault() {
                return Err(fault.into());
            }
            return Ok(());
        }
        let members = procfs::members(self.pid, &procfs::all_processes());
        self.note_sleep(members.iter().filter(|p| !p.zombie).map(|p| p.pid));
        self.sampled = tree::record(self.sampled, procfs::summarize(&members), &mut |s| {
            self.peak_rss_bytes = self.peak_rss_bytes.max(s.rss_bytes);
            self.peak_vsize_bytes = self.peak_vsize_bytes.max(s.max_vsize_bytes);
        });
        let usage = self.usage();
        if usage.cpu > self.limits.cpu_time {
            return Err(cpu_limit_fault(&usage, &self.limits).into());
        }
        if self.sampled.rss_bytes > self.limits.memory_bytes {
            return Err(Fault::new(
                FaultKind::Memory,
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

    /// Adds up the anonymous resident pages of the program's own processes among
    /// `processes` (bubblewrap's two, the judge's child and its namespace's init, are not
    /// the program's) and keeps the largest total seen: the floor of the reported peak.
    /// Notes whether one of `processes` is waiting in `clock_nanosleep` (see
    /// [`Notes::slept`](super::Notes::slept)), until one is seen.
    pub(super) fn note_sleep(&mut self, processes: impl Iterator<Item = i32>) {
        if !self.slept {
            self.slept = processes.into_iter().any(procfs::in_clock_nanosleep);
        }
    }

    pub(super) fn sample_own_pages(&mut self, processes: &[i32]) {
        let bwrap: Vec<i32> = if self.placement.signals_as_status {
            let mut bwrap = super::trace::children(self.pid);
            bwrap.push(self.pid);
            bwrap
        } else {
            Vec::new()
        };
        let own: u64 = processes
            .iter()
            .filter(|pid| !bwrap.contains(pid))
            .filter_map(|&pid| procfs::anonymous_bytes(pid))
            .sum();
        self.own_pages_peak_bytes = self.own_pages_peak_bytes.max(own);
    }

    /// The wall clock ran out; the reason says what the judge was waiting for: room to write
    /// (`writing`: the program stopped reading its input), or the end of a line the program
    /// had begun (bytes but no end of line, which a flushing or newline mistake looks like).
    pub(super) fn wall_limit_fault(&self, writing: bool) -> Fault {
        let mut reason = format!(
            "wall-clock limit of {} exceeded while waiting for the program",
            seconds(self.limits.wall_time)
        );
        let partial = if self.raw_output {
            0
        } else {
            self.lines.unfinished()
        };
        if writing {
            reason.push_str(
                ": it stopped reading its input (the judge could not write its next line)",
            );
        } else if partial > 0 {
            reason.push_str(&format!(
                ": it wrote {partial} byte{} but no end of line",
                if partial == 1 { "" } else { "s" }
            ));
        }
        Fault::new(FaultKind::WallTime, reason)
    }
}

/// A run's peak memory and its resolution, from its cgroup's peak (0: the kernel keeps
/// none), the share of it that is the sandbox's own (`overhead`: bubblewrap's processes and
/// namespaces, measured once by trial runs), and the reaped processes' largest `ru_maxrss`
/// (`None`: not reaped yet).
///
/// The sandbox's share varies from run to run by a few hundred KiB (page cache and kernel
/// objects are charged to whichever cgroup touches them first), more than a small program's
/// whole footprint. So under bubblewrap the resolution is [`SANDBOX_PEAK_RESOLUTION_BYTES`],
/// and a run charged no more than the share and that reports the resolution itself, an
/// upper bound: never a figure smaller than the pages the program itself holds (nor 0, which
/// a report reads as "not known"). Without the share the resolution is a page.
/// `ru_maxrss` is no substitute for the cgroup's peak: a child's counts the pages it held
/// before exec, which could make a small program break its limit.
fn program_peak(cgroup_peak: u64, overhead: u64, max_rss: Option<u64>) -> (u64, u64) {
    let resolution = if overhead > 0 {
        SANDBOX_PEAK_RESOLUTION_BYTES
    } else {
        PEAK_RESOLUTION_BYTES
    };
    match cgroup_peak {
        0 => (max_rss.unwrap_or(0), PEAK_RESOLUTION_BYTES),
        peak => (peak.saturating_sub(overhead).max(resolution), resolution),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sandbox_share_is_taken_off_the_cgroup_peak() {
        assert_eq!(
            program_peak(5 << 20, 1 << 20, Some(9 << 20)),
            (4 << 20, SANDBOX_PEAK_RESOLUTION_BYTES)
        );
        assert_eq!(
            program_peak(5 << 20, 0, None),
            (5 << 20, PEAK_RESOLUTION_BYTES)
        );
    }

    #[test]
    fn a_run_within_the_sandbox_share_is_known_and_tiny() {
        for peak in [1 << 20, (1 << 20) + 1000, 700 << 10] {
            assert_eq!(
                program_peak(peak, 1 << 20, Some(300 << 20)),
                (SANDBOX_PEAK_RESOLUTION_BYTES, SANDBOX_PEAK_RESOLUTION_BYTES)
            );
        }
    }

    #[test]
    fn without_a_kernel_peak_the_reaped_maxrss_is_the_peak() {
        assert_eq!(program_peak(0, 1 << 20, Some(3 << 20)).0, 3 << 20);
        assert_eq!(program_peak(0, 1 << 20, None).0, 0);
    }
}
