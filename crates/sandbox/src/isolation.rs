//! What isolation this machine allows, probed once per judge process: a cgroup per run, a
//! user of its own for every program when the judge runs as root, and bubblewrap.

use super::cgroup::CgroupRoot;
use super::command::find_in_path;
use super::confinement::View;
use super::environment::find_program;
use super::signal;
use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// The environment variable that turns isolation levels off, for machines (and tests) where
/// one of them must not be used: a comma-separated list of `no-cgroups`, `no-user`,
/// `no-bwrap`, `no-private-dirs` (without bubblewrap, no private `/tmp`...), `no-userns` (under bubblewrap, change user with `setpriv` inside the sandbox
/// rather than before it starts, in a user namespace of its own) and `no-seccomp` (no
/// system-call filter; bubblewrap then gives each run a network namespace of its own).
pub const ISOLATION_ENV: &str = "DUEL_ISOLATION";

/// The isolation levels available to the runner here.
///
/// ```
/// let isolation = duel_sandbox::Isolation::detect();
/// println!("{}", isolation.describe(isolation.bwrap));
/// ```
#[derive(Debug, Clone)]
pub struct Isolation {
    /// Where per-run cgroups are created, when cgroups are usable.
    pub cgroups: Option<CgroupRoot>,
    /// Whether programs run as users of their own (the judge is root).
    pub box_users: bool,
    /// Whether sandboxed programs run under the system-call filter (no sockets, no io_uring,
    /// no new user namespaces): the kernel takes it and this architecture has it.
    pub syscall_filter: bool,
    /// Whether bubblewrap is installed (whether it works is checked when it is used).
    pub bwrap: bool,
    /// Whether runs without bubblewrap get private `/tmp`, `/var/tmp`, `/dev/shm` and
    /// `/run/lock` (a mount namespace each; see [`PRIVATE_DIRS`](super::PRIVATE_DIRS)): the
    /// judge is root and the kernel makes them.
    pub private_dirs: bool,
}

impl Isolation {
    /// Probes this machine once (later calls return the same answer), honouring
    /// [`ISOLATION_ENV`].
    pub fn detect() -> &'static Isolation {
        static DETECTED: OnceLock<Isolation> = OnceLock::new();
        DETECTED.get_or_init(|| {
            let disabled = Isolation::disabled;
            Isolation {
                cgroups: (!disabled("no-cgroups")).then(CgroupRoot::probe).flatten(),
                box_users: !disabled("no-user") && signal::effective_uid() == 0,
                syscall_filter: super::seccomp::works(),
                bwrap: !disabled("no-bwrap") && find_in_path("bwrap".as_ref()).is_some(),
                private_dirs: !disabled("no-user")
                    && !disabled("no-private-dirs")
                    && signal::effective_uid() == 0
                    && super::private::works(),
            }
        })
    }

    /// Whether [`ISOLATION_ENV`] turns off this level.
    pub(crate) fn disabled(level: &str) -> bool {
        std::env::var(ISOLATION_ENV)
            .unwrap_or_default()
            .split(',')
            .any(|word| word.trim() == level)
    }

    /// What a run gets, for the JSON report.
    pub fn record(&self, bwrap: bool) -> IsolationRecord {
        IsolationRecord {
            cgroups: self.cgroups.as_ref().map(|root| match root.version() {
                super::CgroupVersion::V1 => "v1".to_owned(),
                super::CgroupVersion::V2 => "v2".to_owned(),
            }),
            separate_user: self.box_users,
            syscall_filter: self.syscall_filter,
            bubblewrap: bwrap,
            summary: self.describe(bwrap),
            environment: super::environment::describe(&super::environment::environment(&[], &[])),
        }
    }

    /// One line saying what a run gets, and what it cannot be guaranteed.
    pub fn describe(&self, bwrap: bool) -> String {
        let mut got = Vec::new();
        let mut missing = Vec::new();
        match &self.cgroups {
            Some(root) => got.push(format!(
                "{} (CPU, memory and processes counted and limited by the kernel)",
                root.describe()
            )),
            None => missing.push(
                "no cgroups (CPU and memory are sampled every 50 ms; orphans are caught as the judge is their subreaper)",
            ),
        }
        if self.box_users {
            got.push("a user of its own per run".to_owned());
        } else {
            missing.push("no separate user (programs run as the judge's user and could signal it)");
        }
        if self.syscall_filter {
            got.push("a system-call filter (no sockets, no user namespaces)".to_owned());
        } else {
            missing.push("no system-call filter (programs may use the network, unless bubblewrap gives them a network namespace)");
        }
        if bwrap {
            got.push("bubblewrap".to_owned());
        } else {
            if self.private_dirs && self.box_users {
                got.push(
                    "private /tmp, /var/tmp, /dev/shm and /run/lock per run (a mount namespace)"
                        .to_owned(),
                );
            }
            missing.push("no bubblewrap (programs see the judge's file system)");
        }
        let mut line = format!("isolation: {}", got.join(", "));
        if got.is_empty() {
            line = "isolation: rlimits only".to_owned();
        }
        if !missing.is_empty() {
            line.push_str("; ");
            line.push_str(&missing.join("; "));
        }
        line
    }
}

