//! Optional confinement of the program with bubblewrap.

use super::command::find_in_path;
use super::SpawnError;
use std::ffi::OsString;
use std::path::Path;
use std::process::{Command, Stdio};

/// Where the program runs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Sandbox {
    /// Directly, as the judge's user (limits and process-group cleanup still apply).
    #[default]
    None,
    /// Under bubblewrap: no network, a read-only root, a private `/tmp`, fresh `/dev` and
    /// `/proc`, its own PID namespace (so nothing it starts survives it), no capabilities, and
    /// killed when the judge dies.
    ///
    /// The private `/tmp` starts empty: a program kept under `/tmp` is not visible inside,
    /// unless it is in the working directory, which stays visible (read-only).
    Bwrap,
}

impl Sandbox {
    /// The bwrap options used by [`Sandbox::Bwrap`], before `--chdir DIR --`.
    pub const BWRAP_OPTIONS: &'static [&'static str] = &[
        "--unshare-net",
        "--unshare-pid",
        "--unshare-ipc",
        "--ro-bind",
        "/",
        "/",
        "--tmpfs",
        "/tmp",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--die-with-parent",
        "--new-session",
        "--cap-drop",
        "ALL",
    ];

    /// Wraps an argument vector so that it runs in this sandbox, in `working_dir`.
    ///
    /// ```
    /// use duel_arena::runner::Sandbox;
    /// let argv = Sandbox::Bwrap.wrap(vec!["./a.out".into()], std::path::Path::new("/w"));
    /// assert_eq!(argv[0], "bwrap");
    /// assert_eq!(argv[argv.len() - 2..], ["--".into(), "./a.out".into()] as [std::ffi::OsString; 2]);
    /// ```
    pub fn wrap(self, argv: Vec<OsString>, working_dir: &Path) -> Vec<OsString> {
        match self {
            Sandbox::None => argv,
            Sandbox::Bwrap => {
                let mut wrapped: Vec<OsString> = vec!["bwrap".into()];
                wrapped.extend(Self::BWRAP_OPTIONS.iter().map(OsString::from));
                // A working directory inside /tmp would vanish under the private /tmp: keep it
                // visible, read-only like the rest.
                if working_dir.starts_with("/tmp") && working_dir != Path::new("/tmp") {
                    wrapped.push("--ro-bind".into());
                    wrapped.push(working_dir.into());
                    wrapped.push(working_dir.into());
                }
                wrapped.push("--chdir".into());
                wrapped.push(working_dir.into());
                wrapped.push("--".into());
                wrapped.extend(argv);
                wrapped
            }
        }
    }

    /// Checks that the sandbox can work here: bwrap is installed and can create its sandbox
    /// (it is run once with `true`; its own error message is reported if it fails).
    pub fn check(self) -> Result<(), SpawnError> {
        if self == Sandbox::None {
            return Ok(());
        }
        if find_in_path("bwrap".as_ref()).is_none() {
            return Err(SpawnError::BwrapMissing);
        }
        let working_dir = std::env::current_dir().unwrap_or_else(|_| "/".into());
        let argv = self.wrap(vec!["true".into()], &working_dir);
        let probe = Command::new(&argv[0])
            .args(&argv[1..])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output();
        match probe {
            Err(error) => Err(SpawnError::BwrapFailed {
                message: error.to_string(),
            }),
            Ok(output) if !output.status.success() => {
                let message = String::from_utf8_lossy(&output.stderr).trim().to_owned();
                Err(SpawnError::BwrapFailed {
                    message: if message.is_empty() {
                        format!("bwrap {}", output.status)
                    } else {
                        message
                    },
                })
            }
            Ok(_) => Ok(()),
        }
    }
}
