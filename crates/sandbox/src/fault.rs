//! How a conversation with a program can stop early.

use std::fmt;

/// What the sandbox saw end a run or a conversation: a limit, the program's own end, or
/// output it could not take. The sandbox knows no game: what each kind is worth (a verdict of
/// a judge) is for its caller to say.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// The CPU time limit was exceeded (or `RLIMIT_CPU`'s SIGXCPU ended the program).
    CpuTime,
    /// The wall-clock limit was exceeded while the judge waited for the program.
    WallTime,
    /// The memory limit was exceeded: the kernel's out-of-memory kill, an allocation that
    /// failed, or an abnormal end near the limit.
    Memory,
    /// The program tried to run more processes or threads at once than its limit allows.
    Processes,
    /// The program ended abnormally: a nonzero exit status or a signal.
    Crashed,
    /// The program ended (status 0) or closed its output before the conversation was over, or
    /// the lines taken were not its first process's.
    EndedEarly,
    /// The program wrote a line longer than [`Limits::max_line_bytes`](crate::Limits).
    LineTooLong,
    /// The program's output was still open when it had to have ended
    /// ([`Closing::within`](crate::Closing::within)).
    StillOpen,
    /// The caller refused what the program wrote
    /// ([`Closing::check`](crate::Closing::check), or a caller's own reader).
    Refused,
}

/// Something the program did that ends its test: what kind of stop, and a one-line reason.
///
/// ```
/// use duel_sandbox::{Fault, FaultKind};
/// let fault = Fault::new(FaultKind::LineTooLong, "wrote a line longer than 64 bytes");
/// assert_eq!(fault.to_string(), "wrote a line longer than 64 bytes");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// What stopped it.
    pub kind: FaultKind,
    /// One line saying what happened.
    pub reason: String,
}

impl Fault {
    /// A fault of this kind with this reason.
    pub fn new(kind: FaultKind, reason: impl Into<String>) -> Fault {
        Fault {
            kind,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

/// Why [`Process::read_line`](super::Process::read_line) or
/// [`Process::write_line`](super::Process::write_line) did not complete.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Halt {
    /// The program broke a rule or a limit: the test ends with this fault.
    Fault(Fault),
    /// The judge was told to stop (Ctrl-C): the test has no result.
    Cancelled,
}

impl From<Fault> for Halt {
    fn from(fault: Fault) -> Halt {
        Halt::Fault(fault)
    }
}
