//! [`Partition`]: which process owns which range of class ranks.

use std::ops::Range;

/// The classes `0..count` cut into `parts` ranges of consecutive ranks, as equal as can be:
/// process `k` owns ranks `k * count / parts` up to `(k + 1) * count / parts`.
///
/// ```
/// use duel_variants_mpi::Partition;
///
/// let partition = Partition::new(10, 3);
/// assert_eq!(partition.range(0), 0..3);
/// assert_eq!(partition.range(1), 3..6);
/// assert_eq!(partition.range(2), 6..10);
/// assert_eq!(partition.owner(5), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    /// `starts[k]`: the first rank of process `k`; `starts[parts]` is the count.
    starts: Vec<u64>,
}

impl Partition {
    /// The partition of `count` classes over `parts` processes (at least one).
    ///
    /// # Panics
    ///
    /// When `parts` is 0.
    pub fn new(count: u64, parts: usize) -> Partition {
        assert!(parts > 0, "at least one process");
        let starts = (0..=parts)
            .map(|k| (u128::from(count) * k as u128 / parts as u128) as u64)
            .collect();
        Partition { starts }
    }

    /// The number of processes.
    pub fn parts(&self) -> usize {
        self.starts.len() - 1
    }

    /// The number of classes partitioned: the ranks are `0..count`.
    pub fn count(&self) -> u64 {
        self.starts[self.parts()]
    }

    /// The ranks process `part` owns.
    pub fn range(&self, part: usize) -> Range<u64> {
        self.starts[part]..self.starts[part + 1]
    }

    /// The process that owns rank `rank` (below [`Partition::count`]).
    pub fn owner(&self, rank: u64) -> usize {
        // The last process whose first rank is at or below `rank` (empty ranges skipped).
        self.starts.partition_point(|&start| start <= rank) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ranges_cover_every_rank_once_and_owners_agree() {
        for count in [0u64, 1, 2, 3, 7, 21, 100, 1001] {
            for parts in 1..=6 {
                let partition = Partition::new(count, parts);
                assert_eq!(partition.parts(), parts);
                assert_eq!(partition.count(), count);
                let mut next = 0;
                for part in 0..parts {
                    let range = partition.range(part);
                    assert_eq!(range.start, next, "{count} over {parts}");
                    // As equal as can be: sizes differ by at most one.
                    let size = range.end - range.start;
                    assert!(size == count / parts as u64 || size == count / parts as u64 + 1);
                    for rank in range.clone() {
                        assert_eq!(partition.owner(rank), part, "rank {rank} of {count}");
                    }
                    next = range.end;
                }
                assert_eq!(next, count);
            }
        }
    }

    #[test]
    fn more_processes_than_classes_leave_some_empty() {
        let partition = Partition::new(2, 5);
        let sizes: Vec<u64> = (0..5)
            .map(|part| partition.range(part).end - partition.range(part).start)
            .collect();
        assert_eq!(sizes.iter().sum::<u64>(), 2);
        assert_eq!(sizes.iter().filter(|&&size| size == 0).count(), 3);
        assert_eq!(partition.range(partition.owner(0)).start, 0);
        assert!(partition.range(partition.owner(1)).contains(&1));
    }
}
