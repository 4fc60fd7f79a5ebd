//! The environment every program the runner starts gets: a fixed one, nothing inherited from
//! the judge's shell, so that no secret of the judge reaches a submission and no verdict
//! depends on how the judge was started (`PYTHONUNBUFFERED=1` would make a Python program
//! that never flushes win).

use std::ffi::{OsStr, OsString};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The system's directories of programs, searched first, in this order.
pub const SYSTEM_PATH: &[&str] = &[
    "/usr/local/sbin",
    "/usr/local/bin",
    "/usr/sbin",
    "/usr/bin",
    "/sbin",
    "/bin",
];

/// The home and temporary directory of every program: `/tmp`, which bubblewrap makes private
/// to the run (and, without bubblewrap, a judge running as root too; see
/// [`Sandbox::None`](super::Sandbox::None)).
pub const PROGRAM_HOME: &str = "/tmp";

/// The locale of every program: UTF-8, built into the C library.
pub const PROGRAM_LOCALE: &str = "C.UTF-8";

/// The environment of a run whose command runs `programs` found in `$PATH` (see
/// [`find_program`]), with `extra` variables (what a language needs, such as rustup's home):
///
/// - `PATH`: [`SYSTEM_PATH`], then the directories of the named programs that lie outside it
///   (a compiler installed by rustup in `~/.cargo/bin`);
/// - `HOME` and `TMPDIR`: [`PROGRAM_HOME`];
/// - `LANG` and `LC_ALL`: [`PROGRAM_LOCALE`];
/// - and, from the launcher, `PWD` (the working directory, which bubblewrap sets anyway).
pub(crate) fn environment(
    programs: &[PathBuf],
    extra: &[(OsString, OsString)],
) -> Vec<(OsString, OsString)> {
    let mut dirs: Vec<PathBuf> = SYSTEM_PATH.iter().map(PathBuf::from).collect();
    for program in programs {
        if let Some(dir) = program.parent() {
            if !dirs.iter().any(|known| known == dir) {
                dirs.push(dir.to_path_buf());
            }
        }
    }
    let path = std::env::join_paths(&dirs).unwrap_or_else(|_| SYSTEM_PATH.join(":").into());
    let mut env: Vec<(OsString, OsString)> = vec![
        ("PATH".into(), path),
        ("HOME".into(), PROGRAM_HOME.into()),
        ("TMPDIR".into(), PROGRAM_HOME.into()),
        ("LANG".into(), PROGRAM_LOCALE.into()),
        ("LC_ALL".into(), PROGRAM_LOCALE.into()),
    ];
    for (name, value) in extra {
        env.retain(|(known, _)| known != name);
        env.push((name.clone(), value.clone()));
    }
    env
}

/// The environment as `NAME=value` lines, for reports.
pub(crate) fn describe(env: &[(OsString, OsString)]) -> Vec<String> {
    env.iter()
        .map(|(name, value)| format!("{}={}", name.to_string_lossy(), value.to_string_lossy()))
        .collect()
}

/// The executable file a program's name stands for in a run: searched in [`SYSTEM_PATH`]
/// first, then in the judge's own `$PATH` (whose directory then joins the run's `PATH`), so
/// that the judge and the run agree on which program a word names.
pub(crate) fn find_program(program: &OsStr) -> Option<PathBuf> {
    let judge_path = std::env::var_os("PATH").unwrap_or_default();
    SYSTEM_PATH
        .iter()
        .map(PathBuf::from)
        .chain(std::env::split_paths(&judge_path))
        .map(|dir| dir.join(program))
        .find(|candidate| is_executable(candidate))
}

/// Whether `path` is an executable regular file (following links).
fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path)
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_is_fixed_and_extends_path_with_named_programs_only() {
        let env = environment(
            &["/opt/tool/bin/tool".into(), "/usr/bin/gcc".into()],
            &[
                ("RUSTUP_HOME".into(), "/r".into()),
                ("HOME".into(), "/h".into()),
            ],
        );
        let lines = describe(&env);
        assert_eq!(
            lines,
            [
                "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/opt/tool/bin",
                "TMPDIR=/tmp",
                "LANG=C.UTF-8",
                "LC_ALL=C.UTF-8",
                "RUSTUP_HOME=/r",
                "HOME=/h",
            ]
        );
    }

    #[test]
    fn system_programs_come_first() {
        let sh = find_program("sh".as_ref()).expect("sh is installed");
        assert!(
            SYSTEM_PATH
                .iter()
                .any(|dir| sh.parent() == Some(Path::new(dir))),
            "{sh:?}"
        );
        assert_eq!(find_program("surely-no-such-program-here".as_ref()), None);
    }
}
