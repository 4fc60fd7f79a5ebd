//! Tables of Ioiwari's variants saved by `duel ioiwari variants --save`, served by `duel serve
//! --tables DIR`: each file is held open and read in place, a value at a time (a positional
//! read), not read whole, so a 13-pit table of a gigabyte costs the pages a lookup touches;
//! only the ranking of the variant's classes is built in memory. Every file is checked when
//! the server starts (header, length and checksum, as `VariantTable::read_from` checks them): a
//! directory that is missing, a file that is not a table, a truncated or corrupt one is refused
//! then, with one line saying which and why.
//!
//! A file changed while the server runs is never answered from: before and after every use
//! ([`SavedTable::check`]) the file at the path must still be the one checked at start (the
//! same file, not one renamed over it), of the same length, unchanged since (its change time,
//! which every write moves); a read that falls short (a file truncated under a lookup) marks
//! the table too. Such a table is refused from then on ([`TableChanged`]: the API's `503`
//! naming the file); the others go on serving. Nothing is memory-mapped: a mapped file that is
//! truncated faults on access (`SIGBUS`), which a check before the access cannot rule out.
//! On Windows the file is held open without sharing writes or deletion, so it cannot change.

use std::fmt;
use std::fs::{File, Metadata};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use duel_analysis::variants::position::VariantValues;
use duel_ioiwari::variant::tiers::WordHash;
use duel_ioiwari::variant::{ClassSpace, Variant, VariantBoard};

/// The first bytes of a saved table.
const MAGIC: &[u8; 8] = b"DUELVTAB";
/// The format version read in place: one value per rotation class.
const VERSION: u16 = 2;
/// The header's length; the values follow it.
const HEADER_BYTES: usize = 32;
/// Values hashed at a time when a table is checked.
const CHUNK: usize = 1 << 20;

/// Why `--tables` is refused: the directory or the file, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TablesError(String);

fn refuse(path: &Path, why: impl fmt::Display) -> TablesError {
    TablesError(format!("--tables: {}: {why}", path.display()))
}

/// One saved table, read in place.
pub struct SavedTable {
    variant: Variant,
    space: ClassSpace,
    file: File,
    path: PathBuf,
    /// The file as it was checked at start.
    checked: Identity,
    /// Why the file can no longer be trusted, once that is found (it stays so).
    fault: Mutex<Option<String>>,
}

/// What tells a file and its state apart: on Unix its device and inode (the file, whatever
/// its name), its length and its change time (which every write, truncation or change of its
/// metadata moves); elsewhere its length and modification time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Identity {
    file: (u64, u64),
    length: u64,
    changed: (i64, i64),
}

impl Identity {
    #[cfg(unix)]
    fn of(metadata: &Metadata) -> Identity {
        use std::os::unix::fs::MetadataExt;
        Identity {
            file: (metadata.dev(), metadata.ino()),
            length: metadata.len(),
            changed: (metadata.ctime(), metadata.ctime_nsec()),
        }
    }

    #[cfg(not(unix))]
    fn of(metadata: &Metadata) -> Identity {
        let modified = metadata
            .modified()
            .ok()
            .and_then(|time| time.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or((0, 0), |since| {
                (since.as_secs() as i64, i64::from(since.subsec_nanos()))
            });
        Identity {
            file: (0, 0),
            length: metadata.len(),
            changed: modified,
        }
    }
}

/// A saved table found changed, truncated, replaced or removed while the server runs: it is
/// no longer answered from (the API's `503`), until the server is started again.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--tables: {path}: {why} since the server started: it no longer answers from it (start it again to read the file anew)")]
pub struct TableChanged {
    /// The file.
    pub path: String,
    /// What happened to it.
    pub why: String,
}

impl fmt::Debug for SavedTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SavedTable")
            .field("variant", &self.variant)
            .field("path", &self.path)
            .finish()
    }
}

