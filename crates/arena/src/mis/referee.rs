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
    /// An ending with a reason.
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

    /// The current position.
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
    pub fn bolek(
        &mut self,
        take_p: i64,
        take_e: i64,
        sink: &mut dyn EventSink,
    ) -> ControlFlow<Ending> {
        let before = self.position;
        let number = self.moves + 1;
        let illegal = |why: String| {
            ControlFlow::Break(Ending::new(
                Verdict::IllegalMove,
                format!(
                    "move {number}: Bolek takes p={take_p} e={take_e} at {}: {why}",
                    pool(before.p(), before.e())
                ),
            ))
        };
        if take_p < 0 || take_e < 0 {
            return illegal("a negative number of sticks".into());
        }
        let (Ok(p), Ok(e)) = (u32::try_from(take_p), u32::try_from(take_e)) else {
            return illegal("more than the pool holds".into());
        };
        let taken = Move {
            take_p: p,
            take_e: e,
        };
        let after = match before.play(taken) {
            Ok(after) => after,
            Err(why) => return illegal(why.to_string()),
        };
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
        if self.first_mistake.is_none() && after.is_win() {
            self.first_mistake = Some(Mistake {
                number,
                before,
                taken,
                after,
                better: before.winning_move(),
            });
        }
        ControlFlow::Continue(())
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
    pub fn lolek_reported(
        &mut self,
        reported: Move,
        sink: &mut dyn EventSink,
    ) -> Result<ControlFlow<Ending>, MisError> {
        let expected = self.lolek.choose(&self.position);
        if reported != expected {
            return Ok(ControlFlow::Break(Ending::new(
                Verdict::ProtocolError,
                format!(
                    "move {}: the module host reports Lolek taking {} at {}, but Lolek takes {}",
                    self.moves + 1,
                    pool(reported.take_p, reported.take_e),
                    pool(self.position.p(), self.position.e()),
                    pool(expected.take_p, expected.take_e),
                ),
            )));
        }
        Ok(match self.play_lolek(expected, sink)? {
            ControlFlow::Continue(_) => ControlFlow::Continue(()),
            ControlFlow::Break(ending) => ControlFlow::Break(ending),
        })
    }

    fn play_lolek(
        &mut self,
        reply: Move,
        sink: &mut dyn EventSink,
    ) -> Result<ControlFlow<Ending, Move>, MisError> {
        let after = self.position.play(reply).map_err(|why| {
            MisError::Internal(format!(
                "Lolek's strategy chose an illegal move at {}: {why}",
                self.position
            ))
        })?;
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
        // The first mistake goes with the result (GameResult::first_mistake), not the reason.
        Ok(ControlFlow::Break(Ending::new(
            Verdict::Loss,
            "Lolek took the last stick",
        )))
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
