//! The table file, written as `duel ioiwari variants --save` writes it.

use std::io::{self, Write};
use std::path::Path;

use duel_ioiwari::variant::tiers::WordHash;
use duel_ioiwari::variant::Variant;

/// Writes the values of every class of `variant`, in rank order, in the table format of
/// `duel_ioiwari::variant::VariantTable` (version 2: a 32-byte header with the class count
/// and a checksum, then one byte per class).
pub fn write_table(mut out: impl Write, variant: Variant, values: &[i8]) -> io::Result<()> {
    if values.len() as u64 != variant.class_count() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} values for the {} classes of {variant}",
                values.len(),
                variant.class_count()
            ),
        ));
    }
    let mut hash = WordHash::new();
    hash.update(values);
    let mut header = [0u8; 32];
    header[..8].copy_from_slice(b"DUELVTAB");
    header[8..10].copy_from_slice(&2u16.to_le_bytes());
    header[10] = variant.pits() as u8;
    header[11] = variant.cap();
    header[16..24].copy_from_slice(&(values.len() as u64).to_le_bytes());
    header[24..32].copy_from_slice(&hash.finish().to_le_bytes());
    out.write_all(&header)?;
    for piece in values.chunks(1 << 20) {
        let bytes: Vec<u8> = piece.iter().map(|&value| value as u8).collect();
        out.write_all(&bytes)?;
    }
    out.flush()
}

/// Writes the table to `path` through a temporary file beside it, renamed into place once
/// complete and synced.
pub fn save_table(path: &Path, variant: Variant, values: &[i8]) -> io::Result<()> {
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    let file = std::fs::File::create(&partial)?;
    let mut buffered = io::BufWriter::with_capacity(1 << 20, file);
    write_table(&mut buffered, variant, values)?;
    buffered
        .into_inner()
        .map_err(|error| error.into_error())?
        .sync_all()?;
    std::fs::rename(&partial, path)
}
