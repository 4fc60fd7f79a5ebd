//! [`MoveList`]: the moves of one test's game, typed per game.

use crate::Task;
use serde::{Deserialize, Serialize};

/// The moves of one test's game, in the order they were played (both sides), each in its
/// game's own terms. In JSON an array: Ioiwari's pits as numbers (`[2, 3, 5]`),
/// Pooh-Eeyore-sticks' moves as objects (`[{"take_p": 1, "take_e": 0}]`).
///
/// Reports written before the lists were typed hold a string instead (Ioiwari's pits
/// space-separated, `"2 3 5"`; Pooh-Eeyore-sticks' moves `take_p take_e` separated by `", "`,
/// `"1 0, 0 2"`). Which game such a string belongs to is the report's to say, so a
/// [`crate::Report`] read from JSON turns it into [`MoveList::Ioiwari`] or [`MoveList::Mis`]
/// (see [`MoveList::read_text`]); only a string that is no list of its game stays
/// [`MoveList::Text`].
///
/// ```
/// use duel_report::{Task, MoveList, SticksTaken};
///
/// let pits = MoveList::Ioiwari(vec![2, 3, 5]);
/// assert_eq!(serde_json::to_string(&pits)?, "[2,3,5]");
/// let takes = MoveList::Mis(vec![SticksTaken { take_p: 1, take_e: 0 }]);
/// assert_eq!(serde_json::to_string(&takes)?, r#"[{"take_p":1,"take_e":0}]"#);
/// assert_eq!(MoveList::read_text(Task::Mis, "1 0"), takes);
/// assert_eq!(MoveList::read_text(Task::Ioiwari, "2 3 5"), pits);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum MoveList {
    /// Ioiwari: the pit sown by each move, 1 to 7, numbered as the mover sees the board.
    Ioiwari(Vec<u8>),
    /// Pooh-Eeyore-sticks: the sticks each move took.
    Mis(Vec<SticksTaken>),
    /// A list as an older report wrote it, which does not read as a list of its game's moves.
    Text(String),
}

/// One move of Pooh-Eeyore-sticks: the poohsticks and the eeyoresticks it took.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SticksTaken {
    /// Poohsticks taken.
    pub take_p: u32,
    /// Eeyoresticks taken.
    pub take_e: u32,
}

impl MoveList {
    /// The list `text` of an older report of `game`, read; [`MoveList::Text`] if it is not one.
    pub fn read_text(game: Task, text: &str) -> MoveList {
        let read = match game {
            Task::Ioiwari => text
                .split_whitespace()
                .map(|pit| pit.parse().ok())
                .collect::<Option<_>>()
                .map(MoveList::Ioiwari),
            Task::Mis => text
                .split(',')
                .filter(|one| !one.trim().is_empty())
                .map(|one| match one.split_whitespace().collect::<Vec<_>>()[..] {
                    [p, e] => Some(SticksTaken {
                        take_p: p.parse().ok()?,
                        take_e: e.parse().ok()?,
                    }),
                    _ => None,
                })
                .collect::<Option<_>>()
                .map(MoveList::Mis),
        };
        read.unwrap_or_else(|| MoveList::Text(text.to_string()))
    }

    /// The same list as `game`'s: an older report's string read, and an empty list (which
    /// JSON cannot tell apart) of the right game.
    pub(crate) fn of_game(self, game: Task) -> MoveList {
        match (self, game) {
            (MoveList::Text(text), _) => MoveList::read_text(game, &text),
            (MoveList::Ioiwari(pits), Task::Mis) if pits.is_empty() => MoveList::Mis(Vec::new()),
            (list, _) => list,
        }
    }

    /// How many moves the list holds (0 for an unreadable [`MoveList::Text`]).
    pub fn len(&self) -> usize {
        match self {
            MoveList::Ioiwari(pits) => pits.len(),
            MoveList::Mis(takes) => takes.len(),
            MoveList::Text(_) => 0,
        }
    }

    /// Whether the list holds no move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
