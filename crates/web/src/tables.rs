//! Tables of Ioiwari's variants saved by `duel ioiwari variants --save`, served by `duel serve
//! --tables DIR`: each file is memory-mapped, not read whole, so a 13-pit table of a gigabyte
//! costs the pages a lookup touches; only the ranking of the variant's classes is built in
//! memory. Every file is checked when the server starts (header, length and checksum, as
//! `VariantTable::read_from` checks them): a directory that is missing, a file that is not a
//! table, a truncated or corrupt one is refused then, with one line saying which and why, so a
//! lookup never answers from a damaged table.

use std::fmt;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use duel_analysis::variants::position::VariantValues;
use duel_ioiwari::variant::tiers::WordHash;
use duel_ioiwari::variant::{ClassSpace, Variant, VariantBoard};
use memmap2::Mmap;

/// The first bytes of a saved table.
const MAGIC: &[u8; 8] = b"DUELVTAB";
/// The format version read in place: one value per rotation class.
const VERSION: u16 = 2;
/// The header's length; the values follow it.
const HEADER_BYTES: usize = 32;
/// Values hashed at a time when a table is checked.
const CHUNK: usize = 1 << 20;

/// Why `--tables` is refused: the directory or the file, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TablesError(String);

impl fmt::Display for TablesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TablesError {}

fn refuse(path: &Path, why: impl fmt::Display) -> TablesError {
    TablesError(format!("--tables: {}: {why}", path.display()))
}

/// One saved table, read in place.
pub struct SavedTable {
    variant: Variant,
    space: ClassSpace,
    map: Mmap,
    path: PathBuf,
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
        let file = File::open(path).map_err(|error| refuse(path, error))?;
        let map = map(&file).map_err(|error| refuse(path, error))?;
        let header: &[u8] = map.get(..HEADER_BYTES).unwrap_or(&map);
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
        let length = map.len() as u64;
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
        let mut piece = Vec::with_capacity(CHUNK);
        for bytes in map[HEADER_BYTES..].chunks(CHUNK) {
            piece.clear();
            piece.extend(bytes.iter().map(|&byte| byte as i8));
            hash.update(&piece);
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
        Ok(SavedTable {
            variant,
            space,
            map,
            path: path.to_path_buf(),
        })
    }

    /// The file it was read from.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Maps `file` read-only.
#[allow(unsafe_code)]
fn map(file: &File) -> std::io::Result<Mmap> {
    // SAFETY: the map is read-only and only read as plain bytes (no pointer or type with an
    // invariant lives in it). What memmap2 leaves to its caller is that the file is not
    // changed while mapped: duel never writes a table in place (--save writes a new file and
    // renames it over the old, which leaves this mapping on the old file), and the server's
    // documentation asks that the files under --tables stay as they are while it serves.
    unsafe { Mmap::map(file) }
}

impl VariantValues for SavedTable {
    fn variant(&self) -> Variant {
        self.variant
    }

    fn value(&self, board: &VariantBoard) -> i8 {
        let rank = self.space.rank(board);
        self.map[HEADER_BYTES + rank as usize] as i8
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
