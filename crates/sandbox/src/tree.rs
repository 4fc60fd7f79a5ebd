//! Without a cgroup: finding, measuring and killing a run's processes from `/proc`, with the
//! judge as the child subreaper of everything its programs orphan (with a cgroup too: its
//! zombies are reaped at the end of the run).

use super::procfs::{self, ProcStat, TreeSample};
use super::signal;
use super::wait;
use std::collections::HashSet;
use std::os::unix::fs::MetadataExt;
use std::sync::{Mutex, RwLock};
use std::time::Duration;

/// The judge's direct children that are programs being run (so not orphans).
static RUNNING: Mutex<Option<HashSet<i32>>> = Mutex::new(None);

/// Held (shared) from fork until the new child is registered, and (exclusively) while a
/// sweep looks for orphans: a child another thread has just started is never taken for one.
static SPAWNING: RwLock<()> = RwLock::new(());

/// Runs `start` (which forks a program and registers it) so that no sweep runs meanwhile.
pub(crate) fn spawning<T>(start: impl FnOnce() -> T) -> T {
    let _guard = SPAWNING.read().unwrap_or_else(|e| e.into_inner());
    start()
}

pub(crate) fn register(pid: i32) {
    let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    running.get_or_insert_with(HashSet::new).insert(pid);
}

pub(crate) fn unregister(pid: i32) {
    let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(set) = running.as_mut() {
        set.remove(&pid);
    }
}

fn running() -> HashSet<i32> {
    let running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    running.clone().unwrap_or_default()
}

pub(crate) use signal::become_subreaper;

/// Folds a new sample into the running one: CPU only grows; `peaks` sees every real sample.
pub(crate) fn record(
    previous: TreeSample,
    sample: TreeSample,
    peaks: &mut dyn FnMut(&TreeSample),
) -> TreeSample {
    if sample.processes == 0 {
        return previous;
    }
    peaks(&sample);
    TreeSample {
        cpu: previous.cpu.max(sample.cpu),
        ..sample
    }
}

/// What [`kill_everything`] found.
pub(crate) struct Swept {
    /// The run's processes as last seen alive.
    pub sample: TreeSample,
    /// Processes reparented to the judge (as subreaper) that it must reap.
    pub orphans: Vec<i32>,
}

/// The run's processes: its group, session and descendants; orphans reparented to the judge
/// that left for a session no running program owns; and, with a user of its own (`user`, its
/// uid), every process of that user.
fn run_members(root: i32, user: Option<u32>, all: &[ProcStat]) -> Vec<ProcStat> {
    let judge = std::process::id() as i32;
    let judge_session = signal::own_session();
    let running = running();
    let mut members = procfs::members(root, all);
    let add = |process: &ProcStat, members: &mut Vec<ProcStat>| {
        if process.pid != judge && !members.iter().any(|m| m.pid == process.pid) {
            members.push(*process);
        }
    };
    for process in all {
        let orphan = process.ppid == judge
            && process.session != judge_session
            && !running.contains(&process.pid)
            && !running.contains(&process.session);
        let same_user = user.is_some_and(|uid| owner(process.pid) == Some(uid));
        if orphan || same_user {
            for member in procfs::members(process.pid, all) {
                add(&member, &mut members);
            }
        }
    }
    members.retain(|p| p.pid != judge);
    members
}

fn owner(pid: i32) -> Option<u32> {
    std::fs::metadata(format!("/proc/{pid}"))
        .ok()
        .map(|m| m.uid())
}

/// SIGKILLs every process of the run (with every process of `user`, the uid of its own),
/// rescanning until none is left alive.
pub(crate) fn kill_everything(root: i32, user: Option<u32>) -> Swept {
    let _no_spawns = SPAWNING.write().unwrap_or_else(|e| e.into_inner());
    let judge = std::process::id() as i32;
    let mut members = run_members(root, user, &procfs::all_processes());
    // Measure before killing: grandchildren are never reaped by the judge, so this is the
    // only time their CPU is seen.
    let sample = procfs::summarize(&members);
    let mut orphans: Vec<i32> = Vec::new();
    for round in 0..200 {
        signal::kill_group(root);
        for p in &members {
            if p.ppid == judge && p.pid != root && !orphans.contains(&p.pid) {
                orphans.push(p.pid);
            }
        }
        let alive: Vec<i32> = members
            .iter()
            .filter(|p| !p.zombie)
            .map(|p| p.pid)
            .collect();
        if alive.is_empty() {
            break;
        }
        for pid in alive {
            signal::kill(pid);
        }
        // Give the kernel a moment to deliver; back off a little if a tree is stubborn.
        std::thread::sleep(Duration::from_millis(1 + round / 20));
        members = run_members(root, user, &procfs::all_processes());
    }
    Swept { sample, orphans }
}

/// Reaps the judge's children that have exited, or begun to, after being reparented to it
/// (its subreaper) from a run: bubblewrap leaves one at every run, its PID namespace's init,
/// which its outer process never waits for. A child is taken for a run's orphan only when no
/// running program is it and it is in another session than the judge's (every run starts
/// one; a child the judge started otherwise, `std::process::Command`'s, stays in the
/// judge's); no fork runs meanwhile. A zombie is reaped at once; one whose exit has begun
/// (`PF_EXITING`: killed with its run, it has already left the run's cgroup but may still be
/// waiting for its namespace's last processes to be reaped) is waited for, as nothing stops
/// an exit once begun, after the sweep (through a pidfd taken during it: other runs' starts do
/// not queue behind that wait); a live one is left alone.
pub(crate) fn reap_orphaned_zombies() {
    let mut exiting = Vec::new();
    {
        let _no_spawns = SPAWNING.write().unwrap_or_else(|e| e.into_inner());
        let judge_session = signal::own_session();
        let running = running();
        for pid in judge_children() {
            if running.contains(&pid) {
                continue;
            }
            let Some((stat, ending)) = procfs::stat_and_ending_of(pid) else {
                continue;
            };
            if stat.session == judge_session {
                continue;
            }
            if stat.zombie {
                let _ = wait::reap(pid, false);
            } else if ending {
                match wait::open_pidfd(pid) {
                    Some(pidfd) => exiting.push(pidfd),
                    // Without pidfds, a pid is safe to wait for only while no fork runs.
                    None => {
                        let _ = wait::reap(pid, true);
                    }
                }
            }
        }
    }
    for pidfd in &exiting {
        wait::reap_by_pidfd(pidfd);
    }
}

/// The judge's children now, of every thread (`/proc/self/task/*/children`).
fn judge_children() -> Vec<i32> {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|list| {
            list.split_whitespace()
                .filter_map(|pid| pid.parse().ok())
                .collect::<Vec<i32>>()
        })
        .collect()
}

/// Reaps the orphans the judge inherited and returns the CPU time they used.
pub(crate) fn reap_orphans(orphans: Vec<i32>) -> Duration {
    orphans
        .into_iter()
        .filter_map(|pid| wait::reap(pid, true))
        .map(|reaped| reaped.cpu)
        .sum()
}
