//! Judging one or many submissions (programs, sources, modules, directories of them) with the
//! arena's neutral judge: one submission keeps the per-test table, several give a ranking.

use super::output::{
    finished, fit, format_ms, interrupt_flag, open_output, refuse_clashes, show_build,
    terminal_width, with_last_column, write_output, Columns, LogDir, Named, Progress, LOG_MANIFEST,
};
use super::RunArgs;
use crate::flags::CompileArg;
use anyhow::{bail, Context};
use duel_arena::compile::{BuildRecord, Language, Target};
use duel_arena::judge::{judge_all, Entry, Game, Observer, OwnSubmission, Settings, Submission};
use duel_arena::output::{BatchReport, OutputFile};
use duel_arena::TestResult;
use duel_sandbox::untrusted::{escape, escape_path, inert_json};
use duel_sandbox::IsolationRecord;
use std::io::{self, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The flags of batch judging and of building sources.
#[derive(Debug, Clone, clap::Args)]
pub struct BatchArgs {
    /// Write the results as CSV here (rank, submission, score...).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,

    /// Write every test's result as CSV here (submission, test, verdict...).
    #[arg(long, value_name = "FILE")]
    pub csv_tests: Option<PathBuf>,

    /// `--compile`.
    #[command(flatten)]
    pub compile: CompileArg,
}

/// `text` with `{commands}` replaced by the compile command of every language that builds
/// `target`, a line each: its extensions, then the command as the help shows it
/// (`  .cpp .cc .cxx  g++ ...`).
pub fn with_compile_commands(text: &str, target: Target) -> String {
    let lines: Vec<String> = Language::ALL
        .iter()
        .filter_map(|language| {
            let shown = language.shown_command(target)?;
            let extensions: Vec<String> = language
                .extensions()
                .iter()
                .map(|extension| format!(".{extension}"))
                .collect();
            Some(format!("  {}  {shown}", extensions.join(" ")))
        })
        .collect();
    text.replace("{commands}", &lines.join("\n"))
}

/// What a file given on the command line (or found in a directory) is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Ioiwari: sources, executable files, other commands.
    Player,
    /// Pooh-Eeyore-sticks modules: C, C++ and Pascal sources, shared libraries.
    Module,
}

/// The entries named by `values` (`--player` or `--module`, in order): a directory stands for
/// every submission in it (sorted by name), a source file is built, anything else is a command
/// (players) or a library (modules).
pub fn entries<O: OwnSubmission>(values: &[String], kind: Kind) -> anyhow::Result<Vec<Entry<O>>> {
    let mut entries = Vec::new();
    for value in values {
        let path = Path::new(value);
        if path.is_dir() {
            let found = directory(path, kind)?;
            if found.is_empty() {
                bail!("no submissions in the directory {value} (sources, programs or .so modules)");
            }
            entries.extend(found);
            continue;
        }
        entries.push(single(value, kind));
    }
    Ok(entries)
}

fn single<O: OwnSubmission>(value: &str, kind: Kind) -> Entry<O> {
    let path = PathBuf::from(value);
    let is_source = path.is_file() && Language::from_path(&path).is_some();
    let command = || Submission::Command(duel_sandbox::ProgramCommand::shell(value));
    let submission = match (is_source, kind) {
        (true, _) => Submission::Source(path),
        (false, Kind::Player) => command(),
        (false, Kind::Module) => O::built_library(path).map_or_else(command, Submission::Own),
    };
    let name = match &submission {
        Submission::Own(own) => match own.path() {
            Some(path) => format!("module {}", path.display()),
            None => value.to_owned(),
        },
        _ => value.to_owned(),
    };
    Entry { name, submission }
}

