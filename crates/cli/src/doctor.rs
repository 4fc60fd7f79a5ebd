//! `duel doctor`: builds and runs every language's self-test program the way the judge builds
//! and runs a submission, so that a missing or broken compiler shows before a contest, not as
//! a `compile_error` verdict on every test.

use crate::flags::CompileArg;
use anyhow::{Context, Result};
use clap::Args;
use duel_arena::compile::{build_player, CompileError, Language, Toolchain};
use duel_sandbox::{Halt, Launcher, Limits, Sandbox};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const AFTER_HELP: &str = "\
For each language (or those given with --language) duel writes its self-test program (a
hello-world), builds it with the judge's compile command in the judge's sandbox, runs it as a
player runs, and checks the line it prints. One line per language:
  LANGUAGE  ok       VERSION
  LANGUAGE  missing  COMPILER is not installed (Debian package PACKAGE: apt-get install PACKAGE)
  LANGUAGE  broken   the first error line

With --compile LANG=COMMAND (as the judges take it) that language is built with COMMAND, so
the commands a contest will use are checked before it.

Exit status: 0 every language checked works, 1 one of them is missing or broken, 2 bad usage
or the check itself could not run.

Examples:
  duel doctor                                 every language the judge knows
  duel doctor --language c --language pascal  only these (names or aliases: c++, py, golang...)
  duel doctor --language c --compile 'c=gcc -O2 -static -o {output} {source}'";

/// Check that every language's compiler is installed and works.
#[derive(Debug, Args)]
#[command(after_help = AFTER_HELP)]
pub struct DoctorArgs {
    /// Check only this language (repeatable): a name (`c`, `cpp`, `pascal`, `python`,
    /// `rust`, `go`) or an alias.
    #[arg(long = "language", value_name = "LANG")]
    pub languages: Vec<Language>,

    /// `--compile`.
    #[command(flatten)]
    pub compile: CompileArg,
}

/// The limits of a self-test's run: generous for a hello-world (a slow machine, a cold
/// interpreter), plus the language's own memory allowance where the limit is the address
/// space.
fn run_limits(language: Language) -> Limits {
    Limits::new(Duration::from_secs(5), 256).with_address_allowance(language.memory_allowance())
}

/// What one language's check found.
enum Health {
    /// It works; its compiler's version line.
    Ok(String),
    /// Its compiler is not installed: the message naming the package.
    Missing(String),
    /// It is installed but its self-test failed: why.
    Broken(String),
}

/// Runs `duel doctor`.
pub fn run(args: DoctorArgs) -> Result<ExitCode> {
    let languages = if args.languages.is_empty() {
        Language::ALL.to_vec()
    } else {
        args.languages
    };
    let toolchain = Toolchain::new().with_commands(args.compile.commands()?);
    let dir = ScratchDir::create()?;
    let mut all_work = true;
    for language in languages {
        let (word, text) = match check(language, &toolchain, &dir.0)? {
            Health::Ok(version) => ("ok", version),
            Health::Missing(why) => ("missing", why),
            Health::Broken(why) => ("broken", why),
        };
        all_work &= word == "ok";
        println!("{:<8}  {word:<7}  {text}", language.name());
    }
    Ok(if all_work {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A new directory of the system's temporary directory, for the self-tests' sources; removed
/// when dropped.
struct ScratchDir(PathBuf);

impl ScratchDir {
    fn create() -> Result<ScratchDir> {
        let base = std::env::temp_dir();
        for attempt in 0u32.. {
            let path = base.join(format!("duel-doctor-{}-{attempt}", std::process::id()));
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(ScratchDir(path)),
                Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(error) => {
                    return Err(error).with_context(|| format!("cannot create {}", path.display()))
                }
            }
        }
        unreachable!("some attempt's name is free")
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Builds `language`'s self-test in `dir` with `toolchain` and runs it.
fn check(language: Language, toolchain: &Toolchain, dir: &std::path::Path) -> Result<Health> {
    let test = &language.definition().self_test;
    let source = dir.join(test.file);
    std::fs::write(&source, test.source)
        .with_context(|| format!("cannot write {}", source.display()))?;
    let build = match build_player(&source, toolchain) {
        Ok(build) => build,
        Err(error @ CompileError::CompilerMissing { .. }) => {
            return Ok(Health::Missing(error.to_string()))
        }
        Err(error) => return Ok(Health::Broken(error.to_string())),
    };
    let Some(program) = build.program() else {
        let line = build.error_line().unwrap_or_default();
        return Ok(Health::Broken(line));
    };
    let launcher =
        Launcher::new(program, run_limits(language)).with_sandbox(Sandbox::default().resolve());
    let mut process = match launcher.spawn() {
        Ok(process) => process,
        Err(error) => return Ok(Health::Broken(format!("cannot run it: {error}"))),
    };
    let first = process.read_line();
    let ended = process.finish().result;
    let expected = test.prints;
    let why = match (first, ended) {
        (Ok(line), Ok(())) if line == expected => return Ok(Health::Ok(version(language))),
        (Ok(line), _) if line != expected => format!("its self-test printed {line:?}"),
        (Err(Halt::Fault(fault)), _) | (_, Err(Halt::Fault(fault))) => {
            format!("its self-test {}", fault.reason)
        }
        _ => "its self-test was interrupted".to_owned(),
    };
    Ok(Health::Broken(why))
}

/// The first line the compiler prints when asked its version (rustc's `rustc 1.88.0 ...`,
/// fpc's `3.2.2`).
fn version(language: Language) -> String {
    let output = std::process::Command::new(language.compiler())
        .args(language.version_args())
        .output();
    let text = match &output {
        Ok(output) => String::from_utf8_lossy(&output.stdout).into_owned(),
        Err(_) => String::new(),
    };
    let line = text.lines().find(|line| !line.trim().is_empty());
    format!(
        "{}: {}",
        language.compiler(),
        line.map_or("(no version)", str::trim)
    )
}
