//! Failures of the engine itself (as opposed to verdicts, which are the submission's).

use duel_sandbox::SpawnError;
use std::path::PathBuf;

/// Why a game could not be played at all. A misbehaving submission never causes one of these:
/// it gets a [`Verdict`](crate::Verdict) instead.
#[derive(Debug, thiserror::Error)]
pub enum MisError {
    /// The player program or the module host could not be started.
    #[error(transparent)]
    Spawn(#[from] SpawnError),
    /// The `mis-host` executable is missing.
    #[error("the module host was not found at {0} (it is built with the duel binaries: `cargo build -p duel-cli`)")]
    HostNotFound(PathBuf),
    /// The module could not be loaded.
    #[error("{0}")]
    Module(String),
    /// The module is a shared library but does not export `poczatek` or `ruch_bolka`: the
    /// submission's own fault, judged as a `compile_error` (as a source lacking them is).
    #[error("{0}")]
    Unexported(String),
    /// The module (a shared library given as such) defines a name that the task's driver
    /// defines (`main`): it would not link with any driver (the rules of play, M3), so it is
    /// judged as a `compile_error`, as a source that does not link with the driver is.
    #[error("{0}")]
    DriverName(String),
    /// The module host misbehaved before the module was loaded (a broken installation).
    #[error("the module host failed: {0}")]
    Host(String),
    /// A log file could not be written.
    #[error("cannot write the log {path}: {message}")]
    Log {
        /// The log file, or the directory it goes in when that cannot be made.
        path: PathBuf,
        /// What the system said.
        message: String,
    },
    /// The game was stopped from outside (Ctrl-C) before it ended.
    #[error("cancelled")]
    Cancelled,
    /// A broken invariant of the engine (a bug).
    #[error("internal error: {0}")]
    Internal(String),
}
