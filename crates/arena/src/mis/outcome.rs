//! What a played game ends with.

use super::Mistake;
use crate::Verdict;
use duel_mis::Position;
use std::time::Duration;

/// Resources a game's Bolek used, as far as they were measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Usage {
    /// CPU time of the submission's process (`None` for the built-in player, which runs in
    /// the judge's own process).
    pub cpu_time: Option<Duration>,
    /// Wall-clock time of the whole game.
    pub wall_time: Duration,
    /// Peak resident memory of the submission, in bytes (for a module: of the module, the
    /// host's own memory before it loaded the module not counted).
    pub peak_memory: Option<u64>,
    /// The smallest difference in bytes the measurement of `peak_memory` tells apart.
    pub memory_resolution: u64,
}

/// How one game went for Bolek: its verdict, the moves played, the final position and what
/// Bolek used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// How the game ended, for Bolek.
    pub verdict: Verdict,
    /// One line saying why, for every verdict but `win`.
    pub reason: Option<String>,
    /// Verified moves of both players.
    pub moves: u64,
    /// Verified moves of Bolek.
    pub bolek_moves: u64,
    /// The first Bolek move that left Lolek a winning position, if any (always present for a
    /// loss from a position Bolek could win).
    pub first_mistake: Option<Mistake>,
    /// The position after the last verified move.
    pub last_position: Position,
    /// Time and memory.
    pub usage: Usage,
}

impl GameResult {
    /// Whether Bolek won.
    pub fn is_win(&self) -> bool {
        self.verdict == Verdict::Win
    }
}
