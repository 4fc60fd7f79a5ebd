//! Replaying a judged game move by move: the position after each move, its value, and whether
//! the move gave value away (with the best alternative).
//!
//! A replay answers in windows ([`IoiwariReplay::window`], [`MisReplay::window`]) so a front
//! end never needs the whole game at once.

use duel_ioiwari::remoteness::Remoteness;
use duel_ioiwari::{Pit, Player, Position as IoiwariPosition};
use std::sync::Arc;

use duel_mis::record::{MoveRecord, RecordWriter};
use duel_mis::{Move, Position as MisPosition};
use serde::Serialize;

use crate::documents::mis::describe;
use crate::Standing;

/// Most frames one window holds.
pub const WINDOW_MAX: usize = 500;

/// Why a list of moves does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ({text}) is not legal: {reason}")]
pub struct ReplayError {
    /// The move's number, from 1.
    pub number: u64,
    /// The move as given.
    pub text: String,
    /// The rule it breaks.
    pub reason: String,
}

/// One Ioiwari position of a replay: the start (move 0) or the position after a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IoiwariFrameDoc {
    /// 0 for the start, else the number of the move that led here.
    pub number: usize,
    /// The player who made that move (`null` at the start).
    pub player: Option<u8>,
    /// The pit sown (`null` at the start).
    pub pit: Option<u8>,
    /// Beads in pits 1..7 afterwards.
    pub board: [u8; 7],
    /// The banks afterwards, player 1's first.
    pub banks: [u32; 2],
    /// The player who moves next, 1 or 2.
    pub to_move: u8,
    /// Whether the game is over here.
    pub over: bool,
    /// Player 1's final bank difference with best play from here.
    pub margin_for_player_1: i32,
    /// What that means for player 1.
    pub standing_for_player_1: Standing,
    /// Whether the move kept the value of the position before it (`true` at the start).
    pub best: bool,
    /// For a move that gave value away: the mover's margin it left, and what the best pit
    /// would have kept.
    pub mistake: Option<IoiwariMistakeDoc>,
}

/// A move that gave value away: the mover's margin it left, what the best pits kept, and why
/// in words (the document of `POST /api/ioiwari/play`'s `mistake`).
pub type IoiwariMistakeDoc = crate::documents::ioiwari::MistakeDoc;

/// A window of an Ioiwari replay (`GET /api/viewer/game`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IoiwariWindowDoc {
    /// `"ioiwari"`.
    pub game: &'static str,
    /// Moves in the game.
    pub total_moves: usize,
    /// The number of the first move that gave value away, if any.
    pub first_mistake: Option<usize>,
    /// The frames asked for, in order.
    pub frames: Vec<IoiwariFrameDoc>,
}

/// An Ioiwari game: a start and legal moves.
///
/// ```
/// use duel_analysis::replay::IoiwariReplay;
/// use duel_ioiwari::{remoteness::Remoteness, Position};
///
/// let solver = Remoteness::solve();
/// let start = Position::start("4 3 2 4 2 3 2".parse()?);
/// let replay = IoiwariReplay::from_text(start, "2 3 5 4 5 7")?;
/// let window = replay.window(&solver, 6, 1);
/// assert_eq!(window.frames[0].banks, [11, 9]);
/// assert_eq!(window.first_mistake, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IoiwariReplay {
    positions: Vec<IoiwariPosition>,
    moves: Vec<Pit>,
}

impl IoiwariReplay {
    /// Replays `moves` from `start`, refusing the first illegal one.
    pub fn new(start: IoiwariPosition, moves: &[Pit]) -> Result<IoiwariReplay, ReplayError> {
        let mut positions = vec![start];
        for (index, &pit) in moves.iter().enumerate() {
            let before = positions[index];
            let after = before.play(pit).map_err(|error| ReplayError {
                number: index as u64 + 1,
                text: pit.to_string(),
                reason: error.to_string(),
            })?;
            positions.push(after);
        }
        Ok(IoiwariReplay {
            positions,
            moves: moves.to_vec(),
        })
    }

    /// Replays pits written as text, `2 3 5 4 5 7` (any separators but digits).
    pub fn from_text(start: IoiwariPosition, text: &str) -> Result<IoiwariReplay, ReplayError> {
        let mut pits = Vec::new();
        for (index, word) in text
            .split(|c: char| !c.is_ascii_digit())
            .filter(|word| !word.is_empty())
            .enumerate()
        {
            let pit = word
                .parse::<u8>()
                .ok()
                .and_then(|n| Pit::new(n).ok())
                .ok_or_else(|| ReplayError {
                    number: index as u64 + 1,
                    text: word.to_string(),
                    reason: "not a pit 1..7".to_string(),
                })?;
            pits.push(pit);
        }
        IoiwariReplay::new(start, &pits)
    }

