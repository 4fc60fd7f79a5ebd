//! The strong solver: every rotation class of a variant, tier by tier in order of beads on the
//! board, one byte per class, the boards of a tier shared among all cores.
//!
//! Every move banks at least one bead, so a board's successors lie in lower tiers, which are
//! complete before a tier starts: the boards of one tier are independent. Within a tier the
//! boards are split by the counts of their top pits into about a thousand pieces for rayon,
//! enumerated in increasing index order. A board is solved only when its index is the
//! smallest of its rotations (its class's representative), and its value is stored at its
//! class's rank (see [`Classes`]); a successor is turned to its representative and its value
//! read at that rank. So a thread writes only inside its own pieces, in rank order, and the
//! values read cluster at small ranks (a representative's top pit holds its fewest beads).
//! Successors are looked up in batches of boards, so that the memory reads of many boards
//! overlap. The table is shared as relaxed atomic bytes: a byte that one thread writes is
//! read by others only in later tiers.
//!
//! When a tier directory is given, each tier's values are written there as the tier is
//! finished (see [`crate::variant::tiers`] for the format), and a resumed solve reads the
//! finished tiers back instead of solving them again.
//!
//! The first solver of this module, one byte per board ([`solve_dense`]), is kept as the
//! reference that the ranked one is tested and benchmarked against.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicI8, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::variant::classes::Classes;
use crate::variant::shape::{
    digits_of, is_representative, representative, smallest_turn, sow, Digits, Shape,
};
use crate::variant::tiers::{TierFiles, TierReader, TierWriter};
use crate::variant::{SolveError, Variant};

/// How to solve: the number of threads, a progress callback, and where to keep the tiers.
///
/// ```
/// use duel_ioiwari::variant::{SolveOptions, Variant, VariantTable};
///
/// let mut tiers = 0;
/// let mut count = |_: &duel_ioiwari::variant::TierProgress| tiers += 1;
/// let options = SolveOptions { threads: Some(1), progress: Some(&mut count), ..Default::default() };
/// let table = VariantTable::solve_with(Variant::new(4, 3)?, options)?;
/// assert_eq!(table.class_values().len(), 70); // 256 boards in 70 rotation classes
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
    /// A directory to write each tier into as it is finished (created if missing). Without
    /// `resume` it must not hold tier files already.
    pub tier_dir: Option<&'a Path>,
    /// Read the finished tiers in `tier_dir` back (from tier 1 up to the first one missing)
    /// and solve only the rest: a killed solve goes on where it stopped, giving the same
    /// table.
    pub resume: bool,
}

impl std::fmt::Debug for SolveOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolveOptions")
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .field("tier_dir", &self.tier_dir)
            .field("resume", &self.resume)
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
    /// Of those, the class representatives (solved, or read back).
    pub solved: u64,
    /// Whether the tier was read back from the tier directory instead of solved.
    pub loaded: bool,
    /// Wall-clock time spent on this tier: solving it, or reading it back when `loaded`.
    pub tier_time: Duration,
    /// Time since the solve started (allocation included).
    pub elapsed: Duration,
}

/// The top pits whose counts split a tier into pieces.
const SPLIT_PITS: usize = 4;

/// The most values of a tier read back from disk at once (beyond one piece's).
const BYTES_AT_ONCE: usize = 1 << 24;

/// Where a board's value is kept: at its class's rank, or (the reference solver) at the
/// index of its class's representative. Finding it takes two steps: a *key* computed from the
/// board alone, then the place from the key, which may read memory (the ranking): a
/// [`Batch`] computes the keys of all its boards' successors first and then looks them all
/// up, so that those reads overlap.
pub(crate) trait Layout: Sync {
    /// The key of the representative `digits` (index `index`).
    fn own(&self, shape: &Shape, digits: &Digits, index: u64) -> u64;
    /// The key of the class of any board `digits` (index `index`).
    fn class(&self, shape: &Shape, digits: &Digits, index: u64) -> u64;
    /// Where the value of the class of key `key` is kept.
    fn locate(&self, key: u64) -> u64;
    /// Where the class of any board `digits` (index `index`) keeps its value.
    #[inline(always)]
    fn place(&self, shape: &Shape, digits: &Digits, index: u64) -> u64 {
        self.locate(self.class(shape, digits, index))
    }
}

