//! Why a move is illegal.

use crate::StickKind;
use std::error::Error;
use std::fmt;

/// The rule an illegal move breaks; checked in the order of the variants.
///
/// ```
/// use duel_mis::{IllegalMove, Move, Position, StickKind};
/// let pos = Position::new(7, 2, 3).unwrap();
/// assert_eq!(pos.check(Move::NONE), Err(IllegalMove::NothingTaken));
/// assert_eq!(
///     pos.check(Move::eeyore(3)),
///     Err(IllegalMove::MoreThanPool { kind: StickKind::Eeyore, taken: 3, available: 2 })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The move takes no stick at all.
    NothingTaken,
    /// Both kinds are taken, in different amounts.
    UnequalBoth {
        /// Poohsticks taken.
        take_p: u32,
        /// Eeyoresticks taken.
        take_e: u32,
    },
    /// More sticks of one kind than the PE-bound allows.
    OverBound {
        /// The kind taken in excess.
        kind: StickKind,
        /// How many were taken.
        taken: u32,
        /// The position's PE-bound: the most sticks of one kind a move may take.
        bound: u32,
    },
    /// More sticks of one kind than the pool holds.
    MoreThanPool {
        /// The kind taken in excess.
        kind: StickKind,
        /// How many were taken.
        taken: u32,
        /// How many the pool holds.
        available: u32,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NothingTaken => f.write_str("the move takes no stick"),
            IllegalMove::UnequalBoth { take_p, take_e } => write!(
                f,
                "the move takes {} and {}: both kinds must be taken in equal numbers",
                StickKind::Pooh.count(u64::from(*take_p)),
                StickKind::Eeyore.count(u64::from(*take_e)),
            ),
            IllegalMove::OverBound { kind, taken, bound } => {
                write!(
                    f,
                    "the move takes {}, over the PE-bound {bound}",
                    kind.count(u64::from(*taken))
                )
            }
            IllegalMove::MoreThanPool {
                kind,
                taken,
                available,
            } => write!(
                f,
                "the move takes {} but the pool holds only {available}",
                kind.count(u64::from(*taken))
            ),
        }
    }
}

impl Error for IllegalMove {}
