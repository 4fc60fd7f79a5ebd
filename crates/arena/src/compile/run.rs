//! Running one compile command like a submission: limits, bounded output, optional sandbox.

use super::{CompileError, Language, Toolchain, MAX_LINE_CHARS, MAX_OUTPUT_LINES};
use duel_sandbox::{FaultKind, Halt, Launcher, ProgramCommand, Sandbox};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// How a compilation ended.
pub(super) enum Outcome {
    /// Status 0 within the limits.
    Succeeded { output: Vec<String> },
    /// Anything else; the output ends with a line saying why when it was a limit or a crash.
    Failed { output: Vec<String> },
}

/// Runs `command` (already expanded) with `sh -c` in `dir`, its standard error merged into its
/// standard output, of which the first [`MAX_OUTPUT_LINES`] lines are kept.
pub(super) fn compile(
    toolchain: &Toolchain,
    dir: &Path,
    command: &str,
    renames: &[(String, String)],
) -> Result<Outcome, CompileError> {
    let script = format!("exec 2>&1 </dev/null\n{command}");
    let argv: Vec<OsString> = vec!["sh".into(), "-c".into(), script.into()];
    let mut launcher = confine(
        toolchain.sandbox,
        Launcher::new(ProgramCommand::Argv(argv), toolchain.limits),
        dir,
        command,
    );
    if let Some(cancel) = &toolchain.cancel {
        launcher = launcher.with_cancel_flag(cancel.clone());
    }
    let mut process = launcher.spawn().map_err(|error| CompileError::Io {
        what: "cannot start the compiler".into(),
        message: error.to_string(),
    })?;
    let mut output = Vec::new();
    let mut ended = None;
    while output.len() < MAX_OUTPUT_LINES {
        match process.read_line() {
            Ok(line) => output.push(clip(&line, dir, renames)),
            Err(Halt::Cancelled) => return Err(CompileError::Cancelled),
            Err(Halt::Fault(fault)) if fault.kind == FaultKind::LineTooLong => {
                output.push("(a line too long to show)".into());
                break;
            }
            Err(Halt::Fault(fault)) => {
                ended = Some(fault);
                break;
            }
        }
    }
    let fault = match ended {
        // The output ended: the process has ended too. Status 0 reads as an early exit.
        Some(fault) if fault.kind == FaultKind::EndedEarly => None,
        Some(fault) => Some(fault),
        None => match process.finish().result {
            Ok(()) => None,
            Err(Halt::Cancelled) => return Err(CompileError::Cancelled),
            Err(Halt::Fault(fault)) => Some(fault),
        },
    };
    Ok(match fault {
        None => Outcome::Succeeded { output },
        Some(fault) => {
            let limit = matches!(
                fault.kind,
                FaultKind::CpuTime | FaultKind::WallTime | FaultKind::Memory
            );
            if limit || output.is_empty() {
                output.push(format!("the compiler {}", fault.reason));
            }
            Outcome::Failed { output }
        }
    })
}

/// The compiler runs in the build directory like a submission, in the submissions' sandbox
/// (resolved: bubblewrap when it works, else [`Sandbox::None`]): as a user of its own when the
/// judge is root, with the fixed environment of every run (plus what its toolchain needs, as
/// its language defines: rustup's home, the go command's homes), its build directory lent to it (see
/// [`Launcher::with_writable_dir`]). Under bubblewrap it sees what a submission sees, its
/// build directory writable and its toolchain visible (see [`toolchain_paths`]); so a source
/// can make it read nothing the box user may not read (`#include "/etc/shadow"`).
/// [`Sandbox::Trusted`] (a toolchain the caller trusts, not the judges') runs it as the judge's
/// user.
fn confine(sandbox: Sandbox, launcher: Launcher, dir: &Path, command: &str) -> Launcher {
    let mut launcher = launcher
        .with_working_dir(dir)
        .with_sandbox(sandbox.resolve())
        .with_writable_dir(dir.to_path_buf())
        .with_visible(toolchain_paths(command));
    for (name, value) in toolchain_env(command, dir) {
        launcher = launcher.with_env(name, value);
    }
    launcher
}

/// The variables a compile command needs beyond the fixed environment: those of every
/// language whose toolchain the command names (rustup's home for rustc and cargo; the go
/// command's homes in the build directory `dir`).
pub(super) fn toolchain_env(command: &str, dir: &Path) -> Vec<(String, OsString)> {
    Language::ALL
        .iter()
        .filter(|language| language.names_a_tool_in(command))
        .flat_map(|language| (language.judge().tools.env)(dir))
        .collect()
}

