//! `duel ioiwari judge`: scores player-1 programs or sources against the optimal player 2.

use super::batch::{self, BatchArgs, Kind};
use super::output::Columns;
use anyhow::{bail, Context};
use duel_arena::ioiwari::{unwinnable, Ioiwari, Opponent, TestSet};
use duel_arena::judge::{Entry, Settings, Submission};
use duel_arena::runner::ProgramCommand;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  duel ioiwari judge                                   # the project's own ioiwari: scores 100
  duel ioiwari judge --player ./a.out
  duel ioiwari judge --player player.pas               # a source: built first, then judged
  duel ioiwari judge --player 'python3 player.py' --tests all --jobs 4
  duel ioiwari judge --player ./a.out --tests my-boards.txt --logs logs/ --report report.json
  duel ioiwari judge --player ./a.out --seed 7 --sandbox bwrap
  duel ioiwari judge --player submissions/ --report ranking.json --csv ranking.csv --logs logs/

Submissions: --player is a shell command line, a source file, or a directory; repeat it to judge
several. A directory stands for every source and executable file in it. Several submissions
meet the same tests and the same player-2 choices; the result is a ranking (rank, submission,
score, total CPU time, verdict counts; equal scores share a rank), and --report then holds the
ranking and every submission's full report, --logs one subdirectory per submission.

Sources (built in a temporary directory that is removed afterwards, nothing is written next to
the source; the compiler runs with the submission's sandbox, limited to 60 s of CPU and 1.5 GB):
  .c              gcc -std=gnu11 -O2 -pipe -o {output} {source} -lm
  .cpp .cc .cxx   g++ -std=gnu++17 -O2 -pipe -o {output} {source}
  .pas .pp        fpc -l- -v0 -O2 -Xs -Faduelflush -Fu{dir} -FU{dir} -FE{dir} -o{output} {source}
                  (the unit duelflush makes Writeln flush, so the statement's Writeln/Readln
                  without Flush works on a pipe)
  .py             checked with python3's compile(), then run as python3 {source}
  .rs             rustc --edition 2021 -O -o {output} {source}
Replace one with --compile LANG=COMMAND (LANG: c, cpp, pascal, python, rust). A source that does
not compile gets compile_error on every test, with the compiler's first error line; the
compiler's first lines are shown on stderr and kept in the report (and in logs/compile.txt).

Tests: `official` (the 24 positions of the official test data, in order), `all` (the 357 start
boards), or a file with one board per line (7 bead counts; `#` comments and blank lines are
skipped; write ./official for a file named official).

Scoring: every test weighs the same; a win earns its full share, a draw half, anything else
nothing; the total is out of 100. Verdicts: win, draw, loss, illegal_move (an empty pit or a pit
outside 1..7), protocol_error (a line that is not one integer, or longer than 4096 bytes),
time_limit, memory_limit, runtime_error, early_exit, compile_error. A program that never writes
a move and runs out of wall-clock time is told to check that it flushes its output.

Limits per test: CPU time of all the program's processes (--time-limit), wall-clock time spent
waiting for the program (--wall-limit; player 2's thinking is not charged), address space and
resident memory (--memory-limit). The program runs in its own session; everything it started
is killed when its test ends. Under --sandbox bwrap it sees a read-only file system and an empty,
private /tmp: keep it outside /tmp (or run the judge from its directory).

Exit status: 0 judging completed (whatever the score); 130 interrupted by Ctrl-C (the report
then holds the finished tests and says interrupted); 2 the judge could not run (no such
program or compiler, a bad test file, bwrap missing or failing, an unwritable report or log).";

/// Arguments of `duel ioiwari judge`.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct JudgeArgs {
    /// The player-1 program: a shell command line, a source file (.c .cpp .cc .cxx .pas .pp .py
    /// .rs) or a directory of them; repeat it to judge several (default: the `ioiwari` next to
    /// `duel`).
    #[arg(long, value_name = "CMD|FILE|DIR")]
    pub player: Vec<String>,

    /// The test set: official, all, or a file of boards.
    #[arg(long, value_name = "SET", default_value = "official")]
    pub tests: String,

    /// Player 2 picks at random among its optimal moves, reproducibly from this seed
    /// (default: always the first optimal pit, like the official player 2).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    #[command(flatten)]
    pub run: super::RunArgs,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// Runs `duel ioiwari judge`.
pub fn run(args: JudgeArgs) -> anyhow::Result<ExitCode> {
    let entries = if args.player.is_empty() {
        let player = default_player()?;
        vec![Entry {
            name: player.to_string(),
            submission: Submission::Command(player),
        }]
    } else {
        batch::entries(&args.player, Kind::Player)?
    };
    let tests: TestSet = args.tests.parse().unwrap_or(TestSet::Official);
    let boards = tests.boards()?;
    let inputs: Vec<String> = boards.iter().map(ToString::to_string).collect();
    let columns = Columns {
        input: "board",
        summary: "banks",
    };
    let opponent = match args.seed {
        Some(seed) => Opponent::Random { seed },
        None => Opponent::FirstOptimal,
    };
    let mut settings = Settings::new(args.run.limits()?);
    settings.sandbox = args.run.sandbox();
    settings.jobs = args.run.jobs()?;
    settings.logs = true;
    let game = Ioiwari::new(opponent);
    if matches!(tests, TestSet::File(_)) {
        warn_unwinnable(&game, &boards);
    }
    batch::run(
        &game,
        entries,
        &boards,
        &inputs,
        columns,
        &args.run,
        &args.batch,
        settings,
    )
}

/// A test board player 1 cannot win is judged all the same, with a warning naming it: even a
/// perfect player scores less than 100 there.
fn warn_unwinnable(game: &Ioiwari, boards: &[duel_ioiwari::Board]) {
    for (number, board, value) in unwinnable(game.table(), boards) {
        let best = if value == 0 {
            "a draw at best".to_owned()
        } else {
            format!("a loss by {} at best", -value)
        };
        eprintln!(
            "duel: warning: test {number} ({board}): player 1 cannot win this board ({best})"
        );
    }
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

#[cfg(test)]
mod tests {
    use duel_arena::compile::{default_command, Language, Target};

    #[test]
    fn the_help_quotes_the_compile_commands_in_use() {
        for language in [Language::C, Language::Cpp, Language::Pascal, Language::Rust] {
            let command = default_command(language, Target::Player);
            assert!(super::EXAMPLES.contains(&command), "{command}");
        }
    }
}
