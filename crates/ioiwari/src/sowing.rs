//! The move rule: [`Board::play`] and its result, [`Sowing`].

use crate::{Board, IllegalMove, Pit, MAX_BEADS};

/// What one move does: the board after it and the beads it puts into each bank.
///
/// ```
/// use duel_ioiwari::{Board, Pit, Sowing};
///
/// let board: Board = "4 3 2 4 2 3 2".parse()?;
/// let sowing = board.play(Pit::new(2)?)?;
/// assert_eq!(
///     sowing,
///     Sowing { board: "4 0 3 5 0 3 2".parse()?, mover_gain: 3, opponent_gain: 0 }
/// );
/// assert_eq!(sowing.gain_difference(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sowing {
    /// The pits after the move.
    pub board: Board,
    /// Beads the move put into the mover's bank.
    pub mover_gain: u8,
    /// Beads the move put into the opponent's bank (0 or 1: only the last bead can go there).
    pub opponent_gain: u8,
}

impl Sowing {
    /// `mover_gain - opponent_gain`: what the move itself is worth to the mover.
    pub fn gain_difference(&self) -> i8 {
        self.mover_gain as i8 - self.opponent_gain as i8
    }
}

impl Board {
    /// Sows `pit`: takes all its beads into the hand and visits the following pits clockwise
    /// (7 is followed by 1, and the emptied pit is visited again like any other when the sowing
    /// goes all the way round):
    ///
    /// - with more than one bead in hand, a pit holding 5 gives one of its beads to the mover's
    ///   bank (the hand keeps its beads); any other pit receives one bead from the hand;
    /// - with the last bead in hand, a pit holding 1 to 4 beads is emptied into the mover's bank
    ///   together with that bead; otherwise (0 or 5 beads) the bead goes to the opponent's bank,
    ///   and the move is over.
    ///
    /// Every move therefore puts at least one bead into a bank and never leaves a pit above 5.
    ///
    /// ```
    /// use duel_ioiwari::{Board, IllegalMove, Pit};
    ///
    /// // Pit 7 wraps round to pit 1, which holds 5: with two beads in hand, one of pit 1's
    /// // beads goes to the mover's bank. Pit 2 gets a bead; the last bead meets empty pit 3
    /// // and goes to the opponent's bank.
    /// let board = Board::new([5, 0, 0, 0, 0, 0, 2])?;
    /// let sowing = board.play(Pit::new(7)?)?;
    /// assert_eq!(sowing.board, Board::new([4, 1, 0, 0, 0, 0, 0])?);
    /// assert_eq!((sowing.mover_gain, sowing.opponent_gain), (1, 1));
    /// assert!(matches!(board.play(Pit::new(3)?), Err(IllegalMove::EmptyPit { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, pit: Pit) -> Result<Sowing, IllegalMove> {
        let mut pits = self.pits();
        let mut hand = pits[pit.index()];
        if hand == 0 {
            return Err(IllegalMove::EmptyPit { pit, board: *self });
        }
        pits[pit.index()] = 0;
        let mut mover_gain = 0;
        let mut visited = pit;
        loop {
            visited = visited.next();
            let beads = &mut pits[visited.index()];
            if hand > 1 {
                if *beads == MAX_BEADS {
                    *beads -= 1;
                    mover_gain += 1;
                } else {
                    *beads += 1;
                    hand -= 1;
                }
            } else if (1..MAX_BEADS).contains(beads) {
                mover_gain += *beads + 1;
                *beads = 0;
                return Ok(self.finish(pits, mover_gain, 0));
            } else {
                return Ok(self.finish(pits, mover_gain, 1));
            }
        }
    }

    fn finish(&self, pits: [u8; crate::PITS], mover_gain: u8, opponent_gain: u8) -> Sowing {
        Sowing {
            // The rule never lets a pit pass MAX_BEADS: beads are only added to pits below it.
            board: Board::from_checked_pits(pits),
            mover_gain,
            opponent_gain,
        }
    }
}
