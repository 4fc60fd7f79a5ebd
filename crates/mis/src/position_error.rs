//! Why numbers do not make a position.

use crate::{StickKind, MAX_BOUND, MAX_PILE};

/// Why numbers do not make a position: the one error of [`crate::Position::new`],
/// [`crate::Position::in_play`] and [`crate::Position::new_unchecked_limits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PositionError {
    /// A pile is outside `least..=MAX_PILE` (`least` is 1 for a task's start, 0 in play).
    #[error("{count} {kind} is outside the limits {least}..={MAX_PILE}")]
    PileOutOfRange {
        /// Which pile.
        kind: StickKind,
        /// Its size as given (a `u64`, so that a size beyond `u32` is reported as it was).
        count: u64,
        /// The smallest size allowed: 1 for a task's start, 0 in play.
        least: u32,
    },
    /// The PE-bound is outside the task's limits `1..=MAX_BOUND`.
    #[error("PE-bound {bound} is outside the limits 1..={MAX_BOUND}")]
    BoundOutOfRange {
        /// The PE-bound given.
        bound: u64,
    },
    /// The PE-bound is zero: no move would ever be legal.
    #[error("the PE-bound must be positive")]
    ZeroBound,
}

/// Why a text is not a task position `"p e B"`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// Not exactly three whitespace-separated fields.
    #[error("a position is 3 numbers \"p e B\", found {found} fields")]
    WrongFieldCount {
        /// How many fields there were.
        found: usize,
    },
    /// A field is not a non-negative integer (of at most 64 bits).
    #[error("{field}: {text:?} is not a non-negative integer")]
    NotANumber {
        /// What the field means: `"poohsticks"`, `"eeyoresticks"` or `"PE-bound"`.
        field: &'static str,
        /// The field as written, which does not parse as a `u64`.
        text: String,
    },
    /// The numbers break the task's limits.
    #[error("{0}")]
    Invalid(#[from] PositionError),
}
