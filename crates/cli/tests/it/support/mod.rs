//! Helpers shared by the CLI's tests beyond those of duel-test-support: the hostile Ioiwari
//! players, the MIS test players and modules, the sources in every language, and the export
//! formats' tools.

pub mod export;
pub mod hostile;
pub mod players;
pub mod sources;
