//! `duel export`: writes packages of both tasks for contest systems (see the `duel-export`
//! crate).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use duel_export::statement::Locale;
use duel_export::{Format, Task};

const AFTER_HELP: &str = "\
Formats (the export guide says what each system supports and how it is checked):
  kattis   Kattis (legacy). Ioiwari scoring: win 100, draw 50, loss 0 a test.
           MIS: drivers in include/c, include/cpp and include/pascal.
  icpc     ICPC 2025-09, pass-fail. MIS: the module submitted with the attached
           files (C: mis.h, driver.c; C++: mis.h, driver.cpp; Pascal: main.pas).
  domjudge DIR/<task>.zip, pass-fail; problem.pdf typeset by LuaLaTeX in the
           --language given (en by default).
  dmoj     DMOJ. Ioiwari: 2 points a test, a draw 1. MIS: C and C++.
  cms      CMS (italy_yaml). Ioiwari scoring: win 1.0, draw 0.5 a test. MIS:
           stubs stub.c, stub.cpp, stub.pas; contestants submit mis.%l.
           Needs g++, LuaLaTeX. Import: cmsImportTask -L italy_yaml DIR/ioiwari
  polygon  Codeforces Polygon, pass-fail. MIS: one file with the driver, C, C++.

Limits: 1 s of CPU time and 32 MB a test (Kattis sets its own time; DMOJ's
README says what to set). Ioiwari's Pascal players must call Flush(Output).

It never writes through a symbolic link inside DIR, and checks every place
first: a link, a file where a directory goes or an unwritable DIR is refused.

Examples:
  duel export kattis out                    out/ioiwari and out/mis
  duel export domjudge zips --language pl   zips/*.zip, the statement in Polish
  duel export polygon gym --task mis --zip  gym/mis.zip

Exit status: 0 when written; 2 on bad usage, a link in the way, or an error.";

/// Arguments of `duel export`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct ExportArgs {
    /// kattis, icpc, domjudge, dmoj, cms or polygon.
    #[arg(value_parser = parse_format)]
    pub format: Format,
    /// The directory to write into: each task goes to DIR/TASK.
    pub dir: PathBuf,
    /// Only this task (ioiwari or mis); both by default.
    #[arg(long)]
    pub task: Option<Task>,
    /// domjudge: the language of problem.pdf: en, vi or pl.
    #[arg(long, value_parser = parse_language)]
    pub language: Option<Locale>,
    /// polygon: copy the testlib.h at PATH into files/.
    #[arg(long, value_name = "PATH")]
    pub testlib: Option<PathBuf>,
    /// polygon: write DIR/TASK.zip, not DIR/TASK.
    #[arg(long)]
    pub zip: bool,
}

fn parse_format(text: &str) -> Result<Format, String> {
    Format::ALL
        .into_iter()
        .find(|format| format.name() == text)
        .ok_or_else(|| {
            let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
            format!("unknown format {text:?}: expected {}", names.join(", "))
        })
}

fn parse_language(text: &str) -> Result<Locale, String> {
    Locale::from_code(text)
        .ok_or_else(|| format!("unknown language {text:?}: expected en, vi or pl"))
}

/// What one task's export writes: a package directory, DOMjudge's zip, or a package as a
/// zip.
enum Target {
    Directory(duel_export::Package),
    Zip(String),
    PackageZip(String, duel_export::Package),
}

/// The bytes of the `testlib.h` that `--testlib` names: a regular file (links followed, as
/// named), read whole.
fn read_testlib(path: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    let meta = std::fs::metadata(path).with_context(|| format!("--testlib {}", path.display()))?;
    if !meta.is_file() {
        anyhow::bail!("--testlib {}: not a regular file", path.display());
    }
    std::fs::read(path).with_context(|| format!("--testlib {}", path.display()))
}

/// Writes the packages and names each one on standard output. Every target is checked
/// before the first is written, so a refusal leaves nothing half-written.
pub fn run(args: ExportArgs) -> anyhow::Result<ExitCode> {
    if args.language.is_some() && args.format != Format::Domjudge {
        anyhow::bail!(
            "--language chooses the language of DOMjudge's problem.pdf: it applies to domjudge \
             only ({} packages hold the statements in every language)",
            args.format
        );
    }
    for (given, option) in [(args.testlib.is_some(), "--testlib"), (args.zip, "--zip")] {
        if given && args.format != Format::Polygon {
            anyhow::bail!("{option} applies to polygon only");
        }
    }
    let testlib = args.testlib.as_deref().map(read_testlib).transpose()?;
    let language = args.language.unwrap_or(Locale::English);
    let tasks = match args.task {
        Some(task) => vec![task],
        None => Task::ALL.to_vec(),
    };
    let mut targets = Vec::new();
    for &task in &tasks {
        let context = || format!("cannot export {task} for {}", args.format);
        let target = if args.format == Format::Domjudge {
            let name = format!("{task}.zip");
            duel_export::check_file_into(&args.dir, &name).with_context(context)?;
            Target::Zip(name)
        } else if args.format == Format::Polygon {
            let package = duel_export::polygon::package_with_testlib(task, testlib.clone());
            if args.zip {
                let name = format!("{task}.zip");
                duel_export::check_file_into(&args.dir, &name).with_context(context)?;
                Target::PackageZip(name, package)
            } else {
                package.check_into(&args.dir).with_context(context)?;
                Target::Directory(package)
            }
        } else {
            let package = duel_export::package(args.format, task);
            package.check_into(&args.dir).with_context(context)?;
            Target::Directory(package)
        };
        targets.push((task, target));
    }
    for (task, target) in targets {
        let context = || format!("cannot export {task} for {}", args.format);
        match target {
            Target::Zip(name) => {
                let zip = duel_export::domjudge::zip(task, language).with_context(context)?;
                let path =
                    duel_export::write_file_into(&args.dir, &name, &zip).with_context(context)?;
                println!(
                    "{}: domjudge problem zip of {task} (statement in {})",
                    path.display(),
                    language.code()
                );
            }
            Target::PackageZip(name, package) => {
                let zip = package.zip();
                let path =
                    duel_export::write_file_into(&args.dir, &name, &zip).with_context(context)?;
                println!(
                    "{}: {} package of {task} as a zip, {} files",
                    path.display(),
                    args.format,
                    package.files.len()
                );
            }
            Target::Directory(package) => {
                let root = package.write_into(&args.dir).with_context(context)?;
                if args.format == Format::Cms {
                    duel_export::build_cms_manager(&root)
                        .and_then(|_| duel_export::build_cms_statements(&package, &root))
                        .with_context(context)?;
                }
                println!(
                    "{}: {} package of {task}, {} files",
                    root.display(),
                    args.format,
                    package.files.len()
                );
            }
        }
    }
    if tasks.contains(&Task::Ioiwari) {
        for how in duel_export::attachments::Tools::beside_this_program().missing() {
            eprintln!("duel: warning: {how}; the ioiwari packages are written without it");
        }
    }
    Ok(ExitCode::SUCCESS)
}
