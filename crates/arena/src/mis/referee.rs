//! Checks a game move by move, whoever supplies Bolek's moves.

use super::transcript::pool;
use super::{EventSink, GameResult, MisError, Mistake, MoveEvent, Side, Usage};
use crate::Verdict;
use duel_mis::{lolek, LolekKind, Move, Position, Strategy};
use std::ops::ControlFlow;

/// How a game ended: the verdict and, unless Bolek won, a one-line reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    /// The verdict for Bolek.
    pub verdict: Verdict,
    /// Why (absent only for a plain win).
    pub reason: Option<String>,
}

impl Ending {
    /// The game ends with `verdict`, and `reason` says why (for the report and the log).
    pub fn new(verdict: Verdict, reason: impl Into<String>) -> Ending {
        Ending {
            verdict,
            reason: Some(reason.into()),
        }
    }
}

/// The judge's own copy of a game: it checks every Bolek move, plays (or checks) every Lolek
/// move with its own strategy, and notes the first Bolek move that gave the game away.
///
/// All Bolek sources (built-in, line protocol, module host) go through it, so a result is
/// only ever believed once the judge has replayed it.
///
/// ```
/// use duel_arena::mis::{NoEvents, Referee};
/// use duel_mis::{LolekKind, Position};
/// use std::ops::ControlFlow;
///
/// let start = Position::new(7, 2, 3).unwrap();
/// let mut referee = Referee::new(start, LolekKind::Simple);
/// assert!(referee.bolek(1, 1, &mut NoEvents).is_continue()); // 6 1 left
/// let ControlFlow::Continue(reply) = referee.lolek(&mut NoEvents).unwrap() else { panic!() };
/// assert_eq!((reply.take_p, reply.take_e), (1, 0)); // the simple Lolek takes one poohstick
/// ```
pub struct Referee {
    position: Position,
    lolek: Box<dyn Strategy>,
    moves: u64,
    bolek_moves: u64,
    first_mistake: Option<Mistake>,
}

impl Referee {
    /// A referee for a game from `start`, with Lolek playing `kind`.
    pub fn new(start: Position, kind: LolekKind) -> Referee {
        Referee {
            position: start,
            lolek: lolek(kind),
            moves: 0,
            bolek_moves: 0,
            first_mistake: None,
        }
    }

    /// The sticks left and the bound, after the moves played so far.
    pub fn position(&self) -> Position {
        self.position
    }

    /// Verified moves so far, both players'.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// The first Bolek move that left Lolek a winning position, so far.
    pub fn first_mistake(&self) -> Option<&Mistake> {
        self.first_mistake.as_ref()
    }

    /// Checks and plays Bolek's move, given as the submission gave it (any integers).
    /// Breaks with the ending when the move is illegal or takes the last stick.
    #[inline(always)]
    pub fn bolek(
        &mut self,
        take_p: i64,
        take_e: i64,
        sink: &mut dyn EventSink,
    ) -> ControlFlow<Ending> {
        let before = self.position;
        let (Ok(p), Ok(e)) = (u32::try_from(take_p), u32::try_from(take_e)) else {
            return self.illegal(take_p, take_e, None);
        };
        let taken = Move {
            take_p: p,
            take_e: e,
        };
        let after = match before.play(taken) {
            Ok(after) => after,
            Err(why) => return self.illegal(take_p, take_e, Some(why)),
        };
        let number = self.moves + 1;
        self.moves = number;
        self.bolek_moves += 1;
        self.position = after;
        sink.record(&MoveEvent {
            number,
            side: Side::Bolek,
            taken,
            left: after,
        });
        if after.is_over() {
            return ControlFlow::Break(Ending {
                verdict: Verdict::Win,
                reason: None,
            });
        }
        if self.first_mistake.is_none() && duel_mis::mistake::is_mistake_to(&before, &after) {
            self.note_mistake(number, before, taken, after);
        }
        ControlFlow::Continue(())
    }

