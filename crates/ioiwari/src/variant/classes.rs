//! [`Classes`]: the rotation classes of a variant, ranked, so that a solved table holds one
//! byte per class instead of one per board.
//!
//! A class is stored at its representative, the turn of the board with the smallest
//! [`index`](crate::variant::VariantBoard::index) (pit `n` is the most significant digit), and
//! the representatives are ranked in increasing index order: the class of rank `r` is the
//! `r`-th smallest representative. So ranks, like indices, run up the tiers' enumeration
//! order, and a tier's classes are a set of ranks in increasing order.
//!
//! **The scheme.** A representative's top pit holds its fewest beads `m` (a turn with fewer
//! beads on top would have a smaller index), so every representative is in the *reduced
//! space*: boards whose top pit holds `m` and every other pit `m` to `cap`. The reduced index
//! of such a board is `start[m]` (the boards of smaller top counts) plus its pits `0..n-1`,
//! less `m`, read as a number in base `cap + 1 - m`; it increases with the board index. A bit
//! per reduced index says whether that board is a representative, and the rank of a
//! representative is the number of set bits below its own. The bits are kept in 64-byte
//! lines of seven 64-bit words and a header word; the header holds the set bits before the
//! line counted from the start of its group of 32 lines (whose own count is in a small
//! separate array) and, for each word, the set bits before it in the line. So a rank reads
//! one cache line and one count of the small array, and counts the bits of one word (a
//! single popcount: this build targets processors without a popcount instruction, where each
//! costs a dozen instructions). The reduced space holds `sum over m of (cap + 1 - m)^(n-1)`
//! boards, about `(cap + 1)^(n-1)`: the bits take about `(cap + 1)^(n-1) / 7` bytes, 2.1 GB for
//! 14 pits of cap 5 (beside 5.6 GB of class values), 0.35 GB for 13 pits (beside 1.0 GB).

use rayon::prelude::*;

use crate::variant::shape::{representative, Digits, Shape};
use crate::variant::{SolveError, Variant, VariantBoard};

/// Bits of representatives in one [`Line`].
const LINE_BITS: u64 = 448;

/// Lines in a group that shares one count in [`Classes::groups`].
const GROUP_LINES: usize = 32;

/// Bits of the header that count the set bits before the line within its group (up to
/// 31 * 448 = 13 888).
const BEFORE_MASK: u64 = (1 << 14) - 1;

/// Where the header keeps the set bits of the line before word `k` (`k * 64` at most), and
/// how wide that field is: 7, 8, 8, 9, 9 and 9 bits after the 14 of the count.
const WORD_SHIFT: [u32; 7] = [0, 14, 21, 29, 37, 46, 55];
const WORD_MASK: [u64; 7] = [0, 0x7f, 0xff, 0xff, 0x1ff, 0x1ff, 0x1ff];

/// One cache line of the ranking: a header (see the module's documentation) and 448 bits.
#[repr(C, align(64))]
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Line {
    header: u64,
    bits: [u64; 7],
}

/// The ranking of a variant's rotation classes (see the module's documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Classes {
    pits: usize,
    cap: u8,
    /// `starts[m]`: the first reduced index of the boards whose top pit holds `m`
    /// (`starts[cap + 1]` is the size of the reduced space).
    starts: [u64; Variant::MAX_CAP as usize + 2],
    /// `powers[m][k]`: `(cap + 1 - m)^k`.
    powers: [[u64; Variant::MAX_PITS]; Variant::MAX_CAP as usize + 1],
    lines: Vec<Line>,
    /// The representatives before each group of [`GROUP_LINES`] lines.
    groups: Vec<u64>,
    count: u64,
}

/// Whether the board `digits` (pits `0..n`) has the smallest index among its turns: compares
/// each turn's pits from the top down with the board's own.
#[inline(always)]
pub(crate) fn is_smallest_turn(digits: &Digits, n: usize) -> bool {
    for turn in 1..n {
        // Digit j of the board turned `turn` times is digit j - turn (round the circle).
        for j in (0..n).rev() {
            let source = if j >= turn { j - turn } else { j + n - turn };
            let (own, turned) = (digits[j], digits[source]);
            if turned != own {
                if turned < own {
                    return false;
                }
                break;
            }
        }
    }
    true
}

