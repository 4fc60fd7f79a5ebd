//! Optional confinement of the program with bubblewrap.

use super::command::find_in_path;
use super::{Isolation, SpawnError};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// Where the program runs, and as whom. Whatever the sandbox, a per-run cgroup accounts and
/// limits the program when the machine allows it (see [`Isolation`](super::Isolation)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Sandbox {
    /// Directly, as the judge's user (limits and process cleanup still apply): for programs
    /// the judge trusts, such as compilers.
    #[default]
    None,
    /// Directly, but as a user of its own when the judge runs as root (and the program's
    /// files are reachable by other users; if they are not, as the judge's user).
    User,
    /// Under bubblewrap: no network, a read-only root, a private `/tmp` (64 MB, world
    /// writable), fresh `/dev` and `/proc`, its own PID namespace (so nothing it starts
    /// survives it), no capabilities, killed when the judge dies; as a user of its own when
    /// the judge runs as root, as for [`Sandbox::User`].
    ///
    /// The private `/tmp` starts empty. Two things under the real `/tmp` stay visible,
    /// read-only: the working directory, and the directory of every existing path under
    /// `/tmp` that the command names (so `--player "/tmp/x/a.out"` still runs). Anything else
    /// the program needs must live outside `/tmp`.
    Bwrap,
    /// The strongest this machine allows: [`Sandbox::Bwrap`] when bubblewrap is installed and
    /// works, else [`Sandbox::User`].
    Auto,
}

/// The size of the private `/tmp` under bubblewrap.
pub const SANDBOX_TMP_BYTES: u64 = 64 << 20;

impl Sandbox {
    /// The bwrap options of a confined run as the judge's user, before the visible paths and
    /// `--chdir DIR --`: [`Sandbox::Bwrap`]'s common options, an empty private `/tmp`, and no
    /// capabilities.
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