/// One byte per class, at its rank; the key is the representative's reduced index.
pub(crate) struct Ranked<'a>(pub(crate) &'a Classes);

impl Layout for Ranked<'_> {
    #[inline(always)]
    fn own(&self, shape: &Shape, digits: &Digits, index: u64) -> u64 {
        self.0.reduced_of(shape, digits, index, 0)
    }

    #[inline(always)]
    fn class(&self, shape: &Shape, digits: &Digits, index: u64) -> u64 {
        let smallest = smallest_turn(shape, digits, index);
        if smallest < shape.top() {
            // The reduced index is the index (see `Classes::reduced_of`).
            smallest
        } else {
            let (smallest, turn) = representative(shape, digits, index);
            self.0.reduced_of(shape, digits, smallest, turn)
        }
    }

    #[inline(always)]
    fn locate(&self, key: u64) -> u64 {
        self.0.rank_reduced(key)
    }
}

/// One byte per board, at the representative's index.
struct Dense;

impl Layout for Dense {
    #[inline(always)]
    fn own(&self, _: &Shape, _: &Digits, index: u64) -> u64 {
        index
    }

    #[inline(always)]
    fn class(&self, shape: &Shape, digits: &Digits, index: u64) -> u64 {
        smallest_turn(shape, digits, index)
    }

    #[inline(always)]
    fn locate(&self, key: u64) -> u64 {
        key
    }
}

/// Builds the thread pool asked for (`None`: rayon's global pool).
pub(crate) fn thread_pool(threads: Option<usize>) -> Result<Option<rayon::ThreadPool>, SolveError> {
    threads
        .map(|threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|error| SolveError::Threads {
                    threads,
                    reason: error.to_string(),
                })
        })
        .transpose()
}

/// A table of `len` zero bytes that threads may store into while others read it.
fn atomic_table(len: u64, boards: u64) -> Result<Vec<AtomicI8>, SolveError> {
    let too_large = || SolveError::TooLarge { boards };
    let len = usize::try_from(len).map_err(|_| too_large())?;
    let mut values: Vec<AtomicI8> = Vec::new();
    values.try_reserve_exact(len).map_err(|_| too_large())?;
    values.resize_with(len, || AtomicI8::new(0));
    Ok(values)
}

/// The plain bytes of a finished table (same size and alignment: the allocation is reused).
fn into_bytes(values: Vec<AtomicI8>) -> Vec<i8> {
    values.into_iter().map(AtomicI8::into_inner).collect()
}

/// Solves every class of `variant`: the ranking and the values, indexed by rank.
pub(crate) fn solve_classes(
    variant: Variant,
    options: SolveOptions<'_>,
) -> Result<(Classes, Vec<i8>), SolveError> {
    let started = Instant::now();
    let pool = thread_pool(options.threads)?;
    let classes = run(&pool, || Classes::build(variant))?;
    let values = atomic_table(classes.count(), variant.board_count())?;
    let mut files = options
        .tier_dir
        .map(|dir| TierFiles::open(dir, variant, options.resume))
        .transpose()?;
    let mut progress = options.progress;
    let shape = Shape::of(variant);
    let layout = Ranked(&classes);
    for beads in 1..=variant.max_beads() {
        let tier_start = Instant::now();
        let (boards, solved, loaded) = match files.as_mut() {
            Some(files) => {
                if files.finished(beads)? {
                    let reader = files.reader(beads)?;
                    let (boards, solved) = run(&pool, || {
                        load_tier(&shape, &classes, &values, beads, reader, BYTES_AT_ONCE)
                    })?;
                    (boards, solved, true)
                } else {
                    let mut writer = files.writer(beads)?;
                    let (boards, solved) = run(&pool, || {
                        solve_tier(&shape, &layout, &values, beads, Some(&mut writer))
                    })?;
                    writer.finish()?;
                    (boards, solved, false)
                }
            }
            None => {
                let (boards, solved) =
                    run(&pool, || solve_tier(&shape, &layout, &values, beads, None))?;
                (boards, solved, false)
            }
        };
        if let Some(report) = progress.as_mut() {
            report(&TierProgress {
                beads,
                max_beads: variant.max_beads(),
                boards,
                solved,
                loaded,
                tier_time: tier_start.elapsed(),
                elapsed: started.elapsed(),
            });
        }
    }
    Ok((classes, into_bytes(values)))
}