    /// The ending of an illegal Bolek move (`why` is `None` for numbers out of range).
    #[cold]
    #[inline(never)]
    fn illegal(
        &self,
        take_p: i64,
        take_e: i64,
        why: Option<duel_mis::IllegalMove>,
    ) -> ControlFlow<Ending> {
        let before = self.position;
        let why = match why {
            Some(why) => why.to_string(),
            None if take_p < 0 || take_e < 0 => "a negative number of sticks".into(),
            None => "more than the pool holds".into(),
        };
        ControlFlow::Break(Ending::new(
            Verdict::IllegalMove,
            format!(
                "move {}: Bolek takes p={take_p} e={take_e} at {}: {why}",
                self.moves + 1,
                pool(before.p(), before.e())
            ),
        ))
    }

    #[cold]
    #[inline(never)]
    fn note_mistake(&mut self, number: u64, before: Position, taken: Move, after: Position) {
        self.first_mistake = Some(Mistake {
            number,
            before,
            taken,
            after,
            better: before.winning_move(),
        });
    }

    /// Plays Lolek's reply with the referee's own strategy and returns it. Breaks with a loss
    /// when Lolek takes the last stick.
    pub fn lolek(
        &mut self,
        sink: &mut dyn EventSink,
    ) -> Result<ControlFlow<Ending, Move>, MisError> {
        let reply = self.lolek.choose(&self.position);
        self.play_lolek(reply, sink)
    }

    /// Checks a move someone else (the module host) says Lolek made: it must be the move the
    /// referee's own Lolek makes. A different one breaks with a protocol error.
    #[inline(always)]
    pub fn lolek_reported(
        &mut self,
        reported: Move,
        sink: &mut dyn EventSink,
    ) -> Result<ControlFlow<Ending>, MisError> {
        let expected = self.lolek.choose(&self.position);
        if reported != expected {
            return Ok(ControlFlow::Break(self.forged_lolek(reported, expected)));
        }
        Ok(match self.play_lolek(expected, sink)? {
            ControlFlow::Continue(_) => ControlFlow::Continue(()),
            ControlFlow::Break(ending) => ControlFlow::Break(ending),
        })
    }

    #[cold]
    #[inline(never)]
    fn forged_lolek(&self, reported: Move, expected: Move) -> Ending {
        Ending::new(
            Verdict::ProtocolError,
            format!(
                "move {}: the module host reports Lolek taking {} at {}, but Lolek takes {}",
                self.moves + 1,
                pool(reported.take_p, reported.take_e),
                pool(self.position.p(), self.position.e()),
                pool(expected.take_p, expected.take_e),
            ),
        )
    }

    #[inline(always)]
    fn play_lolek(
        &mut self,
        reply: Move,
        sink: &mut dyn EventSink,
    ) -> Result<ControlFlow<Ending, Move>, MisError> {
        let after = match self.position.play(reply) {
            Ok(after) => after,
            Err(why) => return Err(self.broken_lolek(why)),
        };
        self.moves += 1;
        self.position = after;
        sink.record(&MoveEvent {
            number: self.moves,
            side: Side::Lolek,
            taken: reply,
            left: after,
        });
        if !after.is_over() {
            return Ok(ControlFlow::Continue(reply));
        }
        Ok(ControlFlow::Break(lolek_won()))
    }

    #[cold]
    #[inline(never)]
    fn broken_lolek(&self, why: duel_mis::IllegalMove) -> MisError {
        MisError::Internal(format!(
            "Lolek's strategy chose an illegal move at {}: {why}",
            self.position
        ))
    }

    /// The game's result, once it has ended (or been cut short) with `ending`.
    pub fn finish(self, ending: Ending, usage: Usage) -> GameResult {
        GameResult {
            verdict: ending.verdict,
            reason: ending.reason,
            moves: self.moves,
            bolek_moves: self.bolek_moves,
            first_mistake: self.first_mistake,
            last_position: self.position,
            usage,
        }
    }
}

/// Lolek took the last stick. (The first mistake goes with the result,
/// [`GameResult::first_mistake`], not the reason.)
#[cold]
#[inline(never)]
fn lolek_won() -> Ending {
    Ending::new(Verdict::Loss, "Lolek took the last stick")
}
