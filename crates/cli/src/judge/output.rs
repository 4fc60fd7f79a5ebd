//! Shared printing for `duel ioiwari judge` and `duel mis judge`: the results table on stdout,
//! the progress bar on stderr, the per-test logs, the JSON report, and Ctrl-C.
//!
//! The judges (in `duel-arena`) push results into a [`Printer`], which implements
//! [`Sink`]; nothing here knows which game is judged beyond the column titles of [`Columns`].

use anyhow::{bail, Context};
use duel_arena::compile::BuildRecord;
use duel_arena::report::{write_atomically, Sink};
use duel_arena::runner::IsolationRecord;
use duel_arena::{Report, TestResult, Verdict};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
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
            &format_kb(result.memory_kb),
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
    duel_arena::untrusted::escape(text)
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

/// Writes one dialogue log per test into a directory the judge owns: `test-01.out`, ..., and
/// beside the text of a Pooh-Eeyore-sticks game too long to list every move, the record of
/// all of them, `test-01.moves` (`duel_mis::record`; `duel serve --report test-01.out` reads
/// both).
pub struct LogDir {
    dir: PathBuf,
    width: usize,
    first_error: Option<anyhow::Error>,
}

impl LogDir {
    /// Creates (if needed) the directory for `planned` tests' logs, so that it holds exactly
    /// this run's logs: the logs of an earlier run there (`test-*.out`, `test-*.moves`,
    /// `compile.txt`) are removed first, and a directory holding anything else is refused.
    pub fn create(dir: &Path, planned: usize) -> anyhow::Result<LogDir> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the log directory {}", dir.display()))?;
        let entries = std::fs::read_dir(dir)
            .with_context(|| format!("cannot read the log directory {}", dir.display()))?;
        let mut stale = Vec::new();
        for entry in entries {
            let entry = entry.with_context(|| format!("cannot read {}", dir.display()))?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let is_log = name == "compile.txt"
                || name
                    .strip_prefix("test-")
                    .and_then(|rest| rest.strip_suffix(".out").or(rest.strip_suffix(".moves")))
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            let is_file = entry.file_type().is_ok_and(|t| !t.is_dir());
            if !(is_log && is_file) {
                bail!(
                    "the log directory {} holds {name}, which is not a log of a judge run: give a new or empty directory",
                    dir.display()
                );
            }
            stale.push(entry.path());
        }
        for path in stale {
            std::fs::remove_file(&path)
                .with_context(|| format!("cannot remove the old log {}", path.display()))?;
        }
        check_output_path(&dir.join("test-1.out"), "log")?;
        Ok(LogDir {
            dir: dir.to_owned(),
            width: planned.to_string().len().max(2),
            first_error: None,
        })
    }

    /// The log file of test `index`.
    pub fn path(&self, index: usize) -> PathBuf {
        self.dir
            .join(format!("test-{index:0width$}.out", width = self.width))
    }

    /// Writes the log of test `index` (atomically); the first failure is kept for the end.
    pub fn write(&mut self, index: usize, log: &str) {
        let path = self.path(index);
        if let Err(error) = write_output(&path, log.as_bytes()) {
            self.first_error.get_or_insert(
                anyhow::Error::new(error).context(format!("cannot write {}", path.display())),
            );
        }
    }

    /// Writes `compile.txt`, what building the submission said ([`compile_text`]). A failure
    /// is not kept: a failed build is on the terminal already.
    pub fn write_compile(&self, build: &BuildRecord) {
        let _ = write_output(
            &self.dir.join("compile.txt"),
            compile_text(build).as_bytes(),
        );
    }

    /// Writes the record of every move of test `index` beside its log, `test-NN.moves`.
    pub fn write_moves(&mut self, index: usize, record: &[u8]) {
        let path = self.path(index).with_extension("moves");
        if let Err(error) = write_output(&path, record) {
            self.first_error.get_or_insert(
                anyhow::Error::new(error).context(format!("cannot write {}", path.display())),
            );
        }
    }

    /// The first write failure, if any.
    pub fn into_error(self) -> Option<anyhow::Error> {
        self.first_error
    }
}

/// How results are shown on stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A table, then the score line.
    Table,
    /// Nothing while judging, then the JSON report.
    Json,
}

