//! What to run, how, and under which limits: the recipe for a [`Process`].

use super::box_user::BoxUser;
use super::child::Confinement;
use super::confinement::{
    bwrap_argv, can_be_shown, named_paths, path_programs, reachable, unreachable_path, UserChange,
    View,
};
use super::environment;
use super::errand;
use super::isolation::{Isolation, IsolationRecord};
use super::lending;
use super::private::PrivateMounts;
use super::process::{Hold, Placement};
use super::sandbox::Sandbox;
use super::seccomp;
use super::walk::{link_reader, readable_by, walk, LINK_READER_ID};
use super::{signal, Cgroup, CgroupRoot, Limits, Process, ProgramCommand, SpawnError};
use seccompiler::BpfProgram;
use std::ffi::OsString;
use std::io::{self, Write};
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::sync::OnceLock;

/// Starts the same program again and again (once per test) with the same limits.
///
/// It is `Clone + Send + Sync`, so parallel judging threads can share one.
///
/// ```
/// use duel_sandbox::{Launcher, Limits, ProgramCommand};
/// use std::time::Duration;
/// let launcher = Launcher::new(
///     ProgramCommand::shell("read board; echo \"got $board\""),
///     Limits::new(Duration::from_secs(1), 64),
/// );
/// launcher.check()?;
/// let mut process = launcher.spawn()?;
/// process.write_line("4 3 2 4 2 3 2").unwrap();
/// assert_eq!(process.read_line().unwrap(), "got 4 3 2 4 2 3 2");
/// let ending = process.finish();
/// assert!(ending.result.is_ok());
/// # Ok::<(), duel_sandbox::SpawnError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Launcher {
    command: ProgramCommand,
    limits: Limits,
    sandbox: Sandbox,
    cancel: Option<Arc<AtomicBool>>,
    working_dir: Option<PathBuf>,
    visible: Vec<PathBuf>,
    writable: Vec<PathBuf>,
    env: Vec<(OsString, OsString)>,
}

impl Launcher {
    /// A launcher for this command and limits, in the default sandbox ([`Sandbox::Auto`], the
    /// strongest this machine allows; see [`with_sandbox`](Self::with_sandbox)).
    pub fn new(command: ProgramCommand, limits: Limits) -> Launcher {
        Launcher {
            command,
            limits,
            sandbox: Sandbox::default(),
            cancel: None,
            working_dir: None,
            visible: Vec::new(),
            writable: Vec::new(),
            env: Vec::new(),
        }
    }

    /// The same launcher giving the program one more environment variable beyond the fixed
    /// environment every run gets (what a language needs, such as rustup's home for `rustc`).
    pub fn with_env(mut self, name: impl Into<OsString>, value: impl Into<OsString>) -> Launcher {
        self.env.push((name.into(), value.into()));
        self
    }

    /// The whole environment of this launcher's programs: nothing of the judge's own (see
    /// [`SYSTEM_PATH`](super::SYSTEM_PATH)), as `NAME=value` lines.
    pub fn environment(&self) -> Vec<String> {
        environment::describe(&self.program_env())
    }

    fn program_env(&self) -> Vec<(OsString, OsString)> {
        let mut extra = self.env.clone();
        // What a shell would say, and what bubblewrap sets anyway: the same in every sandbox.
        if let Ok(dir) = self.working_dir() {
            extra.insert(0, ("PWD".into(), dir.into()));
        }
        environment::environment(&path_programs(&self.command.argv()), &extra)
    }

    /// The same launcher with this sandbox.
    pub fn with_sandbox(self, sandbox: Sandbox) -> Launcher {
        Launcher { sandbox, ..self }
    }

    /// The same launcher watching this flag: once it is set, waiting for the program stops with
    /// [`Halt::Cancelled`](super::Halt::Cancelled).
    pub fn with_cancel_flag(self, cancel: Arc<AtomicBool>) -> Launcher {
        Launcher {
            cancel: Some(cancel),
            ..self
        }
    }

    /// The same launcher running the program in this directory (default: the judge's own).
    pub fn with_working_dir(self, working_dir: impl Into<PathBuf>) -> Launcher {
        Launcher {
            working_dir: Some(working_dir.into()),
            ..self
        }
    }

