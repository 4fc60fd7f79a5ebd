//! `duel mis judge`: scores a Bolek (a line-protocol program, a C-ABI module or the built-in
//! player) against the adversarial Lolek.

use super::batch::{self, BatchArgs, Kind};
use super::output::Columns;
use anyhow::Context;
use duel_arena::judge::{Entry, Settings, Submission};
use duel_arena::mis::{official_tests, parse_tests, Mis, MisTest};
use duel_arena::runner::ProgramCommand;
use duel_mis::LolekKind;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  duel mis judge                                       # the built-in Bolek: scores 100
  duel mis judge --module ./libmis.so                  # a C-ABI module (poczatek, ruch_bolka)
  duel mis judge --player ./bolek --jobs 2             # a line-protocol program
  duel mis judge --player 'python3 bolek.py' --tests my-tests.txt --report report.json
  duel mis judge --module ./libmis.so --logs logs/ --sandbox bwrap
  duel mis judge --module mis.pas                      # a source: built first, then judged
  duel mis judge --module submissions/ --report ranking.json --csv ranking.csv

Submissions: --module is a shared library, a source (.c, .cpp/.cc/.cxx, or a Pascal unit mis in
.pas/.pp) or a directory of them; --player is a shell command line; repeat either to judge
several. Several submissions meet the same tests; the result is a ranking (rank, submission,
score, total CPU time, verdict counts; equal scores share a rank), and --report then holds the
ranking and every submission's full report, --logs one subdirectory per submission.

