//! The arena: judges untrusted programs against the optimal opponents of both games.
//!
//! Running a program (processes, limits, cgroups, box users, bubblewrap, the system-call
//! filter, the line channel, the signals the judge handles) is `duel-sandbox`'s: this crate
//! holds no unsafe code and installs nothing process-wide itself.
//!
//! - [`compile`]: building submissions from C, C++, Pascal, Python and Rust sources.
//! - [`judge`]: the game-neutral judge (per-test loop, ordering, reports, batches), and
//!   [`judge::verdict_of`], the one place where a fault the sandbox observed becomes a verdict.
//! - [`ioiwari`]: judging an Ioiwari player 1 against the optimal player 2.
//! - [`mis`]: playing and judging Pooh-Eeyore-sticks games (built-in Bolek, a C-ABI module run
//!   in a host process, or a line-protocol program).
//! - [`output`]: per-test results, the score and the ranking (`duel-report`'s schema,
//!   re-exported), the atomic JSON report and the output files.
//! - [`Verdict`]: the verdicts every test ends with (`duel-report`'s).

#![forbid(unsafe_code)]

pub mod compile;
pub mod ioiwari;
pub mod judge;
pub mod mis;
pub mod notes;
pub mod output;

pub use duel_report::Verdict;
pub use output::{Report, TestResult};