/// The generation of the necklaces of one least count `least` for one piece of the ranking
/// (see [`Classes::mark_necklaces`]).
struct Necklaces<'a> {
    pits: usize,
    cap: u8,
    least: u8,
    /// `powers[k]`: `(cap + 1 - least)^k`.
    powers: &'a [u64; Variant::MAX_PITS],
    /// The reduced indices of `lines`: `first..end`.
    first: u64,
    end: u64,
    /// `string[t]` for `t` in `1..=pits`: the count of pit `pits - t` (so `string[1]`, the
    /// top pit, is `least`).
    string: [u8; Variant::MAX_PITS + 1],
    lines: &'a mut [Line],
}

impl Necklaces<'_> {
    /// Extends the prenecklace `string[1..t]`, whose longest prefix that is a Lyndon word
    /// has length `period` and whose pits so far give the reduced index `reduced` (the
    /// pits still to come counted as `least`), by every way to fill `string[t..=pits]`;
    /// marks the necklaces among them.
    fn extend(&mut self, t: usize, period: usize, reduced: u64) {
        let n = self.pits;
        // Pit `n - t` is filled now; with the pits below it, it adds less than
        // `powers[n - t + 1]` to the reduced index.
        if reduced.saturating_add(self.powers[n - t + 1]) <= self.first || self.end <= reduced {
            return;
        }
        let repeat = self.string[t - period];
        if t == n {
            // Pit 0, the last: repeating the period gives a necklace when the period divides
            // the length, any larger count a Lyndon word; their reduced indices follow each
            // other.
            let least = if n.is_multiple_of(period) {
                repeat
            } else {
                repeat + 1
            };
            for count in least..=self.cap {
                let at = (reduced + u64::from(count - self.least)).wrapping_sub(self.first);
                if at < self.end - self.first {
                    let line = &mut self.lines[(at / LINE_BITS) as usize];
                    let bit = at % LINE_BITS;
                    line.bits[(bit / 64) as usize] |= 1 << (bit % 64);
                }
            }
            return;
        }
        let power = self.powers[n - t];
        for count in repeat..=self.cap {
            self.string[t] = count;
            let next = reduced + u64::from(count - self.least) * power;
            let period = if count == repeat { period } else { t };
            self.extend(t + 1, period, next);
        }
    }
}

impl Classes {
    /// Builds the ranking of `variant`'s classes on the current rayon pool.
    pub(crate) fn build(variant: Variant) -> Result<Classes, SolveError> {
        let (pits, cap) = (variant.pits(), variant.cap());
        let mut starts = [0u64; Variant::MAX_CAP as usize + 2];
        let mut powers = [[0u64; Variant::MAX_PITS]; Variant::MAX_CAP as usize + 1];
        for m in 0..=usize::from(cap) {
            let base = u64::from(cap) + 1 - m as u64;
            let mut power = 1;
            for slot in powers[m].iter_mut().take(pits) {
                *slot = power;
                power *= base;
            }
            starts[m + 1] = starts[m] + powers[m][pits - 1];
        }
        let size = starts[usize::from(cap) + 1];
        let too_large = || SolveError::TooLarge {
            boards: variant.board_count(),
        };
        let line_count = usize::try_from(size.div_ceil(LINE_BITS)).map_err(|_| too_large())?;
        let mut lines: Vec<Line> = Vec::new();
        lines
            .try_reserve_exact(line_count)
            .map_err(|_| too_large())?;
        lines.resize(line_count, Line::default());
        let mut classes = Classes {
            pits,
            cap,
            starts,
            powers,
            lines: Vec::new(),
            groups: Vec::new(),
            count: 0,
        };
        const LINES_A_PIECE: usize = 1 << 12;
        lines
            .par_chunks_mut(LINES_A_PIECE)
            .enumerate()
            .for_each(|(piece, chunk)| {
                let first = (piece * LINES_A_PIECE) as u64 * LINE_BITS;
                classes.mark_necklaces(first, chunk);
            });
        let mut groups = Vec::new();
        groups
            .try_reserve_exact(line_count.div_ceil(GROUP_LINES))
            .map_err(|_| too_large())?;
        let mut before = 0u64;
        for (number, line) in lines.iter_mut().enumerate() {
            if number.is_multiple_of(GROUP_LINES) {
                groups.push(before);
            }
            let mut header = before - groups[number / GROUP_LINES];
            let mut in_line = 0u64;
            for (word, &bits) in line.bits.iter().enumerate() {
                header |= in_line << WORD_SHIFT[word];
                in_line += u64::from(bits.count_ones());
            }
            line.header = header;
            before += in_line;
        }
        classes.lines = lines;
        classes.groups = groups;
        classes.count = before;
        Ok(classes)
    }