fn directory<O: OwnSubmission>(dir: &Path, kind: Kind) -> anyhow::Result<Vec<Entry<O>>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the directory {}", escape_path(dir)))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .collect();
    files.sort();
    let mut entries = Vec::new();
    for path in files {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let language = Language::from_path(&path);
        // Followed, without opening it: a FIFO, a device, a directory, a dangling link or a
        // loop is no regular file.
        let meta = std::fs::metadata(&path).ok();
        let regular = meta.as_ref().is_some_and(std::fs::Metadata::is_file);
        let executable = meta.is_some_and(|meta| meta.permissions().mode() & 0o111 != 0);
        let submission = match (language, kind) {
            (Some(language), Kind::Module) if !language.builds_modules() => None,
            // Named like a source, whatever it is: reading it tells what is wrong, and the
            // submission gets compile_error with that reason.
            (Some(_), _) => Some(Submission::Source(path.clone())),
            (None, Kind::Player) if regular && executable => Some(Submission::Command(
                duel_sandbox::ProgramCommand::program(&path),
            )),
            (None, Kind::Module) if regular && name.ends_with(".so") => {
                O::built_library(path.clone()).map(Submission::Own)
            }
            _ => None,
        };
        match submission {
            Some(submission) => entries.push(Entry { name, submission }),
            None if name.starts_with('.') => {}
            None if !regular => eprintln!(
                "{}",
                fit(
                    &format!("duel: skipping {} (not a regular file)", escape_path(&path)),
                    terminal_width()
                )
            ),
            None => eprintln!(
                "{}",
                fit(
                    &format!("duel: skipping {} (not a submission)", escape_path(&path)),
                    terminal_width()
                )
            ),
        }
    }
    Ok(entries)
}

/// The files a run of `entries` reads: `tests_file` (a file of tests, when one was given) and
/// the submissions' sources, libraries and programs.
fn files_read<'a, O: OwnSubmission>(
    entries: &'a [Entry<O>],
    tests_file: Option<&'a Path>,
) -> Vec<Named<'a>> {
    let mut read: Vec<Named> = tests_file
        .map(|path| Named {
            what: "the test file",
            path,
        })
        .into_iter()
        .collect();
    for entry in entries {
        let path = match &entry.submission {
            Submission::Source(path) => path.as_path(),
            Submission::Own(own) => match own.path() {
                Some(path) => path,
                None => continue,
            },
            Submission::Command(duel_sandbox::ProgramCommand::Argv(argv)) if argv.len() == 1 => {
                Path::new(&argv[0])
            }
            _ => continue,
        };
        read.push(Named {
            what: "the submission",
            path,
        });
    }
    read
}

/// Refuses outputs that would replace one another or what the run reads (see
/// [`refuse_clashes`]).
fn check_outputs<O: OwnSubmission>(
    run: &RunArgs,
    batch: &BatchArgs,
    entries: &[Entry<O>],
    tests_file: Option<&Path>,
) -> anyhow::Result<()> {
    let outputs: Vec<Named> = [
        ("--report", &run.report),
        ("--csv", &batch.csv),
        ("--csv-tests", &batch.csv_tests),
    ]
    .into_iter()
    .filter_map(|(what, path)| path.as_deref().map(|path| Named { what, path }))
    .collect();
    refuse_clashes(
        &outputs,
        run.logs.as_deref(),
        &files_read(entries, tests_file),
    )
}

/// Judges `entries` on `tests` (read from `tests_file`, when a file was given) and prints the
/// results: with one entry the per-test table (or the JSON report) and its score, as always;
/// with several, the ranking.
#[allow(clippy::too_many_arguments)]
pub fn run<G: Game>(
    game: &G,
    entries: Vec<Entry<G::Own>>,
    tests: &[G::Test],
    tests_file: Option<&Path>,
    inputs: &[String],
    columns: Columns,
    run: &RunArgs,
    batch: &BatchArgs,
    mut settings: Settings,
) -> anyhow::Result<ExitCode> {
    check_outputs(run, batch, &entries, tests_file)?;
    settings.compile_commands = batch.compile.commands()?;
    settings.cancel = interrupt_flag();
    let csv = Csv {
        ranking: match &batch.csv {
            Some(path) => Some(open_output(path, "CSV")?),
            None => None,
        },
        tests: match &batch.csv_tests {
            Some(path) => Some(open_output(path, "per-test CSV")?),
            None => None,
        },
    };
    if entries.len() == 1 {
        return run_single(game, &entries, tests, inputs, columns, run, &csv, &settings);
    }
    let report = match &run.report {
        Some(path) => Some(open_output(path, "report")?),
        None => None,
    };
    let mut printer = RankingPrinter::new(&entries, inputs.len(), run.logs.as_deref())?;
    let reports = judge_all(game, &entries, tests, &settings, &mut printer)?;
    let batch_report = BatchReport::new(game.task(), tests.len(), reports);
    printer.progress.finish();
    if run.json {
        print_line(&inert_json(batch_report.to_json().trim_end()));
    } else {
        print_line(&ranking_table(&batch_report, terminal_width()));
    }
    if let Some(file) = &report {
        write_output(file, "report", batch_report.to_json().as_bytes())?;
    }
    csv.write(&batch_report)?;
    if let Some(error) = printer.log_error() {
        return Err(error);
    }
    Ok(finished(
        batch_report.interrupted,
        "the ranking counts the finished tests only",
    ))
}

