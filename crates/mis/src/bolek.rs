//! Bolek, the perfect player.

use crate::{theory, Move, Position, Strategy};

/// The perfect player: wins every position that can be won.
///
/// Set-up is O(1) whatever the bound (no table); each move is O(1).
/// It never answers an illegal move: from a lost position it takes a single
/// stick so that the game goes on; from an empty pool (no legal move exists) it
/// answers [`Move::NONE`].
///
/// ```
/// use duel_mis::{Bolek, Move, Position};
/// let mut bolek = Bolek::new(Position::new(7, 2, 3).unwrap());
/// // The statement's example: after Lolek's moves Bolek answers as it does.
/// assert_eq!(bolek.next_move(3, 1), Move::pooh(1));
/// assert_eq!(bolek.next_move(1, 0), Move::pooh(1));
/// // At the start the statement's Bolek takes 1 and 1; this one prefers 2 poohsticks.
/// assert_eq!(bolek.next_move(7, 2), Move::pooh(2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bolek {
    bound: u32,
}

impl Bolek {
    /// Bolek for a game starting at `start` (only its bound matters).
    pub const fn new(start: Position) -> Bolek {
        Bolek {
            bound: start.bound(),
        }
    }

    /// The PE-bound of this game.
    pub const fn bound(&self) -> u32 {
        self.bound
    }

    /// Bolek's move when the pool holds `p` poohsticks and `e` eeyoresticks.
    #[inline]
    pub fn next_move(&mut self, p: u32, e: u32) -> Move {
        // The bound came from a valid Position, so it is at least 1.
        let (r, s) = match self.bound.checked_add(1) {
            Some(m) => (p % m, e % m),
            None => (p, e),
        };
        match theory::residue_winning_take(r, s) {
            Some((take_p, take_e)) => Move { take_p, take_e },
            None => one_stick(p, e),
        }
    }
}

impl Strategy for Bolek {
    fn choose(&mut self, pos: &Position) -> Move {
        self.next_move(pos.p(), pos.e())
    }
}

/// One poohstick if there is any, else one eeyorestick, else nothing: legal for any
/// bound whenever a move exists.
pub(crate) fn one_stick(p: u32, e: u32) -> Move {
    if p > 0 {
        Move::pooh(1)
    } else if e > 0 {
        Move::eeyore(1)
    } else {
        Move::NONE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_a_lost_position_takes_one_stick() {
        let mut bolek = Bolek::new(Position::new(1, 2, 5).unwrap());
        assert_eq!(bolek.next_move(1, 2), Move::pooh(1));
        assert_eq!(bolek.next_move(0, 0), Move::NONE);
        assert_eq!(bolek.next_move(6, 6), Move::pooh(1)); // residues (0, 0)
        assert_eq!(bolek.next_move(0, 6), Move::eeyore(1));
    }
}
