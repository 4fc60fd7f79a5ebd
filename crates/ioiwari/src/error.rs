//! The typed errors of the rules: bad pit numbers, bad boards, bad text, illegal moves.
//!
//! Every error has a one-line [`Display`](fmt::Display) message meant for people (judge reports,
//! command-line messages), and fields that let programs react without parsing that message.

use std::error::Error;
use std::fmt;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PitError {
    pub(crate) number: u8,
}

impl PitError {
    /// The rejected pit number.
    pub fn number(&self) -> u8 {
        self.number
    }
}

impl fmt::Display for PitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "there is no pit {}; pits are numbered 1 to {PITS}",
            self.number
        )
    }
}

impl Error for PitError {}

/// Why a text is not a pit number (see [`Pit`]'s [`FromStr`](std::str::FromStr)).
///
/// ```
/// use duel_ioiwari::{ParsePitError, Pit};
///
/// assert_eq!("".parse::<Pit>(), Err(ParsePitError::Empty));
/// assert_eq!("x".parse::<Pit>().unwrap_err().to_string(), "\"x\" is not a pit number (1 to 7)");
/// assert_eq!("12".parse::<Pit>().unwrap_err().to_string(), "there is no pit 12; pits are numbered 1 to 7");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParsePitError {
    /// The text is empty or only whitespace.
    Empty,
    /// The text is not a decimal number.
    NotANumber {
        /// The offending text (trimmed).
        text: String,
    },
    /// The text is a number, but not one of `1..=7`.
    OutOfRange {
        /// The offending number as written (trimmed), kept as text because it may not fit any
        /// integer type.
        text: String,
    },
}

impl fmt::Display for ParsePitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePitError::Empty => write!(f, "expected a pit number (1 to {PITS}), found nothing"),
            ParsePitError::NotANumber { text } => {
                write!(f, "{text:?} is not a pit number (1 to {PITS})")
            }
            ParsePitError::OutOfRange { text } => {
                write!(f, "there is no pit {text}; pits are numbered 1 to {PITS}")
            }
        }
    }
}

impl Error for ParsePitError {}

/// A pit count that no board can hold.
///
/// ```
/// use duel_ioiwari::{Board, BoardError};
///
/// let error = Board::new([4, 3, 6, 4, 2, 3, 2]).unwrap_err();
/// assert_eq!(error.to_string(), "pit 3 holds 6 beads; a pit holds 0 to 5");
/// assert!(matches!(error, BoardError::TooManyBeads { beads: 6, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardError {
    /// A pit holds more than [`MAX_BEADS`] beads.
    TooManyBeads {
        /// The first pit (in order 1..7) that holds too many.
        pit: Pit,
        /// How many beads it was given.
        beads: u8,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::TooManyBeads { pit, beads } => write!(
                f,
                "pit {pit} holds {beads} beads; a pit holds 0 to {MAX_BEADS}"
            ),
        }
    }
}

impl Error for BoardError {}

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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParseBoardError {
    /// The text does not hold exactly seven whitespace-separated words.
    WrongCount {
        /// How many words it holds.
        found: usize,
    },
    /// A word is not a decimal number.
    NotANumber {
        /// The pit the word stands for.
        pit: Pit,
        /// The word as written, unchanged.
        text: String,
    },
    /// A word is a number, but not one of `0..=5`.
    OutOfRange {
        /// The pit the word stands for.
        pit: Pit,
        /// The number as written, kept as text because it may not fit any integer type.
        text: String,
    },
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseBoardError::WrongCount { found } => {
                write!(f, "expected {PITS} pit counts, found {found}")
            }
            ParseBoardError::NotANumber { pit, text } => {
                write!(f, "pit {pit}: {text:?} is not a bead count")
            }
            ParseBoardError::OutOfRange { pit, text } => write!(
                f,
                "pit {pit} holds {text} beads; a pit holds 0 to {MAX_BEADS}"
            ),
        }
    }
}

impl Error for ParseBoardError {}

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The chosen pit holds no beads.
    EmptyPit {
        /// The pit that was asked to be sown.
        pit: Pit,
        /// The board the move was tried on.
        board: Board,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::EmptyPit { pit, board } => write!(f, "pit {pit} is empty at {board}"),
        }
    }
}

impl Error for IllegalMove {}
