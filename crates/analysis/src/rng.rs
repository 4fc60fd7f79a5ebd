//! The seed of the `random` engine when nobody asked for one: the clock's nanoseconds.

use std::time::{SystemTime, UNIX_EPOCH};

/// A seed from the clock, so two unseeded games differ; a clock before 1970 gives a fixed seed.
pub(crate) fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_nanos() as u64)
        .unwrap_or(0x5eed)
}