impl SavedTable {
    /// Maps `path` and checks it whole: the header (magic, version, variant, class count), the
    /// length (exactly the header and one byte per class) and the checksum over the values.
    pub fn open(path: &Path) -> Result<SavedTable, TablesError> {
        let file = open_unshared(path).map_err(|error| refuse(path, error))?;
        let metadata = file.metadata().map_err(|error| refuse(path, error))?;
        let checked = Identity::of(&metadata);
        let mut header = Vec::with_capacity(HEADER_BYTES);
        (&file)
            .take(HEADER_BYTES as u64)
            .read_to_end(&mut header)
            .map_err(|error| refuse(path, error))?;
        if header.len() < MAGIC.len() || &header[..MAGIC.len()] != MAGIC {
            return Err(refuse(
                path,
                "not a table saved by duel ioiwari variants --save (it does not begin with DUELVTAB)",
            ));
        }
        if header.len() < HEADER_BYTES {
            return Err(refuse(path, "truncated: the header is cut short"));
        }
        let version = u16::from_le_bytes([header[8], header[9]]);
        if version != VERSION {
            return Err(refuse(
                path,
                format!(
                    "a table of format version {version}, not {VERSION}: load it and save it again \
                     with duel ioiwari variants --load FILE --save NEW"
                ),
            ));
        }
        let variant = Variant::new(usize::from(header[10]), header[11])
            .map_err(|error| refuse(path, format!("its header names no variant: {error}")))?;
        let word = |at: usize| u64::from_le_bytes(header[at..at + 8].try_into().expect("8 bytes"));
        let count = word(16);
        if header[12..16] != [0; 4] || count != variant.class_count() {
            return Err(refuse(
                path,
                format!("a corrupt header for {variant} ({count} values named)"),
            ));
        }
        let expected = HEADER_BYTES as u64 + count;
        let length = checked.length;
        if length != expected {
            let what = if length < expected {
                "truncated"
            } else {
                "too long"
            };
            return Err(refuse(
                path,
                format!("{what}: {length} bytes, a table of {variant} has {expected}"),
            ));
        }
        let mut hash = WordHash::new();
        let mut bytes = vec![0; CHUNK];
        let mut piece = Vec::with_capacity(CHUNK);
        let mut at = HEADER_BYTES as u64;
        while at < length {
            let n = usize::try_from(length - at).map_or(CHUNK, |left| left.min(CHUNK));
            read_at(&file, &mut bytes[..n], at).map_err(|error| refuse(path, error))?;
            piece.clear();
            piece.extend(bytes[..n].iter().map(|&byte| byte as i8));
            hash.update(&piece);
            at += n as u64;
        }
        if hash.finish() != word(24) {
            return Err(refuse(
                path,
                format!("corrupt: the values of {variant} do not match the checksum in its header"),
            ));
        }
        let space = ClassSpace::build(variant, None).map_err(|error| {
            refuse(
                path,
                format!("cannot rank the classes of {variant}: {error}"),
            )
        })?;
        let table = SavedTable {
            variant,
            space,
            file,
            path: path.to_path_buf(),
            checked,
            fault: Mutex::new(None),
        };
        // Checked whole as it was when first looked at: it must not have changed since.
        table.check().map_err(|changed| refuse(path, changed.why))?;
        Ok(table)
    }

    /// Whether the file is still the one checked at start: at its path, the same file (not
    /// one renamed over it), of the same length and unchanged since; and whether every read
    /// of it was whole. Call it before a table is used and again before what was read from it
    /// is answered. Once it fails it always does.
    pub fn check(&self) -> Result<(), TableChanged> {
        let mut fault = self
            .fault
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if fault.is_none() {
            *fault = self.changed();
        }
        match &*fault {
            None => Ok(()),
            Some(why) => Err(TableChanged {
                path: self.path.display().to_string(),
                why: why.clone(),
            }),
        }
    }

