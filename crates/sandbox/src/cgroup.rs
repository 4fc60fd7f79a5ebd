//! One control group per run: the kernel's own accounting of CPU time, memory and processes,
//! a memory limit enforced by the kernel, a process limit, and a way to kill every process of
//! the run at once.
//!
//! Both layouts are supported: cgroup v1 (one hierarchy per controller: `memory`, `cpuacct`,
//! `pids`, and `freezer` when present) and cgroup v2 (one unified hierarchy). The files of a
//! cgroup are plain text files, so everything but creating the directories is ordinary file
//! I/O; the tests drive the v2 logic against a directory laid out like one.

use std::fs;
use std::io;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Which cgroup layout a [`CgroupRoot`] uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CgroupVersion {
    /// One hierarchy per controller.
    V1,
    /// The unified hierarchy.
    V2,
}

/// Where the judge may create its per-run cgroups (a directory per controller for v1, one
/// directory for v2), found by [`CgroupRoot::probe`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CgroupRoot {
    version: CgroupVersion,
    /// v1: memory, cpuacct, then pids and freezer when present. v2: the one parent.
    memory: PathBuf,
    cpuacct: PathBuf,
    pids: Option<PathBuf>,
    freezer: Option<PathBuf>,
}

static NEXT_CGROUP: AtomicU64 = AtomicU64::new(0);

impl CgroupRoot {
    /// The layout in use.
    pub fn version(&self) -> CgroupVersion {
        self.version
    }

    /// A v2 root at `dir` (a delegated cgroup with the memory and pids controllers enabled
    /// for its children). Used by [`probe`](Self::probe) and by tests on a fake tree.
    pub fn v2(dir: impl Into<PathBuf>) -> CgroupRoot {
        let dir = dir.into();
        CgroupRoot {
            version: CgroupVersion::V2,
            memory: dir.clone(),
            cpuacct: dir.clone(),
            pids: Some(dir.clone()),
            freezer: Some(dir),
        }
    }

    /// The v1 directories the judge's own cgroups live in, one per controller.
    pub fn v1(
        memory: PathBuf,
        cpuacct: PathBuf,
        pids: Option<PathBuf>,
        freezer: Option<PathBuf>,
    ) -> CgroupRoot {
        CgroupRoot {
            version: CgroupVersion::V1,
            memory,
            cpuacct,
            pids,
            freezer,
        }
    }

    /// Finds a usable layout on this machine: cgroup v1 with writable `memory` and `cpuacct`
    /// hierarchies (below the judge's own cgroup in each), else a cgroup v2 parent whose
    /// children get the `memory` and `pids` controllers. `None` when neither works (no root,
    /// no delegation): the runner then falls back to rlimits and sampling.
    ///
    /// Each candidate is tried for real: a test cgroup is created and removed.
    pub fn probe() -> Option<CgroupRoot> {
        let own = fs::read_to_string("/proc/self/cgroup").ok()?;
        let mount = Path::new("/sys/fs/cgroup");
        let v1 = probe_v1(mount, &own);
        if let Some(root) = v1.filter(CgroupRoot::works) {
            return Some(root);
        }
        probe_v2(mount, &own).filter(CgroupRoot::works)
    }

    /// Removes the empty cgroups judges that died (their pid is gone) left behind.
    fn remove_stale(&self) {
        let parents = [
            Some(&self.memory),
            Some(&self.cpuacct),
            self.pids.as_ref(),
            self.freezer.as_ref(),
        ];
        for parent in parents.into_iter().flatten() {
            let Ok(entries) = fs::read_dir(parent) else {
                continue;
            };
            for entry in entries.filter_map(Result::ok) {
                let name = entry.file_name();
                let Some(pid) = name
                    .to_str()
                    .and_then(|name| name.strip_prefix("duel-"))
                    .and_then(|rest| rest.split('-').next())
                    .and_then(|pid| pid.parse::<u32>().ok())
                else {
                    continue;
                };
                if !Path::new(&format!("/proc/{pid}")).exists() {
                    let _ = fs::remove_dir(entry.path());
                }
            }
        }
    }

    fn works(&self) -> bool {
        self.remove_stale();
        match self.create() {
            Ok(cgroup) => {
                let ok = cgroup.cpu().is_some();
                drop(cgroup);
                ok
            }
            Err(_) => false,
        }
    }

