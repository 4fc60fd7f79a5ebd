//! Under bubblewrap: what the program's first process wrote, read when it ends, before anyone
//! can reap it.
//!
//! Bubblewrap's init (the PID namespace's pid 1) reaps the first process (pid 2) the moment it
//! ends, and is charged its counts, then those of every process the namespace's end reaps: no
//! count read afterwards is the first process's alone. So a thread of the judge follows the
//! first process with `ptrace`: it seizes bubblewrap's init as soon as it exists
//! (`PTRACE_O_TRACEFORK`: init's setup takes milliseconds, its fork of pid 2 comes last), which
//! makes the kernel attach pid 2 when it is forked, before it runs anything; init is then let
//! go. Init's pid comes from bubblewrap itself (`--info-fd`), written as soon as it has made
//! init: the follower sleeps in `poll` until then rather than looking for init in `/proc`, so
//! it takes no processor time from the program's start on a busy machine. Pid 2 is then traced
//! with no options to its end: a traced process that has ended is a zombie only its tracer
//! sees, which nobody else can reap until the tracer has waited for it.
//! The follower reads its `wchar` there (its own writes and those of the children it waited
//! for, nothing reaped after it), then releases it to init. The judge's thread, seeing the
//! first process end, waits for that figure.
//!
//! The follower holds the first process's zombie until the judge releases it: the end of
//! pid 2 would otherwise let init end, and with it, at once, every other process of the
//! sandbox (a PID namespace dies with its init), where without bubblewrap a process the
//! program started goes on. Held, the sandbox lives on until the judge decides, as it does
//! without bubblewrap (a child that keeps the program's output open after the game is seen
//! doing so, in every sandbox). The judge releases it before it waits for bubblewrap to end,
//! when the run ends, and at once for a program read as bytes (`Process::read_bytes`), whose
//! output ends when the sandbox does.
//!
//! The follower changes nothing the program sees but one thing: a signal the program ignores
//! is delivered (and then ignored) rather than discarded, so it can end a call such as
//! `epoll_wait` with `EINTR`. Every signal is passed on, a stop (`SIGSTOP`, `SIGTSTP`...)
//! stays a stop (`PTRACE_LISTEN`), no stop is added at the seize. When the kernel refuses the
//! seize (a set-user-id bubblewrap, Yama's `ptrace_scope` 3), nothing is followed and the
//! judge reads init's counts as before.

// System calls rustix does not wrap (ptrace, waitid's siginfo): every unsafe block says why
// it is sound.
#![allow(unsafe_code)]

use std::os::fd::OwnedFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use super::Hold;
use crate::pipes;

/// What the follower learnt, shared with the judge's thread.
#[derive(Debug, Default)]
struct State {
    /// Whether the first process is followed (then its count comes when it ends).
    followed: bool,
    /// What it wrote in all, read when it had ended.
    wrote: Option<u64>,
    /// Whether the follower has stopped (nothing more will come).
    over: bool,
    /// Whether the judge lets the first process's end go to bubblewrap's init (until then
    /// its zombie is held, and with it the sandbox: nothing else of the program is killed).
    released: bool,
}

#[derive(Debug, Default)]
struct Shared {
    state: Mutex<State>,
    changed: Condvar,
    /// Set when the run is over: a follower still looking for init gives up.
    stop: AtomicBool,
}

impl Shared {
    fn update(&self, change: impl FnOnce(&mut State)) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        change(&mut state);
        self.changed.notify_all();
    }
}

/// The thread following bubblewrap's first process (see the module's documentation).
#[derive(Debug)]
pub(super) struct Follower {
    shared: Arc<Shared>,
}

impl Follower {
    /// Starts following the first process of the bubblewrap started with `hold`, which waits
    /// on its release (`--block-fd`) before it forks that process: closed once init is seized,
    /// or when the follower gives up (or could not be started). `None` when no thread could
    /// be started.
    pub(super) fn start(hold: Hold) -> Option<Follower> {
        let shared = Arc::new(Shared::default());
        let theirs = Arc::clone(&shared);
        std::thread::Builder::new()
            .name("duel-follower".into())
            .spawn(move || {
                follow(hold, &theirs);
                theirs.update(|state| state.over = true);
            })
            .ok()?;
        Some(Follower { shared })
    }

