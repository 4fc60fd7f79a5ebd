//! [`Player`]: who moves.

use std::fmt;

/// One of the two players. Player 1 moves first.
///
/// ```
/// use duel_ioiwari::Player;
///
/// assert_eq!(Player::One.other(), Player::Two);
/// assert_eq!(Player::Two.number(), 2);
/// assert_eq!(Player::One.to_string(), "player 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who moves first (the contestant's program in the task).
    One,
    /// The player who moves second (the task's `ioiwari2`).
    Two,
}

impl Player {
    /// The opponent.
    pub const fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 1 or 2.
    pub const fn number(self) -> u8 {
        match self {
            Player::One => 1,
            Player::Two => 2,
        }
    }
}

/// Formats as `player 1` / `player 2`.
impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.number())
    }
}
