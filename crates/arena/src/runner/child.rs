//! Starting the program (what happens between fork and exec) and reaping it.

use super::termination::Termination;
use super::MAX_FILE_BYTES;
use std::ffi::OsString;
use std::io;
use std::os::fd::{OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// What the child does to itself before it runs the program.
#[derive(Debug, Clone, Default)]
pub(crate) struct Confinement {
    /// `cgroup.procs` files the child writes `0` to, joining its run's cgroup.
    pub join: Vec<RawFd>,
    /// `RLIMIT_AS`, when no cgroup limits memory.
    pub address_space: Option<u64>,
    /// `RLIMIT_CPU`, whole seconds: the backstop behind the judge's own checks.
    pub cpu_seconds: u64,
    /// `RLIMIT_NPROC`, when processes are not counted by a cgroup but the program runs as a
    /// user of its own (then it counts only the program's processes).
    pub processes: Option<u64>,
    /// Run as this (uid, gid) with no supplementary groups.
    pub user: Option<(u32, u32)>,
}

/// The started child: its pid and its three pipes.
pub(crate) struct Started {
    pub pid: i32,
    pub stdin: OwnedFd,
    pub stdout: OwnedFd,
    pub stderr: OwnedFd,
}

/// Forks and execs `argv` in `working_dir` with piped stdio, confined as `confinement` says.
pub(crate) fn start(
    argv: &[OsString],
    working_dir: &Path,
    confinement: &Confinement,
) -> io::Result<Started> {
    let (program, args) = argv
        .split_first()
        .ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
    let mut builder = Command::new(program);
    builder
        .args(args)
        .current_dir(working_dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let confinement = confinement.clone();
    let judge_pid = std::process::id() as libc::pid_t;
    // SAFETY: the closure runs between fork and exec and only calls async-signal-safe
    // functions (write, setsid, setrlimit, setgroups, setgid, setuid, prctl, getppid) on
    // integers and buffers allocated before the fork; it allocates nothing.
    unsafe {
        builder.pre_exec(move || confine(&confinement, judge_pid));
    }
    let mut child = builder.spawn()?;
    let pid = child.id() as i32;
    let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
    // The std handle is not needed any more: the judge waits for the pid itself (with
    // rusage), and dropping a Child neither kills nor reaps it.
    drop(child);
    let (Some(stdin), Some(stdout), Some(stderr)) = pipes else {
        unreachable!("all three pipes were requested")
    };
    Ok(Started {
        pid,
        stdin: stdin.into(),
        stdout: stdout.into(),
        stderr: stderr.into(),
    })
}

/// Runs in the child between fork and exec.
fn confine(confinement: &Confinement, judge_pid: libc::pid_t) -> io::Result<()> {
    for &fd in &confinement.join {
        // SAFETY: writing two bytes from a static buffer to an fd opened before the fork.
        if unsafe { libc::write(fd, b"0\n".as_ptr().cast(), 2) } < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    // SAFETY: setsid has no memory-safety preconditions.
    if unsafe { libc::setsid() } < 0 {
        return Err(io::Error::last_os_error());
    }
    if let Some(bytes) = confinement.address_space {
        lower_limit(libc::RLIMIT_AS, bytes, bytes)?;
    }
    let cpu = confinement.cpu_seconds;
    lower_limit(libc::RLIMIT_CPU, cpu, cpu + 1)?;
    lower_limit(libc::RLIMIT_CORE, 0, 0)?;
    lower_limit(libc::RLIMIT_FSIZE, MAX_FILE_BYTES, MAX_FILE_BYTES)?;
    if let Some(processes) = confinement.processes {
        lower_limit(libc::RLIMIT_NPROC, processes, processes)?;
    }
    if let Some((uid, gid)) = confinement.user {
        // SAFETY: setgroups with an empty list reads no memory; setgid/setuid take integers.
        // The order matters: groups and gid while still privileged, uid last.
        unsafe {
            if libc::setgroups(0, std::ptr::null()) != 0
                || libc::setgid(gid) != 0
                || libc::setuid(uid) != 0
            {
                return Err(io::Error::last_os_error());
            }
        }
    }
    // After the change of user, which clears it: if the judge dies (a second Ctrl-C, a
    // crash), its programs die with it.
    // SAFETY: prctl and getppid take and return integers only.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
        if libc::getppid() != judge_pid {
            return Err(io::Error::from_raw_os_error(libc::ESRCH));
        }
    }
    Ok(())
}

/// Lowers a resource limit to (soft, hard), never above the current hard limit (raising it
/// would fail for an unprivileged judge).
macro_rules! lower_limit_impl {
    ($resource:expr, $soft:expr, $hard:expr) => {{
        let mut current = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit/setrlimit only read/write the struct passed.
        if unsafe { libc::getrlimit($resource, &mut current) } != 0 {
            return Err(io::Error::last_os_error());
        }
        let hard = ($hard as libc::rlim_t).min(current.rlim_max);
        let wanted = libc::rlimit {
            rlim_cur: ($soft as libc::rlim_t).min(hard),
            rlim_max: hard,
        };
        // SAFETY: as above.
        if unsafe { libc::setrlimit($resource, &wanted) } != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }};
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn lower_limit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) -> io::Result<()> {
    lower_limit_impl!(resource, soft, hard)
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn lower_limit(resource: libc::c_int, soft: u64, hard: u64) -> io::Result<()> {
    lower_limit_impl!(resource, soft, hard)
}

/// A pidfd for the child, if the kernel has them.
pub(crate) fn open_pidfd(pid: i32) -> Option<OwnedFd> {
    use std::os::fd::FromRawFd;
    // SAFETY: pidfd_open takes a pid and flags and returns a new fd or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    // SAFETY: a non-negative result is a fresh fd that nothing else owns.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// Whether the child has exited, without reaping it: its pid (and with it the process-group
/// and session ids used to find its tree) stays reserved until [`reap`].
pub(crate) fn has_exited(pid: i32) -> bool {
    // SAFETY: siginfo_t is plain data; waitid with WNOWAIT only fills it in.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
        libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) == 0 && info.si_pid() != 0
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
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain data filled in by wait4.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let flags = if block { 0 } else { libc::WNOHANG };
    loop {
        // SAFETY: valid pointers to our locals.
        let r = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if r == pid {
            break;
        }
        if r < 0 && io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
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