    /// What the first process wrote in all, once it has ended, if it was followed: waits at
    /// most `patience` for the follower to read it (it is read before the process is seen
    /// ending, but for a `SIGKILL`).
    pub(super) fn wrote(&self, patience: Duration) -> Option<u64> {
        let deadline = Instant::now() + patience;
        let mut state = self.shared.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if !state.followed || state.wrote.is_some() || state.over {
                return state.wrote;
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            state = match self.shared.changed.wait_timeout(state, left) {
                Ok((state, _)) => state,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
    }
}

impl Follower {
    /// Lets the first process's end reach bubblewrap's init: until then the follower holds
    /// its zombie, so that init neither reaps it nor ends (which would end every other
    /// process of the sandbox at once: bubblewrap's PID namespace dies with its init). The
    /// judge decides when the program has ended, in every sandbox alike (see `closing`).
    pub(super) fn release(&self) {
        self.shared.update(|state| state.released = true);
    }
}

impl Drop for Follower {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.release();
    }
}

/// The pids of the children of process `pid`.
pub(super) fn children(pid: i32) -> Vec<i32> {
    std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|pid| pid.parse().ok())
        .collect()
}

/// The most bubblewrap's `--info-fd` document is read for: it holds the init's pid and a few
/// namespace ids, far less.
const INFO_BYTES: usize = 4096;

/// How often a follower waiting for init's pid looks whether the run is over.
const INFO_PATIENCE: Duration = Duration::from_millis(20);

/// The pid of bubblewrap's init, read from its `--info-fd` document as soon as it is there;
/// `None` when bubblewrap ended (or the run is over) before making init.
fn init_pid(info: &OwnedFd, stop: &AtomicBool) -> Option<i32> {
    let mut document = Vec::new();
    let mut buffer = [0u8; 512];
    loop {
        if let Some(pid) = child_pid_in(&document) {
            return Some(pid);
        }
        if stop.load(Ordering::Relaxed) || document.len() >= INFO_BYTES {
            return None;
        }
        if pipes::poll(&mut [pipes::readable(info)], INFO_PATIENCE) == 0 {
            continue;
        }
        match pipes::read_fd(info, &mut buffer) {
            pipes::ReadResult::Data(n) => document.extend_from_slice(&buffer[..n]),
            pipes::ReadResult::Nothing => {}
            pipes::ReadResult::End => return child_pid_in(&document),
        }
    }
}

/// The `"child-pid"` of (the start of) a bubblewrap `--info-fd` document, once its digits are
/// complete (followed by anything else).
fn child_pid_in(document: &[u8]) -> Option<i32> {
    const KEY: &[u8] = b"\"child-pid\"";
    let at = document.windows(KEY.len()).position(|w| w == KEY)? + KEY.len();
    let rest = &document[at..];
    let rest = &rest[rest
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t' | b'\n' | b':'))?..];
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits == rest.len() {
        return None;
    }
    std::str::from_utf8(&rest[..digits])
        .ok()?
        .parse()
        .ok()
        .filter(|&pid| pid > 1)
}

/// Whether process `pid` is its PID namespace's pid 2 (bubblewrap's program).
pub(super) fn is_namespace_pid_2(pid: i32) -> bool {
    namespace_pid(pid).as_deref() == Some("2")
}

/// Whether process `pid` is the init of a PID namespace of its own (bubblewrap's init, whose
/// parent need not be the bubblewrap the judge started).
pub(super) fn is_namespace_init(pid: i32) -> bool {
    namespace_pid(pid).as_deref() == Some("1")
}

/// Whether process `pid` is a program's in bubblewrap's sandbox: in a PID namespace below the
/// judge's, and not its init (bubblewrap's processes outside it are bubblewrap's own).
pub(super) fn is_namespace_program(pid: i32) -> bool {
    namespace_pids(pid).is_some_and(|ids| ids.len() >= 2 && ids.last().is_some_and(|id| id != "1"))
}

/// Process `pid`'s pid in its own PID namespace (the last of its `NSpid`).
fn namespace_pid(pid: i32) -> Option<String> {
    namespace_pids(pid)?.pop()
}

/// Process `pid`'s pids, from the judge's PID namespace down to its own (its `NSpid`).
fn namespace_pids(pid: i32) -> Option<Vec<String>> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let ids = status
        .lines()
        .find_map(|line| line.strip_prefix("NSpid:"))?;
    Some(ids.split_whitespace().map(str::to_owned).collect())
}

