//! Where a program runs, and as whom: the [`Sandbox`] a launcher is given, what
//! [`Sandbox::Auto`] stands for on this machine, and the command line that runs a program in
//! it.

use super::command::find_in_path;
use super::confinement::{bwrap_argv, View};
use super::error::SpawnError;
use super::isolation::{bwrap_probe, bwrap_works, Isolation};
use std::ffi::OsString;
use std::path::Path;

/// Where the program runs, and as whom. Whatever the sandbox, a per-run cgroup accounts and
/// limits the program when the machine allows it (see [`Isolation`](super::Isolation)).
///
/// The default is [`Sandbox::Auto`], what the command line's `--sandbox auto` asks for: a
/// launcher, a toolchain or a judge built from defaults isolates its programs as strongly as
/// the machine allows. Running without isolation is the named choice [`Sandbox::Trusted`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Sandbox {
    /// Unconfined: directly, as the judge's user, with neither a user of its own, nor the
    /// system-call filter, nor private directories, nor bubblewrap (limits, a cgroup, process
    /// clean-up, a fresh session keyring and the fixed environment still apply). Only for
    /// programs the judge itself starts and trusts (its own tools, a toolchain of the
    /// caller's); never for a submission or its compiler. No command-line flag selects it.
    Trusted,
    /// What `--sandbox none` asks for: no bubblewrap, so the program runs directly and sees
    /// the judge's file system, but everything else a submission gets: a user of its own
    /// when the judge runs as root (if the program's files are reachable by other users; if
    /// they are not, as the judge's user), the system-call filter when the kernel takes it,
    /// and private `/tmp`, `/var/tmp`, `/dev/shm` and `/run/lock` (see
    /// [`PRIVATE_DIRS`](super::PRIVATE_DIRS)) when the kernel makes mount namespaces for it.
    None,
    /// Under bubblewrap: its own PID namespace (so nothing it starts survives it), no
    /// capabilities, killed when the judge dies, no network (the system-call filter refuses
    /// sockets; without the filter, a network namespace of its own); as a user of its own when
    /// the judge runs as root, as for [`Sandbox::None`].
    ///
    /// The program sees a file system made for it, read-only but for `/tmp`:
    ///
    /// - the system: `/usr` and `/bin`, `/sbin`, `/lib`, `/lib64` (links into `/usr` where the
    ///   system has merged them), and of `/etc` only what programs need to start
    ///   (`ld.so.cache`, `ld.so.conf*`, `alternatives`, `passwd`, `group`, `nsswitch.conf`,
    ///   `localtime`); fresh `/dev` and `/proc`; a private `/tmp` (64 MB, world writable,
    ///   empty);
    /// - every existing file or directory a word of the command names (relative words from
    ///   the working directory; shell command lines are split on whitespace), at its own
    ///   path: `./a.out`, `p.py` in `python3 p.py`, the module and the host of `--module`;
    ///   the interpreter a named script's `#!` line names;
    /// - for a program the command names that `$PATH` finds outside the system (`python3` of
    ///   pyenv, `rustc` of rustup), the installation it lives in: the directory above its
    ///   `$PATH` entry (`~/.pyenv`, `~/.cargo`), or the entry alone when that is the home
    ///   directory or `/`;
    /// - the working directory, which exists but shows only what is bound into it: a script
    ///   sees itself, not its neighbours (a program that needs a data file or a directory of
    ///   modules must name it on its command line).
    ///
    /// Nothing else exists there: not `/root`, `/home` or the judge's directories, not the
    /// test files, the report or the logs, not the other submissions. The directories on the
    /// way to a bound path are made for the sandbox, open to all, so a user of its own
    /// reaches a bound file whatever the real directories' permissions; the file itself must
    /// be readable (or, for a program, executable) by others.
    Bwrap,
    /// The strongest this machine allows: [`Sandbox::Bwrap`] when bubblewrap is installed and
    /// works, else [`Sandbox::None`]. The default.
    #[default]
    Auto,
}

impl Sandbox {
    /// What [`Sandbox::Auto`] stands for on this machine (other sandboxes are themselves).
    pub fn resolve(self) -> Sandbox {
        match self {
            Sandbox::Auto if Isolation::detect().bwrap && bwrap_works() => Sandbox::Bwrap,
            Sandbox::Auto => Sandbox::None,
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
    /// use duel_sandbox::Sandbox;
    /// let argv = Sandbox::Bwrap.wrap(vec!["./a.out".into()], std::path::Path::new("/w"));
    /// assert!(std::path::Path::new(&argv[0]).ends_with("bwrap"));
    /// assert_eq!(argv[argv.len() - 2..], ["--".into(), "./a.out".into()] as [std::ffi::OsString; 2]);
    /// ```
    pub fn wrap(self, argv: Vec<OsString>, working_dir: &Path) -> Vec<OsString> {
        if self.resolve() != Sandbox::Bwrap {
            return argv;
        }
        let view = View::of(&argv, working_dir, &[], &[]);
        bwrap_argv(argv, working_dir, &view, None, None)
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
        bwrap_probe()
            .clone()
            .map_err(|unusable| SpawnError::BwrapFailed {
                message: unusable.message,
            })
    }
}
