//! The solvers' inner loop: the move rule of [`Board::play`](crate::Board::play) reduced to
//! what a solver needs (the successor's base-6 index and the gain difference), without checks
//! (callers pass valid boards) and, usually, without following the beads one by one.

use crate::board::POWERS_OF_SIX;
use crate::{MAX_BEADS, PITS};

/// Sows pit index `from` (which must hold beads) of the board `pits` whose index is `index`,
/// step by step, keeping the index up to date as beads move instead of recomputing it.
/// Returns the successor's index and the mover's gain minus the opponent's.
#[inline(never)] // the rare slow path: keep it out of the callers' loops
pub(crate) fn sow(mut pits: [u8; PITS], index: u32, from: usize) -> (u32, i8) {
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
            return (index, gain - 1);
        } else {
            return (
                index - u32::from(beads) * POWERS_OF_SIX[pit],
                gain + beads as i8 + 1,
            );
        }
    }
}

/// A board's pits packed one per byte of a `u64` (pit index `k` in byte `k`, the top byte
/// zero): built and read with shifts, so it stays in a register where an array would go
/// through memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PackedPits(pub u64);

impl PackedPits {
    #[cfg(test)]
    pub(crate) fn from_pits(pits: &[u8; PITS]) -> PackedPits {
        let [a, b, c, d, e, f, g] = *pits;
        PackedPits(u64::from_le_bytes([a, b, c, d, e, f, g, 0]))
    }

    #[inline(always)]
    pub(crate) fn to_pits(self) -> [u8; PITS] {
        let [a, b, c, d, e, f, g, _] = self.0.to_le_bytes();
        [a, b, c, d, e, f, g]
    }

    /// The beads in pit index `k`.
    #[inline(always)]
    pub(crate) fn beads(self, k: usize) -> u8 {
        (self.0 >> (8 * k)) as u8
    }

