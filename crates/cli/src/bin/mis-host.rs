//! `mis-host`: the module host of Pooh-Eeyore-sticks. The judge and `graj` start it to run a
//! contestant's shared library (`poczatek`, `ruch_bolka`) together with Lolek in a separate,
//! limited process, and read the moves it streams back (see the `duel-mis-host` crate).
//!
//! Usage: `mis-host --check LIBRARY` or `mis-host LIBRARY P E B LOLEK`; `mis-host --help` says
//! what it is for. Not meant to be run by hand: its output is binary frames for the judge,
//! which replays and checks every move.

#![forbid(unsafe_code)]

fn main() {
    duel_mis_host::main()
}
