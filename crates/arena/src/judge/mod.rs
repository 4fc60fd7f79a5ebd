//! The game-neutral judge: submissions, the per-test loop, limits, progress, ordering,
//! reports and batch judging, written once for both games.
//!
//! A game plugs in behind [`Game`]: how a ready submission becomes something that plays
//! ([`Game::prepare`], where a missing program or a module without the task's functions is
//! refused), and how one test is played ([`Game::play`]). Everything else is here:
//! - a [`Submission`] given as a source is built first with the [`Toolchain`] (a failed build
//!   gives every test the `compile_error` verdict, with the compiler's first error line);
//! - the tests of **all** submissions run on [`Settings::jobs`] threads, and results reach the
//!   [`Observer`] in order (submission by submission, test by test), so nothing depends on the
//!   number of jobs; every submission meets the same tests and the same opponent choices;
//! - Ctrl-C ([`Settings::cancel`]) stops the run and every report keeps its finished tests;
//! - one [`Report`] per submission, and with [`rank`](crate::output::rank) a ranking.
//!
//! With several submissions a submission that cannot be prepared (a program that does not
//! exist, a module that does not load) is not a judge error: each of its tests gets a
//! `runtime_error` with the reason, so one broken entry does not stop a contest. With a single
//! submission it is an error, as a user judging one program expects. A prebuilt module that
//! lacks the task's functions ([`Game::is_compile_error`]) is judged as a source lacking them
//! is: `compile_error` on every test, alone as in a batch.

use crate::compile::{
    default_command, Build, BuildRecord, CompileCommands, CompileError, Language, Target, Toolchain,
};
use crate::output::TestResult;
use crate::{Report, Verdict};
use duel_report::{Start, Task};
use duel_sandbox::{run_in_order, IsolationRecord, Limits, ProgramCommand, Sandbox};
use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

mod fault;
pub use fault::verdict_of;

/// What is judged, as the user named it: a program or a source, which every game takes, or
/// what only this game takes (`Own`, its [`Game::Own`]: nothing for Ioiwari, whose
/// submissions are [`ProgramsOnly`], a module or the built-in Bolek for Pooh-Eeyore-sticks).
///
/// An Ioiwari submission cannot hold a module:
///
/// ```compile_fail
/// use duel_arena::judge::Submission;
/// use duel_arena::mis::OwnSubmission;
/// let module: Submission = Submission::Own(OwnSubmission::Builtin);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Submission<Own = ProgramsOnly> {
    /// A command line (a built program, `python3 p.py`...).
    Command(ProgramCommand),
    /// A source file, built first.
    Source(PathBuf),
    /// What only this game takes.
    Own(Own),
}

/// A submission ready to run: a program, or what only this game takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Runnable<Own = ProgramsOnly> {
    /// A program talking over stdin/stdout.
    Program(ProgramCommand),
    /// What only this game takes (a module, the game's own player).
    Own(Own),
}

/// What a game takes beyond programs and sources.
pub trait OwnSubmission: Clone + fmt::Debug + PartialEq + Eq + Send + Sync {
    /// The shared library a source was built into, as this game takes it (`None` for a game
    /// whose builds are programs only).
    fn built_library(library: PathBuf) -> Option<Self>;

    /// The file it names (a library), for the list of files a run reads.
    fn path(&self) -> Option<&Path>;
}

/// A game's submissions are programs and sources only: this type has no value, so a
/// [`Submission`] or [`Runnable`] of it can only be one of those.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgramsOnly {}

impl OwnSubmission for ProgramsOnly {
    fn built_library(_library: PathBuf) -> Option<Self> {
        None
    }

    fn path(&self) -> Option<&Path> {
        match *self {}
    }
}

