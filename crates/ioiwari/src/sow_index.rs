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

/// The pits of a board packed one per byte (pit 1 in the lowest byte), for the checks of
/// [`sow_index_only`] that look at several pits at once.
#[inline(always)]
pub(crate) fn pack(pits: &[u8; PITS]) -> u64 {
    let [a, b, c, d, e, f, g] = *pits;
    u64::from_le_bytes([a, b, c, d, e, f, g, 0])
}

/// What a sowing of `hand` beads from pit index `from` does when none of the pits it drops
/// into holds 5 (the usual case): it drops one bead into each of the next `hand - 1` pits and
/// the last bead meets pit `from + hand` (never `from` itself, as `hand < 7`).
#[derive(Clone, Copy)]
struct Straight {
    /// The high bit of each byte (see [`pack`]) of the pits that receive a bead.
    drop_bytes: u64,
    /// The index change of emptying `from` and dropping the beads (wrapping arithmetic).
    index_delta: u32,
    /// The pit the last bead meets.
    last: usize,
}

const STRAIGHT: [[Straight; MAX_BEADS as usize + 1]; PITS] = {
    let empty = Straight {
        drop_bytes: 0,
        index_delta: 0,
        last: 0,
    };
    let mut table = [[empty; MAX_BEADS as usize + 1]; PITS];
    let mut from = 0;
    while from < PITS {
        // An empty pit's last bead "meets" the pit itself, which is empty: see `sow_index_only`.
        table[from][0].last = from;
        let mut hand = 1;
        while hand <= MAX_BEADS as usize {
            let mut delta = 0u32.wrapping_sub(hand as u32 * POWERS_OF_SIX[from]);
            let mut drop_bytes = 0u64;
            let mut k = 1;
            while k < hand {
                let pit = (from + k) % PITS;
                delta = delta.wrapping_add(POWERS_OF_SIX[pit]);
                drop_bytes |= 0x80 << (8 * pit);
                k += 1;
            }
            table[from][hand] = Straight {
                drop_bytes,
                index_delta: delta,
                last: (from + hand) % PITS,
            };
            hand += 1;
        }
        from += 1;
    }
    table
};

/// Like [`sow`], for callers that need only the successor's index and the gain: a few table
/// look-ups and no loop when no pit on the way holds 5, else [`sow`] itself. `packed` is
/// `pack(pits)`. An empty `from` is allowed, for callers that avoid branching on it: the answer
/// is then `(index, -1)` and means nothing.
#[inline(always)]
pub(crate) fn sow_index_only(pits: &[u8; PITS], packed: u64, index: u32, from: usize) -> (u32, i8) {
    const FIVES: u64 = 0x0505_0505_0505_0505;
    const LOW_SEVENS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let straight = STRAIGHT[from][usize::from(pits[from])];
    // Bytes are 0..=5, so `byte ^ 5` is 0..=7 and is 0 exactly for a full pit; adding 0x7f
    // sets the byte's high bit unless it was 0, without carrying into the next byte.
    let not_full = (packed ^ FIVES).wrapping_add(LOW_SEVENS);
    if !not_full & straight.drop_bytes != 0 {
        let sown = sow(*pits, index, from);
        return (sown.index, sown.gain);
    }
    let index = index.wrapping_add(straight.index_delta);
    let met = pits[straight.last];
    if met >= 1 && met < MAX_BEADS {
        (
            index - u32::from(met) * POWERS_OF_SIX[straight.last],
            met as i8 + 1,
        )
    } else {
        (index, -1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Pit, BOARD_COUNT};

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
                let packed = pack(&board.pits());
                let quick = sow_index_only(&board.pits(), packed, index, pit.index());
                assert_eq!(quick, (sown.index, sown.gain), "{board} pit {pit}");
            }
            for pit in Pit::ALL.into_iter().filter(|&pit| board.beads_in(pit) == 0) {
                let packed = pack(&board.pits());
                let quick = sow_index_only(&board.pits(), packed, index, pit.index());
                assert_eq!(quick, (index, -1), "{board} empty pit {pit}");
            }
        }
    }
}