/// The `isolation` object of a judge's JSON report.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct IsolationRecord {
    /// `"v1"` or `"v2"` when every run had a cgroup of its own, else null (sampling).
    pub cgroups: Option<String>,
    /// Whether programs ran as users of their own (when their files were reachable).
    pub separate_user: bool,
    /// Whether programs ran under the system-call filter (no sockets, no io_uring, no new user
    /// namespaces).
    #[serde(default)]
    pub syscall_filter: bool,
    /// Whether programs ran under bubblewrap.
    pub bubblewrap: bool,
    /// The line the judge printed on stderr, with what it could not guarantee.
    pub summary: String,
    /// The whole environment programs got, as `NAME=value` lines: a fixed one, nothing of
    /// the judge's own.
    #[serde(default)]
    pub environment: Vec<String>,
}

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
        let left: Vec<i32> = super::procfs::all_processes()
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

/// The first file the command needs that a user of its own could not reach: the files its
/// words name, the programs they name that are found in `$PATH` (an interpreter installed
/// under root's home, say), and `visible`, each readable or executable by others (searchable,
/// for a directory).
///
/// Run directly, every directory on the way must be searchable by others, the working
/// directory included. Under bubblewrap the sandbox makes the directories on the way to what
/// it binds itself, open to all (see [`Sandbox::Bwrap`](super::Sandbox::Bwrap)): only the
/// directories inside a bound one count, and the working directory is the sandbox's own.
pub(crate) fn unreachable_path(
    argv: &[OsString],
    working_dir: &Path,
    visible: &[PathBuf],
    bwrap: bool,
) -> Option<PathBuf> {
    let mut needed = named_paths(argv, working_dir);
    needed.extend(path_programs(argv));
    needed.extend(visible.iter().filter(|path| path.exists()).cloned());
    if !bwrap {
        if !reachable(working_dir, true, Path::new("/")) {
            return Some(working_dir.to_path_buf());
        }
        return needed
            .into_iter()
            .find(|path| !reachable(path, path.is_dir(), Path::new("/")));
    }
    let view = View::of(argv, working_dir, visible, &[]);
    needed.extend(view.read_only.iter().cloned());
    needed.into_iter().find(|path| match view.root_of(path) {
        Some(root) => !reachable(path, path.is_dir(), root),
        // What the system shows.
        None => false,
    })
}

/// The program `$PATH` finds for `program` (the [`SYSTEM_PATH`](crate::SYSTEM_PATH) every
/// program gets, then the judge's own), when the judge runs as root and a
/// user of its own could not run it; `None` when it could (or the judge is not root, or it is
/// not found).
pub fn unreachable_program(program: &str) -> Option<PathBuf> {
    if !Isolation::detect().box_users {
        return None;
    }
    let found = find_program(program.as_ref())?;
    (!reachable(&found, false, Path::new("/"))).then_some(found)
}

/// Existing files and directories that words of the command name, as absolute paths (shell
/// command lines are split on whitespace, quotes trimmed; relative words are taken from the
/// working directory).
pub(crate) fn named_paths(argv: &[OsString], working_dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = Vec::new();
    for word in command_words(argv) {
        if word.is_empty() || word.starts_with('-') {
            continue;
        }
        let path = working_dir.join(word);
        // `sh`, `python3`: programs from $PATH, not files of the submission.
        if !word.contains('/') && !path.is_file() {
            continue;
        }
        if path.exists() && !paths.contains(&path) {
            paths.push(path);
        }
    }
    paths
}