/// The judging settings every game shares.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The submission's limits per test.
    pub limits: Limits,
    /// Where submissions (and their compilers) run.
    pub sandbox: Sandbox,
    /// How many tests run at once, over all submissions (results do not depend on it).
    pub jobs: usize,
    /// Whether each test's log is built.
    pub logs: bool,
    /// The command that builds each language. [`judge_all`] runs them under
    /// [`COMPILE_LIMITS`](crate::compile::COMPILE_LIMITS) in [`Settings::sandbox`], stopping
    /// on [`Settings::cancel`].
    pub compile_commands: CompileCommands,
    /// The seed of the judge's random choices, `None` for none: with one, Ioiwari's player 2
    /// picks at random among its optimal pits (the picks of each test depend only on the seed
    /// and the test), without one it always takes the first. (Pooh-Eeyore-sticks reads none:
    /// its Lolek is the game's own addition, a random one carrying its seed.)
    pub seed: Option<u64>,
    /// Whether a Pascal player is built as IOI 2001's judge did, its `Output` flushed after
    /// every `Writeln` even on a pipe ([`Language::PASCAL_FLUSH_PLAYER`](crate::compile::Language::PASCAL_FLUSH_PLAYER)),
    /// rather than as the contest systems build it (`false`, the default: a player that
    /// relies on `Writeln` alone then waits for ever and gets `time_limit`, `RULES.md` G2).
    /// A Pascal command given in [`compile_commands`](Self::compile_commands) decides alone.
    pub pascal_flush: bool,
    /// Set it (e.g. from a Ctrl-C handler) to stop: no new test starts, running ones are
    /// killed, and the reports hold the finished tests, marked interrupted.
    pub cancel: Arc<AtomicBool>,
}

impl Settings {
    /// One test at a time, no logs, no seed, default compile commands, these limits, and the
    /// default sandbox ([`Sandbox::Auto`], the strongest the machine allows;
    /// [`Sandbox::Trusted`] only for programs the caller itself trusts).
    pub fn new(limits: Limits) -> Settings {
        Settings {
            limits,
            sandbox: Sandbox::default(),
            jobs: 1,
            logs: false,
            compile_commands: CompileCommands::new(),
            seed: None,
            pascal_flush: false,
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The compile commands a game whose submissions build into `target` uses: the given
    /// ones, with [`pascal_flush`](Self::pascal_flush)'s command for a Pascal player unless
    /// one was given.
    fn commands_for(&self, target: Target) -> CompileCommands {
        let pascal = Language::PASCAL;
        let given =
            self.compile_commands.command(pascal, target) != default_command(pascal, target);
        match self.pascal_flush && target == Target::Player && !given {
            true => self
                .compile_commands
                .clone()
                .with(pascal, Language::PASCAL_FLUSH_PLAYER),
            false => self.compile_commands.clone(),
        }
    }
}

/// One game behind the neutral judge.
pub trait Game: Sync {
    /// One test's input.
    type Test: Sync;
    /// A prepared submission: what every test of it runs.
    type Player: Sync;
    /// The game's own judge errors.
    type Error: std::error::Error + Send + Sync + 'static;
    /// What the game takes beyond programs and sources ([`ProgramsOnly`] for nothing).
    type Own: OwnSubmission;

    /// The task the reports are about (`"ioiwari"` or `"mis"`, their JSON `game`).
    fn task(&self) -> Task;

    /// What sources are built into.
    fn target(&self) -> Target;

    /// The test's input as text ("4 3 2 4 2 3 2", "7 2 3").
    fn input(&self, test: &Self::Test) -> String;

    /// The test's start, typed: what the viewer replays its game from.
    fn start(&self, test: &Self::Test) -> Start;

    /// The test's number in reports (from 1).
    fn number(&self, position: usize, test: &Self::Test) -> usize {
        let _ = test;
        position + 1
    }

    /// Checks that `runnable` can play (the program exists, the module loads...) and gets it
    /// ready.
    fn prepare(
        &self,
        runnable: &Runnable<Self::Own>,
        settings: &Settings,
    ) -> Result<Self::Player, Self::Error>;

    /// Whether an error of [`prepare`](Game::prepare) is a fault a build would have caught
    /// (a module that lacks the task's functions): that entry's tests are then all
    /// `compile_error`, alone as in a batch, as for a source that lacks them.
    fn is_compile_error(&self, error: &Self::Error) -> bool {
        let _ = error;
        false
    }

    /// How a prepared submission's runs are isolated here, when it runs as a program of its
    /// own: the judge reports this rather than the machine's levels alone (a program whose
    /// files other users cannot reach runs as the judge's user, say).
    fn isolation(&self, player: &Self::Player, settings: &Settings) -> Option<IsolationRecord> {
        let _ = (player, settings);
        None
    }

    /// Plays test `number` (from 1) under `settings` (its limits, sandbox, logs and cancel
    /// flag, the ones [`prepare`](Game::prepare) was given): its result and its log.
    /// `Ok(None)` when cancelled.
    fn play(
        &self,
        player: &Self::Player,
        settings: &Settings,
        number: usize,
        test: &Self::Test,
    ) -> Result<Option<(TestResult, GameLog)>, Self::Error>;
}

/// A test's log: the text for people (`ioiwari.out`, the `graj` transcript) and the record of
/// every move for programs ([`duel_ioiwari::record`], [`duel_mis::record`]): the viewer reads
/// only the record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameLog {
    /// The log's text.
    pub text: String,
    /// Every move, as the game's record (`None` where the game keeps none).
    pub moves: Option<Vec<u8>>,
}

impl From<String> for GameLog {
    fn from(text: String) -> GameLog {
        GameLog { text, moves: None }
    }
}

/// Why judging could not run.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError<E: std::error::Error + 'static> {
    /// A source could not be built at all (a compiler missing, an unreadable file...).
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// The game's own error.
    #[error(transparent)]
    Game(E),
}

