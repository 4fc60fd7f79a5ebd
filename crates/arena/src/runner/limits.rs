//! The limits a program runs under.

use std::time::Duration;

/// Per-run limits. See the [module docs](super) for how each one is enforced.
///
/// ```
/// use duel_arena::runner::Limits;
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
    /// Address space per process (`RLIMIT_AS`) and resident memory of the whole tree.
    pub memory_bytes: u64,
    /// The longest line the program may write, newline excluded.
    pub max_line_bytes: usize,
}

impl Limits {
    /// The default longest line: 4 KiB.
    pub const DEFAULT_MAX_LINE_BYTES: usize = 4096;

    /// The wall-clock limit is this many times the CPU limit by default: enough slack for a
    /// loaded machine and parallel jobs, small enough that a sleeping program is caught quickly.
    pub const DEFAULT_WALL_FACTOR: u32 = 3;

    /// Limits with this CPU time and memory (in MiB), a wall-clock limit of
    /// [`DEFAULT_WALL_FACTOR`](Self::DEFAULT_WALL_FACTOR) times the CPU time and 4 KiB lines.
    pub fn new(cpu_time: Duration, memory_mib: u64) -> Limits {
        Limits {
            cpu_time,
            wall_time: cpu_time * Self::DEFAULT_WALL_FACTOR,
            memory_bytes: memory_mib.saturating_mul(1 << 20),
            max_line_bytes: Self::DEFAULT_MAX_LINE_BYTES,
        }
    }

    /// The same limits with another wall-clock limit.
    pub fn with_wall_time(self, wall_time: Duration) -> Limits {
        Limits { wall_time, ..self }
    }

    /// The same limits with another longest line.
    pub fn with_max_line_bytes(self, max_line_bytes: usize) -> Limits {
        Limits {
            max_line_bytes,
            ..self
        }
    }
}