    /// Creates a fresh, uniquely named cgroup (`duel-<pid>-<n>`) for one run.
    pub fn create(&self) -> io::Result<Cgroup> {
        let name = format!(
            "duel-{}-{}",
            std::process::id(),
            NEXT_CGROUP.fetch_add(1, Ordering::Relaxed)
        );
        let mut dirs: Vec<PathBuf> = Vec::new();
        let mut unique = |parent: &Path| -> io::Result<PathBuf> {
            let dir = parent.join(&name);
            if !dirs.contains(&dir) {
                fs::create_dir(&dir)?;
                dirs.push(dir.clone());
            }
            Ok(dir)
        };
        let made = (|| {
            let memory = unique(&self.memory)?;
            let cpuacct = unique(&self.cpuacct)?;
            let pids = self.pids.as_deref().map(&mut unique).transpose()?;
            let freezer = self.freezer.as_deref().map(&mut unique).transpose()?;
            Ok::<_, io::Error>((memory, cpuacct, pids, freezer))
        })();
        match made {
            Ok((memory, cpuacct, pids, freezer)) => Ok(Cgroup {
                version: self.version,
                memory,
                cpuacct,
                pids,
                freezer,
                dirs,
            }),
            Err(error) => {
                for dir in dirs.iter().rev() {
                    let _ = fs::remove_dir(dir);
                }
                Err(error)
            }
        }
    }

    /// One line for the judge's isolation report.
    pub fn describe(&self) -> String {
        match self.version {
            CgroupVersion::V1 => format!("cgroup v1 under {}", self.memory.display()),
            CgroupVersion::V2 => format!("cgroup v2 under {}", self.memory.display()),
        }
    }
}

/// The judge's own cgroup path in the hierarchy whose controller list contains `controller`
/// (v1 lines look like `4:memory:/a/b` or `2:cpu,cpuacct:/`).
fn own_v1_path<'a>(own: &'a str, controller: &str) -> Option<(&'a str, &'a str)> {
    own.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        controllers
            .split(',')
            .any(|c| c == controller)
            .then_some((controllers, path))
    })
}

fn probe_v1(mount: &Path, own: &str) -> Option<CgroupRoot> {
    let dir = |controller: &str| -> Option<PathBuf> {
        let (controllers, path) = own_v1_path(own, controller)?;
        [controllers, controller]
            .iter()
            .map(|name| mount.join(name).join(path.trim_start_matches('/')))
            .find(|dir| dir.join("cgroup.procs").is_file())
    };
    let memory = dir("memory")?;
    let cpuacct = dir("cpuacct")?;
    if !memory.join("memory.limit_in_bytes").is_file() || !cpuacct.join("cpuacct.usage").is_file() {
        return None;
    }
    Some(CgroupRoot::v1(memory, cpuacct, dir("pids"), dir("freezer")))
}

fn probe_v2(mount: &Path, own: &str) -> Option<CgroupRoot> {
    let path = own.lines().find_map(|line| line.strip_prefix("0::"))?;
    let base = [mount.to_path_buf(), mount.join("unified")]
        .into_iter()
        .find(|dir| dir.join("cgroup.controllers").is_file())?;
    let parent = base.join(path.trim_start_matches('/'));
    let enabled = |dir: &Path| {
        fs::read_to_string(dir.join("cgroup.subtree_control")).is_ok_and(|text| {
            let words: Vec<&str> = text.split_whitespace().collect();
            words.contains(&"memory") && words.contains(&"pids")
        })
    };
    if enabled(&parent) {
        return Some(CgroupRoot::v2(parent));
    }
    // The judge's cgroup has processes (the judge), so it cannot hand controllers to children
    // itself. If it is delegated to us, the judge moves into a leaf of its own and enables
    // the controllers for its siblings-to-be.
    let available = fs::read_to_string(parent.join("cgroup.controllers")).ok()?;
    if !(available.contains("memory") && available.contains("pids")) {
        return None;
    }
    let leaf = parent.join(format!("duel-{}-judge", std::process::id()));
    fs::create_dir(&leaf).ok()?;
    let moved = fs::write(leaf.join("cgroup.procs"), "0").is_ok()
        && fs::write(parent.join("cgroup.subtree_control"), "+memory +pids").is_ok();
    if moved && enabled(&parent) {
        return Some(CgroupRoot::v2(parent));
    }
    let _ = fs::write(parent.join("cgroup.procs"), "0");
    let _ = fs::remove_dir(&leaf);
    None
}

