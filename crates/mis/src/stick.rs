//! The two kinds of sticks in the pool.

use std::fmt;

/// A kind of stick: the pool holds poohsticks (`p`) and eeyoresticks (`e`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StickKind {
    /// Poohsticks, the first number of a position (`p`).
    Pooh,
    /// Eeyoresticks, the second number of a position (`e`).
    Eeyore,
}

impl StickKind {
    /// Both kinds, poohsticks first.
    pub const ALL: [StickKind; 2] = [StickKind::Pooh, StickKind::Eeyore];

    /// `count` sticks of this kind in English, singular for one.
    ///
    /// ```
    /// use duel_mis::StickKind;
    /// assert_eq!(StickKind::Eeyore.count(1), "1 eeyorestick");
    /// assert_eq!(StickKind::Pooh.count(3), "3 poohsticks");
    /// ```
    pub fn count(self, count: u64) -> String {
        let name = self.to_string();
        match count {
            1 => format!("1 {}", name.trim_end_matches('s')),
            count => format!("{count} {name}"),
        }
    }
}

impl fmt::Display for StickKind {
    /// Plural English name: `poohsticks` / `eeyoresticks`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StickKind::Pooh => "poohsticks",
            StickKind::Eeyore => "eeyoresticks",
        })
    }
}
