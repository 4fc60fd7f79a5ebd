//! Tier files: a long solve writes each tier to disk as it is finished, so that a killed run
//! goes on from its last complete tier.
//!
//! # Format
//!
//! A tier directory holds one file per finished tier, `tier-TTT.bin` for the tier of `T`
//! beads (three digits or more, zero-padded), written to `tier-TTT.bin.partial` first and
//! renamed once complete and synced, so a file of that name is always whole. The directory is
//! opened once, when the solve starts, and every file is reached through it (`duel-files`): a
//! symbolic link planted at a file's name, or in place of the directory, is never followed.
//! Each is a 32-byte header followed by the values (integers little-endian):
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

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use duel_files::{OutputDir, Replacement};

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

    /// Feeds `values`, in order; the hash depends on their order, not on how they are split.
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
    /// The tier directory, opened once: tier files are created and replaced by name within it.
    dir: OutputDir,
    /// The directory's path as given, for error messages.
    shown: PathBuf,
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
        let files = TierFiles {
            dir: OutputDir::create(dir).map_err(|error| io_error(dir, error))?,
            shown: dir.to_path_buf(),
            variant,
            resuming: resume,
        };
        if !resume && files.exists(1)? {
            return Err(SolveError::TiersPresent {
                dir: dir.to_path_buf(),
            });
        }
        Ok(files)
    }

    /// The name of tier `beads`'s file.
    fn name(beads: u32) -> String {
        format!("tier-{beads:03}.bin")
    }

    /// Where tier `beads` is kept, for messages.
    pub(crate) fn path(&self, beads: u32) -> PathBuf {
        self.shown.join(Self::name(beads))
    }

    /// Whether there is an entry of tier `beads`'s name.
    fn exists(&self, beads: u32) -> Result<bool, SolveError> {
        let kind = self.dir.entry_kind(OsStr::new(&Self::name(beads)));
        Ok(kind
            .map_err(|error| io_error(&self.path(beads), error))?
            .is_some())
    }

    /// Whether tier `beads` is to be read back: resuming, and every tier up to it finished.
    /// Called for tiers 1, 2, ... in order.
    pub(crate) fn finished(&mut self, beads: u32) -> Result<bool, SolveError> {
        self.resuming = self.resuming && self.exists(beads)?;
        Ok(self.resuming)
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
        let name = Self::name(beads);
        let partial = format!("{name}.partial");
        let path = self.path(beads);
        let file = self
            .dir
            .begin_replace_via(OsStr::new(&name), OsStr::new(&partial))
            .map_err(|error| io_error(&self.shown.join(&partial), error))?;
        let mut writer = TierWriter {
            file: BufWriter::with_capacity(1 << 20, file),
            header: self.header(beads, 0, 0),
            hash: WordHash::new(),
            count: 0,
            partial: self.shown.join(partial),
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
        let file = self
            .dir
            .open_file(OsStr::new(&Self::name(beads)))
            .and_then(|file| file.ok_or_else(|| io::ErrorKind::NotFound.into()))
            .map_err(|error| io_error(&path, error))?;
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
    file: BufWriter<Replacement>,
    header: [u8; HEADER_BYTES],
    hash: WordHash,
    count: u64,
    partial: PathBuf,
    path: PathBuf,
}

impl TierWriter {
    /// Appends `values` to the partial file, and counts and hashes them for the header.
    pub(crate) fn write(&mut self, values: &[i8]) -> Result<(), SolveError> {
        self.hash.update(values);
        self.count += values.len() as u64;
        write_values(&mut self.file, values).map_err(|error| io_error(&self.partial, error))
    }

    /// Completes the header, syncs the file and gives it the tier's name (durably, where the
    /// system lets a directory be synced).
    pub(crate) fn finish(self) -> Result<(), SolveError> {
        let TierWriter {
            file,
            mut header,
            hash,
            count,
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
        file.commit().map_err(|error| io_error(&path, error))
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

/// Links planted where the tier files go (Unix, where a test can make one freely): none is
/// followed, and nothing lands outside the directory opened when the solve started.
#[cfg(all(test, unix))]
mod tests {
    use crate::variant::{SolveOptions, Variant, VariantTable};
    use std::fs;
    use std::path::Path;

    fn solve(variant: Variant, dir: &Path, progress: &mut dyn FnMut(u32)) -> VariantTable {
        let mut report = |tier: &crate::variant::TierProgress| progress(tier.beads);
        let options = SolveOptions {
            threads: Some(1),
            progress: Some(&mut report),
            tier_dir: Some(dir),
            ..SolveOptions::default()
        };
        VariantTable::solve_with(variant, options).expect("solved")
    }

    #[test]
    fn a_link_at_a_partial_tier_file_is_replaced_not_written_through() {
        let dir = tempfile::tempdir().expect("a directory");
        let outside = tempfile::tempdir().expect("a directory");
        let victim = outside.path().join("precious");
        fs::write(&victim, "precious").expect("written");
        std::os::unix::fs::symlink(&victim, dir.path().join("tier-003.bin.partial"))
            .expect("a link");
        let variant = Variant::new(4, 3).expect("a variant");
        let table = solve(variant, dir.path(), &mut |_| {});
        assert!(table == VariantTable::solve(variant).expect("solved"));
        assert_eq!(
            fs::read(&victim).expect("read"),
            b"precious",
            "written through"
        );
        let tier = fs::symlink_metadata(dir.path().join("tier-003.bin")).expect("tier 3");
        assert!(tier.is_file(), "{tier:?}");
        assert!(!dir.path().join("tier-003.bin.partial").exists());
    }

    #[test]
    fn a_tier_directory_moved_and_replaced_by_a_link_mid_solve_still_gets_the_tiers() {
        let root = tempfile::tempdir().expect("a directory");
        let outside = tempfile::tempdir().expect("a directory");
        let dir = root.path().join("tiers");
        let moved = root.path().join("moved");
        let variant = Variant::new(4, 3).expect("a variant");
        solve(variant, &dir, &mut |beads| {
            if beads == 1 {
                fs::rename(&dir, &moved).expect("moved");
                std::os::unix::fs::symlink(outside.path(), &dir).expect("a link");
            }
        });
        let files = fs::read_dir(outside.path()).expect("listed").count();
        assert_eq!(files, 0, "tiers written through the planted link");
        let tiers = fs::read_dir(&moved).expect("listed").count();
        assert_eq!(tiers, variant.max_beads() as usize);
    }
}
