//! The strong solver: every board of a variant, tier by tier in order of beads on the board,
//! one board per rotation class, the boards of a tier shared among all cores.
//!
//! Every move banks at least one bead, so a board's successors lie in lower tiers, which are
//! complete before a tier starts: the boards of one tier are independent. Within a tier the
//! boards are split by the counts of their top pits into about a thousand pieces for rayon.
//! A board is solved only when its index is the smallest of its rotations (its class's
//! representative); its value is then stored at every rotation, so the other members of the
//! class are skipped. Each stored value is written by exactly one thread (classes are
//! disjoint) and read only in later tiers, so the table is shared as relaxed atomic bytes.

use std::sync::atomic::{AtomicI8, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::variant::{SolveError, Variant};

/// How to solve: the number of threads and a progress callback.
///
/// ```
/// use duel_ioiwari::variant::{SolveOptions, Variant, VariantTable};
///
/// let mut tiers = 0;
/// let mut count = |_: &duel_ioiwari::variant::TierProgress| tiers += 1;
/// let options = SolveOptions { threads: Some(1), progress: Some(&mut count) };
/// let table = VariantTable::solve_with(Variant::new(4, 3)?, options)?;
/// assert_eq!(table.values().len(), 256);
/// assert_eq!(tiers, 12); // one report per bead total 1..=12
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct SolveOptions<'a> {
    /// Worker threads; `None` uses rayon's global pool (one thread per core unless
    /// `RAYON_NUM_THREADS` says otherwise).
    pub threads: Option<usize>,
    /// Called after each tier, from the calling thread.
    pub progress: Option<&'a mut dyn FnMut(&TierProgress)>,
}

impl std::fmt::Debug for SolveOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolveOptions")
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// What one finished tier reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TierProgress {
    /// The tier: beads on the board.
    pub beads: u32,
    /// The last tier: `pits * cap`.
    pub max_beads: u32,
    /// Boards holding `beads` beads.
    pub boards: u64,
    /// Of those, the class representatives actually solved.
    pub solved: u64,
    /// Time this tier took.
    pub tier_time: Duration,
    /// Time since the solve started (allocation included).
    pub elapsed: Duration,
}

/// The variant's constants, kept together for the inner loop.
#[derive(Clone, Copy)]
struct Shape {
    pits: usize,
    cap: u8,
    base: u64,
    powers: [u64; Variant::MAX_PITS],
}

impl Shape {
    fn of(variant: Variant) -> Shape {
        Shape {
            pits: variant.pits(),
            cap: variant.cap(),
            base: u64::from(variant.cap()) + 1,
            powers: variant.powers(),
        }
    }
}

type Digits = [u8; Variant::MAX_PITS];

/// The top pits whose counts split a tier into pieces.
const SPLIT_PITS: usize = 4;

/// Solves every board of `variant`: the values, indexed by board index.
pub(crate) fn solve_values(
    variant: Variant,
    options: SolveOptions<'_>,
) -> Result<Vec<i8>, SolveError> {
    let started = Instant::now();
    let boards = variant.board_count();
    let too_large = || SolveError::TooLarge { boards };
    let len = usize::try_from(boards).map_err(|_| too_large())?;
    // Atomic bytes, so that threads may store into the table while others read it.
    let mut values: Vec<AtomicI8> = Vec::new();
    values.try_reserve_exact(len).map_err(|_| too_large())?;
    values.resize_with(len, || AtomicI8::new(0));
    let pool = match options.threads {
        Some(threads) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|error| SolveError::Threads {
                    threads,
                    reason: error.to_string(),
                })?,
        ),
        None => None,
    };
    let mut progress = options.progress;
    let shape = Shape::of(variant);
    let shared = values.as_slice();
    for beads in 1..=variant.max_beads() {
        let tier_start = Instant::now();
        let job = || solve_tier(&shape, shared, beads);
        let (boards, solved) = match &pool {
            Some(pool) => pool.install(job),
            None => job(),
        };
        if let Some(report) = progress.as_mut() {
            report(&TierProgress {
                beads,
                max_beads: variant.max_beads(),
                boards,
                solved,
                tier_time: tier_start.elapsed(),
                elapsed: started.elapsed(),
            });
        }
    }
    // Same size and alignment: the collection reuses the table's allocation.
    Ok(values.into_iter().map(AtomicI8::into_inner).collect())
}

