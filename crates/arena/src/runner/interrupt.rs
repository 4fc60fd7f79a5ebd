//! Ending a judging run early on Ctrl-C (SIGINT), SIGTERM or SIGHUP: the first signal sets a
//! flag the judge polls between tests; a second one ends the process at once.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Arc, OnceLock};

static INTERRUPTED: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The signal that interrupted the run (0: none).
static INTERRUPTING_SIGNAL: AtomicI32 = AtomicI32::new(0);

/// The signals that end a run like Ctrl-C does.
const INTERRUPTING_SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

extern "C" fn on_interrupt(signal: libc::c_int) {
    // Atomic stores and sigaction only: async-signal-safe.
    INTERRUPTING_SIGNAL.store(signal, Ordering::SeqCst);
    if let Some(flag) = INTERRUPTED.get() {
        flag.store(true, Ordering::SeqCst);
    }
    // Any second signal of the three now ends the process at once.
    for other in INTERRUPTING_SIGNALS {
        set_handler(other, libc::SIG_DFL);
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
    // handler it may install only stores to atomics and calls this function.
    unsafe { libc::sigaction(signal, &action, std::ptr::null_mut()) };
}

/// Installs the handlers (again, if a first signal reset them) and returns the flag the first
/// SIGINT, SIGTERM or SIGHUP sets. The flag is the same on every call.
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
