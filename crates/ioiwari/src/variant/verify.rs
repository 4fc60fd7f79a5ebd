//! [`VariantTable::verify`]: the stored values checked against their successors' stored
//! values, over every class or a random sample.

use rayon::prelude::*;

use crate::variant::shape::{sow, Shape};
use crate::variant::solve::{
    each_representative, run, thread_pool, tier_pieces, Batch, Layout, Ranked,
};
use crate::variant::{SolveError, VariantBoard, VariantTable};
use duel_random::SplitMix64;

/// Which classes [`VariantTable::verify`] checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyScope {
    /// Every class, tier by tier.
    All,
    /// `classes` ranks drawn uniformly (with replacement) by a generator seeded with `seed`.
    Sample {
        /// How many classes to check.
        classes: u64,
        /// The generator's seed.
        seed: u64,
    },
}

/// What [`VariantTable::verify`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyReport {
    /// Classes checked.
    pub checked: u64,
    /// Classes whose stored value is not the best of `gain - stored value of the successor`
    /// over their moves.
    pub mismatches: u64,
    /// The mismatch of smallest rank found: (representative, stored value, recomputed value).
    pub first_mismatch: Option<(VariantBoard, i8, i8)>,
}

/// A mismatch seen by one worker: (rank, stored, recomputed), the smallest rank kept.
#[derive(Clone, Copy, Default)]
struct Found {
    checked: u64,
    mismatches: u64,
    first: Option<(u64, i8, i8)>,
}

impl Found {
    fn note(&mut self, rank: u64, stored: i8, best: i8) {
        self.checked += 1;
        if stored != best {
            self.mismatches += 1;
            if self.first.is_none_or(|(first, _, _)| rank < first) {
                self.first = Some((rank, stored, best));
            }
        }
    }

    fn merge(mut self, other: Found) -> Found {
        self.checked += other.checked;
        self.mismatches += other.mismatches;
        if let Some((rank, stored, best)) = other.first {
            if self.first.is_none_or(|(first, _, _)| rank < first) {
                self.first = Some((rank, stored, best));
            }
        }
        self
    }
}

/// Random ranks are checked in pieces of this many, each with its own generator.
const SAMPLE_PIECE: u64 = 1 << 16;

impl VariantTable {
    /// Recomputes the value of every class in `scope` from its successors' stored values (the
    /// best of a move's gain minus the value stored for the board it leaves; 0 for the empty
    /// board) and compares it with the class's own stored value, on `threads` threads (`None`:
    /// rayon's global pool). A table solved without fault passes every check; a table whose
    /// bytes were changed fails at a changed class (or at a class whose best move leads to
    /// one).
    ///
    /// ```
    /// use duel_ioiwari::variant::{Variant, VariantTable, VerifyScope};
    ///
    /// let table = VariantTable::solve(Variant::new(6, 3)?)?;
    /// let all = table.verify(VerifyScope::All, None)?;
    /// assert_eq!((all.checked, all.mismatches), (table.class_values().len() as u64, 0));
    /// let sample = table.verify(VerifyScope::Sample { classes: 100, seed: 7 }, Some(1))?;
    /// assert_eq!((sample.checked, sample.mismatches), (100, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify(
        &self,
        scope: VerifyScope,
        threads: Option<usize>,
    ) -> Result<VerifyReport, SolveError> {
        let pool = thread_pool(threads)?;
        let found = run(&pool, || match scope {
            VerifyScope::All => self.verify_all(),
            VerifyScope::Sample { classes, seed } => self.verify_sample(classes, seed),
        });
        Ok(VerifyReport {
            checked: found.checked,
            mismatches: found.mismatches,
            first_mismatch: found.first.map(|(rank, stored, best)| {
                let board = self.representative(rank).expect("a checked rank");
                (board, stored, best)
            }),
        })
    }

    fn verify_all(&self) -> Found {
        let shape = Shape::of(self.variant());
        let layout = Ranked(self.classes());
        let values = self.class_values();
        // The empty board: no move, value 0.
        let mut found = Found::default();
        found.note(0, values[0], 0);
        for beads in 1..=self.variant().max_beads() {
            let tier = tier_pieces(&shape, beads)
                .par_iter()
                .map(|piece| {
                    let mut found = Found::default();
                    let mut batch = Batch::new();
                    let read = |at: u64| values[at as usize];
                    let mut done = |own: u64, best: i8| found.note(own, values[own as usize], best);
                    each_representative(&shape, piece, |digits, index| {
                        if batch.push(&shape, &layout, digits, index) {
                            batch.flush(&layout, read, &mut done);
                        }
                    });
                    batch.flush(&layout, read, &mut done);
                    found
                })
                .reduce(Found::default, Found::merge);
            found = found.merge(tier);
        }
        found
    }

    fn verify_sample(&self, classes: u64, seed: u64) -> Found {
        let shape = Shape::of(self.variant());
        let layout = Ranked(self.classes());
        let values = self.class_values();
        let count = values.len() as u64;
        (0..classes.div_ceil(SAMPLE_PIECE))
            .into_par_iter()
            .map(|piece| {
                let mut random = SplitMix64::new(seed ^ piece.wrapping_mul(0x9E37_79B9_7F4A_7C15));
                let mut found = Found::default();
                let len = SAMPLE_PIECE.min(classes - piece * SAMPLE_PIECE);
                for _ in 0..len {
                    let rank = random.below(count);
                    let digits = self.classes().unrank(rank);
                    let index = shape.index(&digits);
                    let mut best = None;
                    for from in 0..shape.pits {
                        if digits[from] == 0 {
                            continue;
                        }
                        let mut next = digits;
                        let (next_index, gain) = sow(&shape, &mut next, index, from);
                        let value = gain - values[layout.place(&shape, &next, next_index) as usize];
                        best = Some(best.map_or(value, |best: i8| best.max(value)));
                    }
                    found.note(rank, values[rank as usize], best.unwrap_or(0));
                }
                found
            })
            .reduce(Found::default, Found::merge)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn a_changed_byte_is_found_by_the_full_check() {
        let table = VariantTable::solve(Variant::new(6, 4).expect("valid")).expect("solved");
        let clean = table.verify(VerifyScope::All, Some(2)).expect("ran");
        assert_eq!(
            clean.checked,
            Variant::new(6, 4).expect("valid").class_count()
        );
        assert_eq!((clean.mismatches, clean.first_mismatch), (0, None));
        let rank = 1234;
        let mut broken = table.clone();
        broken.values_mut()[rank] += 2;
        let report = broken.verify(VerifyScope::All, Some(2)).expect("ran");
        assert!(report.mismatches >= 1);
        let (board, stored, best) = report.first_mismatch.expect("a mismatch");
        assert_ne!(stored, best);
        assert!(broken.rank(&board) <= rank as u64, "{board}");
        // A sample of every rank many times over meets it too.
        let sample = broken
            .verify(
                VerifyScope::Sample {
                    classes: 200_000,
                    seed: 1,
                },
                None,
            )
            .expect("ran");
        assert_eq!(sample.checked, 200_000);
        assert!(sample.mismatches >= 1);
    }
}
