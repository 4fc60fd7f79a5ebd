//! `duel ioiwari judge`: scores player-1 programs or sources against the optimal player 2.

use super::batch::{self, BatchArgs, Kind};
use super::output::Columns;
use anyhow::{bail, Context};
use duel_arena::ioiwari::{unwinnable, Ioiwari, TestSet};
use duel_arena::judge::{Entry, Settings, Submission};
use duel_sandbox::ProgramCommand;
use std::process::ExitCode;

/// The help's epilogue: [`EXAMPLES`] with the compile commands in place of `{commands}`.
fn examples() -> String {
    batch::with_compile_commands(EXAMPLES, duel_arena::compile::Target::Player)
}

const EXAMPLES: &str = "\
Examples:
  duel ioiwari judge                                   # the project's own ioiwari: scores 100
  duel ioiwari judge --player ./a.out --tests all --jobs 4
  duel ioiwari judge --player player.pas               # a source: built first, then judged
  duel ioiwari judge --player ./a.out --report report.json --logs logs/
  duel ioiwari judge --player submissions/ --report ranking.json --csv ranking.csv

--player: a shell command line, a source or a directory of them (repeatable; several give a
ranking). Sources are built in a temporary directory, in the submission's sandbox:
{commands}
Pascal players must Flush(Output) after Writeln, as contest systems build them (--pascal-flush:
every Writeln flushed, -Faduelflush, as the IOI 2001 judge did).
--tests: official (the 24 official boards), all (the 357 start boards) or a file of boards.
A win scores a test's share, a draw half; the total is out of 100. Verdicts: win, draw, loss,
illegal_move, protocol_error, time_limit, memory_limit, runtime_error, early_exit,
compile_error. After the game the program must end without reading more: only blanks may
follow, the output must end within 1 s (no process left may hold it), the exit status be 0
(crates/protocol/RULES.md; where a contest system judges otherwise: docs/differences.md).
--report, --csv and --logs never follow a link planted at their path (--logs DIR replaces an
earlier run's logs only); docs/organisers.md has the details, docs/judge.md the isolation.

Exit status: 0 judged (whatever the score); 128+N stopped by signal N (130 Ctrl-C, 143
SIGTERM; the report holds the finished tests); 2 the judge could not run.";

/// Arguments of `duel ioiwari judge`.
#[derive(Debug, clap::Args)]
#[command(after_help = examples())]
pub struct JudgeArgs {
    /// Player 1: a command line, a source or a directory (repeatable).
    #[arg(long, value_name = "CMD|FILE|DIR")]
    pub player: Vec<String>,

    /// official, all, or a file of boards.
    #[arg(long, value_name = "SET", default_value = "official")]
    pub tests: TestSet,

    /// Player 2 picks at random among its optimal pits, from --seed.
    #[command(flatten)]
    pub seed: crate::flags::SeedArg,

    /// `--pascal-flush`.
    #[command(flatten)]
    pub pascal: crate::flags::PascalFlushArg,

    #[command(flatten)]
    #[allow(missing_docs)] // flattened: its flags carry their own help
    pub run: super::RunArgs,

    #[command(flatten)]
    #[allow(missing_docs)] // flattened: its flags carry their own help
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
    let tests = args.tests;
    let boards = tests.boards()?;
    let inputs: Vec<String> = boards.iter().map(ToString::to_string).collect();
    let columns = Columns {
        input: "board",
        summary: "banks",
    };
    let mut settings = Settings::new(args.run.limits()?);
    settings.sandbox = args.run.sandbox();
    settings.jobs = args.run.jobs()?;
    settings.logs = true;
    settings.seed = args.seed.seed;
    settings.pascal_flush = args.pascal.pascal_flush;
    let game = Ioiwari::new();
    if matches!(tests, TestSet::File(_)) {
        warn_unwinnable(&game, &boards);
    }
    let tests_file = match &tests {
        TestSet::File(path) => Some(path.as_path()),
        _ => None,
    };
    batch::run(
        &game,
        entries,
        &boards,
        tests_file,
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
        let help = super::examples();
        for &language in Language::ALL {
            let command = default_command(language, Target::Player);
            if language != Language::PYTHON {
                assert!(help.contains(&command), "{command}");
            }
            let extensions = language.extensions().join(" .");
            assert!(help.contains(&format!("  .{extensions}  ")), "{language}");
        }
        assert!(help.contains("  .py  python3 {source}\n"), "{help}");
        assert!(!help.contains("{commands}"));
    }

    #[test]
    fn the_organisers_guide_lists_every_language_with_its_command() {
        let readme = include_str!("../../../../docs/organisers.md");
        for &language in Language::ALL {
            let shown = language.shown_command(Target::Player).unwrap();
            assert!(readme.contains(&format!("`{shown}`")), "{shown}");
            let extension = format!("`.{}`", language.extensions()[0]);
            assert!(readme.contains(&extension), "{extension}");
            assert!(readme.contains(&format!("`{}`", language.package())));
        }
    }
}
