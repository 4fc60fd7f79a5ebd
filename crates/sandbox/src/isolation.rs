//! The probes: what isolation this machine allows, tried once per judge process (a cgroup
//! per run, a user of its own for every program when the judge runs as root, the system-call
//! filter, private directories, bubblewrap). Each mechanism is tried by running `true` under
//! it, through [`errand`](super::errand).

use super::cgroup::{CgroupRoot, CgroupVersion};
use super::child::Confinement;
use super::command::find_in_path;
use super::confinement::{bwrap_argv, reachable, View};
use super::environment::{self, find_program};
use super::errand;
use super::private::PrivateMounts;
use super::seccomp;
use super::signal;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

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
                syscall_filter: seccomp_works(),
                bwrap: !disabled("no-bwrap") && find_in_path("bwrap".as_ref()).is_some(),
                private_dirs: !disabled("no-user")
                    && !disabled("no-private-dirs")
                    && signal::effective_uid() == 0
                    && private_dirs_work(),
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
                CgroupVersion::V1 => "v1".to_owned(),
                CgroupVersion::V2 => "v2".to_owned(),
            }),
            separate_user: self.box_users,
            syscall_filter: self.syscall_filter,
            bubblewrap: bwrap,
            summary: self.describe(bwrap),
            environment: environment::describe(&environment::environment(&[], &[])),
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

/// Whether this architecture has the system-call filter and the kernel takes it (tried on
/// `true`), unless [`ISOLATION_ENV`] says `no-seccomp`.
fn seccomp_works() -> bool {
    let Some(filter) = seccomp::program().filter(|_| !Isolation::disabled("no-seccomp")) else {
        return false;
    };
    runs_true(Confinement {
        filter: Some(filter),
        ..Confinement::default()
    })
}

/// Whether a run can have private directories here (root, a kernel that makes mount
/// namespaces for it): tried on `true`.
fn private_dirs_work() -> bool {
    let Ok(plan) = PrivateMounts::plan(&[], &[], Path::new("/")) else {
        return false;
    };
    runs_true(Confinement {
        mounts: Some(plan),
        ..Confinement::default()
    })
}

/// Whether `true` runs to a clean exit confined as `confinement` says (with ten seconds of
/// CPU).
fn runs_true(confinement: Confinement) -> bool {
    let confinement = Confinement {
        cpu_seconds: 10,
        ..confinement
    };
    errand::succeeds(&["true".into()], Path::new("/"), confinement)
}

/// Whether bubblewrap works here.
pub(crate) fn bwrap_works() -> bool {
    bwrap_probe().is_ok()
}

/// Why bubblewrap could not create its sandbox: what it (or starting it) said, one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub(crate) struct BwrapUnusable {
    /// bubblewrap's own message, clipped and escaped; or how it exited when it said nothing;
    /// or why it could not be started.
    pub(crate) message: String,
}

/// What running bubblewrap once with `true` said (probed once per judge process).
pub(crate) fn bwrap_probe() -> &'static Result<(), BwrapUnusable> {
    static PROBE: OnceLock<Result<(), BwrapUnusable>> = OnceLock::new();
    PROBE.get_or_init(probe_bwrap)
}

fn probe_bwrap() -> Result<(), BwrapUnusable> {
    let working_dir = std::env::current_dir().unwrap_or_else(|_| "/".into());
    let argv = vec!["true".into()];
    let view = View::of(&argv, &working_dir, &[], &[]);
    let argv = bwrap_argv(argv, &working_dir, &view, None, None);
    let probe = Command::new(&argv[0])
        .args(&argv[1..])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output();
    let message = match probe {
        Err(error) => error.to_string(),
        Ok(output) if !output.status.success() => {
            let message = String::from_utf8_lossy(&output.stderr).trim().to_owned();
            if message.is_empty() {
                format!("bwrap {}", output.status)
            } else {
                crate::untrusted::clip_line(&message, 300)
            }
        }
        Ok(_) => return Ok(()),
    };
    Err(BwrapUnusable { message })
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

#[cfg(test)]
mod tests {
    use super::*;

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
