//! Turning boards round: the rules do not depend on where pit 1 is, so a board turned by some
//! pits has the same value, and its optimal moves are turned with it. The solvers use this to
//! solve one board per rotation class.

use crate::board::POWERS_OF_SIX;
use crate::{PitSet, PITS};

/// The index of the board turned one pit clockwise (pit `i`'s beads move to pit `i + 1`, pit
/// 7's to pit 1): the base-6 digits rotate up by one place.
#[inline(always)]
pub(crate) fn turn_index(index: u32) -> u32 {
    let top = index / POWERS_OF_SIX[PITS - 1];
    (index - top * POWERS_OF_SIX[PITS - 1]) * 6 + top
}

/// A move mask turned `turns` pits clockwise with its board (`turns` in `0..7`).
#[inline(always)]
pub(crate) fn turn_mask(mask: u8, turns: u32) -> u8 {
    let mask = u32::from(mask);
    (((mask << turns) | (mask >> (PITS as u32 - turns))) & u32::from(PitSet::ALL.bits())) as u8
}

/// The representative of the board's rotation class (the turn with the smallest index) and
/// how many pits clockwise the representative must be turned to give the board back.
#[inline(always)]
pub(crate) fn canonical(index: u32) -> (u32, u32) {
    let mut least = index;
    let mut least_turns = 0;
    let mut turned = index;
    for turns in 1..PITS as u32 {
        turned = turn_index(turned);
        if turned < least {
            least = turned;
            least_turns = turns;
        }
    }
    // The board is the representative turned back by `least_turns`, i.e. forward by the rest.
    (least, (PITS as u32 - least_turns) % PITS as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Pit, BOARD_COUNT};

    #[test]
    fn turning_moves_every_pit_one_place_clockwise() {
        for index in 0..BOARD_COUNT {
            let board = Board::from_index(index).expect("index in range");
            let turned = Board::from_index(turn_index(index)).expect("index in range");
            for pit in Pit::ALL {
                assert_eq!(turned.beads_in(pit.next()), board.beads_in(pit), "{board}");
            }
        }
        for bits in 0..=PitSet::ALL.bits() {
            let mut expected = PitSet::from_bits(bits);
            for turns in 0..PITS as u32 {
                assert_eq!(PitSet::from_bits(turn_mask(bits, turns)), expected);
                expected = expected.iter().map(Pit::next).collect();
            }
        }
    }

    #[test]
    fn canonical_is_the_least_turn_and_turns_back_to_the_board() {
        for index in 0..BOARD_COUNT {
            let board = Board::from_index(index).expect("index in range");
            let (least, turns) = canonical(index);
            let least_board = Board::from_index(least).expect("index in range");
            let all_turns: Vec<Board> = (0..PITS).map(|k| board.rotated(k)).collect();
            assert_eq!(
                all_turns.iter().copied().min_by_key(Board::index),
                Some(least_board)
            );
            let mut back = least;
            for _ in 0..turns {
                back = turn_index(back);
            }
            assert_eq!(back, index, "{board}");
        }
    }
}
