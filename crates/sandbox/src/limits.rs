//! The limits a program runs under.

use std::time::Duration;

/// Per-run limits. See the [module docs](super) for how each one is enforced.
///
/// ```
/// use duel_sandbox::Limits;
/// use std::time::Duration;
/// let limits = Limits::new(Duration::from_secs(1), 32);
/// assert_eq!(limits.wall_time, Duration::from_secs(3));
/// assert_eq!(limits.memory_bytes, 32 << 20);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system) of the whole process tree.
    pub cpu_time: Duration,
    /// Time the judge may spend waiting for the program, in total.
    pub wall_time: Duration,
    /// Memory of all the program's processes: the cgroup's limit (pages actually used), or
    /// without a cgroup `RLIMIT_AS` per process and the sampled resident memory of the tree.
    pub memory_bytes: u64,
    /// The longest line the program may write, newline excluded.
    pub max_line_bytes: usize,
    /// Processes and threads the program may have at once (the cgroup's `pids.max`; without
    /// a cgroup, `RLIMIT_NPROC` when the program runs as a user of its own).
    pub max_processes: u32,
    /// Address space the program may reserve beyond [`memory_bytes`](Self::memory_bytes)
    /// where the limit is `RLIMIT_AS` (no cgroup): a runtime's reservation it never touches
    /// (Go's, see `duel_languages::Language::memory_allowance`). Pages in use are still held
    /// to `memory_bytes`, and a cgroup limits only those, so there it changes nothing. 0 by
    /// default.
    pub address_allowance_bytes: u64,
}

impl Limits {
    /// The default longest line: 4 KiB.
    pub const DEFAULT_MAX_LINE_BYTES: usize = 4096;

    /// The wall-clock limit is this many times the CPU limit by default: enough slack for a
    /// loaded machine and parallel jobs, small enough that a sleeping program is caught quickly.
    pub const DEFAULT_WALL_FACTOR: u32 = 3;

    /// The default process limit: enough for interpreters and runtimes with helper threads
    /// (a JVM starts about 20), far too few for a fork bomb to hurt.
    pub const DEFAULT_MAX_PROCESSES: u32 = 64;

    /// Limits with this CPU time and memory (in MiB), a wall-clock limit of
    /// [`DEFAULT_WALL_FACTOR`](Self::DEFAULT_WALL_FACTOR) times the CPU time and 4 KiB lines.
    pub fn new(cpu_time: Duration, memory_mib: u64) -> Limits {
        Limits {
            cpu_time,
            wall_time: cpu_time * Self::DEFAULT_WALL_FACTOR,
            memory_bytes: memory_mib.saturating_mul(1 << 20),
            max_line_bytes: Self::DEFAULT_MAX_LINE_BYTES,
            max_processes: Self::DEFAULT_MAX_PROCESSES,
            address_allowance_bytes: 0,
        }
    }

    /// The same limits letting the program reserve `bytes` of address space beyond its memory
    /// limit where that limit is `RLIMIT_AS` (see
    /// [`address_allowance_bytes`](Self::address_allowance_bytes)).
    ///
    /// ```
    /// use duel_sandbox::Limits;
    /// use std::time::Duration;
    /// let limits = Limits::new(Duration::from_secs(1), 32).with_address_allowance(768 << 20);
    /// assert_eq!(limits.memory_bytes, 32 << 20);
    /// assert_eq!(limits.address_space_bytes(), (32 + 768) << 20);
    /// ```
    pub fn with_address_allowance(self, bytes: u64) -> Limits {
        Limits {
            address_allowance_bytes: bytes,
            ..self
        }
    }

    /// The address space each process may have where no cgroup limits memory (`RLIMIT_AS`):
    /// the memory limit plus the allowance.
    pub fn address_space_bytes(&self) -> u64 {
        self.memory_bytes
            .saturating_add(self.address_allowance_bytes)
    }

    /// The same limits with another wall-clock limit.
    pub fn with_wall_time(self, wall_time: Duration) -> Limits {
        Limits { wall_time, ..self }
    }

    /// The same limits with another process limit.
    pub fn with_max_processes(self, max_processes: u32) -> Limits {
        Limits {
            max_processes,
            ..self
        }
    }

    /// The same limits with another longest line.
    pub fn with_max_line_bytes(self, max_line_bytes: usize) -> Limits {
        Limits {
            max_line_bytes,
            ..self
        }
    }
}