/// The `wchar` of process `pid` (`None`: not readable).
fn wchar(pid: i32) -> Option<u64> {
    wchar_in(&std::fs::read_to_string(format!("/proc/{pid}/io")).ok()?)
}

/// The `wchar` line of the text of a `/proc/<pid>/io`: how many bytes the process wrote.
pub(super) fn wchar_in(io: &str) -> Option<u64> {
    io.lines()
        .find_map(|line| line.strip_prefix("wchar:"))?
        .trim()
        .parse()
        .ok()
}

/// One `ptrace` request on `pid`; whether the kernel took it.
fn ptrace(request: libc::c_uint, pid: i32, data: usize) -> bool {
    // SAFETY: these requests (SEIZE, SETOPTIONS, CONT, LISTEN, INTERRUPT, DETACH) take no
    // pointer: `addr` is 0 and `data` a number (options or a signal).
    unsafe { libc::ptrace(request, pid, 0usize, data) == 0 }
}

/// `PTRACE_GETEVENTMSG` of `pid`: at a fork stop, the new process's pid (in the judge's
/// namespace).
fn event_message(pid: i32) -> Option<i32> {
    let mut message: libc::c_ulong = 0;
    // SAFETY: GETEVENTMSG writes one unsigned long to `data`, which points at `message`.
    let done = unsafe {
        libc::ptrace(
            libc::PTRACE_GETEVENTMSG,
            pid,
            0usize,
            &mut message as *mut libc::c_ulong,
        )
    };
    (done == 0).then(|| i32::try_from(message).ok()).flatten()
}

/// What a wait told about a followed process.
enum Event {
    /// A ptrace stop: the ptrace event (0: a signal's delivery) and the signal.
    Stopped { event: i32, signal: i32 },
    /// It ended (a zombie, visible to the tracer only, until waited for without `keep`).
    Ended,
    /// Nothing to wait for (not traced any more).
    Gone,
}

/// Waits (blocking) for the next stop or end of traced process `pid`; with `keep` an end is
/// only looked at (`WNOWAIT`), the zombie stays.
fn wait_for(pid: i32, keep: bool) -> Event {
    let mut flags = libc::WSTOPPED | libc::WEXITED | libc::__WALL;
    if keep {
        flags |= libc::WNOWAIT;
    }
    loop {
        // SAFETY: an all-zero siginfo_t is a valid value of that plain C struct.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: waitid writes one siginfo_t into `info`, which outlives the call.
        let done = unsafe { libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, flags) };
        if done != 0 {
            if std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                continue;
            }
            return Event::Gone;
        }
        // SAFETY: waitid filled `info` for a child state change (SIGCHLD's layout).
        let status = unsafe { info.si_status() };
        return match info.si_code {
            libc::CLD_TRAPPED => Event::Stopped {
                event: status >> 8,
                signal: status & 0xff,
            },
            libc::CLD_EXITED | libc::CLD_KILLED | libc::CLD_DUMPED => Event::Ended,
            // A stop as seen by a parent that does not trace it: not ours; look again.
            _ => continue,
        };
    }
}

/// Whether `signal` stops a process by default (a group-stop).
fn stops(signal: i32) -> bool {
    matches!(
        signal,
        libc::SIGSTOP | libc::SIGTSTP | libc::SIGTTIN | libc::SIGTTOU
    )
}

/// Lets a stopped tracee go on as if untraced: a signal's delivery passes the signal on, a
/// group-stop stays a stop until `SIGCONT`, any other stop continues.
fn resume(pid: i32, event: i32, signal: i32) {
    if event == 0 {
        ptrace(libc::PTRACE_CONT, pid, signal as usize);
    } else if event == libc::PTRACE_EVENT_STOP && stops(signal) {
        ptrace(libc::PTRACE_LISTEN, pid, 0);
    } else {
        ptrace(libc::PTRACE_CONT, pid, 0);
    }
}

