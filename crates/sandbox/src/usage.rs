//! What a run consumed.

use std::time::Duration;

/// The resources a run used, as measured by the judge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// CPU time (user + system) of the whole process tree.
    pub cpu: Duration,
    /// Time the judge spent waiting for the program (the charged wall clock).
    pub wall: Duration,
    /// Peak resident memory: the larger of `ru_maxrss` and the largest sampled tree total.
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
