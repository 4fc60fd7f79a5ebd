//! The solvers' inner loop: the move rule of [`Board::play`](crate::Board::play) on a bare
//! digit array, keeping the base-6 board index up to date as beads move instead of
//! recomputing it, and with no checks (callers pass boards that are valid and non-empty pits).

use crate::board::POWERS_OF_SIX;
use crate::{MAX_BEADS, PITS};

/// The result of sowing one pit.
#[derive(Clone, Copy)]
pub(crate) struct Sown {
    /// The pits after the move.
    pub pits: [u8; PITS],
    /// The index of the board after the move.
    pub index: u32,
    /// Mover's gain minus opponent's gain.
    pub gain: i8,
}

/// Sows pit index `from` (which must hold beads) of the board `pits` whose index is `index`.
#[inline(always)]
pub(crate) fn sow(mut pits: [u8; PITS], index: u32, from: usize) -> Sown {
    let mut hand = pits[from];
    pits[from] = 0;
    let mut index = index - u32::from(hand) * POWERS_OF_SIX[from];
    let mut gain: i8 = 0;
    let mut pit = from;
    loop {
        pit = if pit == PITS - 1 { 0 } else { pit + 1 };
        let beads = pits[pit];
        if hand > 1 {
            if beads == MAX_BEADS {
                // The full pit pays one bead to the mover; the hand keeps its beads.
                pits[pit] = MAX_BEADS - 1;
                index -= POWERS_OF_SIX[pit];
                gain += 1;
            } else {
                pits[pit] = beads + 1;
                index += POWERS_OF_SIX[pit];
                hand -= 1;
            }
        } else if beads == 0 || beads == MAX_BEADS {
            return Sown {
                pits,
                index,
                gain: gain - 1,
            };
        } else {
            pits[pit] = 0;
            return Sown {
                pits,
                index: index - u32::from(beads) * POWERS_OF_SIX[pit],
                gain: gain + beads as i8 + 1,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, BOARD_COUNT};

    #[test]
    fn agrees_with_board_play_on_every_move() {
        for index in 0..BOARD_COUNT {
            let board = Board::from_index(index).expect("index in range");
            for pit in board.legal_moves() {
                let sowing = board.play(pit).expect("legal move");
                let sown = sow(board.pits(), index, pit.index());
                assert_eq!(sown.pits, sowing.board.pits(), "{board} pit {pit}");
                assert_eq!(sown.index, sowing.board.index(), "{board} pit {pit}");
                assert_eq!(sown.gain, sowing.gain_difference(), "{board} pit {pit}");
            }
        }
    }
}
