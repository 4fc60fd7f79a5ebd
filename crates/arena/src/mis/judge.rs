//! Pooh-Eeyore-sticks behind the neutral judge: [`Mis`], the game [`judge_all`] judges a Bolek
//! with, against Lolek, into a [`Report`](crate::Report). The judge's [`Settings`] are the only
//! configuration: the limits, sandbox, logs and cancel flag each test runs with are read from
//! them; the game adds only how Lolek plays and where the module host is.
//!
//! ```
//! use duel_arena::judge::{judge_all, Entry, Observer, Settings, Submission};
//! use duel_arena::mis::judge::{DEFAULT_MEMORY_MIB, DEFAULT_TIME_LIMIT};
//! use duel_arena::mis::{parse_tests, Mis, OwnSubmission};
//! use duel_arena::output::TestResult;
//! use duel_mis::LolekKind;
//! use duel_sandbox::Limits;
//!
//! struct Quiet;
//! impl Observer for Quiet {
//!     fn result(&mut self, _submission: usize, _result: &TestResult, _log: &str) {}
//! }
//! let tests = parse_tests("7 2 3\n10 7 5\n").unwrap();
//! let bolek = [Entry { name: "built-in Bolek".into(), submission: Submission::Own(OwnSubmission::Builtin) }];
//! let mut settings = Settings::new(Limits::new(DEFAULT_TIME_LIMIT, DEFAULT_MEMORY_MIB));
//! settings.jobs = 2;
//! let game = Mis::new(LolekKind::Adversarial, None);
//! let reports = judge_all(&game, &bolek, &tests, &settings, &mut Quiet).unwrap();
//! assert_eq!(reports[0].score, 100.0);
//! let start = duel_report::Start::Mis(duel_report::MisStart { p: 7, e: 2, b: 3 });
//! assert_eq!(reports[0].tests[0].start, Some(start));
//! ```
//!
//! # Time limits
//! `limits.cpu_time` (default [`DEFAULT_TIME_LIMIT`]) is the CPU time Bolek's process may use
//! per test, on top of an allowance that depends on how Bolek is run:
//! - a **module** gets none: the task's limit covers the module and its driver together, as
//!   in every contest system's package, whose driver plays Lolek in the module's process
//!   (the rules of play, `crates/protocol/RULES.md`, M5). The module host is that driver here:
//!   its whole CPU time, its Lolek and its frames included, is charged. On the official set's
//!   longest game (1.7 * 10^7 moves) a perfect C module took about 0.35 s of CPU in a
//!   development build of the host and 0.13 s linked with the packages' C driver (a Pascal
//!   one 0.21 s with their Pascal driver; measured once with `time`, not a benchmark), so
//!   duel's judge is, if anything, the stricter;
//! - a **line-protocol program** pays one pipe round trip per Bolek move (Lolek's reply depends
//!   on Bolek's move, so nothing can be batched): it gets [`PLAYER_ALLOWANCE_PER_MOVE`] more
//!   per Bolek move the game can last, `ceil((p + e) / 2)` (every pair of moves takes at least
//!   two sticks). Measured on a loaded two-core machine, a C player (scanf/printf/fflush) spent
//!   about 6 µs of CPU per round trip (13 to 27 µs of waiting) and a Python one about 13 µs
//!   (30 µs of waiting): on the official set's longest game, 8.6 * 10^6 Bolek moves, the C
//!   player used 51 s of its 301 s.
//!
//! The wall-clock limit, charged only while the judge waits for Bolek, is
//! [`Limits::DEFAULT_WALL_FACTOR`] times the CPU limit, plus, for a program,
//! [`PLAYER_WALL_ALLOWANCE_PER_MOVE`] per possible Bolek move.

