//! Bolek played by a program speaking the line protocol.
//!
//! The judge writes `p e B` once; before each of Bolek's moves it writes `p e` and reads one
//! line `bp be`; when the game is over it closes the program's input. The first position goes
//! out together with the set-up line, in one write; every later one is a single write followed
//! by the read of the answer: one round trip per Bolek move, which the line protocol cannot
//! avoid (Lolek's reply depends on Bolek's move).
//!
//! The judge and the program never run at the same time: each waits for the other's line. So
//! the judge's thread keeps itself, and with it the program it starts (which inherits the
//! affinity, through bubblewrap too), on one CPU for the whole game ([`SharedCpu`]): a round
//! trip is then two context switches on that CPU instead of two wake-ups sent across CPUs,
//! which on a virtual machine cost ten times more. Parallel games are spread over the CPUs the
//! judge may use, one game to a CPU; games beyond the number of CPUs are left to the scheduler.

use super::referee::Ending;
use super::{EventSink, GameResult, GameSetup, MisError, Referee, Usage};
use crate::Verdict;
use duel_sandbox::untrusted::clip_line;
use duel_sandbox::{Halt, Launcher, Limits, Process, ProgramCommand, Sandbox};
use rustix::thread::{sched_getaffinity, sched_getcpu, sched_setaffinity, CpuSet};
use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The longest answer line accepted; `bp be` needs at most 23 bytes.
const MAX_ANSWER_BYTES: usize = 256;

/// The launcher of the line-protocol Bolek `command` (a shell command line).
pub(super) fn launcher(command: &str, limits: Limits, sandbox: Sandbox) -> Launcher {
    let limits = limits.with_max_line_bytes(MAX_ANSWER_BYTES);
    Launcher::new(ProgramCommand::shell(command), limits).with_sandbox(sandbox)
}

pub(super) fn play(
    setup: &GameSetup,
    command: &str,
    sink: &mut dyn EventSink,
    cancel: Option<&Arc<AtomicBool>>,
) -> Result<GameResult, MisError> {
    let started = Instant::now();
    let _cpu = SharedCpu::enter();
    let mut launcher = launcher(command, setup.limits, setup.sandbox);
    if let Some(cancel) = cancel {
        launcher = launcher.with_cancel_flag(Arc::clone(cancel));
    }
    let mut process = launcher.spawn()?;
    let mut referee = Referee::new(setup.start, setup.lolek);
    let start = setup.start;
    let opening = format!(
        "{} {} {}\n{} {}",
        start.p(),
        start.e(),
        start.bound(),
        start.p(),
        start.e()
    );
    let ending = match converse(&mut process, &mut referee, &opening, sink) {
        Ok(ending) => ending,
        Err(Stop::Halt(Halt::Fault(fault))) => Ending::new(fault.verdict, fault.reason),
        Err(Stop::Halt(Halt::Cancelled)) => {
            process.abort();
            return Err(MisError::Cancelled);
        }
        Err(Stop::Engine(error)) => {
            process.abort();
            return Err(error);
        }
    };
    let game_over = referee.position().is_over();
    let (ending, usage) = if game_over {
        // The game is over: the program must now exit cleanly, within its limits.
        let finished = process.finish();
        match finished.result {
            Ok(()) => (ending, finished.usage),
            Err(Halt::Cancelled) => return Err(MisError::Cancelled),
            Err(Halt::Fault(fault)) => (
                Ending::new(fault.verdict, format!("after the game: {}", fault.reason)),
                finished.usage,
            ),
        }
    } else {
        (ending, process.abort())
    };
    Ok(referee.finish(
        ending,
        Usage {
            cpu_time: Some(usage.cpu),
            wall_time: started.elapsed(),
            peak_memory: Some(usage.peak_memory_bytes),
        },
    ))
}

/// Why a conversation stopped before the game's end.
enum Stop {
    /// The program hit a limit or ended, or the judge was cancelled.
    Halt(Halt),
    /// The engine failed.
    Engine(MisError),
}

impl From<Halt> for Stop {
    fn from(halt: Halt) -> Stop {
        Stop::Halt(halt)
    }
}

/// Talks to the program until the game ends.
fn converse(
    process: &mut Process,
    referee: &mut Referee,
    opening: &str,
    sink: &mut dyn EventSink,
) -> Result<Ending, Stop> {
    process.write_line(opening)?;
    let mut position = String::with_capacity(24);
    let mut answer = String::with_capacity(MAX_ANSWER_BYTES);
    loop {
        process
            .read_line_into(&mut answer)
            .map_err(|halt| match halt {
                Halt::Fault(mut fault) => {
                    fault.reason = format!("move {}: {}", referee.moves() + 1, fault.reason);
                    Halt::Fault(fault)
                }
                cancelled => cancelled,
            })?;
        let Some((take_p, take_e)) = parse_answer(&answer) else {
            return Ok(Ending::new(
                Verdict::ProtocolError,
                format!(
                    "move {}: expected `bp be` (two integers), got \"{}\"",
                    referee.moves() + 1,
                    clip_line(&answer, 60)
                ),
            ));
        };
        if let ControlFlow::Break(ending) = referee.bolek(take_p, take_e, sink) {
            return Ok(ending);
        }
        if let ControlFlow::Break(ending) = referee.lolek(sink).map_err(Stop::Engine)? {
            return Ok(ending);
        }
        let now = referee.position();
        position.clear();
        // Into the same buffer every move: no allocation.
        let _ = write!(position, "{} {}", now.p(), now.e());
        process.write_line(&position)?;
    }
}

