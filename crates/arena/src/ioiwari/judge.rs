//! Judging a program on a list of boards, in parallel, into a [`Report`].

use super::referee::play_test;
use super::Opponent;
use crate::report::Sink;
use crate::runner::{run_in_order, Launcher, Limits, ProgramCommand, Sandbox, SpawnError};
use crate::Report;
use duel_ioiwari::{Board, Table};
use std::cell::RefCell;
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
    /// The task's defaults for `player`: 1 s CPU, 32 MB, no sandbox, first optimal player 2,
    /// one test at a time.
    pub fn new(player: ProgramCommand) -> JudgeOptions {
        JudgeOptions {
            player,
            limits: Limits::new(DEFAULT_TIME_LIMIT, DEFAULT_MEMORY_MIB),
            sandbox: Sandbox::None,
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
}

/// Judges `options.player` as player 1 on every board, against the optimal player 2.
///
/// The program and the sandbox are checked before the first test, so a missing program is one
/// error rather than a runtime error per test. Every test has equal weight: a win earns its
/// share, a draw half (see [`Report::score`]). Results reach `sink` in test order.
///
/// ```no_run
/// use duel_arena::ioiwari::{judge, JudgeOptions, TestSet};
/// use duel_arena::report::{Sink, TestResult};
/// use duel_arena::runner::ProgramCommand;
///
/// struct Print;
/// impl Sink for Print {
///     fn result(&mut self, result: &TestResult, _log: &str) {
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
    sink: &mut dyn Sink,
) -> Result<Report, JudgeError> {
    let launcher = Launcher::new(options.player.clone(), options.limits)
        .with_sandbox(options.sandbox)
        .with_cancel_flag(options.cancel.clone());
    launcher.check()?;
    let table = Table::solve();
    let planned = boards.len();
    let sink = RefCell::new(sink);
    let mut results = Vec::with_capacity(planned);
    let completion = run_in_order(
        planned,
        options.jobs,
        &options.cancel,
        |i| play_test(&launcher, &table, options.opponent, i + 1, boards[i]),
        |done| sink.borrow_mut().progress(done, planned),
        |_, game| {
            sink.borrow_mut().result(&game.result, &game.log);
            results.push(game.result);
        },
    )?;
    Ok(Report::new(
        "ioiwari",
        options.player.to_string(),
        planned,
        results,
        completion.interrupted,
    ))
}
