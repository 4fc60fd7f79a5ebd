//! How a program ended, and which fault that is.

use super::{Fault, FaultKind, Limits, Usage};
use std::fmt;

/// How a process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Termination {
    /// It exited with this status.
    Exited(i32),
    /// This signal killed it (under bubblewrap, read back from status 128 + N).
    Signaled(i32),
}

impl Termination {
    /// Decodes a `wait`-style status.
    pub fn from_wait_status(status: libc::c_int) -> Termination {
        if libc::WIFSIGNALED(status) {
            Termination::Signaled(libc::WTERMSIG(status))
        } else {
            Termination::Exited(libc::WEXITSTATUS(status))
        }
    }

    /// Whether it ended with exit status 0.
    pub fn is_success(self) -> bool {
        self == Termination::Exited(0)
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Termination::Exited(code) => write!(f, "exited with status {code}"),
            Termination::Signaled(signal) => match signal_name(signal) {
                Some(name) => write!(f, "killed by signal {signal} ({name})"),
                None => write!(f, "killed by signal {signal}"),
            },
        }
    }
}

fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => return None,
    })
}

/// Phrases that language runtimes print when an allocation fails: Rust ("memory allocation of
/// N bytes failed"), C++ (`std::bad_alloc`), Python (`MemoryError`), Go and glibc ("out of
/// memory", "Cannot allocate memory"), Java (`OutOfMemoryError`).
pub const OUT_OF_MEMORY_MARKERS: &[&str] = &[
    "memory allocation of",
    "bad_alloc",
    "MemoryError",
    "out of memory",
    "Out of memory",
    "Cannot allocate memory",
    "OutOfMemoryError",
    // Go's runtime, when an address-space limit leaves it no room for its heap's arenas.
    "failed to reserve page summary memory",
    "runtime: cannot allocate memory",
];

/// A process that ends abnormally with at least this share of the memory limit in use (in
/// percent) is taken to have died of the limit.
pub const MEMORY_NEAR_LIMIT_PERCENT: u64 = 80;

/// The fault of a program that ended by itself, or `None` when the end was fine (status 0
/// after the conversation was over).
///
/// The rules, in order:
/// 1. [`FaultKind::CpuTime`] if the CPU time exceeds the limit or SIGXCPU (the `RLIMIT_CPU` backstop)
///    killed it.
/// 2. [`FaultKind::Memory`] if it ended abnormally (a signal or a nonzero status) and either its
///    standard error holds one of the [`OUT_OF_MEMORY_MARKERS`], or its peak memory (resident,
///    or the largest address space seen less [`Limits::address_allowance_bytes`]) reached
///    [`MEMORY_NEAR_LIMIT_PERCENT`] of the limit.
///    Under `RLIMIT_AS` an allocation fails instead of growing; most runtimes then print one of
///    the markers, and C code that ignores a NULL from `malloc` usually crashes with its memory
///    near the limit. A single huge `malloc` whose NULL is ignored leaves neither trace and is
///    reported as [`FaultKind::Crashed`].
/// 3. **runtime_error** for any other signal or nonzero status.
/// 4. **early_exit** for status 0 while the game was still on (`mid_game`).
///
/// ```
/// use duel_sandbox::{classify_termination, Limits, Termination, Usage};
/// use duel_sandbox::FaultKind;
/// use std::time::Duration;
/// let limits = Limits::new(Duration::from_secs(1), 32);
/// let usage = Usage { peak_memory_bytes: 31 << 20, ..Usage::default() };
/// let fault = classify_termination(Termination::Signaled(11), &usage, &limits, "", true);
/// assert_eq!(fault.unwrap().kind, FaultKind::Memory);
/// let fault = classify_termination(Termination::Exited(0), &Usage::default(), &limits, "", true);
/// assert_eq!(fault.unwrap().kind, FaultKind::EndedEarly);
/// assert_eq!(classify_termination(Termination::Exited(0), &usage, &limits, "", false), None);
/// ```
pub fn classify_termination(
    termination: Termination,
    usage: &Usage,
    limits: &Limits,
    stderr_tail: &str,
    mid_game: bool,
) -> Option<Fault> {
    if usage.cpu > limits.cpu_time || termination == Termination::Signaled(libc::SIGXCPU) {
        return Some(cpu_limit_fault(usage, limits));
    }
    if !termination.is_success() {
        let marker = OUT_OF_MEMORY_MARKERS
            .iter()
            .find(|marker| stderr_tail.contains(*marker));
        // A runtime's reservation within its allowance (Go's hundreds of megabytes) says
        // nothing of what the program used: only the address space beyond it counts.
        let reserved = usage
            .peak_address_space_bytes
            .saturating_sub(limits.address_allowance_bytes);
        let peak = usage.peak_memory_bytes.max(reserved);
        let near_limit = peak.saturating_mul(100)
            >= limits
                .memory_bytes
                .saturating_mul(MEMORY_NEAR_LIMIT_PERCENT);
        if let Some(marker) = marker {
            return Some(Fault::new(
                FaultKind::Memory,
                format!(
                    "{termination} after an allocation failed (\"{marker}\" on stderr) under the {} memory limit",
                    megabytes(limits.memory_bytes)
                ),
            ));
        }
        if near_limit {
            return Some(Fault::new(
                FaultKind::Memory,
                format!(
                    "{termination} with {} in use, at the {} memory limit{}",
                    megabytes(peak),
                    megabytes(limits.memory_bytes),
                    match limits.address_allowance_bytes {
                        0 => String::new(),
                        allowance => format!(
                            " (and {} more of address space allowed)",
                            megabytes(allowance)
                        ),
                    }
                ),
            ));
        }
        return Some(Fault::new(
            FaultKind::Crashed,
            format!("{termination}{}", stderr_hint(stderr_tail)),
        ));
    }
    if mid_game {
        return Some(Fault::new(
            FaultKind::EndedEarly,
            format!(
                "exited with status 0 before the game was over{}",
                stderr_hint(stderr_tail)
            ),
        ));
    }
    None
}

