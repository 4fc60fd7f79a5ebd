//! A move: how many sticks of each kind are taken.

use std::fmt;
use std::str::FromStr;

use crate::StickKind;

/// The sticks one move removes, as `ruch_bolka` reports them in `*bp`, `*be`.
///
/// A `Move` is just two numbers; whether it is legal depends on the position
/// ([`crate::Position::check`]).
///
/// ```
/// use duel_mis::Move;
/// assert_eq!(Move::both(2), Move { take_p: 2, take_e: 2 });
/// assert_eq!("3 0".parse::<Move>(), Ok(Move::pooh(3)));
/// assert_eq!(Move::eeyore(1).to_string(), "0 1");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Poohsticks taken.
    pub take_p: u32,
    /// Eeyoresticks taken.
    pub take_e: u32,
}

impl Move {
    /// Takes nothing: never legal; what a player answers when the pool is empty.
    pub const NONE: Move = Move {
        take_p: 0,
        take_e: 0,
    };

    /// A move taking `take_p` poohsticks and `take_e` eeyoresticks (unchecked).
    pub const fn new(take_p: u32, take_e: u32) -> Move {
        Move { take_p, take_e }
    }

    /// Takes `k` poohsticks only.
    pub const fn pooh(k: u32) -> Move {
        Move::new(k, 0)
    }

    /// Takes `k` eeyoresticks only.
    pub const fn eeyore(k: u32) -> Move {
        Move::new(0, k)
    }

    /// Takes `k` sticks of each kind.
    pub const fn both(k: u32) -> Move {
        Move::new(k, k)
    }

    /// Total number of sticks taken.
    pub const fn total(&self) -> u64 {
        self.take_p as u64 + self.take_e as u64
    }

    /// The move as people say it: `take 3 poohsticks`, `take 1 eeyorestick`, `take 2 of each`,
    /// `take 2 poohsticks and 1 eeyorestick`.
    ///
    /// ```
    /// use duel_mis::Move;
    /// assert_eq!(Move::pooh(3).describe(), "take 3 poohsticks");
    /// assert_eq!(Move::eeyore(1).describe(), "take 1 eeyorestick");
    /// assert_eq!(Move::both(2).describe(), "take 2 of each");
    /// assert_eq!(Move::new(2, 1).describe(), "take 2 poohsticks and 1 eeyorestick");
    /// ```
    pub fn describe(&self) -> String {
        let (pooh, eeyore) = (StickKind::Pooh, StickKind::Eeyore);
        match (self.take_p, self.take_e) {
            (p, 0) => format!("take {}", pooh.count(p.into())),
            (0, e) => format!("take {}", eeyore.count(e.into())),
            (p, e) if p == e => format!("take {p} of each"),
            (p, e) => format!(
                "take {} and {}",
                pooh.count(p.into()),
                eeyore.count(e.into())
            ),
        }
    }
}

impl fmt::Display for Move {
    /// `"take_p take_e"`, the order of `ruch_bolka`'s out-parameters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.take_p, self.take_e)
    }
}

/// Why a text is not a move (two non-negative integers separated by whitespace).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// Not exactly two whitespace-separated fields.
    #[error("a move is 2 numbers, found {found} fields")]
    WrongFieldCount {
        /// How many fields there were.
        found: usize,
    },
    /// A field is not a non-negative 32-bit integer.
    #[error("{text:?} is not a number of sticks")]
    NotANumber {
        /// The field as written, which does not parse as a `u32`.
        text: String,
    },
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        let [p, e] = fields[..] else {
            return Err(ParseMoveError::WrongFieldCount {
                found: fields.len(),
            });
        };
        let number = |text: &str| {
            text.parse::<u32>().map_err(|_| ParseMoveError::NotANumber {
                text: text.to_owned(),
            })
        };
        Ok(Move::new(number(p)?, number(e)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_rejects_bad_text() {
        assert_eq!(
            "1".parse::<Move>(),
            Err(ParseMoveError::WrongFieldCount { found: 1 })
        );
        assert_eq!(
            "1 -1".parse::<Move>(),
            Err(ParseMoveError::NotANumber { text: "-1".into() })
        );
        assert_eq!(" 4\t4\n".parse::<Move>(), Ok(Move::both(4)));
    }
}
