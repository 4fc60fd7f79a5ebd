//! The first move with which Bolek gave the game away.

use super::transcript::pool;
use duel_mis::{Move, Position};
use std::fmt;

/// A Bolek move that left Lolek a winning position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mistake {
    /// The move's number in the game (both players' moves counted from 1).
    pub number: u64,
    /// The position Bolek moved from.
    pub before: Position,
    /// What Bolek took.
    pub taken: Move,
    /// The position Bolek left: a win for Lolek.
    pub after: Position,
    /// A winning move Bolek had instead, if `before` was a winning position.
    pub better: Option<Move>,
}

impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {}: Bolek took {} at {}, leaving Lolek the winning position {}",
            self.number,
            pool(self.taken.take_p, self.taken.take_e),
            pool(self.before.p(), self.before.e()),
            pool(self.after.p(), self.after.e()),
        )?;
        match self.better {
            Some(better) => write!(f, "; {} would have won", pool(better.take_p, better.take_e)),
            None => write!(f, "; every move there loses"),
        }
    }
}
