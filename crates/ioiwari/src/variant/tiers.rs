//! Tier files: a long solve writes each tier to disk as it is finished, so that a killed run
//! goes on from its last complete tier.
//!
//! # Format
//!
//! A tier directory holds one file per finished tier, `tier-TTT.bin` for the tier of `T`
//! beads (three digits or more, zero-padded), written to `tier-TTT.bin.partial` first and
//! renamed once complete and synced, so a file of that name is always whole. Each is a
//! 32-byte header followed by the values (integers little-endian):
//!
//! | offset | bytes | content |
//! |---|---|---|
//! | 0 | 8 | magic `DUELTIER` |
//! | 8 | 2 | format version, 1 |
//! | 10 | 1 | pits |
//! | 11 | 1 | cap |
//! | 12 | 4 | the tier: beads on its boards |
//! | 16 | 8 | the tier's rotation classes, `count` |
//! | 24 | 8 | checksum: 64-bit FNV-1a over the values taken as 8-byte little-endian words (the last word padded with zero bytes), as in the table format |
//! | 32 | count | the values, one signed byte per class of the tier, in increasing order of the representatives' indices (which is their ranks' order) |
//!
//! Nothing follows the values. A resumed solve reads tiers 1, 2, ... while their files exist,
//! checking every header field, the count (the tier's classes, counted again), the length
//! and the checksum, and solves the rest; it never reads a `.partial` file.

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::variant::{SolveError, Variant};

const MAGIC: &[u8; 8] = b"DUELTIER";
const VERSION: u16 = 1;
const HEADER_BYTES: usize = 32;

/// Writes `values` as the tier and table formats keep them, one byte each (the value's two's
/// complement), through a small buffer: nothing as large as `values` is allocated.
///
/// ```
/// let mut out = Vec::new();
/// duel_ioiwari::variant::tiers::write_values(&mut out, &[-1, 0, 2])?;
/// assert_eq!(out, [0xff, 0, 2]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_values(out: &mut impl Write, values: &[i8]) -> io::Result<()> {
    let mut bytes = [0u8; 1 << 12];
    for piece in values.chunks(bytes.len()) {
        for (byte, &value) in bytes.iter_mut().zip(piece) {
            *byte = value as u8;
        }
        out.write_all(&bytes[..piece.len()])?;
    }
    Ok(())
}

/// 64-bit FNV-1a over bytes taken as 8-byte little-endian words, the last padded with zeros,
/// fed in pieces of any length: the checksum of tier files and of the table format.
///
/// ```
/// use duel_ioiwari::variant::tiers::WordHash;
///
/// let mut whole = WordHash::new();
/// whole.update(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
/// let mut pieces = WordHash::new();
/// pieces.update(&[1, 2, 3]);
/// pieces.update(&[4, 5, 6, 7, 8, 9]);
/// assert_eq!(whole.finish(), pieces.finish());
/// ```
#[derive(Clone, Debug)]
pub struct WordHash {
    hash: u64,
    pending: [u8; 8],
    filled: usize,
}

impl WordHash {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    /// The hash of nothing yet.
    pub fn new() -> WordHash {
        WordHash {
            hash: Self::OFFSET,
            pending: [0; 8],
            filled: 0,
        }
    }

    /// Feeds `values`.
    pub fn update(&mut self, values: &[i8]) {
        for &value in values {
            self.pending[self.filled] = value as u8;
            self.filled += 1;
            if self.filled == 8 {
                self.mix();
            }
        }
    }

    fn mix(&mut self) {
        self.hash = (self.hash ^ u64::from_le_bytes(self.pending)).wrapping_mul(Self::PRIME);
        self.pending = [0; 8];
        self.filled = 0;
    }

    /// The hash of everything fed.
    pub fn finish(mut self) -> u64 {
        if self.filled > 0 {
            self.mix();
        }
        self.hash
    }
}

impl Default for WordHash {
    fn default() -> WordHash {
        WordHash::new()
    }
}

/// The tier files of one solve.
#[derive(Debug)]
pub(crate) struct TierFiles {
    dir: PathBuf,
    variant: Variant,
    /// Still reading finished tiers back (a resumed solve before its first missing tier).
    resuming: bool,
}

fn io_error(path: &Path, error: io::Error) -> SolveError {
    SolveError::TierIo {
        path: path.to_path_buf(),
        reason: error.to_string(),
    }
}

impl TierFiles {
    /// The tier directory `dir` of a solve of `variant`, created if missing. A fresh solve
    /// (`resume` false) refuses a directory that holds a first tier already.
    pub(crate) fn open(
        dir: &Path,
        variant: Variant,
        resume: bool,
    ) -> Result<TierFiles, SolveError> {
        fs::create_dir_all(dir).map_err(|error| io_error(dir, error))?;
        let files = TierFiles {
            dir: dir.to_path_buf(),
            variant,
            resuming: resume,
        };
        if !resume && files.path(1).exists() {
            return Err(SolveError::TiersPresent {
                dir: dir.to_path_buf(),
            });
        }
        Ok(files)
    }

    /// Where tier `beads` is kept.
    pub(crate) fn path(&self, beads: u32) -> PathBuf {
        self.dir.join(format!("tier-{beads:03}.bin"))
    }

    /// Whether tier `beads` is to be read back: resuming, and every tier up to it finished.
    /// Called for tiers 1, 2, ... in order.
    pub(crate) fn finished(&mut self, beads: u32) -> bool {
        self.resuming = self.resuming && self.path(beads).exists();
        self.resuming
    }