    /// The same launcher with these files or directories visible (read-only) to the program
    /// under bubblewrap, beyond what its command names.
    pub fn with_visible(self, paths: Vec<PathBuf>) -> Launcher {
        Launcher {
            visible: paths,
            ..self
        }
    }

    /// The same launcher with this directory writable, for a program that writes files the
    /// judge then reads (a compiler in its build directory). It runs as a user of its own
    /// like any program when the judge is root, whether or not others reach its files (it
    /// sees nothing the box user may not read): the directory is that user's while it runs,
    /// and everything in it is the judge's again once the run has ended.
    pub fn with_writable_dir(self, dir: PathBuf) -> Launcher {
        Launcher {
            writable: vec![dir],
            ..self
        }
    }

    /// The command each [`spawn`](Self::spawn) starts.
    pub fn command(&self) -> &ProgramCommand {
        &self.command
    }

    /// The limits every run gets, as given to [`Launcher::new`].
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The sandbox asked for: [`Sandbox::Auto`] unless [`with_sandbox`](Self::with_sandbox)
    /// chose another.
    pub fn sandbox(&self) -> Sandbox {
        self.sandbox
    }

    /// Checks, before any test runs, that the program exists and that the sandbox works.
    pub fn check(&self) -> Result<(), SpawnError> {
        self.command.check()?;
        let working_dir = self.working_dir()?;
        self.check_links(&working_dir)?;
        self.sandbox.check()?;
        if self.sandbox.resolve() == Sandbox::Bwrap {
            for path in named_paths(&self.command.argv(), &working_dir) {
                let end = walk(&path, &working_dir).map_or(path.clone(), |walked| walked.end);
                if !can_be_shown(&end) {
                    return Err(SpawnError::NotShown {
                        path: crate::untrusted::escape_path(&path),
                    });
                }
            }
        }
        Ok(())
    }

    /// What a run needs where it really is, when directories are made private to it: the
    /// files its command names (where their links lead), what the judge shows it and lets it
    /// write, and its working directory.
    fn kept_paths(&self, working_dir: &Path) -> Vec<PathBuf> {
        let mut keep = named_paths(&self.command.argv(), working_dir);
        keep.extend(self.visible.iter().cloned());
        keep.extend(self.writable.iter().cloned());
        keep.push(working_dir.to_path_buf());
        keep
    }

    /// Refuses a file the command names (or a visible one) that is reached through a symbolic
    /// link whose owner (any user, for a link of root's) may not read what it leads to: the
    /// judge, as root, would otherwise show the program what it could not see itself (under
    /// bubblewrap, which binds it as root; without, by running it as the judge's user).
    fn check_links(&self, working_dir: &Path) -> Result<(), SpawnError> {
        let argv = self.command.argv();
        let named = named_paths(&argv, working_dir);
        for path in named.iter().chain(&self.visible) {
            let path = working_dir.join(path);
            let Some((uid, gid)) = link_reader(&path) else {
                continue;
            };
            // What every user may read needs no asking; others' rights are the mode's.
            if !reachable(&path, path.is_dir(), Path::new("/"))
                && (uid == LINK_READER_ID || !readable_by(&path, uid, gid))
            {
                return Err(SpawnError::LinkedFile {
                    path: crate::untrusted::escape_path(&path),
                    reader: match uid {
                        LINK_READER_ID => "any user".into(),
                        uid => format!("its owner (uid {uid})"),
                    },
                });
            }
        }
        Ok(())
    }

    /// One line saying how this launcher's programs are isolated here, and what cannot be
    /// guaranteed.
    pub fn describe_isolation(&self) -> String {
        let sandbox = self.sandbox.resolve();
        let isolation = levels(sandbox);
        let bwrap = sandbox == Sandbox::Bwrap;
        let mut line = isolation.describe(bwrap);
        if sandbox == Sandbox::Trusted {
            line.push_str("; the program runs unconfined, as asked");
        } else if isolation.box_users {
            if let Some(path) = self.unreachable_here(bwrap) {
                line.push_str(&format!(
                    "; but the program runs as the judge's user: {} is not reachable by other users",
                    crate::untrusted::escape_path(&path)
                ));
            }
        }
        line
    }

