//! Ioiwari's family of variants (any pits, any cap; [`duel_ioiwari::variant`]): the summary of a
//! solved variant's start boards ([`VariantsDoc`], the `--json` of `duel ioiwari variants`),
//! its heat map ([`heat_map`]), and a position's analysis and play ([`position`]).
//!
//! ```
//! use duel_analysis::variants::{summary, VariantsDoc};
//! use duel_ioiwari::variant::{StartRule, Variant, VariantTable};
//!
//! let variant = Variant::new(5, 3)?;
//! let table = VariantTable::solve(variant)?;
//! let doc = summary(&table, StartRule::new(variant, 1, 3)?, None);
//! assert_eq!(doc.boards, 1024);
//! let text = serde_json::to_string(&doc)?;
//! let back = VariantsDoc::from_json(text.as_bytes())?;
//! assert_eq!(back.totals.len(), doc.totals.len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod heat_map;
pub mod position;

use std::collections::BTreeMap;

use duel_ioiwari::variant::{
    summarize_with, StartRule, TotalSummary, Variant, VariantBoard, VariantError,
};
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};

pub use heat_map::heat_map;

/// The summary of a variant's start boards: the `--json` document of `duel ioiwari variants`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct VariantsDoc {
    /// Number of pits.
    pub pits: usize,
    /// The cap: the most beads a pit may hold.
    pub cap: u8,
    /// Least beads in a start pit.
    pub min: u8,
    /// Most beads in a start pit.
    pub max: u8,
    /// One entry per bead total.
    pub totals: Vec<TotalDoc>,
    /// Boards in the solved table, `(cap+1)^pits`.
    #[serde(default)]
    pub boards: u64,
}

/// One bead total of [`VariantsDoc`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TotalDoc {
    /// Beads on the start boards.
    pub beads: u32,
    /// Start boards with this total.
    pub starts: u64,
    /// Starts player 1 wins (value above 0).
    pub wins: u64,
    /// Starts that end in a draw (value 0).
    pub draws: u64,
    /// Starts player 1 loses (value below 0).
    pub losses: u64,
    /// Starts per value, keys in increasing numeric order.
    #[serde(serialize_with = "numeric_keys", default)]
    pub values: BTreeMap<String, u64>,
    /// The first start of each outcome, in pit order (absent when there is none).
    #[serde(default)]
    pub examples: Examples,
}

/// Example starts of [`TotalDoc`].
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Examples {
    /// A start player 1 wins.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub win: Option<Vec<u8>>,
    /// A drawn start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw: Option<Vec<u8>>,
    /// A start player 1 loses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loss: Option<Vec<u8>>,
}

/// Writes the value map with its keys ordered as numbers (`-2`, `0`, `2`, `10`).
fn numeric_keys<S: Serializer>(values: &BTreeMap<String, u64>, s: S) -> Result<S::Ok, S::Error> {
    let mut entries: Vec<(&String, &u64)> = values.iter().collect();
    entries.sort_by_key(|(key, _)| key.parse::<i64>().unwrap_or(i64::MAX));
    let mut map = s.serialize_map(Some(entries.len()))?;
    for (key, count) in entries {
        map.serialize_entry(key, count)?;
    }
    map.end()
}

impl TotalDoc {
    /// The document of one row of [`summarize`](duel_ioiwari::variant::summarize).
    pub fn of(row: &TotalSummary) -> TotalDoc {
        let pits = |board: &Option<VariantBoard>| board.map(|board| board.pits().to_vec());
        TotalDoc {
            beads: row.beads,
            starts: row.starts,
            wins: row.wins,
            draws: row.draws,
            losses: row.losses,
            values: row
                .values
                .iter()
                .map(|(value, count)| (value.to_string(), *count))
                .collect(),
            examples: Examples {
                win: pits(&row.example_win),
                draw: pits(&row.example_draw),
                loss: pits(&row.example_loss),
            },
        }
    }
}

/// The summary of `table`'s start boards under `rule`: every total, or only `beads`.
pub fn summary(
    table: &(impl position::VariantValues + ?Sized),
    rule: StartRule,
    beads: Option<u32>,
) -> VariantsDoc {
    let variant = table.variant();
    VariantsDoc {
        pits: variant.pits(),
        cap: variant.cap(),
        min: rule.min(),
        max: rule.max(),
        totals: summarize_with(variant, rule, beads, |board| table.value(board))
            .iter()
            .map(TotalDoc::of)
            .collect(),
        boards: variant.board_count(),
    }
}

/// Why a document is not a summary [`VariantsDoc::from_json`] accepts.
#[derive(Debug, thiserror::Error)]
pub enum SummaryError {
    /// Not JSON of the document's shape.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// Its pits and cap are not a variant.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// A total whose wins, draws and losses do not add up to its starts, or an impossible total.
    #[error("inconsistent counts at {beads} beads")]
    Inconsistent {
        /// The total's beads.
        beads: u32,
    },
}

impl VariantsDoc {
    /// Reads a document [`summary`] made (as `duel ioiwari variants --json` prints it),
    /// checking that it names a variant and that its counts add up.
    pub fn from_json(bytes: &[u8]) -> Result<VariantsDoc, SummaryError> {
        let doc: VariantsDoc = serde_json::from_slice(bytes)?;
        Variant::new(doc.pits, doc.cap)?;
        for total in &doc.totals {
            if total.wins + total.draws + total.losses != total.starts || total.beads > 126 {
                return Err(SummaryError::Inconsistent { beads: total.beads });
            }
        }
        Ok(doc)
    }

    /// The same document with the counts only (no values, no examples): a heat map's row.
    pub fn counts_only(&self) -> VariantsDoc {
        VariantsDoc {
            totals: self
                .totals
                .iter()
                .map(|t| TotalDoc {
                    values: BTreeMap::new(),
                    examples: Examples::default(),
                    ..*t
                })
                .collect(),
            ..*self
        }
    }
}
