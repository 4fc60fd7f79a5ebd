//! [`greedy_move`]: the one-move look-ahead player of the official notes.

use crate::{Board, Pit};

/// The first pit (in order 1..7) whose move gives the best immediate
/// `mover_gain - opponent_gain`, ignoring what follows; `None` on the empty board.
///
/// ```
/// use duel_ioiwari::{greedy_move, Board, Pit};
///
/// let board: Board = "4 3 2 4 2 3 2".parse()?;
/// // Pit 4's last bead lands on pit 1's four beads and banks five, more than any other pit.
/// assert_eq!(greedy_move(board), Some(Pit::new(4)?));
/// assert_eq!(greedy_move(Board::EMPTY), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn greedy_move(board: Board) -> Option<Pit> {
    let mut best: Option<(Pit, i8)> = None;
    for pit in board.legal_moves() {
        if let Ok(sowing) = board.play(pit) {
            let gain = sowing.gain_difference();
            // Strictly better only, so ties keep the lower pit.
            match best {
                Some((_, best_gain)) if gain <= best_gain => {}
                _ => best = Some((pit, gain)),
            }
        }
    }
    best.map(|(pit, _)| pit)
}
