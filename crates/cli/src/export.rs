//! `duel export`: writes packages of both tasks for contest systems (see the `duel-export`
//! crate).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use duel_export::{Format, Task};

const AFTER_HELP: &str = "\
Formats and what each system supports:
  kattis  Kattis problem format (legacy); DOMjudge imports it too (without include/ and
          without scoring). Ioiwari: scoring interactive problem (win 100, draw 50, loss 0,
          averaged). Pooh-Eeyore-sticks: drivers in include/c, include/cpp and
          include/pascal link the module (C, C++, Pascal); the output validator replays the
          streamed game. Verify: verifyproblem DIR/mis -p config data validators submissions
  dmoj    DMOJ problem directories. Ioiwari: interactive (testlib contract), 2 points a test,
          a draw 1. Pooh-Eeyore-sticks: signature grader with mis.h, C and C++ only (DMOJ has
          no Pascal signature grading). Both carry self-tests with duel's results.
          Verify: dmoj-cli -c judge.yml test ioiwari mis (judge.yml: problem_storage_globs
          naming DIR/*, plus the runtime paths dmoj-autoconf prints)
  cms     CMS tasks (italy_yaml format), Communication task type; any CMS language for
          Ioiwari (a whole program on standard input and output, user_io: std_io), C, C++ and
          Pascal for Pooh-Eeyore-sticks (stubs sol/stub.c, stub.cpp, stub.pas; contestants
          submit mis.%l). Scoring: Ioiwari win 1.0, draw 0.5, loss 0 a test; the managers'
          text is duel's verdict. Needs g++: the export builds check/manager (statically
          linked). Import: cmsImportTask -L italy_yaml DIR/ioiwari. duel's tests check the
          tasks with a harness speaking CMS's FIFO protocol (CMS itself is not run).

Examples:
  duel export kattis out                 both tasks: out/ioiwari and out/mis
  duel export kattis out --task mis      only Pooh-Eeyore-sticks
  duel export dmoj problems              problems/ioiwari and problems/mis for DMOJ
  duel export cms tasks --task ioiwari   tasks/ioiwari for cmsImportTask

Exit status: 0 when every package was written, 2 on bad usage, a write error or when g++
cannot build a CMS manager.";

/// Arguments of `duel export`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct ExportArgs {
    /// The package format: kattis, dmoj or cms.
    #[arg(value_parser = parse_format)]
    pub format: Format,
    /// The directory to write into: each task goes to DIR/<task>.
    pub dir: PathBuf,
    /// Only this task (ioiwari or mis); both by default.
    #[arg(long, value_parser = parse_task)]
    pub task: Option<Task>,
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

/// Writes the packages and names each one on standard output.
pub fn run(args: ExportArgs) -> anyhow::Result<ExitCode> {
    let tasks = match args.task {
        Some(task) => vec![task],
        None => Task::ALL.to_vec(),
    };
    for task in tasks {
        let package = duel_export::package(args.format, task);
        let root = package
            .write_into(&args.dir)
            .with_context(|| format!("cannot export {task} for {}", args.format))?;
        if args.format == Format::Cms {
            duel_export::build_cms_manager(&root)
                .with_context(|| format!("cannot export {task} for cms"))?;
        }
        println!(
            "{}: {} package of {task}, {} files",
            root.display(),
            args.format,
            package.files.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}
