//! `duel ioiwari judge` and `duel mis judge`.

pub mod batch;
pub mod ioiwari;
pub mod mis;
pub mod output;

use anyhow::bail;
use duel_sandbox::{Isolation, IsolationRecord, Limits, Sandbox};
use output::{open_output, Columns, Format, LogDir, Printer};
use std::path::PathBuf;
use std::time::Duration;

/// The flags both judges share: limits, parallelism, sandbox and where results go.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// CPU time per test, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0)]
    pub time_limit: f64,

    /// Wall-clock time per test, in seconds (default: 3 × the time limit).
    #[arg(long, value_name = "SECONDS")]
    pub wall_limit: Option<f64>,

    /// Memory per test, in MiB (address space and resident).
    #[arg(long, value_name = "MB", default_value_t = 32)]
    pub memory_limit: u64,

    /// Tests run at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,

    /// auto (the strongest here), bwrap (demand it) or none.
    // auto: the strongest isolation this machine allows (bubblewrap when it is installed and
    // works); bwrap: demand bubblewrap (no network, read-only file system, private 64 MB /tmp,
    // own PID namespace), fail if it cannot run; none: no bubblewrap. A cgroup per test and,
    // when the judge runs as root, a user of its own apply whatever the choice, where the
    // machine allows them (README: "How the judge isolates and measures").
    #[arg(long, value_name = "KIND", value_parser = ["auto", "bwrap", "none"], default_value = "auto", hide_possible_values = true)]
    pub sandbox: String,

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
        if self.memory_limit == 0 {
            bail!("--memory-limit must be at least 1 MB");
        }
        let mut limits = Limits::new(seconds("--time-limit", self.time_limit)?, self.memory_limit);
        if let Some(wall) = self.wall_limit {
            limits = limits.with_wall_time(seconds("--wall-limit", wall)?);
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
        match self.sandbox.as_str() {
            "bwrap" => Sandbox::Bwrap,
            "none" => Sandbox::None,
            _ => Sandbox::Auto,
        }
    }

    /// How the runs are isolated here, as the report records it.
    pub fn isolation(&self) -> IsolationRecord {
        let bwrap = match self.sandbox.as_str() {
            "bwrap" => true,
            "none" => false,
            _ => Sandbox::Auto.uses_bwrap(),
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

/// A positive, finite number of seconds, at most a day.
fn seconds(flag: &str, value: f64) -> anyhow::Result<Duration> {
    if !(value.is_finite() && value > 0.0 && value <= 86_400.0) {
        bail!("{flag} must be a positive number of seconds, got {value}");
    }
    Ok(Duration::from_secs_f64(value))
}
