//! Finding the first move of player 1 that gave value away.

use duel_ioiwari::{Banks, Board, Oracle, Pit};

/// One move of player 1: the board it was played on, the banks then, the pit, and its number
/// in the game (counting both players' moves from 1, as in the transcript).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerMove {
    /// The move's number in the game.
    pub number: u32,
    /// The board before the move.
    pub board: Board,
    /// The banks before the move.
    pub banks: Banks,
    /// The pit sown.
    pub pit: Pit,
}

/// Describes the first move whose value is below the board's best, naming the best
/// alternative; `None` when every move was optimal.
///
/// Both are given as the final result they lead to with best play afterwards (the banks so far
/// included), followed by what they are worth from that board on (the bank difference still to
/// come), so a loss where a draw was available reads as such.
///
/// ```
/// use duel_arena::ioiwari::{first_mistake, PlayerMove};
/// use duel_ioiwari::{Banks, Board, Pit, Table};
/// let table = Table::solve();
/// let board: Board = "0 0 0 0 1 1 1".parse()?;
/// let banks = Banks { one: 8, two: 9 };
/// let bad = PlayerMove { number: 5, board, banks, pit: Pit::new(7)? };
/// assert_eq!(
///     first_mistake(&table, &[bad]).unwrap(),
///     "move 5: pit 7 at 0 0 0 0 1 1 1 (banks 8-9) leads to a loss by 4 (worth -3 from there); \
///      pit 5 kept a win by 2 (+3)"
/// );
/// let even = PlayerMove { banks: Banks { one: 9, two: 9 }, ..bad };
/// assert!(first_mistake(&table, &[even]).unwrap().contains("leads to a loss by 3"));
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
        let so_far = i64::from(played.banks.one) - i64::from(played.banks.two);
        Some(format!(
            "move {}: pit {} at {} (banks {}-{}) leads to {} (worth {:+} from there); pit {} kept {} ({:+})",
            played.number,
            played.pit,
            played.board,
            played.banks.one,
            played.banks.two,
            result(so_far + i64::from(value)),
            value,
            alternative,
            result(so_far + i64::from(best)),
            best
        ))
    })
}

/// A final bank difference for player 1 in words.
fn result(margin: i64) -> String {
    match margin {
        0 => "a draw".into(),
        m if m > 0 => format!("a win by {m}"),
        m => format!("a loss by {}", -m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loss_with_a_draw_available_says_so() {
        let table = duel_ioiwari::Table::solve();
        // Find a board and banks where the best move draws and another loses.
        let found = Board::start_boards().into_iter().find_map(|board| {
            let values = table.move_values(board);
            let best = table.value(board);
            let worse = values.iter().flatten().copied().find(|v| *v < best)?;
            let pit = (1..=7)
                .map(|n| Pit::new(n).unwrap())
                .find(|pit| values[pit.index()] == Some(worse))?;
            Some((board, best, pit))
        });
        let (board, best, pit) = found.expect("a start board with a worse move");
        // Banks that make the best move a draw exactly.
        let banks = Banks {
            one: 10,
            two: (10 + i64::from(best)) as u32,
        };
        let text = first_mistake(
            &table,
            &[PlayerMove {
                number: 1,
                board,
                banks,
                pit,
            }],
        )
        .unwrap();
        assert!(text.contains("leads to a loss by"), "{text}");
        assert!(text.contains("kept a draw"), "{text}");
        assert!(!text.contains("leads to a draw"), "{text}");
    }
}