/// The [`Sink`] of the judge commands: table rows on stdout, progress on stderr, logs.
pub struct Printer {
    table: ResultTable,
    format: Format,
    progress: Progress,
    logs: Option<LogDir>,
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
    pub fn finish(
        mut self,
        report: &Report,
        report_path: Option<&Path>,
    ) -> anyhow::Result<ExitCode> {
        self.announce_isolation();
        self.progress.finish();
        match self.format {
            Format::Table => {
                if !self.header_printed {
                    self.print(&self.table.header());
                }
                self.print(&score_line(report));
            }
            Format::Json => self.print(self.report_json(report).trim_end()),
        }
        if let Some(path) = report_path {
            let json = self.report_json(report);
            write_output(path, json.as_bytes())
                .with_context(|| format!("cannot write the report {}", path.display()))?;
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

    /// The same printer recording how the runs were isolated, for the report.
    pub fn with_isolation(self, isolation: IsolationRecord) -> Printer {
        Printer {
            isolation: Some(isolation),
            ..self
        }
    }
}

impl Sink for Printer {
    fn built(&mut self, build: &BuildRecord) {
        show_build(build);
        if let Some(logs) = &self.logs {
            logs.write_compile(build);
        }
    }

    fn progress(&mut self, done: usize, _planned: usize) {
        self.announce_isolation();
        self.progress.set(done);
    }

    fn isolation(&mut self, record: &IsolationRecord) {
        // The submission's own (a program other users cannot reach runs as the judge's
        // user), in place of the machine's levels.
        if self.isolation.is_some() {
            self.isolation = Some(record.clone());
        }
    }

    fn result(&mut self, result: &TestResult, log: &str) {
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

    fn moves(&mut self, result: &TestResult, record: &[u8]) {
        if let Some(logs) = &mut self.logs {
            logs.write_moves(result.index, record);
        }
    }
}

/// Fails early, before any test runs, when the report could not be written at the end.
pub fn check_report_path(path: &Path) -> anyhow::Result<()> {
    check_output_path(path, "report")
}

/// How the judge writes one of its output files (see [`write_output`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Destination {
    /// A regular file or a new one: replaced atomically (a temporary file renamed over it).
    Replace,
    /// A character device, a FIFO, or a symbolic link to one of those or to a regular file:
    /// opened and written, never replaced, so the device, FIFO or link stays what it is.
    WriteThrough,
}

fn destination(path: &Path) -> anyhow::Result<Destination> {
    use std::os::unix::fs::FileTypeExt;
    let shown = path.display();
    let meta = match std::fs::symlink_metadata(path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Destination::Replace),
        Err(error) => bail!("cannot write {shown}: {error}"),
        Ok(meta) => meta,
    };
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(Destination::Replace);
    }
    let target = if kind.is_symlink() {
        match std::fs::metadata(path) {
            Ok(target) => target.file_type(),
            Err(error) => {
                bail!("cannot write {shown}: it is a symbolic link to nothing usable ({error})")
            }
        }
    } else {
        kind
    };
    if target.is_dir() {
        bail!("cannot write {shown}: it is a directory");
    }
    if target.is_file() || target.is_char_device() || target.is_fifo() {
        return Ok(Destination::WriteThrough);
    }
    bail!(
        "cannot write {shown}: it is a block device or a socket, not something the judge writes to"
    )
}

/// Checks, before any test runs, that `path` can be written at the end: a new or regular file
/// needs a directory the judge may create files in; a device, FIFO or link is written
/// through. `what` names the file in the error ("report", "log").
pub fn check_output_path(path: &Path, what: &str) -> anyhow::Result<()> {
    let shown = path.display();
    match destination(path).with_context(|| format!("the {what}"))? {
        Destination::Replace => {
            let dir = match path.parent() {
                Some(dir) if !dir.as_os_str().is_empty() => dir,
                _ => Path::new("."),
            };
            if !dir.is_dir() {
                bail!(
                    "cannot write the {what} {shown}: no directory {}",
                    dir.display()
                );
            }
            let probe = dir.join(format!(".duel-probe-{}", std::process::id()));
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&probe)
                .with_context(|| format!("cannot write the {what} {shown}"))?;
            let _ = std::fs::remove_file(&probe);
        }
        Destination::WriteThrough => {
            use std::os::unix::fs::FileTypeExt;
            // Opening a FIFO with no reader would wait for one: only its permissions are
            // checked, by the kernel, when it is written at the end.
            let fifo = std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo());
            if !fifo {
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .with_context(|| format!("cannot write the {what} {shown}"))?;
            }
        }
    }
    Ok(())
}

/// Writes one of the judge's outputs: a regular (or new) file is replaced atomically; a
/// character device, a FIFO or a symbolic link is written through and never replaced, so
/// `--report /dev/null` stays the device it is.
pub fn write_output(path: &Path, bytes: &[u8]) -> io::Result<()> {
    match destination(path).map_err(|error| io::Error::other(error.to_string()))? {
        Destination::Replace => write_atomically(path, bytes),
        Destination::WriteThrough => {
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .truncate(true)
                .open(path)?;
            file.write_all(bytes)?;
            file.flush()
        }
    }
}

/// A flag set by the first Ctrl-C (SIGINT), SIGTERM or SIGHUP: judging stops, and the report
/// of the finished tests is written, saying `"interrupted": true`. A second signal of any of
/// the three ends the judge at once.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    duel_arena::runner::interrupt_flag()
}

/// The exit status of an interrupted run: 128 + the signal, as shells report it (130 after
/// Ctrl-C, 143 after SIGTERM, 129 after SIGHUP).
pub fn interrupted_exit_status() -> u8 {
    match duel_arena::runner::interrupting_signal() {
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
            memory_kb: 2048,
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
}
