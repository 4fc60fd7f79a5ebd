//! What a run consumed.

use std::time::Duration;

/// The least peak memory a run in a cgroup reports: 1 KiB, the unit of the judge's reports.
/// A run charged no more than the sandbox's own share there (which varies by a few hundred
/// KiB from run to run) reports this: measured, and too small to tell from the share.
pub const PEAK_RESOLUTION_BYTES: u64 = 1024;

/// The resources a run used, as measured by the judge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// CPU time (user + system) of the whole process tree.
    pub cpu: Duration,
    /// Time the judge spent waiting for the program (the charged wall clock).
    pub wall: Duration,
    /// Peak memory. In a cgroup: the cgroup's peak charge less the sandbox's own share, at
    /// least [`PEAK_RESOLUTION_BYTES`](crate::PEAK_RESOLUTION_BYTES) (a run too small to tell
    /// from that share); else the larger of `ru_maxrss` and the largest sampled tree total.
    pub peak_memory_bytes: u64,
    /// The largest address space of one process seen while sampling (0 if never sampled).
    pub peak_address_space_bytes: u64,
}

impl Usage {
    /// CPU time in whole milliseconds.
    pub fn cpu_ms(&self) -> u64 {
        self.cpu.as_millis() as u64
    }

    /// Charged wall-clock time in whole milliseconds.
    pub fn wall_ms(&self) -> u64 {
        self.wall.as_millis() as u64
    }

    /// Peak resident memory in KiB.
    pub fn memory_kb(&self) -> u64 {
        self.peak_memory_bytes / 1024
    }
}
