//! Ioiwari (IOI 2001): the rules, a strong solver and the `ioiwari.out` transcript format.
//!
//! Ioiwari is a one-row mancala for two players on a round board of seven pits, each holding
//! at most five beads. Every move puts at least one bead into a bank, so the game graph is
//! acyclic and small: a board is a 7-digit base-6 number, 279 936 boards in all.
//!
//! - The rules: [`Pit`], [`Board`] ([`Board::play`] gives a [`Sowing`]), [`Player`], [`Banks`],
//!   [`Position`], [`Outcome`], with typed errors ([`PitError`], [`BoardError`],
//!   [`ParsePitError`], [`ParseBoardError`], [`IllegalMove`]).
//! - Solvers implementing [`Oracle`]: [`Table`] (every board, solved in a few milliseconds)
//!   and [`ReachableSolver`] (only the boards reachable from one board, in well under a
//!   millisecond); plus [`greedy_move`], the one-move look-ahead player.
//! - [`transcript`]: the text of the `ioiwari.out` file.
//! - [`variant`]: the whole family, any number of pits and any cap, solved on all cores.
//!
//! This crate does no I/O.
//!
//! ```
//! use duel_ioiwari::{Board, Position, Table};
//!
//! let table = Table::solve();
//! let start: Board = "4 3 2 4 2 3 2".parse()?;
//! // Player 1 can force a bank difference of 2 from the statement's example board.
//! assert_eq!(table.value(start), 2);
//! let pit = table.first_best_move(start).expect("a board with beads has moves");
//! let next = Position::start(start).play(pit)?;
//! assert!(next.board.total_beads() < 20); // every move banks at least one bead
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

mod banks;
mod board;
mod computer;
mod error;
mod greedy;
pub mod mistake;
mod oracle;
mod outcome;
mod pit;
mod pit_set;
mod player;
mod position;
mod reachable;
pub mod record;
pub mod remoteness;
mod sow_index;
mod sowing;
mod start;
mod table;
pub mod transcript;
mod turn;
pub mod variant;

pub use banks::Banks;
pub use board::Board;
pub use computer::{Computer, ComputerKind, ParseComputerKindError};
pub use error::{BoardError, IllegalMove, ParseBoardError, ParsePitError, PitError};
pub use greedy::greedy_move;
pub use oracle::Oracle;
pub use outcome::Outcome;
pub use pit::Pit;
pub use pit_set::{PitSet, PitSetIter};
pub use player::Player;
pub use position::Position;
pub use reachable::ReachableSolver;
pub use sowing::{Sowing, SowingEvent, SowingStep};
pub use start::{OFFICIAL_POSITIONS, START_BEADS, START_MAX_PIT, START_MIN_PIT};
pub use table::Table;

/// Number of pits on the board.
pub const PITS: usize = 7;
/// Most beads a pit can hold.
pub const MAX_BEADS: u8 = 5;
/// Number of distinct boards: `6^7`, the range of [`Board::index`].
pub const BOARD_COUNT: u32 = 279_936;