    /// Sets the bits of `lines`, the lines from reduced index `first` on, of every
    /// representative in their range.
    ///
    /// A representative is a *necklace*: read from the top pit down, its pits form the
    /// smallest of the strings of its turns. Necklaces are generated in increasing order by
    /// the algorithm of Fredricksen, Kessler and Maiorana (as presented by Ruskey, Savage and
    /// Wang, "Generating necklaces", 1992) in constant time each on average, so only about
    /// `1/pits` of the reduced space is visited instead of testing every board in it; the
    /// branches whose boards all lie outside the lines' range are skipped.
    fn mark_necklaces(&self, first: u64, lines: &mut [Line]) {
        let end = first + lines.len() as u64 * LINE_BITS;
        for m in 0..=self.cap {
            let (low, high) = (self.starts[usize::from(m)], self.starts[usize::from(m) + 1]);
            if high <= first || end <= low {
                continue;
            }
            let mut necklaces = Necklaces {
                pits: self.pits,
                cap: self.cap,
                least: m,
                powers: &self.powers[usize::from(m)],
                first,
                end,
                string: [m; Variant::MAX_PITS + 1],
                lines: &mut *lines,
            };
            necklaces.extend(2, 1, low);
        }
    }

    /// The number of classes.
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// Heap bytes of the ranking.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.lines.capacity() * std::mem::size_of::<Line>() + self.groups.capacity() * 8
    }

    /// The pits of the board with reduced index `reduced` (below the reduced space's size).
    fn decode(&self, reduced: u64) -> Digits {
        let n = self.pits;
        let m = (0..=usize::from(self.cap))
            .rev()
            .find(|&m| self.starts[m] <= reduced)
            .expect("starts[0] is 0");
        let base = u64::from(self.cap) + 1 - m as u64;
        let mut rest = reduced - self.starts[m];
        let mut digits = [0; Variant::MAX_PITS];
        for digit in digits.iter_mut().take(n - 1) {
            *digit = m as u8 + (rest % base) as u8;
            rest /= base;
        }
        digits[n - 1] = m as u8;
        digits
    }

    /// The bits of the representatives found the slow way, by testing every board of the
    /// reduced space (as the ranking was first built): the reference for
    /// [`Classes::mark_necklaces`].
    #[cfg(test)]
    fn bits_by_testing(&self) -> Vec<[u64; 7]> {
        let size = self.starts[usize::from(self.cap) + 1];
        let mut bits = vec![[0u64; 7]; size.div_ceil(LINE_BITS) as usize];
        let mut digits = self.decode(0);
        for reduced in 0..size {
            if is_smallest_turn(&digits, self.pits) {
                let bit = reduced % LINE_BITS;
                bits[(reduced / LINE_BITS) as usize][(bit / 64) as usize] |= 1 << (bit % 64);
            }
            self.step(&mut digits);
        }
        bits
    }

    /// Turns `digits` into the board of the next reduced index (the last one wraps round to
    /// nonsense, which nobody reads).
    #[cfg(test)]
    fn step(&self, digits: &mut Digits) {
        let n = self.pits;
        let m = digits[n - 1];
        for digit in digits.iter_mut().take(n - 1) {
            if *digit == self.cap {
                *digit = m;
            } else {
                *digit += 1;
                return;
            }
        }
        // Past the last board of top count m: the first of m + 1.
        let next = m.saturating_add(1).min(self.cap);
        for digit in digits.iter_mut().take(n) {
            *digit = next;
        }
    }

    /// The reduced index of the board `digits` turned `turn` times (its digit `j` is digit
    /// `j - turn` of `digits`); that board's top pit must hold its fewest beads.
    #[inline(always)]
    fn reduced_turned(&self, digits: &Digits, turn: usize) -> u64 {
        let n = self.pits;
        // The board twice over: digit j of the turned board is `twice[j + n - turn]`.
        // (Whole arrays are copied: a copy of a fixed length needs no call to memcpy.)
        let mut twice = [0u8; 2 * Variant::MAX_PITS];
        twice[..Variant::MAX_PITS].copy_from_slice(digits);
        twice[n..n + Variant::MAX_PITS].copy_from_slice(digits);
        let turned = &twice[n - turn..2 * n - turn];
        let m = turned[n - 1];
        let powers = &self.powers[usize::from(m)];
        let mut reduced = self.starts[usize::from(m)];
        // Below the reduced space's size: wrapping arithmetic, unchecked even in builds with
        // overflow checks.
        for j in 0..n - 1 {
            reduced =
                reduced.wrapping_add(u64::from(turned[j].wrapping_sub(m)).wrapping_mul(powers[j]));
        }
        reduced
    }

    /// The number of representatives with a reduced index below `reduced`.
    #[inline(always)]
    pub(crate) fn rank_reduced(&self, reduced: u64) -> u64 {
        let number = (reduced / LINE_BITS) as usize;
        let line = &self.lines[number];
        let bit = reduced % LINE_BITS;
        let word = (bit / 64) as usize;
        let below = (1u64 << (bit % 64)).wrapping_sub(1);
        self.groups[number / GROUP_LINES]
            .wrapping_add(line.header & BEFORE_MASK)
            .wrapping_add((line.header >> WORD_SHIFT[word]) & WORD_MASK[word])
            .wrapping_add(u64::from((line.bits[word] & below).count_ones()))
    }

    /// The representatives before line `number`.
    fn before_line(&self, number: usize) -> u64 {
        self.groups[number / GROUP_LINES] + (self.lines[number].header & BEFORE_MASK)
    }

    /// The rank of the class of the board `digits` turned `turn` times, which must be the
    /// class's representative.
    #[inline(always)]
    pub(crate) fn rank_turned(&self, digits: &Digits, turn: usize) -> u64 {
        self.rank_reduced(self.reduced_turned(digits, turn))
    }

    /// The reduced index of the board `digits` turned `turn` times, of index `index` (a shape
    /// of the same variant), the representative of its class. A representative with an empty
    /// top pit (`index` below `(cap + 1)^(pits - 1)`) has its index as its reduced index (no
    /// pit is less than 0, and the digits are read in base `cap + 1`): every successor of a
    /// move that does not sow round the whole circle has an empty pit, so this is the common
    /// case, and it costs no conversion.
    #[inline(always)]
    pub(crate) fn reduced_of(
        &self,
        shape: &Shape,
        digits: &Digits,
        index: u64,
        turn: usize,
    ) -> u64 {
        if index < shape.top() {
            index
        } else {
            self.reduced_turned(digits, turn)
        }
    }

    /// The rank of a representative (the solver ranks from the index, with
    /// [`Classes::reduced_of`]).
    #[cfg(test)]
    pub(crate) fn rank(&self, digits: &Digits) -> u64 {
        self.rank_turned(digits, 0)
    }

    /// The pits of the representative of rank `rank` (below [`Classes::count`]).
    pub(crate) fn unrank(&self, rank: u64) -> Digits {
        let group = self.groups.partition_point(|&before| before <= rank) - 1;
        let first = group * GROUP_LINES;
        let last = self.lines.len().min(first + GROUP_LINES);
        let number = (first..last)
            .take_while(|&number| self.before_line(number) <= rank)
            .last()
            .expect("the group's first line starts at or below the rank");
        let line = &self.lines[number];
        let mut left = rank - self.before_line(number);
        for (word, &bits) in line.bits.iter().enumerate() {
            let ones = u64::from(bits.count_ones());
            if left < ones {
                let mut bits = bits;
                for _ in 0..left {
                    bits &= bits - 1;
                }
                let bit = word as u64 * 64 + u64::from(bits.trailing_zeros());
                return self.decode(number as u64 * LINE_BITS + bit);
            }
            left -= ones;
        }
        unreachable!("rank {rank} is below the class count {}", self.count)
    }
}

