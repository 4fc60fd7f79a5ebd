//! The `ioiwari.out` transcript: one line per event of a game, as plain text (no I/O here).
//!
//! # Format
//!
//! Every line ends with `\n`. Boards are the seven pit counts 1..7 separated by single spaces;
//! banks are player 1's then player 2's.
//!
//! 1. First line: `start <board> banks <bank 1> <bank 2>`.
//! 2. One line per move, numbered from 1 across both players:
//!    `<n>. player <1|2> plays <pit> -> <board after> banks <bank 1> <bank 2>`.
//! 3. Last line, exactly one of:
//!    - when all pits are empty: `result: player <1|2> wins <winner's bank>-<loser's bank>`, or
//!      `result: draw <bank>-<bank>`;
//!    - when the game is cut short (illegal move, crash, time-out...):
//!      `aborted: player <1|2>: <reason>`, naming the player at fault.
//!
//! ```text
//! start 4 3 2 4 2 3 2 banks 0 0
//! 1. player 1 plays 2 -> 4 0 3 5 0 3 2 banks 3 0
//! 2. player 2 plays 3 -> 4 0 0 4 1 4 0 banks 3 4
//! 3. player 1 plays 5 -> 4 0 0 4 0 0 0 banks 8 4
//! 4. player 2 plays 4 -> 0 0 0 0 1 1 1 banks 8 9
//! 5. player 1 plays 5 -> 0 0 0 0 0 0 1 banks 10 9
//! 6. player 2 plays 7 -> 0 0 0 0 0 0 0 banks 11 9
//! result: player 1 wins 11-9
//! ```
//!
//! ```
//! use duel_ioiwari::transcript::{Ending, Transcript};
//! use duel_ioiwari::{Board, Pit, Player, Position};
//!
//! let start: Board = "4 0 0 4 0 0 0".parse()?;
//! let mut transcript = Transcript::new(start);
//! let after = Position { to_move: Player::Two, ..Position::start(start) }.play(Pit::new(4)?)?;
//! let line = transcript.record(Player::Two, Pit::new(4)?, &after);
//! assert_eq!(line, "1. player 2 plays 4 -> 0 0 0 0 1 1 1 banks 0 5\n");
//! let illegal = after.play(Pit::new(1)?).unwrap_err();
//! transcript.finish(&Ending::Aborted { player: Player::One, reason: illegal.to_string() });
//! assert_eq!(
//!     transcript.text(),
//!     "start 4 0 0 4 0 0 0 banks 0 0\n\
//!      1. player 2 plays 4 -> 0 0 0 0 1 1 1 banks 0 5\n\
//!      aborted: player 1: pit 1 is empty at 0 0 0 0 1 1 1\n"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Banks, Board, Outcome, Pit, Player, Position};

/// How a transcript ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// All pits are empty; these are the final banks.
    Finished(Banks),
    /// The game was cut short by `player`'s fault, for a one-line `reason`.
    Aborted {
        /// The player whose fault ended the game (named in the `aborted:` line).
        player: Player,
        /// Why, in one line (line breaks are replaced by spaces).
        reason: String,
    },
}

/// Builds the transcript of one game; each method returns the line it added (with its `\n`)
/// so callers may write lines as they happen, and [`text`](Transcript::text) has them all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transcript {
    text: String,
    moves: u32,
}

impl Transcript {
    /// A transcript holding the `start` line for a game on `start` with empty banks.
    pub fn new(start: Board) -> Transcript {
        Transcript {
            text: format!("start {start} banks 0 0\n"),
            moves: 0,
        }
    }

    /// The first line (`start ...`).
    pub fn start_line(&self) -> &str {
        self.text.split_inclusive('\n').next().unwrap_or_default()
    }

    /// Adds the line for `player` sowing `pit`, reaching `after`.
    pub fn record(&mut self, player: Player, pit: Pit, after: &Position) -> String {
        self.moves += 1;
        let line = format!(
            "{}. {player} plays {pit} -> {} banks {} {}\n",
            self.moves, after.board, after.banks.one, after.banks.two
        );
        self.text.push_str(&line);
        line
    }

    /// Adds the closing line for `ending` (`result: ...` or `aborted: ...`; see [`ending_line`]).
    pub fn finish(&mut self, ending: &Ending) -> String {
        let line = ending_line(ending);
        self.text.push_str(&line);
        line
    }

    /// How many moves are recorded.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Every line so far, each ending in `\n`: the start line, the moves, and the closing line
    /// once [`finish`](Transcript::finish) has added it.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// The closing line for `ending`, as [`Transcript::finish`] writes it.
///
/// ```
/// use duel_ioiwari::transcript::{ending_line, Ending};
/// use duel_ioiwari::Banks;
///
/// assert_eq!(ending_line(&Ending::Finished(Banks { one: 8, two: 12 })), "result: player 2 wins 12-8\n");
/// assert_eq!(ending_line(&Ending::Finished(Banks { one: 10, two: 10 })), "result: draw 10-10\n");
/// ```
pub fn ending_line(ending: &Ending) -> String {
    match ending {
        Ending::Finished(banks) => match Outcome::from_banks(*banks) {
            Outcome::Win(winner) => format!(
                "result: {winner} wins {}-{}\n",
                banks.of(winner),
                banks.of(winner.other())
            ),
            Outcome::Draw => format!("result: draw {}-{}\n", banks.one, banks.two),
        },
        Ending::Aborted { player, reason } => {
            let reason: String = reason
                .chars()
                .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
                .collect();
            format!("aborted: {player}: {}\n", reason.trim())
        }
    }
}
