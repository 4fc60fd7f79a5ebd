//! Finding the first move of player 1 that gave value away.

use duel_ioiwari::{Board, Oracle, Pit};

/// One move of player 1: the board it was played on, the pit, and its number in the game
/// (counting both players' moves from 1, as in the transcript).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerMove {
    /// The move's number in the game.
    pub number: u32,
    /// The board before the move.
    pub board: Board,
    /// The pit sown.
    pub pit: Pit,
}

/// Describes the first move whose value is below the board's best, naming the best
/// alternative; `None` when every move was optimal.
///
/// Values are final bank differences for player 1 counted from that board on, with best play
/// afterwards.
///
/// ```
/// use duel_arena::ioiwari::{first_mistake, PlayerMove};
/// use duel_ioiwari::{Board, Pit, Table};
/// let table = Table::solve();
/// let board: Board = "0 0 0 0 1 1 1".parse()?;
/// let bad = PlayerMove { number: 5, board, pit: Pit::new(7)? };
/// assert_eq!(
///     first_mistake(&table, &[bad]).unwrap(),
///     "move 5: pit 7 at 0 0 0 0 1 1 1 is worth -3; pit 5 was worth +3"
/// );
/// let good = PlayerMove { pit: Pit::new(6)?, ..bad };
/// assert_eq!(first_mistake(&table, &[good]), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn first_mistake(oracle: &impl Oracle, moves: &[PlayerMove]) -> Option<String> {
    moves.iter().find_map(|played| {
        let values = oracle.move_values(played.board);
        let value = values[played.pit.index()]?;
        let best = oracle.value(played.board);
        if value >= best {
            return None;
        }
        let alternative = oracle.first_best_move(played.board)?;
        Some(format!(
            "move {}: pit {} at {} is worth {:+}; pit {} was worth {:+}",
            played.number, played.pit, played.board, value, alternative, best
        ))
    })
}