/// What a compile command needs beyond what its words name (their files and the installations
/// of the programs they run from `$PATH`): that of every language whose toolchain it names
/// (Free Pascal's configuration `/etc/fpc.cfg`, with the files of `/etc` it leads to; rustup's
/// home, `$RUSTUP_HOME` else `~/.rustup`, where the `rustc` of rustup finds its toolchains).
pub(super) fn toolchain_paths(command: &str) -> Vec<PathBuf> {
    Language::ALL
        .iter()
        .filter(|language| language.names_a_tool_in(command))
        .flat_map(|language| (language.judge().tools.paths)())
        .collect()
}

/// One line of compiler output: build-directory paths made relative, a copy's name replaced by
/// the contestant's file name (see [`rename`]), control characters removed, at most
/// [`MAX_LINE_CHARS`] characters.
fn clip(line: &str, dir: &Path, renames: &[(String, String)]) -> String {
    let prefix = format!("{}/", dir.display());
    let mut line = line.replace(&prefix, "");
    for (from, to) in renames {
        line = rename(&line, from, to);
    }
    let mut clipped: String = line
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MAX_LINE_CHARS)
        .collect();
    if line.chars().count() > MAX_LINE_CHARS {
        clipped.push('…');
    }
    clipped.trim_end().to_owned()
}

/// `line` with every whole file name `from` (not part of a longer name or of another
/// directory's path) replaced by `to`.
fn rename(line: &str, from: &str, to: &str) -> String {
    let name_char = |c: char| c.is_alphanumeric() || "._-/+".contains(c);
    let mut result = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find(from) {
        let before = rest[..at]
            .chars()
            .next_back()
            .or(result.chars().next_back());
        let tail = &rest[at + from.len()..];
        let mut following = tail.chars();
        let longer = match following.next() {
            Some('.') => following.next().is_some_and(|c| c.is_alphanumeric()),
            Some(c) => c.is_alphanumeric() || "_-/+".contains(c),
            None => false,
        };
        // `./player.go` (the go command's way) names the copy in the working directory.
        let written = format!("{}{}", result, &rest[..at]);
        let here = written
            .strip_suffix("./")
            .is_some_and(|earlier| !earlier.ends_with(name_char));
        let whole = (here || !before.is_some_and(name_char)) && !longer;
        result.push_str(&rest[..at]);
        result.push_str(if whole { to } else { from });
        rest = &rest[at + from.len()..];
    }
    result.push_str(rest);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_clipped_and_relative() {
        let dir = Path::new("/tmp/duel-build-x");
        assert_eq!(
            clip("/tmp/duel-build-x/player.c:3:1: error: x\r", dir, &[]),
            "player.c:3:1: error: x"
        );
        let long = clip(&"y".repeat(1000), dir, &[]);
        assert_eq!(long.chars().count(), MAX_LINE_CHARS + 1);
    }

    #[test]
    fn only_whole_file_names_are_renamed() {
        let renames = [("mis.pas".to_owned(), "bolek.pas".to_owned())];
        let dir = Path::new("/tmp/duel-build-x");
        assert_eq!(
            clip(
                "/tmp/duel-build-x/mis.pas(3,5) Error: x in mis.pas.",
                dir,
                &renames
            ),
            "bolek.pas(3,5) Error: x in bolek.pas."
        );
        for kept in [
            "/usr/lib/mis.pas(1,1)",
            "nomis.pas(1,1)",
            "mis.pas.bak",
            "mis.pass",
            "mis.pas_x",
        ] {
            assert_eq!(clip(kept, dir, &renames), kept);
        }
        assert_eq!(rename("'mis.pas'", "mis.pas", "a b.pas"), "'a b.pas'");
        assert_eq!(
            rename("./player.go:2:3: x", "player.go", "eve_test.go"),
            "./eve_test.go:2:3: x"
        );
        assert_eq!(rename("a./player.go", "player.go", "e.go"), "a./player.go");
        assert_eq!(rename("../player.go", "player.go", "e.go"), "../player.go");
    }

    #[test]
    fn toolchains_bring_their_configuration_and_homes() {
        let fpc = toolchain_paths("fpc -O2 -o{output} {source}");
        assert!(fpc.contains(&PathBuf::from("/etc/fpc.cfg")), "{fpc:?}");
        assert!(toolchain_paths("gcc -O2 -o x x.c").is_empty());
        if std::env::var_os("RUSTUP_HOME").is_none() {
            if let Some(home) = std::env::var_os("HOME") {
                assert_eq!(
                    toolchain_paths("rustc -O -o x x.rs"),
                    [Path::new(&home).join(".rustup")]
                );
            }
        }
    }
}
