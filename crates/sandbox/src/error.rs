//! Why a program could not be started at all (a judge error, not a verdict).

use std::io;

/// The judge could not start the program; judging cannot go on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SpawnError {
    /// The command is empty.
    #[error("the player command is empty")]
    EmptyCommand,
    /// The command's program does not exist (or is not in `$PATH`).
    #[error("no such program: {}", crate::untrusted::escape(program))]
    ProgramNotFound {
        /// The program as written in the command.
        program: String,
    },
    /// The command's program exists but cannot be executed.
    #[error("not an executable program: {}", crate::untrusted::escape(program))]
    NotExecutable {
        /// The program as written in the command.
        program: String,
    },
    /// `--sandbox bwrap` was asked for but bubblewrap is not installed.
    #[error("--sandbox bwrap: bubblewrap (bwrap) is not installed or not in PATH")]
    BwrapMissing,
    /// bubblewrap is installed but cannot create its sandbox here.
    #[error("--sandbox bwrap: bubblewrap cannot run here: {message}")]
    BwrapFailed {
        /// What bwrap printed (its own error message).
        message: String,
    },
    /// A file the command names is reached through a symbolic link, and whoever the link
    /// speaks for (its owner, or any user for root's links) may not read what it leads to:
    /// the judge will not show it to the program with its own rights.
    #[error(
        "{path} is reached through a symbolic link, and {reader} may not read what it leads to"
    )]
    LinkedFile {
        /// The path as the command names it.
        path: String,
        /// Whose rights count: "its owner (uid N)" or "any user".
        reader: String,
    },
    /// A file the command names lies where the sandbox makes its own (`/dev`), so the program
    /// could not see it: the judge stops rather than charge the contestant.
    #[error("{path}: the command names it, but bubblewrap cannot show it to the program (it makes its own /dev); name a copy elsewhere")]
    NotShown {
        /// The path as the command names it.
        path: String,
    },
    /// The operating system refused to start the process (its error said once, not also as
    /// a `source`, which a chain of causes would print again).
    #[error("cannot start `{}`: {cause}", crate::untrusted::escape(command))]
    Io {
        /// The command being started.
        command: String,
        /// What the system said: looking up the working directory, preparing the run (its user,
        /// cgroup or private mounts) or starting the program failed.
        cause: io::Error,
    },
}