/// The program's last words on stderr, quoted and cut short: often the actual cause
/// ("can't open file", a panic message).
fn stderr_hint(stderr_tail: &str) -> String {
    const MAX_CHARS: usize = 100;
    let Some(last) = stderr_tail
        .lines()
        .map(str::trim)
        .rfind(|line| !line.is_empty())
    else {
        return String::new();
    };
    let mut shown: String = last.chars().take(MAX_CHARS).collect();
    if shown.len() < last.len() {
        shown.push('…');
    }
    format!("; stderr: {shown:?}")
}

/// The fault for a run over its CPU limit.
pub(crate) fn cpu_limit_fault(usage: &Usage, limits: &Limits) -> Fault {
    Fault::new(
        FaultKind::CpuTime,
        format!(
            "CPU time limit of {} exceeded (used {})",
            seconds(limits.cpu_time),
            seconds(usage.cpu)
        ),
    )
}

/// "1 s", "0.25 s".
pub(crate) fn seconds(duration: std::time::Duration) -> String {
    let text = format!("{:.3}", duration.as_secs_f64());
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text} s")
}

/// "32 MB", "31.5 MB" (MiB, as the task's limits are meant).
pub(crate) fn megabytes(bytes: u64) -> String {
    let text = format!("{:.1}", bytes as f64 / (1 << 20) as f64);
    let text = text.strip_suffix(".0").unwrap_or(&text);
    format!("{text} MB")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn limits() -> Limits {
        Limits::new(Duration::from_secs(1), 32)
    }

    #[test]
    fn statuses_read_like_shell_reports() {
        assert_eq!(Termination::Exited(3).to_string(), "exited with status 3");
        assert_eq!(
            Termination::Signaled(11).to_string(),
            "killed by signal 11 (SIGSEGV)"
        );
    }

    #[test]
    fn cpu_over_the_limit_wins_over_everything() {
        let usage = Usage {
            cpu: Duration::from_millis(1200),
            peak_memory_bytes: 32 << 20,
            ..Usage::default()
        };
        let fault = classify_termination(Termination::Signaled(9), &usage, &limits(), "", true);
        assert_eq!(fault.unwrap().kind, FaultKind::CpuTime);
    }

    #[test]
    fn an_out_of_memory_message_means_memory_limit() {
        let stderr = "memory allocation of 67108864 bytes failed\n";
        let fault = classify_termination(
            Termination::Signaled(6),
            &Usage::default(),
            &limits(),
            stderr,
            true,
        )
        .unwrap();
        assert_eq!(fault.kind, FaultKind::Memory);
        assert!(fault.reason.contains("SIGABRT"), "{}", fault.reason);
    }

    #[test]
    fn a_small_crash_is_a_runtime_error() {
        let usage = Usage {
            peak_memory_bytes: 2 << 20,
            ..Usage::default()
        };
        let fault = classify_termination(Termination::Exited(1), &usage, &limits(), "", false);
        assert_eq!(
            fault,
            Some(Fault::new(FaultKind::Crashed, "exited with status 1"))
        );
        let stderr = "Traceback...\n  oops: no such file\n\n";
        let fault = classify_termination(Termination::Exited(2), &usage, &limits(), stderr, true);
        assert_eq!(
            fault.unwrap().reason,
            "exited with status 2; stderr: \"oops: no such file\""
        );
    }

    /// A runtime that reserves much more than it uses (Go) and crashes for another reason is
    /// not taken to have died of the limit when the reservation is within its allowance.
    #[test]
    fn a_reservation_within_the_allowance_is_not_the_limit() {
        let allowed = limits().with_address_allowance(768 << 20);
        let usage = |reserved: u64| Usage {
            peak_memory_bytes: 2 << 20,
            peak_address_space_bytes: reserved,
            ..Usage::default()
        };
        let crash = |usage: &Usage| {
            classify_termination(Termination::Signaled(11), usage, &allowed, "", true)
                .unwrap()
                .kind
        };
        assert_eq!(crash(&usage(700 << 20)), FaultKind::Crashed);
        assert_eq!(crash(&usage(790 << 20)), FaultKind::Crashed);
        assert_eq!(crash(&usage(800 << 20)), FaultKind::Memory);
        // Without the allowance the same reservation is far past the limit.
        let fault = classify_termination(
            Termination::Signaled(11),
            &usage(700 << 20),
            &limits(),
            "",
            true,
        );
        assert_eq!(fault.unwrap().kind, FaultKind::Memory);
        // Resident memory is still held to the limit itself.
        let resident = Usage {
            peak_memory_bytes: 31 << 20,
            ..Usage::default()
        };
        let fault =
            classify_termination(Termination::Signaled(11), &resident, &allowed, "", true).unwrap();
        assert_eq!(fault.kind, FaultKind::Memory);
        assert!(
            fault.reason.contains("at the 32 MB memory limit"),
            "{}",
            fault.reason
        );
    }

    #[test]
    fn units_print_briefly() {
        assert_eq!(seconds(Duration::from_secs(1)), "1 s");
        assert_eq!(seconds(Duration::from_millis(250)), "0.25 s");
        assert_eq!(megabytes(32 << 20), "32 MB");
    }
}
