//! Optional confinement of the program with bubblewrap.

use super::command::find_in_path;
use super::SpawnError;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
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
    /// The private `/tmp` starts empty. Two things under the real `/tmp` stay visible,
    /// read-only: the working directory, and the directory of every existing path under
    /// `/tmp` that the command names (so `--player "/tmp/x/a.out"` still runs). Anything else
    /// the program needs must live outside `/tmp`.
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
                // What lives under the real /tmp would vanish under the private one: keep the
                // working directory and the places the command names visible, read-only.
                for dir in visible_under_tmp(&argv, working_dir) {
                    wrapped.push("--ro-bind".into());
                    wrapped.push(dir.clone().into());
                    wrapped.push(dir.into());
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

/// The directories under `/tmp` that must stay visible in the sandbox: the working directory,
/// and the directory of each existing absolute path under `/tmp` that a word of the command
/// names (shell commands are split on whitespace, quotes trimmed).
fn visible_under_tmp(argv: &[OsString], working_dir: &Path) -> Vec<PathBuf> {
    let under_tmp = |path: &Path| path.starts_with("/tmp") && path != Path::new("/tmp");
    let mut dirs: Vec<PathBuf> = Vec::new();
    if under_tmp(working_dir) {
        dirs.push(working_dir.to_path_buf());
    }
    let words = argv
        .iter()
        .filter_map(|arg| arg.to_str())
        .flat_map(str::split_whitespace)
        .map(|word| word.trim_matches(|c| c == '\'' || c == '"'));
    for word in words {
        let path = Path::new(word);
        if !under_tmp(path) || !path.exists() {
            continue;
        }
        let dir = if path.is_dir() {
            path.to_path_buf()
        } else {
            path.parent().unwrap_or(path).to_path_buf()
        };
        if under_tmp(&dir) && !dirs.contains(&dir) {
            dirs.push(dir);
        }
    }
    dirs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_under_tmp_named_by_the_command_stay_visible() {
        let dir = tempfile::Builder::new().tempdir_in("/tmp").unwrap();
        let program = dir.path().join("a.out");
        std::fs::write(&program, "").unwrap();
        let argv: Vec<OsString> = vec![
            "sh".into(),
            "-c".into(),
            format!("exec '{}' /tmp/no-such-file /usr/bin", program.display()).into(),
        ];
        assert_eq!(
            visible_under_tmp(&argv, Path::new("/home")),
            [dir.path().to_path_buf()]
        );
        let wrapped = Sandbox::Bwrap.wrap(argv, Path::new("/tmp"));
        let binds: Vec<_> = wrapped
            .windows(3)
            .filter(|w| w[0] == "--ro-bind" && w[1] != "/")
            .map(|w| PathBuf::from(&w[1]))
            .collect();
        assert_eq!(binds, [dir.path().to_path_buf()]);
    }

    #[test]
    fn a_working_directory_under_tmp_stays_visible() {
        let dirs = visible_under_tmp(&["./a.out".into()], Path::new("/tmp/work"));
        assert_eq!(dirs, [PathBuf::from("/tmp/work")]);
        assert!(visible_under_tmp(&["./a.out".into()], Path::new("/tmp")).is_empty());
    }
}