    /// How this launcher's programs are isolated here, for a judge's report: the machine's
    /// levels, less the user of its own when the program runs as the judge's user, and the
    /// line of [`describe_isolation`](Self::describe_isolation).
    pub fn isolation_record(&self) -> IsolationRecord {
        let sandbox = self.sandbox.resolve();
        let bwrap = sandbox == Sandbox::Bwrap;
        let mut record = levels(sandbox).record(bwrap);
        record.separate_user = self
            .working_dir()
            .is_ok_and(|dir| self.gets_box_user(sandbox, &dir));
        record.summary = self.describe_isolation();
        record.environment = self.environment();
        record
    }

    /// Whether the program, run from `working_dir` in `sandbox` (resolved), gets a user of its
    /// own: the judge is root, the sandbox is not [`Sandbox::Trusted`], and other users reach
    /// what it needs or it writes a directory (a compiler, which must never run as root).
    fn gets_box_user(&self, sandbox: Sandbox, working_dir: &Path) -> bool {
        sandbox != Sandbox::Trusted
            && Isolation::detect().box_users
            && (!self.writable.is_empty()
                || self
                    .unreachable(working_dir, sandbox == Sandbox::Bwrap)
                    .is_none())
    }

    /// [`unreachable`](Self::unreachable) from the working directory.
    fn unreachable_here(&self, bwrap: bool) -> Option<PathBuf> {
        let dir = self.working_dir().ok()?;
        self.unreachable(&dir, bwrap)
    }

    fn working_dir(&self) -> Result<PathBuf, SpawnError> {
        match &self.working_dir {
            Some(dir) => Ok(dir.clone()),
            None => std::env::current_dir().map_err(|cause| SpawnError::Io {
                command: self.command.to_string(),
                cause,
            }),
        }
    }

    fn unreachable(&self, working_dir: &Path, bwrap: bool) -> Option<PathBuf> {
        unreachable_path(&self.command.argv(), working_dir, &self.visible, bwrap)
    }

    /// Starts the program: its own session and process group, its own cgroup and user when
    /// the machine allows them (see [`Isolation`]), the limits set, stdin, stdout and stderr
    /// piped to the judge.
    ///
    /// The program is killed (`PR_SET_PDEATHSIG`) if the thread that spawned it ends, so a
    /// judge that dies never leaves programs behind: spawn, talk to and finish a process on
    /// one thread.
    ///
    /// # Process-wide effects
    ///
    /// The first call changes two things of the calling process, once and for good:
    ///
    /// - **SIGPIPE is ignored** if it had its default disposition (Rust binaries ignore it
    ///   already; a handler the host installed is left alone), so that writing to a program
    ///   that has exited fails with `EPIPE` instead of killing the caller.
    /// - **The caller becomes a child subreaper** (`PR_SET_CHILD_SUBREAPER`): what its
    ///   programs orphan is reparented to it rather than to init, so that the end of a run
    ///   can kill every process the program started and count their CPU. A host that
    ///   spawns other children of its own will see their orphans too, as zombies to reap.
    ///
    /// The first spawn under bubblewrap also runs `true` under it once or twice to measure
    /// what bubblewrap itself costs in memory.
    pub fn spawn(&self) -> Result<Process, SpawnError> {
        let working_dir = self.working_dir()?;
        let io_error = |cause| SpawnError::Io {
            command: self.command.to_string(),
            cause,
        };
        signal::ignore_sigpipe();
        self.check_links(&working_dir)?;
        let isolation = Isolation::detect();
        let sandbox = self.sandbox.resolve();
        let bwrap = sandbox == Sandbox::Bwrap;
        let user = self
            .gets_box_user(sandbox, &working_dir)
            .then(BoxUser::acquire)
            .transpose()
            .map_err(io_error)?;
        let mut lent = Vec::new();
        if let Some(user) = &user {
            for dir in &self.writable {
                lending::lend(dir, user.id).map_err(io_error)?;
                lent.push(dir.clone());
            }
        }
        // Without bubblewrap, a user of its own gets private /tmp and the like.
        let mounts = match (&user, sandbox) {
            (Some(_), Sandbox::None) if isolation.private_dirs => {
                let keep = self.kept_paths(&working_dir);
                Some(PrivateMounts::plan(&keep, &self.writable, &working_dir).map_err(io_error)?)
            }
            _ => None,
        };
        let facts = bwrap.then(bwrap_facts);
        let confined = confine(
            sandbox,
            self.command.argv(),
            &working_dir,
            (&self.visible, &self.writable),
            user.as_ref().map(|user| user.id),
            facts.is_some_and(|facts| facts.before_bwrap),
        )
        .map_err(io_error)?;
        let mut confined = confined;
        let hold = if bwrap {
            Some(hold_before_the_program(&mut confined).map_err(io_error)?)
        } else {
            None
        };
        let cgroup = match &isolation.cgroups {
            Some(root) => Some(root.create().map_err(io_error)?),
            None => None,
        };
        let overhead_bytes = match (&cgroup, facts) {
            (Some(_), Some(facts)) => facts.overhead_bytes,
            _ => 0,
        };
        Process::spawn(
            &confined.argv,
            &working_dir,
            &self.command.to_string(),
            self.limits,
            self.cancel.clone(),
            Placement {
                cgroup,
                overhead_bytes,
                user,
                switch_user_before_exec: confined.user_before_exec,
                signals_as_status: bwrap,
                inherit: confined.inherit,
                hold,
                filter: confined.filter,
                filtered: confined.filtered,
                env: Some(self.program_env()),
                lent,
                mounts,
            },
        )
    }
}

