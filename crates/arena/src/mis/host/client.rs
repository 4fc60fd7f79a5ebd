//! The judge's side of the module host: start it, read its batches, replay every move.

use super::frame::{self, clip, Frame};
use super::{HostRequest, HOST_MEMORY_ALLOWANCE};
use crate::mis::referee::Ending;
use crate::mis::{EventSink, GameResult, GameSetup, MisError, Referee, Usage};
use crate::runner::{Halt, Launcher, Limits, Process, ProgramCommand, Sandbox};
use crate::Verdict;
use duel_mis::Move;
use std::ffi::OsString;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// Checks, before any game, that the module is a shared library defining both functions
/// ([`check_exports`](super::check_exports): the judge reads the file itself) and that the host
/// starts: runs `mis-host --check LIBRARY` under the limits. A missing file, a file that is no
/// shared library and a missing function are each a one-line [`MisError`]; whatever happens
/// once the module's code runs (a crash, a hang, a failed load, words on the host's pipe)
/// passes, and its games give the verdicts.
pub fn check_module(
    library: &Path,
    host: &Path,
    limits: Limits,
    sandbox: Sandbox,
) -> Result<(), MisError> {
    let library = absolute(library)?;
    super::check_exports(&library)?;
    let request = HostRequest {
        library: library.clone(),
        game: None,
    };
    let mut process = start(&request, host, limits, sandbox, None)?;
    let outcome = handshake(&mut process, &library);
    process.abort();
    // A module that loads but crashes or hangs while loading (in its constructors) is the
    // submission's fault: each game will give it its verdict.
    outcome.map(|_| ())
}

/// Plays one game with Bolek from a module, run by the host.
pub(crate) fn play(
    setup: &GameSetup,
    library: &Path,
    host: &Path,
    sink: &mut dyn EventSink,
    cancel: Option<&Arc<AtomicBool>>,
) -> Result<GameResult, MisError> {
    let started = Instant::now();
    let library = absolute(library)?;
    let request = HostRequest {
        library: library.clone(),
        game: Some((setup.start, setup.lolek)),
    };
    let mut process = start(&request, host, setup.limits, setup.sandbox, cancel)?;
    let mut referee = Referee::new(setup.start, setup.lolek);
    let (mut ending, baseline) = match handshake(&mut process, &library) {
        Err(error) => {
            process.abort();
            return Err(error);
        }
        Ok(Err(ending)) => (ending, 0),
        Ok(Ok(baseline)) => match replay(&mut process, &mut referee, sink) {
            Ok(ending) => (ending, baseline),
            Err(error) => {
                process.abort();
                return Err(error);
            }
        },
    };
    let usage = if referee.position().is_over() {
        let finished = process.finish();
        match finished.result {
            Ok(()) => {}
            Err(Halt::Cancelled) => return Err(MisError::Cancelled),
            Err(Halt::Fault(fault)) => {
                ending = Ending::new(fault.verdict, format!("after the game: {}", fault.reason));
            }
        }
        finished.usage
    } else {
        process.abort()
    };
    if ending.verdict == Verdict::MemoryLimit {
        // The runner's figures are the whole host's: say how its limit was made up.
        if let Some(reason) = &mut ending.reason {
            reason.push_str(&format!(
                " (the host's limit: {} MB for the module, {} MB for the host itself)",
                setup.limits.memory_bytes >> 20,
                HOST_MEMORY_ALLOWANCE >> 20
            ));
        }
    }
    let module_memory = usage.peak_memory_bytes.saturating_sub(baseline);
    if module_memory > setup.limits.memory_bytes && ending.verdict != Verdict::MemoryLimit {
        ending = Ending::new(
            Verdict::MemoryLimit,
            format!(
                "the module used {} MB, over the limit of {} MB",
                module_memory >> 20,
                setup.limits.memory_bytes >> 20
            ),
        );
    }
    Ok(referee.finish(
        ending,
        Usage {
            cpu_time: Some(usage.cpu),
            wall_time: started.elapsed(),
            peak_memory: Some(module_memory),
        },
    ))
}

fn start(
    request: &HostRequest,
    host: &Path,
    limits: Limits,
    sandbox: Sandbox,
    cancel: Option<&Arc<AtomicBool>>,
) -> Result<Process, MisError> {
    if !host.is_file() {
        return Err(MisError::HostNotFound(host.to_path_buf()));
    }
    let mut argv: Vec<OsString> = vec![host.into()];
    argv.extend(request.to_args());
    if sandbox == Sandbox::Bwrap {
        sandbox.check()?;
    }
    let host_limits = Limits {
        memory_bytes: limits.memory_bytes.saturating_add(HOST_MEMORY_ALLOWANCE),
        ..limits.with_max_line_bytes(frame::MAX_LINE_BYTES)
    };
    // The host and the module stay visible under bubblewrap (they may live under /tmp,
    // which the sandbox replaces); the host works from the root directory.
    let mut launcher = Launcher::new(ProgramCommand::Argv(argv), host_limits)
        .with_sandbox(sandbox)
        .with_visible(vec![host.to_path_buf(), request.library.clone()])
        .with_working_dir("/");
    if let Some(cancel) = cancel {
        launcher = launcher.with_cancel_flag(Arc::clone(cancel));
    }
    Ok(launcher.spawn()?)
}

