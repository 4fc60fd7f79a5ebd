//! The two players of Pooh-Eeyore-sticks.

use std::fmt;

/// Who made a move: Bolek (the submission, moving first) or Lolek (the judge's opponent).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The player being judged; moves first.
    Bolek,
    /// The judge's player.
    Lolek,
}

impl Side {
    /// The player's name, as printed in transcripts: `"Bolek"` or `"Lolek"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Bolek => "Bolek",
            Side::Lolek => "Lolek",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