/// The reference solver: every board of `variant`, one byte per board, indexed by board
/// index (a class's value is solved at its representative and copied to the other turns at
/// the end). It needs `(cap + 1)^pits` bytes; [`VariantTable`](crate::variant::VariantTable)
/// needs about `pits` times less. Kept to test and benchmark the ranked solver against.
///
/// ```
/// use duel_ioiwari::variant::{solve_dense, Variant, VariantTable};
///
/// let variant = Variant::new(5, 3)?;
/// let dense = solve_dense(variant, Some(1))?;
/// assert_eq!(dense, VariantTable::solve(variant)?.dense_values());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_dense(variant: Variant, threads: Option<usize>) -> Result<Vec<i8>, SolveError> {
    let pool = thread_pool(threads)?;
    let values = atomic_table(variant.board_count(), variant.board_count())?;
    let shape = Shape::of(variant);
    for beads in 1..=variant.max_beads() {
        run(&pool, || solve_tier(&shape, &Dense, &values, beads, None))?;
    }
    run(&pool, || fill_classes(&shape, &values));
    Ok(into_bytes(values))
}

/// Runs `job` in `pool`, or in rayon's global pool when there is none.
pub(crate) fn run<R: Send>(pool: &Option<rayon::ThreadPool>, job: impl FnOnce() -> R + Send) -> R {
    match pool {
        Some(pool) => pool.install(job),
        None => job(),
    }
}

/// A piece of a tier: its top pits filled (digits so far, beads left, index so far).
type Piece = (Digits, u32, u64);

/// The ranked classes of a variant with the solver's own enumeration of a tier and of a
/// class's moves: what a solver that spreads the classes over several processes needs (each
/// process solves the classes of a range of ranks and asks the others for the values of the
/// classes its moves lead to).
///
/// ```
/// use duel_ioiwari::variant::{class_value, ClassSpace, Variant, VariantTable};
///
/// let variant = Variant::new(4, 3)?;
/// let space = ClassSpace::build(variant, Some(1))?;
/// assert_eq!(space.count(), variant.class_count());
/// // Solve tier by tier from the moves, as the solver does.
/// let mut values = vec![0i8; space.count() as usize];
/// for beads in 1..=variant.max_beads() {
///     for piece in space.tier_pieces(beads) {
///         space.each_class(&piece, 0..space.count(), |rank, moves| {
///             values[rank as usize] = class_value(moves, |to| values[to as usize]);
///         });
///     }
/// }
/// assert_eq!(values, VariantTable::solve(variant)?.class_values());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassSpace {
    variant: Variant,
    classes: Classes,
}

/// Boards of one tier that share the counts of their top pits, a contiguous range of
/// indices: the unit [`ClassSpace::each_class`] enumerates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TierPiece {
    piece: Piece,
    end: u64,
}

impl TierPiece {
    /// The indices of the piece's boards lie in this range (not all of it is in the tier).
    pub fn indices(&self) -> std::ops::Range<u64> {
        self.piece.2..self.end
    }
}

/// One move of a class's representative: the rank of the class of the board it leaves, and
/// the move's gain difference (the mover's beads banked minus the opponent's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassMove {
    /// The rank of the successor's class.
    pub rank: u64,
    /// What the move itself is worth to the mover.
    pub gain: i8,
}

/// The value of a class from its moves: the best of `gain - value(successor)`, 0 when there
/// is no move (the empty board), as the solver computes it.
pub fn class_value(moves: &[ClassMove], mut value: impl FnMut(u64) -> i8) -> i8 {
    moves
        .iter()
        .map(|step| step.gain - value(step.rank))
        .max()
        .unwrap_or(0)
}

impl ClassSpace {
    /// Ranks the classes of `variant` on `threads` threads (`None`: rayon's global pool).
    pub fn build(variant: Variant, threads: Option<usize>) -> Result<ClassSpace, SolveError> {
        let pool = thread_pool(threads)?;
        let classes = run(&pool, || Classes::build(variant))?;
        Ok(ClassSpace { variant, classes })
    }

    /// The variant whose classes are ranked.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The number of classes, [`Variant::class_count`].
    pub fn count(&self) -> u64 {
        self.classes.count()
    }

