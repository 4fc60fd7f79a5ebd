//! Starting the program: what happens between fork and exec (joining the cgroup, the
//! rlimits, private directories, the change of user, the system-call filter).

// System calls: every unsafe block says why it is sound.
#![allow(unsafe_code)]

use super::environment::environment;
use super::private::PrivateMounts;
use super::MAX_FILE_BYTES;
use rustix::io::{Errno, FdFlags};
use rustix::process::{self, Gid, Pid, Resource, Rlimit, Signal, Uid};
use rustix::thread;
use seccompiler::BpfProgram;
use std::ffi::OsString;
use std::io;
use std::os::fd::OwnedFd;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};

/// What the child does to itself before it runs the program.
#[derive(Debug, Default)]
pub(crate) struct Confinement {
    /// Files the child writes `0` to, joining its run's cgroup (see
    /// [`Cgroup::join_files`](super::Cgroup::join_files)). They are
    /// closed in the judge once the child is started (and are close-on-exec in the child).
    pub join: Vec<OwnedFd>,
    /// `RLIMIT_AS`, when no cgroup limits memory.
    pub address_space: Option<u64>,
    /// `RLIMIT_CPU`, whole seconds: the backstop behind the judge's own checks.
    pub cpu_seconds: u64,
    /// `RLIMIT_NPROC`, when processes are not counted by a cgroup but the program runs as a
    /// user of its own (then it counts only the program's processes).
    pub processes: Option<u64>,
    /// Run as this (uid, gid) with no supplementary groups, and no new privileges.
    pub user: Option<(u32, u32)>,
    /// Descriptors the program keeps across exec, at the same numbers (bubblewrap's
    /// `--seccomp` program). They are closed in the judge once the child is started.
    pub inherit: Vec<OwnedFd>,
    /// The system-call filter the child installs on itself, last before exec (with no new
    /// privileges).
    pub filter: Option<&'static BpfProgram>,
    /// Private `/tmp` and the other directories any user may write, without bubblewrap
    /// (see [`private`](super::private)).
    pub mounts: Option<PrivateMounts>,
    /// The program's whole environment; `None`: the fixed one of a run that names no program
    /// from `$PATH` (see [`environment`](super::environment)). Nothing is inherited.
    pub env: Option<Vec<(OsString, OsString)>>,
    /// The child ends, with status 0, once it is confined, and runs nothing: the confinement
    /// is the whole errand (emptying a box user's keyrings), so no program is loaded for it.
    pub end_before_exec: bool,
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
    mut confinement: Confinement,
) -> io::Result<Started> {
    let (program, args) = argv
        .split_first()
        .ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
    let env = confinement
        .env
        .take()
        .unwrap_or_else(|| environment(&[], &[]));
    let mut builder = Command::new(program);
    builder
        .args(args)
        .env_clear()
        .envs(env)
        .current_dir(working_dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let judge = process::getpid();
    // SAFETY: `pre_exec` is unsafe because the closure runs in the forked child, where only
    // async-signal-safe work is sound. `confine` only makes raw system calls through rustix
    // (write, setsid, keyctl, getrlimit/setrlimit, setgroups, setgid, setuid, prctl, getppid, fcntl,
    // _exit) on integers, a static buffer and fds opened before the fork, and seccompiler's
    // `apply_filter` (prctl and seccomp on a filter compiled before the fork); it allocates
    // nothing and takes no lock (an error is an `Errno` turned into an `io::Error` without
    // allocating).
    unsafe {
        builder.pre_exec(move || confine(&confinement, judge).map_err(io::Error::from));
    }
    let mut child = builder.spawn()?;
    // The closure, and with it the cgroup files, is dropped here: the judge closes them.
    drop(builder);
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

/// Runs in the child between fork and exec: raw system calls only, no allocation.
fn confine(confinement: &Confinement, judge: Pid) -> Result<(), Errno> {
    for fd in &confinement.join {
        rustix::io::write(fd, b"0\n")?;
    }
    process::setsid()?;
    keyrings::join_fresh_session()?;
    if let Some(bytes) = confinement.address_space {
        lower_limit(Resource::As, bytes, bytes)?;
    }
    let cpu = confinement.cpu_seconds;
    lower_limit(Resource::Cpu, cpu, cpu.saturating_add(1))?;
    lower_limit(Resource::Core, 0, 0)?;
    lower_limit(Resource::Fsize, MAX_FILE_BYTES, MAX_FILE_BYTES)?;
    if let Some(processes) = confinement.processes {
        lower_limit(Resource::Nproc, processes, processes)?;
    }
    if let Some(mounts) = &confinement.mounts {
        mounts.apply()?;
    }
    if let Some((uid, gid)) = confinement.user {
        // The order matters: groups and gid while still privileged, uid last. These are the
        // kernel's per-thread calls; after fork the child has this one thread only, so they
        // change the whole process.
        thread::set_thread_groups(&[])?;
        thread::set_thread_gid(Gid::from_raw(gid))?;
        thread::set_thread_uid(Uid::from_raw(uid))?;
        // What an earlier run of this user (without the filter) left in the keyrings the
        // kernel keeps per user is gone before this one starts.
        keyrings::clear_the_users();
        // Nothing it runs can gain privileges again (a set-user-ID program, file
        // capabilities).
        thread::set_no_new_privs(true)?;
    }
    // After the change of user, which clears it: if the judge dies (a second Ctrl-C, a
    // crash), its programs die with it. If it died already, the child was reparented.
    process::set_parent_process_death_signal(Some(Signal::KILL))?;
    if process::getppid() != Some(judge) {
        return Err(Errno::SRCH);
    }
    for fd in &confinement.inherit {
        rustix::io::fcntl_setfd(fd, FdFlags::empty())?;
    }
    if let Some(filter) = confinement.filter {
        // Sets no-new-privileges, then installs the filter: two system calls on memory that
        // was made before the fork; an error carries only the errno.
        seccompiler::apply_filter(filter).map_err(|_| Errno::PERM)?;
    }
    if confinement.end_before_exec {
        // The standard library's parent reads the end of its exec-error pipe, closed here with
        // nothing written, as a start: the caller then reaps the status 0.
        // SAFETY: `_exit` is async-signal-safe; it ends the child at once, running nothing of
        // the judge's (no destructor, no buffered output) in the forked copy.
        unsafe { libc::_exit(0) }
    }
    Ok(())
}

/// The kernel's keyrings, which `fork`, `setuid` and `exec` all keep: a run must neither see
/// the judge's (a login's session keyring, with the user keyring linked in) nor what an
/// earlier run of its box user left.
mod keyrings {
    // System calls: every unsafe block says why it is sound.
    #![allow(unsafe_code)]

    use rustix::io::Errno;

    const KEYCTL_JOIN_SESSION_KEYRING: libc::c_long = 1;
    const KEYCTL_CLEAR: libc::c_long = 7;
    const KEYCTL_GET_PERSISTENT: libc::c_long = 22;
    const KEY_SPEC_SESSION_KEYRING: libc::c_long = -3;
    const KEY_SPEC_USER_KEYRING: libc::c_long = -4;
    const KEY_SPEC_USER_SESSION_KEYRING: libc::c_long = -5;

    /// `keyctl(operation, a, b)`: its result, or the errno.
    fn keyctl(operation: libc::c_long, a: libc::c_long, b: libc::c_long) -> Result<i64, Errno> {
        // SAFETY: these keyctl operations take integers only (a null name for joining), and
        // read or write no memory of the caller.
        let result = unsafe { libc::syscall(libc::SYS_keyctl, operation, a, b) };
        if result < 0 {
            Err(Errno::from_raw_os_error(
                std::io::Error::last_os_error().raw_os_error().unwrap_or(0),
            ))
        } else {
            Ok(result)
        }
    }

    /// Makes the process the only member of a new, empty, anonymous session keyring: what
    /// it had (the judge's session, maybe a login's, with the organiser's keys) is out of
    /// reach. A kernel without keys has nothing to hide.
    pub(super) fn join_fresh_session() -> Result<(), Errno> {
        match keyctl(KEYCTL_JOIN_SESSION_KEYRING, 0, 0) {
            Ok(_) | Err(Errno::NOSYS) => Ok(()),
            Err(errno) => Err(errno),
        }
    }

    /// Empties the calling user's user, user-session and persistent keyrings (after the
    /// change to a box user). Failures change nothing: a kernel without keys or persistent
    /// keyrings has nothing to clear.
    pub(super) fn clear_the_users() {
        let _ = keyctl(KEYCTL_CLEAR, KEY_SPEC_USER_KEYRING, 0);
        let _ = keyctl(KEYCTL_CLEAR, KEY_SPEC_USER_SESSION_KEYRING, 0);
        if let Ok(persistent) = keyctl(KEYCTL_GET_PERSISTENT, -1, KEY_SPEC_SESSION_KEYRING) {
            let _ = keyctl(KEYCTL_CLEAR, persistent as libc::c_long, 0);
        }
    }
}

/// Lowers a resource limit to (soft, hard), never above the current hard limit (raising it
/// would fail for an unprivileged judge).
fn lower_limit(resource: Resource, soft: u64, hard: u64) -> Result<(), Errno> {
    // `None` is RLIM_INFINITY, above any number.
    let current = process::getrlimit(resource).maximum.unwrap_or(u64::MAX);
    let hard = hard.min(current);
    process::setrlimit(
        resource,
        Rlimit {
            current: Some(soft.min(hard)),
            maximum: Some(hard),
        },
    )
}