    fn header(&self, beads: u32, count: u64, checksum: u64) -> [u8; HEADER_BYTES] {
        let mut header = [0u8; HEADER_BYTES];
        header[..8].copy_from_slice(MAGIC);
        header[8..10].copy_from_slice(&VERSION.to_le_bytes());
        header[10] = self.variant.pits() as u8;
        header[11] = self.variant.cap();
        header[12..16].copy_from_slice(&beads.to_le_bytes());
        header[16..24].copy_from_slice(&count.to_le_bytes());
        header[24..32].copy_from_slice(&checksum.to_le_bytes());
        header
    }

    /// A writer of tier `beads`: its values go to the partial file, and
    /// [`TierWriter::finish`] makes it the tier's file.
    pub(crate) fn writer(&self, beads: u32) -> Result<TierWriter, SolveError> {
        let path = self.path(beads);
        let partial = path.with_extension("bin.partial");
        let file = File::create(&partial).map_err(|error| io_error(&partial, error))?;
        let mut writer = TierWriter {
            file: BufWriter::with_capacity(1 << 20, file),
            header: self.header(beads, 0, 0),
            hash: WordHash::new(),
            count: 0,
            dir: self.dir.clone(),
            partial,
            path,
        };
        let header = writer.header;
        writer
            .file
            .write_all(&header)
            .map_err(|error| io_error(&writer.partial, error))?;
        Ok(writer)
    }

    /// A reader of the finished tier `beads`, its header checked.
    pub(crate) fn reader(&self, beads: u32) -> Result<TierReader, SolveError> {
        let path = self.path(beads);
        let file = File::open(&path).map_err(|error| io_error(&path, error))?;
        let mut file = BufReader::with_capacity(1 << 20, file);
        let mut header = [0u8; HEADER_BYTES];
        file.read_exact(&mut header)
            .map_err(|error| io_error(&path, error))?;
        let word = |range: std::ops::Range<usize>| {
            u64::from_le_bytes(header[range].try_into().expect("8 bytes"))
        };
        let (count, checksum) = (word(16..24), word(24..32));
        if header[..24] != self.header(beads, count, checksum)[..24] {
            return Err(SolveError::TierFile {
                path,
                reason: format!("the header is not that of tier {beads} of {}", self.variant),
            });
        }
        Ok(TierReader {
            file,
            path,
            hash: WordHash::new(),
            count,
            read: 0,
            checksum,
        })
    }
}

/// Writes one tier's values (see [`TierFiles::writer`]).
#[derive(Debug)]
pub(crate) struct TierWriter {
    file: BufWriter<File>,
    header: [u8; HEADER_BYTES],
    hash: WordHash,
    count: u64,
    dir: PathBuf,
    partial: PathBuf,
    path: PathBuf,
}

impl TierWriter {
    /// Appends values.
    pub(crate) fn write(&mut self, values: &[i8]) -> Result<(), SolveError> {
        self.hash.update(values);
        self.count += values.len() as u64;
        write_values(&mut self.file, values).map_err(|error| io_error(&self.partial, error))
    }

    /// Completes the header, syncs the file and gives it the tier's name.
    pub(crate) fn finish(self) -> Result<(), SolveError> {
        let TierWriter {
            file,
            mut header,
            hash,
            count,
            dir,
            partial,
            path,
        } = self;
        let fail = |error: io::Error| io_error(&partial, error);
        header[16..24].copy_from_slice(&count.to_le_bytes());
        header[24..32].copy_from_slice(&hash.finish().to_le_bytes());
        let mut file = file
            .into_inner()
            .map_err(|error| fail(error.into_error()))?;
        file.seek(SeekFrom::Start(0)).map_err(fail)?;
        file.write_all(&header).map_err(fail)?;
        file.sync_all().map_err(fail)?;
        fs::rename(&partial, &path).map_err(|error| io_error(&path, error))?;
        // The rename itself survives a crash once the directory is synced.
        File::open(&dir)
            .and_then(|dir| dir.sync_all())
            .map_err(|error| io_error(&dir, error))
    }
}

/// Reads one finished tier's values (see [`TierFiles::reader`]).
#[derive(Debug)]
pub(crate) struct TierReader {
    file: BufReader<File>,
    path: PathBuf,
    hash: WordHash,
    count: u64,
    read: u64,
    checksum: u64,
}

impl TierReader {
    fn corrupt(&self, reason: impl Into<String>) -> SolveError {
        SolveError::TierFile {
            path: self.path.clone(),
            reason: reason.into(),
        }
    }

    /// Fills `values` with the next values of the tier.
    pub(crate) fn read(&mut self, values: &mut [i8]) -> Result<(), SolveError> {
        if self.read + values.len() as u64 > self.count {
            return Err(self.corrupt(format!(
                "the header says {} classes, the tier has more",
                self.count
            )));
        }
        let mut bytes = vec![0u8; values.len()];
        self.file
            .read_exact(&mut bytes)
            .map_err(|error| io_error(&self.path, error))?;
        for (value, &byte) in values.iter_mut().zip(&bytes) {
            *value = byte as i8;
        }
        self.hash.update(values);
        self.read += values.len() as u64;
        Ok(())
    }

    /// Checks that every value was read, nothing follows, and the checksum.
    pub(crate) fn finish(mut self) -> Result<(), SolveError> {
        if self.read != self.count {
            return Err(self.corrupt(format!(
                "the header says {} classes, the tier has {}",
                self.count, self.read
            )));
        }
        let mut extra = [0u8; 1];
        match self.file.read(&mut extra) {
            Ok(0) => {}
            Ok(_) => return Err(self.corrupt("unexpected bytes after the values")),
            Err(error) => return Err(io_error(&self.path, error)),
        }
        if self.hash.clone().finish() != self.checksum {
            return Err(self.corrupt("checksum mismatch"));
        }
        Ok(())
    }
}
