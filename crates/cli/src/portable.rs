//! What the commands needing no isolation take from elsewhere, on every system: the note on a
//! player's first mistake (`duel-ioiwari`), and the one file writer (`duel-files`: link-safe and
//! atomic, on Linux and Windows alike).

pub use duel_files::{write_atomically, write_atomically_with};
pub use duel_ioiwari::mistake::forward_reason;