/// The programs that plain words of the command (no `/`) name in `$PATH`.
pub(crate) fn path_programs(argv: &[OsString]) -> Vec<PathBuf> {
    let mut programs: Vec<PathBuf> = Vec::new();
    for word in command_words(argv) {
        if word.is_empty() || word.contains('/') || word.starts_with('-') {
            continue;
        }
        if let Some(program) = find_program(word.as_ref()) {
            if !programs.contains(&program) {
                programs.push(program);
            }
        }
    }
    programs
}

/// The words of a command: its arguments split on whitespace (so a shell command line gives
/// its words), quotes and `;` trimmed.
fn command_words(argv: &[OsString]) -> impl Iterator<Item = &str> {
    argv.iter()
        .filter_map(|arg| arg.to_str())
        .flat_map(str::split_whitespace)
        .map(|word| word.trim_matches(|c| c == '\'' || c == '"' || c == ';'))
}

/// Whether others may reach `path`: it is readable or executable by others (searchable, for
/// a directory), and so is every directory on its way below `top` (`/` for all of them).
pub(crate) fn reachable(path: &Path, is_dir: bool, top: &Path) -> bool {
    let Ok(path) = path.canonicalize() else {
        return false;
    };
    let top = top.canonicalize().unwrap_or_else(|_| top.to_path_buf());
    let others = |path: &Path, bits: u32| {
        std::fs::metadata(path).is_ok_and(|meta| meta.permissions().mode() & bits != 0)
    };
    let ancestors_searchable = path
        .ancestors()
        .skip(1)
        .take_while(|dir| dir.starts_with(&top) && *dir != top)
        .all(|dir| others(dir, 0o001));
    let top_searchable = path == top || !path.starts_with(&top) || others(&top, 0o001);
    ancestors_searchable && top_searchable && others(&path, if is_dir { 0o001 } else { 0o005 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;

    #[test]
    fn box_users_are_distinct_while_they_run() {
        if signal::effective_uid() != 0 {
            eprintln!("not root: box users are not used");
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
        if signal::effective_uid() != 0 {
            eprintln!("not root: box users are not used");
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

    #[test]
    fn private_directories_are_not_reachable_by_others() {
        let dir = tempfile::tempdir().unwrap();
        let program = dir.path().join("a.out");
        std::fs::write(&program, "").unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        let argv: Vec<OsString> = vec!["sh".into(), "-c".into(), "exec ./a.out x".into()];
        assert_eq!(
            unreachable_path(&argv, Path::new("/"), &[], false),
            None,
            "no file named"
        );
        assert_eq!(
            unreachable_path(&argv, dir.path(), &[], false),
            Some(dir.path().to_path_buf())
        );
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o711)).unwrap();
        assert_eq!(unreachable_path(&argv, dir.path(), &[], false), None);
        assert_eq!(
            named_paths(&argv, dir.path()),
            std::slice::from_ref(&program)
        );
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        // Under bubblewrap the directories on the way are the sandbox's, open to all: only the
        // bound file's own permissions count.
        assert_eq!(unreachable_path(&argv, dir.path(), &[], true), None);
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o700)).unwrap();
        assert_eq!(
            unreachable_path(&argv, dir.path(), &[], true),
            Some(program.clone())
        );
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o711)).unwrap();
        assert_eq!(
            unreachable_path(&argv, dir.path(), &[], false),
            Some(program)
        );
    }

    #[test]
    fn the_description_says_what_is_missing() {
        let none = Isolation {
            cgroups: None,
            box_users: false,
            syscall_filter: false,
            bwrap: false,
            private_dirs: false,
        };
        let line = none.describe(false);
        assert!(
            line.starts_with("isolation: rlimits only; no cgroups"),
            "{line}"
        );
        assert!(line.contains("no separate user") && line.contains("no bubblewrap"));
        assert!(line.contains("no system-call filter"), "{line}");
        let all = Isolation {
            cgroups: Some(CgroupRoot::v2("/sys/fs/cgroup/x")),
            box_users: true,
            syscall_filter: true,
            bwrap: true,
            private_dirs: true,
        };
        let line = all.describe(true);
        assert!(!line.contains("; "), "{line}");
        assert!(
            line.contains("cgroup v2") && line.contains("bubblewrap"),
            "{line}"
        );
    }
}