/// A run's command line, and what its child does before exec beyond joining its cgroup and
/// the limits.
struct Confined {
    argv: Vec<OsString>,
    /// Whether the child changes user itself (else `setpriv` does, inside bubblewrap).
    user_before_exec: bool,
    /// Descriptors the program keeps (the filter bubblewrap reads).
    inherit: Vec<OwnedFd>,
    /// The filter the child installs itself.
    filter: Option<&'static BpfProgram>,
    /// Whether the program runs under the filter (the child's or bubblewrap's).
    filtered: bool,
}

/// How a run of `argv` in `working_dir` is confined in `sandbox` (resolved), with more paths
/// (`visible`, `writable`) under bubblewrap, as the user `user` (changed before bubblewrap
/// starts when `before_bwrap` and the user reaches what is bound): the way its user changes, and
/// the system-call filter ([`seccomp`](super::seccomp)), which every sandboxed run gets when
/// the kernel takes it: bubblewrap installs it just before the program starts, else the child
/// does.
fn confine(
    sandbox: Sandbox,
    argv: Vec<OsString>,
    working_dir: &Path,
    (visible, writable): (&[PathBuf], &[PathBuf]),
    user: Option<u32>,
    before_bwrap: bool,
) -> io::Result<Confined> {
    let filter = seccomp::program()
        .filter(|_| sandbox != Sandbox::Trusted && Isolation::detect().syscall_filter);
    if sandbox != Sandbox::Bwrap {
        return Ok(Confined {
            argv,
            user_before_exec: true,
            inherit: Vec::new(),
            filtered: filter.is_some(),
            filter,
        });
    }
    let view = View::of(&argv, working_dir, visible, writable);
    // bubblewrap started as the user binds only what that user reaches; else it starts as
    // root, which makes the directories on the way open to all.
    let change = user.map(|id| {
        if before_bwrap && view.reachable_by_others() {
            UserChange::BeforeBwrap(id)
        } else {
            UserChange::WithSetpriv(id)
        }
    });
    let inherit: Vec<OwnedFd> = match filter.and_then(|_| seccomp::program_bytes()) {
        Some(bytes) => vec![filter_pipe(bytes)?],
        None => Vec::new(),
    };
    let fd = inherit.first().map(AsRawFd::as_raw_fd);
    Ok(Confined {
        argv: bwrap_argv(argv, working_dir, &view, change, fd),
        user_before_exec: !matches!(change, Some(UserChange::WithSetpriv(_))),
        filtered: fd.is_some(),
        inherit,
        filter: None,
    })
}

/// Makes bubblewrap wait, before it forks the program's first process, until the judge
/// writes to or closes the returned release (`--block-fd`), and tell the judge the pid of its
/// init as soon as it exists (`--info-fd`): the judge then follows that process from its fork
/// (see `Process`'s follower) without looking for init.
fn hold_before_the_program(confined: &mut Confined) -> io::Result<Hold> {
    let (block_reader, release) = io::pipe()?;
    let (info, info_writer) = io::pipe()?;
    let block_reader = OwnedFd::from(block_reader);
    let info_writer = OwnedFd::from(info_writer);
    let words = [
        "--block-fd".into(),
        OsString::from(block_reader.as_raw_fd().to_string()),
        "--info-fd".into(),
        OsString::from(info_writer.as_raw_fd().to_string()),
    ];
    confined.argv.splice(1..1, words);
    confined.inherit.extend([block_reader, info_writer]);
    Ok(Hold {
        release: release.into(),
        info: info.into(),
    })
}

