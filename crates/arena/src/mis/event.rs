//! Moves as the engine reports them while a game runs.

use super::Side;
use duel_mis::{Move, Position};

/// One move of a game, reported to an [`EventSink`] as soon as the engine has verified it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveEvent {
    /// The move's number in the game, counting both players' moves from 1 (Bolek's are odd).
    pub number: u64,
    /// Who moved.
    pub side: Side,
    /// What was taken.
    pub taken: Move,
    /// The pool (and bound) after the move.
    pub left: Position,
}

/// Receives every verified move of a game, in order.
///
/// Closures taking `&MoveEvent` are sinks, and so is a `Vec<MoveEvent>` (which collects them).
///
/// ```
/// use duel_arena::mis::{EventSink, MoveEvent};
/// let mut count = 0;
/// let mut sink = |_: &MoveEvent| count += 1;
/// # let event = MoveEvent { number: 1, side: duel_arena::mis::Side::Bolek,
/// #     taken: duel_mis::Move { take_p: 1, take_e: 0 },
/// #     left: duel_mis::Position::new_unchecked_limits(0, 0, 1).unwrap() };
/// sink.record(&event);
/// assert_eq!(count, 1);
/// ```
pub trait EventSink {
    /// Called once per move, after the move has been checked.
    fn record(&mut self, event: &MoveEvent);
}

impl<F: FnMut(&MoveEvent)> EventSink for F {
    fn record(&mut self, event: &MoveEvent) {
        self(event)
    }
}

impl EventSink for Vec<MoveEvent> {
    fn record(&mut self, event: &MoveEvent) {
        self.push(*event);
    }
}

/// A sink that ignores every move (for `--quiet` runs and judging without logs).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoEvents;

impl EventSink for NoEvents {
    fn record(&mut self, _event: &MoveEvent) {}
}
