//! Ioiwari's family: any number of pits, any bead cap, any start rule.
//!
//! A [`Variant`] is a circle of `n` pits (2 to 14) with a cap of `c` beads a pit (2 to 9); the
//! original game is [`Variant::IOI`], 7 pits and a cap of 5. The rules are the task's with 5
//! replaced by the cap (see [`VariantBoard::play`]). [`VariantTable::solve`] solves every
//! board of a variant, `(c + 1)^n` of them, using every core; [`summarize`] counts, for a
//! [`StartRule`], how the start boards of each total turn out for player 1.
//!
//! A solved table can be saved and loaded with [`VariantTable::write_to`] and
//! [`VariantTable::read_from`] (the file format is documented there), so a large variant is
//! solved once.
//!
//! ```
//! use duel_ioiwari::variant::{summarize, StartRule, Variant, VariantBoard, VariantTable};
//!
//! let variant = Variant::new(5, 4)?;
//! let table = VariantTable::solve(variant)?;
//! let board = VariantBoard::parse(variant, "3 2 4 2 3")?;
//! let value = table.value(&board);
//! // Every bead ends in a bank, so the value has the parity of the beads on the board.
//! assert_eq!(value.rem_euclid(2), 0);
//! let rows = summarize(&table, StartRule::new(variant, 2, 4)?, Some(14));
//! assert_eq!(rows[0].beads, 14);
//! assert_eq!(rows[0].starts, rows[0].wins + rows[0].draws + rows[0].losses);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod classes;
mod error;
mod family;
mod shape;
mod solve;
mod starts;
mod table;
pub mod tiers;
mod verify;

pub use board::{VariantBoard, VariantSowing};
pub use error::{SolveError, TableFormatError, VariantError};
pub use family::Variant;
pub use solve::{
    class_value, solve_dense, ClassMove, ClassSpace, SolveOptions, TierPiece, TierProgress,
};
pub use starts::{summarize, summarize_with, StartRule, TotalSummary};
pub use table::VariantTable;
pub use verify::{VerifyReport, VerifyScope};
