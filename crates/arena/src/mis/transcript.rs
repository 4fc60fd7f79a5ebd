//! The text form of a game: what `graj` prints and what `--logs` keeps.
//!
//! ```text
//! start: p=7 e=2 B=3
//! 1. Bolek takes p=1 e=1, leaving p=6 e=1
//! 2. Lolek takes p=1 e=0, leaving p=5 e=1
//! ...
//! result: win after 9 moves
//! ```
//! A result other than a win carries its reason:
//! `result: illegal_move after 2 moves: move 3: Bolek takes p=4 e=0 at p=5 e=1: ...`; a loss
//! names Bolek's first move that left Lolek a winning position, in the sentence terminal play
//! and the page say ([`super::Mistake`]):
//! `result: loss after 6 moves: Lolek took the last stick; first mistake: Move 1 of the game,
//! at (7, 2), was Bolek's first mistake: ...`.

use super::{EventSink, GameResult, MoveEvent};
use crate::Verdict;
use duel_mis::Position;
use std::collections::VecDeque;
use std::io::{self, Write};

/// A pool or a move as `p=P e=E`.
///
/// ```
/// assert_eq!(duel_arena::mis::transcript::pool(3, 0), "p=3 e=0");
/// ```
pub fn pool(p: u32, e: u32) -> String {
    format!("p={p} e={e}")
}

/// `1 move`, `N moves`.
fn moves(count: u64) -> String {
    match count {
        1 => "1 move".to_owned(),
        _ => format!("{count} moves"),
    }
}

/// The first line of a transcript.
///
/// ```
/// let start = duel_mis::Position::new(7, 2, 3).unwrap();
/// assert_eq!(duel_arena::mis::transcript::start_line(&start), "start: p=7 e=2 B=3");
/// ```
pub fn start_line(start: &Position) -> String {
    format!("start: {} B={}", pool(start.p(), start.e()), start.bound())
}

/// A move's line in the transcript: `N. Bolek takes p=1 e=1, leaving p=6 e=1`.
pub fn move_line(event: &MoveEvent) -> String {
    format!(
        "{}. {} takes {}, leaving {}",
        event.number,
        event.side,
        pool(event.taken.take_p, event.taken.take_e),
        pool(event.left.p(), event.left.e()),
    )
}

/// The transcript's last line: the verdict and the number of moves, with the reason when
/// there is one.
pub fn result_line(result: &GameResult) -> String {
    let mut line = format!("result: {} after {}", result.verdict, moves(result.moves));
    if let Some(reason) = &result.reason {
        line.push_str(": ");
        line.push_str(reason);
    }
    if let (Verdict::Loss, Some(mistake)) = (result.verdict, &result.first_mistake) {
        line.push_str("; first mistake: ");
        line.push_str(&mistake.to_string());
    }
    line
}

/// Writes a transcript as the moves arrive, keeping at most `head` moves from the start and
/// `tail` from the end so that a 10^7-move game doesn't fill the disk.
pub struct TranscriptWriter<W: Write> {
    out: W,
    head: u64,
    tail: VecDeque<MoveEvent>,
    tail_len: usize,
    skipped: u64,
    error: Option<io::Error>,
}

impl<W: Write> TranscriptWriter<W> {
    /// Starts a transcript of a game from `start`, keeping the first `head` and the last
    /// `tail` moves.
    pub fn new(mut out: W, start: &Position, head: u64, tail: usize) -> TranscriptWriter<W> {
        let error = writeln!(out, "{}", start_line(start)).err();
        TranscriptWriter {
            out,
            head,
            tail: VecDeque::with_capacity(tail),
            tail_len: tail,
            skipped: 0,
            error,
        }
    }

    /// Writes the kept tail and the result line, and returns the writer (or the first write
    /// error).
    pub fn finish(mut self, result: &GameResult) -> io::Result<W> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        if self.skipped > 0 {
            writeln!(self.out, "... {} not kept ...", moves(self.skipped))?;
        }
        for event in self.tail.drain(..) {
            writeln!(self.out, "{}", move_line(&event))?;
        }
        writeln!(self.out, "{}", result_line(result))?;
        self.out.flush()?;
        Ok(self.out)
    }
}

impl<W: Write> EventSink for TranscriptWriter<W> {
    fn record(&mut self, event: &MoveEvent) {
        if self.error.is_some() {
            return;
        }
        if event.number <= self.head {
            self.error = writeln!(self.out, "{}", move_line(event)).err();
            return;
        }
        if self.tail_len == 0 {
            self.skipped += 1;
            return;
        }
        if self.tail.len() == self.tail_len {
            self.tail.pop_front();
            self.skipped += 1;
        }
        // Events, not lines: formatting every move of a long game only to drop it costs time.
        self.tail.push_back(*event);
    }
}
