//! Ending a conversation by a protocol's rule: what the program writes after its last line is
//! read and checked, its output must end within a bounded time, and the lines taken must be
//! its first process's (see `first`). [`Process::finish_output`] and
//! [`Process::abort_at_line`].

use super::{Ending, Process, TICK};
use crate::pipes::{self, ReadResult};
use crate::termination::cpu_limit_fault;
use crate::{Fault, FaultKind, Halt, Usage};
use std::time::{Duration, Instant};

/// How [`Process::finish_output`] reads what the program writes once the conversation is
/// over.
pub struct Closing<'a> {
    /// How long (wall clock, from the call) the program's output may stay open: then it must
    /// have ended, whoever holds it.
    pub within: Duration,
    /// Checks each piece of what the program writes after its last line (what the judge had
    /// buffered first, then what comes, in pieces of any size): the first fault (of the
    /// caller's kind, [`FaultKind::Refused`] as a rule) ends the run, and nothing more is read.
    pub check: &'a mut dyn FnMut(&[u8]) -> Result<(), Fault>,
    /// The reason when the output is still open after [`within`](Self::within).
    pub still_open: &'a str,
    /// Whether the program's input stays open while its output is read, until the run ends:
    /// for a protocol by which the program must end without reading more, a program that
    /// waits for more input keeps its output open and meets the bound, as it would where
    /// the input is never closed. Otherwise the input is closed first, and a read meets its
    /// end.
    pub keep_input_open: bool,
}

/// How often, under bubblewrap, the judge looks whether the program's output has ended,
/// while a process of the program holds it.
const BWRAP_LOOKS: Duration = Duration::from_millis(5);

/// Whether process `pid` has a descriptor on `pipe` (`pipe:[inode]`); `false` once it is
/// gone.
pub(super) fn holds(pid: i32, pipe: &std::ffi::OsStr) -> bool {
    let Ok(entries) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return false;
    };
    entries
        .filter_map(Result::ok)
        .any(|entry| std::fs::read_link(entry.path()).is_ok_and(|target| target == pipe))
}

/// How reading the output after the conversation went.
enum Output {
    /// It ended (every process holding it closed it), or it was still open at the deadline
    /// (`ended` false); with the first piece the check refused, if any (reading goes on after
    /// it, unchecked, so that the program's end comes first, as it does where a referee reads
    /// to the end).
    Read { ended: bool, refused: Option<Fault> },
    /// A limit was broken meanwhile, or judging was cancelled.
    Stopped(Halt),
}

/// What a run's end found, beyond its usage (see [`Ending`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Notes {
    /// The program's first process ended while another process it started was still
    /// running, or the judge took lines its first process did not write (a process it
    /// started wrote them; it may have ended too before the judge saw the first one's end):
    /// contest systems differ there (most end the run with the first process, or forbid
    /// starting one).
    pub outlived_first: bool,
    /// A process of the run was seen waiting in `clock_nanosleep` (C's `sleep`, Python's
    /// `time.sleep`), which some contest systems' sandboxes forbid. The judge looks at every
    /// [`TICK`] while it waits for the program, so a sleep shorter than that may go unseen.
    pub slept: bool,
}

impl Process {
    /// The conversation is over, by a protocol that says what may follow it: closes the
    /// program's input (unless `closing.keep_input_open`), reads its output to its end (each
    /// piece checked by `closing.check`, at most `closing.within` of waiting; the bytes are
    /// never stored, so a flood costs no memory), waits (within the limits) for the program to
    /// exit, kills whatever is left of it and says whether it ended cleanly.
    ///
    /// The fault is the first of: a limit broken (CPU, memory, wall clock); a line taken
    /// that the program's first process did not write (see [`Process::read_line`]'s rule for
    /// a program whose first process ends: [`FaultKind::EndedEarly`]); the first process's
    /// end, once it has ended by itself (an exit status other than 0 or a signal:
    /// [`FaultKind::Crashed`]); what `check` refused; the output still open after `within`
    /// ([`FaultKind::StillOpen`], with `closing.still_open`: the program is then stopped, and
    /// how it was stopped is no fault). Unlike [`finish`](Self::finish), nothing is taken for ended because the
    /// program's first process has exited. The run is over afterwards:
    /// [`notes`](Self::notes) says what its end found.
    pub fn finish_output(&mut self, closing: Closing<'_>) -> Ending {
        if !closing.keep_input_open {
            self.close_input();
        }
        self.stop_ticker();
        self.raw_output = true;
        let deadline = Instant::now() + closing.within;
        let result = match self.read_to_end(closing.check, deadline) {
            Output::Stopped(halt) => {
                self.end_first_process();
                self.cleanup();
                Err(halt)
            }
            Output::Read { ended, refused } => {
                // The program's own end is waited for (within the limits) when its output has
                // ended, or when its first process has ended while something it started holds
                // the output; a first process still running then is stopped, and its end is
                // no verdict.
                let first_ended = !ended && self.first_process_exited();
                if first_ended {
                    self.outlived_first = true;
                    self.first_process_counted();
                }
                let own_end = ended || first_ended;
                let exit = match own_end {
                    true => self.wait_for_exit(),
                    false => Ok(()),
                };
                self.end_first_process();
                self.cleanup();
                match exit {
                    Err(halt) => Err(halt),
                    Ok(()) => self
                        .limit_broken()
                        .or_else(|| self.not_its_lines())
                        .or_else(|| own_end.then(|| self.classify(false)).flatten())
                        .or(refused)
                        .or_else(|| {
                            (!ended).then(|| Fault::new(FaultKind::StillOpen, closing.still_open))
                        })
                        .map_or(Ok(()), |fault| Err(fault.into())),
                }
            }
        };
        Ending {
            result,
            usage: self.usage(),
            notes: self.notes(),
        }
    }

