//! What duel knows about a position, for every front end: the analysis documents (the JSON of
//! `duel serve`'s API and of `duel ... --json`) and the computer players at each strength.
//!
//! - [`documents`]: the documents, for Ioiwari and Pooh-Eeyore-sticks;
//! - [`replay`]: a judged game move by move, each move's value and the first that gave
//!   value away;
//! - [`engine`]: the computer at a strength, one of the game crates' own strategies
//!   ([`duel_ioiwari::ComputerKind`], [`duel_mis::LolekKind`]);
//! - `rng` (private): the random player's seed from the clock, when no seed is given;
//! - [`variants`]: Ioiwari's variants (any pits, any cap): the summary of a solved variant's
//!   start boards, its heat map, and a position's analysis and play;
//! - [`Standing`]: win, draw or loss, serialised as `"win"`, `"draw"`, `"loss"`.
//!
//! ```
//! use duel_analysis::{documents::mis::analyze, Standing};
//! use duel_mis::Position;
//!
//! let doc = analyze(&Position::new(7, 2, 3)?);
//! assert_eq!(doc.standing, Standing::Win);
//! assert_eq!(serde_json::to_value(&doc)?["standing"], "win");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

pub mod documents;
pub mod engine;
pub mod replay;
mod rng;
mod standing;
pub mod variants;

pub use engine::ParseStrengthError;
pub use standing::Standing;
