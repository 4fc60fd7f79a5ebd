//! What to run, how, and under which limits: the recipe for a [`Process`].

use super::{Limits, Process, ProgramCommand, Sandbox, SpawnError};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Starts the same program again and again (once per test) with the same limits.
///
/// It is `Clone + Send + Sync`, so parallel judging threads can share one.
///
/// ```
/// use duel_arena::runner::{Launcher, Limits, ProgramCommand};
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
/// # Ok::<(), duel_arena::runner::SpawnError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Launcher {
    command: ProgramCommand,
    limits: Limits,
    sandbox: Sandbox,
    cancel: Option<Arc<AtomicBool>>,
    working_dir: Option<PathBuf>,
}

impl Launcher {
    /// A launcher for this command and limits, without sandbox.
    pub fn new(command: ProgramCommand, limits: Limits) -> Launcher {
        Launcher {
            command,
            limits,
            sandbox: Sandbox::None,
            cancel: None,
            working_dir: None,
        }
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

    /// The command run.
    pub fn command(&self) -> &ProgramCommand {
        &self.command
    }

    /// The limits applied.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The sandbox used.
    pub fn sandbox(&self) -> Sandbox {
        self.sandbox
    }

    /// Checks, before any test runs, that the program exists and that the sandbox works.
    pub fn check(&self) -> Result<(), SpawnError> {
        self.command.check()?;
        self.sandbox.check()
    }

    /// Starts the program: its own session and process group, the limits set, stdin, stdout
    /// and stderr piped to the judge.
    ///
    /// The program is killed (`PR_SET_PDEATHSIG`) if the thread that spawned it ends, so a
    /// judge that dies never leaves programs behind: spawn, talk to and finish a process on
    /// one thread.
    pub fn spawn(&self) -> Result<Process, SpawnError> {
        let working_dir = match &self.working_dir {
            Some(dir) => dir.clone(),
            None => std::env::current_dir().map_err(|source| SpawnError::Io {
                command: self.command.to_string(),
                source,
            })?,
        };
        ignore_sigpipe();
        let argv = self.sandbox.wrap(self.command.argv(), &working_dir);
        Process::spawn(
            &argv,
            &working_dir,
            &self.command.to_string(),
            self.limits,
            self.cancel.clone(),
        )
    }
}

/// Writing to a program that has exited must fail with EPIPE, not kill the judge. Rust
/// binaries ignore SIGPIPE already; a host that left it at its default gets it ignored here,
/// once (a handler the host installed itself is left alone).
fn ignore_sigpipe() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: reading and setting a signal disposition with fully initialised structs.
        unsafe {
            let mut current: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGPIPE, std::ptr::null(), &mut current) == 0
                && current.sa_sigaction == libc::SIG_DFL
            {
                libc::signal(libc::SIGPIPE, libc::SIG_IGN);
            }
        }
    });
}