/// Two integers separated by whitespace. Integers too large for `i64` saturate: they are
/// numbers (so an illegal move, not a protocol error).
fn parse_answer(line: &str) -> Option<(i64, i64)> {
    let mut words = line.split_whitespace();
    let (p, e) = (words.next()?, words.next()?);
    if words.next().is_some() {
        return None;
    }
    Some((integer(p)?, integer(e)?))
}

fn integer(word: &str) -> Option<i64> {
    let digits = word.strip_prefix(['-', '+']).unwrap_or(word);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(word.parse::<i64>().unwrap_or(if word.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    }))
}

/// This thread pinned to one CPU until dropped, when its former affinity comes back; see the
/// module's documentation.
struct SharedCpu {
    former: CpuSet,
    cpu: usize,
}

/// How many games are pinned to each CPU now, by CPU number.
static GAMES_ON_CPU: Mutex<Vec<u32>> = Mutex::new(Vec::new());

impl SharedCpu {
    /// Pins this thread to an allowed CPU without a game (this thread's own CPU first). `None`,
    /// leaving the affinity alone, when every allowed CPU has a game already, when only one
    /// CPU is allowed, or when the affinity cannot be read or set.
    fn enter() -> Option<SharedCpu> {
        let former = sched_getaffinity(None).ok()?;
        let allowed: Vec<usize> = (0..CpuSet::MAX_CPU)
            .filter(|&cpu| former.is_set(cpu))
            .collect();
        if allowed.len() < 2 {
            return None;
        }
        let mut games = GAMES_ON_CPU.lock().unwrap_or_else(|e| e.into_inner());
        let cpu = least_busy(&allowed, &games, sched_getcpu())?;
        if games.get(cpu).is_some_and(|&count| count > 0) {
            // More games than CPUs: the ones beyond are left to the scheduler.
            return None;
        }
        let mut only = CpuSet::new();
        only.set(cpu);
        sched_setaffinity(None, &only).ok()?;
        if games.len() <= cpu {
            games.resize(cpu + 1, 0);
        }
        games[cpu] += 1;
        Some(SharedCpu { former, cpu })
    }
}

/// The CPU of `allowed` with the fewest `games` (by CPU number), `here` first among equals,
/// then the lowest number.
fn least_busy(allowed: &[usize], games: &[u32], here: usize) -> Option<usize> {
    let count = |cpu: usize| games.get(cpu).copied().unwrap_or(0);
    allowed
        .iter()
        .copied()
        .min_by_key(|&cpu| (count(cpu), cpu != here, cpu))
}

impl Drop for SharedCpu {
    fn drop(&mut self) {
        // Failing to widen it again only keeps this thread on one allowed CPU.
        let _ = sched_setaffinity(None, &self.former);
        let mut games = GAMES_ON_CPU.lock().unwrap_or_else(|e| e.into_inner());
        games[self.cpu] -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_go_to_the_least_busy_cpu_this_one_first_among_equals() {
        assert_eq!(least_busy(&[0, 1], &[], 1), Some(1));
        assert_eq!(least_busy(&[0, 1], &[], 7), Some(0));
        assert_eq!(least_busy(&[0, 1], &[0, 1], 1), Some(0));
        assert_eq!(least_busy(&[0, 1, 2, 3], &[1, 1, 0, 1], 0), Some(2));
        // A CPU the judge may not use is never chosen, however idle.
        assert_eq!(least_busy(&[2, 3], &[0, 0, 5, 4], 0), Some(3));
        assert_eq!(least_busy(&[], &[], 0), None);
    }

    fn affinity() -> Vec<usize> {
        let set = sched_getaffinity(None).unwrap();
        (0..CpuSet::MAX_CPU)
            .filter(|&cpu| set.is_set(cpu))
            .collect()
    }

    #[test]
    fn a_game_pins_its_thread_to_one_cpu_and_gives_the_affinity_back() {
        std::thread::spawn(|| {
            let former = affinity();
            let pinned = SharedCpu::enter();
            match &pinned {
                Some(shared) => {
                    assert_eq!(affinity(), vec![shared.cpu]);
                    assert!(former.contains(&shared.cpu), "{former:?}");
                }
                // One CPU only, or games on every CPU (other tests'): nothing changes.
                None => assert_eq!(affinity(), former),
            }
            drop(pinned);
            assert_eq!(affinity(), former);
        })
        .join()
        .unwrap();
    }

    #[test]
    fn answers_are_two_integers() {
        assert_eq!(parse_answer("1 1"), Some((1, 1)));
        assert_eq!(parse_answer("  3\t0 "), Some((3, 0)));
        assert_eq!(parse_answer("-2 +4"), Some((-2, 4)));
        assert_eq!(
            parse_answer("99999999999999999999999 0"),
            Some((i64::MAX, 0))
        );
        assert_eq!(parse_answer("1"), None);
        assert_eq!(parse_answer("1 2 3"), None);
        assert_eq!(parse_answer("a b"), None);
        assert_eq!(parse_answer("1.5 0"), None);
        assert_eq!(parse_answer("- 0"), None);
        assert_eq!(parse_answer(""), None);
    }
}
