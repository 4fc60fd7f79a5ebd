//! [`Oracle`]: what a solver answers about a board.

use crate::{Board, Pit, PitSet, PITS};

/// A solver's answers about boards, from the point of view of the player to move.
///
/// Values are bank differences: the best final difference (own bank minus opponent's, counting
/// only beads banked from now on) that the player to move can force. The empty board is worth 0.
///
/// ```
/// use duel_ioiwari::{Board, Oracle, Pit, ReachableSolver};
///
/// let board: Board = "0 0 0 0 1 1 1".parse()?;
/// let solver = ReachableSolver::solve_from(board);
/// // Pit 5 banks 2 beads; the opponent must then sow pit 7 into empty pit 1, which sends the
/// // last bead to our bank: 3 in all. Pit 6 is as good; pit 7 is bad.
/// assert_eq!(solver.value(board), 3);
/// assert_eq!(solver.first_best_move(board), Some(Pit::new(5)?));
/// assert_eq!(solver.move_values(board), [None, None, None, None, Some(3), Some(3), Some(-3)]);
/// assert_eq!(solver.move_values(board)[0], None); // pit 1 is empty
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Oracle {
    /// The best final bank difference the player to move can force from `board`.
    fn value(&self, board: Board) -> i8;

    /// The moves that achieve [`value`](Oracle::value); empty only for the empty board.
    fn best_moves(&self, board: Board) -> PitSet;

    /// The lowest-numbered optimal pit (the official player 2's choice), `None` when the game
    /// is over.
    fn first_best_move(&self, board: Board) -> Option<Pit> {
        self.best_moves(board).first()
    }

    /// For each pit (index 0 is pit 1), `None` when it is empty, else what sowing it is worth to
    /// the mover: the move's own gain difference minus the value of the board it leaves.
    fn move_values(&self, board: Board) -> [Option<i8>; PITS] {
        let mut values = [None; PITS];
        for pit in board.legal_moves() {
            if let Ok(sowing) = board.play(pit) {
                values[pit.index()] = Some(sowing.gain_difference() - self.value(sowing.board));
            }
        }
        values
    }
}
