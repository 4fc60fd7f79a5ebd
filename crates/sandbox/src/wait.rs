//! Waiting for a child of the judge: whether it has exited (without reaping it), reaping it
//! with its resource usage, and a pidfd to poll it.

// System calls: every unsafe block says why it is sound.
#![allow(unsafe_code)]

use super::termination::Termination;
use rustix::io::Errno;
use rustix::process::{self, Pid, PidfdFlags, WaitId, WaitIdOptions};
use std::io;
use std::os::fd::OwnedFd;
use std::time::Duration;

/// A pidfd for the child, if the kernel has them.
pub(crate) fn open_pidfd(pid: i32) -> Option<OwnedFd> {
    process::pidfd_open(Pid::from_raw(pid)?, PidfdFlags::empty()).ok()
}

/// Whether the child has exited, without reaping it: its pid (and with it the process-group
/// and session ids used to find its tree) stays reserved until [`reap`].
pub(crate) fn has_exited(pid: i32) -> bool {
    let Some(pid) = Pid::from_raw(pid) else {
        return false;
    };
    let flags = WaitIdOptions::EXITED | WaitIdOptions::NOHANG | WaitIdOptions::NOWAIT;
    matches!(process::waitid(WaitId::Pid(pid), flags), Ok(Some(_)))
}
/// Waits until the child `pidfd` names has exited and reaps it (its status and usage are not
/// wanted). A pidfd names the process itself, so a pid freed and used again meanwhile is never
/// waited for; nothing happens if another thread has reaped it already.
pub(crate) fn reap_by_pidfd(pidfd: &OwnedFd) {
    use std::os::fd::AsFd;
    loop {
        match process::waitid(WaitId::PidFd(pidfd.as_fd()), WaitIdOptions::EXITED) {
            Err(Errno::INTR) => continue,
            _ => return,
        }
    }
}

/// What `wait4` told about a reaped child.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reaped {
    pub termination: Termination,
    pub cpu: Duration,
    pub max_rss_bytes: u64,
}

/// Reaps the (killed or exited) child `pid` and reads its rusage. `None` if it is not a
/// child of the judge (any more).
pub(crate) fn reap(pid: i32, block: bool) -> Option<Reaped> {
    // rustix has no wait4 (nor a waitid that returns the rusage), so libc's is used.
    let mut status: libc::c_int = 0;
    // SAFETY: `rusage` is plain data (integers and timevals): all zero bytes is valid.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let flags = if block { 0 } else { libc::WNOHANG };
    loop {
        // SAFETY: wait4 writes only through the two pointers, to locals borrowed here.
        let r = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if r == pid {
            break;
        }
        if r < 0 && Errno::from_io_error(&io::Error::last_os_error()) == Some(Errno::INTR) {
            continue;
        }
        return None;
    }
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    Some(Reaped {
        termination: Termination::from_wait_status(status),
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
        max_rss_bytes: (usage.ru_maxrss.max(0) as u64) * 1024,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    // The child is reaped through its pidfd, which clippy cannot see.
    #[allow(clippy::zombie_processes)]
    fn a_pidfd_wait_reaps_its_own_child_once_it_exits_and_then_returns_at_once() {
        let child = std::process::Command::new("sleep")
            .arg("0.2")
            .spawn()
            .unwrap();
        let pid = child.id() as i32;
        let pidfd = open_pidfd(pid).expect("pidfds (Linux 5.3)");
        let started = Instant::now();
        reap_by_pidfd(&pidfd);
        assert!(started.elapsed() >= Duration::from_millis(150));
        // Reaped: it is no child of this process any more.
        assert!(reap(pid, false).is_none());
        let again = Instant::now();
        reap_by_pidfd(&pidfd);
        assert!(again.elapsed() < Duration::from_millis(100));
    }
}
