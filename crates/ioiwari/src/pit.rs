//! [`Pit`]: one of the seven pits, numbered 1..7 clockwise.

use std::fmt;
use std::str::FromStr;

use crate::{ParsePitError, PitError, PITS};

/// One of the seven pits of the round board, numbered 1 to 7 clockwise.
///
/// A `Pit` always names an existing pit, so a [`Board`](crate::Board) can be indexed by it
/// without checks.
///
/// ```
/// use duel_ioiwari::Pit;
///
/// let pit = Pit::new(7)?;
/// assert_eq!(pit.number(), 7);
/// assert_eq!(pit.index(), 6);
/// assert_eq!(pit.next(), Pit::new(1)?); // clockwise, wrapping round
/// assert_eq!(pit.to_string(), "7");
/// assert_eq!(" 7\n".parse::<Pit>()?, pit);
/// assert!(Pit::new(0).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit(u8);

impl Pit {
    /// All pits in clockwise order 1..7.
    pub const ALL: [Pit; PITS] = [Pit(1), Pit(2), Pit(3), Pit(4), Pit(5), Pit(6), Pit(7)];

    /// The pit numbered `number` (1..=7).
    pub const fn new(number: u8) -> Result<Pit, PitError> {
        if number >= 1 && number as usize <= PITS {
            Ok(Pit(number))
        } else {
            Err(PitError { number })
        }
    }

    /// The pit at zero-based `index` (0..7), or `None`.
    pub const fn from_index(index: usize) -> Option<Pit> {
        if index < PITS {
            Some(Pit(index as u8 + 1))
        } else {
            None
        }
    }

    /// The pit's number, 1..=7.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The pit's zero-based index, 0..7 (pit 1 is index 0).
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The next pit clockwise: 1 -> 2, ..., 7 -> 1.
    pub const fn next(self) -> Pit {
        if self.0 as usize == PITS {
            Pit(1)
        } else {
            Pit(self.0 + 1)
        }
    }
}

/// Formats as the pit number, honouring width and alignment (`format!("{pit:>3}")`).
impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Parses a decimal pit number; surrounding whitespace (such as a line's newline) is ignored.
impl FromStr for Pit {
    type Err = ParsePitError;

    fn from_str(text: &str) -> Result<Pit, ParsePitError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParsePitError::Empty);
        }
        match parse_small_number(text) {
            Word::Small(n) if (1..=PITS as u32).contains(&n) => Ok(Pit(n as u8)),
            Word::Small(_) | Word::Large => Err(ParsePitError::OutOfRange {
                text: text.to_owned(),
            }),
            Word::Garbage => Err(ParsePitError::NotANumber {
                text: text.to_owned(),
            }),
        }
    }
}

/// What a word turned out to be, for the parsers of pits and boards.
pub(crate) enum Word {
    /// A number that fits `u32` (negative numbers are reported as `Large`: out of any range here).
    Small(u32),
    /// A well-formed number that is negative or does not fit `u32`.
    Large,
    /// Not a decimal number at all.
    Garbage,
}

/// Reads an optionally signed decimal number; std's parsers would lump "99999999999" and "x"
/// together, and the messages should tell "no such pit" from "not a number".
pub(crate) fn parse_small_number(word: &str) -> Word {
    let (negative, digits) = match word.as_bytes().first() {
        Some(b'-') => (true, &word[1..]),
        Some(b'+') => (false, &word[1..]),
        _ => (false, word),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Word::Garbage;
    }
    match digits.parse::<u32>() {
        Ok(0) => Word::Small(0),
        Ok(_) if negative => Word::Large,
        Ok(n) => Word::Small(n),
        Err(_) => Word::Large,
    }
}