/// How long [`Cgroup::kill_all`] waits for a cgroup to empty.
pub(crate) const KILL_WAIT: Duration = Duration::from_secs(2);

/// The cgroup of one run. Dropping it kills what is left in it and removes it.
#[derive(Debug)]
pub struct Cgroup {
    version: CgroupVersion,
    memory: PathBuf,
    cpuacct: PathBuf,
    pids: Option<PathBuf>,
    freezer: Option<PathBuf>,
    /// Every directory created, once each (v2 has only one).
    dirs: Vec<PathBuf>,
}

impl Cgroup {
    /// Sets the memory limit (swap included, where the kernel accounts it) and the process
    /// limit. A v1 kernel without swap accounting simply has no `memsw` file.
    pub fn set_limits(&self, memory_bytes: u64, max_processes: u32) -> io::Result<()> {
        match self.version {
            CgroupVersion::V1 => {
                fs::write(
                    self.memory.join("memory.limit_in_bytes"),
                    memory_bytes.to_string(),
                )?;
                let memsw = self.memory.join("memory.memsw.limit_in_bytes");
                if memsw.is_file() {
                    fs::write(memsw, memory_bytes.to_string())?;
                }
            }
            CgroupVersion::V2 => {
                fs::write(self.memory.join("memory.max"), memory_bytes.to_string())?;
                let swap = self.memory.join("memory.swap.max");
                if swap.is_file() {
                    fs::write(swap, "0")?;
                }
            }
        }
        if let Some(pids) = &self.pids {
            fs::write(pids.join("pids.max"), max_processes.to_string())?;
        }
        Ok(())
    }

    /// The files to write `0` to, opened for writing (close-on-exec): a process joins the
    /// cgroup by writing to each, which the runner does between fork and exec, so the program
    /// is inside before its first instruction.
    ///
    /// On v1 they are the `tasks` files, which move the writing thread alone: the child has
    /// one thread then, so it moves whole, and the kernel skips the lock that moving a whole
    /// thread group through `cgroup.procs` takes, whose first taking after a quiet spell waits
    /// for an RCU grace period (10 to 20 ms). v2 has only `cgroup.procs` for a domain cgroup.
    pub fn join_files(&self) -> io::Result<Vec<OwnedFd>> {
        let file = match self.version {
            CgroupVersion::V1 => "tasks",
            CgroupVersion::V2 => "cgroup.procs",
        };
        self.dirs
            .iter()
            .map(|dir| {
                fs::OpenOptions::new()
                    .write(true)
                    .open(dir.join(file))
                    .map(OwnedFd::from)
            })
            .collect()
    }

    /// CPU time (user + system) of every process that ever ran in the cgroup.
    pub fn cpu(&self) -> Option<Duration> {
        match self.version {
            CgroupVersion::V1 => {
                read_number(&self.cpuacct.join("cpuacct.usage")).map(Duration::from_nanos)
            }
            CgroupVersion::V2 => {
                let stat = fs::read_to_string(self.cpuacct.join("cpu.stat")).ok()?;
                keyed(&stat, "usage_usec").map(Duration::from_micros)
            }
        }
    }

    /// The peak memory charged to the cgroup (`memory.max_usage_in_bytes`, `memory.peak`);
    /// `None` on a v2 kernel without `memory.peak` (before 5.19), where no peak is kept (the
    /// run's figure is then the processes' `ru_maxrss`).
    pub fn peak_memory(&self) -> Option<u64> {
        match self.version {
            CgroupVersion::V1 => read_number(&self.memory.join("memory.max_usage_in_bytes")),
            CgroupVersion::V2 => read_number(&self.memory.join("memory.peak")),
        }
    }

