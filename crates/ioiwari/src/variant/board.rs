//! [`VariantBoard`]: the pits of a variant, and the move rule.

use std::fmt;

use crate::variant::{Variant, VariantError};

/// The bead counts of a variant's pits (the banks are not part of it).
///
/// Pits are numbered 1 to `n` clockwise; every count is at most the cap (the constructors
/// check it).
///
/// ```
/// use duel_ioiwari::variant::{Variant, VariantBoard};
///
/// let variant = Variant::new(4, 3)?;
/// let board = VariantBoard::parse(variant, "3 0 1 2")?;
/// assert_eq!(board.pits(), &[3, 0, 1, 2]);
/// assert_eq!(board.total_beads(), 6);
/// assert_eq!(board.to_string(), "3 0 1 2");
/// assert_eq!(VariantBoard::from_index(variant, board.index()), Some(board));
/// assert_eq!(board.legal_moves().collect::<Vec<_>>(), vec![1, 3, 4]);
/// assert!(VariantBoard::parse(variant, "4 0 0 0").is_err());
/// # Ok::<(), duel_ioiwari::variant::VariantError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariantBoard {
    variant: Variant,
    /// Counts of pits 1..=n in entries 0..n; the rest are zero.
    pits: [u8; Variant::MAX_PITS],
}

/// What one move does: the board after it and the beads it put into each bank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariantSowing {
    /// The pits after the move.
    pub board: VariantBoard,
    /// Beads the move put into the mover's bank.
    pub mover_gain: u8,
    /// Beads the move put into the opponent's bank (0 or 1).
    pub opponent_gain: u8,
}

impl VariantSowing {
    /// `mover_gain - opponent_gain`: what the move itself is worth to the mover.
    pub fn gain_difference(&self) -> i8 {
        self.mover_gain as i8 - self.opponent_gain as i8
    }
}

impl VariantBoard {
    /// The board of `variant` with no beads: the game is over.
    pub fn empty(variant: Variant) -> VariantBoard {
        VariantBoard {
            variant,
            pits: [0; Variant::MAX_PITS],
        }
    }

    /// The start a variant is played from when none is given (by `duel ioiwari play --pits`
    /// and the page's Variants tab): 3 beads in every pit, or the cap where it is below 3.
    ///
    /// ```
    /// use duel_ioiwari::variant::{Variant, VariantBoard};
    ///
    /// assert_eq!(VariantBoard::usual_start(Variant::new(5, 4)?).to_string(), "3 3 3 3 3");
    /// assert_eq!(VariantBoard::usual_start(Variant::new(3, 2)?).to_string(), "2 2 2");
    /// # Ok::<(), duel_ioiwari::variant::VariantError>(())
    /// ```
    pub fn usual_start(variant: Variant) -> VariantBoard {
        let mut board = VariantBoard::empty(variant);
        board.pits[..variant.pits()].fill(variant.cap().min(3));
        board
    }

    /// The board with counts `pits` for pits 1..=n; fails on a wrong length or a count above
    /// the cap.
    pub fn new(variant: Variant, pits: &[u8]) -> Result<VariantBoard, VariantError> {
        if pits.len() != variant.pits() {
            return Err(VariantError::WrongLength {
                given: pits.len(),
                pits: variant.pits(),
            });
        }
        let mut board = VariantBoard::empty(variant);
        for (k, &beads) in pits.iter().enumerate() {
            if beads > variant.cap() {
                return Err(VariantError::TooManyBeads {
                    pit: k + 1,
                    beads,
                    cap: variant.cap(),
                });
            }
            board.pits[k] = beads;
        }
        Ok(board)
    }

