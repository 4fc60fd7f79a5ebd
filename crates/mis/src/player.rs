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
    /// The player to move once `moves` moves have been played (Bolek moves first).
    ///
    /// ```
    /// use duel_mis::Player;
    /// assert_eq!(Player::to_move_after(0), Player::Bolek);
    /// assert_eq!(Player::to_move_after(3), Player::Lolek);
    /// ```
    pub const fn to_move_after(moves: u64) -> Player {
        if moves.is_multiple_of(2) {
            Player::Bolek
        } else {
            Player::Lolek
        }
    }

    /// `Bolek` or `Lolek`.
    pub const fn name(self) -> &'static str {
        match self {
            Player::Bolek => "Bolek",
            Player::Lolek => "Lolek",
        }
    }

    /// 1 for Bolek, 2 for Lolek: the order of play.
    pub const fn number(self) -> u8 {
        match self {
            Player::Bolek => 1,
            Player::Lolek => 2,
        }
    }

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
        f.write_str(self.name())
    }
}
