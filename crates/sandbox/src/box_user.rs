//! A user of its own for every run when the judge is root: a uid and gid from
//! [`BOX_ID_BASE`] up, locked (one file per id in [`BOX_LOCK_DIR`]) so that no two programs
//! on the machine, under any judge process, run as the same one.

use super::procfs;
use super::signal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The first uid (and gid) of the programs' own users: far above the ids distributions hand
/// out, like the box users of contest sandboxes.
pub const BOX_ID_BASE: u32 = 1_000_000;

/// How many box users there are: ids [`BOX_ID_BASE`] to `BOX_ID_BASE + BOX_SLOTS - 1`, shared by
/// every judge process on the machine.
pub const BOX_SLOTS: u32 = 65_536;

/// Where the locks of the box users live: one file per id, held (`flock`) by the judge process
/// whose program runs as that user. A lock dies with its process, so a killed judge leaves no
/// stale lock behind.
pub const BOX_LOCK_DIR: &str = "/run/duel-box";

/// The ids this judge process holds locked but runs nothing as now, reused first: after a
/// run ends nothing of its user is left (see [`BoxUser::acquire`]), and no other judge could
/// take the id meanwhile.
static IDLE: Mutex<Vec<(u32, std::fs::File)>> = Mutex::new(Vec::new());

/// A user (and group) id of its own for one run, distinct from that of every other program
/// running on the machine under any judge process: its lock is held for as long as the run
/// (and then by this judge, for its next runs).
#[derive(Debug)]
pub(crate) struct BoxUser {
    pub id: u32,
    lock: Option<std::fs::File>,
}

impl BoxUser {
    /// An id no running program has: an idle one of this judge, else the first free one,
    /// locked, from a place that depends on the judge's pid (so that judges started together
    /// do not all try the same ids). A newly locked id may have been used by a judge that was
    /// killed: whatever still runs as it is killed first.
    pub(crate) fn acquire() -> std::io::Result<BoxUser> {
        if let Some((id, lock)) = IDLE.lock().unwrap_or_else(|e| e.into_inner()).pop() {
            return Ok(BoxUser {
                id,
                lock: Some(lock),
            });
        }
        let dir = lock_dir()?;
        let start = (std::process::id().wrapping_mul(64)) % BOX_SLOTS;
        for step in 0..BOX_SLOTS {
            let slot = (start + step) % BOX_SLOTS;
            let id = BOX_ID_BASE + slot;
            if let Some(lock) = try_lock(&dir.join(id.to_string()))? {
                kill_leftovers(id);
                return Ok(BoxUser {
                    id,
                    lock: Some(lock),
                });
            }
        }
        Err(std::io::Error::other(format!(
            "all {BOX_SLOTS} box users are taken (locks in {BOX_LOCK_DIR})"
        )))
    }
}

impl Drop for BoxUser {
    fn drop(&mut self) {
        if let Some(lock) = self.lock.take() {
            IDLE.lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((self.id, lock));
        }
    }
}

/// [`BOX_LOCK_DIR`], made if missing: a directory of the judge's user that no one else may
/// write (a link or anything else there is refused).
fn lock_dir() -> std::io::Result<PathBuf> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    let dir = PathBuf::from(BOX_LOCK_DIR);
    match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
        Ok(()) => {}
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(error) => return Err(error),
    }
    let meta = std::fs::symlink_metadata(&dir)?;
    if !meta.is_dir() || meta.uid() != signal::effective_uid() || meta.mode() & 0o022 != 0 {
        return Err(std::io::Error::other(format!(
            "{BOX_LOCK_DIR} is not a directory only the judge's user may write"
        )));
    }
    Ok(dir)
}

/// The lock at `path`, taken without waiting; `None` when another holds it.
fn try_lock(path: &Path) -> std::io::Result<Option<std::fs::File>> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)?;
    match rustix::fs::flock(&file, rustix::fs::FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(Some(file)),
        Err(rustix::io::Errno::WOULDBLOCK) => Ok(None),
        Err(errno) => Err(errno.into()),
    }
}

/// Kills every process that runs as `id`, which no live judge owns any more (a judge that was
/// killed may have left some), until none is left.
fn kill_leftovers(id: u32) {
    use std::os::unix::fs::MetadataExt;
    for _ in 0..100 {
        let left: Vec<i32> = procfs::all_processes()
            .into_iter()
            .filter(|process| {
                std::fs::metadata(format!("/proc/{}", process.pid)).is_ok_and(|m| m.uid() == id)
            })
            .map(|process| process.pid)
            .collect();
        if left.is_empty() {
            return;
        }
        for pid in left {
            signal::kill(pid);
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;

    #[test]
    fn box_users_are_distinct_while_they_run() {
        if !duel_test_support::process::is_root() {
            return;
        }
        let held: Vec<BoxUser> = (0..70).map(|_| BoxUser::acquire().unwrap()).collect();
        let mut ids: Vec<u32> = held.iter().map(|user| user.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 70, "{ids:?}");
        assert!(ids
            .iter()
            .all(|id| (BOX_ID_BASE..BOX_ID_BASE + BOX_SLOTS).contains(id)));
        // Another open of a held id's lock (as another judge would try) fails.
        let path = Path::new(BOX_LOCK_DIR).join(held[0].id.to_string());
        assert!(try_lock(&path).unwrap().is_none(), "{path:?} is not locked");
        let freed = held[69].id;
        drop(held);
        let again = BoxUser::acquire().unwrap();
        assert_eq!(again.id, freed, "an idle id of this judge is reused first");
    }

    #[test]
    fn what_a_killed_judge_left_running_as_an_id_is_killed_when_the_id_is_taken_again() {
        if !duel_test_support::process::is_root() {
            return;
        }
        // A leftover: a program still running as a box user no judge holds any more.
        let id = BOX_ID_BASE + BOX_SLOTS - 1;
        let mut leftover = std::process::Command::new("sleep")
            .arg("30")
            .uid(id)
            .gid(id)
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(50));
        kill_leftovers(id);
        let status = leftover.wait().unwrap();
        assert_eq!(
            std::os::unix::process::ExitStatusExt::signal(&status),
            Some(libc::SIGKILL)
        );
    }
}
