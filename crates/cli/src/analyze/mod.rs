//! `duel ioiwari analyze`, `duel ioiwari table` and `duel mis analyze`.
