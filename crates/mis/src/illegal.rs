//! Why a move is illegal.

use crate::StickKind;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// The move takes no stick at all.
    #[error("the move takes no stick")]
    NothingTaken,
    /// Both kinds are taken, in different amounts.
    #[error(
        "the move takes {} and {}: both kinds must be taken in equal numbers",
        StickKind::Pooh.count(u64::from(*.take_p)),
        StickKind::Eeyore.count(u64::from(*.take_e))
    )]
    UnequalBoth {
        /// Poohsticks taken.
        take_p: u32,
        /// Eeyoresticks taken.
        take_e: u32,
    },
    /// More sticks of one kind than the PE-bound allows.
    #[error("the move takes {}, over the PE-bound {bound}", .kind.count(u64::from(*.taken)))]
    OverBound {
        /// The kind taken in excess.
        kind: StickKind,
        /// How many were taken.
        taken: u32,
        /// The position's PE-bound: the most sticks of one kind a move may take.
        bound: u32,
    },
    /// More sticks of one kind than the pool holds.
    #[error(
        "the move takes {} but the pool holds only {available}",
        .kind.count(u64::from(*.taken))
    )]
    MoreThanPool {
        /// The kind taken in excess.
        kind: StickKind,
        /// How many were taken.
        taken: u32,
        /// How many the pool holds.
        available: u32,
    },
}