    /// Which pits hold 5 beads, as a bitmask (bit `k` for pit index `k`): the key, with the
    /// hand, to [`sow_index_only`]'s look-up table.
    #[inline(always)]
    pub(crate) fn full_pits(self) -> u32 {
        const FIVES: u64 = 0x0505_0505_0505_0505;
        const LOW_SEVENS: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const HIGH_BITS: u64 = 0x0080_8080_8080_8080;
        // Bytes are 0..=5, so `byte ^ 5` is 0..=7, and 0 exactly for a full pit; adding 0x7f
        // sets the byte's high bit unless it was 0, and never carries into the next byte.
        let full_high_bits = !((self.0 ^ FIVES).wrapping_add(LOW_SEVENS)) & HIGH_BITS;
        // Gathers bit 8k (after the shift) into bit 56 + k; the partial products never overlap.
        ((full_high_bits >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
    }
}

/// What a sowing does during its first lap, which depends only on the hand and on which of the
/// pits ahead hold 5: until the hand is down to its last bead, full pits pay one bead to the
/// mover and the others receive one. Then the last bead meets the next pit, whose own count
/// decides between a capture and a gift to the opponent.
#[derive(Clone, Copy)]
struct Lap {
    /// The index change of emptying the sown pit, the drops and the payments (wrapping
    /// arithmetic); the last bead's effect is not included.
    index_delta: u32,
    /// The pit the last bead meets.
    last: u8,
    /// Beads the full pits paid to the mover.
    paid: u8,
    /// The sowing comes back round to the pit it emptied: pits then hold changed counts, and
    /// the caller must follow it step by step.
    laps: bool,
}

/// Sowings of every pit index (first) and hand (second) by which of the six pits ahead hold 5
/// (third; bit `j` for the pit `j + 1` places ahead).
static LAPS: [[[Lap; 64]; MAX_BEADS as usize + 1]; PITS] = {
    let empty = Lap {
        index_delta: 0,
        last: 0,
        paid: 0,
        laps: false,
    };
    let mut table = [[[empty; 64]; MAX_BEADS as usize + 1]; PITS];
    let mut from = 0;
    while from < PITS {
        let mut fulls_ahead = 0;
        while fulls_ahead < 64 {
            // An empty pit's last bead "meets" the pit itself, which is empty: see
            // `sow_index_only`.
            table[from][0][fulls_ahead].last = from as u8;
            let mut hand = 1;
            while hand <= MAX_BEADS as usize {
                let mut lap = Lap {
                    index_delta: 0u32.wrapping_sub(hand as u32 * POWERS_OF_SIX[from]),
                    last: 0,
                    paid: 0,
                    laps: false,
                };
                let mut in_hand = hand;
                let mut ahead = 1;
                loop {
                    if ahead == PITS {
                        lap.laps = true;
                        break;
                    }
                    let pit = (from + ahead) % PITS;
                    if in_hand == 1 {
                        lap.last = pit as u8;
                        break;
                    }
                    if fulls_ahead & (1 << (ahead - 1)) != 0 {
                        lap.index_delta = lap.index_delta.wrapping_sub(POWERS_OF_SIX[pit]);
                        lap.paid += 1;
                    } else {
                        lap.index_delta = lap.index_delta.wrapping_add(POWERS_OF_SIX[pit]);
                        in_hand -= 1;
                    }
                    ahead += 1;
                }
                table[from][hand][fulls_ahead] = lap;
                hand += 1;
            }
            fulls_ahead += 1;
        }
        from += 1;
    }
    table
};

/// Like [`sow`], for callers that need only the successor's index and the gain: a table
/// look-up and no loop unless the sowing comes back round to the emptied pit (rare; then
/// [`sow`] itself). `fulls` is `pits.full_pits()`. An empty `from` is allowed, for callers
/// that avoid branching on it: the answer is then `(index, -1)` and means nothing.
#[inline(always)]
pub(crate) fn sow_index_only(pits: PackedPits, fulls: u32, index: u32, from: usize) -> (u32, i8) {
    let fulls_ahead = ((fulls | fulls << PITS) >> (from + 1)) & 63;
    let lap = LAPS[from][usize::from(pits.beads(from))][fulls_ahead as usize];
    if lap.laps {
        return sow(pits.to_pits(), index, from);
    }
    let index = index.wrapping_add(lap.index_delta);
    let last = usize::from(lap.last);
    // The last pit was not visited before (no second lap), so it holds its original count.
    let met = pits.beads(last);
    // Capture when the last pit holds 1..=4, else the bead goes to the opponent; computed with
    // arithmetic because the case is unpredictable and a mispredicted branch costs more.
    let captures = u8::from(met.wrapping_sub(1) < MAX_BEADS - 1);
    (
        index - u32::from(captures * met) * POWERS_OF_SIX[last],
        (lap.paid + captures * (met + 2)) as i8 - 1,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Pit, BOARD_COUNT};

    #[test]
    fn packed_pits_read_back_and_find_the_full_pits() {
        for index in 0..BOARD_COUNT {
            let board = Board::from_index(index).expect("index in range");
            let packed = PackedPits::from_pits(&board.pits());
            assert_eq!(packed.to_pits(), board.pits());
            let fulls: u32 = Pit::ALL
                .iter()
                .filter(|&&pit| board.beads_in(pit) == 5)
                .map(|pit| 1 << pit.index())
                .sum();
            assert_eq!(packed.full_pits(), fulls, "{board}");
            for pit in Pit::ALL {
                assert_eq!(packed.beads(pit.index()), board.beads_in(pit));
            }
        }
    }

    #[test]
    fn agrees_with_board_play_on_every_move() {
        for index in 0..BOARD_COUNT {
            let board = Board::from_index(index).expect("index in range");
            for pit in board.legal_moves() {
                let sowing = board.play(pit).expect("legal move");
                let sown = sow(board.pits(), index, pit.index());
                assert_eq!(sown, (sowing.board.index(), sowing.gain_difference()));
                let packed = PackedPits::from_pits(&board.pits());
                let quick = sow_index_only(packed, packed.full_pits(), index, pit.index());
                assert_eq!(quick, sown, "{board} pit {pit}");
            }
            for pit in Pit::ALL.into_iter().filter(|&pit| board.beads_in(pit) == 0) {
                let packed = PackedPits::from_pits(&board.pits());
                let quick = sow_index_only(packed, packed.full_pits(), index, pit.index());
                assert_eq!(quick, (index, -1), "{board} empty pit {pit}");
            }
        }
    }
}