    /// Moves in the game.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move was played.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    fn frame(&self, solver: &Remoteness, number: usize) -> IoiwariFrameDoc {
        let position = self.positions[number];
        let facts = solver.analyze(&position);
        let for_one = match position.to_move {
            Player::One => facts.final_margin,
            Player::Two => -facts.final_margin,
        };
        let mut frame = IoiwariFrameDoc {
            number,
            player: None,
            pit: None,
            board: position.board.pits(),
            banks: [position.banks.one, position.banks.two],
            to_move: position.to_move.number(),
            over: position.is_over(),
            margin_for_player_1: for_one,
            standing_for_player_1: Standing::from_margin(for_one),
            best: true,
            mistake: None,
        };
        if number > 0 {
            let before = self.positions[number - 1];
            let pit = self.moves[number - 1];
            let options = solver.analyze(&before);
            frame.player = Some(before.to_move.number());
            frame.pit = Some(pit.number());
            if let Some(played) = options.moves.iter().find(|m| m.pit == pit) {
                frame.best = played.best;
                frame.mistake = crate::documents::ioiwari::mistake(&before, &options, pit);
            }
        }
        frame
    }

    /// The number of the first move that gave value away.
    pub fn first_mistake(&self, solver: &Remoteness) -> Option<usize> {
        (1..=self.len()).find(|&number| {
            let options = solver.analyze(&self.positions[number - 1]);
            crate::documents::ioiwari::mistake(
                &self.positions[number - 1],
                &options,
                self.moves[number - 1],
            )
            .is_some()
        })
    }

    /// Frames `from..from + count` (0 is the start), at most [`WINDOW_MAX`] of them.
    pub fn window(&self, solver: &Remoteness, from: usize, count: usize) -> IoiwariWindowDoc {
        let end = from
            .saturating_add(count.min(WINDOW_MAX))
            .min(self.len() + 1);
        IoiwariWindowDoc {
            game: "ioiwari",
            total_moves: self.len(),
            first_mistake: self.first_mistake(solver),
            frames: (from.min(end)..end)
                .map(|number| self.frame(solver, number))
                .collect(),
        }
    }
}

/// One Pooh-Eeyore-sticks position of a replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisFrameDoc {
    /// 0 for the start, else the number of the move that led here.
    pub number: u64,
    /// `Bolek` or `Lolek`, who made the move (`null` at the start).
    pub side: Option<&'static str>,
    /// The move, e.g. `take 1 of each` (`null` at the start).
    pub text: Option<String>,
    /// The pool afterwards, `[p, e]`.
    pub pool: [u32; 2],
    /// Whether the side to move next wins with best play.
    pub standing_to_move: Standing,
    /// Whether the pool is empty.
    pub over: bool,
    /// For a move that left the opponent a winning position from a winning one: a winning
    /// move there was.
    pub mistake: Option<String>,
    /// For such a move, why in words: `it left the other side a winning position; take 2
    /// poohsticks would have won` ([`duel_mis::mistake::mistake_reason`]).
    pub mistake_text: Option<String>,
    /// `Bolek` or `Lolek`, who moves next.
    pub to_move: &'static str,
}

/// A window of a Pooh-Eeyore-sticks replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisWindowDoc {
    /// `"mis"`.
    pub game: &'static str,
    /// The PE-bound of the game: the most sticks of one kind a move may take.
    pub bound: u32,
    /// Moves of this replay's part of the game, up to its last (for a part that starts
    /// later, [`MisReplay::starting_after`], the number of its last move).
    pub total_moves: u64,
    /// The frames this replay has, as ranges `[first, last]` of frame numbers.
    pub known: Vec<[u64; 2]>,
    /// The number of the first move that gave a win away, if any.
    pub first_mistake: Option<u64>,
    /// The frames asked for, in order.
    pub frames: Vec<MisFrameDoc>,
}

/// A Pooh-Eeyore-sticks game: a start and legal moves (Bolek moves first), kept as the compact
/// [`MoveRecord`] (a quarter of a byte a move for one-stick moves) whose index holds the pool
/// every [`duel_mis::record::CHUNK`] moves, so a window anywhere in a game of 2·10^7 moves
/// costs a few thousand moves of work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisReplay {
    /// Moves played before this replay's start (0 for a whole game).
    after: u64,
    record: Arc<MoveRecord>,
    first_mistake: Option<u64>,
}

