//! A board of a variant as the solver handles it: its index, its pits as digits of base
//! `cap + 1`, and the arithmetic on both that the inner loops need (turning a board, finding
//! its class's representative, sowing a pit).

use crate::variant::Variant;

/// The variant's constants, kept together for the inner loop.
#[derive(Clone, Copy)]
pub(crate) struct Shape {
    pub(crate) pits: usize,
    pub(crate) cap: u8,
    base: u64,
    pub(crate) powers: [u64; Variant::MAX_PITS],
    /// `highs[d]`: `d * (cap + 1)^(pits - 1)`, the part of an index that a top pit of `d`
    /// beads makes (16 entries, so that a pit's count masked to 4 bits needs no bounds
    /// check).
    highs: [u64; 16],
}

impl Shape {
    pub(crate) fn of(variant: Variant) -> Shape {
        let powers = variant.powers();
        let mut highs = [0; 16];
        for (beads, high) in highs.iter_mut().enumerate() {
            *high = beads as u64 * powers[variant.pits() - 1];
        }
        Shape {
            pits: variant.pits(),
            cap: variant.cap(),
            base: u64::from(variant.cap()) + 1,
            powers,
            highs,
        }
    }

    /// `(cap + 1)^(pits - 1)`: the boards of smaller index have an empty top pit.
    #[inline(always)]
    pub(crate) fn top(&self) -> u64 {
        self.powers[self.pits - 1]
    }

    /// The index of the board `digits`.
    pub(crate) fn index(&self, digits: &Digits) -> u64 {
        (0..self.pits)
            .map(|k| u64::from(digits[k]) * self.powers[k])
            .sum()
    }
}

pub(crate) type Digits = [u8; Variant::MAX_PITS];

/// The index of a board turned by one pit, from its index and its top digit `high`:
/// `(index - high * top) * base + high`. Below `(cap + 1)^pits`, so it never overflows; the
/// arithmetic wraps instead of being checked, so that builds with overflow checks (tests, the
/// development build) run the inner loop as fast as release builds.
#[inline(always)]
fn turn_once(shape: &Shape, index: u64, high: u64, top: u64) -> u64 {
    index
        .wrapping_sub(high.wrapping_mul(top))
        .wrapping_mul(shape.base)
        .wrapping_add(high)
}

/// Whether `index` is the smallest index among the rotations of the board `digits`.
#[inline(always)]
pub(crate) fn is_representative(shape: &Shape, digits: &Digits, index: u64) -> bool {
    let n = shape.pits;
    let top = shape.powers[n - 1];
    // Turning by one pit moves the top digit to the bottom: index' = (index - top digit *
    // base^(n-1)) * base + top digit. The top digit of the board turned s times is digit
    // n - 1 - s of the original.
    let mut turned = index;
    for s in 0..n - 1 {
        let high = u64::from(digits[n - 1 - s]);
        turned = turn_once(shape, turned, high, top);
        if turned < index {
            return false;
        }
    }
    true
}

/// The smallest index among the rotations of the board `digits` (index `index`), where its
/// class's value is kept, and the number of turns that give it.
#[inline(always)]
pub(crate) fn representative(shape: &Shape, digits: &Digits, index: u64) -> (u64, usize) {
    let n = shape.pits;
    let top = shape.powers[n - 1];
    let mut turned = index;
    let (mut smallest, mut turn) = (index, 0);
    for s in 0..n - 1 {
        let high = u64::from(digits[n - 1 - s]);
        turned = turn_once(shape, turned, high, top);
        if turned < smallest {
            (smallest, turn) = (turned, s + 1);
        }
    }
    (smallest, turn)
}

/// The smallest index among the rotations of the board `digits` (index `index`): the first
/// part of [`representative`], without the number of turns, a step of the loop fewer.
#[inline(always)]
pub(crate) fn smallest_turn(shape: &Shape, digits: &Digits, index: u64) -> u64 {
    let n = shape.pits;
    let mut turned = index;
    let mut smallest = index;
    for s in 0..n - 1 {
        // As `turn_once`, with the top digit's part of the index from a table.
        let high = digits[n - 1 - s];
        turned = turned
            .wrapping_sub(shape.highs[usize::from(high & 15)])
            .wrapping_mul(shape.base)
            .wrapping_add(u64::from(high));
        smallest = smallest.min(turned);
    }
    smallest
}

/// Sows pit index `from` (non-empty) of the board `digits` whose index is `index`, turning
/// `digits` into the successor and updating the index as the beads move. Returns the
/// successor's index and the mover's gain minus the opponent's.
#[inline(always)]
pub(crate) fn sow(shape: &Shape, digits: &mut Digits, index: u64, from: usize) -> (u64, i8) {
    let cap = shape.cap;
    let mut hand = digits[from];
    digits[from] = 0;
    let mut index = index - u64::from(hand) * shape.powers[from];
    let mut gain = 0i8;
    let mut pit = from;
    loop {
        pit += 1;
        if pit == shape.pits {
            pit = 0;
        }
        let beads = digits[pit];
        if hand > 1 {
            if beads == cap {
                digits[pit] = cap - 1;
                index -= shape.powers[pit];
                gain += 1;
            } else {
                digits[pit] = beads + 1;
                index += shape.powers[pit];
                hand -= 1;
            }
        } else if beads == 0 || beads == cap {
            return (index, gain - 1);
        } else {
            digits[pit] = 0;
            return (
                index - u64::from(beads) * shape.powers[pit],
                gain + beads as i8 + 1,
            );
        }
    }
}

/// The pit counts of the board with index `index`.
pub(crate) fn digits_of(shape: &Shape, mut index: u64) -> Digits {
    let mut digits = [0; Variant::MAX_PITS];
    for digit in digits.iter_mut().take(shape.pits) {
        *digit = (index % shape.base) as u8;
        index /= shape.base;
    }
    digits
}
