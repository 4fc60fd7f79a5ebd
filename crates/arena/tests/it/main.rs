//! The integration tests of duel-arena in one test binary, so that they build and link once: each
//! file of this directory is a module of it.

mod compile;
mod ioiwari_judge;
mod mis_engine;
mod mis_official;
mod parser_properties;
mod safe_default;
