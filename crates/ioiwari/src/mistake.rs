//! Finding the first move of player 1 that gave value away.

use crate::{Banks, Board, Oracle, Pit, Player};

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

/// Finds the first move whose value is below the board's best and tells of it as player 1's
/// first mistake ([`first_mistake_sentence`], the sentence terminal play and the page say to
/// the person, said of player 1); `None` when every move was optimal.
///
/// It reads forwards, as a coach would say it: the move, then what it leads to with best play
/// afterwards (the final bank difference, the banks so far included), then what the best pits
/// would have given; see [`forward_reason_for`].
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
///     "Move 5 of the game, pit 7, was player 1's first mistake: with best play from there \
///      player 1 loses by 4; pit 5 or 6 would have won by 2 (6 beads given away)."
/// );
/// let even = PlayerMove { banks: Banks { one: 9, two: 9 }, ..bad };
/// assert!(first_mistake(&table, &[even]).unwrap().contains("player 1 loses by 3"));
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
        let best_pits: Vec<Pit> = (1..=7)
            .filter_map(|n| Pit::new(n).ok())
            .filter(|pit| values[pit.index()] == Some(best))
            .collect();
        let so_far = i64::from(played.banks.one) - i64::from(played.banks.two);
        Some(first_mistake_sentence(
            Who::Player(Player::One),
            u64::from(played.number),
            played.pit,
            so_far + i64::from(value),
            so_far + i64::from(best),
            &best_pits,
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
    forward_reason_for(Who::You, chosen, best, alternative)
}

/// Whom a sentence about a move speaks of: the person who played it, or a player by number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// `you` (the person being told of their own move).
    You,
    /// `player 1` or `player 2`.
    Player(Player),
}

/// [`forward_reason`] said of `who`: `player 2 loses by 1` instead of `you lose by 1`.
///
/// ```
/// use duel_ioiwari::mistake::{forward_reason_for, Who};
/// use duel_ioiwari::Player;
///
/// assert_eq!(
///     forward_reason_for(Who::Player(Player::Two), -1, 0, "pit 3 or 4"),
///     "with best play from there player 2 loses by 1; pit 3 or 4 would have drawn"
/// );
/// assert_eq!(
///     forward_reason_for(Who::Player(Player::One), 2, 4, "pit 5"),
///     "with best play from there player 1 wins by only 2; pit 5 would have won by 4"
/// );
/// ```
pub fn forward_reason_for(who: Who, chosen: i64, best: i64, alternative: &str) -> String {
    let (name, s) = match who {
        Who::You => ("you".to_string(), ""),
        Who::Player(player) => (format!("player {}", player.number()), "s"),
    };
    let outcome = match chosen {
        0 => "it ends in a draw".to_string(),
        m if m > 0 && best > m => format!("{name} win{s} by only {m}"),
        m if m > 0 => format!("{name} win{s} by {m}"),
        m => format!("{name} lose{s} by {}", -m),
    };
    let instead = match best {
        0 => "drawn".to_string(),
        m if m > 0 => format!("won by {m}"),
        m if chosen < m => format!("lost by only {}", -m),
        m => format!("lost by {}", -m),
    };
    format!("with best play from there {outcome}; {alternative} would have {instead}")
}

/// The pits a player could have played instead, as a sentence names them: `pit 2`,
/// `pit 2 or 4`, `pit 2, 4 or 7`.
///
/// ```
/// use duel_ioiwari::mistake::pits_named;
/// use duel_ioiwari::Pit;
///
/// let pits = |numbers: &[u8]| numbers.iter().map(|&n| Pit::new(n).unwrap()).collect::<Vec<_>>();
/// assert_eq!(pits_named(&pits(&[2])), "pit 2");
/// assert_eq!(pits_named(&pits(&[2, 4])), "pit 2 or 4");
/// assert_eq!(pits_named(&pits(&[2, 4, 7])), "pit 2, 4 or 7");
/// ```
pub fn pits_named(pits: &[Pit]) -> String {
    let numbers: Vec<usize> = pits.iter().map(|pit| usize::from(pit.number())).collect();
    pit_numbers_named(&numbers)
}

/// [`pits_named`] for pits by number, as a variant of any number of pits has them.
///
/// ```
/// use duel_ioiwari::mistake::pit_numbers_named;
/// assert_eq!(pit_numbers_named(&[9, 12]), "pit 9 or 12");
/// ```
pub fn pit_numbers_named(pits: &[usize]) -> String {
    let names: Vec<String> = pits.iter().map(usize::to_string).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("pit {} or {last}", rest.join(", ")),
        _ => format!("pit {}", names.join("")),
    }
}

/// What a person is told at the end of a game in which they made no mistake.
pub const NO_MISTAKE: &str = "You made no mistake: every move of yours kept the best value.";

/// The sentence that tells `who` of their first mistake: move `number` of the game (both
/// players' moves counted from 1), `pit`, which leads with best play to a final bank difference
/// of `chosen` for them where `best_pits` kept `best`. Terminal play and the page say it to
/// [`Who::You`], the judge's report of player 1.
///
/// ```
/// use duel_ioiwari::mistake::{first_mistake_sentence, Who};
/// use duel_ioiwari::{Pit, Player};
///
/// assert_eq!(
///     first_mistake_sentence(Who::Player(Player::One), 3, Pit::new(1)?, -1, 2, &[Pit::new(2)?]),
///     "Move 3 of the game, pit 1, was player 1's first mistake: with best play from there \
///      player 1 loses by 1; pit 2 would have won by 2 (3 beads given away)."
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn first_mistake_sentence(
    who: Who,
    number: u64,
    pit: Pit,
    chosen: i64,
    best: i64,
    best_pits: &[Pit],
) -> String {
    let whose = match who {
        Who::You => "your".to_string(),
        Who::Player(player) => format!("player {}'s", player.number()),
    };
    let given_away = best - chosen;
    format!(
        "Move {number} of the game, pit {pit}, was {whose} first mistake: {} ({given_away} bead{} \
         given away).",
        forward_reason_for(who, chosen, best, &pits_named(best_pits)),
        if given_away == 1 { "" } else { "s" }
    )
}

/// What a person is told at the end of a game of their first mistake:
/// [`first_mistake_sentence`] said to [`Who::You`].
///
/// ```
/// use duel_ioiwari::mistake::your_first_mistake;
/// use duel_ioiwari::Pit;
///
/// assert_eq!(
///     your_first_mistake(3, Pit::new(1)?, 0, 2, &[Pit::new(2)?, Pit::new(4)?]),
///     "Move 3 of the game, pit 1, was your first mistake: with best play from there it ends \
///      in a draw; pit 2 or 4 would have won by 2 (2 beads given away)."
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn your_first_mistake(
    number: usize,
    pit: Pit,
    chosen: i32,
    best: i32,
    best_pits: &[Pit],
) -> String {
    first_mistake_sentence(
        Who::You,
        number as u64,
        pit,
        chosen.into(),
        best.into(),
        best_pits,
    )
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
        assert!(text.contains("from there player 1 loses by"), "{text}");
        assert!(text.contains("would have drawn"), "{text}");
        assert!(!text.contains("ends in a draw"), "{text}");
    }
}
