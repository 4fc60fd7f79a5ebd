//! Helpers the workspace's integration tests share, kept in one place instead of copied into
//! each test file:
//!
//! - [`sticks`]: Pooh-Eeyore-sticks solved by brute force straight from the rules, the
//!   independent evidence the solvers, judges and servers are checked against;
//! - [`bin!`], [`duel!`] and [`work_dir!`]: the programs under test and a scratch directory
//!   their runs can see;
//! - [`build`]: the C programs and modules the tests play with, built by gcc;
//! - [`load`]: a busy machine, for races an idle one hides;
//! - [`process`]: a run with given input, a child killed when the test ends, whether a
//!   process still runs, which children are zombies, who the test runs as;
//! - [`properties`]: the settings every property test shares;
//! - [`skip`]: what a test does when it cannot do its work here (fails in the complete run,
//!   says so visibly otherwise).
//!
//! Nothing here calls the crates under test: a helper that shared their code could not catch
//! their mistakes.

pub mod build;
pub mod load;
pub mod process;
pub mod properties;
pub mod skip;
pub mod sticks;

/// A [`std::process::Command`] for the binary `name` of the crate whose integration test
/// expands it (Cargo tells only that crate's tests where its binaries are, through
/// `CARGO_BIN_EXE_<name>`, at compile time).
///
/// ```ignore
/// let output = duel_test_support::bin!("graj").arg("--help").output().unwrap();
/// ```
#[macro_export]
macro_rules! bin {
    ($name:literal) => {
        ::std::process::Command::new(env!(concat!("CARGO_BIN_EXE_", $name)))
    };
}

/// A [`std::process::Command`] for the `duel` binary under test (see [`bin!`]); wrap it in
/// `assert_cmd::Command::from_std` where a test wants `assert_cmd`'s helpers.
#[macro_export]
macro_rules! duel {
    () => {
        $crate::bin!("duel")
    };
}

/// A fresh scratch directory in Cargo's space for the expanding crate's tests
/// (`CARGO_TARGET_TMPDIR`), removed when dropped. Not under /tmp: the bubblewrap sandbox gives
/// programs a private, empty /tmp, so what a test builds there would be invisible to them.
#[macro_export]
macro_rules! work_dir {
    () => {
        $crate::work_dir_in(env!("CARGO_TARGET_TMPDIR"))
    };
}

/// `path` as one word of a shell command line, single-quoted: for a path inside a command such
/// as `--player "python3 PATH"`, which duel runs with `sh -c`, in a checkout whose path may hold
/// spaces.
pub fn shell_word(path: impl AsRef<std::path::Path>) -> String {
    let text = path.as_ref().to_string_lossy();
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The command that runs the shell script at `path`, its path one [`shell_word`]: `sh 'PATH'`.
pub fn sh_script(path: impl AsRef<std::path::Path>) -> String {
    format!("sh {}", shell_word(path))
}

/// The directories every judged run gets a private, empty copy of, with or without bubblewrap:
/// a file below one of them that the program's command does not name is not there for it.
pub const PRIVATE_TO_EACH_RUN: [&str; 3] = ["/tmp", "/var/tmp", "/dev/shm"];

/// Whether `path` (as written, or once its links are resolved) lies below one of
/// [`PRIVATE_TO_EACH_RUN`].
pub fn private_to_each_run(path: impl AsRef<std::path::Path>) -> bool {
    let path = path.as_ref();
    let resolved = std::fs::canonicalize(path).ok();
    let below =
        |path: &std::path::Path| PRIVATE_TO_EACH_RUN.iter().any(|dir| path.starts_with(dir));
    below(path) || resolved.as_deref().is_some_and(below)
}

/// Whether the programs a judged run starts by a path their command does not name can reach
/// `path`, which a test put there: not when it lies where each run has its own directory (as
/// Cargo's scratch space does in a checkout under /tmp built without `.ci/env`), and the test
/// is then skipped as [`skip`] says, in one line naming the way out.
#[track_caller]
pub fn reachable_by_runs(path: impl AsRef<std::path::Path>) -> bool {
    skip::unless(
        !private_to_each_run(path),
        "the tests' scratch files lie below /tmp, /var/tmp or /dev/shm, which each judged run \
         sees as its own, empty directory",
        "build the tests with CARGO_TARGET_DIR outside those, as .ci/env does for a checkout \
         there",
    )
}

/// A fresh scratch directory below `base`, removed when dropped ([`work_dir!`] names the
/// tests' own `base`).
pub fn work_dir_in(base: impl AsRef<std::path::Path>) -> tempfile::TempDir {
    tempfile::tempdir_in(base).expect("a scratch directory")
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_paths_below_the_runs_private_directories_are_private() {
        for path in ["/tmp/x", "/var/tmp", "/dev/shm/a/b"] {
            assert!(super::private_to_each_run(path), "{path}");
        }
        for path in ["/tmpx/y", "/var/cache/tmp", "/home/a b/tmp", "relative/tmp"] {
            assert!(!super::private_to_each_run(path), "{path}");
        }
    }

    #[test]
    fn a_shell_word_is_one_word_whatever_it_holds() {
        for path in ["/a b/é", "it's", "$HOME `x` \"q\""] {
            let output = std::process::Command::new("sh")
                .args(["-c", &format!("printf %s {}", super::shell_word(path))])
                .output()
                .unwrap();
            assert_eq!(String::from_utf8(output.stdout).unwrap(), path);
        }
    }
}
