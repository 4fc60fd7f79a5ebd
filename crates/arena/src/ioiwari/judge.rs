//! Ioiwari behind the neutral judge: [`Ioiwari`], the game [`judge_all`] judges a player-1
//! program with, on a list of boards, in parallel, into a [`Report`](crate::Report). The
//! judge's [`Settings`] are the only configuration: the program runs with their limits, sandbox
//! and cancel flag, and player 2 chooses among its optimal moves from their seed.
//!
//! Every test has equal weight: a win earns its share, a draw half (see
//! [`Report::score`](crate::Report::score)).
//!
//! ```no_run
//! use duel_arena::ioiwari::{Ioiwari, TestSet, DEFAULT_MEMORY_MIB, DEFAULT_TIME_LIMIT};
//! use duel_arena::judge::{judge_all, Entry, Observer, Settings, Submission};
//! use duel_arena::output::TestResult;
//! use duel_sandbox::{Limits, ProgramCommand};
//!
//! struct Print;
//! impl Observer for Print {
//!     fn result(&mut self, _submission: usize, result: &TestResult, _log: &str) {
//!         println!("{} {} {}", result.index, result.input, result.verdict);
//!     }
//! }
//! let boards = TestSet::Official.boards()?;
//! let player = ProgramCommand::shell("./my-player");
//! let entry = Entry { name: player.to_string(), submission: Submission::Command(player) };
//! let settings = Settings::new(Limits::new(DEFAULT_TIME_LIMIT, DEFAULT_MEMORY_MIB));
//! let game = Ioiwari::new();
//! let reports = judge_all(&game, &[entry], &boards, &settings, &mut Print)?;
//! println!("score {:.2}", reports[0].score);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::referee::{play_test, typed_start};
use super::Opponent;
use crate::compile::Target;
#[cfg(doc)]
use crate::judge::judge_all;
use crate::judge::{Game, GameLog, ProgramsOnly, Runnable, Settings};
use crate::output::TestResult;
use duel_ioiwari::{Board, Table};
use duel_report::{Start, Task};
use duel_sandbox::{IsolationRecord, Launcher, ProgramCommand, SpawnError};
use std::time::Duration;

/// The task's CPU time limit per test ([`Task::time_limit`]).
pub const DEFAULT_TIME_LIMIT: Duration = Task::Ioiwari.time_limit();

/// The task's memory limit in MiB ([`Task::memory_limit_mib`]).
pub const DEFAULT_MEMORY_MIB: u64 = Task::Ioiwari.memory_limit_mib() as u64;

/// The judge could not run (a verdict never is an error).
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// The program (or the sandbox) cannot be started.
    #[error(transparent)]
    Spawn(#[from] SpawnError),
}

/// Ioiwari behind the neutral judge: the program plays player 1 against the optimal player 2.
pub struct Ioiwari {
    table: Table,
}

impl Default for Ioiwari {
    fn default() -> Self {
        Ioiwari::new()
    }
}

impl Ioiwari {
    /// The game, its solver's table built here. Player 2 chooses as
    /// [`Settings::seed`] says ([`Opponent::from_seed`]).
    pub fn new() -> Ioiwari {
        Ioiwari {
            table: Table::solve(),
        }
    }

    /// The solver's table player 2 plays from.
    pub fn table(&self) -> &Table {
        &self.table
    }
}

impl Game for Ioiwari {
    type Test = Board;
    type Player = ProgramCommand;
    type Error = JudgeError;
    type Own = ProgramsOnly;

    fn task(&self) -> Task {
        Task::Ioiwari
    }

    fn target(&self) -> Target {
        Target::Player
    }

    fn input(&self, board: &Board) -> String {
        board.to_string()
    }

    fn start(&self, board: &Board) -> Start {
        typed_start(board)
    }

    /// The program, once [`Launcher::check`] found that it can start under `settings`.
    fn prepare(
        &self,
        runnable: &Runnable,
        settings: &Settings,
    ) -> Result<ProgramCommand, JudgeError> {
        let command = match runnable {
            Runnable::Program(command) => command,
            Runnable::Own(never) => match *never {},
        };
        launcher(command, settings).check()?;
        Ok(command.clone())
    }

    fn isolation(&self, command: &ProgramCommand, settings: &Settings) -> Option<IsolationRecord> {
        Some(launcher(command, settings).isolation_record())
    }

    fn play(
        &self,
        command: &ProgramCommand,
        settings: &Settings,
        number: usize,
        board: &Board,
    ) -> Result<Option<(TestResult, GameLog)>, JudgeError> {
        let launcher = launcher(command, settings);
        let opponent = Opponent::from_seed(settings.seed);
        let game = play_test(&launcher, &self.table, opponent, number, *board)?;
        Ok(game.map(|game| {
            let log = GameLog {
                text: game.log,
                moves: Some(game.record),
            };
            (game.result, log)
        }))
    }
}

/// How the program runs: with the settings' limits, in their sandbox, stopped by their cancel
/// flag.
fn launcher(command: &ProgramCommand, settings: &Settings) -> Launcher {
    Launcher::new(command.clone(), settings.limits)
        .with_sandbox(settings.sandbox)
        .with_cancel_flag(settings.cancel.clone())
}
