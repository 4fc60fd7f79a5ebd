//! [`Outcome`]: how a finished game ended.

use std::fmt;

use crate::{Banks, Player};

/// The result of a finished game: more beads in the bank wins, equal banks draw.
///
/// ```
/// use duel_ioiwari::{Banks, Outcome, Player};
///
/// assert_eq!(Outcome::from_banks(Banks { one: 11, two: 9 }), Outcome::Win(Player::One));
/// assert_eq!(Outcome::from_banks(Banks { one: 10, two: 10 }), Outcome::Draw);
/// assert_eq!(Outcome::Win(Player::Two).to_string(), "player 2 wins");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player banked more beads.
    Win(Player),
    /// Both banked the same number.
    Draw,
}

impl Outcome {
    /// The outcome the final banks give.
    pub fn from_banks(banks: Banks) -> Outcome {
        match banks.one.cmp(&banks.two) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::One),
            std::cmp::Ordering::Less => Outcome::Win(Player::Two),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// The winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(player) => Some(player),
            Outcome::Draw => None,
        }
    }
}

/// Formats as `player 1 wins` or `draw`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(player) => write!(f, "{player} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}
