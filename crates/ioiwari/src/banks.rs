//! [`Banks`]: the two players' stores.

use crate::Player;

/// The beads each player has banked so far.
///
/// ```
/// use duel_ioiwari::{Banks, Player};
///
/// let banks = Banks { one: 11, two: 9 };
/// assert_eq!(banks.of(Player::Two), 9);
/// assert_eq!(banks.difference_for(Player::One), 2);
/// assert_eq!(banks.difference_for(Player::Two), -2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Banks {
    /// Beads player 1 has banked so far (at most 35 in a game: all a board holds).
    pub one: u32,
    /// Beads player 2 has banked so far (at most 35 in a game: all a board holds).
    pub two: u32,
}

impl Banks {
    /// Both banks empty, as at the start.
    pub const EMPTY: Banks = Banks { one: 0, two: 0 };

    /// The bank of `player`.
    pub const fn of(&self, player: Player) -> u32 {
        match player {
            Player::One => self.one,
            Player::Two => self.two,
        }
    }

    /// `player`'s bank minus the opponent's.
    pub fn difference_for(&self, player: Player) -> i32 {
        // Banks never exceed the 35 beads a board can hold, but stay exact for any u32 anyway.
        (i64::from(self.of(player)) - i64::from(self.of(player.other())))
            .clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }

    /// Adds `beads` to `player`'s bank.
    pub fn credit(&mut self, player: Player, beads: u32) {
        match player {
            Player::One => self.one += beads,
            Player::Two => self.two += beads,
        }
    }
}