/// Reads the header and the load report. `Ok(Ok(baseline))` when the module is ready,
/// `Ok(Err(ending))` when the module itself failed while loading (its constructors run then),
/// `Err` for a missing symbol or library, or a broken host.
fn handshake(process: &mut Process, library: &Path) -> Result<Result<u64, Ending>, MisError> {
    let mut numbers = Vec::new();
    let header = match process.read_line() {
        Ok(line) => line,
        Err(Halt::Cancelled) => return Err(MisError::Cancelled),
        Err(Halt::Fault(fault)) => return Err(MisError::Host(fault.to_string())),
    };
    let baseline = match frame::parse(&header, &mut numbers) {
        Ok(Frame::Header { baseline_rss_kb }) => baseline_rss_kb * 1024,
        _ => {
            return Err(MisError::Host(format!(
                "it did not introduce itself as a module host: {:?}",
                clip(&header)
            )))
        }
    };
    let report = match process.read_line() {
        Ok(line) => line,
        Err(Halt::Cancelled) => return Err(MisError::Cancelled),
        Err(Halt::Fault(fault)) => {
            return Ok(Err(Ending::new(
                fault.verdict,
                format!("while loading the module: {}", fault.reason),
            )))
        }
    };
    match frame::parse(&report, &mut numbers) {
        Ok(Frame::Ready) => Ok(Ok(baseline)),
        // The host's words may be the module's (its constructors run before this line), and
        // the judge has checked the file itself: a verdict, shown clipped and escaped.
        Ok(Frame::Error(message)) => Ok(Err(Ending::new(
            Verdict::RuntimeError,
            format!(
                "the module did not load: {}",
                crate::untrusted::clip_line(&message, crate::untrusted::SHOWN_CHARS)
            ),
        ))),
        _ => Ok(Err(Ending::new(
            Verdict::ProtocolError,
            format!(
                "while loading {}: the host wrote {:?}",
                library.display(),
                clip(&report)
            ),
        ))),
    }
}

/// Replays the host's moves until the game ends or the host stops.
fn replay(
    process: &mut Process,
    referee: &mut Referee,
    sink: &mut dyn EventSink,
) -> Result<Ending, MisError> {
    let mut numbers = Vec::with_capacity(2 * frame::BATCH_MOVES + 2);
    let mut bolek_to_move = true;
    loop {
        let line = match process.read_line() {
            Ok(line) => line,
            Err(Halt::Cancelled) => return Err(MisError::Cancelled),
            Err(Halt::Fault(fault)) => {
                return Ok(Ending::new(
                    fault.verdict,
                    format!("move {}: {}", referee.moves() + 1, fault.reason),
                ))
            }
        };
        let protocol = |moves: u64, what: String| {
            Ending::new(
                Verdict::ProtocolError,
                format!("move {}: the module host wrote {what}", moves + 1),
            )
        };
        match frame::parse(&line, &mut numbers) {
            Ok(Frame::Moves | Frame::LastMoves) => {}
            // A dying host's last words may be garbled; its end says more.
            Err(_) if line.starts_with("c ") => continue,
            Err(message) => return Ok(protocol(referee.moves(), message)),
            Ok(Frame::End) => {
                let what = "its end before the game was over".into();
                return Ok(protocol(referee.moves(), what));
            }
            Ok(_) => return Ok(protocol(referee.moves(), format!("{:?}", clip(&line)))),
        }
        for pair in numbers.chunks_exact(2) {
            let (take_p, take_e) = (pair[0], pair[1]);
            let flow = if bolek_to_move {
                referee.bolek(take_p, take_e, sink)
            } else {
                let (Ok(take_p), Ok(take_e)) = (u32::try_from(take_p), u32::try_from(take_e))
                else {
                    let what = format!("a Lolek move {take_p} {take_e}");
                    return Ok(protocol(referee.moves(), what));
                };
                referee.lolek_reported(Move { take_p, take_e }, sink)?
            };
            if let ControlFlow::Break(ending) = flow {
                return Ok(ending);
            }
            bolek_to_move = !bolek_to_move;
        }
    }
}

fn absolute(library: &Path) -> Result<PathBuf, MisError> {
    if library.is_absolute() {
        return Ok(library.to_path_buf());
    }
    std::env::current_dir()
        .map(|dir| dir.join(library))
        .map_err(|error| MisError::Host(format!("cannot read the current directory: {error}")))
}
