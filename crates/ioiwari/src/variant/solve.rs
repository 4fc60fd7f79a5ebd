//! The strong solver: every board of a variant, tier by tier in order of beads on the board,
//! one board per rotation class, the boards of a tier shared among all cores.
//!
//! Every move banks at least one bead, so a board's successors lie in lower tiers, which are
//! complete before a tier starts: the boards of one tier are independent. Within a tier the
//! boards are split by the counts of their top pits into about a thousand pieces for rayon.
//! A board is solved only when its index is the smallest of its rotations (its class's
//! representative), and its value is stored at that index only; a successor's value is read
//! at its own representative. So a thread writes only inside its own pieces, in index order,
//! and never into cache lines that the other threads are writing (storing a value at every
//! turn of the board, scattered over the table, made two threads slower than one), and the
//! values read cluster at small indices (a representative's top pit holds its fewest
//! beads). Successors are looked up in batches of boards, so that the memory reads of many
//! boards overlap. When all tiers are done, one parallel pass copies each representative's
//! value to the other members of its class (a representative copies its own value onto
//! itself, which changes nothing). The table is shared as relaxed atomic bytes: a byte that
//! one thread writes is read by others only in later tiers or passes, or is rewritten with
//! the value it already holds.

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
        let (boards, solved) = run(&pool, job);
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
    run(&pool, || fill_classes(&shape, shared));
    // Same size and alignment: the collection reuses the table's allocation.
    Ok(values.into_iter().map(AtomicI8::into_inner).collect())
}

/// Runs `job` in `pool`, or in rayon's global pool when there is none.
fn run<R: Send>(pool: &Option<rayon::ThreadPool>, job: impl FnOnce() -> R + Send) -> R {
    match pool {
        Some(pool) => pool.install(job),
        None => job(),
    }
}

