//! A tiny deterministic random number generator (SplitMix64), so that random
//! games are reproducible from a seed without dependencies.

/// SplitMix64 (Steele, Lea, Flood 2014): a 64-bit counter passed through a mixing
/// function. Statistically fine for choosing moves; not cryptographic.
///
/// ```
/// use duel_mis::SplitMix64;
/// let (mut a, mut b) = (SplitMix64::new(7), SplitMix64::new(7));
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniformly distributed number in `0..n` (`0` if `n == 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Reject the top partial block of 2⁶⁴ values so every residue is equally likely.
        let accepted = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < accepted {
                return x % n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_covers_small_ranges_evenly() {
        let mut rng = SplitMix64::new(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        // Each bucket expects 10 000; 5 standard deviations is about ±456.
        assert!(
            counts.iter().all(|&c| (9_500..=10_500).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn different_seeds_give_different_streams() {
        let first: Vec<u64> = (0..4)
            .map({
                let mut r = SplitMix64::new(1);
                move |_| r.next_u64()
            })
            .collect();
        let second: Vec<u64> = (0..4)
            .map({
                let mut r = SplitMix64::new(2);
                move |_| r.next_u64()
            })
            .collect();
        assert_ne!(first, second);
    }
}
