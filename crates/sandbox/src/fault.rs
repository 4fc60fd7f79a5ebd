//! How a conversation with a program can stop early.

use crate::Verdict;
use std::fmt;

/// Something the program did that ends its test: a verdict and a one-line reason.
///
/// ```
/// use duel_sandbox::{Fault, Verdict};
/// let fault = Fault::new(Verdict::ProtocolError, "expected a pit number, got \"x\"");
/// assert_eq!(fault.to_string(), "protocol_error: expected a pit number, got \"x\"");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The verdict of the test.
    pub verdict: Verdict,
    /// One line saying what happened.
    pub reason: String,
}

impl Fault {
    /// A fault with this verdict and reason.
    pub fn new(verdict: Verdict, reason: impl Into<String>) -> Fault {
        Fault {
            verdict,
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.verdict, self.reason)
    }
}

/// Why [`Process::read_line`](super::Process::read_line) or
/// [`Process::write_line`](super::Process::write_line) did not complete.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Halt {
    /// The program broke a rule or a limit: the test ends with this verdict.
    Fault(Fault),
    /// The judge was told to stop (Ctrl-C): the test has no result.
    Cancelled,
}

impl From<Fault> for Halt {
    fn from(fault: Fault) -> Halt {
        Halt::Fault(fault)
    }
}
