//! Shared printing for `duel ioiwari judge` and `duel mis judge`: the results table on stdout,
//! the progress bar on stderr, the per-test logs, the JSON report, and Ctrl-C.
//!
//! The judges (in `duel-arena`) push results into a [`Printer`], which implements
//! [`Observer`]; nothing here knows which game is judged beyond the column titles of [`Columns`].

use anyhow::{bail, Context};
use duel_arena::compile::BuildRecord;
use duel_arena::judge::Observer;
use duel_arena::report::{OutputDir, OutputFile};
use duel_arena::{Report, TestResult, Verdict};
use duel_sandbox::IsolationRecord;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::ffi::OsStr;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The exit status after Ctrl-C (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: u8 = 130;

/// The game-specific titles of the table.
#[derive(Debug, Clone, Copy)]
pub struct Columns {
    /// The title of the input column ("board", "position").
    pub input: &'static str,
    /// The title of the summary column ("banks", "left").
    pub summary: &'static str,
}

/// A table of results, one row per test, printed as the results arrive (so column widths
/// are fixed up front from the inputs).
#[derive(Debug, Clone)]
pub struct ResultTable {
    columns: Columns,
    index_width: usize,
    input_width: usize,
}

/// Width of the verdict column: the longest verdict name.
const VERDICT_WIDTH: usize = 14;
const SUMMARY_WIDTH: usize = 7;
const MOVES_WIDTH: usize = 7;
const TIME_WIDTH: usize = 8;
const MEMORY_WIDTH: usize = 9;

impl ResultTable {
    /// A table for these test inputs.
    pub fn new<'a>(columns: Columns, inputs: impl IntoIterator<Item = &'a str>) -> ResultTable {
        let inputs: Vec<&str> = inputs.into_iter().collect();
        ResultTable {
            columns,
            index_width: inputs.len().to_string().len().max("test".len()),
            input_width: inputs
                .iter()
                .map(|input| input.chars().count())
                .max()
                .unwrap_or(0)
                .max(columns.input.len()),
        }
    }

    /// The header line.
    pub fn header(&self) -> String {
        self.line(
            "test",
            self.columns.input,
            "verdict",
            self.columns.summary,
            "moves",
            "time",
            "memory",
            "reason",
        )
    }

    /// The row of one result. The reason column holds the reason and, for a loss or draw, the
    /// first mistake.
    pub fn row(&self, result: &TestResult) -> String {
        let mut reason = result.reason.clone().unwrap_or_default();
        if let Some(mistake) = &result.first_mistake {
            if !reason.is_empty() {
                reason.push_str("; ");
            }
            reason.push_str("first mistake: ");
            reason.push_str(mistake);
        }
        self.line(
            &result.index.to_string(),
            &result.input,
            result.verdict.name(),
            result.summary.as_deref().unwrap_or("-"),
            &result.moves.to_string(),
            &format_ms(result.time_ms),
            &memory_cell(result),
            &one_line(&reason),
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn line(
        &self,
        index: &str,
        input: &str,
        verdict: &str,
        summary: &str,
        moves: &str,
        time: &str,
        memory: &str,
        reason: &str,
    ) -> String {
        let line = format!(
            "{index:>iw$}  {input:<inw$}  {verdict:<VERDICT_WIDTH$}  {summary:>SUMMARY_WIDTH$}  \
             {moves:>MOVES_WIDTH$}  {time:>TIME_WIDTH$}  {memory:>MEMORY_WIDTH$}  {reason}",
            iw = self.index_width,
            inw = self.input_width,
        );
        line.trim_end().to_owned()
    }
}

/// "12 ms", "1.25 s".
pub fn format_ms(ms: u64) -> String {
    if ms < 1000 {
        format!("{ms} ms")
    } else {
        format!("{:.2} s", ms as f64 / 1000.0)
    }
}

/// The memory column of a row: the peak the kernel measured ([`format_kb`]), or `-` where no
/// figure is known (the report holds `null` there).
fn memory_cell(result: &TestResult) -> String {
    result.memory_kb.map_or_else(|| "-".into(), format_kb)
}

/// The line under the table that says, once, why the memory column shows `-` (`None` when it
/// shows none): the built-in player runs inside the judge; a test not run (its source did not
/// compile) used nothing; a module shares its host's process, and only what the process gained
/// after loading the module is the module's.
pub fn memory_footnote(report: &Report) -> Option<String> {
    let dashes: Vec<&TestResult> = report
        .tests
        .iter()
        .filter(|t| t.memory_kb.is_none())
        .collect();
    if dashes.is_empty() {
        return None;
    }
    let not_run = |t: &&TestResult| t.moves == 0 && t.wall_ms == 0;
    let module = report
        .build
        .as_ref()
        .is_some_and(|build| build.target == duel_arena::compile::Target::Module)
        || report.player.ends_with(".so");
    let why = if report.player.starts_with("built-in ") {
        "the built-in player runs inside the judge, so its memory is not measured apart"
    } else if dashes.iter().all(not_run) {
        "the submission was not run"
    } else if module {
        "a module shares its host's process, so its memory is what the process gained after \
         loading it, and here that was less than a page"
    } else {
        "the kernel charged the run no memory beyond the sandbox's own"
    };
    Some(format!("memory: - where no figure is known: {why}"))
}

/// "812 KB", "1.5 MB".
pub fn format_kb(kb: u64) -> String {
    if kb < 1024 {
        format!("{kb} KB")
    } else {
        format!("{:.1} MB", kb as f64 / 1024.0)
    }
}

/// Submissions' text never breaks the table nor drives the terminal: control characters are
/// shown escaped.
fn one_line(text: &str) -> String {
    duel_sandbox::untrusted::escape(text)
}

/// The closing line: the score and how the tests ended.
///
/// `score: 95.83 / 100  (24 tests: 23 win, 1 draw)`, or with `interrupted` when Ctrl-C cut the
/// run short.
pub fn score_line(report: &Report) -> String {
    let counts: Vec<String> = Verdict::ALL
        .iter()
        .filter_map(|verdict| {
            let count = report
                .tests
                .iter()
                .filter(|t| t.verdict == *verdict)
                .count();
            (count > 0).then(|| format!("{count} {verdict}"))
        })
        .collect();
    let tests = if report.planned == 1 { "test" } else { "tests" };
    let finished = if report.interrupted {
        format!(
            "interrupted after {} of {} {tests}",
            report.tests.len(),
            report.planned
        )
    } else {
        format!("{} {tests}", report.planned)
    };
    let counts = if counts.is_empty() {
        String::new()
    } else {
        format!(": {}", counts.join(", "))
    };
    format!("score: {:.2} / 100  ({finished}{counts})", report.score)
}

/// A progress bar on stderr, drawn only when stderr is a terminal.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A bar for `planned` tests, hidden unless stderr is a terminal.
    pub fn new(planned: usize) -> Progress {
        if !io::stderr().is_terminal() {
            return Progress { bar: None };
        }
        let bar = ProgressBar::with_draw_target(Some(planned as u64), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template("{bar:40} {pos}/{len} tests  {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        Progress { bar: Some(bar) }
    }

    /// `done` tests have finished.
    pub fn set(&self, done: usize) {
        if let Some(bar) = &self.bar {
            bar.set_position(done as u64);
        }
    }

    /// Runs `print` with the bar hidden, so lines on a shared terminal stay clean.
    pub fn suspend<R>(&self, print: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(print),
            None => print(),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The list, in a log directory, of every file and subdirectory a judge run may write there,
/// one relative path a line (a subdirectory's ends with `/`). The next run there removes
/// exactly those before it writes its own, and touches nothing else.
pub const LOG_MANIFEST: &str = ".duel-logs";

/// Writes one dialogue log per test into a directory: `test-01.out`, ..., and beside the text
/// of a Pooh-Eeyore-sticks game too long to list every move, the record of all of them,
/// `test-01.moves` (`duel_mis::record`; `duel serve --report test-01.out` reads both), and
/// `compile.txt`. The directory is opened when the run starts and every file is replaced
/// within it by name ([`OutputDir::replace`]): nothing planted there during the run is
/// followed.
pub struct LogDir {
    dir: OutputDir,
    shown: PathBuf,
    width: usize,
    first_error: Option<anyhow::Error>,
}

impl LogDir {
    /// Opens (creating it if needed) the log directory of a run of `planned` tests, so that it
    /// holds exactly this run's logs beside whatever else is there: the logs an earlier run
    /// listed in [`LOG_MANIFEST`] are removed first, and a file or directory of a name this
    /// run writes that no earlier run wrote is an error (it is left as it is).
    pub fn create(dir: &Path, planned: usize) -> anyhow::Result<LogDir> {
        let mut logs = LogDir::create_all(dir, None, planned)?;
        Ok(logs.remove(0))
    }

    /// [`LogDir::create`] for several submissions: one subdirectory of `root` per name of
    /// `names` (which [`super::batch::log_names`] made safe and unique).
    pub fn create_per_submission(
        root: &Path,
        names: &[String],
        planned: usize,
    ) -> anyhow::Result<Vec<LogDir>> {
        LogDir::create_all(root, Some(names), planned)
    }

    fn create_all(
        path: &Path,
        subdirs: Option<&[String]>,
        planned: usize,
    ) -> anyhow::Result<Vec<LogDir>> {
        let shown = path.display();
        let root = OutputDir::create(path)
            .with_context(|| format!("cannot create the log directory {shown}"))?;
        let width = planned.to_string().len().max(2);
        let files = log_files(planned, width);
        let mut entries: Vec<String> = Vec::new();
        match subdirs {
            None => entries.extend(files.iter().cloned()),
            Some(names) => {
                for name in names {
                    entries.push(format!("{name}/"));
                    entries.extend(files.iter().map(|file| format!("{name}/{file}")));
                }
            }
        }
        remove_earlier_logs(&root, path)?;
        for entry in &entries {
            let top = match entry.split_once('/') {
                None => entry.as_str(),
                Some((dir, "")) => dir,
                Some(_) => continue, // inside a directory this run creates
            };
            let exists = root
                .entry_kind(OsStr::new(top))
                .with_context(|| format!("cannot read the log directory {shown}"))?
                .is_some();
            if exists {
                bail!(
                    "the log directory {shown} holds {top}, which no earlier judge run there wrote \
                     (it is not listed in {shown}/{LOG_MANIFEST}): move it away or give another directory"
                );
            }
        }
        let mut manifest = entries.join("\n");
        manifest.push('\n');
        root.replace(OsStr::new(LOG_MANIFEST), manifest.as_bytes())
            .with_context(|| format!("cannot write in the log directory {shown}"))?;
        let log_dir = |dir: OutputDir, shown: PathBuf| LogDir {
            dir,
            shown,
            width,
            first_error: None,
        };
        match subdirs {
            None => Ok(vec![log_dir(root, path.to_owned())]),
            Some(names) => names
                .iter()
                .map(|name| {
                    let sub = root.subdir(OsStr::new(name)).with_context(|| {
                        format!(
                            "cannot create the log directory {}",
                            path.join(name).display()
                        )
                    })?;
                    Ok(log_dir(sub, path.join(name)))
                })
                .collect(),
        }
    }

    /// The log file of test `index`.
    pub fn path(&self, index: usize) -> PathBuf {
        self.shown.join(self.name(index, "out"))
    }

    fn name(&self, index: usize, extension: &str) -> String {
        format!("test-{index:0width$}.{extension}", width = self.width)
    }

    /// Writes `bytes` as the file `name`; the first failure is kept for the end.
    fn write_file(&mut self, name: &str, bytes: &[u8]) {
        if let Err(error) = self.dir.replace(OsStr::new(name), bytes) {
            let path = self.shown.join(name);
            self.first_error.get_or_insert(
                anyhow::Error::new(error).context(format!("cannot write {}", path.display())),
            );
        }
    }

    /// Writes the log of test `index` (atomically); the first failure is kept for the end.
    pub fn write(&mut self, index: usize, log: &str) {
        self.write_file(&self.name(index, "out"), log.as_bytes());
    }

    /// Writes `compile.txt`, what building the submission said ([`compile_text`]).
    pub fn write_compile(&mut self, build: &BuildRecord) {
        self.write_file("compile.txt", compile_text(build).as_bytes());
    }

    /// Writes the record of every move of test `index` beside its log, `test-NN.moves`.
    pub fn write_moves(&mut self, index: usize, record: &[u8]) {
        self.write_file(&self.name(index, "moves"), record);
    }

    /// The first write failure, if any.
    pub fn into_error(self) -> Option<anyhow::Error> {
        self.first_error
    }
}

/// Every file one submission's run of `planned` tests may write in its log directory.
fn log_files(planned: usize, width: usize) -> Vec<String> {
    let mut files = vec!["compile.txt".to_owned()];
    for index in 1..=planned {
        for extension in ["out", "moves"] {
            files.push(format!("test-{index:0width$}.{extension}"));
        }
    }
    files
}

/// A line of [`LOG_MANIFEST`] as (its first component, the file inside it): `test-01.out` is
/// `("test-01.out", None)`, `alice.c/` is `("alice.c", None)` and `alice.c/test-01.out` is
/// `("alice.c", Some("test-01.out"))`. Anything else (an absolute path, `..`, deeper paths) is
/// not a line a judge writes: `None`.
fn manifest_entry(line: &str) -> Option<(&str, Option<&str>)> {
    let plain = |name: &str| !name.is_empty() && name != "." && name != ".." && !name.contains('/');
    match line.split_once('/') {
        None => plain(line).then_some((line, None)),
        Some((dir, "")) => plain(dir).then_some((dir, None)),
        Some((dir, file)) => (plain(dir) && plain(file)).then_some((dir, Some(file))),
    }
}

/// Removes what the earlier run in `root` listed in its [`LOG_MANIFEST`]: its files, then
/// its subdirectories that are empty now (one holding anything else stays).
fn remove_earlier_logs(root: &OutputDir, path: &Path) -> anyhow::Result<()> {
    let shown = path.display();
    let Some(manifest) = root
        .read(OsStr::new(LOG_MANIFEST))
        .with_context(|| format!("cannot read {shown}/{LOG_MANIFEST}"))?
    else {
        return Ok(());
    };
    let manifest = String::from_utf8_lossy(&manifest);
    let mut dirs = Vec::new();
    for line in manifest.lines() {
        let removed = match manifest_entry(line) {
            None => Ok(()),
            Some((dir, None)) if line.ends_with('/') => {
                dirs.push(dir);
                Ok(())
            }
            Some((file, None)) => root.remove_file(OsStr::new(file)),
            Some((dir, Some(file))) => match root.existing_subdir(OsStr::new(dir)) {
                Ok(Some(sub)) => sub.remove_file(OsStr::new(file)),
                Ok(None) => Ok(()),
                Err(error) => Err(error),
            },
        };
        removed.with_context(|| format!("cannot remove the old log {shown}/{line}"))?;
    }
    for dir in dirs {
        root.remove_empty_dir(OsStr::new(dir))
            .with_context(|| format!("cannot remove the old log directory {shown}/{dir}"))?;
    }
    Ok(())
}

/// How results are shown on stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A table, then the score line.
    Table,
    /// Nothing while judging, then the JSON report.
    Json,
}

/// The [`Observer`] of the judge commands: table rows on stdout, progress on stderr, logs.
pub struct Printer {
    table: ResultTable,
    format: Format,
    progress: Progress,
    logs: Option<LogDir>,
    report: Option<OutputFile>,
    header_printed: bool,
    isolation: Option<IsolationRecord>,
    announced: bool,
}

impl Printer {
    /// A printer for a run over these inputs.
    pub fn new(
        columns: Columns,
        inputs: &[String],
        format: Format,
        logs: Option<LogDir>,
    ) -> Printer {
        Printer {
            table: ResultTable::new(columns, inputs.iter().map(String::as_str)),
            format,
            progress: Progress::new(inputs.len()),
            logs,
            report: None,
            header_printed: false,
            isolation: None,
            announced: false,
        }
    }

    fn print(&self, line: &str) {
        self.progress.suspend(|| {
            let mut out = io::stdout().lock();
            // A closed stdout (e.g. `| head`) must not stop the judging or the report.
            let _ = writeln!(out, "{line}");
            let _ = out.flush();
        });
    }

    /// Prints the closing lines, writes the report (if asked), and gives the exit status:
    /// 0 when judging completed, [`EXIT_INTERRUPTED`] after Ctrl-C; an error when the report
    /// or a log could not be written.
    pub fn finish(mut self, report: &Report) -> anyhow::Result<ExitCode> {
        self.announce_isolation();
        self.progress.finish();
        match self.format {
            Format::Table => {
                if !self.header_printed {
                    self.print(&self.table.header());
                }
                if let Some(footnote) = memory_footnote(report) {
                    self.print(&footnote);
                }
                self.print(&score_line(report));
            }
            Format::Json => self.print(self.report_json(report).trim_end()),
        }
        if let Some(file) = &self.report {
            let json = self.report_json(report);
            file.write(json.as_bytes())
                .with_context(|| format!("cannot write the report {}", file.path().display()))?;
        }
        if let Some(error) = self.logs.take().and_then(LogDir::into_error) {
            return Err(error);
        }
        if report.interrupted {
            eprintln!("duel: interrupted; the results of the finished tests are above");
            return Ok(ExitCode::from(interrupted_exit_status()));
        }
        Ok(ExitCode::SUCCESS)
    }

    /// Says once on stderr, as the first results come (so after every check that may refuse
    /// the run), what isolation the runs get and what the judge cannot guarantee here.
    fn announce_isolation(&mut self) {
        if self.announced {
            return;
        }
        self.announced = true;
        if let Some(isolation) = &self.isolation {
            self.progress
                .suspend(|| eprintln!("duel: {}", isolation.summary));
        }
    }

    /// The report's JSON with the `isolation` object the runs had.
    fn report_json(&self, report: &Report) -> String {
        let Some(isolation) = &self.isolation else {
            return report.to_json();
        };
        let mut value = serde_json::to_value(report).expect("a report always serializes");
        if let serde_json::Value::Object(map) = &mut value {
            map.insert(
                "isolation".into(),
                serde_json::to_value(isolation).expect("plain data"),
            );
        }
        serde_json::to_string_pretty(&value).expect("plain data") + "\n"
    }

    /// The same printer writing the report to `file` at the end.
    pub fn with_report(self, file: Option<OutputFile>) -> Printer {
        Printer {
            report: file,
            ..self
        }
    }

    /// The same printer recording how the runs were isolated, for the report.
    pub fn with_isolation(self, isolation: IsolationRecord) -> Printer {
        Printer {
            isolation: Some(isolation),
            ..self
        }
    }
}

impl Observer for Printer {
    fn built(&mut self, _submission: usize, build: &BuildRecord) {
        show_build(build);
        if let Some(logs) = &mut self.logs {
            logs.write_compile(build);
        }
    }

    fn progress(&mut self, done: usize, _planned: usize) {
        self.announce_isolation();
        self.progress.set(done);
    }

    fn isolation(&mut self, _submission: usize, record: &IsolationRecord) {
        // The submission's own (a program other users cannot reach runs as the judge's
        // user), in place of the machine's levels.
        if self.isolation.is_some() {
            self.isolation = Some(record.clone());
        }
    }

    fn result(&mut self, _submission: usize, result: &TestResult, log: &str) {
        self.announce_isolation();
        if let Some(logs) = &mut self.logs {
            logs.write(result.index, log);
        }
        if self.format == Format::Table {
            if !self.header_printed {
                self.print(&self.table.header());
                self.header_printed = true;
            }
            self.print(&self.table.row(result));
        }
    }

    fn moves(&mut self, _submission: usize, result: &TestResult, record: &[u8]) {
        if let Some(logs) = &mut self.logs {
            logs.write_moves(result.index, record);
        }
    }
}

/// Opens an output file named on the command line (see [`OutputFile`]), before any test runs;
/// `what` names it in the error ("report", "CSV").
pub fn open_output(path: &Path, what: &str) -> anyhow::Result<OutputFile> {
    OutputFile::open(path).with_context(|| format!("the {what}"))
}

/// A flag set by the first Ctrl-C (SIGINT), SIGTERM or SIGHUP: judging stops, and the report
/// of the finished tests is written, saying `"interrupted": true`. The same signal again
/// within half a second (as `timeout` and a process group's kill deliver it) counts once; a
/// later or different signal of the three ends the judge at once.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    duel_sandbox::interrupt_flag()
}

/// The exit status of an interrupted run: 128 + the signal, as shells report it (130 after
/// Ctrl-C, 143 after SIGTERM, 129 after SIGHUP).
pub fn interrupted_exit_status() -> u8 {
    match duel_sandbox::interrupting_signal() {
        None => EXIT_INTERRUPTED,
        Some(signal) => 128u8.saturating_add(signal as u8),
    }
}

/// A failed build's compiler lines on stderr.
pub fn show_build(build: &BuildRecord) {
    if build.succeeded {
        return;
    }
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "duel: {} does not compile:", build.source);
    for line in &build.output {
        let _ = writeln!(err, "  {line}");
    }
}

/// The `compile.txt` of a log directory: the command and what the compiler said.
pub fn compile_text(build: &BuildRecord) -> String {
    let mut text = format!(
        "source: {}\nlanguage: {}\ncommand: {}\nresult: {}\n",
        build.source,
        build.language,
        build.command,
        if build.succeeded {
            "built"
        } else {
            "compile error"
        }
    );
    for line in &build.output {
        text.push_str(line);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(verdict: Verdict) -> TestResult {
        TestResult {
            index: 7,
            input: "4 3 2 4 2 3 2".into(),
            verdict,
            reason: Some("player 2 wins 12-8".into()),
            moves: 12,
            move_list: None,
            summary: Some("8-12".into()),
            time_ms: 1500,
            wall_ms: 1600,
            memory_kb: Some(2048),
            first_mistake: Some("move 3: pit 5".into()),
        }
    }

    #[test]
    fn rows_line_up_under_the_header() {
        let columns = Columns {
            input: "board",
            summary: "banks",
        };
        let table = ResultTable::new(columns, ["4 3 2 4 2 3 2"]);
        let header = table.header();
        let row = table.row(&result(Verdict::Loss));
        assert_eq!(header.find("verdict"), row.find("loss"));
        assert_eq!(header.find("reason"), row.find("player 2 wins"));
        assert!(
            row.ends_with("player 2 wins 12-8; first mistake: move 3: pit 5"),
            "{row}"
        );
        assert!(row.contains("1.50 s") && row.contains("2.0 MB"), "{row}");
    }

    #[test]
    fn an_unknown_memory_figure_is_a_dash_explained_once() {
        let table = ResultTable::new(
            Columns {
                input: "position",
                summary: "left",
            },
            ["4 3 2 4 2 3 2"],
        );
        let mut builtin = result(Verdict::Win);
        builtin.memory_kb = None;
        let header = table.header();
        let row = table.row(&builtin);
        let at = header.find("memory").unwrap() + "memory".len() - 1;
        assert_eq!(&row[at..=at], "-", "{row}");
        assert!(!row.contains("0 KB"), "{row}");
        let tests = vec![builtin.clone(), builtin.clone(), result(Verdict::Win)];
        let report = Report::new("mis", "built-in Bolek", 3, tests, false);
        let footnote = memory_footnote(&report).unwrap();
        assert!(footnote.contains("built-in player"), "{footnote}");
        let unrun = TestResult::unplayed(1, "7 2 3".into(), Verdict::CompileError, "x".into());
        let report = Report::new("mis", "bolek.c", 1, vec![unrun], false);
        let footnote = memory_footnote(&report).unwrap();
        assert!(footnote.contains("not run"), "{footnote}");
        let measured = Report::new("mis", "bolek.c", 1, vec![result(Verdict::Win)], false);
        assert_eq!(memory_footnote(&measured), None);
    }

    #[test]
    fn the_score_line_counts_verdicts() {
        let report = Report::new(
            "ioiwari",
            "x",
            4,
            vec![result(Verdict::Loss), result(Verdict::Draw)],
            true,
        );
        assert_eq!(
            score_line(&report),
            "score: 12.50 / 100  (interrupted after 2 of 4 tests: 1 draw, 1 loss)"
        );
    }

    #[test]
    fn control_characters_cannot_break_rows() {
        assert_eq!(one_line("a\nb\tc\u{1b}[2J"), "a\\nb\\tc\\x1b[2J");
    }

    #[test]
    fn manifest_lines_name_only_entries_inside_the_directory() {
        assert_eq!(manifest_entry("test-01.out"), Some(("test-01.out", None)));
        assert_eq!(manifest_entry("alice.c/"), Some(("alice.c", None)));
        assert_eq!(
            manifest_entry("alice.c/compile.txt"),
            Some(("alice.c", Some("compile.txt")))
        );
        for bad in [
            "",
            "/etc/passwd",
            "../x",
            "..",
            ".",
            "a/../b",
            "a/b/c",
            "./x",
            "a//b",
        ] {
            assert_eq!(manifest_entry(bad), None, "{bad}");
        }
    }

    #[test]
    fn every_log_a_run_writes_is_listed() {
        let files = log_files(3, 2);
        assert_eq!(
            files,
            [
                "compile.txt",
                "test-01.out",
                "test-01.moves",
                "test-02.out",
                "test-02.moves",
                "test-03.out",
                "test-03.moves"
            ]
        );
    }
}
