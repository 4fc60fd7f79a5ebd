//! [`Variant`]: the number of pits and the cap.

use std::fmt;

use crate::variant::VariantError;

/// One member of Ioiwari's family: `pits` pits in a circle, each holding at most `cap` beads.
///
/// The only constructor, [`Variant::new`], checks the bounds: 2 to 14 pits and a cap of 2 to
/// 9. With those bounds every board holds at most 126 beads, so every value fits an `i8`.
///
/// ```
/// use duel_ioiwari::variant::Variant;
///
/// let variant = Variant::new(7, 5)?;
/// assert_eq!(variant, Variant::IOI);
/// assert_eq!(variant.board_count(), 279_936);
/// assert_eq!(variant.to_string(), "7 pits, cap 5");
/// assert!(Variant::new(15, 5).is_err());
/// assert!(Variant::new(7, 1).is_err());
/// # Ok::<(), duel_ioiwari::variant::VariantError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Variant {
    pits: u8,
    cap: u8,
}

impl Variant {
    /// The fewest pits a variant may have.
    pub const MIN_PITS: usize = 2;
    /// The most pits a variant may have.
    pub const MAX_PITS: usize = 14;
    /// The smallest cap, in beads a pit.
    pub const MIN_CAP: u8 = 2;
    /// The largest cap, in beads a pit.
    pub const MAX_CAP: u8 = 9;
    /// The task's game: 7 pits, a cap of 5.
    pub const IOI: Variant = Variant { pits: 7, cap: 5 };

    /// The variant with `pits` pits and a cap of `cap` beads a pit.
    pub fn new(pits: usize, cap: u8) -> Result<Variant, VariantError> {
        if !(Self::MIN_PITS..=Self::MAX_PITS).contains(&pits) {
            return Err(VariantError::Pits {
                pits,
                min: Self::MIN_PITS,
                max: Self::MAX_PITS,
            });
        }
        if !(Self::MIN_CAP..=Self::MAX_CAP).contains(&cap) {
            return Err(VariantError::Cap {
                cap,
                min: Self::MIN_CAP,
                max: Self::MAX_CAP,
            });
        }
        Ok(Variant {
            pits: pits as u8,
            cap,
        })
    }

    /// The number of pits, [`MIN_PITS`](Variant::MIN_PITS) to [`MAX_PITS`](Variant::MAX_PITS);
    /// pits are numbered from 1.
    pub fn pits(self) -> usize {
        usize::from(self.pits)
    }

    /// The most beads a pit can hold.
    pub fn cap(self) -> u8 {
        self.cap
    }

    /// The most beads a board can hold: `pits * cap`.
    pub fn max_beads(self) -> u32 {
        u32::from(self.pits) * u32::from(self.cap)
    }

    /// The number of boards, `(cap + 1)^pits`: the range of
    /// [`VariantBoard::index`](crate::variant::VariantBoard::index).
    pub fn board_count(self) -> u64 {
        u64::from(self.cap + 1).pow(u32::from(self.pits))
    }

    /// The number of rotation classes (boards up to turning), by the necklace formula
    /// `(1 / n) * sum over the divisors d of n of phi(d) * (cap + 1)^(n / d)`: the values a
    /// [`VariantTable`](crate::variant::VariantTable) holds.
    ///
    /// ```
    /// use duel_ioiwari::variant::Variant;
    ///
    /// assert_eq!(Variant::new(4, 2)?.class_count(), 24); // (81 + 9 + 2 * 3) / 4
    /// assert_eq!(Variant::new(14, 5)?.class_count(), 5_597_460_306);
    /// # Ok::<(), duel_ioiwari::variant::VariantError>(())
    /// ```
    pub fn class_count(self) -> u64 {
        let n = u64::from(self.pits);
        let totient = |d: u64| (1..=d).filter(|&k| gcd(k, d) == 1).count() as u64;
        (1..=n)
            .filter(|&d| n.is_multiple_of(d))
            .map(|d| totient(d) * u64::from(self.cap + 1).pow((n / d) as u32))
            .sum::<u64>()
            / n
    }

    /// `(cap + 1)^k` for each pit index `k` (zero past the last pit).
    pub(crate) fn powers(self) -> [u64; Self::MAX_PITS] {
        let mut powers = [0; Self::MAX_PITS];
        let mut power = 1;
        for slot in powers.iter_mut().take(self.pits()) {
            *slot = power;
            power *= u64::from(self.cap + 1);
        }
        powers
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} pits, cap {}", self.pits, self.cap)
    }
}