    /// Parses `n` counts separated by whitespace (or commas), such as `"4 3 2 4 2 3 2"`.
    pub fn parse(variant: Variant, text: &str) -> Result<VariantBoard, VariantError> {
        let mut counts = Vec::new();
        for word in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|word| !word.is_empty())
        {
            if counts.len() > Variant::MAX_PITS {
                break; // already too long: the length check below reports it
            }
            let count = word.parse::<u8>().map_err(|_| VariantError::NotACount {
                word: word.chars().take(20).collect(),
            })?;
            counts.push(count);
        }
        VariantBoard::new(variant, &counts)
    }

    /// The board whose [`index`](VariantBoard::index) is `index`, if it is below
    /// [`Variant::board_count`].
    pub fn from_index(variant: Variant, mut index: u64) -> Option<VariantBoard> {
        if index >= variant.board_count() {
            return None;
        }
        let base = u64::from(variant.cap()) + 1;
        let mut board = VariantBoard::empty(variant);
        for slot in board.pits.iter_mut().take(variant.pits()) {
            *slot = (index % base) as u8;
            index /= base;
        }
        Some(board)
    }

    /// The variant this board belongs to.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The counts of pits 1..=n.
    pub fn pits(&self) -> &[u8] {
        &self.pits[..self.variant.pits()]
    }

    /// Beads left in the pits.
    pub fn total_beads(&self) -> u32 {
        self.pits().iter().map(|&beads| u32::from(beads)).sum()
    }

    /// Whether every pit is empty (the game is over).
    pub fn is_empty(&self) -> bool {
        self.pits().iter().all(|&beads| beads == 0)
    }

    /// The board as a number in base `cap + 1` with pit 1 as the least significant digit: a
    /// dense index in `0..variant.board_count()`.
    pub fn index(&self) -> u64 {
        let base = u64::from(self.variant.cap()) + 1;
        self.pits()
            .iter()
            .rev()
            .fold(0, |index, &beads| index * base + u64::from(beads))
    }

    /// The board turned by `steps` pits: pit `k` of the result holds what pit `k - steps`
    /// (counted round the circle) holds here. Turned boards have the same value.
    pub fn rotated(&self, steps: usize) -> VariantBoard {
        let n = self.variant.pits();
        let mut turned = VariantBoard::empty(self.variant);
        for k in 0..n {
            turned.pits[(k + steps) % n] = self.pits[k];
        }
        turned
    }

    /// The numbers (1-based) of the non-empty pits: the legal moves.
    pub fn legal_moves(&self) -> impl Iterator<Item = usize> + '_ {
        self.pits()
            .iter()
            .enumerate()
            .filter(|(_, &beads)| beads > 0)
            .map(|(k, _)| k + 1)
    }

    /// Sows pit number `pit` (1-based), as in the task with 5 replaced by the cap: all its
    /// beads go into the hand and the following pits are visited clockwise (pit n is followed
    /// by pit 1, and the emptied pit is visited again like any other):
    ///
    /// - with more than one bead in hand, a pit holding the cap gives one of its beads to the
    ///   mover's bank (the hand keeps its beads); any other pit receives one bead;
    /// - with the last bead in hand, a pit holding 1 to cap - 1 beads is emptied into the
    ///   mover's bank together with the bead; otherwise (0 or the cap) the bead goes to the
    ///   opponent's bank, and the move is over.
    ///
    /// ```
    /// use duel_ioiwari::variant::{Variant, VariantBoard};
    ///
    /// let variant = Variant::new(3, 2)?;
    /// let board = VariantBoard::parse(variant, "2 2 1")?;
    /// // Pit 1's two beads: pit 2 holds the cap and pays one bead to the mover; pit 3 gets
    /// // a bead; the last bead meets pit 1, now empty, and goes to the opponent.
    /// let sowing = board.play(1)?;
    /// assert_eq!(sowing.board.pits(), &[0, 1, 2]);
    /// assert_eq!((sowing.mover_gain, sowing.opponent_gain), (1, 1));
    /// assert!(board.play(4).is_err());
    /// # Ok::<(), duel_ioiwari::variant::VariantError>(())
    /// ```
    pub fn play(&self, pit: usize) -> Result<VariantSowing, VariantError> {
        let n = self.variant.pits();
        let cap = self.variant.cap();
        if pit == 0 || pit > n {
            return Err(VariantError::NoSuchPit { pit, pits: n });
        }
        let mut board = *self;
        let mut hand = board.pits[pit - 1];
        if hand == 0 {
            return Err(VariantError::EmptyPit { pit });
        }
        board.pits[pit - 1] = 0;
        let mut mover_gain = 0;
        let mut here = pit - 1;
        loop {
            here = (here + 1) % n;
            let beads = &mut board.pits[here];
            if hand > 1 {
                if *beads == cap {
                    *beads -= 1;
                    mover_gain += 1;
                } else {
                    *beads += 1;
                    hand -= 1;
                }
            } else if (1..cap).contains(beads) {
                mover_gain += *beads + 1;
                *beads = 0;
                return Ok(VariantSowing {
                    board,
                    mover_gain,
                    opponent_gain: 0,
                });
            } else {
                return Ok(VariantSowing {
                    board,
                    mover_gain,
                    opponent_gain: 1,
                });
            }
        }
    }
}

impl fmt::Display for VariantBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, beads) in self.pits().iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{beads}")?;
        }
        Ok(())
    }
}
