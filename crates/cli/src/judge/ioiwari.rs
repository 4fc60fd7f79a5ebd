//! `duel ioiwari judge`: scores a player-1 program against the optimal player 2.

use super::output::{check_report_path, interrupt_flag, Columns, Format, LogDir, Printer};
use anyhow::{bail, Context};
use duel_arena::ioiwari::{judge, JudgeOptions, Opponent, TestSet};
use duel_arena::runner::{Limits, ProgramCommand, Sandbox};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const EXAMPLES: &str = "\
Examples:
  duel ioiwari judge                                   # the project's own ioiwari: scores 100
  duel ioiwari judge --player ./a.out
  duel ioiwari judge --player 'python3 player.py' --tests all --jobs 4
  duel ioiwari judge --player ./a.out --tests my-boards.txt --logs logs/ --report report.json
  duel ioiwari judge --player ./a.out --seed 7 --sandbox bwrap

Tests: `official` (the 24 positions of the official test data, in order), `all` (the 357 start
boards), or a file with one board per line (7 bead counts; `#` comments and blank lines are
skipped; write ./official for a file named official).

Scoring: every test weighs the same; a win earns its full share, a draw half, anything else
nothing; the total is out of 100. Verdicts: win, draw, loss, illegal_move (an empty pit or a pit
outside 1..7), protocol_error (a line that is not one integer, or longer than 4096 bytes),
time_limit, memory_limit, runtime_error, early_exit.

Limits per test: CPU time of all the program's processes (--time-limit), wall-clock time spent
waiting for the program (--wall-limit; player 2's thinking is not charged), address space and
resident memory (--memory-limit). The program runs in its own session; everything it started
is killed when its test ends. Under --sandbox bwrap it sees a read-only file system and an empty,
private /tmp: keep it outside /tmp (or run the judge from its directory).

Exit status: 0 judging completed (whatever the score); 130 interrupted by Ctrl-C (the report
then holds the finished tests and says interrupted); 2 the judge could not run (no such
program, a bad test file, bwrap missing or failing, an unwritable report or log).";

/// Arguments of `duel ioiwari judge`.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct JudgeArgs {
    /// The player-1 program, a shell command line (default: the `ioiwari` next to `duel`).
    #[arg(long, value_name = "CMD")]
    pub player: Option<String>,

    /// The test set: official, all, or a file of boards.
    #[arg(long, value_name = "SET", default_value = "official")]
    pub tests: String,

    /// Player 2 picks at random among its optimal moves, reproducibly from this seed
    /// (default: always the first optimal pit, like the official player 2).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// CPU time limit per test, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0)]
    pub time_limit: f64,

    /// Wall-clock limit per test, in seconds (default: 3 × the time limit).
    #[arg(long, value_name = "SECONDS")]
    pub wall_limit: Option<f64>,

    /// Memory limit per test, in MB (MiB): address space per process and resident memory of
    /// all its processes.
    #[arg(long, value_name = "MB", default_value_t = 32)]
    pub memory_limit: u64,

    /// How many tests run at once (default: the number of cores); results are the same.
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,

    /// Run the program under bubblewrap: no network, read-only file system, private /tmp.
    #[arg(long, value_name = "KIND", value_parser = ["none", "bwrap"], default_value = "none")]
    pub sandbox: String,

    /// Write a JSON report here (atomically): the score and, per test, its input, verdict,
    /// reason, moves, time and memory.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,

    /// Keep each test's dialogue in DIR/test-NN.out, in the ioiwari.out format.
    #[arg(long, value_name = "DIR")]
    pub logs: Option<PathBuf>,

    /// Print the JSON report on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// Runs `duel ioiwari judge`.
pub fn run(args: JudgeArgs) -> anyhow::Result<ExitCode> {
    let options = options(&args)?;
    let tests: TestSet = args.tests.parse().unwrap_or(TestSet::Official);
    let boards = tests.boards()?;
    if let Some(path) = &args.report {
        check_report_path(path)?;
    }
    let logs = match &args.logs {
        Some(dir) => Some(LogDir::create(dir, boards.len())?),
        None => None,
    };
    let inputs: Vec<String> = boards.iter().map(ToString::to_string).collect();
    let format = if args.json {
        Format::Json
    } else {
        Format::Table
    };
    let columns = Columns {
        input: "board",
        summary: "banks",
    };
    let mut printer = Printer::new(columns, &inputs, format, logs);
    let report = judge(&options, &boards, &mut printer)?;
    printer.finish(&report, args.report.as_deref())
}

fn options(args: &JudgeArgs) -> anyhow::Result<JudgeOptions> {
    let player = match &args.player {
        Some(command) => ProgramCommand::shell(command.clone()),
        None => default_player()?,
    };
    let time_limit = seconds("--time-limit", args.time_limit)?;
    let mut limits = Limits::new(time_limit, args.memory_limit);
    if let Some(wall) = args.wall_limit {
        limits = limits.with_wall_time(seconds("--wall-limit", wall)?);
    }
    if args.memory_limit == 0 {
        bail!("--memory-limit must be at least 1 MB");
    }
    let jobs = match args.jobs {
        Some(0) => bail!("--jobs must be at least 1"),
        Some(jobs) => jobs,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let mut options = JudgeOptions::new(player);
    options.limits = limits;
    options.sandbox = match args.sandbox.as_str() {
        "bwrap" => Sandbox::Bwrap,
        _ => Sandbox::None,
    };
    options.opponent = match args.seed {
        Some(seed) => Opponent::Random { seed },
        None => Opponent::FirstOptimal,
    };
    options.jobs = jobs;
    options.cancel = interrupt_flag();
    Ok(options)
}

/// The project's own player, installed beside `duel`.
fn default_player() -> anyhow::Result<ProgramCommand> {
    let path = std::env::current_exe()
        .context("cannot locate the duel executable to find the default player")?
        .with_file_name("ioiwari");
    if !path.is_file() {
        bail!(
            "the default player {} is missing (build it with `cargo build --bin ioiwari`, or pass --player CMD)",
            path.display()
        );
    }
    Ok(ProgramCommand::program(path))
}

fn seconds(flag: &str, value: f64) -> anyhow::Result<Duration> {
    if !(value.is_finite() && value > 0.0 && value <= 86_400.0) {
        bail!("{flag} must be a positive number of seconds, got {value}");
    }
    Ok(Duration::from_secs_f64(value))
}