    /// What changed, if anything: the name, then the file held open.
    fn changed(&self) -> Option<String> {
        let named = match std::fs::metadata(&self.path) {
            Ok(metadata) => Identity::of(&metadata),
            Err(error) => return Some(format!("it is gone ({error})")),
        };
        let held = match self.file.metadata() {
            Ok(metadata) => Identity::of(&metadata),
            Err(error) => return Some(format!("it cannot be read ({error})")),
        };
        if named.file != self.checked.file {
            return Some("another file was put in its place".to_string());
        }
        if held.length != self.checked.length {
            return Some(format!(
                "its length changed from {} to {} bytes",
                self.checked.length, held.length
            ));
        }
        if held.changed != self.checked.changed || named != held {
            return Some("it was written to".to_string());
        }
        None
    }

    /// Marks the table as no longer trusted, for `why`.
    fn spoil(&self, why: String) {
        let mut fault = self
            .fault
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        fault.get_or_insert(why);
    }

    /// The file it was read from.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Opens `path` to read. On Windows no one else may write, rename or delete it while it is
/// held (on Unix that cannot be asked, so [`SavedTable::check`] looks instead).
fn open_unshared(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(windows)]
    {
        use std::os::windows::fs::OpenOptionsExt;
        // FILE_SHARE_READ only.
        options.share_mode(0x1);
    }
    options.open(path)
}

/// Fills `buffer` from `file` at `offset`, without moving a shared cursor.
fn read_at(file: &File, buffer: &mut [u8], offset: u64) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        file.read_exact_at(buffer, offset)
    }
    #[cfg(windows)]
    {
        use std::os::windows::fs::FileExt;
        let (mut done, mut offset) = (0, offset);
        while done < buffer.len() {
            match file.seek_read(&mut buffer[done..], offset)? {
                0 => return Err(std::io::ErrorKind::UnexpectedEof.into()),
                n => {
                    done += n;
                    offset += n as u64;
                }
            }
        }
        Ok(())
    }
}

impl VariantValues for SavedTable {
    fn variant(&self) -> Variant {
        self.variant
    }

    /// The value read from the file. A read that falls short (the file truncated under it)
    /// or fails marks the table (see [`SavedTable::check`]) and gives 0, which is never
    /// answered: the check after the use refuses the answer.
    fn value(&self, board: &VariantBoard) -> i8 {
        let rank = self.space.rank(board);
        let mut value = [0u8];
        match read_at(&self.file, &mut value, HEADER_BYTES as u64 + rank) {
            Ok(()) => value[0] as i8,
            Err(error) => {
                self.spoil(format!("a read failed ({error})"));
                0
            }
        }
    }
}

/// Every table of a `--tables` directory, one per variant.
#[derive(Debug, Default)]
pub struct SavedTables {
    tables: Vec<Arc<SavedTable>>,
}

impl SavedTables {
    /// Opens every file of `dir` as a saved table (see [`SavedTable::open`]); a missing
    /// directory, a file that is no table, a damaged one or two of the same variant are
    /// refused with one line naming it.
    pub fn open(dir: &Path) -> Result<SavedTables, TablesError> {
        let entries = std::fs::read_dir(dir).map_err(|error| refuse(dir, error))?;
        let mut paths = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|error| refuse(dir, error))?;
            if entry
                .file_type()
                .map_err(|error| refuse(dir, error))?
                .is_file()
            {
                paths.push(entry.path());
            }
        }
        paths.sort();
        let mut tables: Vec<Arc<SavedTable>> = Vec::new();
        for path in paths {
            let table = SavedTable::open(&path)?;
            if let Some(other) = tables.iter().find(|kept| kept.variant == table.variant) {
                return Err(refuse(
                    &path,
                    format!(
                        "a second table of {}, beside {}",
                        table.variant,
                        other.path.display()
                    ),
                ));
            }
            tables.push(Arc::new(table));
        }
        Ok(SavedTables { tables })
    }

    /// The saved table of `variant`, if there is one.
    pub fn get(&self, variant: Variant) -> Option<Arc<SavedTable>> {
        self.tables
            .iter()
            .find(|table| table.variant == variant)
            .cloned()
    }

    /// The variants with a saved table, in the order of their files' names.
    pub fn variants(&self) -> Vec<Variant> {
        self.tables.iter().map(|table| table.variant).collect()
    }
}
