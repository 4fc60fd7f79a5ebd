//! `duel ioiwari play` and `duel mis play`: a person against the computer in the terminal.
