//! The typed errors of the variant family.

use thiserror::Error;

use crate::variant::Variant;

/// A variant, a board or a move that does not fit the family's rules.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VariantError {
    /// The number of pits is outside the supported range.
    #[error("{pits} pits: a variant has {min} to {max} pits")]
    Pits {
        /// The rejected number of pits.
        pits: usize,
        /// [`Variant::MIN_PITS`], the fewest pits a variant may have.
        min: usize,
        /// [`Variant::MAX_PITS`], the most pits a variant may have.
        max: usize,
    },
    /// The cap is outside the supported range.
    #[error("a cap of {cap}: the cap is {min} to {max} beads a pit")]
    Cap {
        /// The cap asked for, in beads a pit.
        cap: u8,
        /// [`Variant::MIN_CAP`], the smallest cap supported.
        min: u8,
        /// [`Variant::MAX_CAP`], the largest cap supported.
        max: u8,
    },
    /// A board with the wrong number of pits.
    #[error("{given} pit counts given, the variant has {pits} pits")]
    WrongLength {
        /// How many counts were given.
        given: usize,
        /// How many pits the variant has.
        pits: usize,
    },
    /// A pit holding more than the cap.
    #[error("pit {pit} holds {beads} beads, more than the cap of {cap}")]
    TooManyBeads {
        /// The pit number (1-based).
        pit: usize,
        /// The beads the board gives that pit.
        beads: u8,
        /// The variant's cap: the most beads a pit may hold.
        cap: u8,
    },
    /// A word of a board's text that is not a count.
    #[error("{word:?} is not a bead count")]
    NotACount {
        /// The word that is not a `u8`, cut to its first 20 characters.
        word: String,
    },
    /// A move on a pit that does not exist.
    #[error("there is no pit {pit}; pits are numbered 1 to {pits}")]
    NoSuchPit {
        /// The pit number asked for.
        pit: usize,
        /// The variant's number of pits, the highest pit number.
        pits: usize,
    },
    /// A move on an empty pit.
    #[error("pit {pit} is empty")]
    EmptyPit {
        /// The 1-based number of the pit asked to be sown.
        pit: usize,
    },
    /// A start rule whose bounds are reversed or above the cap.
    #[error("start rule {min} to {max} beads a pit does not fit a cap of {cap}")]
    StartRule {
        /// The least beads a start pit holds.
        min: u8,
        /// The most beads a start pit holds.
        max: u8,
        /// The variant's cap, which `max` may not exceed.
        cap: u8,
    },
}

/// Why a variant could not be solved.
#[derive(Debug, Error)]
pub enum SolveError {
    /// The table (one byte per board) could not be allocated.
    #[error("cannot allocate the table: {boards} boards need {boards} bytes")]
    TooLarge {
        /// The number of boards of the variant.
        boards: u64,
    },
    /// The worker threads could not be started.
    #[error("cannot start {threads} solver threads: {reason}")]
    Threads {
        /// The number of threads asked for.
        threads: usize,
        /// What the thread pool said.
        reason: String,
    },
    /// A tier file or the tier directory could not be written or read.
    #[error("{}: {reason}", path.display())]
    TierIo {
        /// The tier file or tier directory being written or read.
        path: std::path::PathBuf,
        /// The I/O error's message.
        reason: String,
    },
    /// A tier file read back is not a finished tier of this solve.
    #[error("{} is not a valid tier file: {reason}", path.display())]
    TierFile {
        /// The tier file read back.
        path: std::path::PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// A fresh solve was given a tier directory that holds tiers already.
    #[error("{} already holds solved tiers: resume from them, or give an empty directory", dir.display())]
    TiersPresent {
        /// The tier directory given to a fresh solve; it holds tier 1 already.
        dir: std::path::PathBuf,
    },
}

/// Why bytes are not a saved table (see [`VariantTable::read_from`](crate::variant::VariantTable::read_from)).
#[derive(Debug, Error)]
pub enum TableFormatError {
    /// Reading failed (including a file that ends early).
    #[error("cannot read the table: {0}")]
    Io(#[from] std::io::Error),
    /// The file does not start with the format's magic bytes.
    #[error("not a duel variant table (bad magic bytes)")]
    BadMagic,
    /// A format version this build does not read.
    #[error("table format version {0} is not supported (this build reads versions 1 and 2)")]
    Version(u16),
    /// The header names a variant outside the family's bounds.
    #[error("the header's variant is invalid: {0}")]
    Variant(#[from] VariantError),
    /// The header's count (boards in version 1, classes in version 2) does not match its
    /// variant.
    #[error("the header says {found} values, the variant has {expected}")]
    BoardCount {
        /// The count the variant implies.
        expected: u64,
        /// The count in the header.
        found: u64,
    },
    /// The header names another variant than the one asked for
    /// ([`VariantTable::read_variant`](crate::variant::VariantTable::read_variant)).
    #[error("the table holds {found}, not {expected}")]
    OtherVariant {
        /// The header's variant.
        found: Variant,
        /// The variant asked for.
        expected: Variant,
    },
    /// A reserved header field is not zero.
    #[error("reserved header bytes are not zero")]
    Reserved,
    /// The values do not match the header's checksum.
    #[error("the table is corrupt: checksum mismatch")]
    Checksum,
    /// Bytes follow the last value the header counts.
    #[error("unexpected bytes after the table")]
    TrailingData,
    /// The table does not fit in memory.
    #[error("cannot allocate {0} bytes for the table")]
    TooLarge(u64),
    /// The ranking of the variant's classes could not be built.
    #[error("cannot rank the classes: {0}")]
    Ranking(#[from] SolveError),
}