/// Receives what happens while judging runs, in the order it happens: the printers of the
/// command line and the web viewer's uploads implement it. `submission` is the entry's place
/// in the list judged (0 when one submission is judged).
pub trait Observer {
    /// Submission `submission` was built from source (successfully or not).
    fn built(&mut self, submission: usize, build: &BuildRecord) {
        let _ = (submission, build);
    }

    /// Some test finished: `done` of `planned`, over all submissions.
    fn progress(&mut self, done: usize, planned: usize) {
        let _ = (done, planned);
    }

    /// How submission `submission`'s runs are isolated (see [`Game::isolation`]), told once it
    /// is ready and before its first result.
    fn isolation(&mut self, submission: usize, record: &IsolationRecord) {
        let _ = (submission, record);
    }

    /// The next result in order, with its log.
    fn result(&mut self, submission: usize, result: &TestResult, log: &str);

    /// The record of every move of a result's game, just before that [`Observer::result`],
    /// when the game keeps one (with `logs`).
    fn moves(&mut self, submission: usize, result: &TestResult, record: &[u8]) {
        let _ = (submission, result, record);
    }
}

/// A submission and the name the reports give it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<Own = ProgramsOnly> {
    /// How the report and the ranking name it.
    pub name: String,
    /// What it is.
    pub submission: Submission<Own>,
}

