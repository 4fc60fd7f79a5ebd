//! [`Board`]: the beads in the seven pits.

use std::fmt;
use std::str::FromStr;

use crate::pit::{parse_small_number, Word};
use crate::{BoardError, ParseBoardError, Pit, PitSet, BOARD_COUNT, MAX_BEADS, PITS};

/// The contents of the seven pits (the banks are not part of it: see
/// [`Position`](crate::Position)).
///
/// Every pit holds 0 to 5 beads; the constructors check this, so every `Board` is one the game
/// can reach. Boards are ordered by their pits array, pit 1 first.
///
/// ```
/// use duel_ioiwari::{Board, Pit};
///
/// let board: Board = "4 3 2 4 2 3 2".parse()?;
/// assert_eq!(board, Board::new([4, 3, 2, 4, 2, 3, 2])?);
/// assert_eq!(board.beads_in(Pit::new(4)?), 4);
/// assert_eq!(board.total_beads(), 20);
/// assert_eq!(board.to_string(), "4 3 2 4 2 3 2");
/// assert_eq!(Board::from_index(board.index()), Some(board));
/// assert!(Board::new([0, 0, 0, 0, 0, 0, 6]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board([u8; PITS]);

/// `6^k` for each pit index `k`: the weight of that pit's digit in [`Board::index`].
pub(crate) const POWERS_OF_SIX: [u32; PITS] = [1, 6, 36, 216, 1296, 7776, 46656];

impl Board {
    /// The board with no beads left: the game is over.
    pub const EMPTY: Board = Board([0; PITS]);

    /// The board with the given bead counts for pits 1..7.
    ///
    /// Fails with [`BoardError::TooManyBeads`] naming the first pit that holds more than 5.
    pub fn new(pits: [u8; PITS]) -> Result<Board, BoardError> {
        for pit in Pit::ALL {
            let beads = pits[pit.index()];
            if beads > MAX_BEADS {
                return Err(BoardError::TooManyBeads { pit, beads });
            }
        }
        Ok(Board(pits))
    }

    /// Wraps counts the caller has already checked (every entry at most [`MAX_BEADS`]).
    pub(crate) const fn from_checked_pits(pits: [u8; PITS]) -> Board {
        Board(pits)
    }

    /// The bead counts of pits 1..7 (index 0 is pit 1).
    pub const fn pits(&self) -> [u8; PITS] {
        self.0
    }

    /// How many beads `pit` holds.
    pub const fn beads_in(&self, pit: Pit) -> u8 {
        self.0[pit.index()]
    }

    /// How many beads are left in the pits.
    pub fn total_beads(&self) -> u32 {
        self.0.iter().map(|&beads| u32::from(beads)).sum()
    }

    /// Whether all pits are empty, which ends the game.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; PITS]
    }

    /// The board as a base-6 number with pit 1 as the least significant digit:
    /// a dense index in `0..BOARD_COUNT`, used by the solver tables.
    pub fn index(&self) -> u32 {
        self.0
            .iter()
            .zip(POWERS_OF_SIX)
            .map(|(&beads, power)| u32::from(beads) * power)
            .sum()
    }

    /// The board whose [`index`](Board::index) is `index`, or `None` when `index >= BOARD_COUNT`.
    pub fn from_index(index: u32) -> Option<Board> {
        if index >= BOARD_COUNT {
            return None;
        }
        let mut rest = index;
        let mut pits = [0; PITS];
        for beads in &mut pits {
            *beads = (rest % 6) as u8;
            rest /= 6;
        }
        Some(Board(pits))
    }

    /// The pits that may be sown: the non-empty ones.
    pub fn legal_moves(&self) -> PitSet {
        Pit::ALL
            .into_iter()
            .filter(|&pit| self.beads_in(pit) > 0)
            .collect()
    }

    /// The board turned `steps` pits counter-clockwise: pit 1 of the result holds what pit
    /// `1 + steps` (wrapping round) holds here. Turning by 7 gives the board back.
    ///
    /// ```
    /// use duel_ioiwari::Board;
    ///
    /// let board = Board::new([1, 2, 3, 4, 5, 0, 0])?;
    /// assert_eq!(board.rotated(1), Board::new([2, 3, 4, 5, 0, 0, 1])?);
    /// assert_eq!(board.rotated(7), board);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rotated(&self, steps: usize) -> Board {
        let mut pits = self.0;
        pits.rotate_left(steps % PITS);
        Board(pits)
    }
}

/// Formats as the seven counts separated by single spaces: `4 3 2 4 2 3 2`.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, beads) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{beads}")?;
        }
        Ok(())
    }
}

/// Parses seven decimal counts (pits 1..7) separated by any whitespace, as on the first line of
/// the game protocol. Leading and trailing whitespace is ignored.
impl FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(text: &str) -> Result<Board, ParseBoardError> {
        let found = text.split_whitespace().count();
        if found != PITS {
            return Err(ParseBoardError::WrongCount { found });
        }
        let mut pits = [0; PITS];
        for ((pit, word), beads) in Pit::ALL
            .into_iter()
            .zip(text.split_whitespace())
            .zip(&mut pits)
        {
            match parse_small_number(word) {
                Word::Small(n) if n <= u32::from(MAX_BEADS) => *beads = n as u8,
                Word::Small(_) | Word::Large => {
                    return Err(ParseBoardError::OutOfRange {
                        pit,
                        text: word.to_owned(),
                    })
                }
                Word::Garbage => {
                    return Err(ParseBoardError::NotANumber {
                        pit,
                        text: word.to_owned(),
                    })
                }
            }
        }
        Ok(Board(pits))
    }
}
