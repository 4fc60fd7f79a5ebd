//! Helpers shared by the CLI's tests beyond those of duel-test-support: the hostile Ioiwari
//! players, the MIS test players and modules, the sources in every language, the export
//! formats' tools, and `duel serve` run for a test.

pub mod export;
pub mod hostile;
pub mod players;
pub mod serve;
pub mod sources;
