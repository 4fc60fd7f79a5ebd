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

/// What one step of a sowing did ([`Board::sowing_steps`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SowingEvent {
    /// The beads of the pit sown went into the hand.
    Lift,
    /// A bead of the hand dropped into the pit visited.
    Drop,
    /// The pit visited was full: one of its beads went to the mover's bank, and the hand kept
    /// its beads.
    Full,
    /// The last bead met a pit of 1 to 4 beads and took them, with itself, into the mover's
    /// bank.
    Capture {
        /// The beads the pit held.
        captured: u8,
    },
    /// The last bead met an empty or a full pit and went to the opponent's bank.
    ToOpponent,
}

/// One step of a sowing: what happened at the pit visited, and how things stand after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SowingStep {
    /// What happened.
    pub event: SowingEvent,
    /// The pit visited (for [`SowingEvent::Lift`], the pit sown).
    pub pit: Pit,
    /// The beads in pits 1..7 after the step.
    pub pits: [u8; crate::PITS],
    /// The beads still in hand (0 after the last step).
    pub hand: u8,
    /// The beads the move has put into the mover's bank so far.
    pub mover_gain: u8,
    /// The beads the move has put into the opponent's bank so far (0 or 1).
    pub opponent_gain: u8,
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
        self.sow(pit, |_| {})
    }

    /// Every step of sowing `pit`, as a person would watch it: the beads lifted, then each
    /// pit visited until the last bead (see [`Board::play`], whose rule this follows step by
    /// step: the last step's pits are the board [`Board::play`] gives, and its gains are the
    /// move's).
    ///
    /// ```
    /// use duel_ioiwari::{Board, Pit, SowingEvent};
    ///
    /// let board: Board = "4 3 2 4 2 3 2".parse()?;
    /// let steps = board.sowing_steps(Pit::new(2)?)?;
    /// let events: Vec<SowingEvent> = steps.iter().map(|step| step.event).collect();
    /// assert_eq!(
    ///     events,
    ///     [
    ///         SowingEvent::Lift,
    ///         SowingEvent::Drop,
    ///         SowingEvent::Drop,
    ///         SowingEvent::Capture { captured: 2 }
    ///     ]
    /// );
    /// let last = steps.last().unwrap();
    /// assert_eq!(last.pits, board.play(Pit::new(2)?)?.board.pits());
    /// assert_eq!((last.pit.number(), last.hand, last.mover_gain), (5, 0, 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sowing_steps(&self, pit: Pit) -> Result<Vec<SowingStep>, IllegalMove> {
        let mut steps = Vec::new();
        self.sow(pit, |step| steps.push(step))?;
        Ok(steps)
    }

    /// The move rule, once: sows `pit` and tells `step` about every step (a no-op for
    /// [`Board::play`], which the compiler then reduces to the bare loop).
    #[inline(always)]
    fn sow(&self, pit: Pit, mut step: impl FnMut(SowingStep)) -> Result<Sowing, IllegalMove> {
        let mut pits = self.pits();
        let mut hand = pits[pit.index()];
        if hand == 0 {
            return Err(IllegalMove::EmptyPit { pit, board: *self });
        }
        pits[pit.index()] = 0;
        let mut mover_gain = 0;
        step(SowingStep {
            event: SowingEvent::Lift,
            pit,
            pits,
            hand,
            mover_gain,
            opponent_gain: 0,
        });
        let mut visited = pit;
        loop {
            visited = visited.next();
            let beads = &mut pits[visited.index()];
            let (event, opponent_gain) = if hand > 1 {
                if *beads == MAX_BEADS {
                    *beads -= 1;
                    mover_gain += 1;
                    (SowingEvent::Full, 0)
                } else {
                    *beads += 1;
                    hand -= 1;
                    (SowingEvent::Drop, 0)
                }
            } else if (1..MAX_BEADS).contains(beads) {
                let captured = *beads;
                mover_gain += captured + 1;
                *beads = 0;
                hand = 0;
                (SowingEvent::Capture { captured }, 0)
            } else {
                hand = 0;
                (SowingEvent::ToOpponent, 1)
            };
            step(SowingStep {
                event,
                pit: visited,
                pits,
                hand,
                mover_gain,
                opponent_gain,
            });
            if hand == 0 {
                return Ok(self.finish(pits, mover_gain, opponent_gain));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BOARD_COUNT;

    /// Every board and pit: the steps follow the rule one bead at a time (each checked against
    /// the step before it), and they end where [`Board::play`] ends.
    #[test]
    fn the_steps_of_every_sowing_follow_the_rule_and_end_where_play_does() {
        for index in 0..BOARD_COUNT {
            let board = Board::from_index(index).unwrap();
            for pit in Pit::ALL {
                let played = board.play(pit);
                let steps = board.sowing_steps(pit);
                let (Ok(sowing), Ok(steps)) = (played, steps.clone()) else {
                    assert_eq!(steps.unwrap_err(), played.unwrap_err());
                    continue;
                };
                let lift = steps[0];
                assert_eq!(lift.event, SowingEvent::Lift);
                assert_eq!((lift.pit, lift.hand), (pit, board.pits()[pit.index()]));
                assert_eq!(lift.pits[pit.index()], 0);
                for pair in steps.windows(2) {
                    let (before, step) = (pair[0], pair[1]);
                    assert_eq!(step.pit, before.pit.next(), "pits are visited in turn");
                    let at = step.pit.index();
                    let (was, now) = (before.pits[at], step.pits[at]);
                    for other in (0..crate::PITS).filter(|&k| k != at) {
                        assert_eq!(step.pits[other], before.pits[other]);
                    }
                    let gains = (
                        step.mover_gain - before.mover_gain,
                        step.opponent_gain - before.opponent_gain,
                    );
                    match step.event {
                        SowingEvent::Drop => {
                            assert!(before.hand > 1 && was < MAX_BEADS);
                            assert_eq!((now, step.hand, gains), (was + 1, before.hand - 1, (0, 0)));
                        }
                        SowingEvent::Full => {
                            assert!(before.hand > 1 && was == MAX_BEADS);
                            assert_eq!((now, step.hand, gains), (was - 1, before.hand, (1, 0)));
                        }
                        SowingEvent::Capture { captured } => {
                            assert!(before.hand == 1 && (1..MAX_BEADS).contains(&was));
                            assert_eq!((captured, now, step.hand), (was, 0, 0));
                            assert_eq!(gains, (was + 1, 0));
                        }
                        SowingEvent::ToOpponent => {
                            assert!(before.hand == 1 && (was == 0 || was == MAX_BEADS));
                            assert_eq!((now, step.hand, gains), (was, 0, (0, 1)));
                        }
                        SowingEvent::Lift => panic!("a lift after the first step"),
                    }
                }
                let last = steps.last().unwrap();
                assert_eq!(last.hand, 0);
                assert_eq!(last.pits, sowing.board.pits());
                assert_eq!(
                    (last.mover_gain, last.opponent_gain),
                    (sowing.mover_gain, sowing.opponent_gain)
                );
            }
        }
    }
}
