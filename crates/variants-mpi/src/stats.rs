//! The `--stats` document: per tier, per process and in total, the classes solved, the
//! look-ups sent to other processes and the bytes exchanged.

use duel_ioiwari::variant::Variant;
use serde::Serialize;

use crate::{Counts, TierCounts};

/// The measurements of one solve (see [`Counts`] for each count).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    /// The number of pits.
    pub pits: usize,
    /// The variant's cap: the most beads a pit may hold.
    pub cap: u8,
    /// Processes in the job.
    pub processes: usize,
    /// Classes a process takes in a round, at most (a piece is never split).
    pub batch: u64,
    /// Classes of the variant.
    pub classes: u64,
    /// Boards of the variant.
    pub boards: u64,
    /// Wall-clock seconds of the solve on process 0 (the ranking's construction included).
    pub seconds: f64,
    /// Every tier, from 1 bead up.
    pub tiers: Vec<TierStats>,
    /// Each process's counts summed over the tiers.
    pub process_totals: Vec<Counts>,
    /// Every process's counts over every tier, summed.
    pub total: Counts,
}

/// One tier over all processes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TierStats {
    /// Beads on the tier's boards.
    pub beads: u32,
    /// Rounds of exchanges the tier took (the most of any process).
    pub rounds: u64,
    /// The longest time a process spent in the tier, in seconds.
    pub seconds: f64,
    /// The processes' counts summed.
    pub total: Counts,
    /// Each process's counts, in process order.
    pub processes: Vec<Counts>,
}

impl Stats {
    /// The document of a solve of `variant` by processes whose tiers are `per_process` (in
    /// process order, each from tier 1 up).
    pub fn new(
        variant: Variant,
        batch: u64,
        per_process: &[Vec<TierCounts>],
        seconds: f64,
    ) -> Stats {
        let tiers: Vec<TierStats> = (0..variant.max_beads() as usize)
            .map(|tier| {
                let processes: Vec<Counts> =
                    per_process.iter().map(|tiers| tiers[tier].counts).collect();
                let mut total = Counts::default();
                processes.iter().for_each(|counts| total.add(counts));
                TierStats {
                    beads: tier as u32 + 1,
                    rounds: per_process
                        .iter()
                        .map(|tiers| tiers[tier].rounds)
                        .max()
                        .unwrap_or(0),
                    seconds: per_process
                        .iter()
                        .map(|tiers| tiers[tier].seconds)
                        .fold(0.0, f64::max),
                    total,
                    processes,
                }
            })
            .collect();
        let process_totals: Vec<Counts> = per_process
            .iter()
            .map(|tiers| {
                let mut sum = Counts::default();
                tiers.iter().for_each(|tier| sum.add(&tier.counts));
                sum
            })
            .collect();
        let mut total = Counts::default();
        process_totals.iter().for_each(|counts| total.add(counts));
        Stats {
            pits: variant.pits(),
            cap: variant.cap(),
            processes: per_process.len(),
            batch,
            classes: variant.class_count(),
            boards: variant.board_count(),
            seconds,
            tiers,
            process_totals,
            total,
        }
    }
}
