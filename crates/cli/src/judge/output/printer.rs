//! The [`Printer`]: the [`Observer`] of the judge commands, which shows each result as it
//! comes (table rows or, at the end, the JSON report), draws the progress and writes the logs.

use duel_arena::compile::BuildRecord;
use duel_arena::judge::Observer;
use duel_arena::output::OutputFile;
use duel_arena::{Report, TestResult};
use duel_sandbox::untrusted::{escape, inert_json};
use duel_sandbox::IsolationRecord;
use std::io::{self, Write};
use std::process::ExitCode;

use super::files::LogDir;
use super::progress::Progress;
use super::status::exit_status;
use super::table::{
    fit, memory_footnote, not_run_line, score_line, show_build, terminal_width, Columns,
    ResultTable,
};

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
    /// The width every line fits ([`terminal_width`]).
    width: usize,
    format: Format,
    progress: Progress,
    logs: Option<LogDir>,
    report: Option<OutputFile>,
    header_printed: bool,
    isolation: Option<IsolationRecord>,
    announced: bool,
    /// Whether the compiler's lines of a failed build were shown on stderr.
    build_shown: bool,
    /// The tests not run because the submission could not be built (first, last, reason):
    /// one line at the end, not a row each.
    not_run: Option<(usize, usize, String)>,
}

impl Printer {
    /// A printer for a run over these inputs.
    pub fn new(
        columns: Columns,
        inputs: &[String],
        format: Format,
        logs: Option<LogDir>,
    ) -> Printer {
        let width = terminal_width();
        Printer {
            table: ResultTable::new(columns, inputs.iter().map(String::as_str)).with_width(width),
            width,
            format,
            progress: Progress::new(inputs.len()),
            logs,
            report: None,
            header_printed: false,
            isolation: None,
            announced: false,
            build_shown: false,
            not_run: None,
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
    /// 0 when judging completed, [`EXIT_INTERRUPTED`](super::status::EXIT_INTERRUPTED) after Ctrl-C; an error when the report
    /// or a log could not be written.
    pub fn finish(mut self, report: &Report) -> anyhow::Result<ExitCode> {
        self.announce_isolation();
        self.progress.finish();
        match self.format {
            Format::Table => {
                let not_run = self.not_run.take();
                if !self.header_printed && not_run.is_none() {
                    self.print(&self.table.header());
                }
                if let Some((first, last, reason)) = &not_run {
                    let line = not_run_line(*first, *last, reason, self.build_shown, self.width);
                    self.print(&line);
                }
                // The memory column's dashes are explained where rows show them.
                if let Some(footnote) = memory_footnote(report).filter(|_| self.header_printed) {
                    self.print(&fit(&footnote, self.width));
                }
                self.print(&fit(&score_line(report), self.width));
            }
            Format::Json => self.print(&inert_json(self.report_json(report).trim_end())),
        }
        if let Some(file) = &self.report {
            let json = self.report_json(report);
            super::write_output(file, "report", json.as_bytes())?;
        }
        if let Some(error) = self.logs.take().and_then(LogDir::into_error) {
            return Err(error);
        }
        Ok(exit_status(report))
    }

    /// Says once on stderr, as the first results come (so after every check that may refuse
    /// the run), what isolation the runs get and what the judge cannot guarantee here.
    fn announce_isolation(&mut self) {
        if self.announced {
            return;
        }
        self.announced = true;
        if let Some(isolation) = &self.isolation {
            let line = fit(&format!("duel: {}", escape(&isolation.summary)), self.width);
            self.progress.suspend(|| eprintln!("{line}"));
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
        self.build_shown |= !build.succeeded;
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
        // A test not run because the submission could not be built: no row each, one line
        // at the end for all of them (the compiler's lines are shown once, on stderr).
        if result.verdict == duel_arena::Verdict::CompileError {
            let reason = result.reason.clone().unwrap_or_default();
            match &mut self.not_run {
                Some((_, last, _)) => *last = result.index,
                None => self.not_run = Some((result.index, result.index, reason)),
            }
            return;
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