    /// The rank of the class of `board`: where its value sits in a saved table's values
    /// ([`VariantTable::write_to`](crate::variant::VariantTable::write_to)), so a table can be
    /// read in place (memory-mapped) without loading it.
    ///
    /// ```
    /// use duel_ioiwari::variant::{ClassSpace, Variant, VariantBoard, VariantTable};
    ///
    /// let variant = Variant::new(5, 3)?;
    /// let (space, table) = (ClassSpace::build(variant, Some(1))?, VariantTable::solve(variant)?);
    /// let board = VariantBoard::parse(variant, "3 0 2 1 0")?;
    /// assert_eq!(table.class_values()[space.rank(&board) as usize], table.value(&board));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    ///
    /// When `board` belongs to another variant.
    pub fn rank(&self, board: &crate::variant::VariantBoard) -> u64 {
        crate::variant::classes::rank_of(&self.classes, self.variant, board)
    }

    /// The index of the representative of the class of rank `rank`, if `rank` is below
    /// [`ClassSpace::count`]. It grows with the rank.
    pub fn representative_index(&self, rank: u64) -> Option<u64> {
        (rank < self.count()).then(|| Shape::of(self.variant).index(&self.classes.unrank(rank)))
    }

    /// The pieces of tier `beads`, in increasing index order (so in increasing rank order of
    /// their classes).
    pub fn tier_pieces(&self, beads: u32) -> Vec<TierPiece> {
        let shape = Shape::of(self.variant);
        let width = shape.powers[shape.pits - split_pits(&shape)];
        tier_pieces(&shape, beads)
            .into_iter()
            .map(|piece| TierPiece {
                piece,
                end: piece.2 + width,
            })
            .collect()
    }

    /// Calls `visit(rank, moves)` for every class of `piece` whose rank is in `ranks`, in
    /// increasing rank order, with the moves of its representative; returns the boards of the
    /// piece.
    pub fn each_class(
        &self,
        piece: &TierPiece,
        ranks: std::ops::Range<u64>,
        mut visit: impl FnMut(u64, &[ClassMove]),
    ) -> u64 {
        let shape = Shape::of(self.variant);
        let layout = Ranked(&self.classes);
        let mut moves = [ClassMove { rank: 0, gain: 0 }; Variant::MAX_PITS];
        each_representative(&shape, &piece.piece, |digits, index| {
            let rank = layout.locate(layout.own(&shape, digits, index));
            if !ranks.contains(&rank) {
                return;
            }
            let mut count = 0;
            for from in (0..shape.pits).filter(|&from| digits[from] > 0) {
                let mut next = *digits;
                let (next_index, gain) = sow(&shape, &mut next, index, from);
                moves[count] = ClassMove {
                    rank: layout.place(&shape, &next, next_index),
                    gain,
                };
                count += 1;
            }
            visit(rank, &moves[..count]);
        })
    }
}

/// The pieces of tier `beads`, in increasing index order.
pub(crate) fn tier_pieces(shape: &Shape, beads: u32) -> Vec<Piece> {
    let mut pieces = Vec::new();
    prefix_boards(shape, split_pits(shape), beads, &mut pieces);
    pieces
}

fn split_pits(shape: &Shape) -> usize {
    SPLIT_PITS.min(shape.pits - 1)
}

/// Calls `visit(digits, index)` for every representative of the piece, in index order;
/// returns the boards of the piece.
///
/// A representative's top pit holds its fewest beads (a turn with fewer on top would have a
/// smaller index), so only the boards whose other pits hold at least as many as the top one
/// are enumerated and tested: about a fifth of them for 5 beads a pit. The others are
/// counted, not visited.
#[inline(always)]
pub(crate) fn each_representative(
    shape: &Shape,
    piece: &Piece,
    mut visit: impl FnMut(&Digits, u64),
) -> u64 {
    let (mut digits, rest, index) = *piece;
    let n = shape.pits;
    let free = n - split_pits(shape);
    let boards = fillings(shape, free, rest);
    let least = digits[n - 1];
    if digits[free..n - 1].iter().any(|&count| count < least)
        || rest < free as u32 * u32::from(least)
    {
        return boards;
    }
    each_board(
        shape,
        free - 1,
        rest,
        u32::from(least),
        &mut digits,
        index,
        &mut |digits, index| {
            if is_representative(shape, digits, index) {
                visit(digits, index);
            }
        },
    );
    boards
}

