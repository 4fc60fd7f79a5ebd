//! [`VariantTable`]: every board of a variant solved, and its file format.

use std::io::{self, Read, Write};

use crate::variant::solve::solve_values;
use crate::variant::{SolveError, SolveOptions, TableFormatError, Variant, VariantBoard};

/// The value of every board of one variant, one signed byte per board, indexed by
/// [`VariantBoard::index`].
///
/// The value of a board is the best final bank difference the side to move can force from
/// its pits (the banks do not affect the play). A table of `(cap + 1)^pits` boards takes that
/// many bytes: 60 MB for 10 pits with a cap of 5, 2.2 GB for 12.
///
/// # File format
///
/// [`write_to`](VariantTable::write_to) writes, and [`read_from`](VariantTable::read_from)
/// reads back, a 32-byte header followed by the values (integers little-endian):
///
/// | offset | bytes | content |
/// |---|---|---|
/// | 0 | 8 | magic `DUELVTAB` |
/// | 8 | 2 | format version, 1 |
/// | 10 | 1 | pits |
/// | 11 | 1 | cap |
/// | 12 | 4 | reserved, zero |
/// | 16 | 8 | board count, `(cap + 1)^pits` |
/// | 24 | 8 | checksum: 64-bit FNV-1a over the values taken as 8-byte little-endian words (the last word padded with zero bytes) |
/// | 32 | count | the values, one signed byte per board, in index order |
///
/// Nothing follows the values. Reading checks every header field, the length and the
/// checksum.
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
/// assert_eq!(file.len(), 32 + 1024);
/// assert_eq!(VariantTable::read_from(file.as_slice())?, table);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct VariantTable {
    variant: Variant,
    values: Vec<i8>,
}

const MAGIC: &[u8; 8] = b"DUELVTAB";
const VERSION: u16 = 1;
const HEADER_BYTES: usize = 32;
/// Values are written and read in pieces of this many bytes.
const CHUNK: usize = 1 << 20;

impl VariantTable {
    /// Solves every board of `variant` on all cores.
    pub fn solve(variant: Variant) -> Result<VariantTable, SolveError> {
        VariantTable::solve_with(variant, SolveOptions::default())
    }

    /// Solves every board of `variant` with the given thread count and progress callback.
    /// The table does not depend on the number of threads.
    pub fn solve_with(
        variant: Variant,
        options: SolveOptions<'_>,
    ) -> Result<VariantTable, SolveError> {
        Ok(VariantTable {
            variant,
            values: solve_values(variant, options)?,
        })
    }

    /// The variant solved.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// All values, indexed by board index.
    pub fn values(&self) -> &[i8] {
        &self.values
    }

    /// The value of `board` for the side to move.
    ///
    /// # Panics
    ///
    /// When `board` belongs to another variant.
    pub fn value(&self, board: &VariantBoard) -> i8 {
        assert_eq!(board.variant(), self.variant, "a board of another variant");
        self.values[board.index() as usize]
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

    /// Heap bytes held: one per board.
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<VariantTable>() + self.values.capacity()
    }

    /// Writes the table in the format described above.
    pub fn write_to(&self, mut writer: impl Write) -> io::Result<()> {
        let mut header = [0u8; HEADER_BYTES];
        header[..8].copy_from_slice(MAGIC);
        header[8..10].copy_from_slice(&VERSION.to_le_bytes());
        header[10] = self.variant.pits() as u8;
        header[11] = self.variant.cap();
        header[16..24].copy_from_slice(&(self.values.len() as u64).to_le_bytes());
        header[24..32].copy_from_slice(&checksum(&self.values).to_le_bytes());
        writer.write_all(&header)?;
        let mut buffer = Vec::with_capacity(CHUNK.min(self.values.len()));
        for piece in self.values.chunks(CHUNK) {
            buffer.clear();
            buffer.extend(piece.iter().map(|&value| value as u8));
            writer.write_all(&buffer)?;
        }
        writer.flush()
    }

    /// Reads a table written by [`write_to`](VariantTable::write_to), checking the header,
    /// the length (no more, no fewer bytes) and the checksum. Reads at most the header, the
    /// board count its valid variant implies, and one byte more.
    pub fn read_from(mut reader: impl Read) -> Result<VariantTable, TableFormatError> {
        let mut header = [0u8; HEADER_BYTES];
        reader.read_exact(&mut header)?;
        if &header[..8] != MAGIC {
            return Err(TableFormatError::BadMagic);
        }
        let version = u16::from_le_bytes([header[8], header[9]]);
        if version != VERSION {
            return Err(TableFormatError::Version(version));
        }
        let variant = Variant::new(usize::from(header[10]), header[11])?;
        if header[12..16] != [0; 4] {
            return Err(TableFormatError::Reserved);
        }
        let word = |range: std::ops::Range<usize>| {
            u64::from_le_bytes(header[range].try_into().expect("8 bytes"))
        };
        let count = word(16..24);
        if count != variant.board_count() {
            return Err(TableFormatError::BoardCount {
                expected: variant.board_count(),
                found: count,
            });
        }
        let expected_sum = word(24..32);
        let len = usize::try_from(count).map_err(|_| TableFormatError::TooLarge(count))?;
        let mut values: Vec<i8> = Vec::new();
        values
            .try_reserve_exact(len)
            .map_err(|_| TableFormatError::TooLarge(count))?;
        let mut buffer = vec![0u8; CHUNK.min(len)];
        while values.len() < len {
            let piece = &mut buffer[..CHUNK.min(len - values.len())];
            reader.read_exact(piece)?;
            values.extend(piece.iter().map(|&byte| byte as i8));
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
        if checksum(&values) != expected_sum {
            return Err(TableFormatError::Checksum);
        }
        Ok(VariantTable { variant, values })
    }
}

/// 64-bit FNV-1a over the values as 8-byte little-endian words, the last padded with zeros.
fn checksum(values: &[i8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    values.chunks(8).fold(OFFSET, |hash, word| {
        let mut bytes = [0u8; 8];
        for (byte, &value) in bytes.iter_mut().zip(word) {
            *byte = value as u8;
        }
        (hash ^ u64::from_le_bytes(bytes)).wrapping_mul(PRIME)
    })
}

impl std::fmt::Debug for VariantTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VariantTable")
            .field("variant", &self.variant)
            .field("boards", &self.values.len())
            .finish()
    }
}
