//! The integration tests of duel-ioiwari in one test binary, so that they build and link once: each
//! file of this directory is a module of it.

mod common;
mod properties;
mod rules;
mod solver;
mod start_boards;
mod transcript;
mod variants;
mod variants_tiers;