/// Solves every class representative holding `beads` beads; returns (boards, representatives).
fn solve_tier(shape: &Shape, values: &[AtomicI8], beads: u32) -> (u64, u64) {
    let split = SPLIT_PITS.min(shape.pits - 1);
    let mut prefixes = Vec::new();
    prefix_boards(shape, split, beads, &mut prefixes);
    prefixes
        .into_par_iter()
        .map(|(mut digits, rest, index)| {
            let mut counts = (0u64, 0u64);
            each_board(
                shape,
                shape.pits - split - 1,
                rest,
                &mut digits,
                index,
                &mut |digits, index| {
                    counts.0 += 1;
                    counts.1 += u64::from(solve_if_representative(shape, values, digits, index));
                },
            );
            counts
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
}

/// Every way to fill the top `split` pits leaving a feasible rest of `beads` for the others:
/// (digits so far, beads left, index so far).
fn prefix_boards(shape: &Shape, split: usize, beads: u32, out: &mut Vec<(Digits, u32, u64)>) {
    fn go(
        shape: &Shape,
        k: usize,
        last: usize,
        rest: u32,
        digits: &mut Digits,
        index: u64,
        out: &mut Vec<(Digits, u32, u64)>,
    ) {
        if k < last {
            out.push((*digits, rest, index));
            return;
        }
        let below = k as u32 * u32::from(shape.cap); // what pits 0..k can hold
        for count in rest.saturating_sub(below)..=rest.min(u32::from(shape.cap)) {
            digits[k] = count as u8;
            go(
                shape,
                k - 1,
                last,
                rest - count,
                digits,
                index + u64::from(count) * shape.powers[k],
                out,
            );
        }
    }
    let mut digits = [0; Variant::MAX_PITS];
    go(
        shape,
        shape.pits - 1,
        shape.pits - split,
        beads,
        &mut digits,
        0,
        out,
    );
}

/// Calls `visit(digits, index)` for every filling of pits `0..=k` with exactly `rest` beads
/// (pits above `k` as in `digits`, whose partial index is `index`).
#[inline(always)]
fn each_board(
    shape: &Shape,
    k: usize,
    rest: u32,
    digits: &mut Digits,
    index: u64,
    visit: &mut impl FnMut(&Digits, u64),
) {
    if k == 0 {
        // The caller keeps `rest` within what pit 0 can hold.
        digits[0] = rest as u8;
        visit(digits, index + u64::from(rest));
        return;
    }
    let below = k as u32 * u32::from(shape.cap);
    for count in rest.saturating_sub(below)..=rest.min(u32::from(shape.cap)) {
        digits[k] = count as u8;
        each_board(
            shape,
            k - 1,
            rest - count,
            digits,
            index + u64::from(count) * shape.powers[k],
            visit,
        );
    }
}

/// Solves the board when its index is the smallest of its rotations, storing the value at
/// every rotation; returns whether it did.
#[inline(always)]
fn solve_if_representative(
    shape: &Shape,
    values: &[AtomicI8],
    digits: &Digits,
    index: u64,
) -> bool {
    let n = shape.pits;
    let top = shape.powers[n - 1];
    // Turning by one pit moves the top digit to the bottom: index' = (index - top digit *
    // base^(n-1)) * base + top digit. The top digit of the board turned s times is digit
    // n - 1 - s of the original.
    let mut turns = [0u64; Variant::MAX_PITS];
    let mut turned = index;
    for s in 0..n - 1 {
        let high = u64::from(digits[n - 1 - s]);
        turned = (turned - high * top) * shape.base + high;
        if turned < index {
            return false;
        }
        turns[s] = turned;
    }
    let value = board_value(shape, values, digits, index);
    values[index as usize].store(value, Ordering::Relaxed);
    for &turned in &turns[..n - 1] {
        values[turned as usize].store(value, Ordering::Relaxed);
    }
    true
}

/// The best of `gain - value(successor)` over the legal moves (0 for the empty board).
#[inline(always)]
fn board_value(shape: &Shape, values: &[AtomicI8], digits: &Digits, index: u64) -> i8 {
    let mut best = i8::MIN;
    for from in 0..shape.pits {
        if digits[from] == 0 {
            continue;
        }
        let (next, gain) = sow(shape, *digits, index, from);
        best = best.max(gain - values[next as usize].load(Ordering::Relaxed));
    }
    if best == i8::MIN {
        0
    } else {
        best
    }
}

/// Sows pit index `from` (non-empty) of the board `digits` whose index is `index`, updating
/// the index as the beads move. Returns the successor's index and the mover's gain minus the
/// opponent's.
#[inline(always)]
fn sow(shape: &Shape, mut digits: Digits, index: u64, from: usize) -> (u64, i8) {
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
            return (
                index - u64::from(beads) * shape.powers[pit],
                gain + beads as i8 + 1,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantBoard;

    #[test]
    fn tiers_visit_every_board_once_with_its_index() {
        for (pits, cap) in [(2, 2), (3, 9), (5, 3), (6, 5)] {
            let variant = Variant::new(pits, cap).expect("valid");
            let shape = Shape::of(variant);
            let mut seen = vec![false; variant.board_count() as usize];
            for beads in 0..=variant.max_beads() {
                let split = SPLIT_PITS.min(pits - 1);
                let mut prefixes = Vec::new();
                prefix_boards(&shape, split, beads, &mut prefixes);
                for (mut digits, rest, index) in prefixes {
                    each_board(
                        &shape,
                        pits - split - 1,
                        rest,
                        &mut digits,
                        index,
                        &mut |d, i| {
                            let board = VariantBoard::new(variant, &d[..pits]).expect("valid");
                            assert_eq!(board.index(), i);
                            assert_eq!(board.total_beads(), beads);
                            assert!(!seen[i as usize]);
                            seen[i as usize] = true;
                        },
                    );
                }
            }
            assert!(seen.iter().all(|&s| s), "{variant}");
        }
    }

    #[test]
    fn the_quick_sowing_agrees_with_play() {
        for (pits, cap) in [(2, 2), (3, 9), (5, 3), (6, 5)] {
            let variant = Variant::new(pits, cap).expect("valid");
            let shape = Shape::of(variant);
            for index in 0..variant.board_count() {
                let board = VariantBoard::from_index(variant, index).expect("in range");
                let mut digits = [0; Variant::MAX_PITS];
                digits[..pits].copy_from_slice(board.pits());
                for pit in board.legal_moves() {
                    let sowing = board.play(pit).expect("legal");
                    assert_eq!(
                        sow(&shape, digits, index, pit - 1),
                        (sowing.board.index(), sowing.gain_difference())
                    );
                }
            }
        }
    }
}
