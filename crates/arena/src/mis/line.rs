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
//! affinity, through bubblewrap too), on one CPU for the whole game (`duel-sandbox`'s [`SharedCpu`]): a round
//! trip is then two context switches on that CPU instead of two wake-ups sent across CPUs,
//! which on a virtual machine cost ten times more. Parallel games are spread over the CPUs the
//! judge may use, one game to a CPU; games beyond the number of CPUs are left to the scheduler.

use super::referee::Ending;
use super::{EventSink, GameResult, GameSetup, MisError, Referee, Usage};
use crate::judge::verdict_of;
use crate::Verdict;
use duel_sandbox::untrusted::clip_line;
use duel_sandbox::{Halt, Launcher, Limits, Process, ProgramCommand, Sandbox, SharedCpu};
use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
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
        Err(Stop::Halt(Halt::Fault(fault))) => Ending::new(verdict_of(fault.kind), fault.reason),
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
                Ending::new(
                    verdict_of(fault.kind),
                    format!("after the game: {}", fault.reason),
                ),
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
            memory_resolution: usage.memory_resolution_bytes,
        },
    ))
}

/// Why a conversation stopped before the game's end.
enum Stop {
    /// The program hit a limit or ended, or the judge was cancelled.
    Halt(Halt),
    /// The judge's own Lolek chose an illegal move: a fault of the judge, not the program.
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

#[cfg(test)]
mod tests {
    use super::*;

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
