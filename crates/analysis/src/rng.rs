//! Random choices for the `random` engine: the project's seeded generator, seeded from the
//! clock when nobody asked for a seed.

use duel_random::SplitMix64;
use std::time::{SystemTime, UNIX_EPOCH};

/// The generator for a game: reproducible from `seed`, or seeded from the clock.
///
/// ```
/// let (mut a, mut b) = (duel_analysis::rng::seeded(Some(7)), duel_analysis::rng::seeded(Some(7)));
/// assert_eq!(a.next_u64(), b.next_u64());
/// ```
pub fn seeded(seed: Option<u64>) -> SplitMix64 {
    SplitMix64::new(seed.unwrap_or_else(clock_seed))
}

pub(crate) fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_nanos() as u64)
        .unwrap_or(0x5eed)
}
