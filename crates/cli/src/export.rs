//! `duel export`: writes packages of both tasks for contest systems (see the `duel-export`
//! crate).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use duel_export::statement::Locale;
use duel_export::{Format, Task};

const AFTER_HELP: &str = "\
Formats and what each system supports:
  kattis  Kattis problem format (legacy). Ioiwari: scoring interactive problem (win 100, draw
          50, loss 0, averaged). Pooh-Eeyore-sticks: drivers in include/c, include/cpp and
          include/pascal link the module (C, C++, Pascal); the output validator replays the
          streamed game. Statements in problem_statement/ (en, vi, pl) for problem2pdf and
          problem2html. Verify: verifyproblem DIR/ioiwari (statements included)
  dmoj    DMOJ problem directories. Ioiwari: interactive (testlib contract), 2 points a test,
          a draw 1. Pooh-Eeyore-sticks: signature grader with mis.h, C and C++ only (DMOJ has
          no Pascal signature grading). Both carry self-tests with duel's results, the
          statement as Markdown (statement.en.md, .vi.md, .pl.md) and a README naming the
          limits to set on the site. Verify: dmoj-cli -c judge.yml test ioiwari mis
          (judge.yml: problem_storage_globs naming DIR/*, plus the runtime paths
          dmoj-autoconf prints)
  cms     CMS tasks (italy_yaml format), Communication task type; any CMS language for
          Ioiwari (a whole program on standard input and output, user_io: std_io), C, C++ and
          Pascal for Pooh-Eeyore-sticks (stubs sol/stub.c, stub.cpp, stub.pas; contestants
          submit mis.%l). Scoring: Ioiwari win 1.0, draw 0.5, loss 0 a test; the managers'
          text is duel's verdict. Needs g++ (the export builds check/manager, statically
          linked) and LuaLaTeX (it typesets statement/statement.pdf, English, and
          statement-vi.pdf, statement-pl.pdf from the .tex beside them). Import:
          cmsImportTask -L italy_yaml DIR/ioiwari. duel's tests check the tasks with a
          harness speaking CMS's FIFO protocol (CMS itself is not run).

  icpc    ICPC problem package format, release 2025-09 (checked by BAPCtools: bt validate,
          bt run). Ioiwari: type interactive, pass-fail (a game is accepted only for a win).
          The format allows type [interactive, scoring], but no tool can check it: BAPCtools
          (2026.10.0) stops with 'problem.yaml: unrecognized value for `type`: scoring' and
          problemtools rejects release 2025-09; the Kattis package is the scoring form. The
          interactor in output_validator/, statements in statement/ (en, vi, pl), the sample
          as .interaction with its .in.download, attachments. BAPCtools limits a program's
          address space to the memory limit, where PyPy cannot start: the Python submissions
          sit in python_submissions/ (its README says why), and duel's tests run them with
          problemtools' verifyproblem on the same package as release 2023-07-draft
          (problem_format_version changed, those moved into submissions/). The interactor
          reads the program's output to its end: output after the game is a wrong answer, so
          bt run has nothing to warn about. Pooh-Eeyore-sticks: type
          pass-fail; the format has no include/ (BAPCtools ignores one), so contestants
          submit their module together with the attached files for their language, unchanged
          (C: mis.h, driver.c; C++: mis.h, driver.cpp; Pascal: main.pas beside mis.pas); the
          output validator replays the game and checks every move, Lolek's included, so a
          changed driver is a wrong answer. The statements name the files to submit.
  domjudge
          DIR/ioiwari.zip, a problem DOMjudge imports: Kattis-style, type pass-fail (a single
          value), interactive with the output-validator contract DOMjudge's judge hosts
          follow; a game is accepted only when the submission wins (DOMjudge does not score
          interactive problems). Holds problem.pdf, the one statement DOMjudge shows
          (--language en, vi or pl; English by default; typeset by LuaLaTeX), the LaTeX
          statements in en, vi, pl, attachments and submissions. Pooh-Eeyore-sticks
          (DIR/mis.zip): pass-fail, the same submitted-driver form as for icpc (DOMjudge has
          no include/ but compiles every file of a C or C++ submission, and for Pascal the
          file holding the program, main.pas); the statements name the files to submit.
  polygon Codeforces Polygon package (full: problem.xml, files/, tests/, statements/,
          solutions/), what Codeforces gyms, VNOJ (import_polygon_package.py), ejudge and
          DOMjudge (through p2d) import. Ioiwari: interactive, files/interactor.cpp a testlib
          interactor writing the outcome to tout, files/check.cpp reading it, a validator;
          pass-fail (a test passed only for a win: Polygon scores points only in contests
          that use them, DOMjudge none for interactive problems). Statements in
          statements/english, vietnamese, polish; solutions tagged by duel's verdicts.
          testlib.h is not written by duel: --testlib PATH copies one into files/ (without
          it, Polygon and the importing systems supply their own). --zip writes
          DIR/<task>.zip instead of the directory. Pooh-Eeyore-sticks: pass-fail, the
          submitted-driver form made one file (a Polygon solution is one source file, and
          the importing systems carry no grader): contestants paste their C or C++ module
          after the attached solution.c or solution.cpp (mis.h and the driver playing
          Lolek) and submit it; the interactor replays every move; no Pascal (a unit and
          its program cannot be one file). The README and statements say why.

Limits in every package: 1 s of CPU a test and 32 MB of memory (the task's own for
Pooh-Eeyore-sticks; duel's judge's for Ioiwari). DMOJ keeps limits on the site: the README
says what to set. Kattis sets its time limit from the accepted submissions.

Where the systems differ from duel's own judge:
  Pascal players (Ioiwari) must call Flush(Output) after Writeln: duel's judge adds a unit
  that flushes every write, no contest system can, so a program that only uses Writeln (as
  the 2001 statement allowed) wins in duel and exceeds the time limit in every package.
  Each package's statement tells contestants so, in every language.
  Pooh-Eeyore-sticks in the icpc and domjudge packages: contestants submit the judge's
  driver (and mis.h) with their module, where duel's judge, Kattis, DMOJ and CMS add it
  themselves; a submission without it, or with it changed, is rejected.

Ioiwari's tools: every Ioiwari package attaches, wherever its system takes attachments, the
task's tool for Linux (ioiwari2, the one beside duel) and for Windows (ioiwari2.exe, built into
a release's duel, else the one beside duel) beside testing_tool.py, and its statements name
them. When this duel lacks one, the packages are written without it, their statements and
READMEs name only the programs they attach, and duel export prints one warning line on stderr
saying how to get it (the exit status stays 0).

Reproducible: with SOURCE_DATE_EPOCH set, the typeset PDFs (CMS statements, DOMjudge's
problem.pdf and so its zip) are the same bytes wherever and whenever they are exported.

Writing: every package's place is checked before the first is written: a file (a FIFO
included) where a directory goes, a directory where a file goes, or a DIR that cannot be
written is refused (exit status 2) and nothing is written.
duel export never writes through a symbolic link inside DIR. A link where the
package's directory (DIR/<task>, or DIR/<task>.zip), one of its subdirectories or one of its files would go
is refused with an error naming it (exit status 2), before anything is written; every file
is written to a new file beside it and renamed into place, so nothing is ever written
through a link planted meanwhile either. DIR itself may be a link: it is followed, as named.
On Windows, links and junctions are refused the same way, each checked as its directory is
entered and held open so that it cannot be moved while duel writes into it (Windows has no
openat).

Examples:
  duel export kattis out                 both tasks: out/ioiwari and out/mis
  duel export kattis out --task mis      only Pooh-Eeyore-sticks
  duel export dmoj problems              problems/ioiwari and problems/mis for DMOJ
  duel export cms tasks --task ioiwari   tasks/ioiwari for cmsImportTask
  duel export domjudge zips              zips/ioiwari.zip and zips/mis.zip for DOMjudge
  duel export icpc contest               contest/ioiwari and contest/mis (ICPC 2025-09)
  duel export domjudge zips --language pl   the DOMjudge zips with the Polish statement
  duel export polygon gym --task ioiwari --zip   gym/ioiwari.zip for Polygon

Exit status: 0 when every package was written, 2 on bad usage (--language, --testlib or --zip
with a format they do not apply to; a --testlib that is missing or not a file), a write
error, a symbolic link in the way, or when g++ or LuaLaTeX cannot build a CMS manager or
statement.";

/// Arguments of `duel export`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct ExportArgs {
    /// The package format: kattis, icpc, domjudge, dmoj, cms or polygon.
    #[arg(value_parser = parse_format)]
    pub format: Format,
    /// The directory to write into: each task goes to DIR/<task>.
    pub dir: PathBuf,
    /// Only this task (ioiwari or mis); both by default.
    #[arg(long, value_parser = parse_task)]
    pub task: Option<Task>,
    /// domjudge only: the language of problem.pdf, the one statement DOMjudge shows (en, vi
    /// or pl; en by default).
    #[arg(long, value_parser = parse_language)]
    pub language: Option<Locale>,
    /// polygon only: copy the testlib.h at PATH into the package's files/ (duel does not
    /// write testlib; without it, Polygon and the importing systems supply their own).
    #[arg(long, value_name = "PATH")]
    pub testlib: Option<PathBuf>,
    /// polygon only: write DIR/<task>.zip instead of the directory DIR/<task>.
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

fn parse_task(text: &str) -> Result<Task, String> {
    text.parse::<Task>().map_err(|error| error.to_string())
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
