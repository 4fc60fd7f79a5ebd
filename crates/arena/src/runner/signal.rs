//! Signals and process-wide settings the runner needs, each a single system call.

/// Sends SIGKILL to `pid`. A pid that is gone already is not an error.
pub(crate) fn kill(pid: i32) {
    // SAFETY: sending a signal has no memory-safety preconditions.
    unsafe { libc::kill(pid, libc::SIGKILL) };
}

/// Sends SIGKILL to every process of the process group `pgrp`.
pub(crate) fn kill_group(pgrp: i32) {
    // SAFETY: as for `kill`.
    unsafe { libc::killpg(pgrp, libc::SIGKILL) };
}

/// Makes the judge a child subreaper (once): processes its programs orphan are reparented to
/// the judge instead of init, so the judge sees them, kills them and counts their CPU.
pub(crate) fn become_subreaper() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: prctl with integer arguments only changes a flag of this process.
        unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong) };
    });
}

/// Writing to a program that has exited must fail with EPIPE, not kill the judge. Rust
/// binaries ignore SIGPIPE already; a host that left it at its default gets it ignored here,
/// once (a handler the host installed itself is left alone).
pub(crate) fn ignore_sigpipe() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: reading and setting a signal disposition with fully initialised structs.
        unsafe {
            let mut current: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGPIPE, std::ptr::null(), &mut current) == 0
                && current.sa_sigaction == libc::SIG_DFL
            {
                libc::signal(libc::SIGPIPE, libc::SIG_IGN);
            }
        }
    });
}

/// The judge's effective user id.
pub(crate) fn effective_uid() -> u32 {
    // SAFETY: geteuid cannot fail and touches no memory.
    unsafe { libc::geteuid() }
}

/// The judge's session id.
pub(crate) fn own_session() -> i32 {
    // SAFETY: getsid(0) cannot fail for the calling process and touches no memory.
    unsafe { libc::getsid(0) }
}
