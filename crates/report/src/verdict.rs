//! The verdict a judged test ends with.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How one judged test ended. The names (see [`Verdict::name`]) are part of the report format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The submission won the game: the test's full share of the score ([`points`](crate::points)).
    Win,
    /// The game was drawn: half the test's share.
    Draw,
    /// The submission lost a game played out by the rules: no points, like every verdict below.
    Loss,
    /// The submission made a move the rules forbid.
    IllegalMove,
    /// Output that isn't a move, such as a line longer than the judge reads.
    ProtocolError,
    /// The CPU time limit or the wall-clock limit was exceeded; the reason says which.
    TimeLimit,
    /// The memory limit was exceeded.
    MemoryLimit,
    /// A crash, a nonzero exit, or death by a signal.
    RuntimeError,
    /// The program ended before the game did.
    EarlyExit,
    /// The submission's source did not compile: no game was played.
    CompileError,
}

impl Verdict {
    /// Every verdict, in report order.
    pub const ALL: [Verdict; 10] = [
        Verdict::Win,
        Verdict::Draw,
        Verdict::Loss,
        Verdict::IllegalMove,
        Verdict::ProtocolError,
        Verdict::TimeLimit,
        Verdict::MemoryLimit,
        Verdict::RuntimeError,
        Verdict::EarlyExit,
        Verdict::CompileError,
    ];

    /// The verdicts a game's tests can end with, in report order: every one, but `draw` in
    /// Pooh-Eeyore-sticks (`"mis"`), where whoever takes the last stick wins.
    ///
    /// ```
    /// use duel_report::{Task, Verdict};
    /// assert_eq!(Verdict::of_game(Task::Ioiwari).len(), 10);
    /// assert!(!Verdict::of_game(Task::Mis).contains(&Verdict::Draw));
    /// ```
    pub fn of_game(game: crate::Task) -> Vec<Verdict> {
        Verdict::ALL
            .into_iter()
            .filter(|verdict| !(game == crate::Task::Mis && *verdict == Verdict::Draw))
            .collect()
    }

    /// The verdict's name as it appears in tables and JSON reports.
    ///
    /// ```
    /// assert_eq!(duel_report::Verdict::IllegalMove.name(), "illegal_move");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Loss => "loss",
            Verdict::IllegalMove => "illegal_move",
            Verdict::ProtocolError => "protocol_error",
            Verdict::TimeLimit => "time_limit",
            Verdict::MemoryLimit => "memory_limit",
            Verdict::RuntimeError => "runtime_error",
            Verdict::EarlyExit => "early_exit",
            Verdict::CompileError => "compile_error",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_names_match_display_names() {
        for verdict in Verdict::ALL {
            let json = serde_json::to_string(&verdict).unwrap();
            assert_eq!(json, format!("\"{}\"", verdict.name()));
        }
    }
}
