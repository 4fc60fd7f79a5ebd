//! [`VariantTable`]: every rotation class of a variant solved, and its file format.

use std::io::{self, Read, Write};

use crate::variant::classes::{is_smallest_turn, rank_of, Classes};
use rayon::prelude::*;

use crate::variant::shape::{digits_of, representative, Digits, Shape};
use crate::variant::solve::solve_classes;
use crate::variant::tiers::{write_values, WordHash};
use crate::variant::{SolveError, SolveOptions, TableFormatError, Variant, VariantBoard};

/// The value of every board of one variant, one signed byte per rotation class (turned
/// boards have the same value), indexed by the class's rank.
///
/// The value of a board is the best final bank difference the side to move can force from
/// its pits (the banks do not affect the play). A class's rank is the position of its
/// representative (the turn of its boards with the smallest [`VariantBoard::index`]) among
/// all representatives, in index order; the ranking keeps a bit per board whose top pit holds
/// its fewest beads (see [`Variant::class_count`] for the number of classes). A table of
/// `(cap + 1)^pits` boards takes about `1/pits + 1/(7 (cap+1))` bytes a board: 7 MB for 10
/// pits with a cap of 5, 1.35 GB for 13, 7.7 GB for 14.
///
/// # File format
///
/// [`write_to`](VariantTable::write_to) writes, and [`read_from`](VariantTable::read_from)
/// reads back, a 32-byte header followed by the values (integers little-endian):
///
/// | offset | bytes | content |
/// |---|---|---|
/// | 0 | 8 | magic `DUELVTAB` |
/// | 8 | 2 | format version, 2 |
/// | 10 | 1 | pits |
/// | 11 | 1 | cap |
/// | 12 | 4 | reserved, zero |
/// | 16 | 8 | class count, [`Variant::class_count`] |
/// | 24 | 8 | checksum: 64-bit FNV-1a over the values taken as 8-byte little-endian words (the last word padded with zero bytes) |
/// | 32 | count | the values, one signed byte per class, in rank order |
///
/// Nothing follows the values. Reading checks every header field, the length and the
/// checksum. Version 1, written by earlier builds, is the same but for its count and values:
/// one value per board, `(cap + 1)^pits` of them, in index order; it is read too (each
/// class's value taken at its representative).
///
/// ```
/// use duel_ioiwari::variant::{Variant, VariantBoard, VariantTable};
///
/// let variant = Variant::new(5, 3)?;
/// let table = VariantTable::solve(variant)?;
/// let board = VariantBoard::parse(variant, "3 0 2 1 0")?;
/// let best = table.best_moves(&board);
/// let values = table.move_values(&board);
/// assert_eq!(values[best[0] - 1], Some(table.value(&board)));
///
/// let mut file = Vec::new();
/// table.write_to(&mut file)?;
/// assert_eq!(file.len(), 32 + 208); // 1024 boards in 208 classes
/// assert_eq!(VariantTable::read_from(file.as_slice())?, table);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct VariantTable {
    variant: Variant,
    classes: Classes,
    values: Vec<i8>,
}

const MAGIC: &[u8; 8] = b"DUELVTAB";
/// The version written: one value per rotation class.
const VERSION: u16 = 2;
/// The version of one value per board, read only.
const DENSE_VERSION: u16 = 1;
const HEADER_BYTES: usize = 32;
/// Values are read in pieces of this many bytes.
const CHUNK: usize = 1 << 20;

impl VariantTable {
    /// Solves every class of `variant` on all cores.
    pub fn solve(variant: Variant) -> Result<VariantTable, SolveError> {
        VariantTable::solve_with(variant, SolveOptions::default())
    }

    /// Solves every class of `variant` with the given options (threads, progress, tier
    /// directory). The table depends on none of them.
    pub fn solve_with(
        variant: Variant,
        options: SolveOptions<'_>,
    ) -> Result<VariantTable, SolveError> {
        let (classes, values) = solve_classes(variant, options)?;
        Ok(VariantTable {
            variant,
            classes,
            values,
        })
    }

    /// The variant solved; a saved table's header names it.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// All values, one per class, indexed by rank.
    pub fn class_values(&self) -> &[i8] {
        &self.values
    }

    /// The ranking of the classes.
    pub(crate) fn classes(&self) -> &Classes {
        &self.classes
    }

    /// The values, to break on purpose in tests.
    #[cfg(test)]
    pub(crate) fn values_mut(&mut self) -> &mut [i8] {
        &mut self.values
    }

    /// The pits of the representative of the class of rank `rank`, if `rank` is below
    /// [`Variant::class_count`].
    pub fn representative(&self, rank: u64) -> Option<VariantBoard> {
        (rank < self.classes.count()).then(|| self.board(&self.classes.unrank(rank)))
    }

