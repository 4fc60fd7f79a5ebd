//! [`PitSet`]: a set of pits as a 7-bit mask.

use std::fmt;

use crate::{Pit, PITS};

/// A set of pits, stored as a bitmask (bit `i` is the pit with index `i`, i.e. pit `i + 1`).
///
/// Used for the legal moves of a board and for the optimal moves the solver finds. Iteration
/// goes in ascending pit order, so [`first`](PitSet::first) is the lowest-numbered pit.
///
/// ```
/// use duel_ioiwari::{Pit, PitSet};
///
/// let pits: PitSet = [Pit::new(5)?, Pit::new(2)?].into_iter().collect();
/// assert_eq!(pits.len(), 2);
/// assert!(pits.contains(Pit::new(2)?));
/// assert_eq!(pits.first(), Some(Pit::new(2)?));
/// assert_eq!(pits.iter().map(Pit::number).collect::<Vec<_>>(), [2, 5]);
/// assert_eq!(pits.to_string(), "{2, 5}");
/// assert!(PitSet::EMPTY.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PitSet(u8);

impl PitSet {
    /// No pits.
    pub const EMPTY: PitSet = PitSet(0);
    /// All seven pits.
    pub const ALL: PitSet = PitSet((1 << PITS) - 1);

    /// The set with the given mask; bits above the seventh are ignored.
    pub const fn from_bits(bits: u8) -> PitSet {
        PitSet(bits & Self::ALL.0)
    }

    /// The mask: bit `i` is set when the pit with index `i` is in the set.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The set holding only `pit`.
    pub const fn single(pit: Pit) -> PitSet {
        PitSet(1 << pit.index())
    }

    /// Whether `pit` is in the set.
    pub const fn contains(self, pit: Pit) -> bool {
        self.0 & (1 << pit.index()) != 0
    }

    /// Adds `pit` to the set.
    pub fn insert(&mut self, pit: Pit) {
        self.0 |= 1 << pit.index();
    }

    /// The lowest-numbered pit in the set, or `None` when it is empty.
    pub const fn first(self) -> Option<Pit> {
        if self.0 == 0 {
            None
        } else {
            Pit::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// How many pits the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no pits.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The pits in ascending order.
    pub fn iter(self) -> PitSetIter {
        PitSetIter(self.0)
    }
}

/// Iterator over a [`PitSet`] in ascending pit order.
#[derive(Clone, Debug)]
pub struct PitSetIter(u8);

impl Iterator for PitSetIter {
    type Item = Pit;

    fn next(&mut self) -> Option<Pit> {
        let pit = PitSet(self.0).first()?;
        self.0 &= self.0 - 1; // clear the lowest set bit
        Some(pit)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for PitSetIter {}

impl IntoIterator for PitSet {
    type Item = Pit;
    type IntoIter = PitSetIter;

    fn into_iter(self) -> PitSetIter {
        self.iter()
    }
}

impl FromIterator<Pit> for PitSet {
    fn from_iter<I: IntoIterator<Item = Pit>>(pits: I) -> PitSet {
        let mut set = PitSet::EMPTY;
        for pit in pits {
            set.insert(pit);
        }
        set
    }
}

/// Formats as `{2, 5}`.
impl fmt::Display for PitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, pit) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{pit}")?;
        }
        f.write_str("}")
    }
}
