//! What the commands needing no isolation take from elsewhere, on every system: the one file
//! writer (`duel-files`: link-safe and atomic, on Linux and Windows alike).

pub use duel_files::{write_atomically, write_atomically_with};
