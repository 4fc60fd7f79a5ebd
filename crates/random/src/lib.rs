//! SplitMix64, the one small seeded generator behind every `--seed` in duel: random opponents,
//! random choices among equally good moves. Reproducible, dependency-free, not cryptographic.

#![forbid(unsafe_code)]

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit counter passed through a mixing function.
///
/// ```
/// use duel_random::SplitMix64;
///
/// let (mut a, mut b) = (SplitMix64::new(7), SplitMix64::new(7));
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(3) < 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`; the same seed always gives the same numbers.
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

    /// A uniformly distributed number in `0..bound`; 0 when `bound` is 0.
    pub fn below(&mut self, bound: u64) -> u64 {
        if bound == 0 {
            return 0;
        }
        // Lemire's multiply-shift, rejecting the low zone that would bias small results.
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(bound);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    /// A uniformly chosen item of `items`, or `None` when it is empty.
    ///
    /// ```
    /// let mut rng = duel_random::SplitMix64::new(1);
    /// assert!([2, 5, 7].contains(rng.choose(&[2, 5, 7]).unwrap()));
    /// assert_eq!(rng.choose::<u8>(&[]), None);
    /// ```
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len() as u64) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_published_reference_sequence() {
        // The first outputs of the reference SplitMix64 from seed 1234567.
        let mut rng = SplitMix64::new(1234567);
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
    }

    #[test]
    fn below_covers_small_ranges_evenly() {
        let mut rng = SplitMix64::new(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        // Each bucket expects 10 000; five standard deviations is about 456.
        assert!(
            counts.iter().all(|&c| (9_500..=10_500).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn different_seeds_give_different_streams() {
        let (mut a, mut b) = (SplitMix64::new(1), SplitMix64::new(2));
        assert_ne!(
            (0..4).map(|_| a.next_u64()).collect::<Vec<_>>(),
            (0..4).map(|_| b.next_u64()).collect::<Vec<_>>()
        );
    }
}