/// The number of ways to put `beads` beads into `pits` pits of at most `cap` beads each.
fn fillings(shape: &Shape, pits: usize, beads: u32) -> u64 {
    let (cap, beads) = (usize::from(shape.cap), beads as usize);
    // ways[b]: the fillings of the pits so far holding b beads.
    let mut ways = [0u64; Variant::MAX_PITS * Variant::MAX_CAP as usize + 1];
    ways[0] = 1;
    for filled in 0..pits {
        for total in (0..=beads.min((filled + 1) * cap)).rev() {
            ways[total] += (total.saturating_sub(cap)..total)
                .map(|b| ways[b])
                .sum::<u64>();
        }
    }
    ways[beads]
}

/// Solves every class representative holding `beads` beads, handing their values to
/// `writer` in index order; returns (boards, representatives).
fn solve_tier<L: Layout>(
    shape: &Shape,
    layout: &L,
    values: &[AtomicI8],
    beads: u32,
    writer: Option<&mut TierWriter>,
) -> Result<(u64, u64), SolveError> {
    let pieces = tier_pieces(shape, beads);
    let solve_piece = |piece: &Piece, mut recorded: Option<&mut Vec<i8>>| {
        let mut batch = Batch::new();
        let read = |at: u64| values[at as usize].load(Ordering::Relaxed);
        let mut done = |own: u64, best: i8| {
            values[own as usize].store(best, Ordering::Relaxed);
            if let Some(recorded) = recorded.as_mut() {
                recorded.push(best);
            }
        };
        let boards = each_representative(shape, piece, |digits, index| {
            if batch.push(shape, layout, digits, index) {
                batch.flush(layout, read, &mut done);
            }
        });
        batch.flush(layout, read, &mut done);
        (boards, batch.solved)
    };
    match writer {
        // One piece a job: the representatives crowd into the pieces of few beads on top,
        // so rayon's default split into a few long runs leaves threads idle.
        None => Ok(pieces
            .par_iter()
            .with_max_len(1)
            .map(|piece| solve_piece(piece, None))
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))),
        Some(writer) => in_order(
            &pieces,
            &mut |values| writer.write(values),
            |piece, recorded| solve_piece(piece, Some(recorded)),
        ),
    }
}

/// Runs `solve(piece, values)` for every piece on all the threads of the current pool, each
/// taking the next piece in order, and hands each piece's values to `write` as soon as the
/// pieces before it are written (the first error it returns stops the tier); returns the sums of `solve`'s (boards, representatives).
///
/// So the values waiting in memory are those of the pieces finished ahead of one still being
/// solved, about a piece per thread, not a whole tier's (for 14 pits a tier holds up to
/// about 3.5 * 10^8 classes, a piece at most about 4.4 * 10^6).
/// The writer of a tier's values, in order, for [`in_order`].
type WriteValues<'w> = dyn FnMut(&[i8]) -> Result<(), SolveError> + Send + 'w;

fn in_order(
    pieces: &[Piece],
    write: &mut WriteValues<'_>,
    solve: impl Fn(&Piece, &mut Vec<i8>) -> (u64, u64) + Sync,
) -> Result<(u64, u64), SolveError> {
    struct Queue<'q, 'w> {
        write: &'q mut WriteValues<'w>,
        /// The pieces written so far: the next one to write.
        written: usize,
        /// Finished pieces waiting for one before them.
        waiting: BTreeMap<usize, Vec<i8>>,
        boards: u64,
        solved: u64,
        failed: Option<SolveError>,
    }
    let next = AtomicUsize::new(0);
    let queue = Mutex::new(Queue {
        write,
        written: 0,
        waiting: BTreeMap::new(),
        boards: 0,
        solved: 0,
        failed: None,
    });
    let work = || loop {
        let at = next.fetch_add(1, Ordering::Relaxed);
        let Some(piece) = pieces.get(at) else {
            return;
        };
        let mut recorded = Vec::new();
        let (boards, solved) = solve(piece, &mut recorded);
        let mut queue = queue.lock().unwrap_or_else(PoisonError::into_inner);
        let queue = &mut *queue;
        queue.boards += boards;
        queue.solved += solved;
        queue.waiting.insert(at, recorded);
        while let Some(values) = queue.waiting.remove(&queue.written) {
            if let Err(error) = (queue.write)(&values) {
                queue.failed.get_or_insert(error);
                // The other threads stop at their next piece.
                next.store(pieces.len(), Ordering::Relaxed);
                return;
            }
            queue.written += 1;
        }
    };
    rayon::scope(|scope| {
        for _ in 0..rayon::current_num_threads() {
            scope.spawn(|_| work());
        }
    });
    let queue = queue.into_inner().unwrap_or_else(PoisonError::into_inner);
    match queue.failed {
        Some(error) => Err(error),
        None => Ok((queue.boards, queue.solved)),
    }
}

