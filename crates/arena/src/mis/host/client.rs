//! The judge's side of the module host: start it, read its batches, replay every move.

use super::frame::{Frame, FrameError, FrameReader};
use super::{HostRequest, HOST_MEMORY_ALLOWANCE};
use crate::judge::verdict_of;
use crate::mis::referee::Ending;
use crate::mis::{EventSink, GameResult, GameSetup, MisError, Referee, Usage};
use crate::notes::with_notes;
use crate::Verdict;
use duel_mis::Move;
use duel_sandbox::untrusted::{clip_bytes, SHOWN_CHARS};
use duel_sandbox::{Halt, Launcher, Limits, Process, ProgramCommand, Sandbox};
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
    let mut stream = Stream {
        process: &mut process,
        reader: FrameReader::new(),
    };
    let outcome = handshake(&mut stream, &library);
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
    let mut stream = Stream {
        process: &mut process,
        reader: FrameReader::new(),
    };
    let played = match handshake(&mut stream, &library) {
        Err(error) => Err(error),
        Ok(Err(ending)) => Ok((ending, 0)),
        Ok(Ok(baseline)) => {
            replay(&mut stream, &mut referee, sink).map(|ending| (ending, baseline))
        }
    };
    let (mut ending, baseline) = match played {
        Ok(played) => played,
        Err(error) => {
            process.abort();
            return Err(error);
        }
    };
    let (usage, notes) = if referee.position().is_over() {
        let finished = process.finish();
        match finished.result {
            Ok(()) => {}
            Err(Halt::Cancelled) => return Err(MisError::Cancelled),
            Err(Halt::Fault(fault)) => {
                ending = Ending::new(
                    verdict_of(fault.kind),
                    format!("after the game: {}", fault.reason),
                );
            }
        }
        (finished.usage, finished.notes)
    } else {
        // What the periodic looks saw: the last look, at the run's end, goes with it.
        let notes = process.notes();
        (process.abort(), notes)
    };
    ending.reason = with_notes(ending.reason.take(), notes);
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
            memory_resolution: usage.memory_resolution_bytes,
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
        ..limits
    };
    let mut launcher = host_launcher(argv, &request.library, host_limits, sandbox);
    if let Some(cancel) = cancel {
        launcher = launcher.with_cancel_flag(Arc::clone(cancel));
    }
    Ok(launcher.spawn()?)
}

/// The launcher of the host `argv[0]` (with its arguments) loading `library`.
pub(crate) fn host_launcher(
    argv: Vec<OsString>,
    library: &Path,
    limits: Limits,
    sandbox: Sandbox,
) -> Launcher {
    let host = PathBuf::from(&argv[0]);
    // The host and the module stay visible under bubblewrap (they may live under /tmp,
    // which the sandbox replaces); the host works from the root directory.
    Launcher::new(ProgramCommand::Argv(argv), limits)
        .with_sandbox(sandbox)
        .with_visible(vec![host, library.to_path_buf()])
        .with_working_dir("/")
}

/// The host's frames, read from its process into a bounded buffer.
struct Stream<'p> {
    process: &'p mut Process,
    reader: FrameReader,
}

impl Stream<'_> {
    /// Reads more of the host's output. `Err` when it ended or broke a limit.
    fn fill(&mut self) -> Result<(), Halt> {
        let n = self.process.read_bytes(self.reader.space())?;
        self.reader.filled(n);
        Ok(())
    }
}

/// What came instead of a frame.
enum Broken {
    /// The host's output ended, or it broke a limit.
    Halted(Halt),
    /// Bytes that are no frame.
    Garbled(FrameError),
}

/// The next whole frame of `stream`, reading as needed; `Ok(None)` never (loops until one).
macro_rules! next_frame {
    ($stream:expr) => {
        loop {
            match $stream.reader.next_frame() {
                Ok(Some(frame)) => break Ok(frame),
                Ok(None) => {}
                Err(error) => break Err(Broken::Garbled(error)),
            }
            // The borrow of the reader ends with the `Ok(None)` arm: read more.
            if let Err(halt) = $stream.fill() {
                break Err(Broken::Halted(halt));
            }
        }
    };
}

