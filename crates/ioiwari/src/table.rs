//! [`Table`]: every board solved, by dynamic programming over bead totals.

use crate::board::POWERS_OF_SIX;
use crate::sow_index::{sow_index_only, PackedPits};
use crate::turn::{turn_index, turn_mask};
use crate::{Board, Oracle, Pit, PitSet, BOARD_COUNT, MAX_BEADS, PITS};

/// The value and optimal moves of all 6^7 boards.
///
/// Every move banks at least one bead, so a board's successors all hold fewer beads than it
/// does. [`Table::solve`] therefore fills the table in order of increasing bead total, each
/// board from its already solved successors, in a few milliseconds: it solves one board per
/// rotation class (turned boards share their value) and fills in the turns, and it finds each
/// successor's index with a table look-up rather than by moving beads one at a time. The
/// table takes one byte for the value and one for the optimal-move mask per board:
/// [`Table::memory_bytes`] is about 560 KB.
///
/// ```
/// use duel_ioiwari::{Board, Pit, Table};
///
/// let table = Table::solve();
/// let board: Board = "4 3 2 4 2 3 2".parse()?;
/// assert_eq!(table.value(board), 2);
/// assert_eq!(table.value(Board::EMPTY), 0);
/// let best = table.best_moves(board);
/// assert_eq!(table.first_best_move(board), best.first());
/// let pit = best.first().expect("moves exist");
/// assert_eq!(table.move_values(board)[pit.index()], Some(2));
/// assert!(table.memory_bytes() <= 1 << 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Table {
    /// Indexed by [`Board::index`]: the best bank difference the player to move can force from
    /// that board on ([`Table::value`]).
    values: Box<[i8]>,
    /// Indexed by [`Board::index`]: the [`PitSet`] bits of the optimal moves.
    best_moves: Box<[u8]>,
}

impl Table {
    /// Solves every board, in order of increasing bead total (a few milliseconds).
    pub fn solve() -> Table {
        let mut values = vec![0i8; BOARD_COUNT as usize].into_boxed_slice();
        let mut best_moves = vec![0u8; BOARD_COUNT as usize].into_boxed_slice();
        let max_total = PITS as u8 * MAX_BEADS;
        for total in 1..=max_total {
            for_each_board_with_total(total, |pits, index| {
                if best_moves[index as usize] != 0 {
                    return; // solved already, as a rotation of an earlier board
                }
                // Every pit is sown, even an empty one, and empty pits are masked out after:
                // that leaves no hard-to-predict branch in this loop.
                let fulls = pits.full_pits();
                let mut worth = [i8::MIN; PITS];
                for (from, worth) in worth.iter_mut().enumerate() {
                    let (next, gain) = sow_index_only(pits, fulls, index, from);
                    // Successors hold fewer beads, so they are solved already.
                    let value = gain - values[next as usize];
                    *worth = if pits.beads(from) == 0 {
                        i8::MIN
                    } else {
                        value
                    };
                }
                let best_value = worth.iter().copied().max().unwrap_or(i8::MIN);
                let best_mask = worth.iter().enumerate().fold(0u8, |mask, (from, &w)| {
                    mask | (u8::from(w == best_value) << from)
                });
                // The rules do not depend on where pit 1 is: turning the board turns the
                // optimal moves with it and keeps the value. So one solved board settles its
                // up to six rotations too, all of the same bead total.
                let mut turned_index = index;
                let mut turned_mask = best_mask;
                for _ in 0..PITS {
                    values[turned_index as usize] = best_value;
                    best_moves[turned_index as usize] = turned_mask;
                    turned_index = turn_index(turned_index);
                    turned_mask = turn_mask(turned_mask, 1);
                }
            });
        }
        Table { values, best_moves }
    }

    /// The best final bank difference the player to move can force from `board`.
    #[inline]
    pub fn value(&self, board: Board) -> i8 {
        self.values[board.index() as usize]
    }

    /// The optimal moves on `board` (empty only for the empty board).
    #[inline]
    pub fn best_moves(&self, board: Board) -> PitSet {
        PitSet::from_bits(self.best_moves[board.index() as usize])
    }

    /// The lowest-numbered optimal pit, `None` when the game is over.
    #[inline]
    pub fn first_best_move(&self, board: Board) -> Option<Pit> {
        self.best_moves(board).first()
    }

    /// What each legal move is worth to the mover (see [`Oracle::move_values`]).
    pub fn move_values(&self, board: Board) -> [Option<i8>; PITS] {
        Oracle::move_values(self, board)
    }

    /// Heap bytes the table holds (the two per-board arrays) plus the handle itself.
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<Table>()
            + std::mem::size_of_val(&*self.values)
            + std::mem::size_of_val(&*self.best_moves)
    }
}

impl Oracle for Table {
    fn value(&self, board: Board) -> i8 {
        Table::value(self, board)
    }

    fn best_moves(&self, board: Board) -> PitSet {
        Table::best_moves(self, board)
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("boards", &self.values.len())
            .field("memory_bytes", &self.memory_bytes())
            .finish()
    }
}

/// Calls `visit(pits, index)` for every board holding exactly `total` beads.
///
/// Nested loops over pits 7 down to 2, each limited to counts that leave a feasible rest for
/// the pits below it; pit 1 takes what is left. So every innermost step is a board, and the
/// packed pits and the index are built up alongside instead of recomputed.
#[inline(always)]
fn for_each_board_with_total(total: u8, mut visit: impl FnMut(PackedPits, u32)) {
    // The counts pit index `k` may hold when `rest` beads are left for indices 0..=k.
    let range = |rest: u8, k: u8| rest.saturating_sub(k * MAX_BEADS)..=rest.min(MAX_BEADS);
    // Pit index `k`'s share of the packed pits and of the index.
    let place = |beads: u8, k: usize| {
        (
            u64::from(beads) << (8 * k),
            u32::from(beads) * POWERS_OF_SIX[k],
        )
    };
    for p7 in range(total, 6) {
        let rest7 = total - p7;
        let (packed7, index7) = place(p7, 6);
        for p6 in range(rest7, 5) {
            let rest6 = rest7 - p6;
            let (packed, index) = place(p6, 5);
            let (packed6, index6) = (packed7 | packed, index7 + index);
            for p5 in range(rest6, 4) {
                let rest5 = rest6 - p5;
                let (packed, index) = place(p5, 4);
                let (packed5, index5) = (packed6 | packed, index6 + index);
                for p4 in range(rest5, 3) {
                    let rest4 = rest5 - p4;
                    let (packed, index) = place(p4, 3);
                    let (packed4, index4) = (packed5 | packed, index5 + index);
                    for p3 in range(rest4, 2) {
                        let rest3 = rest4 - p3;
                        let (packed, index) = place(p3, 2);
                        let (packed3, index3) = (packed4 | packed, index4 + index);
                        for p2 in range(rest3, 1) {
                            let p1 = rest3 - p2;
                            let (packed, index) = place(p2, 1);
                            visit(
                                PackedPits(packed3 | packed | u64::from(p1)),
                                index3 + index + u32::from(p1),
                            );
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumeration_by_total_visits_every_board_once_with_its_index() {
        let mut seen = vec![false; BOARD_COUNT as usize];
        for total in 0..=35 {
            for_each_board_with_total(total, |pits, index| {
                let board = Board::new(pits.to_pits()).expect("counts within 0..=5");
                assert_eq!(board.index(), index);
                assert_eq!(board.total_beads(), u32::from(total));
                assert!(!seen[index as usize], "visited twice: {board}");
                seen[index as usize] = true;
            });
        }
        assert!(seen.iter().all(|&s| s));
    }
}
