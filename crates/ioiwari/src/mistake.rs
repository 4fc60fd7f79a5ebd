//! Finding the first move of player 1 that gave value away.

use crate::{Banks, Board, Oracle, Pit};

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
    /// The pit player 1 sowed, the move being judged.
    pub pit: Pit,
}

/// Describes the first move whose value is below the board's best, naming the best
/// alternative; `None` when every move was optimal.
///
/// It reads forwards, as a coach would say it: the move, then what it leads to with best play
/// afterwards (the final bank difference, the banks so far included), then what the best pit
/// would have given; see [`forward_reason`].
///
/// ```
/// use duel_ioiwari::mistake::{first_mistake, PlayerMove};
/// use duel_ioiwari::{Banks, Board, Pit, Table};
/// let table = Table::solve();
/// let board: Board = "0 0 0 0 1 1 1".parse()?;
/// let banks = Banks { one: 8, two: 9 };
/// let bad = PlayerMove { number: 5, board, banks, pit: Pit::new(7)? };
/// assert_eq!(
///     first_mistake(&table, &[bad]).unwrap(),
///     "move 5, pit 7 at 0 0 0 0 1 1 1 (banks 8-9) was a mistake: with best play from there \
///      you lose by 4; pit 5 would have won by 2"
/// );
/// let even = PlayerMove { banks: Banks { one: 9, two: 9 }, ..bad };
/// assert!(first_mistake(&table, &[even]).unwrap().contains("you lose by 3"));
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
            "move {}, pit {} at {} (banks {}-{}) was a mistake: {}",
            played.number,
            played.pit,
            played.board,
            played.banks.one,
            played.banks.two,
            forward_reason(
                so_far + i64::from(value),
                so_far + i64::from(best),
                &format!("pit {alternative}")
            ),
        ))
    })
}

/// Why a move was a mistake, said forwards to the player who made it: `chosen` is the final
/// bank difference (for that player) the move leads to with best play afterwards, `best` the
/// one `alternative` (e.g. "pit 5") would have led to.
///
/// ```
/// use duel_ioiwari::mistake::forward_reason;
/// assert_eq!(
///     forward_reason(2, 4, "pit 5"),
///     "with best play from there you win by only 2; pit 5 would have won by 4"
/// );
/// assert_eq!(
///     forward_reason(-1, 0, "pit 3 or 4"),
///     "with best play from there you lose by 1; pit 3 or 4 would have drawn"
/// );
/// assert_eq!(
///     forward_reason(-5, -1, "pit 2"),
///     "with best play from there you lose by 5; pit 2 would have lost by only 1"
/// );
/// ```
pub fn forward_reason(chosen: i64, best: i64, alternative: &str) -> String {
    let outcome = match chosen {
        0 => "it ends in a draw".to_string(),
        m if m > 0 && best > m => format!("you win by only {m}"),
        m if m > 0 => format!("you win by {m}"),
        m => format!("you lose by {}", -m),
    };
    let instead = match best {
        0 => "drawn".to_string(),
        m if m > 0 => format!("won by {m}"),
        m if chosen < m => format!("lost by only {}", -m),
        m => format!("lost by {}", -m),
    };
    format!("with best play from there {outcome}; {alternative} would have {instead}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loss_with_a_draw_available_says_so() {
        let table = crate::Table::solve();
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
        assert!(text.contains("from there you lose by"), "{text}");
        assert!(text.contains("would have drawn"), "{text}");
        assert!(!text.contains("ends in a draw"), "{text}");
    }
}
