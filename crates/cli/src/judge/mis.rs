//! `duel mis judge`: scores a Bolek (a line-protocol program, a C-ABI module or the built-in
//! player) against the adversarial Lolek.

use super::output::{interrupt_flag, Columns};
use anyhow::Context;
use duel_arena::mis::judge::{
    judge, JudgeOptions, HOST_ALLOWANCE_PER_STICK, PLAYER_ALLOWANCE_PER_MOVE,
};
use duel_arena::mis::{host, official_tests, parse_tests, BolekSource, MisTest};
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

    #[command(flatten)]
    pub run: super::RunArgs,
}

/// Runs `duel mis judge`.
pub fn run(args: JudgeArgs) -> anyhow::Result<ExitCode> {
    let tests = test_set(&args.tests)?;
    let options = options(&args)?;
    let inputs: Vec<String> = tests.iter().map(|t| t.start.to_string()).collect();
    let columns = Columns {
        input: "position",
        summary: "left",
    };
    let mut printer = args.run.printer(columns, &inputs)?;
    let report = judge(&options, &tests, &mut printer)?;
    printer.finish(&report, args.run.report.as_deref())
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
    let mut options = JudgeOptions::new(bolek);
    options.limits = args.run.limits()?;
    options.sandbox = args.run.sandbox();
    options.jobs = args.run.jobs()?;
    options.logs = args.run.logs.is_some();
    options.cancel = interrupt_flag();
    // The help text quotes these figures.
    debug_assert_eq!(HOST_ALLOWANCE_PER_STICK, Duration::from_nanos(100));
    debug_assert_eq!(PLAYER_ALLOWANCE_PER_MOVE, Duration::from_micros(30));
    Ok(options)
}