/// Judges every entry on every test; one report per entry, in entry order.
///
/// The reason of a test a program lost to the wall clock without writing anything says to
/// check its flushing.
pub fn judge_all<G: Game>(
    game: &G,
    entries: &[Entry<G::Own>],
    tests: &[G::Test],
    settings: &Settings,
    observer: &mut dyn Observer,
) -> Result<Vec<Report>, JudgeError<G::Error>> {
    let toolchain = Toolchain::new()
        .with_commands(settings.commands_for(game.target()))
        .with_sandbox(settings.sandbox)
        .with_cancel_flag(settings.cancel.clone());
    let batch = entries.len() > 1;
    let planned = tests.len();
    let mut reports: Vec<Report> = Vec::with_capacity(entries.len());
    let mut built = build_all(game, entries, &toolchain, settings)?;
    // Kept alive until every test has run: dropping a build removes its files.
    let mut builds: Vec<Build> = Vec::new();
    let mut players: Vec<Ready<'_, G::Player>> = Vec::new();
    for (at, entry) in entries.iter().enumerate() {
        let mut report = Report::new(game.task(), entry.name.clone(), planned, vec![], false);
        // A program built from source gets its language's address-space allowance.
        let mut allowance = 0;
        // A Pascal player built as the contest systems build it: its silence gets the hint.
        let mut unflushed_pascal = false;
        let runnable = match &entry.submission {
            Submission::Source(_) => match built.remove(&at) {
                // Ctrl-C stopped the build.
                None => {
                    report.interrupted = true;
                    None
                }
                // A source that could not be read (in a batch): its own line in the ranking.
                Some(Err(error)) => {
                    let reason = error.to_string();
                    report = failed(report, game, tests, Verdict::CompileError, &reason);
                    None
                }
                Some(Ok(build)) => {
                    let record = build.record();
                    observer.built(at, &record);
                    report.build = Some(record);
                    allowance = build.language().memory_allowance();
                    unflushed_pascal = build.language() == Language::PASCAL
                        && build.command() != Language::PASCAL_FLUSH_PLAYER;
                    let runnable = match (build.program(), build.library()) {
                        (Some(program), _) => Some(Runnable::Program(program)),
                        (None, Some(library)) => {
                            G::Own::built_library(library.to_owned()).map(Runnable::Own)
                        }
                        (None, None) => None,
                    };
                    if runnable.is_none() {
                        let reason = build.error_line().unwrap_or_default();
                        report = failed(report, game, tests, Verdict::CompileError, &reason);
                    }
                    builds.push(build);
                    runnable
                }
            },
            Submission::Command(command) => Some(Runnable::Program(command.clone())),
            Submission::Own(own) => Some(Runnable::Own(own.clone())),
        };
        if let Some(runnable) = runnable {
            let settings = match allowance {
                0 => Cow::Borrowed(settings),
                bytes => Cow::Owned(Settings {
                    limits: settings.limits.with_address_allowance(bytes),
                    ..settings.clone()
                }),
            };
            match game.prepare(&runnable, &settings) {
                Ok(player) => {
                    if let Some(record) = game.isolation(&player, &settings) {
                        observer.isolation(at, &record);
                    }
                    let is_program = matches!(runnable, Runnable::Program(_));
                    players.push(Ready {
                        at,
                        player,
                        is_program,
                        unflushed_pascal,
                        settings,
                    });
                }
                Err(error) if game.is_compile_error(&error) => {
                    let reason = error.to_string();
                    report = failed(report, game, tests, Verdict::CompileError, &reason);
                }
                Err(error) if batch => {
                    let reason = error.to_string();
                    report = failed(report, game, tests, Verdict::RuntimeError, &reason);
                }
                Err(error) => return Err(JudgeError::Game(error)),
            }
        }
        reports.push(report);
    }
    // Results of entries that never ran (compile errors...) come first, entry by entry.
    for (at, report) in reports.iter().enumerate() {
        if !players.iter().any(|ready| ready.at == at) {
            for result in &report.tests {
                observer.result(at, result, "");
            }
        }
    }
    let total = players.len() * planned;
    let observer = std::cell::RefCell::new(observer);
    let mut delivered: Vec<Vec<TestResult>> = vec![Vec::new(); players.len()];
    let completion = run_in_order(
        total,
        settings.jobs,
        &settings.cancel,
        |i| {
            let (player, test) = (i / planned, i % planned);
            let ready = &players[player];
            let number = game.number(test, &tests[test]);
            let played = game.play(&ready.player, &ready.settings, number, &tests[test]);
            Ok(played?.map(|(mut result, log)| {
                if ready.is_program {
                    hint_silence(&mut result, ready.unflushed_pascal);
                }
                (result, log)
            }))
        },
        |done| observer.borrow_mut().progress(done, total),
        |i, (result, log): (TestResult, GameLog)| {
            let player = i / planned;
            let mut observer = observer.borrow_mut();
            if let Some(record) = &log.moves {
                observer.moves(players[player].at, &result, record);
            }
            observer.result(players[player].at, &result, &log.text);
            delivered[player].push(result);
        },
    )
    .map_err(JudgeError::Game)?;
    for (ready, results) in players.iter().zip(delivered) {
        let report = &mut reports[ready.at];
        let interrupted = completion.interrupted && results.len() < planned;
        let build = report.build.take();
        *report = Report::new(
            game.task(),
            report.player.clone(),
            planned,
            results,
            interrupted,
        );
        report.build = build;
    }
    Ok(reports)
}

