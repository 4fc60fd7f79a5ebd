//! Why numbers do not make a position.

use crate::{StickKind, MAX_BOUND, MAX_PILE};
use std::error::Error;
use std::fmt;

/// Why numbers do not make a position: the one error of [`crate::Position::new`],
/// [`crate::Position::in_play`] and [`crate::Position::new_unchecked_limits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionError {
    /// A pile is outside `least..=MAX_PILE` (`least` is 1 for a task's start, 0 in play).
    PileOutOfRange {
        /// Which pile.
        kind: StickKind,
        /// Its size as given (a `u64`, so that a size beyond `u32` is reported as it was).
        count: u64,
        /// The smallest size allowed: 1 for a task's start, 0 in play.
        least: u32,
    },
    /// The PE-bound is outside the task's limits `1..=MAX_BOUND`.
    BoundOutOfRange {
        /// The PE-bound given.
        bound: u64,
    },
    /// The PE-bound is zero: no move would ever be legal.
    ZeroBound,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::PileOutOfRange { kind, count, least } => {
                write!(
                    f,
                    "{count} {kind} is outside the limits {least}..={MAX_PILE}"
                )
            }
            PositionError::BoundOutOfRange { bound } => {
                write!(f, "PE-bound {bound} is outside the limits 1..={MAX_BOUND}")
            }
            PositionError::ZeroBound => f.write_str("the PE-bound must be positive"),
        }
    }
}

impl Error for PositionError {}

/// Why a text is not a task position `"p e B"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePositionError {
    /// Not exactly three whitespace-separated fields.
    WrongFieldCount {
        /// How many fields there were.
        found: usize,
    },
    /// A field is not a non-negative integer (of at most 64 bits).
    NotANumber {
        /// What the field means: `"poohsticks"`, `"eeyoresticks"` or `"PE-bound"`.
        field: &'static str,
        /// The field as written, which does not parse as a `u64`.
        text: String,
    },
    /// The numbers break the task's limits.
    Invalid(PositionError),
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::WrongFieldCount { found } => {
                write!(f, "a position is 3 numbers \"p e B\", found {found} fields")
            }
            ParsePositionError::NotANumber { field, text } => {
                write!(f, "{field}: {text:?} is not a non-negative integer")
            }
            ParsePositionError::Invalid(err) => err.fmt(f),
        }
    }
}

impl Error for ParsePositionError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ParsePositionError::Invalid(err) => Some(err),
            _ => None,
        }
    }
}

impl From<PositionError> for ParsePositionError {
    fn from(err: PositionError) -> Self {
        ParsePositionError::Invalid(err)
    }
}