/// Reads tier `beads` back from `reader` into `values`; returns (boards, representatives).
///
/// The pieces' representatives are counted first, then read back in runs of pieces holding at
/// most `at_once` values (or one piece; the solver passes [`BYTES_AT_ONCE`]), so the bytes
/// held beside the table stay bounded however large the tier.
fn load_tier(
    shape: &Shape,
    classes: &Classes,
    values: &[AtomicI8],
    beads: u32,
    mut reader: TierReader,
    at_once: usize,
) -> Result<(u64, u64), SolveError> {
    let pieces = tier_pieces(shape, beads);
    let counts: Vec<(u64, usize)> = pieces
        .par_iter()
        .with_max_len(1)
        .map(|piece| {
            let mut representatives = 0;
            let boards = each_representative(shape, piece, |_, _| representatives += 1);
            (boards, representatives)
        })
        .collect();
    let boards = counts.iter().map(|&(boards, _)| boards).sum();
    let mut solved = 0;
    let mut bytes = Vec::new();
    let mut first = 0;
    while first < pieces.len() {
        // The run of pieces from `first`: their offsets into `bytes`, and its end.
        let mut offsets = Vec::new();
        let mut total = 0;
        let mut end = first;
        while end < pieces.len() && (end == first || total + counts[end].1 <= at_once) {
            offsets.push(total);
            total += counts[end].1;
            end += 1;
        }
        bytes.resize(total, 0);
        reader.read(&mut bytes)?;
        solved += total as u64;
        let bytes = &bytes;
        pieces[first..end]
            .par_iter()
            .with_max_len(1)
            .zip(offsets)
            .for_each(|(piece, offset)| {
                let mut at = offset;
                each_representative(shape, piece, |digits, index| {
                    let rank = classes.rank_reduced(classes.reduced_of(shape, digits, index, 0));
                    values[rank as usize].store(bytes[at], Ordering::Relaxed);
                    at += 1;
                });
            });
        first = end;
    }
    reader.finish()?;
    Ok((boards, solved))
}

