//! The integration tests of duel-mis in one test binary, so that they build and link once: each
//! file of this directory is a module of it.

mod brute_force;
mod properties;
mod statement_example;
