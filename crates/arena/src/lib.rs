//! The arena: runs untrusted programs against the optimal opponents of both games and judges them.
//!
//! - [`compile`]: building submissions from C, C++, Pascal, Python and Rust sources.
//! - [`judge`]: the game-neutral judge (per-test loop, ordering, reports, batches).
//! - [`runner`]: spawning a submission with limits (CPU, wall clock, memory, bounded output),
//!   in its own process group, optionally under bubblewrap.
//! - [`ioiwari`]: judging an Ioiwari player 1 against the optimal player 2.
//! - [`mis`]: playing and judging Pooh-Eeyore-sticks games (built-in Bolek, a C-ABI module run
//!   in a host process, or a line-protocol program).
//! - [`report`]: per-test results, the score and the ranking (`duel-report`'s schema,
//!   re-exported), the atomic JSON report and the output files.
//! - [`untrusted`]: showing a submission's text clipped and escaped.

pub mod compile;
pub mod ioiwari;
pub mod judge;
pub mod mis;
pub mod report;
pub mod runner;
pub mod untrusted;

pub use duel_report::Verdict;
pub use report::{Report, TestResult};
