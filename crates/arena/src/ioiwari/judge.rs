//! Ioiwari behind the neutral [`judge`](crate::judge): judging a program on a list of boards,
//! in parallel, into a [`Report`].

use super::referee::play_test;
use super::Opponent;
use crate::compile::{CompileError, Target, Toolchain};
use crate::judge::Observer;
use crate::judge::{self, judge_one, Game, GameLog, Runnable, Settings, Submission};
use crate::report::TestResult;
use crate::Report;
use duel_ioiwari::{Board, Table};
use duel_sandbox::{IsolationRecord, Launcher, Limits, ProgramCommand, Sandbox, SpawnError};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The original task's CPU time limit per test: 1 second.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(1);

/// The original task's memory limit: 32 MB.
pub const DEFAULT_MEMORY_MIB: u64 = 32;

/// Everything that decides how a program is judged.
#[derive(Debug, Clone)]
pub struct JudgeOptions {
    /// The player-1 program.
    pub player: ProgramCommand,
    /// Its limits per test.
    pub limits: Limits,
    /// Where it runs.
    pub sandbox: Sandbox,
    /// How player 2 picks among optimal moves.
    pub opponent: Opponent,
    /// How many tests run at once (results do not depend on it).
    pub jobs: usize,
    /// Set it (e.g. from a Ctrl-C handler) to stop: no new test starts, running ones are
    /// killed, and the report holds the finished tests, marked interrupted.
    pub cancel: Arc<AtomicBool>,
}

impl JudgeOptions {
    /// The task's defaults for `player`: 1 s CPU, 32 MB, the default sandbox ([`Sandbox::Auto`],
    /// the strongest the machine allows), first optimal player 2,
    /// one test at a time.
    pub fn new(player: ProgramCommand) -> JudgeOptions {
        JudgeOptions {
            player,
            limits: Limits::new(DEFAULT_TIME_LIMIT, DEFAULT_MEMORY_MIB),
            sandbox: Sandbox::default(),
            opponent: Opponent::FirstOptimal,
            jobs: 1,
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }
}

/// The judge could not run (a verdict never is an error).
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// The program (or the sandbox) cannot be started.
    #[error(transparent)]
    Spawn(#[from] SpawnError),
    /// A source cannot be built at all (a missing compiler, an unreadable file...).
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// Something that is not a player-1 program (a library).
    #[error("{0}")]
    Unsupported(String),
}

impl From<judge::JudgeError<JudgeError>> for JudgeError {
    fn from(error: judge::JudgeError<JudgeError>) -> JudgeError {
        match error {
            judge::JudgeError::Compile(error) => JudgeError::Compile(error),
            judge::JudgeError::Game(error) => error,
            judge::JudgeError::Unsupported(message) => JudgeError::Unsupported(message),
        }
    }
}

/// Ioiwari behind the neutral judge: the program plays player 1 against the optimal player 2.
pub struct Ioiwari {
    table: Table,
    opponent: Opponent,
}

impl Ioiwari {
    /// The game with player 2 choosing as `opponent` says (the solver's table is built here).
    pub fn new(opponent: Opponent) -> Ioiwari {
        Ioiwari {
            table: Table::solve(),
            opponent,
        }
    }
}

impl Ioiwari {
    /// The solver's table player 2 plays from.
    pub fn table(&self) -> &Table {
        &self.table
    }
}

impl Game for Ioiwari {
    type Test = Board;
    type Player = Launcher;
    type Error = JudgeError;

    fn name(&self) -> &'static str {
        "ioiwari"
    }

    fn target(&self) -> Target {
        Target::Player
    }

    fn input(&self, board: &Board) -> String {
        board.to_string()
    }

    fn prepare(&self, runnable: &Runnable, settings: &Settings) -> Result<Launcher, JudgeError> {
        let Runnable::Program(command) = runnable else {
            return Err(JudgeError::Unsupported(
                "an Ioiwari player is a program or a source file".into(),
            ));
        };
        let launcher = Launcher::new(command.clone(), settings.limits)
            .with_sandbox(settings.sandbox)
            .with_cancel_flag(settings.cancel.clone());
        launcher.check()?;
        Ok(launcher)
    }

    fn isolation(&self, launcher: &Launcher) -> Option<IsolationRecord> {
        Some(launcher.isolation_record())
    }

    fn play(
        &self,
        launcher: &Launcher,
        _settings: &Settings,
        number: usize,
        board: &Board,
    ) -> Result<Option<(TestResult, GameLog)>, JudgeError> {
        let game = play_test(launcher, &self.table, self.opponent, number, *board)?;
        Ok(game.map(|game| {
            let log = GameLog {
                text: game.log,
                moves: Some(game.record),
            };
            (game.result, log)
        }))
    }
}

impl JudgeOptions {
    /// The neutral judge's settings for these options.
    pub fn settings(&self) -> Settings {
        Settings {
            limits: self.limits,
            sandbox: self.sandbox,
            jobs: self.jobs,
            logs: true,
            toolchain: Toolchain::new(),
            cancel: self.cancel.clone(),
        }
    }
}

/// Judges `options.player` as player 1 on every board, against the optimal player 2.
///
/// The program and the sandbox are checked before the first test, so a missing program is one
/// error rather than a runtime error per test. Every test has equal weight: a win earns its
/// share, a draw half (see [`Report::score`]). Results reach `observer` in test order. This is the
/// neutral [`judge_one`] with the [`Ioiwari`] game.
///
/// ```no_run
/// use duel_arena::ioiwari::{judge, JudgeOptions, TestSet};
/// use duel_arena::judge::Observer;
/// use duel_arena::report::TestResult;
/// use duel_sandbox::ProgramCommand;
///
/// struct Print;
/// impl Observer for Print {
///     fn result(&mut self, _submission: usize, result: &TestResult, _log: &str) {
///         println!("{} {} {}", result.index, result.input, result.verdict);
///     }
/// }
/// let boards = TestSet::Official.boards()?;
/// let options = JudgeOptions::new(ProgramCommand::shell("./my-player"));
/// let report = judge(&options, &boards, &mut Print)?;
/// println!("score {:.2}", report.score);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn judge(
    options: &JudgeOptions,
    boards: &[Board],
    observer: &mut dyn Observer,
) -> Result<Report, JudgeError> {
    let game = Ioiwari::new(options.opponent);
    let name = options.player.to_string();
    let submission = Submission::Command(options.player.clone());
    Ok(judge_one(
        &game,
        &name,
        submission,
        boards,
        &options.settings(),
        observer,
    )?)
}
