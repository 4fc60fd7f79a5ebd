//! [`ReachableSolver`]: solves only the boards reachable from one board.

use crate::sow_index::sow;
use crate::{Board, Oracle, PitSet, BOARD_COUNT, PITS};

/// The value and optimal moves of every board reachable from one root board.
///
/// Meant for a player process that knows its start board: a memoized depth-first search from
/// that board touches only a fraction of the 6^7 boards. The cache is a dense zeroed array
/// indexed by [`Board::index`]; the allocator hands out zeroed pages lazily, so only the pages
/// of reached boards cost anything.
///
/// Questions about boards the root cannot reach are still answered correctly, by a fresh
/// search from that board that is not kept (so they are slow; call
/// [`extend`](ReachableSolver::extend) first to keep the answers).
///
/// ```
/// use duel_ioiwari::{Board, Oracle, ReachableSolver};
///
/// let start: Board = "4 3 2 4 2 3 2".parse()?;
/// let solver = ReachableSolver::solve_from(start);
/// assert_eq!(solver.value(start), 2);
/// let pit = solver.first_best_move(start).expect("moves exist");
/// let sowing = start.play(pit)?;
/// assert!(solver.knows(sowing.board));
/// // The move's own gain minus what the opponent can force afterwards:
/// assert_eq!(sowing.gain_difference() - solver.value(sowing.board), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ReachableSolver {
    /// Indexed by [`Board::index`]: 0 for an unsolved board, else [`Entry::encode`].
    entries: Box<[u16]>,
    /// How many boards are solved.
    solved: usize,
}

/// The packing of a solved board into a `u16`: bit 15 marks it solved, bits 8..15 hold the
/// optimal-move mask and the low byte the value (two's complement).
struct Entry;

impl Entry {
    const SOLVED: u16 = 1 << 15;

    fn encode(value: i8, mask: u8) -> u16 {
        Self::SOLVED | (u16::from(mask) << 8) | u16::from(value as u8)
    }

    fn value(entry: u16) -> i8 {
        entry as u8 as i8
    }

    fn mask(entry: u16) -> u8 {
        ((entry >> 8) & 0x7f) as u8
    }
}

impl ReachableSolver {
    /// Solves `root` and every board reachable from it.
    pub fn solve_from(root: Board) -> ReachableSolver {
        let mut solver = ReachableSolver {
            entries: vec![0u16; BOARD_COUNT as usize].into_boxed_slice(),
            solved: 0,
        };
        solver.extend(root);
        solver
    }

    /// Also solves `board` and every board reachable from it, keeping the answers.
    pub fn extend(&mut self, board: Board) {
        self.solved += solve(&mut self.entries, board.pits(), board.index());
    }

    /// Whether `board` is solved already (reachable from the root or from an
    /// [`extend`](ReachableSolver::extend)ed board).
    pub fn knows(&self, board: Board) -> bool {
        self.entries[board.index() as usize] != 0
    }

    /// How many boards are solved.
    pub fn solved_count(&self) -> usize {
        self.solved
    }

    /// The stored entry for `board`, solving it on the side if it is unknown.
    fn entry(&self, board: Board) -> u16 {
        match self.entries[board.index() as usize] {
            0 => {
                let fresh = ReachableSolver::solve_from(board);
                fresh.entries[board.index() as usize]
            }
            entry => entry,
        }
    }
}

impl Oracle for ReachableSolver {
    fn value(&self, board: Board) -> i8 {
        Entry::value(self.entry(board))
    }

    fn best_moves(&self, board: Board) -> PitSet {
        PitSet::from_bits(Entry::mask(self.entry(board)))
    }
}

impl std::fmt::Debug for ReachableSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReachableSolver")
            .field("solved", &self.solved)
            .finish()
    }
}

/// Memoized depth-first search; returns how many boards it newly solved. The recursion is at
/// most 35 deep: every move banks at least one of the at most 35 beads.
fn solve(entries: &mut [u16], pits: [u8; PITS], index: u32) -> usize {
    if entries[index as usize] != 0 {
        return 0;
    }
    let mut newly_solved = 1;
    let mut best_value = 0i8; // the empty board's value, kept when there is no move
    let mut best_mask = 0u8;
    for (from, &beads) in pits.iter().enumerate() {
        if beads == 0 {
            continue;
        }
        let sown = sow(pits, index, from);
        newly_solved += solve(entries, sown.pits, sown.index);
        let value = sown.gain - Entry::value(entries[sown.index as usize]);
        if best_mask == 0 || value > best_value {
            best_value = value;
            best_mask = 1 << from;
        } else if value == best_value {
            best_mask |= 1 << from;
        }
    }
    entries[index as usize] = Entry::encode(best_value, best_mask);
    newly_solved
}
