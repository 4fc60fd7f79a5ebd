//! Signals and process-wide settings the runner needs, each a single system call.

// System calls: every unsafe block says why it is sound.
#![allow(unsafe_code)]

use rustix::process::{self, Pid, Signal};

/// Sends SIGKILL to `pid`. A pid that is gone already is not an error; a pid that is not a
/// process's (zero or negative: a group or everything) is never signalled.
pub(crate) fn kill(pid: i32) {
    if let Some(pid) = Pid::from_raw(pid) {
        let _ = process::kill_process(pid, Signal::KILL);
    }
}

/// Sends SIGKILL to every process of the process group `pgrp`.
pub(crate) fn kill_group(pgrp: i32) {
    if let Some(pgrp) = Pid::from_raw(pgrp) {
        let _ = process::kill_process_group(pgrp, Signal::KILL);
    }
}

/// Makes the judge a child subreaper (once): processes its programs orphan are reparented to
/// the judge instead of init, so the judge sees them, kills them and counts their CPU.
pub(crate) fn become_subreaper() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // The argument is only a nonzero flag; rustix passes the pid given.
        let _ = process::set_child_subreaper(Some(process::getpid()));
    });
}

/// Writing to a program that has exited must fail with EPIPE, not kill the judge. Rust
/// binaries ignore SIGPIPE already; a host that left it at its default gets it ignored here,
/// once (a handler the host installed itself is left alone).
pub(crate) fn ignore_sigpipe() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // rustix offers sigaction only as an unsafe call too; libc's is used directly.
        // SAFETY: `sigaction` is plain data (integers, a signal set, a handler address) for
        // which all zero bytes is a valid value.
        let mut current: libc::sigaction = unsafe { std::mem::zeroed() };
        // SAFETY: with a null new action, sigaction only writes the current disposition into
        // `current`, a valid, exclusively borrowed struct.
        let read = unsafe { libc::sigaction(libc::SIGPIPE, std::ptr::null(), &mut current) };
        if read == 0 && current.sa_sigaction == libc::SIG_DFL {
            // SAFETY: SIG_IGN runs no code of ours, so no handler's soundness is at stake.
            unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
        }
    });
}

/// The judge's effective user id.
pub(crate) fn effective_uid() -> u32 {
    process::geteuid().as_raw()
}

/// The judge's session id, as `/proc` shows it: 0 when the session's leader lies outside the
/// judge's PID namespace (a judge started inside a container, say), which is how `/proc` shows
/// the session of every process that shares it. (rustix's `getsid` cannot return that 0: it
/// asserts a positive id.) Read once: the judge never leaves its session.
pub(crate) fn own_session() -> i32 {
    static SESSION: std::sync::OnceLock<i32> = std::sync::OnceLock::new();
    *SESSION.get_or_init(|| super::procfs::own_stat().map_or(0, |stat| stat.session))
}
