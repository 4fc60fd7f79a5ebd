//! The two players.

use std::fmt;

/// Bolek (moves first; the module under test) and Lolek (the driver's player).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Moves first: the contestant's module.
    Bolek,
    /// Moves second: the driver or judge.
    Lolek,
}

impl Player {
    /// The opponent.
    ///
    /// ```
    /// use duel_mis::Player;
    /// assert_eq!(Player::Bolek.other(), Player::Lolek);
    /// ```
    pub fn other(self) -> Player {
        match self {
            Player::Bolek => Player::Lolek,
            Player::Lolek => Player::Bolek,
        }
    }
}

impl fmt::Display for Player {
    /// `Bolek` / `Lolek`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Bolek => "Bolek",
            Player::Lolek => "Lolek",
        })
    }
}