Module sources (built in a temporary directory that is removed afterwards, with the task's
mis.h beside them; the compiler runs with the submission's sandbox):
  .c              gcc -std=gnu11 -O2 -pipe -shared -fPIC -o {output} {source} -lm
  .cpp .cc .cxx   g++ -std=gnu++17 -O2 -pipe -shared -fPIC -o {output} {source}
                  (the functions need C linkage: include mis.h or write extern \"C\")
  .pas .pp        the unit mis, wrapped by the judge in a library exporting poczatek and
                  ruch_bolka (cdecl): fpc -l- -v0 -O2 -Cg -Fu{dir} -FU{dir} -FE{dir} -o{output} {source}
Replace one with --compile LANG=COMMAND (LANG: c, cpp, pascal). A source that does not compile
gets compile_error on every test, with the compiler's first error line.

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
integers), time_limit, memory_limit, runtime_error, early_exit, compile_error.

Line protocol (--player): the judge writes `p e B` once; before each of Bolek's moves it writes
`p e` and reads one line `bp be`; it closes the program's input when the game is over.

Limits per test: --time-limit is Bolek's own CPU time. On top of it, a module's host (which
also runs Lolek) gets 0.1 µs per stick of the start pool, and a --player program gets 30 µs of
CPU and 300 µs of waiting per Bolek move the game can last, ceil((p+e)/2). The wall-clock
limit (time spent waiting for Bolek) is 3 times the time limit, plus 3 times the module's
allowance, or the player's 300 µs per move. --memory-limit applies to the program's
processes, or to the module itself (the host's own few MB are not counted). Everything Bolek
started is killed when its test ends.

What a --player move costs: one pipe round trip (the judge writes `p e`, the program answers).
The judge keeps itself and the program on one CPU (they never run at once) and waits for the
answer in a plain blocking read, so a round trip costs little more than a plain pipe ping-pong
between two processes: about 2.3 µs against the ping-pong's 1.9 µs on a two-core machine (at
most 1.5 times is the target; crates/cli/benches/mis_round_trip.rs measures the two side by
side), 30 to 80 µs when its cores are loaded eightfold (mostly waiting for a core). The
program's own CPU per move is about 1.5 µs in C (read/write or scanf/printf/fflush) and 7 µs in
Python. The allowances follow from these: 30 µs of CPU per move is 20 times what a C program
needs and 4 times a Python one; 300 µs of waiting is over 100 times a round trip on an idle
machine and 4 times the slowest measured on the loaded one. The longest game the task allows,
2*10^7 moves (p = e = 10^7, B = 1), is 10^7 Bolek moves, so 10^7 round trips: about 25 s of
waiting on an idle machine and 15 s (C) or 70 s (Python) of the program's CPU, well within that
game's allowances of 300 s of CPU and 3000 s of waiting; --time-limit needs to cover only
Bolek's thinking. A --player program runs on one CPU at a time.

Exit status: 0 judging completed (whatever the score); 130 interrupted by Ctrl-C (the report
then holds the finished tests and says interrupted); 2 the judge could not run (no such
program, module or compiler, a module without poczatek/ruch_bolka, a bad test file, bwrap
missing or failing, an unwritable report or log).";

/// Arguments of `duel mis judge`.
#[derive(Debug, clap::Args)]
#[command(after_help = EXAMPLES)]
pub struct JudgeArgs {
    /// Bolek is this program speaking the line protocol, a shell command line (repeatable).
    #[arg(long, value_name = "CMD")]
    pub player: Vec<String>,

    /// Bolek is this module: a shared library exporting poczatek and ruch_bolka (run in
    /// mis-host), a C, C++ or Pascal source, or a directory of them (repeatable).
    #[arg(long, value_name = "LIB|FILE|DIR")]
    pub module: Vec<String>,

    /// The test set: official, or a file of positions `p e B`.
    #[arg(long, value_name = "SET", default_value = "official")]
    pub tests: String,

    #[command(flatten)]
    pub run: super::RunArgs,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// Runs `duel mis judge`.
pub fn run(args: JudgeArgs) -> anyhow::Result<ExitCode> {
    let tests = test_set(&args.tests)?;
    let mut entries: Vec<Entry> = args
        .player
        .iter()
        .map(|command| Entry {
            name: command.clone(),
            submission: Submission::Command(ProgramCommand::shell(command.clone())),
        })
        .collect();
    entries.extend(batch::entries(&args.module, Kind::Module)?);
    if entries.is_empty() {
        entries.push(Entry {
            name: "built-in Bolek".into(),
            submission: Submission::Builtin,
        });
    }
    let inputs: Vec<String> = tests.iter().map(|t| t.start.to_string()).collect();
    let columns = Columns {
        input: "position",
        summary: "left",
    };
    let mut settings = Settings::new(args.run.limits()?);
    settings.sandbox = args.run.sandbox();
    settings.jobs = args.run.jobs()?;
    settings.logs = args.run.logs.is_some();
    let game = Mis::new(LolekKind::Adversarial, None);
    batch::run(
        &game,
        entries,
        &tests,
        &inputs,
        columns,
        &args.run,
        &args.batch,
        settings,
    )
}

fn test_set(name: &str) -> anyhow::Result<Vec<MisTest>> {
    if name == "official" {
        return Ok(official_tests());
    }
    let text = duel_arena::judge::read_test_file(name.as_ref())
        .with_context(|| format!("cannot read the test file {name} (or say --tests official)"))?;
    parse_tests(&text).with_context(|| format!("bad test file {name}"))
}

#[cfg(test)]
mod tests {
    use duel_arena::compile::{default_command, Language, Target};
    use duel_arena::mis::judge::{
        HOST_ALLOWANCE_PER_STICK, PLAYER_ALLOWANCE_PER_MOVE, PLAYER_WALL_ALLOWANCE_PER_MOVE,
    };
    use std::time::Duration;

    fn help() -> String {
        super::EXAMPLES
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_help_quotes_the_time_allowances_in_use() {
        let micros = |d: Duration| d.as_nanos() as f64 / 1000.0;
        let help = help();
        for quoted in [
            format!("{} µs per stick", micros(HOST_ALLOWANCE_PER_STICK)),
            format!(
                "gets {} µs of CPU and {} µs of waiting per Bolek move",
                micros(PLAYER_ALLOWANCE_PER_MOVE),
                micros(PLAYER_WALL_ALLOWANCE_PER_MOVE)
            ),
            // The longest game: 10^7 Bolek moves.
            format!(
                "allowances of {} s of CPU and {} s of waiting",
                (PLAYER_ALLOWANCE_PER_MOVE * 10_000_000).as_secs(),
                (PLAYER_WALL_ALLOWANCE_PER_MOVE * 10_000_000).as_secs()
            ),
        ] {
            assert!(help.contains(&quoted), "{quoted}");
        }
    }

    #[test]
    fn the_help_quotes_the_compile_commands_in_use() {
        for language in [Language::C, Language::Cpp, Language::Pascal] {
            let command = default_command(language, Target::Module);
            assert!(help().contains(&command), "{command}");
        }
    }
}
