//! Bolek played by the project's own perfect player, in-process.

use super::referee::Ending;
use super::{EventSink, GameResult, MisError, Referee, Usage};
use duel_mis::{Bolek, LolekKind, Position};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How many moves pass between two looks at the cancel flag.
const CANCEL_CHECK_INTERVAL: u64 = 1 << 16;

pub(super) fn play(
    start: Position,
    kind: LolekKind,
    sink: &mut dyn EventSink,
    cancel: Option<&AtomicBool>,
) -> Result<GameResult, MisError> {
    let started = Instant::now();
    let mut referee = Referee::new(start, kind);
    let mut bolek = Bolek::new(start);
    let ending = loop {
        if referee.moves().is_multiple_of(CANCEL_CHECK_INTERVAL)
            && cancel.is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            return Err(MisError::Cancelled);
        }
        let now = referee.position();
        let chosen = bolek.next_move(now.p(), now.e());
        if let ControlFlow::Break(ending) =
            referee.bolek(i64::from(chosen.take_p), i64::from(chosen.take_e), sink)
        {
            break ending;
        }
        if let ControlFlow::Break(ending) = referee.lolek(sink)? {
            break ending;
        }
    };
    Ok(finish(referee, ending, started))
}

fn finish(referee: Referee, ending: Ending, started: Instant) -> GameResult {
    referee.finish(
        ending,
        Usage {
            cpu_time: None,
            wall_time: started.elapsed(),
            peak_memory: None,
            memory_resolution: 0,
        },
    )
}