/// Solves every class representative holding `beads` beads; returns (boards, representatives).
fn solve_tier(shape: &Shape, values: &[AtomicI8], beads: u32) -> (u64, u64) {
    let split = SPLIT_PITS.min(shape.pits - 1);
    let mut prefixes = Vec::new();
    prefix_boards(shape, split, beads, &mut prefixes);
    prefixes
        .into_par_iter()
        .map(|(mut digits, rest, index)| {
            let mut boards = 0u64;
            let mut batch = Batch::new();
            each_board(
                shape,
                shape.pits - split - 1,
                rest,
                &mut digits,
                index,
                &mut |digits, index| {
                    boards += 1;
                    if is_representative(shape, digits, index) {
                        batch.push(shape, values, digits, index);
                    }
                },
            );
            batch.flush(values);
            (boards, batch.solved)
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

/// Representatives waiting for their successors' values: the successors' stored indices are
/// computed when a board joins and read when the batch is full, so that the
/// memory reads of many boards overlap instead of each waiting for the last.
struct Batch {
    len: usize,
    solved: u64,
    index: [u64; BATCH],
    moves: [u8; BATCH],
    stored: [[u64; Variant::MAX_PITS]; BATCH],
    gain: [[i8; Variant::MAX_PITS]; BATCH],
}

/// Boards in a [`Batch`].
const BATCH: usize = 16;

impl Batch {
    fn new() -> Batch {
        Batch {
            len: 0,
            solved: 0,
            index: [0; BATCH],
            moves: [0; BATCH],
            stored: [[0; Variant::MAX_PITS]; BATCH],
            gain: [[0; Variant::MAX_PITS]; BATCH],
        }
    }

    /// Adds the representative `digits` (index `index`), solving the batch when it is full.
    #[inline(always)]
    fn push(&mut self, shape: &Shape, values: &[AtomicI8], digits: &Digits, index: u64) {
        let slot = self.len;
        let mut moves = 0;
        for from in 0..shape.pits {
            if digits[from] == 0 {
                continue;
            }
            let mut next = *digits;
            let (next_index, gain) = sow(shape, &mut next, index, from);
            let stored = representative(shape, &next, next_index);
            self.stored[slot][moves] = stored;
            self.gain[slot][moves] = gain;
            moves += 1;
        }
        self.index[slot] = index;
        self.moves[slot] = moves as u8;
        self.len += 1;
        if self.len == BATCH {
            self.flush(values);
        }
    }

    /// Stores the value of every board in the batch: the best of `gain - value(successor)`
    /// (0 for the empty board). Successors lie in lower tiers, never in the batch.
    #[inline(always)]
    fn flush(&mut self, values: &[AtomicI8]) {
        for slot in 0..self.len {
            let moves = usize::from(self.moves[slot]);
            let mut best = if moves == 0 { 0 } else { i8::MIN };
            for k in 0..moves {
                let value = values[self.stored[slot][k] as usize].load(Ordering::Relaxed);
                best = best.max(self.gain[slot][k] - value);
            }
            values[self.index[slot] as usize].store(best, Ordering::Relaxed);
        }
        self.solved += self.len as u64;
        self.len = 0;
    }
}

/// Whether `index` is the smallest index among the rotations of the board `digits`.
#[inline(always)]
fn is_representative(shape: &Shape, digits: &Digits, index: u64) -> bool {
    let n = shape.pits;
    let top = shape.powers[n - 1];
    // Turning by one pit moves the top digit to the bottom: index' = (index - top digit *
    // base^(n-1)) * base + top digit. The top digit of the board turned s times is digit
    // n - 1 - s of the original.
    let mut turned = index;
    for s in 0..n - 1 {
        let high = u64::from(digits[n - 1 - s]);
        turned = (turned - high * top) * shape.base + high;
        if turned < index {
            return false;
        }
    }
    true
}

/// The smallest index among the rotations of the board `digits` (index `index`): where its
/// class's value is stored.
#[inline(always)]
fn representative(shape: &Shape, digits: &Digits, index: u64) -> u64 {
    let n = shape.pits;
    let top = shape.powers[n - 1];
    let mut turned = index;
    let mut smallest = index;
    for s in 0..n - 1 {
        let high = u64::from(digits[n - 1 - s]);
        turned = (turned - high * top) * shape.base + high;
        smallest = smallest.min(turned);
    }
    smallest
}

/// Sows pit index `from` (non-empty) of the board `digits` whose index is `index`, turning
/// `digits` into the successor and updating the index as the beads move. Returns the
/// successor's index and the mover's gain minus the opponent's.
#[inline(always)]
fn sow(shape: &Shape, digits: &mut Digits, index: u64, from: usize) -> (u64, i8) {
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

/// Copies every representative's value to the other members of its class, so that the table
/// holds a value at every index. Each thread fills its own index ranges; the bytes it reads
/// (representatives) are only ever rewritten with the value they hold.
fn fill_classes(shape: &Shape, values: &[AtomicI8]) {
    const PIECE: u64 = 1 << 16;
    const BLOCK: usize = 64;
    let boards = values.len() as u64;
    (0..boards.div_ceil(PIECE))
        .into_par_iter()
        .for_each(|piece| {
            let first = piece * PIECE;
            let end = boards.min(first + PIECE);
            let mut digits = digits_of(shape, first);
            let mut stored = [0u64; BLOCK];
            let mut start = first;
            while start < end {
                let len = BLOCK.min((end - start) as usize);
                // Where each board's value is; then the copies (a representative
                // copies its own value, which changes nothing).
                for (k, slot) in stored[..len].iter_mut().enumerate() {
                    *slot = representative(shape, &digits, start + k as u64);
                    // The next index: add one in base `cap + 1`.
                    for digit in digits.iter_mut().take(shape.pits) {
                        if *digit == shape.cap {
                            *digit = 0;
                        } else {
                            *digit += 1;
                            break;
                        }
                    }
                }
                for (k, &at) in stored[..len].iter().enumerate() {
                    let value = values[at as usize].load(Ordering::Relaxed);
                    values[(start + k as u64) as usize].store(value, Ordering::Relaxed);
                }
                start += len as u64;
            }
        });
}

/// The pit counts of the board with index `index`.
fn digits_of(shape: &Shape, mut index: u64) -> Digits {
    let mut digits = [0; Variant::MAX_PITS];
    for digit in digits.iter_mut().take(shape.pits) {
        *digit = (index % shape.base) as u8;
        index /= shape.base;
    }
    digits
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

    /// Calls `check(shape, index, board)` for every board of a few small variants.
    fn every_board_of_small_variants(mut check: impl FnMut(&Shape, u64, VariantBoard)) {
        for (pits, cap) in [(2, 2), (3, 9), (5, 3), (6, 5)] {
            let variant = Variant::new(pits, cap).expect("valid");
            let shape = Shape::of(variant);
            for index in 0..variant.board_count() {
                let board = VariantBoard::from_index(variant, index).expect("in range");
                check(&shape, index, board);
            }
        }
    }

    #[test]
    fn the_representative_is_the_smallest_index_of_a_turned_board() {
        every_board_of_small_variants(|shape, index, board| {
            let (variant, pits) = (board.variant(), shape.pits);
            let smallest = (0..pits)
                .map(|turn| {
                    let turned: Vec<u8> =
                        (0..pits).map(|k| board.pits()[(k + turn) % pits]).collect();
                    VariantBoard::new(variant, &turned).expect("valid").index()
                })
                .min()
                .expect("at least two pits");
            let digits = digits_of(shape, index);
            assert_eq!(representative(shape, &digits, index), smallest);
            assert_eq!(is_representative(shape, &digits, index), smallest == index);
        });
    }

    #[test]
    fn the_quick_sowing_agrees_with_play() {
        every_board_of_small_variants(|shape, index, board| {
            let pits = shape.pits;
            let mut digits = [0; Variant::MAX_PITS];
            digits[..pits].copy_from_slice(board.pits());
            assert_eq!(digits_of(shape, index), digits);
            for pit in board.legal_moves() {
                let sowing = board.play(pit).expect("legal");
                let mut next = digits;
                assert_eq!(
                    sow(shape, &mut next, index, pit - 1),
                    (sowing.board.index(), sowing.gain_difference())
                );
                assert_eq!(&next[..pits], sowing.board.pits());
            }
        });
    }
}