use super::transcript::TranscriptWriter;
use super::{play, BolekSource, EventSink, GameResult, GameSetup, MisError, MisTest, MoveEvent};
use crate::compile::Target;
#[cfg(doc)]
use crate::judge::judge_all;
use crate::judge::{Game, GameLog, Runnable, Settings};
use crate::output::TestResult;
use crate::Verdict;
use duel_mis::record::RecordWriter;
use duel_mis::{LolekKind, Move, Position};
use duel_report::{MisStart, Start, Task};
use duel_sandbox::{IsolationRecord, Limits, ProgramCommand};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Bolek's CPU time per test, by default: the task's ([`Task::time_limit`], plus the
/// allowances above).
pub const DEFAULT_TIME_LIMIT: Duration = Task::Mis.time_limit();

/// The task's memory limit in MiB ([`Task::memory_limit_mib`]; for a module: the module's own
/// memory).
pub const DEFAULT_MEMORY_MIB: u64 = Task::Mis.memory_limit_mib() as u64;

/// Extra CPU time of a line-protocol program per Bolek move the game can last: one pipe round
/// trip (6 µs for C, 13 µs for Python were measured).
pub const PLAYER_ALLOWANCE_PER_MOVE: Duration = Duration::from_micros(30);

/// Extra wall-clock time of a line-protocol program per Bolek move the game can last: the
/// latency of a round trip, which on a busy machine is mostly waiting to be scheduled (up to
/// 83 µs were measured with the machine's two cores loaded eightfold).
pub const PLAYER_WALL_ALLOWANCE_PER_MOVE: Duration = Duration::from_micros(300);

/// Moves of a game kept at the start of a log's text; the rest is elided but for
/// [`LOG_TAIL_MOVES`], so that a 10^7-move game gives a small text. Every move of a longer
/// game is kept in the log's compact record instead ([`GameLog::moves`], `duel_mis::record`).
pub const LOG_HEAD_MOVES: u64 = 10_000;

/// Moves kept at the end of a log.
pub const LOG_TAIL_MOVES: usize = 1_000;

/// Games up to this many moves get their moves listed in the report.
pub const MOVE_LIST_MAX: usize = 40;

/// The limits of a game from `start` with Bolek run as `bolek`: the CPU and wall-clock limits
/// of `limits` plus the allowances of the module docs (none for a module, whose host plays
/// Lolek within the task's limit, as a contest system's driver does). `graj` uses the same
/// rule.
///
/// ```
/// use duel_arena::mis::{judge::game_limits, BolekSource};
/// use duel_mis::Position;
/// use duel_sandbox::Limits;
/// use std::time::Duration;
/// let (bolek, limits) = (BolekSource::Player { command: "./bolek".into() }, Limits::new(Duration::from_secs(1), 32));
/// let small = game_limits(limits, &bolek, &Position::new(7, 2, 3).unwrap());
/// let large = game_limits(limits, &bolek, &Position::new(10_000_000, 1, 1).unwrap());
/// assert!(small.cpu_time < Duration::from_millis(1001));
/// assert!(large.cpu_time > Duration::from_secs(100)); // 5 * 10^6 round trips
/// // A module: the task's limit alone, however long the game.
/// let module = BolekSource::Module { library: "libmis.so".into(), host: "mis-host".into() };
/// assert_eq!(game_limits(limits, &module, &Position::new(10_000_000, 1, 1).unwrap()), limits);
/// ```
pub fn game_limits(limits: Limits, bolek: &BolekSource, start: &Position) -> Limits {
    let sticks = u64::from(start.p()) + u64::from(start.e());
    let bolek_moves = sticks.div_ceil(2);
    let (cpu, wall) = match bolek {
        // M5: a module's host is its driver, Lolek included, under the task's limit alone.
        BolekSource::Builtin | BolekSource::Module { .. } => (Duration::ZERO, Duration::ZERO),
        BolekSource::Player { .. } => (
            scaled(PLAYER_ALLOWANCE_PER_MOVE, bolek_moves),
            scaled(PLAYER_WALL_ALLOWANCE_PER_MOVE, bolek_moves),
        ),
    };
    Limits {
        cpu_time: limits.cpu_time + cpu,
        wall_time: limits.wall_time + wall,
        ..limits
    }
}

fn scaled(per_unit: Duration, units: u64) -> Duration {
    per_unit.saturating_mul(u32::try_from(units).unwrap_or(u32::MAX))
}

/// Pooh-Eeyore-sticks behind the neutral judge: Bolek against Lolek.
#[derive(Debug, Clone)]
pub struct Mis {
    lolek: LolekKind,
    host: Option<PathBuf>,
}

impl Mis {
    /// The game with Lolek playing `lolek`; modules run in the `mis-host` at `host` (default:
    /// [`default_host_path`](super::host::default_host_path)).
    pub fn new(lolek: LolekKind, host: Option<PathBuf>) -> Mis {
        Mis { lolek, host }
    }
}

/// What Pooh-Eeyore-sticks takes beyond programs (the line protocol) and sources: a module, or
/// the built-in Bolek.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OwnSubmission {
    /// A shared library exporting the task's functions, run in the module host.
    Module(PathBuf),
    /// The game's own perfect Bolek, in the judge's process.
    Builtin,
}

