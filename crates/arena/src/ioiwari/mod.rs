//! Judging an Ioiwari player 1 against the optimal player 2.
//!
//! - [`TestSet`]: the official 24 boards, all 357 start boards, or a file of boards.
//! - [`Ioiwari`] is the game the neutral [`judge_all`](crate::judge::judge_all) runs the
//!   program with, once per board, into a [`Report`](crate::Report); [`Opponent`] is player
//!   2's choice among optimal moves.
//! - Per test, [`parse_move`] reads each move, the game is logged in the `ioiwari.out` format,
//!   and a lost or drawn game names its [`first_mistake`].
//!
//! The protocol: the judge writes the start board on one line; player 1 answers with a pit
//! number on its own line; the judge then writes player 2's pit, and so on until all pits are
//! empty (the program also reads player 2's last move). Then the program must exit with
//! status 0 within its limits.

mod judge;
mod opponent;
mod referee;
mod test_set;

pub use duel_ioiwari::mistake::{first_mistake, forward_reason, PlayerMove};
pub use judge::{Ioiwari, JudgeError, DEFAULT_MEMORY_MIB, DEFAULT_TIME_LIMIT};
pub use opponent::{Chooser, Opponent};
pub use referee::{
    judge_output, parse_move, JudgedGame, JudgedOutput, OUTPUT_CLOSES_WITHIN, OUTPUT_ENDED,
    STILL_OPEN,
};
pub use test_set::{parse_positions, unwinnable, TestSet, TestSetError, OFFICIAL_POSITIONS};
