//! The integration tests of duel-mis-ffi in one test binary, so that they build and link once: each
//! file of this directory is a module of it.

mod abi;
mod common;
mod drivers;
mod header;