    /// Ends the run at a line the judge refuses (a move that is no move, or an illegal one):
    /// the program's first process is ended first, and then everything. `Ok` when the line
    /// stands as the program's: then the caller's verdict holds. Else the fault that comes
    /// first: a limit broken, or lines its first process did not write ([`FaultKind::EndedEarly`], see
    /// [`Process::read_line`]). The run is over afterwards.
    pub fn abort_at_line(&mut self) -> (Result<(), Fault>, Usage) {
        self.end_first_process();
        self.cleanup();
        let result = match self.limit_broken().or_else(|| self.not_its_lines()) {
            Some(fault) => Err(fault),
            None => Ok(()),
        };
        (result, self.usage())
    }

    /// What the run's end found (see [`Notes`]); complete once it has ended.
    pub fn notes(&self) -> Notes {
        Notes {
            outlived_first: self.outlived_first || self.written_after_the_end(),
            slept: self.slept,
        }
    }

    /// Reads stdout to its end, each piece checked until one is refused, until `deadline`.
    fn read_to_end(
        &mut self,
        check: &mut dyn FnMut(&[u8]) -> Result<(), Fault>,
        deadline: Instant,
    ) -> Output {
        let mut refused = check(&self.lines.take_buffered()).err();
        if self.output_held_at_first_end {
            // The run ended with its first process while another held the output (see
            // `first_process_ended`): judged as the bound finds such an output, still open.
            return Output::Read {
                ended: false,
                refused,
            };
        }
        let mut chunk = [0u8; 4096];
        loop {
            // Whether a process still holds the output is asked before the pipe is read: once
            // none does, everything written is in the pipe, and the reading below takes it.
            let held = self.output_held();
            while let Some(fd) = self.stdout.as_ref() {
                match pipes::read_fd(fd, &mut chunk) {
                    ReadResult::Data(n) if refused.is_none() => refused = check(&chunk[..n]).err(),
                    ReadResult::Data(_) => {}
                    ReadResult::End => self.stdout = None,
                    ReadResult::Nothing => break,
                }
            }
            if self.stdout.is_none() || !held {
                return Output::Read {
                    ended: true,
                    refused,
                };
            }
            let now = Instant::now();
            if now >= deadline {
                return Output::Read {
                    ended: false,
                    refused,
                };
            }
            let mut left = deadline - now;
            if self.placement.signals_as_status {
                // Its end is looked for, not read: see `output_held`.
                left = left.min(BWRAP_LOOKS);
            }
            if let Err(halt) = self.wait_for_output(left) {
                return Output::Stopped(halt);
            }
        }
    }

    /// One wait of at most `left` (and [`TICK`]) for stdout, charged to the wall clock, with
    /// the periodic checks; stderr is drained as it comes.
    fn wait_for_output(&mut self, left: Duration) -> Result<(), Halt> {
        if self.cancelled() {
            return Err(Halt::Cancelled);
        }
        let remaining = self.limits.wall_time.saturating_sub(self.waited);
        if remaining.is_zero() {
            return Err(self.wall_limit_fault(false).into());
        }
        let timeout = left.min(remaining).min(TICK);
        self.poll_once(timeout, true, false);
        if self.last_sample.elapsed() >= TICK {
            self.check_progress()?;
        }
        Ok(())
    }

    /// Whether a process of the program still holds its output. Without bubblewrap the
    /// output reads as ended once none does, and this is not asked. Under bubblewrap,
    /// bubblewrap and its init hold it too, to their end: so the judge looks whether one of
    /// the program's own processes has it open (a descriptor on the pipe, in `/proc`).
    ///
    /// A process that forks and ends while the judge looks may hand the output to a child
    /// the listing did not hold yet: so the program's processes are listed again once their
    /// descriptors are read, and a process new in the second listing counts as holding it
    /// (the next look reads its descriptors). A child forked before its parent's end is in
    /// that second listing, whatever the machine's load.
    fn output_held(&self) -> bool {
        let Some(stdout) = self.stdout.as_ref() else {
            return false;
        };
        if !self.placement.signals_as_status {
            return true;
        }
        let Ok(stat) = rustix::fs::fstat(stdout) else {
            return true;
        };
        let pipe = format!("pipe:[{}]", stat.st_ino);
        let listed = self.program_processes();
        if listed.iter().any(|&pid| holds(pid, pipe.as_ref())) {
            return true;
        }
        self.program_processes()
            .iter()
            .any(|pid| !listed.contains(pid))
    }

    /// The limit the run broke, once it is over: its CPU time, or memory as the kernel
    /// stopped it (a run the judge killed says `SIGKILL`: that is no limit of the program's).
    fn limit_broken(&self) -> Option<Fault> {
        let usage = self.usage();
        if usage.cpu > self.limits.cpu_time {
            return Some(cpu_limit_fault(&usage, &self.limits));
        }
        self.kernel_fault()
            .filter(|fault| fault.kind == FaultKind::Memory)
    }

    /// `early_exit` when the lines taken go beyond what the program's first process wrote
    /// (see `first`).
    fn not_its_lines(&self) -> Option<Fault> {
        self.written_after_the_end().then(|| {
            Fault::new(
                FaultKind::EndedEarly,
                format!(
                    "its first process ended having written {} bytes; what a process it \
                     started wrote beyond them is not the program's",
                    self.first_wrote.unwrap_or(0)
                ),
            )
        })
    }
}