impl crate::judge::OwnSubmission for OwnSubmission {
    fn built_library(library: PathBuf) -> Option<Self> {
        Some(OwnSubmission::Module(library))
    }

    fn path(&self) -> Option<&Path> {
        match self {
            OwnSubmission::Module(library) => Some(library),
            OwnSubmission::Builtin => None,
        }
    }
}

impl Game for Mis {
    type Test = MisTest;
    type Player = BolekSource;
    type Error = MisError;
    type Own = OwnSubmission;

    fn task(&self) -> duel_report::Task {
        duel_report::Task::Mis
    }

    fn target(&self) -> Target {
        Target::Module
    }

    fn input(&self, test: &MisTest) -> String {
        test.start.to_string()
    }

    fn start(&self, test: &MisTest) -> Start {
        typed_start(&test.start)
    }

    fn number(&self, _position: usize, test: &MisTest) -> usize {
        test.number
    }

    /// Bolek as the submission gives him; checked before the first test (see `preflight`).
    fn prepare(
        &self,
        runnable: &Runnable<OwnSubmission>,
        settings: &Settings,
    ) -> Result<BolekSource, MisError> {
        let bolek = match runnable {
            Runnable::Own(OwnSubmission::Builtin) => BolekSource::Builtin,
            Runnable::Program(command) => BolekSource::Player {
                command: shell_line(command),
            },
            Runnable::Own(OwnSubmission::Module(library)) => BolekSource::Module {
                library: library.clone(),
                host: match &self.host {
                    Some(host) => host.clone(),
                    None => super::host::default_host_path()?,
                },
            },
        };
        preflight(&bolek, settings)?;
        Ok(bolek)
    }

    fn is_compile_error(&self, error: &MisError) -> bool {
        matches!(error, MisError::Unexported(_) | MisError::DriverName(_))
    }

    fn isolation(&self, bolek: &BolekSource, settings: &Settings) -> Option<IsolationRecord> {
        let launcher = match bolek {
            BolekSource::Builtin => return None,
            BolekSource::Player { command } => {
                super::line::launcher(command, settings.limits, settings.sandbox)
            }
            BolekSource::Module { library, host } => super::host::host_launcher(
                vec![host.into()],
                library,
                settings.limits,
                settings.sandbox,
            ),
        };
        Some(launcher.isolation_record())
    }

    fn play(
        &self,
        bolek: &BolekSource,
        settings: &Settings,
        _number: usize,
        test: &MisTest,
    ) -> Result<Option<(TestResult, GameLog)>, MisError> {
        match judge_test(self.lolek, bolek, settings, test) {
            Ok(judged) => Ok(Some(judged)),
            Err(MisError::Cancelled) => Ok(None),
            Err(error) => Err(error),
        }
    }
}

/// A command as one line for `sh -c` (the words of an argument vector quoted as needed).
fn shell_line(command: &ProgramCommand) -> String {
    match command {
        ProgramCommand::Shell(line) => line.clone(),
        ProgramCommand::Argv(argv) => {
            let words: Vec<String> = argv
                .iter()
                .map(|word| {
                    let word = word.to_string_lossy();
                    if !word.is_empty()
                        && word
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || "/._-+=,:".contains(c))
                    {
                        word.into_owned()
                    } else {
                        format!("'{}'", word.replace('\'', "'\\''"))
                    }
                })
                .collect();
            words.join(" ")
        }
    }
}

