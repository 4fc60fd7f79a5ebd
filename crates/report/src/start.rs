//! [`Start`]: where one test's game starts, typed per game.

use crate::Task;
use serde::{Deserialize, Serialize};

/// Where a test's game starts, in its game's own terms: what a reader replays the game from,
/// without parsing the test's `input` text. In JSON an Ioiwari board is an array of its seven
/// pits (`[4, 3, 2, 4, 2, 3, 2]`: pits 1 to 7, the same for both players), a
/// Pooh-Eeyore-sticks position an object (`{"p": 7, "e": 2, "b": 3}`).
///
/// Reports written before the start was typed hold only the `input` text; a
/// [`crate::Report`] read from JSON reads it as its game's start (see [`Start::read_text`]).
///
/// ```
/// use duel_report::{Task, MisStart, Start};
///
/// let board = Start::Ioiwari(vec![4, 3, 2, 4, 2, 3, 2]);
/// assert_eq!(serde_json::to_string(&board)?, "[4,3,2,4,2,3,2]");
/// let position = Start::Mis(MisStart { p: 7, e: 2, b: 3 });
/// assert_eq!(serde_json::to_string(&position)?, r#"{"p":7,"e":2,"b":3}"#);
/// assert_eq!(Start::read_text(Task::Mis, "7 2 3"), Some(position));
/// assert_eq!(Start::read_text(Task::Ioiwari, "4 3 2 4 2 3 2"), Some(board));
/// assert_eq!(Start::read_text(Task::Ioiwari, "7 2 3"), None);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Start {
    /// Ioiwari: the beads in pits 1 to 7 of the start board (each player's side starts alike).
    Ioiwari(Vec<u8>),
    /// Pooh-Eeyore-sticks: the start pool and the bound.
    Mis(MisStart),
}

/// A Pooh-Eeyore-sticks start: the pool and the bound, as a test file's line `p e B` gives
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MisStart {
    /// Poohsticks at the start.
    pub p: u32,
    /// Eeyoresticks at the start.
    pub e: u32,
    /// The PE-bound: at most `b` sticks of a kind in one move.
    pub b: u32,
}

/// The pits of an Ioiwari board.
const IOIWARI_PITS: usize = 7;

impl Start {
    /// The start `text` of a test of `game` gives (an older report's `input`): seven numbers
    /// for Ioiwari, three (`p e B`) for Pooh-Eeyore-sticks; `None` if it is not one. Only the
    /// shape is read here: whether the numbers make a legal start is the game's to say.
    pub fn read_text(game: Task, text: &str) -> Option<Start> {
        match game {
            Task::Ioiwari => {
                let pits = text
                    .split_whitespace()
                    .map(|pit| pit.parse().ok())
                    .collect::<Option<Vec<u8>>>()?;
                (pits.len() == IOIWARI_PITS).then_some(Start::Ioiwari(pits))
            }
            Task::Mis => {
                let numbers = text
                    .split_whitespace()
                    .map(|number| number.parse().ok())
                    .collect::<Option<Vec<u32>>>()?;
                match numbers[..] {
                    [p, e, b] => Some(Start::Mis(MisStart { p, e, b })),
                    _ => None,
                }
            }
        }
    }

    /// The task this start belongs to.
    pub fn task(&self) -> Task {
        match self {
            Start::Ioiwari(_) => Task::Ioiwari,
            Start::Mis(_) => Task::Mis,
        }
    }
}
