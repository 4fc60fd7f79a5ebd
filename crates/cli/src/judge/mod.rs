//! `duel ioiwari judge` and `duel mis judge`.

pub mod batch;
pub mod ioiwari;
pub mod mis;
pub mod output;

use crate::flags::{seconds, LimitArgs, SandboxArg, SandboxKind};
use anyhow::bail;
use duel_sandbox::{Isolation, IsolationRecord, Limits, Sandbox};
use output::{open_output, Columns, Format, LogDir, Printer};
use std::path::PathBuf;

/// The flags both judges share: limits, parallelism, sandbox and where results go.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// `--time-limit` and `--memory-limit`.
    #[command(flatten)]
    pub limit: LimitArgs,

    /// Wall-clock time per test, in seconds (default: 3 × the time limit).
    #[arg(long, value_name = "SECONDS")]
    pub wall_limit: Option<f64>,

    /// Tests run at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,

    /// `--sandbox`.
    #[command(flatten)]
    pub sandbox: SandboxArg,

    /// Write the JSON report here (score, and every test's result).
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,

    /// Keep each game in DIR: test-NN.out, and its moves in test-NN.moves.
    #[arg(long, value_name = "DIR")]
    pub logs: Option<PathBuf>,

    /// Print the JSON report on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
}

impl RunArgs {
    /// The per-test limits the flags ask for.
    pub fn limits(&self) -> anyhow::Result<Limits> {
        let mut limits = self.limit.limits().map_err(anyhow::Error::msg)?;
        if let Some(wall) = self.wall_limit {
            limits =
                limits.with_wall_time(seconds("--wall-limit", wall).map_err(anyhow::Error::msg)?);
        }
        Ok(limits)
    }

    /// How many tests run at once.
    pub fn jobs(&self) -> anyhow::Result<usize> {
        match self.jobs {
            Some(0) => bail!("--jobs must be at least 1"),
            Some(jobs) => Ok(jobs),
            None => Ok(std::thread::available_parallelism().map_or(1, usize::from)),
        }
    }

    /// The sandbox the submission runs in (`none` still gets a user of its own).
    pub fn sandbox(&self) -> Sandbox {
        self.sandbox.sandbox()
    }

    /// How the runs are isolated here, as the report records it.
    pub fn isolation(&self) -> IsolationRecord {
        let bwrap = match self.sandbox.sandbox {
            SandboxKind::Bwrap => true,
            SandboxKind::None => false,
            SandboxKind::Auto => Sandbox::Auto.uses_bwrap(),
        };
        Isolation::detect().record(bwrap)
    }

    /// Opens the report and log destinations before any test runs (see
    /// [`output::open_output`], [`LogDir`]), and builds the printer that shows results as they
    /// arrive and writes them.
    pub fn printer(&self, columns: Columns, inputs: &[String]) -> anyhow::Result<Printer> {
        let report = match &self.report {
            Some(path) => Some(open_output(path, "report")?),
            None => None,
        };
        let logs = match &self.logs {
            Some(dir) => Some(LogDir::create(dir, inputs.len())?),
            None => None,
        };
        let format = if self.json {
            Format::Json
        } else {
            Format::Table
        };
        Ok(Printer::new(columns, inputs, format, logs)
            .with_report(report)
            .with_isolation(self.isolation()))
    }
}