    /// How many processes the kernel's OOM killer killed in the cgroup (v1 kernels before
    /// 4.13 do not say; then a hit limit, `memory.failcnt`, is taken instead).
    pub fn oom_kills(&self) -> u64 {
        match self.version {
            CgroupVersion::V1 => fs::read_to_string(self.memory.join("memory.oom_control"))
                .ok()
                .and_then(|text| keyed(&text, "oom_kill"))
                .or_else(|| read_number(&self.memory.join("memory.failcnt")))
                .unwrap_or(0),
            CgroupVersion::V2 => fs::read_to_string(self.memory.join("memory.events"))
                .ok()
                .and_then(|text| keyed(&text, "oom_kill"))
                .unwrap_or(0),
        }
    }

    /// How many times a fork failed because of the process limit.
    pub fn pids_limit_hits(&self) -> u64 {
        self.pids
            .as_ref()
            .and_then(|dir| fs::read_to_string(dir.join("pids.events")).ok())
            .and_then(|text| keyed(&text, "max"))
            .unwrap_or(0)
    }

    /// The processes in the cgroup now.
    pub fn processes(&self) -> Vec<i32> {
        fs::read_to_string(self.memory.join("cgroup.procs"))
            .map(|text| {
                text.split_whitespace()
                    .filter_map(|w| w.parse().ok())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Kills every process in the cgroup and waits (at most `KILL_WAIT`, 2 s) until none is
    /// left: v2's `cgroup.kill` when the kernel has it, else freeze, SIGKILL each, thaw, until
    /// empty (a zombie is no longer the cgroup's, so none is waited for). Returns whether the
    /// cgroup is empty.
    pub fn kill_all(&self) -> bool {
        let kill_file = self.memory.join("cgroup.kill");
        if self.version == CgroupVersion::V2 && kill_file.is_file() {
            let _ = fs::write(&kill_file, "1");
        }
        let started = Instant::now();
        // Killed processes usually leave within tens of microseconds (bubblewrap's, whose
        // namespaces go with them, a little later): short waits first.
        let mut pause = Duration::from_micros(20);
        while started.elapsed() < KILL_WAIT {
            let pids = self.processes();
            if pids.is_empty() {
                return true;
            }
            self.freeze(true);
            for pid in &self.processes() {
                super::signal::kill(*pid);
            }
            self.freeze(false);
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(2));
        }
        self.processes().is_empty()
    }

    fn freeze(&self, frozen: bool) {
        let Some(dir) = &self.freezer else { return };
        let _ = match self.version {
            CgroupVersion::V1 => fs::write(
                dir.join("freezer.state"),
                if frozen { "FROZEN" } else { "THAWED" },
            ),
            CgroupVersion::V2 => {
                fs::write(dir.join("cgroup.freeze"), if frozen { "1" } else { "0" })
            }
        };
    }
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        self.kill_all();
        for dir in &self.dirs {
            // A just-emptied cgroup can take a moment to be removable.
            for attempt in 0..50u64 {
                match fs::remove_dir(dir) {
                    Ok(()) => break,
                    Err(error) if error.kind() == io::ErrorKind::NotFound => break,
                    Err(_) if attempt < 49 => {
                        std::thread::sleep(Duration::from_millis(1 + attempt / 10))
                    }
                    Err(_) => break,
                }
            }
        }
    }
}

fn read_number(path: &Path) -> Option<u64> {
    fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// The value of `key` in a `key value` per line file (`cpu.stat`, `memory.events`...).
fn keyed(text: &str, key: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let (name, value) = line.split_once(' ')?;
        (name == key).then(|| value.trim().parse().ok()).flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A directory laid out like a delegated v2 cgroup whose children are created by the
    /// runner (mkdir only makes an empty directory here, so the kernel's files are added by
    /// the test as the kernel would).
    fn fake_child(root: &CgroupRoot) -> Cgroup {
        let cgroup = root.create().unwrap();
        for (file, text) in [
            ("cgroup.procs", ""),
            ("memory.max", "max\n"),
            ("memory.swap.max", "max\n"),
            ("pids.max", "max\n"),
            (
                "cpu.stat",
                "usage_usec 1250000\nuser_usec 1000000\nsystem_usec 250000\n",
            ),
            ("memory.peak", "29360128\n"),
            ("memory.current", "1048576\n"),
            ("memory.events", "low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n"),
            ("pids.events", "max 2\n"),
            ("cgroup.freeze", "0\n"),
        ] {
            fs::write(cgroup.memory.join(file), text).unwrap();
        }
        cgroup
    }

    #[test]
    fn v2_limits_and_figures_are_its_plain_files() {
        let tree = tempfile::tempdir().unwrap();
        let root = CgroupRoot::v2(tree.path());
        let cgroup = fake_child(&root);
        assert_eq!(cgroup.dirs.len(), 1, "v2 is a single directory");
        assert!(cgroup.dirs[0]
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with(&format!("duel-{}-", std::process::id())));
        cgroup.set_limits(32 << 20, 64).unwrap();
        let read = |file: &str| fs::read_to_string(cgroup.memory.join(file)).unwrap();
        assert_eq!(read("memory.max"), "33554432");
        assert_eq!(read("memory.swap.max"), "0");
        assert_eq!(read("pids.max"), "64");
        assert_eq!(cgroup.cpu(), Some(Duration::from_millis(1250)));
        assert_eq!(cgroup.peak_memory(), Some(28 << 20));
        assert_eq!(cgroup.oom_kills(), 1);
        assert_eq!(cgroup.pids_limit_hits(), 2);
        assert_eq!(cgroup.join_files().unwrap().len(), 1);
        fs::write(cgroup.memory.join("cgroup.procs"), "").unwrap();
        assert!(cgroup.kill_all());
        // Without memory.peak (kernels before 5.19) no peak is known: the current charge
        // (1 MB here) is not one.
        fs::remove_file(cgroup.memory.join("memory.peak")).unwrap();
        assert_eq!(cgroup.peak_memory(), None);
        fs::remove_dir_all(&cgroup.dirs[0]).unwrap();
    }

    #[test]
    fn v2_is_found_from_the_judges_own_cgroup() {
        let mount = tempfile::tempdir().unwrap();
        let own = mount.path().join("user.slice/judge.scope");
        fs::create_dir_all(&own).unwrap();
        fs::write(mount.path().join("cgroup.controllers"), "cpu memory pids\n").unwrap();
        fs::write(own.join("cgroup.controllers"), "memory pids\n").unwrap();
        fs::write(own.join("cgroup.subtree_control"), "memory pids\n").unwrap();
        let root = probe_v2(mount.path(), "0::/user.slice/judge.scope\n").unwrap();
        assert_eq!(root, CgroupRoot::v2(own.clone()));
        // Without the controllers for its children, and no way to enable them: no v2.
        fs::write(own.join("cgroup.subtree_control"), "").unwrap();
        fs::write(own.join("cgroup.controllers"), "cpu\n").unwrap();
        assert_eq!(probe_v2(mount.path(), "0::/user.slice/judge.scope\n"), None);
        assert_eq!(probe_v2(mount.path(), "4:memory:/x\n"), None);
    }

    #[test]
    fn v1_paths_come_from_each_controllers_line() {
        let own = "9:pids:/a\n4:memory:/box/c1\n2:cpu,cpuacct:/\n";
        assert_eq!(own_v1_path(own, "memory"), Some(("memory", "/box/c1")));
        assert_eq!(own_v1_path(own, "cpuacct"), Some(("cpu,cpuacct", "/")));
        assert_eq!(own_v1_path(own, "freezer"), None);
        let mount = tempfile::tempdir().unwrap();
        for dir in ["memory/box/c1", "cpu,cpuacct", "pids/a"] {
            fs::create_dir_all(mount.path().join(dir)).unwrap();
            fs::write(mount.path().join(dir).join("cgroup.procs"), "").unwrap();
        }
        fs::write(mount.path().join("memory/box/c1/memory.limit_in_bytes"), "").unwrap();
        fs::write(mount.path().join("cpu,cpuacct/cpuacct.usage"), "0").unwrap();
        let root = probe_v1(mount.path(), own).unwrap();
        assert_eq!(
            root,
            CgroupRoot::v1(
                mount.path().join("memory/box/c1"),
                mount.path().join("cpu,cpuacct"),
                Some(mount.path().join("pids/a")),
                None
            )
        );
    }

    #[test]
    fn keyed_files_parse_and_ignore_garbage() {
        assert_eq!(keyed("a 1\nb 2\n", "b"), Some(2));
        assert_eq!(keyed("a x\n", "a"), None);
        assert_eq!(keyed("", "a"), None);
    }
}
