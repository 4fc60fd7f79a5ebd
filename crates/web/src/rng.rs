//! [`Rng`]: a tiny seeded random number generator (SplitMix64) for the random engine.

use std::time::{SystemTime, UNIX_EPOCH};

/// SplitMix64: small, fast and good enough to pick a random legal move; not for secrets.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator that always yields the same numbers for the same seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A generator seeded from the clock, for games where nobody asked for a seed.
    pub fn from_clock() -> Rng {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0x5eed);
        Rng(nanos)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), without modulo bias worth mentioning for small `n`.
    ///
    /// ```
    /// use duel_web::rng::Rng;
    ///
    /// let mut rng = Rng::new(7);
    /// assert!((0..100).all(|_| rng.below(3) < 3));
    /// ```
    pub fn below(&mut self, n: u64) -> u64 {
        // Multiply-shift maps 64 random bits onto 0..n evenly enough for game choices.
        ((u128::from(self.next_u64()) * u128::from(n.max(1))) >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers_and_every_value_appears() {
        let (mut a, mut b) = (Rng::new(42), Rng::new(42));
        assert!((0..10).all(|_| a.next_u64() == b.next_u64()));
        let mut seen = [false; 7];
        for _ in 0..1000 {
            seen[a.below(7) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