    fn board(&self, digits: &Digits) -> VariantBoard {
        VariantBoard::new(self.variant, &digits[..self.variant.pits()]).expect("within the cap")
    }

    /// The rank of the class of `board`.
    ///
    /// # Panics
    ///
    /// When `board` belongs to another variant.
    pub fn rank(&self, board: &VariantBoard) -> u64 {
        rank_of(&self.classes, self.variant, board)
    }

    /// Every board's value, indexed by board index: `(cap + 1)^pits` bytes, as the first
    /// solver of the family kept them.
    pub fn dense_values(&self) -> Vec<i8> {
        const PIECE: usize = 1 << 16;
        let shape = Shape::of(self.variant);
        let mut values = vec![0i8; self.variant.board_count() as usize];
        values
            .par_chunks_mut(PIECE)
            .enumerate()
            .for_each(|(piece, chunk)| {
                let first = (piece * PIECE) as u64;
                let mut digits = digits_of(&shape, first);
                for (index, value) in (first..).zip(chunk.iter_mut()) {
                    let (_, turn) = representative(&shape, &digits, index);
                    *value = self.values[self.classes.rank_turned(&digits, turn) as usize];
                    next_board(&mut digits, self.variant);
                }
            });
        values
    }

    /// The value of `board` for the side to move.
    ///
    /// # Panics
    ///
    /// When `board` belongs to another variant.
    pub fn value(&self, board: &VariantBoard) -> i8 {
        self.values[self.rank(board) as usize]
    }
    /// What each pit (entry `k` for pit `k + 1`) is worth to the mover: the move's gain
    /// difference minus the value of the board it leaves; `None` for an empty pit.
    ///
    /// # Panics
    ///
    /// When `board` belongs to another variant.
    pub fn move_values(&self, board: &VariantBoard) -> Vec<Option<i8>> {
        (1..=self.variant.pits())
            .map(|pit| {
                board
                    .play(pit)
                    .ok()
                    .map(|sowing| sowing.gain_difference() - self.value(&sowing.board))
            })
            .collect()
    }

    /// The optimal pits (1-based, ascending); empty for the empty board.
    ///
    /// # Panics
    ///
    /// When `board` belongs to another variant.
    pub fn best_moves(&self, board: &VariantBoard) -> Vec<usize> {
        let values = self.move_values(board);
        let best = values.iter().flatten().max().copied();
        values
            .iter()
            .enumerate()
            .filter(|(_, &value)| value.is_some() && value == best)
            .map(|(k, _)| k + 1)
            .collect()
    }