impl MisReplay {
    /// Replays `moves` from `start`, refusing the first illegal one.
    ///
    /// ```
    /// use duel_analysis::replay::MisReplay;
    /// use duel_mis::{Move, Position};
    ///
    /// let replay = MisReplay::new(Position::new(7, 2, 3)?, &[Move::pooh(3), Move::both(1)])?;
    /// let window = replay.window(0, 10);
    /// assert_eq!(window.frames.len(), 3);
    /// assert_eq!(window.first_mistake, Some(1)); // 7 2 was won; 4 2 is won for Lolek
    /// assert_eq!(window.frames[1].mistake.as_deref(), Some("take 2 poohsticks"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(start: MisPosition, moves: &[Move]) -> Result<MisReplay, ReplayError> {
        MisReplay::starting_after(0, start, moves)
    }

    /// Replays the part of a game that starts at `from`, the position after `after` moves
    /// (the end of a long game whose middle was not kept); its frames carry the game's move
    /// numbers, and the position `from` itself is not a frame unless `after` is 0.
    ///
    /// ```
    /// use duel_analysis::replay::MisReplay;
    /// use duel_mis::{Move, Position};
    ///
    /// let end = MisReplay::starting_after(1000, Position::in_play(1, 1, 3)?, &[Move::both(1)])?;
    /// let window = end.window(1000, 10);
    /// assert_eq!(window.known, [[1001, 1001]]);
    /// assert_eq!(window.frames[0].side, Some("Bolek")); // move 1001
    /// assert!(window.frames[0].over);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn starting_after(
        after: u64,
        start: MisPosition,
        moves: &[Move],
    ) -> Result<MisReplay, ReplayError> {
        let mut position = start;
        let mut writer = RecordWriter::new(start);
        for (index, &mv) in moves.iter().enumerate() {
            position = position.play(mv).map_err(|error| ReplayError {
                number: after + index as u64 + 1,
                text: describe(mv),
                reason: error.to_string(),
            })?;
            writer.push(mv);
        }
        let record = MoveRecord::parse(writer.finish()).map_err(|error| ReplayError {
            number: after + 1,
            text: String::new(),
            reason: error.to_string(),
        })?;
        Ok(MisReplay::from_record_after(after, record))
    }

    /// The replay of a whole game's record (the judge's `test-NN.moves`, already checked by
    /// [`MoveRecord::parse`]).
    pub fn from_record(record: MoveRecord) -> MisReplay {
        MisReplay::from_record_after(0, record)
    }

    fn from_record_after(after: u64, record: MoveRecord) -> MisReplay {
        let mut position = record.start();
        let mut first_mistake = None;
        record.each(0, record.len(), |k, mv| {
            if first_mistake.is_some() {
                return;
            }
            let next = position.play(mv).expect("a parsed record is legal");
            if duel_mis::mistake::is_mistake_to(&position, &next) {
                first_mistake = Some(after + k + 1);
            }
            position = next;
        });
        MisReplay {
            after,
            record: Arc::new(record),
            first_mistake,
        }
    }

    /// Moves in the game.
    pub fn len(&self) -> u64 {
        self.record.len()
    }

    /// Whether no move was played.
    pub fn is_empty(&self) -> bool {
        self.record.is_empty()
    }

    /// The frames this replay has: `[first, last]` frame numbers.
    pub fn known(&self) -> [u64; 2] {
        [
            self.after + u64::from(self.after > 0),
            self.after + self.len(),
        ]
    }

    /// Frames `from..from + count` (0 is the start of the game) that this replay has, at most
    /// [`WINDOW_MAX`] of them.
    pub fn window(&self, from: u64, count: u64) -> MisWindowDoc {
        let [first, last] = self.known();
        let wanted_end = from.saturating_add(count.min(WINDOW_MAX as u64));
        // In this replay's own numbering (0 is its start position).
        let end = wanted_end.min(last + 1).saturating_sub(self.after);
        let from = from.max(first).saturating_sub(self.after).min(end);
        let mut frames = Vec::new();
        if from >= end {
            return self.doc(first, last, frames);
        }
        // Move n (from 1) is the record's move n - 1.
        let base = from.saturating_sub(1);
        let played_moves = self.record.moves(base, end - base);
        let mut position = self.record.position(from);
        let mut before: Option<MisPosition> = (from > 0).then(|| self.record.position(from - 1));
        for number in from..end {
            let played = (number > 0).then(|| played_moves[(number - 1 - base) as usize]);
            if number > from {
                before = Some(position);
                position = position
                    .play(played.expect("a move after the first frame"))
                    .expect("moves were checked when replayed");
            }
            let number = self.after + number;
            let mistaken = before.filter(|before| before.is_win() && position.is_win());
            let mistake = mistaken
                .and_then(|before| before.winning_move())
                .map(describe);
            let mistake_text = mistaken.map(|before| duel_mis::mistake::mistake_reason(&before));
            frames.push(MisFrameDoc {
                number,
                side: played.map(|_| duel_mis::Player::to_move_after(number - 1).name()),
                text: played.map(describe),
                pool: [position.p(), position.e()],
                standing_to_move: if position.is_win() {
                    Standing::Win
                } else {
                    Standing::Loss
                },
                over: position.is_over(),
                mistake,
                mistake_text,
                to_move: duel_mis::Player::to_move_after(number).name(),
            });
        }
        self.doc(first, last, frames)
    }

    fn doc(&self, first: u64, last: u64, frames: Vec<MisFrameDoc>) -> MisWindowDoc {
        MisWindowDoc {
            game: "mis",
            bound: self.record.start().bound(),
            total_moves: last,
            known: vec![[first, last]],
            first_mistake: self.first_mistake,
            frames,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ioiwari_mistakes_are_the_moves_that_lose_value() {
        let solver = Remoteness::solve();
        let start = IoiwariPosition::start("4 3 2 4 2 3 2".parse().unwrap());
        // Pit 1 first: a draw at best for player 1, where pit 2 kept a win by 2.
        let replay = IoiwariReplay::from_text(start, "1").unwrap();
        let window = replay.window(&solver, 0, 5);
        assert_eq!(window.frames.len(), 2);
        assert_eq!(window.first_mistake, Some(1));
        let mistake = window.frames[1].mistake.as_ref().unwrap();
        assert_eq!(mistake.played_margin, 0);
        assert_eq!(mistake.best_margin, 2);
        assert!(mistake.best_pits.contains(&2));
        assert_eq!(window.frames[1].margin_for_player_1, 0);
        assert_eq!(window.frames[0].margin_for_player_1, 2);
        assert!(
            IoiwariReplay::from_text(start, "2 2").is_err(),
            "pit 2 is empty"
        );
    }

    #[test]
    fn mis_windows_agree_with_a_straight_replay_of_a_long_game() {
        // One stick at a time from 30 000 + 29 999 with B = 1: 59 999 moves.
        let start = MisPosition::new(30_000, 29_999, 1).unwrap();
        let mut moves = Vec::new();
        let mut position = start;
        let mut after = vec![start];
        while !position.is_over() {
            let mv = if position.p() >= position.e() {
                Move::pooh(1)
            } else {
                Move::eeyore(1)
            };
            moves.push(mv);
            position = position.play(mv).unwrap();
            after.push(position);
        }
        let replay = MisReplay::new(start, &moves).unwrap();
        assert_eq!(replay.len(), 59_999);
        for from in [0u64, 1, 4095, 4096, 4097, 30_000, 59_990] {
            let window = replay.window(from, 20);
            for frame in &window.frames {
                let expected = after[frame.number as usize];
                assert_eq!(
                    frame.pool,
                    [expected.p(), expected.e()],
                    "move {}",
                    frame.number
                );
            }
            assert_eq!(window.frames[0].number, from);
        }
        assert!(replay.window(0, 1_000_000).frames.len() <= WINDOW_MAX);
        assert!(replay.window(60_000, 10).frames.is_empty());
        assert!(replay.window(u64::MAX - 1, u64::MAX).frames.is_empty());
        let tail = MisReplay::starting_after(59_990, after[59_990], &moves[59_990..]).unwrap();
        assert!(tail.window(0, 100).frames.is_empty());
        let frames = tail.window(59_990, 100).frames;
        assert_eq!(frames.len(), 9);
        assert_eq!(frames[0].number, 59_991);
        assert_eq!(frames[8].pool, [0, 0]);
        // Brute force over the whole game: the first move that left a won position won.
        let first = (1..after.len()).find(|&k| after[k - 1].is_win() && after[k].is_win());
        assert_eq!(replay.window(0, 1).first_mistake, first.map(|k| k as u64));
    }
}
