//! [`Task`]: which of duel's two tasks a report, a package or a command is about.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One of duel's two tasks. Its name (`"ioiwari"` or `"mis"`) is a report's `game` in JSON,
/// a package's directory and the task's word on the command line.
///
/// ```
/// use duel_report::Task;
/// assert_eq!("mis".parse::<Task>(), Ok(Task::Mis));
/// assert_eq!(Task::Ioiwari.to_string(), "ioiwari");
/// assert_eq!(serde_json::to_string(&Task::Mis)?, r#""mis""#);
/// let error = "chess".parse::<Task>().unwrap_err();
/// assert_eq!(error.to_string(), r#"unknown task "chess": expected ioiwari or mis"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Task {
    /// Ioiwari (IOI 2001): an interactive player 1 against the optimal player 2.
    Ioiwari,
    /// Pooh-Eeyore-sticks (Polish OI 2004, "MIS"): a module playing Bolek.
    Mis,
}

impl Task {
    /// Both tasks.
    pub const ALL: [Task; 2] = [Task::Ioiwari, Task::Mis];

    /// The task's name: `ioiwari` or `mis`.
    pub fn name(self) -> &'static str {
        match self {
            Task::Ioiwari => "ioiwari",
            Task::Mis => "mis",
        }
    }

    /// The task's CPU time limit per test, the one definition duel's judges, the packages and
    /// the documentation take: 1 second for both (Pooh-Eeyore-sticks' own; IOI 2001's
    /// Ioiwari statement names none, and 1 s is far above a perfect player's few
    /// milliseconds).
    pub const fn time_limit(self) -> std::time::Duration {
        match self {
            Task::Ioiwari | Task::Mis => std::time::Duration::from_secs(1),
        }
    }

    /// The task's memory limit in MiB, defined once like [`time_limit`](Self::time_limit):
    /// 32 for both (Pooh-Eeyore-sticks' 32 MB; the IOI 2001 contest's figure for Ioiwari,
    /// whose statement names none). For a module it is the module's own memory.
    pub const fn memory_limit_mib(self) -> u32 {
        match self {
            Task::Ioiwari | Task::Mis => 32,
        }
    }
}

impl fmt::Display for Task {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A task name that is neither `ioiwari` nor `mis`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown task {0:?}: expected ioiwari or mis")]
pub struct ParseTaskError(pub String);

impl FromStr for Task {
    type Err = ParseTaskError;

    fn from_str(s: &str) -> Result<Task, ParseTaskError> {
        Task::ALL
            .into_iter()
            .find(|task| task.name() == s)
            .ok_or_else(|| ParseTaskError(s.to_owned()))
    }
}