/// An entry ready to play: its place in the list, the game's prepared player, whether it runs
/// as a program of its own, and the settings its tests run under (the judge's, with a built
/// program's address-space allowance added to the limits).
struct Ready<'a, P> {
    at: usize,
    player: P,
    is_program: bool,
    /// Built from Pascal without the flush unit (see [`PASCAL_HINT`]).
    unflushed_pascal: bool,
    settings: Cow<'a, Settings>,
}

/// What building one source entry gave: its build, or (in a batch) why its source could not
/// be read.
type Built = Result<Build, CompileError>;

/// Builds every source entry, on [`Settings::jobs`] threads; a build that Ctrl-C stopped is
/// missing from the map. With several entries, a source that cannot be read (too large, not
/// a regular file, unreadable, through a link its owner may not follow) is that entry's
/// error, not the judge's: the others are built and judged.
fn build_all<G: Game>(
    game: &G,
    entries: &[Entry<G::Own>],
    toolchain: &Toolchain,
    settings: &Settings,
) -> Result<std::collections::BTreeMap<usize, Built>, CompileError> {
    let batch = entries.len() > 1;
    let sources: Vec<(usize, &PathBuf)> = entries
        .iter()
        .enumerate()
        .filter_map(|(at, entry)| match &entry.submission {
            Submission::Source(path) => Some((at, path)),
            _ => None,
        })
        .collect();
    let mut built = std::collections::BTreeMap::new();
    run_in_order(
        sources.len(),
        settings.jobs,
        &settings.cancel,
        |i| match toolchain.build(sources[i].1, game.target()) {
            Ok(build) => Ok(Some(Ok(build))),
            Err(CompileError::Cancelled) => Ok(None),
            Err(error @ CompileError::Source { .. }) if batch => Ok(Some(Err(error))),
            Err(error) => Err(error),
        },
        |_| {},
        |i, build| {
            built.insert(sources[i].0, build);
        },
    )?;
    Ok(built)
}

/// Every test of `report` ends with `verdict` and `reason` (nothing was played).
fn failed<G: Game>(
    report: Report,
    game: &G,
    tests: &[G::Test],
    verdict: Verdict,
    reason: &str,
) -> Report {
    let results = tests
        .iter()
        .enumerate()
        .map(|(at, test)| {
            let number = game.number(at, test);
            let mut result = TestResult::unplayed(number, game.input(test), verdict, reason.into());
            result.start = Some(game.start(test));
            result
        })
        .collect();
    let build = report.build;
    let mut report = Report::new(report.game, report.player, tests.len(), results, false);
    report.build = build;
    report
}

/// Test files larger than this are refused (all 357 Ioiwari start boards take 5 KB).
pub const MAX_TEST_FILE_BYTES: u64 = 1 << 20;

