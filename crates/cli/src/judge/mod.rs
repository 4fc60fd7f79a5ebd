//! `duel ioiwari judge` and `duel mis judge`.

pub mod ioiwari;
pub mod mis;
pub mod output;
