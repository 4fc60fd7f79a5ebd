//! Ending a judging run early on Ctrl-C (SIGINT), SIGTERM or SIGHUP: the first signal sets a
//! flag the judge polls between tests; a later, separate signal ends the process at once.
//!
//! The same signal arriving again within [`ECHO_WINDOW`] of the first counts as the first one:
//! `timeout` sends its signal to the judge and then to the judge's whole process group, and a
//! shell's `kill -- -PGID` or a service manager's kill reaches the judge once per process of
//! the group, so one request to stop often arrives twice in a few microseconds. Only a signal
//! after that moment, or a different one of the three, is a second request and ends the run
//! at once.

// System calls: every unsafe block says why it is sound.
#![allow(unsafe_code)]

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

static INTERRUPTED: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The signal that interrupted the run (0: none).
static INTERRUPTING_SIGNAL: AtomicI32 = AtomicI32::new(0);

/// When the first signal came, in nanoseconds of `CLOCK_MONOTONIC`.
static FIRST_AT_NS: AtomicI64 = AtomicI64::new(0);

/// The signals that end a run like Ctrl-C does.
const INTERRUPTING_SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// How long after the first signal the same signal again is taken for an echo of it (one
/// request delivered twice) rather than a second request.
pub const ECHO_WINDOW: Duration = Duration::from_millis(500);

/// `CLOCK_MONOTONIC` in nanoseconds; `clock_gettime` is async-signal-safe.
fn monotonic_ns() -> i64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec into the local it is given (rustix has it
    // only behind a feature this crate does not enable); CLOCK_MONOTONIC always exists.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) };
    now.tv_sec
        .saturating_mul(1_000_000_000)
        .saturating_add(now.tv_nsec)
}

/// What a signal means, given the first one (`first`, 0 for none) and how long ago it came.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Meaning {
    /// The first request to stop: finish the current tests' reports and stop.
    Stop,
    /// The first request again, delivered twice: nothing more to do.
    Echo,
    /// A second request: end at once.
    EndNow,
}

fn meaning(first: libc::c_int, signal: libc::c_int, since_first_ns: i64) -> Meaning {
    if first == 0 {
        Meaning::Stop
    } else if first == signal && (0..ECHO_WINDOW.as_nanos() as i64).contains(&since_first_ns) {
        Meaning::Echo
    } else {
        Meaning::EndNow
    }
}

extern "C" fn on_interrupt(signal: libc::c_int) {
    // Atomics, clock_gettime, sigaction and raise only: async-signal-safe.
    let now = monotonic_ns();
    let first =
        match INTERRUPTING_SIGNAL.compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(_) => {
                FIRST_AT_NS.store(now, Ordering::SeqCst);
                0
            }
            Err(first) => first,
        };
    // A first signal being handled on another thread may not have stored its time yet: the
    // same signal then counts as arriving with it (an echo), not as a later request.
    let first_at = FIRST_AT_NS.load(Ordering::SeqCst);
    let since_first = if first_at == 0 { 0 } else { now - first_at };
    match meaning(first, signal, since_first) {
        Meaning::Stop => {
            if let Some(flag) = INTERRUPTED.get() {
                flag.store(true, Ordering::SeqCst);
            }
        }
        Meaning::Echo => {}
        Meaning::EndNow => {
            set_handler(signal, libc::SIG_DFL);
            // SAFETY: raise is async-signal-safe; the signal is blocked while this handler
            // runs, so it is delivered, with its default action (the end of the process), as
            // the handler returns.
            unsafe { libc::raise(signal) };
        }
    }
}

/// Installs `handler` (SIG_DFL or [`on_interrupt`]) for `signal`, restarting interrupted
/// system calls.
fn set_handler(signal: libc::c_int, handler: libc::sighandler_t) {
    // rustix offers sigaction only as an unsafe call too; libc's is used directly.
    // SAFETY: `sigaction` is plain data (integers, a signal set, a handler address) for which
    // all zero bytes is a valid value (an empty mask, no flags, SIG_DFL).
    let mut action: libc::sigaction = unsafe { std::mem::zeroed() };
    action.sa_sigaction = handler;
    action.sa_flags = libc::SA_RESTART;
    // SAFETY: sigaction reads the fully initialised `action` and writes nothing (null old
    // action); it is async-signal-safe, so calling it from `on_interrupt` is sound too. The
    // handler it may install only stores to atomics, reads the clock and calls this function
    // and raise.
    unsafe { libc::sigaction(signal, &action, std::ptr::null_mut()) };
}

/// Installs the handlers and returns the flag the first SIGINT, SIGTERM or SIGHUP sets. The
/// flag is the same on every call.
///
/// # Process-wide effects
///
/// Every call (re)installs, for the whole process, a handler of SIGINT, SIGTERM and SIGHUP
/// (with `SA_RESTART`, replacing whatever handled them). Call it once, at the start of a
/// program that judges, when it wants Ctrl-C or a service manager's stop to end the run
/// cleanly: give the flag to [`Launcher::with_cancel_flag`](crate::Launcher::with_cancel_flag)
/// and runs stop at their next check, so the caller can still write its reports. The first
/// signal only sets the flag (the same signal again within [`ECHO_WINDOW`] is taken for the
/// same request); a later or different one restores the default disposition and raises
/// itself, ending the process at once. Nothing in this crate calls it.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    let flag = INTERRUPTED
        .get_or_init(|| Arc::new(AtomicBool::new(false)))
        .clone();
    let handler = on_interrupt as extern "C" fn(libc::c_int);
    for signal in INTERRUPTING_SIGNALS {
        set_handler(signal, handler as libc::sighandler_t);
    }
    flag
}

/// The signal that set the flag of [`interrupt_flag`], if one did.
pub fn interrupting_signal() -> Option<i32> {
    match INTERRUPTING_SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(signal),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: i64 = 1_000_000;

    #[test]
    fn the_first_signal_stops_the_run() {
        assert_eq!(meaning(0, libc::SIGTERM, 0), Meaning::Stop);
    }

    #[test]
    fn the_same_signal_within_a_moment_is_an_echo() {
        assert_eq!(meaning(libc::SIGTERM, libc::SIGTERM, 0), Meaning::Echo);
        assert_eq!(meaning(libc::SIGTERM, libc::SIGTERM, 5 * MS), Meaning::Echo);
        assert_eq!(meaning(libc::SIGINT, libc::SIGINT, 499 * MS), Meaning::Echo);
    }

    #[test]
    fn a_later_or_different_signal_ends_the_run() {
        assert_eq!(
            meaning(libc::SIGTERM, libc::SIGTERM, 500 * MS),
            Meaning::EndNow
        );
        assert_eq!(
            meaning(libc::SIGINT, libc::SIGINT, 3000 * MS),
            Meaning::EndNow
        );
        assert_eq!(meaning(libc::SIGTERM, libc::SIGHUP, MS), Meaning::EndNow);
        // A clock that seems to go backwards is no echo.
        assert_eq!(meaning(libc::SIGTERM, libc::SIGTERM, -MS), Meaning::EndNow);
    }
}
