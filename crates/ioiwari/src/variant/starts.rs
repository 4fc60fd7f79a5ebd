//! Start rules and how their start boards turn out.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use crate::variant::{Variant, VariantBoard, VariantError, VariantTable};

/// Which boards are start boards: every pit holds `min` to `max` beads (the task: 2 to 4), in
/// any total, banks empty, player 1 to move.
///
/// ```
/// use duel_ioiwari::variant::{StartRule, Variant};
///
/// let rule = StartRule::new(Variant::IOI, 2, 4)?;
/// assert_eq!(rule.totals(), 14..=28);
/// let mut starts = 0;
/// rule.for_each_start(20, |_| starts += 1);
/// assert_eq!(starts, 357);
/// assert!(StartRule::new(Variant::IOI, 4, 6).is_err()); // above the cap of 5
/// # Ok::<(), duel_ioiwari::variant::VariantError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StartRule {
    variant: Variant,
    min: u8,
    max: u8,
}

impl StartRule {
    /// Pits of `variant` holding `min` to `max` beads; needs `min <= max <= cap`.
    pub fn new(variant: Variant, min: u8, max: u8) -> Result<StartRule, VariantError> {
        if min > max || max > variant.cap() {
            return Err(VariantError::StartRule {
                min,
                max,
                cap: variant.cap(),
            });
        }
        Ok(StartRule { variant, min, max })
    }

    /// The variant whose boards the rule describes.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The least beads a start pit holds.
    pub fn min(&self) -> u8 {
        self.min
    }

    /// The most beads a start pit holds.
    pub fn max(&self) -> u8 {
        self.max
    }

    /// The totals that have start boards: `pits * min` to `pits * max`.
    pub fn totals(&self) -> RangeInclusive<u32> {
        let n = self.variant.pits() as u32;
        n * u32::from(self.min)..=n * u32::from(self.max)
    }

    /// Calls `visit` for every start board holding `total` beads, in increasing order of
    /// their pits read from pit 1.
    pub fn for_each_start(&self, total: u32, mut visit: impl FnMut(&VariantBoard)) {
        let n = self.variant.pits();
        let mut counts = vec![0u8; n];
        self.fill(0, total, &mut counts, &mut visit);
    }

    fn fill(&self, k: usize, rest: u32, counts: &mut [u8], visit: &mut impl FnMut(&VariantBoard)) {
        let n = counts.len();
        let left = (n - k - 1) as u32; // pits after k
        let (min, max) = (u32::from(self.min), u32::from(self.max));
        let low = min.max(rest.saturating_sub(left * max));
        let high = max.min(rest.saturating_sub(left * min));
        if rest < left * min + low || low > high {
            return;
        }
        for count in low..=high {
            counts[k] = count as u8;
            if k + 1 == n {
                if count == rest {
                    let board = VariantBoard::new(self.variant, counts).expect("within the cap");
                    visit(&board);
                }
            } else {
                self.fill(k + 1, rest - count, counts, visit);
            }
        }
    }
}

/// How the start boards of one total turn out for player 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TotalSummary {
    /// The tier: beads on each of these start boards.
    pub beads: u32,
    /// Start boards with that total.
    pub starts: u64,
    /// Starts player 1 wins (value above 0).
    pub wins: u64,
    /// Starts that end in a draw (value 0).
    pub draws: u64,
    /// Starts player 1 loses (value below 0).
    pub losses: u64,
    /// How many starts have each value.
    pub values: BTreeMap<i8, u64>,
    /// The first won start (in the order of [`StartRule::for_each_start`]).
    pub example_win: Option<VariantBoard>,
    /// The first drawn start (in the same order), `None` when no start of the total draws.
    pub example_draw: Option<VariantBoard>,
    /// The first lost start (in the same order), `None` when player 1 wins or draws every one.
    pub example_loss: Option<VariantBoard>,
}

/// Summarizes the start boards of `rule` for every total of [`StartRule::totals`], or only
/// for `beads` when given (a total without starts gives a row of zeros).
///
/// # Panics
///
/// When `rule` is for another variant than `table`.
pub fn summarize(table: &VariantTable, rule: StartRule, beads: Option<u32>) -> Vec<TotalSummary> {
    summarize_with(table.variant(), rule, beads, |board| table.value(board))
}

/// [`summarize`] from any source of the variant's values, `value(board)` the value of
/// `board` for player 1 to move: a table read in place from a saved file, for one.
///
/// # Panics
///
/// When `rule` is for another variant than `variant`.
pub fn summarize_with(
    variant: Variant,
    rule: StartRule,
    beads: Option<u32>,
    value: impl Fn(&VariantBoard) -> i8,
) -> Vec<TotalSummary> {
    assert_eq!(
        rule.variant(),
        variant,
        "rule and table of different variants"
    );
    let totals = match beads {
        Some(beads) => beads..=beads,
        None => rule.totals(),
    };
    totals
        .map(|total| {
            let mut row = TotalSummary {
                beads: total,
                starts: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                values: BTreeMap::new(),
                example_win: None,
                example_draw: None,
                example_loss: None,
            };
            rule.for_each_start(total, |board| {
                let value = value(board);
                row.starts += 1;
                *row.values.entry(value).or_insert(0) += 1;
                let (count, example) = match value.signum() {
                    1 => (&mut row.wins, &mut row.example_win),
                    0 => (&mut row.draws, &mut row.example_draw),
                    _ => (&mut row.losses, &mut row.example_loss),
                };
                *count += 1;
                example.get_or_insert(*board);
            });
            row
        })
        .collect()
}
