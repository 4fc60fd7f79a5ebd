//! What a build without the `judge` feature (the Windows build) says in place of the commands
//! that need Linux: `duel ioiwari judge` and `duel mis judge`. Each takes any arguments and ends
//! with one clear line and exit status 2, instead of failing obscurely.

use clap::Args;
use std::ffi::OsString;
use std::process::ExitCode;

/// Why judging needs Linux, and where to go instead.
pub const JUDGE_NEEDS_LINUX: &str = "judging untrusted programs needs Linux (the judge \
isolates each program with Linux's own means); on Windows, run duel under WSL (Windows \
Subsystem for Linux), or use the packages `duel export` writes on Linux with a contest \
system; ioiwari2.exe --run and the kits' graj.exe play your program here";

/// The arguments of a command this build does not have: anything, ignored.
#[derive(Debug, Args)]
#[command(after_help = "Exit status: 2 (this build cannot run the command).")]
pub struct Unavailable {
    /// Ignored: the command needs Linux.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    pub ignored: Vec<OsString>,
}

/// Says why the command cannot run here: the error `duel` prints as one line, exiting with 2.
pub fn refuse(command: &str, reason: &str) -> anyhow::Result<ExitCode> {
    anyhow::bail!("{command}: {reason}")
}
