//! The typed errors of the rules: bad pit numbers, bad boards, bad text, illegal moves.
//!
//! Every error has a one-line [`Display`](std::fmt::Display) message meant for people (judge reports,
//! command-line messages), and fields that let programs react without parsing that message.

use crate::{Board, Pit, MAX_BEADS, PITS};

/// A pit number outside `1..=7`.
///
/// ```
/// use duel_ioiwari::Pit;
///
/// let error = Pit::new(8).unwrap_err();
/// assert_eq!(error.number(), 8);
/// assert_eq!(error.to_string(), "there is no pit 8; pits are numbered 1 to 7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("there is no pit {number}; pits are numbered 1 to {PITS}")]
pub struct PitError {
    pub(crate) number: u8,
}

impl PitError {
    /// The rejected pit number.
    pub fn number(&self) -> u8 {
        self.number
    }
}

/// Why a text is not a pit number (see [`Pit`]'s [`FromStr`](std::str::FromStr)).
///
/// ```
/// use duel_ioiwari::{ParsePitError, Pit};
///
/// assert_eq!("".parse::<Pit>(), Err(ParsePitError::Empty));
/// assert_eq!("x".parse::<Pit>().unwrap_err().to_string(), "\"x\" is not a pit number (1 to 7)");
/// assert_eq!("12".parse::<Pit>().unwrap_err().to_string(), "there is no pit 12; pits are numbered 1 to 7");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParsePitError {
    /// The text is empty or only whitespace.
    #[error("expected a pit number (1 to {PITS}), found nothing")]
    Empty,
    /// The text is not a decimal number.
    #[error("{text:?} is not a pit number (1 to {PITS})")]
    NotANumber {
        /// The offending text (trimmed).
        text: String,
    },
    /// The text is a number, but not one of `1..=7`.
    #[error("there is no pit {text}; pits are numbered 1 to {PITS}")]
    OutOfRange {
        /// The offending number as written (trimmed), kept as text because it may not fit any
        /// integer type.
        text: String,
    },
}

/// A pit count that no board can hold.
///
/// ```
/// use duel_ioiwari::{Board, BoardError};
///
/// let error = Board::new([4, 3, 6, 4, 2, 3, 2]).unwrap_err();
/// assert_eq!(error.to_string(), "pit 3 holds 6 beads; a pit holds 0 to 5");
/// assert!(matches!(error, BoardError::TooManyBeads { beads: 6, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum BoardError {
    /// A pit holds more than [`MAX_BEADS`] beads.
    #[error("pit {pit} holds {beads} beads; a pit holds 0 to {MAX_BEADS}")]
    TooManyBeads {
        /// The first pit (in order 1..7) that holds too many.
        pit: Pit,
        /// How many beads it was given.
        beads: u8,
    },
}

/// Why a text is not a board (see [`Board`]'s [`FromStr`](std::str::FromStr)).
///
/// ```
/// use duel_ioiwari::{Board, ParseBoardError};
///
/// let error = "4 3 2 4 2 3".parse::<Board>().unwrap_err();
/// assert_eq!(error, ParseBoardError::WrongCount { found: 6 });
/// assert_eq!(error.to_string(), "expected 7 pit counts, found 6");
/// assert_eq!(
///     "4 3 6 4 2 3 2".parse::<Board>().unwrap_err().to_string(),
///     "pit 3 holds 6 beads; a pit holds 0 to 5"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseBoardError {
    /// The text does not hold exactly seven whitespace-separated words.
    #[error("expected {PITS} pit counts, found {found}")]
    WrongCount {
        /// How many words it holds.
        found: usize,
    },
    /// A word is not a decimal number.
    #[error("pit {pit}: {text:?} is not a bead count")]
    NotANumber {
        /// The pit the word stands for.
        pit: Pit,
        /// The word as written, unchanged.
        text: String,
    },
    /// A word is a number, but not one of `0..=5`.
    #[error("pit {pit} holds {text} beads; a pit holds 0 to {MAX_BEADS}")]
    OutOfRange {
        /// The pit the word stands for.
        pit: Pit,
        /// The number as written, kept as text because it may not fit any integer type.
        text: String,
    },
}

impl From<BoardError> for ParseBoardError {
    fn from(error: BoardError) -> Self {
        match error {
            BoardError::TooManyBeads { pit, beads } => ParseBoardError::OutOfRange {
                pit,
                text: beads.to_string(),
            },
        }
    }
}

/// A move the rules forbid.
///
/// Pits outside `1..=7` cannot even be named (see [`PitError`]), so the only illegal move is
/// sowing an empty pit (which includes every move once the game is over).
///
/// ```
/// use duel_ioiwari::{Board, IllegalMove, Pit};
///
/// let board: Board = "4 0 3 5 0 3 2".parse()?;
/// let pit = Pit::new(2)?;
/// assert_eq!(board.play(pit), Err(IllegalMove::EmptyPit { pit, board }));
/// assert_eq!(board.play(pit).unwrap_err().to_string(), "pit 2 is empty at 4 0 3 5 0 3 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The chosen pit holds no beads.
    #[error("pit {pit} is empty at {board}")]
    EmptyPit {
        /// The pit that was asked to be sown.
        pit: Pit,
        /// The board the move was tried on.
        board: Board,
    },
}