/// Checks that Bolek can be started at all: for a program, the checks of every judge's
/// [`Launcher::check`](duel_sandbox::Launcher::check) (the program exists, the sandbox works,
/// a file the command names is neither a refused link nor where bubblewrap cannot show it).
fn preflight(bolek: &BolekSource, settings: &Settings) -> Result<(), MisError> {
    match bolek {
        BolekSource::Builtin => Ok(()),
        BolekSource::Player { command } => {
            Ok(super::line::launcher(command, settings.limits, settings.sandbox).check()?)
        }
        BolekSource::Module { library, host } => {
            super::host::check_module(library, host, settings.limits, settings.sandbox)
        }
    }
}

/// Plays one test of `bolek` against `lolek` under `settings`, with the allowances of
/// [`game_limits`] added to its limits: its report entry and its log (empty unless
/// `settings.logs`; with the record of every move when the text had to leave some out).
fn judge_test(
    lolek: LolekKind,
    bolek: &BolekSource,
    settings: &Settings,
    test: &MisTest,
) -> Result<(TestResult, GameLog), MisError> {
    let setup = GameSetup {
        start: test.start,
        lolek,
        bolek: bolek.clone(),
        limits: game_limits(settings.limits, bolek, &test.start),
        sandbox: settings.sandbox,
    };
    let mut recorder = Recorder {
        log: settings.logs.then(|| {
            TranscriptWriter::new(Vec::new(), &test.start, LOG_HEAD_MOVES, LOG_TAIL_MOVES)
        }),
        moves: Vec::new(),
        record: settings.logs.then(|| RecordWriter::new(test.start)),
    };
    let result = play(&setup, &mut recorder, Some(&settings.cancel))?;
    let log = match recorder.log {
        Some(log) => {
            let bytes = log
                .finish(&result)
                .map_err(|error| MisError::Internal(error.to_string()))?;
            GameLog {
                text: String::from_utf8_lossy(&bytes).into_owned(),
                moves: recorder.record.map(RecordWriter::finish),
            }
        }
        None => GameLog::default(),
    };
    let moves = (result.moves as usize <= MOVE_LIST_MAX).then_some(&recorder.moves[..]);
    Ok((test_result(test, &result, moves), log))
}

/// The report entry of a test's game; `moves`, when given, are listed.
pub fn test_result(test: &MisTest, result: &GameResult, moves: Option<&[Move]>) -> TestResult {
    let left = result.last_position;
    TestResult {
        index: test.number,
        input: test.start.to_string(),
        start: Some(typed_start(&test.start)),
        verdict: result.verdict,
        reason: result.reason.clone(),
        moves: result.moves,
        move_list: moves.map(|moves| {
            let taken = moves.iter().map(|mv| duel_report::SticksTaken {
                take_p: mv.take_p,
                take_e: mv.take_e,
            });
            duel_report::MoveList::Mis(taken.collect())
        }),
        summary: Some(format!("{} {}", left.p(), left.e())),
        // The built-in player runs inside the judge: its time is the game's.
        time_ms: millis(result.usage.cpu_time.unwrap_or(result.usage.wall_time)),
        wall_ms: millis(result.usage.wall_time),
        memory_kb: result
            .usage
            .peak_memory
            .and_then(crate::output::measured_kb),
        memory_resolution_kb: result
            .usage
            .peak_memory
            .and_then(crate::output::measured_kb)
            .map(|_| result.usage.memory_resolution.div_ceil(1024)),
        first_mistake: match result.verdict {
            Verdict::Loss => result.first_mistake.map(|mistake| mistake.to_string()),
            _ => None,
        },
    }
}

/// A start position as a report's typed start: `{p, e, b}`.
fn typed_start(start: &Position) -> Start {
    Start::Mis(MisStart {
        p: start.p(),
        e: start.e(),
        b: start.bound(),
    })
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// Keeps the log (if wanted: its text and the record of every move) and the first moves of
/// a game.
struct Recorder {
    log: Option<TranscriptWriter<Vec<u8>>>,
    moves: Vec<Move>,
    record: Option<RecordWriter>,
}

impl EventSink for Recorder {
    fn record(&mut self, event: &MoveEvent) {
        if let Some(log) = &mut self.log {
            log.record(event);
        }
        if let Some(record) = &mut self.record {
            record.push(event.taken);
        }
        if self.moves.len() <= MOVE_LIST_MAX {
            self.moves.push(event.taken);
        }
    }
}
