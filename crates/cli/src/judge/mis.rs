//! `duel mis judge`: scores a Bolek (a line-protocol program, a C-ABI module or the built-in
//! player) against the adversarial Lolek.

use super::output::{check_report_path, interrupt_flag, Columns, Format, LogDir, Printer};
use anyhow::{bail, Context};
use duel_arena::mis::judge::{
    judge, JudgeOptions, DEFAULT_MEMORY_MIB, HOST_ALLOWANCE_PER_STICK, PLAYER_ALLOWANCE_PER_MOVE,
};
use duel_arena::mis::{host, official_tests, parse_tests, BolekSource, MisTest};
use duel_arena::runner::{Limits, Sandbox};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const EXAMPLES: &str = "\
Examples:
  duel mis judge                                       # the built-in Bolek: scores 100
  duel mis judge --module ./libmis.so                  # a C-ABI module (poczatek, ruch_bolka)
  duel mis judge --player ./bolek --jobs 2             # a line-protocol program
  duel mis judge --player 'python3 bolek.py' --tests my-tests.txt --report report.json
  duel mis judge --module ./libmis.so --logs logs/ --sandbox bwrap

Tests: `official` (the project's set of 37 positions, all winnable for Bolek, each chosen to
catch a kind of wrong solution: the statement's example, piles below B+1, multiples of B+1,
B = 1 with 10^7 sticks, B = 10^6, very unequal piles...; see crates/arena/data/mis-official.txt),
or a file with one position `p e B` per line (`#` comments and blank lines are skipped; every
position must be within the task's limits and winnable for Bolek; write ./official for a file
named official).

Lolek is adversarial: he wins from any position Bolek leaves him that he can win, and
otherwise plays moves meant to catch wrong solutions. A test is won or lost; the score is the
share of tests won, out of 100. Verdicts: win, loss (the reason names Bolek's first move that
left Lolek a winning position), illegal_move, protocol_error (an answer that is not two
integers), time_limit, memory_limit, runtime_error, early_exit.

Line protocol (--player): the judge writes `p e B` once; before each of Bolek's moves it writes
`p e` and reads one line `bp be`; it closes the program's input when the game is over.

Limits per test: --time-limit is Bolek's own CPU time. On top of it, a module's host (which
also runs Lolek) gets 0.1 µs per stick of the start pool, and a --player program gets 30 µs
per Bolek move the game can last, ceil((p+e)/2): each move costs it a pipe round trip (a C
player needs about 6 µs, a Python one about 13). So the B = 1 tests with 10^7 sticks allow a
player 150-300 s (a C player used 96 s of CPU on the whole official set, 51 s on its longest
game). The wall-clock limit (time spent waiting for Bolek) is 3 times the time limit, plus 3
times the module's allowance, or 300 µs per possible Bolek move for a player (a round trip's
latency on a busy machine is mostly waiting for a core). --memory-limit applies to the
program's processes, or to the module itself (the host's own few MB are not counted).
Everything Bolek started is killed when its test ends.

Exit status: 0 judging completed (whatever the score); 130 interrupted by Ctrl-C (the report
then holds the finished tests and says interrupted); 2 the judge could not run (no such
program or module, a module without poczatek/ruch_bolka, a bad test file, bwrap missing or
failing, an unwritable report or log).";