#[allow(clippy::too_many_arguments)]
fn run_single<G: Game>(
    game: &G,
    entries: &[Entry<G::Own>],
    tests: &[G::Test],
    inputs: &[String],
    columns: Columns,
    run: &RunArgs,
    csv: &Csv,
    settings: &Settings,
) -> anyhow::Result<ExitCode> {
    let mut printer = run.printer(columns, inputs)?;
    let mut reports = judge_all(game, entries, tests, settings, &mut printer)?;
    let report = reports.remove(0);
    csv.write(&BatchReport::new(
        game.task(),
        tests.len(),
        vec![report.clone()],
    ))?;
    printer.finish(&report)
}

/// The CSV files asked for, opened at the start.
struct Csv {
    /// `--csv`: the ranking.
    ranking: Option<OutputFile>,
    /// `--csv-tests`: every test.
    tests: Option<OutputFile>,
}

impl Csv {
    /// Writes the ranking and the tests of `report` where asked.
    fn write(&self, report: &BatchReport) -> anyhow::Result<()> {
        if let Some(file) = &self.ranking {
            write_output(file, "CSV", report.to_csv().as_bytes())?;
        }
        if let Some(file) = &self.tests {
            write_output(file, "per-test CSV", report.to_tests_csv().as_bytes())?;
        }
        Ok(())
    }
}

/// Several submissions: progress on stderr, logs per submission, the ranking at the end.
struct RankingPrinter {
    progress: Progress,
    names: Vec<String>,
    logs: Vec<Option<LogDir>>,
    /// The isolation lines printed so far: a line is printed once, however many submissions
    /// run that way.
    isolations: Vec<String>,
}

impl RankingPrinter {
    fn new<O>(entries: &[Entry<O>], planned: usize, logs: Option<&Path>) -> anyhow::Result<Self> {
        let names: Vec<String> = entries.iter().map(|e| e.name.clone()).collect();
        let logs = match logs {
            Some(root) => LogDir::create_per_submission(root, &log_names(&names), planned)?
                .into_iter()
                .map(Some)
                .collect(),
            None => entries.iter().map(|_| None).collect(),
        };
        Ok(RankingPrinter {
            progress: Progress::new(entries.len() * planned),
            names,
            logs,
            isolations: Vec::new(),
        })
    }

    /// The first failure to write a log, if any.
    fn log_error(self) -> Option<anyhow::Error> {
        self.logs.into_iter().flatten().find_map(LogDir::into_error)
    }
}

impl Observer for RankingPrinter {
    fn built(&mut self, submission: usize, build: &BuildRecord) {
        if !build.succeeded {
            self.progress.suspend(|| show_build(build));
        }
        if let Some(Some(logs)) = self.logs.get_mut(submission) {
            logs.write_compile(build);
        }
    }

    fn progress(&mut self, done: usize, _planned: usize) {
        self.progress.set(done);
    }

    fn isolation(&mut self, submission: usize, record: &IsolationRecord) {
        if self.isolations.contains(&record.summary) {
            return;
        }
        // The first line stands for every submission; one isolated otherwise is named.
        let line = if self.isolations.is_empty() {
            format!("duel: {}", record.summary)
        } else {
            format!(
                "duel: {}: {}",
                escape(&self.names[submission]),
                record.summary
            )
        };
        self.isolations.push(record.summary.clone());
        let line = fit(&line, terminal_width());
        self.progress.suspend(|| eprintln!("{line}"));
    }

    fn result(&mut self, submission: usize, result: &TestResult, log: &str) {
        // Nothing was played when the source did not compile: no game log.
        let played = result.verdict != duel_arena::Verdict::CompileError;
        if let (Some(Some(logs)), true) = (self.logs.get_mut(submission), played) {
            logs.write(result.index, log);
        }
    }

