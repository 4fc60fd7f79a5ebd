//! `duel mis judge`: scores a Bolek (a line-protocol program, a C-ABI module or the built-in
//! player) against the adversarial Lolek.

use super::batch::{self, BatchArgs, Kind};
use super::output::Columns;
use anyhow::Context;
use duel_arena::judge::{Entry, Settings, Submission};
use duel_arena::mis::{official_tests, parse_tests, Mis, MisTest, OwnSubmission, TestSet};
use duel_mis::LolekKind;
use duel_sandbox::ProgramCommand;
use std::process::ExitCode;

/// The help's epilogue: [`EXAMPLES`] with the compile commands in place of `{commands}`.
fn examples() -> String {
    batch::with_compile_commands(EXAMPLES, duel_arena::compile::Target::Module)
}

const EXAMPLES: &str = "\
Examples:
  duel mis judge                                       # the built-in Bolek: scores 100
  duel mis judge --module ./libmis.so                  # a C-ABI module (poczatek, ruch_bolka)
  duel mis judge --module mis.pas                      # a source: built first, then judged
  duel mis judge --player 'python3 bolek.py' --tests my-tests.txt --report report.json
  duel mis judge --module submissions/ --report ranking.json --csv ranking.csv --logs logs/

--module: a shared library, a source or a directory of them; --player: a shell command line
speaking the line protocol (both repeatable; several give a ranking). Module sources are built
in a temporary directory with the task's mis.h, in the submission's sandbox:
{commands}
--tests: official (37 positions, crates/mis/data/mis-official.txt) or a file of `p e B` lines.
Lolek punishes every mistake; the score is the share of tests won. Verdicts: win, loss,
illegal_move, protocol_error, time_limit, memory_limit, runtime_error, early_exit,
compile_error. Long games get CPU and wall-clock allowances per move on top of --time-limit.
--report, --csv and --logs never follow a link planted at their path; --logs DIR replaces an
earlier run's logs there and leaves other files alone. docs/organisers.md has the details (the
line protocol, the allowances and their measurements, the report, the logs), docs/judge.md
the isolation.

Exit status: 0 judged (whatever the score); 128+N stopped by signal N (130 Ctrl-C, 143
SIGTERM; the report holds the finished tests); 2 the judge could not run.";

/// Arguments of `duel mis judge`.
#[derive(Debug, clap::Args)]
#[command(after_help = examples())]
pub struct JudgeArgs {
    /// Bolek: a command line speaking the line protocol (repeatable).
    #[arg(long, value_name = "CMD")]
    pub player: Vec<String>,

    /// Bolek: a .so module, a C, C++ or Pascal source, or a directory.
    #[arg(long, value_name = "LIB|FILE|DIR")]
    pub module: Vec<String>,

    /// official, or a file of positions `p e B`.
    #[arg(long, value_name = "SET", default_value = "official")]
    pub tests: TestSet,

    #[command(flatten)]
    #[allow(missing_docs)] // flattened: its flags carry their own help
    pub run: super::RunArgs,

    #[command(flatten)]
    #[allow(missing_docs)] // flattened: its flags carry their own help
    pub batch: BatchArgs,
}

/// Runs `duel mis judge`.
pub fn run(args: JudgeArgs) -> anyhow::Result<ExitCode> {
    let tests = test_set(&args.tests)?;
    let mut entries: Vec<Entry<OwnSubmission>> = args
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
            submission: Submission::Own(OwnSubmission::Builtin),
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
    let tests_file = match &args.tests {
        TestSet::File(path) => Some(path.as_path()),
        TestSet::Official => None,
    };
    batch::run(
        &game,
        entries,
        &tests,
        tests_file,
        &inputs,
        columns,
        &args.run,
        &args.batch,
        settings,
    )
}

fn test_set(set: &TestSet) -> anyhow::Result<Vec<MisTest>> {
    let TestSet::File(path) = set else {
        return Ok(official_tests());
    };
    let name = path.display();
    let text = duel_arena::judge::read_test_file(path)
        .with_context(|| format!("cannot read the test file {name} (or say --tests official)"))?;
    parse_tests(&text).with_context(|| format!("bad test file {name}"))
}

#[cfg(test)]
mod tests {
    use duel_arena::compile::{default_command, Language, Target};
    use duel_arena::mis::judge::{PLAYER_ALLOWANCE_PER_MOVE, PLAYER_WALL_ALLOWANCE_PER_MOVE};
    use std::time::Duration;

    fn help() -> String {
        super::examples()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The organisers' guide's text with its line breaks as spaces.
    fn guide() -> String {
        include_str!("../../../../docs/organisers.md")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_organisers_guide_quotes_the_time_allowances_in_use() {
        let micros = |d: Duration| d.as_nanos() as f64 / 1000.0;
        let help = guide();
        for quoted in [
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
        for &language in Language::ALL {
            let command = default_command(language, Target::Module);
            assert_eq!(
                help().contains(&command),
                language.builds_modules(),
                "{command}"
            );
        }
        assert!(help().contains(".pas .pp unit mis, wrapped: fpc "));
    }
}