/// A pipe holding `bytes` (far less than a pipe's buffer), its reading end returned.
fn filter_pipe(bytes: &[u8]) -> io::Result<OwnedFd> {
    let (reader, mut writer) = io::pipe()?;
    writer.write_all(bytes)?;
    Ok(reader.into())
}

/// What tries of bubblewrap here told, once per judge process.
struct BwrapFacts {
    /// Whether bubblewrap started as a box user works (unprivileged user namespaces and
    /// bubblewrap 0.8), so that the user changes before it starts.
    before_bwrap: bool,
    /// The memory bubblewrap itself gets charged in a run's cgroup (its processes and the
    /// namespaces it makes): added to the cgroup's limit and taken off the reported peak.
    overhead_bytes: u64,
}

/// The machine's levels as programs in `sandbox` (resolved) get them: one run unconfined
/// ([`Sandbox::Trusted`], the judge's trusted runs) gets neither the filter nor a user of its own.
fn levels(sandbox: Sandbox) -> std::borrow::Cow<'static, Isolation> {
    let isolation = Isolation::detect();
    if sandbox == Sandbox::Trusted {
        std::borrow::Cow::Owned(Isolation {
            box_users: false,
            syscall_filter: false,
            ..isolation.clone()
        })
    } else {
        std::borrow::Cow::Borrowed(isolation)
    }
}

/// Runs `true` under bubblewrap the way programs run (the first try as a box user changed
/// before bubblewrap starts, unless [`ISOLATION_ENV`](super::ISOLATION_ENV) says
/// `no-userns`): the least of two runs' charged memory is bubblewrap's own.
fn bwrap_facts() -> &'static BwrapFacts {
    static FACTS: OnceLock<BwrapFacts> = OnceLock::new();
    FACTS.get_or_init(|| {
        let isolation = Isolation::detect();
        let root = isolation.cgroups.as_ref();
        // A box user of its own, locked as every run's is.
        let held = isolation
            .box_users
            .then(BoxUser::acquire)
            .and_then(Result::ok);
        let user = held.as_ref().map(|user| user.id);
        let mut charged = Vec::new();
        let before_bwrap = user.is_some()
            && !Isolation::disabled("no-userns")
            && trial(root, user, true)
                .map(|bytes| charged.push(bytes))
                .is_some();
        if root.is_some() {
            while charged.len() < 2 {
                match trial(root, user, before_bwrap) {
                    Some(bytes) => charged.push(bytes),
                    None => break,
                }
            }
        }
        BwrapFacts {
            before_bwrap,
            overhead_bytes: charged.into_iter().min().unwrap_or(0),
        }
    })
}

/// One run of `true` under bubblewrap, confined as programs are, as `user` (changed before
/// bubblewrap starts when `before_bwrap`), in a cgroup of its own under `root`: `None` if it
/// failed, else the memory its cgroup was charged (0 without one).
fn trial(root: Option<&CgroupRoot>, user: Option<u32>, before_bwrap: bool) -> Option<u64> {
    super::tree::become_subreaper();
    let cgroup = root.map(CgroupRoot::create).transpose().ok()?;
    let join = match &cgroup {
        Some(cgroup) => cgroup.join_files().ok()?,
        None => Vec::new(),
    };
    let dir = Path::new("/");
    let argv = vec!["true".into()];
    let confined = confine(Sandbox::Bwrap, argv, dir, (&[], &[]), user, before_bwrap).ok()?;
    let confinement = Confinement {
        join,
        cpu_seconds: 10,
        user: user
            .filter(|_| confined.user_before_exec)
            .map(|id| (id, id)),
        inherit: confined.inherit,
        filter: confined.filter,
        ..Confinement::default()
    };
    errand::succeeds(&confined.argv, dir, confinement)
        .then(|| cgroup.as_ref().and_then(Cgroup::peak_memory).unwrap_or(0))
}