    fn moves(&mut self, submission: usize, result: &TestResult, record: &[u8]) {
        if let Some(Some(logs)) = self.logs.get_mut(submission) {
            logs.write_moves(result.index, record);
        }
    }
}

/// One directory name per submission: its name with anything but letters, digits, `.`, `-`
/// and `_` replaced by `_`, made unique with `-2`, `-3`...
pub fn log_names(names: &[String]) -> Vec<String> {
    let mut taken: Vec<String> = Vec::new();
    for name in names {
        let mut base: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || ".-_".contains(c) {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        if base.is_empty() || base.chars().all(|c| c == '.') || base == LOG_MANIFEST {
            base = "submission".into();
        }
        let mut unique = base.clone();
        let mut n = 2;
        while taken.contains(&unique) {
            unique = format!("{base}-{n}");
            n += 1;
        }
        taken.push(unique);
    }
    taken
}

/// The ranking as a table: rank, submission, score, total time, verdict counts; every line
/// fits `table_width` columns: the verdict counts wrap on lines of their own when a row would
/// be wider, and a name too long for the room the other columns leave goes on over the next
/// lines of its column.
pub fn ranking_table(batch: &BatchReport, table_width: usize) -> String {
    let names: Vec<String> = batch
        .ranking
        .iter()
        .map(|standing| escape(&standing.submission))
        .collect();
    // Rank, score and time take 4 + 6 + 9 columns, and 2 between each two columns.
    let room = table_width
        .saturating_sub(4 + 6 + 9 + 3 * 2)
        .max("submission".len());
    let width = names
        .iter()
        .map(|name| console::measure_text_width(name))
        .max()
        .unwrap_or(0)
        .max("submission".len())
        .min(room);
    let mut lines = vec![with_last_column(
        &format!(
            "{:>4}  {:<width$}  {:>6}  {:>9}",
            "rank", "submission", "score", "time"
        ),
        "verdicts",
        table_width,
    )];
    for (standing, submission) in batch.ranking.iter().zip(&names) {
        let counts: Vec<String> = duel_arena::Verdict::ALL
            .iter()
            .filter_map(|v| {
                let count = standing.verdicts.get(v.name()).copied().unwrap_or(0);
                (count > 0).then(|| format!("{count} {v}"))
            })
            .collect();
        let mut pieces = cut(submission, width).into_iter();
        let row = format!(
            "{:>4}  {:<width$}  {:>6.2}  {:>9}",
            standing.rank,
            pieces.next().unwrap_or_default(),
            standing.score,
            format_ms(standing.time_ms),
        );
        let shown = with_last_column(&row, &counts.join(", "), table_width);
        let mut shown = shown.lines();
        lines.extend(shown.next().map(str::to_owned));
        // The rest of a long name under its column, then the counts that did not fit.
        lines.extend(pieces.map(|piece| format!("{:4}  {piece}", "")));
        lines.extend(shown.map(str::to_owned));
    }
    let tests = if batch.planned == 1 { "test" } else { "tests" };
    lines.push(fit(
        &format!(
            "{} submissions, {} {tests} each{}",
            batch.submissions.len(),
            batch.planned,
            if batch.interrupted {
                " (interrupted)"
            } else {
                ""
            }
        ),
        table_width,
    ));
    lines.join("\n")
}

/// `text` in pieces of at most `width` columns, in order (one piece when it fits).
fn cut(text: &str, width: usize) -> Vec<String> {
    let mut pieces = vec![String::new()];
    for c in text.chars() {
        let last = pieces.last_mut().expect("never empty");
        if !last.is_empty()
            && console::measure_text_width(last) + console::measure_text_width(&c.to_string())
                > width
        {
            pieces.push(c.to_string());
        } else {
            last.push(c);
        }
    }
    pieces
}

fn print_line(text: &str) {
    let mut out = io::stdout().lock();
    // A closed stdout must not stop the report and the CSV from being written.
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_names_are_safe_and_unique() {
        let names = [
            "alice.c".to_owned(),
            "python3 p.py".to_owned(),
            "alice.c".to_owned(),
            "..".to_owned(),
            "../x/y".to_owned(),
        ];
        assert_eq!(
            log_names(&names),
            [
                "alice.c",
                "python3_p.py",
                "alice.c-2",
                "submission",
                ".._x_y"
            ]
        );
    }
}