/// Learns bubblewrap's init from its `--info-fd`, seizes it, lets it go on (closes the
/// release) and follows the first process it forks.
fn follow(hold: Hold, shared: &Shared) {
    let Hold { release, info } = hold;
    let Some(init) = init_pid(&info, &shared.stop) else {
        return;
    };
    let fork = libc::PTRACE_O_TRACEFORK as usize;
    let seized = ptrace(libc::PTRACE_SEIZE, init, fork);
    // Whether init had forked already is asked before it is released: once released it
    // forks pid 2 at once, which the seize follows (a busy machine may run that fork before
    // this thread looks again).
    let too_late = seized && !children(init).is_empty();
    drop(release);
    if !seized {
        return;
    }
    if too_late {
        // Seized too late (a bubblewrap that forked before its release): pid 2 exists, not
        // followed. Init is let go.
        if ptrace(libc::PTRACE_INTERRUPT, init, 0) {
            if let Event::Stopped { .. } = wait_for(init, false) {
                ptrace(libc::PTRACE_DETACH, init, 0);
            }
        }
        return;
    }
    loop {
        match wait_for(init, false) {
            Event::Stopped { event, signal } if event == libc::PTRACE_EVENT_FORK => {
                let child = event_message(init);
                if let Some(child) = child.filter(|&child| is_namespace_pid_2(child)) {
                    ptrace(libc::PTRACE_DETACH, init, 0);
                    follow_program(child, shared);
                    return;
                }
                // Another fork (none is known): that child is let go, init goes on.
                if let Some(child) = child {
                    if let Event::Stopped { .. } = wait_for(child, false) {
                        ptrace(libc::PTRACE_DETACH, child, 0);
                    }
                }
                resume(init, event, signal);
            }
            Event::Stopped { event, signal } => resume(init, event, signal),
            Event::Ended | Event::Gone => return,
        }
    }
}

/// Follows the first process `pid`, attached at its fork and not yet started, to its end.
fn follow_program(pid: i32, shared: &Shared) {
    let mut started = false;
    loop {
        match wait_for(pid, true) {
            Event::Stopped { event, signal } if !started => {
                started = true;
                // No options: its forks are not followed.
                if !ptrace(libc::PTRACE_SETOPTIONS, pid, 0) {
                    ptrace(libc::PTRACE_DETACH, pid, 0);
                    return;
                }
                shared.update(|state| state.followed = true);
                resume(pid, event, signal);
            }
            Event::Stopped { event, signal } => resume(pid, event, signal),
            Event::Ended => {
                // A zombie only the follower sees until it is released: read first, then
                // hold it until the judge lets it go.
                let wrote = wchar(pid);
                shared.update(|state| state.wrote = wrote);
                let mut state = shared.state.lock().unwrap_or_else(|e| e.into_inner());
                while !state.released {
                    state = match shared.changed.wait(state) {
                        Ok(state) => state,
                        Err(poisoned) => poisoned.into_inner(),
                    };
                }
                drop(state);
                wait_for(pid, false);
                return;
            }
            Event::Gone => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::child_pid_in;

    #[test]
    fn the_init_pid_is_read_from_bubblewraps_info_document_once_complete() {
        let whole = b"{\n    \"child-pid\": 4321,\n    \"cgroup-namespace\": 4026531835\n}\n";
        assert_eq!(child_pid_in(whole), Some(4321));
        // Every prefix of the document gives nothing or the whole number, never a part of it.
        for end in 0..whole.len() {
            let found = child_pid_in(&whole[..end]);
            assert!(found.is_none() || found == Some(4321), "{end}: {found:?}");
        }
        assert_eq!(child_pid_in(&whole[..23]), None, "digits not yet complete");
        assert_eq!(child_pid_in(b"{\"child-pid\":17}"), Some(17));
        assert_eq!(child_pid_in(b"{\"other\": 5}"), None);
        assert_eq!(child_pid_in(b"{\"child-pid\": x}"), None);
        // Pids 0 and 1 are never another namespace's init as this one sees it.
        assert_eq!(child_pid_in(b"{\"child-pid\": 1}"), None);
        assert_eq!(child_pid_in(b"{\"child-pid\": 99999999999}"), None);
    }
}
