//! `duel ioiwari judge`: scores a player-1 program against the optimal player 2.

use super::output::{interrupt_flag, Columns};
use anyhow::{bail, Context};
use duel_arena::ioiwari::{judge, JudgeOptions, Opponent, TestSet};
use duel_arena::runner::ProgramCommand;
use std::process::ExitCode;

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

    #[command(flatten)]
    pub run: super::RunArgs,
}

/// Runs `duel ioiwari judge`.
pub fn run(args: JudgeArgs) -> anyhow::Result<ExitCode> {
    let options = options(&args)?;
    let tests: TestSet = args.tests.parse().unwrap_or(TestSet::Official);
    let boards = tests.boards()?;
    let inputs: Vec<String> = boards.iter().map(ToString::to_string).collect();
    let columns = Columns {
        input: "board",
        summary: "banks",
    };
    let mut printer = args.run.printer(columns, &inputs)?;
    let report = judge(&options, &boards, &mut printer)?;
    printer.finish(&report, args.run.report.as_deref())
}

fn options(args: &JudgeArgs) -> anyhow::Result<JudgeOptions> {
    let player = match &args.player {
        Some(command) => ProgramCommand::shell(command.clone()),
        None => default_player()?,
    };
    let mut options = JudgeOptions::new(player);
    options.limits = args.run.limits()?;
    options.sandbox = args.run.sandbox();
    options.opponent = match args.seed {
        Some(seed) => Opponent::Random { seed },
        None => Opponent::FirstOptimal,
    };
    options.jobs = args.run.jobs()?;
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