/// Arguments of `duel mis judge`.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct JudgeArgs {
    /// Bolek is this program speaking the line protocol, a shell command line.
    #[arg(long, value_name = "CMD", conflicts_with = "module")]
    pub player: Option<String>,

    /// Bolek is this shared library exporting poczatek and ruch_bolka (run in mis-host).
    #[arg(long, value_name = "LIB")]
    pub module: Option<PathBuf>,

    /// The test set: official, or a file of positions `p e B`.
    #[arg(long, value_name = "SET", default_value = "official")]
    pub tests: String,

    /// Bolek's own CPU time limit per test, in seconds (allowances are added, see below).
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0)]
    pub time_limit: f64,

    /// Wall-clock limit per test, in seconds, before allowances (default: 3 × the time limit).
    #[arg(long, value_name = "SECONDS")]
    pub wall_limit: Option<f64>,

    /// Memory limit per test, in MB (MiB).
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_MEMORY_MIB)]
    pub memory_limit: u64,

    /// How many tests run at once (default: the number of cores); results are the same.
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,

    /// Run Bolek under bubblewrap: no network, read-only file system, private /tmp.
    #[arg(long, value_name = "KIND", value_parser = ["none", "bwrap"], default_value = "none")]
    pub sandbox: String,

    /// Write a JSON report here (atomically): the score and, per test, its input, verdict,
    /// reason, moves, time and memory.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,

    /// Keep each test's game in DIR/test-NN.out, as graj prints it (long games keep their
    /// first 10000 and last 1000 moves).
    #[arg(long, value_name = "DIR")]
    pub logs: Option<PathBuf>,

    /// Print the JSON report on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// Runs `duel mis judge`.
pub fn run(args: JudgeArgs) -> anyhow::Result<ExitCode> {
    let tests = test_set(&args.tests)?;
    let options = options(&args)?;
    if let Some(path) = &args.report {
        check_report_path(path)?;
    }
    let logs = match &args.logs {
        Some(dir) => Some(LogDir::create(dir, tests.len())?),
        None => None,
    };
    let inputs: Vec<String> = tests.iter().map(|t| t.start.to_string()).collect();
    let format = if args.json {
        Format::Json
    } else {
        Format::Table
    };
    let columns = Columns {
        input: "position",
        summary: "left",
    };
    let mut printer = Printer::new(columns, &inputs, format, logs);
    let report = judge(&options, &tests, &mut printer)?;
    printer.finish(&report, args.report.as_deref())
}

fn test_set(name: &str) -> anyhow::Result<Vec<MisTest>> {
    if name == "official" {
        return Ok(official_tests());
    }
    let text = std::fs::read_to_string(name)
        .with_context(|| format!("cannot read the test file {name} (or say --tests official)"))?;
    parse_tests(&text).with_context(|| format!("bad test file {name}"))
}

fn options(args: &JudgeArgs) -> anyhow::Result<JudgeOptions> {
    let bolek = match (&args.player, &args.module) {
        (Some(command), _) => BolekSource::Player {
            command: command.clone(),
        },
        (None, Some(library)) => BolekSource::Module {
            library: library.clone(),
            host: host::default_host_path()?,
        },
        (None, None) => BolekSource::Builtin,
    };
    let time_limit = seconds("--time-limit", args.time_limit)?;
    if args.memory_limit == 0 {
        bail!("--memory-limit must be at least 1 MB");
    }
    let mut limits = Limits::new(time_limit, args.memory_limit);
    if let Some(wall) = args.wall_limit {
        limits = limits.with_wall_time(seconds("--wall-limit", wall)?);
    }
    let jobs = match args.jobs {
        Some(0) => bail!("--jobs must be at least 1"),
        Some(jobs) => jobs,
        None => std::thread::available_parallelism().map_or(1, usize::from),
    };
    let mut options = JudgeOptions::new(bolek);
    options.limits = limits;
    options.sandbox = match args.sandbox.as_str() {
        "bwrap" => Sandbox::Bwrap,
        _ => Sandbox::None,
    };
    options.jobs = jobs;
    options.logs = args.logs.is_some();
    options.cancel = interrupt_flag();
    // The help text quotes these figures.
    debug_assert_eq!(HOST_ALLOWANCE_PER_STICK, Duration::from_nanos(100));
    debug_assert_eq!(PLAYER_ALLOWANCE_PER_MOVE, Duration::from_micros(30));
    Ok(options)
}

fn seconds(flag: &str, value: f64) -> anyhow::Result<Duration> {
    if !(value.is_finite() && value > 0.0 && value <= 86_400.0) {
        bail!("{flag} must be a positive number of seconds, got {value}");
    }
    Ok(Duration::from_secs_f64(value))
}
