//! The integration tests of duel-sandbox in one test binary, so that they build and link once: each
//! file of this directory is a module of it. The tests of what a whole process leaves behind are a
//! binary of their own (tests/leftovers.rs says why).

mod line_buffer;
mod runner;
mod runner_attacks;
mod runner_closing;
mod runner_kernel_state;
mod runner_memory_floor;
mod runner_one_rule;
mod runner_trust;
mod safe_default;
mod support;
