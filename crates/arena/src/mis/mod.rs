//! Pooh-Eeyore-sticks ("MIS", Polish OI 2004): playing and judging games of Bolek against Lolek.
//!
//! One game is a [`GameSetup`]: a start [`Position`](duel_mis::Position), how Lolek plays
//! ([`LolekKind`](duel_mis::LolekKind)), who plays Bolek ([`BolekSource`]) and the limits of
//! Bolek's process. [`play`] runs it, reporting every verified move to an [`EventSink`], and
//! returns a [`GameResult`]: a [`Verdict`](crate::Verdict), a one-line reason, the number of
//! moves, and for a loss the first Bolek move that left Lolek a winning position ([`Mistake`]).
//!
//! Bolek's moves come from:
//! - the built-in perfect player ([`duel_mis::Bolek`]), in-process;
//! - a program speaking the **line protocol** (`--player CMD`): the judge writes `p e B` once;
//!   before each of Bolek's moves it writes `p e` (the pool as Lolek left it) and reads one line
//!   `bp be` (the poohsticks and eeyoresticks Bolek takes); when the game is over it closes the
//!   program's input, and the program should exit with status 0;
//! - a **module** (`--module lib.so`) exporting the task's C functions `poczatek` and
//!   `ruch_bolka`, loaded by the separate [`host`] process, which plays Lolek too (as the
//!   original grader linked them) and streams the moves back in batches.
//!
//! Whatever the source, the judge's [`Referee`] replays every move itself: Bolek's are checked
//! against the rules, and Lolek's must be the moves the judge's own Lolek makes, so a module
//! that tampers with its host gains nothing.
//!
//! [`Mis`] is the game the neutral [`judge_all`](crate::judge::judge_all) judges a Bolek
//! with, on a test set (the [`official_tests`] or a file, see [`parse_tests`]), in parallel.

mod builtin;
mod error;
mod event;
pub mod host;
mod input;
pub mod judge;
mod line;
mod mistake;
mod outcome;
mod referee;
mod side;
mod source;
mod test_set;
pub mod transcript;

pub use error::MisError;
pub use event::{EventSink, MoveEvent, NoEvents};
pub use input::{parse_position, PositionInputError};
pub use judge::{Mis, OwnSubmission};
pub use mistake::Mistake;
pub use outcome::{GameResult, Usage};
pub use referee::{Ending, Referee};
pub use side::Side;
pub use source::{play, BolekSource, GameSetup};
pub use test_set::{official_tests, parse_tests, MisTest, TestFileError, TestSet, OFFICIAL_TESTS};