/// Every way to fill the top `split` pits leaving a feasible rest of `beads` for the others:
/// (digits so far, beads left, index so far).
fn prefix_boards(shape: &Shape, split: usize, beads: u32, out: &mut Vec<Piece>) {
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

/// Calls `visit(digits, index)` for every filling of pits `0..=k` with exactly `rest` beads,
/// at least `least` a pit (pits above `k` as in `digits`, whose partial index is `index`).
#[inline(always)]
fn each_board(
    shape: &Shape,
    k: usize,
    rest: u32,
    least: u32,
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
    // Pits 0..k hold `k * least` to `k * cap` of the rest.
    let below = k as u32 * u32::from(shape.cap);
    let fewest = rest.saturating_sub(below).max(least);
    let Some(spare) = rest.checked_sub(k as u32 * least) else {
        return;
    };
    let most = spare.min(u32::from(shape.cap));
    for count in fewest..=most {
        digits[k] = count as u8;
        each_board(
            shape,
            k - 1,
            rest - count,
            least,
            digits,
            index + u64::from(count) * shape.powers[k],
            visit,
        );
    }
}

/// Representatives waiting for their successors' values: the keys of the successors' classes
/// (see [`Layout`]) are computed when a board joins; when the batch is full, all the keys
/// are looked up, then all the values read, so that the memory reads of many boards overlap
/// instead of each waiting for the last.
pub(crate) struct Batch {
    len: usize,
    pub(crate) solved: u64,
    own: [u64; BATCH],
    moves: [u8; BATCH],
    stored: [[u64; Variant::MAX_PITS]; BATCH],
    gain: [[i8; Variant::MAX_PITS]; BATCH],
}

/// Boards in a [`Batch`]: the number of boards whose memory reads overlap.
const BATCH: usize = 16;

impl Batch {
    pub(crate) fn new() -> Batch {
        Batch {
            len: 0,
            solved: 0,
            own: [0; BATCH],
            moves: [0; BATCH],
            stored: [[0; Variant::MAX_PITS]; BATCH],
            gain: [[0; Variant::MAX_PITS]; BATCH],
        }
    }

    /// Adds the representative `digits` (index `index`); true when the batch is full.
    #[inline(always)]
    pub(crate) fn push<L: Layout>(
        &mut self,
        shape: &Shape,
        layout: &L,
        digits: &Digits,
        index: u64,
    ) -> bool {
        let slot = self.len;
        let mut moves = 0;
        for from in 0..shape.pits {
            if digits[from] == 0 {
                continue;
            }
            let mut next = *digits;
            let (next_index, gain) = sow(shape, &mut next, index, from);
            self.stored[slot][moves] = layout.class(shape, &next, next_index);
            self.gain[slot][moves] = gain;
            moves += 1;
        }
        self.own[slot] = layout.own(shape, digits, index);
        self.moves[slot] = moves as u8;
        self.len += 1;
        self.len == BATCH
    }

    /// Computes every board's value in the batch, the best of `gain - value(successor)` (0
    /// for the empty board), reading values with `read`, and hands (where the board keeps
    /// its value, the value) to `done`, in the order the boards joined.
    #[inline(always)]
    pub(crate) fn flush<L: Layout>(
        &mut self,
        layout: &L,
        read: impl Fn(u64) -> i8,
        mut done: impl FnMut(u64, i8),
    ) {
        // The keys become places first, all of them, then the values are read.
        for slot in 0..self.len {
            self.own[slot] = layout.locate(self.own[slot]);
            for at in &mut self.stored[slot][..usize::from(self.moves[slot])] {
                *at = layout.locate(*at);
            }
        }
        for slot in 0..self.len {
            let moves = usize::from(self.moves[slot]);
            let mut best = if moves == 0 { 0 } else { i8::MIN };
            for k in 0..moves {
                best = best.max(self.gain[slot][k] - read(self.stored[slot][k]));
            }
            done(self.own[slot], best);
        }
        self.solved += self.len as u64;
        self.len = 0;
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
                    *slot = representative(shape, &digits, start + k as u64).0;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantBoard;

    /// A fresh directory under the system's temporary directory, removed when dropped.
    fn scratch() -> tempfile::TempDir {
        duel_test_support::work_dir_in(std::env::temp_dir())
    }

    /// Tier files of a small variant in a fresh directory, and `count` pieces numbered 0, 1,
    /// ... (the number where a piece keeps its first index), for [`in_order`] to write.
    fn numbered_pieces(count: u64) -> (tempfile::TempDir, TierFiles, Vec<Piece>) {
        let dir = scratch();
        let variant = Variant::new(3, 2).expect("a variant");
        let files = TierFiles::open(dir.path(), variant, false).expect("tier files");
        let pieces = (0..count).map(|n| ([0; Variant::MAX_PITS], 0, n)).collect();
        (dir, files, pieces)
    }

    /// Pieces whose values are their own number, `len` times, the early ones the slowest.
    fn numbered(piece: &Piece, recorded: &mut Vec<i8>, len: usize) -> (u64, u64) {
        let number = piece.2;
        std::thread::sleep(std::time::Duration::from_millis(
            40u64.saturating_sub(number),
        ));
        recorded.extend(std::iter::repeat_n(number as i8, len));
        (number, len as u64)
    }

    #[test]
    fn tiers_read_back_in_runs_of_any_size_restore_the_table() {
        let dir = scratch();
        let variant = Variant::new(6, 4).expect("a variant");
        let options = SolveOptions {
            threads: Some(2),
            tier_dir: Some(dir.path()),
            ..SolveOptions::default()
        };
        let (classes, solved) = solve_classes(variant, options).expect("solved");
        let shape = Shape::of(variant);
        let files = TierFiles::open(dir.path(), variant, true).expect("tier files");
        let pool = thread_pool(Some(2)).expect("a pool");
        // One value at a time (so one piece a run), a few pieces a run, and every tier at once.
        for at_once in [1, 40, BYTES_AT_ONCE] {
            let values = atomic_table(classes.count(), variant.board_count()).expect("a table");
            let mut read = 0;
            for beads in 1..=variant.max_beads() {
                let reader = files.reader(beads).expect("a finished tier");
                let (_, count) = run(&pool, || {
                    load_tier(&shape, &classes, &values, beads, reader, at_once)
                })
                .expect("read back");
                read += count;
            }
            // Every class but the empty board's (tier 0, valued 0, is never solved).
            assert_eq!(read + 1, classes.count());
            assert_eq!(into_bytes(values), solved, "{at_once} values at once");
        }
    }

    #[test]
    fn pieces_finished_out_of_order_are_written_in_order() {
        let (_dir, files, pieces) = numbered_pieces(40);
        let mut writer = files.writer(1).expect("a writer");
        let pool = thread_pool(Some(4)).expect("a pool");
        let (boards, solved) = run(&pool, || {
            in_order(
                &pieces,
                &mut |values| writer.write(values),
                |piece, recorded| numbered(piece, recorded, piece.2 as usize % 3 + 1),
            )
        })
        .expect("written");
        writer.finish().expect("finished");
        assert_eq!(boards, (0..40).sum::<u64>());
        let expected: Vec<u8> = (0..40u8)
            .flat_map(|n| std::iter::repeat_n(n, usize::from(n) % 3 + 1))
            .collect();
        assert_eq!(solved, expected.len() as u64);
        let file = std::fs::read(files.path(1)).expect("the tier file");
        assert_eq!(&file[32..], expected.as_slice());
    }

    #[test]
    fn a_tier_file_that_cannot_be_written_stops_the_tier_with_its_error() {
        let (_dir, files, pieces) = numbered_pieces(64);
        let mut writer = files.writer(1).expect("a writer");
        // The disk fills up once the first 4 pieces are written.
        let mut room: usize = 4 << 19;
        let mut write = |values: &[i8]| match room.checked_sub(values.len()) {
            Some(left) => {
                room = left;
                writer.write(values)
            }
            None => Err(SolveError::TierIo {
                path: files.path(1),
                reason: "No space left on device".into(),
            }),
        };
        let pool = thread_pool(Some(2)).expect("a pool");
        let solved = std::sync::atomic::AtomicUsize::new(0);
        let result = run(&pool, || {
            in_order(&pieces, &mut write, |piece, recorded| {
                solved.fetch_add(1, Ordering::Relaxed);
                numbered(piece, recorded, 1 << 19)
            })
        });
        assert!(
            matches!(result, Err(SolveError::TierIo { .. })),
            "{result:?}"
        );
        // The threads stopped soon after the first failed write.
        assert!(solved.load(Ordering::Relaxed) < 16, "{solved:?}");
    }

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
                        0,
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
    fn a_tier_visits_its_representatives_and_counts_its_boards() {
        for (pits, cap) in [
            (2, 2),
            (3, 9),
            (4, 2),
            (5, 3),
            (6, 5),
            (7, 5),
            (8, 3),
            (9, 2),
        ] {
            let variant = Variant::new(pits, cap).expect("valid");
            let shape = Shape::of(variant);
            // By brute force: each tier's boards, and its representatives in index order
            // (no turn of smaller index).
            let tiers = variant.max_beads() as usize + 1;
            let mut boards = vec![0u64; tiers];
            let mut representatives = vec![Vec::new(); tiers];
            for index in 0..variant.board_count() {
                let board = VariantBoard::from_index(variant, index).expect("in range");
                let beads = board.total_beads() as usize;
                boards[beads] += 1;
                if (1..pits).all(|turn| board.rotated(turn).index() >= index) {
                    representatives[beads].push(index);
                }
            }
            for beads in 0..=variant.max_beads() {
                let (mut counted, mut visited) = (0, Vec::new());
                for piece in tier_pieces(&shape, beads) {
                    counted += each_representative(&shape, &piece, |digits, index| {
                        assert_eq!(shape.index(digits), index);
                        visited.push(index);
                    });
                }
                let beads = beads as usize;
                assert_eq!(counted, boards[beads], "{variant}, {beads} beads");
                assert_eq!(visited, representatives[beads], "{variant}, {beads} beads");
            }
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
            assert_eq!(representative(shape, &digits, index).0, smallest);
            assert_eq!(smallest_turn(shape, &digits, index), smallest);
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