/// Reads the header and the load report. `Ok(Ok(baseline))` when the module is ready,
/// `Ok(Err(ending))` when the module itself failed while loading (its constructors run then),
/// `Err` for a missing symbol or library, or a broken host.
fn handshake(stream: &mut Stream, library: &Path) -> Result<Result<u64, Ending>, MisError> {
    let baseline = match next_frame!(stream) {
        Ok(Frame::Header { baseline_rss_kb }) => baseline_rss_kb.saturating_mul(1024),
        Err(Broken::Halted(Halt::Cancelled)) => return Err(MisError::Cancelled),
        Err(Broken::Halted(Halt::Fault(fault))) => {
            return Err(MisError::Host(format!(
                "{}: {}",
                verdict_of(fault.kind),
                fault.reason
            )))
        }
        // The module's code has not run yet: the header is the host's own.
        Ok(_) | Err(Broken::Garbled(_)) => {
            return Err(MisError::Host(format!(
                "it did not introduce itself as a module host: {}",
                clip_bytes(stream.reader.pending(), SHOWN_CHARS)
            )))
        }
    };
    // From here on the module's constructors have run inside the host and may have written
    // anything on its pipe, and the judge has checked the file itself: whatever comes is a
    // verdict, shown clipped and escaped.
    let not_loaded = |what: String| {
        Ok(Err(Ending::new(
            Verdict::RuntimeError,
            format!("the module did not load: {what}"),
        )))
    };
    // Bytes that are no load report can only be the module's own, written on the host's pipe
    // by its constructors: a protocol_error, as the packages' validators say of bytes written
    // on the driver's stream before its first line.
    let scribbled = |what: String| {
        Ok(Err(Ending::new(
            Verdict::ProtocolError,
            format!("the module wrote on the module host's pipe while loading: {what}"),
        )))
    };
    match next_frame!(stream) {
        Ok(Frame::Ready) => Ok(Ok(baseline)),
        Ok(Frame::Error(message)) => not_loaded(clip_bytes(message, SHOWN_CHARS)),
        Err(Broken::Halted(Halt::Cancelled)) => Err(MisError::Cancelled),
        Err(Broken::Halted(Halt::Fault(fault))) => Ok(Err(Ending::new(
            verdict_of(fault.kind),
            format!("while loading the module: {}", fault.reason),
        ))),
        Ok(_) => scribbled(format!("a move frame, loading {}", library.display())),
        Err(Broken::Garbled(error)) => scribbled(format!(
            "{error}: {}",
            clip_bytes(stream.reader.pending(), 60)
        )),
    }
}

/// Replays the host's moves until the game ends or the host stops. The host plays on while
/// the judge replays (its output waits in the pipe), so checking overlaps with playing.
fn replay(
    stream: &mut Stream,
    referee: &mut Referee,
    sink: &mut dyn EventSink,
) -> Result<Ending, MisError> {
    let mut bolek_to_move = true;
    let protocol = |moves: u64, what: String| {
        Ending::new(
            Verdict::ProtocolError,
            format!("move {}: the module host wrote {what}", moves + 1),
        )
    };
    loop {
        let frame = next_frame!(stream);
        let (moves, last) = match frame {
            Ok(Frame::Moves(moves)) => (moves, false),
            Ok(Frame::LastMoves(moves)) => (moves, true),
            Err(Broken::Halted(halt)) => return halted(halt, referee),
            Err(Broken::Garbled(error)) => return Ok(protocol(referee.moves(), error.to_string())),
            Ok(Frame::End) => {
                let what = "its end before the game was over".into();
                return Ok(protocol(referee.moves(), what));
            }
            Ok(_) => {
                let what = "a handshake frame in the middle of the game".into();
                return Ok(protocol(referee.moves(), what));
            }
        };
        for taken in moves {
            let (take_p, take_e) = match taken {
                Ok(taken) => taken,
                // A dying host's last words may be garbled: its end says more.
                Err(_) if last => break,
                Err(error) => return Ok(protocol(referee.moves(), error.to_string())),
            };
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
        if last {
            // Nothing after the last words counts: wait for the host's end, which says how
            // it died.
            loop {
                stream.reader.clear();
                if let Err(halt) = stream.fill() {
                    return halted(halt, referee);
                }
            }
        }
    }
}

/// The ending when the host's output ended or it broke a limit mid-game.
fn halted(halt: Halt, referee: &Referee) -> Result<Ending, MisError> {
    match halt {
        Halt::Cancelled => Err(MisError::Cancelled),
        Halt::Fault(fault) => Ok(Ending::new(
            verdict_of(fault.kind),
            format!("move {}: {}", referee.moves() + 1, fault.reason),
        )),
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