    /// Heap bytes held: one per class, and the ranking.
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<VariantTable>() + self.values.capacity() + self.classes.memory_bytes()
    }

    /// Writes the table in the format described above (version 2).
    pub fn write_to(&self, mut writer: impl Write) -> io::Result<()> {
        let count = self.values.len() as u64;
        writer.write_all(&VariantTable::header(
            self.variant,
            count,
            checksum(&self.values),
        ))?;
        write_values(&mut writer, &self.values)?;
        writer.flush()
    }

    /// The 32-byte header of the format described above (version 2), for `count` values
    /// whose checksum ([`WordHash`] over the values) is `checksum`: what
    /// [`write_to`](VariantTable::write_to) writes first, for writers that produce the values
    /// some other way (a table gathered piece by piece from the processes of a job).
    ///
    /// ```
    /// use duel_ioiwari::variant::tiers::WordHash;
    /// use duel_ioiwari::variant::{Variant, VariantTable};
    ///
    /// let table = VariantTable::solve(Variant::new(4, 3)?)?;
    /// let mut file = Vec::new();
    /// table.write_to(&mut file)?;
    /// let mut hash = WordHash::new();
    /// hash.update(table.class_values());
    /// let count = table.class_values().len() as u64;
    /// assert_eq!(VariantTable::header(table.variant(), count, hash.finish()), file[..32]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn header(variant: Variant, count: u64, checksum: u64) -> [u8; HEADER_BYTES] {
        let mut header = [0u8; HEADER_BYTES];
        header[..8].copy_from_slice(MAGIC);
        header[8..10].copy_from_slice(&VERSION.to_le_bytes());
        header[10] = variant.pits() as u8;
        header[11] = variant.cap();
        header[16..24].copy_from_slice(&count.to_le_bytes());
        header[24..32].copy_from_slice(&checksum.to_le_bytes());
        header
    }

    /// Reads a table written by [`write_to`](VariantTable::write_to) (or, version 1, by an
    /// earlier build), checking the header, the length (no more, no fewer bytes) and the
    /// checksum. Reads at most the header, the count its valid variant implies, and one byte
    /// more; memory grows with the bytes actually read.
    pub fn read_from(reader: impl Read) -> Result<VariantTable, TableFormatError> {
        VariantTable::read_checked(reader, None)
    }

    /// [`read_from`](VariantTable::read_from) for a table of `variant` only: a table of another
    /// variant is refused ([`TableFormatError::OtherVariant`]) from its header, before its
    /// values are read.
    ///
    /// ```
    /// use duel_ioiwari::variant::{TableFormatError, Variant, VariantTable};
    ///
    /// let table = VariantTable::solve(Variant::new(4, 2)?)?;
    /// let mut file = Vec::new();
    /// table.write_to(&mut file)?;
    /// assert_eq!(VariantTable::read_variant(file.as_slice(), table.variant())?, table);
    /// let other = Variant::new(4, 3)?;
    /// assert!(matches!(
    ///     VariantTable::read_variant(file.as_slice(), other),
    ///     Err(TableFormatError::OtherVariant { .. })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_variant(
        reader: impl Read,
        variant: Variant,
    ) -> Result<VariantTable, TableFormatError> {
        VariantTable::read_checked(reader, Some(variant))
    }

    fn read_checked(
        mut reader: impl Read,
        wanted: Option<Variant>,
    ) -> Result<VariantTable, TableFormatError> {
        let mut header = [0u8; HEADER_BYTES];
        reader.read_exact(&mut header)?;
        if &header[..8] != MAGIC {
            return Err(TableFormatError::BadMagic);
        }
        let version = u16::from_le_bytes([header[8], header[9]]);
        if version != VERSION && version != DENSE_VERSION {
            return Err(TableFormatError::Version(version));
        }
        let variant = Variant::new(usize::from(header[10]), header[11])?;
        if let Some(expected) = wanted.filter(|&wanted| wanted != variant) {
            return Err(TableFormatError::OtherVariant {
                found: variant,
                expected,
            });
        }
        if header[12..16] != [0; 4] {
            return Err(TableFormatError::Reserved);
        }
        let word = |range: std::ops::Range<usize>| {
            u64::from_le_bytes(header[range].try_into().expect("8 bytes"))
        };
        let count = word(16..24);
        let expected = if version == VERSION {
            variant.class_count()
        } else {
            variant.board_count()
        };
        if count != expected {
            return Err(TableFormatError::BoardCount {
                expected,
                found: count,
            });
        }
        let expected_sum = word(24..32);
        let mut hash = WordHash::new();
        let mut values: Vec<i8> = Vec::new();
        let mut buffer = vec![0u8; CHUNK.min(count as usize)];
        let mut piece_values = Vec::with_capacity(buffer.len());
        let mut left = count;
        // Version 1: the board of the next value read, and whether it is a representative.
        let mut digits = [0u8; Variant::MAX_PITS];
        while left > 0 {
            let piece = &mut buffer[..(CHUNK as u64).min(left) as usize];
            reader.read_exact(piece)?;
            left -= piece.len() as u64;
            piece_values.clear();
            piece_values.extend(piece.iter().map(|&byte| byte as i8));
            hash.update(&piece_values);
            values
                .try_reserve(piece.len())
                .map_err(|_| TableFormatError::TooLarge(count))?;
            if version == VERSION {
                values.extend_from_slice(&piece_values);
            } else {
                for &value in &piece_values {
                    if is_smallest_turn(&digits, variant.pits()) {
                        values.push(value);
                    }
                    next_board(&mut digits, variant);
                }
            }
        }
        let mut extra = [0u8; 1];
        loop {
            match reader.read(&mut extra) {
                Ok(0) => break,
                Ok(_) => return Err(TableFormatError::TrailingData),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error.into()),
            }
        }
        if hash.finish() != expected_sum {
            return Err(TableFormatError::Checksum);
        }
        values.shrink_to_fit();
        let classes = Classes::build(variant)?;
        debug_assert_eq!(classes.count(), values.len() as u64);
        Ok(VariantTable {
            variant,
            classes,
            values,
        })
    }
}

/// Turns `digits` into the board of the next index (adds one in base `cap + 1`).
fn next_board(digits: &mut Digits, variant: Variant) {
    for digit in digits.iter_mut().take(variant.pits()) {
        if *digit == variant.cap() {
            *digit = 0;
        } else {
            *digit += 1;
            break;
        }
    }
}

/// 64-bit FNV-1a over the values as 8-byte little-endian words, the last padded with zeros.
fn checksum(values: &[i8]) -> u64 {
    let mut hash = WordHash::new();
    hash.update(values);
    hash.finish()
}

impl std::fmt::Debug for VariantTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VariantTable")
            .field("variant", &self.variant)
            .field("classes", &self.values.len())
            .finish()
    }
}