/// The rank of the class of `board` among the classes of `variant`.
///
/// # Panics
///
/// When `board` belongs to another variant.
pub(crate) fn rank_of(classes: &Classes, variant: Variant, board: &VariantBoard) -> u64 {
    assert_eq!(board.variant(), variant, "a board of another variant");
    let shape = Shape::of(variant);
    let mut digits = [0; Variant::MAX_PITS];
    digits[..variant.pits()].copy_from_slice(board.pits());
    let (_, turn) = representative(&shape, &digits, board.index());
    classes.rank_turned(&digits, turn)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::VariantBoard;

    /// Every variant small enough to enumerate, with a few caps.
    fn small_variants() -> Vec<Variant> {
        let mut variants = Vec::new();
        for pits in 2..=8 {
            for cap in [2, 3, 5, 9] {
                let variant = Variant::new(pits, cap).expect("valid");
                if variant.board_count() <= 2_000_000 {
                    variants.push(variant);
                }
            }
        }
        variants
    }

    /// The representatives of `variant` in increasing index order, by brute force: the
    /// boards no turn of which has a smaller index.
    fn representatives(variant: Variant) -> Vec<u64> {
        (0..variant.board_count())
            .filter(|&index| {
                let board = VariantBoard::from_index(variant, index).expect("in range");
                (1..variant.pits()).all(|turn| board.rotated(turn).index() >= index)
            })
            .collect()
    }

    fn digits(board: &VariantBoard) -> Digits {
        let mut digits = [0; Variant::MAX_PITS];
        digits[..board.pits().len()].copy_from_slice(board.pits());
        digits
    }

    #[test]
    fn ranks_and_unranks_agree_with_enumeration() {
        for variant in small_variants() {
            let classes = Classes::build(variant).expect("built");
            let reps = representatives(variant);
            assert_eq!(classes.count(), reps.len() as u64, "{variant}");
            assert_eq!(variant.class_count(), reps.len() as u64, "{variant}");
            for (rank, &index) in reps.iter().enumerate() {
                let board = VariantBoard::from_index(variant, index).expect("in range");
                assert_eq!(classes.rank(&digits(&board)), rank as u64, "{board}");
                let back = classes.unrank(rank as u64);
                assert_eq!(
                    &back[..variant.pits()],
                    board.pits(),
                    "{variant} rank {rank}"
                );
            }
        }
    }

    #[test]
    fn every_turn_of_a_board_ranks_to_its_class() {
        for variant in small_variants() {
            let classes = Classes::build(variant).expect("built");
            let reps = representatives(variant);
            for index in (0..variant.board_count()).step_by(7) {
                let board = VariantBoard::from_index(variant, index).expect("in range");
                let (turn, smallest) = (0..variant.pits())
                    .map(|turn| (turn, board.rotated(turn).index()))
                    .min_by_key(|&(_, index)| index)
                    .expect("a turn");
                let rank = reps.binary_search(&smallest).expect("a representative");
                assert_eq!(
                    classes.rank_turned(&digits(&board), turn),
                    rank as u64,
                    "{board}"
                );
            }
        }
    }

    #[test]
    fn the_rank_from_an_index_agrees_with_the_turned_digits() {
        for variant in small_variants() {
            let classes = Classes::build(variant).expect("built");
            let shape = Shape::of(variant);
            let mut empty_top = 0;
            for index in 0..variant.board_count() {
                let board = VariantBoard::from_index(variant, index).expect("in range");
                let (smallest, turn) = (0..variant.pits())
                    .map(|turn| (board.rotated(turn).index(), turn))
                    .min()
                    .expect("a turn");
                empty_top += u64::from(smallest < shape.top());
                assert_eq!(
                    classes.rank_reduced(classes.reduced_of(
                        &shape,
                        &digits(&board),
                        smallest,
                        turn
                    )),
                    classes.rank_turned(&digits(&board), turn),
                    "{board}"
                );
            }
            // Both ways of ranking were taken.
            assert!(
                0 < empty_top && empty_top < variant.board_count(),
                "{variant}"
            );
        }
    }

    #[test]
    fn the_smallest_turn_test_agrees_with_indices() {
        for variant in small_variants() {
            let reps = representatives(variant);
            let found: Vec<u64> = (0..variant.board_count())
                .filter(|&index| {
                    let board = VariantBoard::from_index(variant, index).expect("in range");
                    is_smallest_turn(&digits(&board), variant.pits())
                })
                .collect();
            assert_eq!(found, reps, "{variant}");
        }
    }

    #[test]
    fn the_necklaces_generated_are_the_boards_that_test_smallest() {
        let mut variants = small_variants();
        for (pits, cap) in [(9, 5), (10, 3), (8, 9), (12, 2), (14, 2), (11, 4)] {
            variants.push(Variant::new(pits, cap).expect("valid"));
        }
        for variant in variants {
            let classes = Classes::build(variant).expect("built");
            let generated: Vec<[u64; 7]> = classes.lines.iter().map(|line| line.bits).collect();
            assert_eq!(generated, classes.bits_by_testing(), "{variant}");
            // And in pieces: every piece of a few lines marks what the whole does.
            for lines in [1, 3, 64] {
                let mut pieces = vec![Line::default(); classes.lines.len()];
                for (piece, chunk) in pieces.chunks_mut(lines).enumerate() {
                    classes.mark_necklaces((piece * lines) as u64 * LINE_BITS, chunk);
                }
                let pieces: Vec<[u64; 7]> = pieces.iter().map(|line| line.bits).collect();
                assert_eq!(pieces, generated, "{variant} in pieces of {lines} lines");
            }
        }
    }

    #[test]
    fn larger_class_counts_match_the_necklace_formula() {
        for (pits, cap) in [(9, 5), (10, 5), (10, 2), (11, 3)] {
            let variant = Variant::new(pits, cap).expect("valid");
            let classes = Classes::build(variant).expect("built");
            assert_eq!(classes.count(), variant.class_count(), "{variant}");
        }
    }
}
