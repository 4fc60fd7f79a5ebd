//! Running one compile command like a submission: limits, bounded output, optional sandbox.

use super::{CompileError, Toolchain, MAX_LINE_CHARS, MAX_OUTPUT_LINES};
use crate::runner::{Halt, Launcher, ProgramCommand, Sandbox};
use crate::Verdict;
use std::ffi::OsString;
use std::path::Path;

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
) -> Result<Outcome, CompileError> {
    let script = format!("exec 2>&1 </dev/null\n{command}");
    let argv: Vec<OsString> = vec!["sh".into(), "-c".into(), script.into()];
    let argv = confine(toolchain.sandbox, argv, dir);
    let mut launcher =
        Launcher::new(ProgramCommand::Argv(argv), toolchain.limits).with_working_dir(dir);
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
            Ok(line) => output.push(clip(&line, dir)),
            Err(Halt::Cancelled) => return Err(CompileError::Cancelled),
            Err(Halt::Fault(fault)) if fault.verdict == Verdict::ProtocolError => {
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
        Some(fault) if fault.verdict == Verdict::EarlyExit => None,
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
            let limit = matches!(fault.verdict, Verdict::TimeLimit | Verdict::MemoryLimit);
            if limit || output.is_empty() {
                output.push(format!("the compiler {}", fault.reason));
            }
            Outcome::Failed { output }
        }
    })
}

/// Under bubblewrap the compiler sees what a submission sees, but its build directory is
/// writable (a submission's own directory is read-only).
fn confine(sandbox: Sandbox, argv: Vec<OsString>, dir: &Path) -> Vec<OsString> {
    if !sandbox.uses_bwrap() {
        return argv;
    }
    let mut wrapped: Vec<OsString> = vec!["bwrap".into()];
    wrapped.extend(Sandbox::BWRAP_OPTIONS.iter().map(OsString::from));
    wrapped.extend(["--bind".into(), dir.into(), dir.into()]);
    wrapped.extend(["--chdir".into(), dir.into(), "--".into()]);
    wrapped.extend(argv);
    wrapped
}

/// One line of compiler output: build-directory paths made relative, control characters
/// removed, at most [`MAX_LINE_CHARS`] characters.
fn clip(line: &str, dir: &Path) -> String {
    let prefix = format!("{}/", dir.display());
    let line = line.replace(&prefix, "");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_clipped_and_relative() {
        let dir = Path::new("/tmp/duel-build-x");
        assert_eq!(
            clip("/tmp/duel-build-x/player.c:3:1: error: x\r", dir),
            "player.c:3:1: error: x"
        );
        let long = clip(&"y".repeat(1000), dir);
        assert_eq!(long.chars().count(), MAX_LINE_CHARS + 1);
    }

    #[test]
    fn the_sandbox_makes_only_the_build_directory_writable() {
        let argv = confine(Sandbox::Bwrap, vec!["sh".into()], Path::new("/tmp/b"));
        let binds: Vec<_> = argv
            .windows(3)
            .filter(|w| w[0] == "--bind")
            .map(|w| w[1].clone())
            .collect();
        assert_eq!(binds, [OsString::from("/tmp/b")]);
        assert_eq!(
            confine(Sandbox::None, vec!["sh".into()], Path::new("/")).len(),
            1
        );
    }
}