    /// What every [`Sandbox::Bwrap`] run gets, before its private `/tmp` (sized, world
    /// writable), the visible paths, the capability drop (or the change of user) and
    /// `--chdir DIR --`.
    const COMMON_OPTIONS: &'static [&'static str] = &[
        "--unshare-net",
        "--unshare-pid",
        "--unshare-ipc",
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--die-with-parent",
        "--new-session",
    ];

    /// What [`Sandbox::Auto`] stands for on this machine (other sandboxes are themselves).
    pub fn resolve(self) -> Sandbox {
        match self {
            Sandbox::Auto if Isolation::detect().bwrap && bwrap_works() => Sandbox::Bwrap,
            Sandbox::Auto => Sandbox::User,
            other => other,
        }
    }

    /// Whether the program runs under bubblewrap.
    pub fn uses_bwrap(self) -> bool {
        self.resolve() == Sandbox::Bwrap
    }

    /// Wraps an argument vector so that it runs in this sandbox, in `working_dir`, as the
    /// judge's user.
    ///
    /// ```
    /// use duel_arena::runner::Sandbox;
    /// let argv = Sandbox::Bwrap.wrap(vec!["./a.out".into()], std::path::Path::new("/w"));
    /// assert_eq!(argv[0], "bwrap");
    /// assert_eq!(argv[argv.len() - 2..], ["--".into(), "./a.out".into()] as [std::ffi::OsString; 2]);
    /// ```
    pub fn wrap(self, argv: Vec<OsString>, working_dir: &Path) -> Vec<OsString> {
        self.wrap_as(argv, working_dir, &[], None)
    }

    /// [`wrap`](Self::wrap) with more paths visible (read-only) under bubblewrap, and run as
    /// `user` (uid = gid) there: bubblewrap then keeps its capabilities for `setpriv` to drop
    /// them with the user change, just before the program starts.
    pub(crate) fn wrap_as(
        self,
        argv: Vec<OsString>,
        working_dir: &Path,
        visible: &[PathBuf],
        user: Option<u32>,
    ) -> Vec<OsString> {
        if self.resolve() != Sandbox::Bwrap {
            return argv;
        }
        let mut wrapped: Vec<OsString> = vec!["bwrap".into()];
        wrapped.extend(Self::COMMON_OPTIONS.iter().map(OsString::from));
        let size = SANDBOX_TMP_BYTES.to_string();
        for option in ["--perms", "1777", "--size", &size, "--tmpfs", "/tmp"] {
            wrapped.push(option.into());
        }
        // What lives under the real /tmp would vanish under the private one: keep the
        // working directory and the places the command names visible, read-only.
        let mut dirs = visible_under_tmp(&argv, working_dir);
        for path in visible {
            // bwrap refuses to bind what does not exist; the program will find it missing.
            if path.exists() && !dirs.contains(path) {
                dirs.push(path.clone());
            }
        }
        // bwrap would make the directories between /tmp and a bound one itself, readable by
        // root only, so a program of its own user could not reach what is bound there: make
        // them first, open to all (they are empty, apart from the bound directories).
        dirs.sort_by_key(|dir| dir.components().count());
        let mut between: Vec<&Path> = Vec::new();
        for dir in &dirs {
            let mut ancestors: Vec<&Path> = dir
                .ancestors()
                .skip(1)
                .take_while(|ancestor| {
                    ancestor.starts_with("/tmp") && *ancestor != Path::new("/tmp")
                })
                .collect();
            ancestors.reverse();
            for ancestor in ancestors {
                if !between.contains(&ancestor) {
                    between.push(ancestor);
                }
            }
        }
        for dir in between {
            for word in ["--perms", "0755", "--dir"] {
                wrapped.push(word.into());
            }
            wrapped.push(dir.into());
        }
        for dir in &dirs {
            wrapped.push("--ro-bind".into());
            wrapped.push(dir.into());
            wrapped.push(dir.into());
        }
        if user.is_none() {
            wrapped.extend(["--cap-drop".into(), "ALL".into()]);
        }
        wrapped.push("--chdir".into());
        wrapped.push(working_dir.into());
        wrapped.push("--".into());
        if let Some(id) = user {
            let id = id.to_string();
            for word in [
                "setpriv",
                "--reuid",
                &id,
                "--regid",
                &id,
                "--clear-groups",
                "--inh-caps=-all",
                "--bounding-set=-all",
                "--no-new-privs",
                "--",
            ] {
                wrapped.push(word.into());
            }
        }
        wrapped.extend(argv);
        wrapped
    }

    /// Checks that the sandbox can work here: for [`Sandbox::Bwrap`], that bwrap is installed
    /// and can create its sandbox (it is run once with `true`; its own error message is
    /// reported if it fails). The other sandboxes always work.
    pub fn check(self) -> Result<(), SpawnError> {
        if self != Sandbox::Bwrap {
            return Ok(());
        }
        if find_in_path("bwrap".as_ref()).is_none() {
            return Err(SpawnError::BwrapMissing);
        }
        probe_bwrap().map_err(|message| SpawnError::BwrapFailed { message })
    }
}

/// Whether bubblewrap works here (probed once).
fn bwrap_works() -> bool {
    static WORKS: OnceLock<bool> = OnceLock::new();
    *WORKS.get_or_init(|| probe_bwrap().is_ok())
}

fn probe_bwrap() -> Result<(), String> {
    let working_dir = std::env::current_dir().unwrap_or_else(|_| "/".into());
    let argv = Sandbox::Bwrap.wrap(vec!["true".into()], &working_dir);
    let probe = Command::new(&argv[0])
        .args(&argv[1..])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output();
    match probe {
        Err(error) => Err(error.to_string()),
        Ok(output) if !output.status.success() => {
            let message = String::from_utf8_lossy(&output.stderr).trim().to_owned();
            Err(if message.is_empty() {
                format!("bwrap {}", output.status)
            } else {
                crate::untrusted::clip_line(&message, 300)
            })
        }
        Ok(_) => Ok(()),
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