/// Reads a test file of at most [`MAX_TEST_FILE_BYTES`], so that `--tests /dev/zero` fails at
/// once instead of filling the memory.
///
/// ```
/// let error = duel_arena::judge::read_test_file("/dev/zero".as_ref()).unwrap_err();
/// assert_eq!(error.to_string(), "larger than 1024 KiB, too large for a test file");
/// ```
pub fn read_test_file(path: &std::path::Path) -> std::io::Result<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_TEST_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_TEST_FILE_BYTES {
        return Err(std::io::Error::other(format!(
            "larger than {} KiB, too large for a test file",
            MAX_TEST_FILE_BYTES >> 10
        )));
    }
    String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text"))
}

/// What a silent program is told to check.
pub const SILENCE_HINT: &str =
    "it wrote nothing: check that it flushes its output after every move (fflush(stdout), \
     cout << endl, flush=True, Flush(Output))";

/// What a program that wrote part of a line and stalled is told to check.
pub const PARTIAL_LINE_HINT: &str =
    "check that every move ends with an end of line and is flushed (printf(\"%d\\n\", ...) \
     then fflush(stdout), cout << endl, print(..., flush=True), Writeln then Flush(Output))";

/// What a Pascal player (built as the contest systems build it) that stayed silent is told
/// besides (`RULES.md`, G2).
pub const PASCAL_HINT: &str = "a Pascal player must call Flush(Output) after each Writeln: \
    Free Pascal flushes only a terminal by itself, and contest systems judge it so \
    (--pascal-flush judges it as IOI 2001 did)";

/// A program that lost to the wall clock most likely never flushed its output, or never
/// ended its line: the reason says which, from what it wrote (the runner's reason tells
/// when it wrote bytes but no end of line; otherwise, with no move made, it wrote nothing).
/// A Pascal player built without the flush unit (`pascal`) is told of `Flush(Output)` too.
fn hint_silence(result: &mut TestResult, pascal: bool) {
    let timed_out = result.verdict == Verdict::TimeLimit;
    let moves = result.moves;
    let Some(reason) = result.reason.as_mut().filter(|_| timed_out) else {
        return;
    };
    if !reason.contains("wall-clock") {
        return;
    }
    if reason.contains("but no end of line") {
        reason.push_str("; ");
        reason.push_str(PARTIAL_LINE_HINT);
    } else if moves == 0 {
        reason.push_str("; ");
        reason.push_str(SILENCE_HINT);
    } else {
        return;
    }
    if pascal {
        reason.push_str("; ");
        reason.push_str(PASCAL_HINT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_silent_wall_clock_losses_get_the_hint() {
        let reason = "wall-clock limit of 3 s exceeded while waiting for the program";
        let mut result = TestResult::unplayed(1, String::new(), Verdict::TimeLimit, reason.into());
        let mut cpu = result.clone();
        cpu.reason = Some("CPU time limit of 1 s exceeded".into());
        let mut later = result.clone();
        later.moves = 3;
        let mut pascal = result.clone();
        hint_silence(&mut result, false);
        hint_silence(&mut cpu, true);
        hint_silence(&mut later, true);
        hint_silence(&mut pascal, true);
        assert!(result.reason.unwrap().ends_with(SILENCE_HINT));
        let pascal = pascal.reason.unwrap();
        assert!(
            pascal.contains(SILENCE_HINT) && pascal.ends_with(PASCAL_HINT),
            "{pascal}"
        );
        assert!(!cpu.reason.unwrap().contains("flush"));
        assert!(!later.reason.unwrap().contains("flush"));
    }

    #[test]
    fn a_partial_line_is_not_called_nothing() {
        let reason = "wall-clock limit of 3 s exceeded while waiting for the program: it wrote \
                      1 byte but no end of line";
        for moves in [0, 4] {
            let mut result =
                TestResult::unplayed(1, String::new(), Verdict::TimeLimit, reason.into());
            result.moves = moves;
            hint_silence(&mut result, false);
            let reason = result.reason.unwrap();
            assert!(reason.ends_with(PARTIAL_LINE_HINT), "{reason}");
            assert!(!reason.contains("wrote nothing"), "{reason}");
        }
    }
}
