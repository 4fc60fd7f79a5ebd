//! What a run consumed.

use std::time::Duration;

/// The finest difference in peak memory any measurement of the judge tells apart: a page. A
/// run in a cgroup without bubblewrap reports at least this.
pub const PEAK_RESOLUTION_BYTES: u64 = 4096;

/// The resolution of the peak memory of a run under bubblewrap in a cgroup: bubblewrap's own
/// share of the cgroup's charge, taken off the peak, varies by a few hundred KiB from run to
/// run, so a smaller difference is no measurement. A run charged no more than the share and
/// this reports this (an upper bound: "less than 1 MiB"), never less.
pub const SANDBOX_PEAK_RESOLUTION_BYTES: u64 = 1 << 20;

/// The resources a run used, as measured by the judge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// CPU time (user + system) of the whole process tree.
    pub cpu: Duration,
    /// Time the judge spent waiting for the program (the charged wall clock).
    pub wall: Duration,
    /// Peak memory. In a cgroup: the cgroup's peak charge less the sandbox's own share, at
    /// least [`memory_resolution_bytes`](Self::memory_resolution_bytes) (a run too small to
    /// tell from that share), and never less than the largest anonymous resident memory
    /// (`/proc/<pid>/statm`: resident less shared) of the program's own processes together
    /// that the judge saw at one of its samples (every 50 ms; bubblewrap's processes are not
    /// the program's); else the larger of `ru_maxrss` and the largest sampled tree total of
    /// resident pages, which counts those pages and more.
    pub peak_memory_bytes: u64,
    /// The smallest difference the measurement of `peak_memory_bytes` tells apart:
    /// [`SANDBOX_PEAK_RESOLUTION_BYTES`](crate::SANDBOX_PEAK_RESOLUTION_BYTES) under
    /// bubblewrap in a cgroup, else [`PEAK_RESOLUTION_BYTES`](crate::PEAK_RESOLUTION_BYTES).
    /// A peak equal to it means "at most this".
    pub memory_resolution_bytes: u64,
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
