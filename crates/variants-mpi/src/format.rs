//! The table file, written as `duel ioiwari variants --save` writes it: all at once
//! ([`write_table`], [`save_table`]) or piece by piece as the values arrive ([`TableFile`]).

use std::ffi::OsString;
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::path::Path;

use duel_files::{OutputDir, Replacement};
use duel_ioiwari::variant::tiers::{write_values, WordHash};
use duel_ioiwari::variant::{Variant, VariantTable};

fn wrong_count(variant: Variant, count: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "{count} values for the {} classes of {variant}",
            variant.class_count()
        ),
    )
}

/// Writes the values of every class of `variant`, in rank order, in the table format of
/// `duel_ioiwari::variant::VariantTable` (version 2: a 32-byte header with the class count
/// and a checksum, then one byte per class).
pub fn write_table(mut out: impl Write, variant: Variant, values: &[i8]) -> io::Result<()> {
    if values.len() as u64 != variant.class_count() {
        return Err(wrong_count(variant, values.len() as u64));
    }
    let mut hash = WordHash::new();
    hash.update(values);
    out.write_all(&VariantTable::header(
        variant,
        values.len() as u64,
        hash.finish(),
    ))?;
    write_values(&mut out, values)?;
    out.flush()
}

/// Writes the table to `path` through a temporary file beside it, renamed into place once
/// complete and synced (see [`TableFile`]: no link there is followed).
pub fn save_table(path: &Path, variant: Variant, values: &[i8]) -> io::Result<()> {
    let mut table = TableFile::create(path, variant)?;
    table.append(values)?;
    table.finish()
}

/// A table file written piece by piece, in rank order, as the values arrive (from the
/// processes of a job one after another), so that the whole table never has to be in one
/// place: `PATH.partial` is written, its header filled in at the end, synced and renamed to
/// `PATH`. The file is [`write_table`]'s, byte for byte, however the values are cut; dropped
/// before [`TableFile::finish`], it removes its partial file. Both names are reached through
/// `PATH`'s directory, opened once by [`TableFile::create`] (`duel-files`): a symbolic link at
/// either name is replaced, never written through, and one put in place of the directory
/// while the values arrive changes nothing of where the table goes.
///
/// ```
/// use duel_ioiwari::variant::Variant;
/// use duel_variants_mpi::{write_table, TableFile};
///
/// let variant = Variant::new(3, 5)?;
/// let values: Vec<i8> = (0..variant.class_count()).map(|rank| (rank % 7) as i8 - 3).collect();
/// let dir = std::env::temp_dir().join(format!("duel-table-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("t.bin");
/// let mut table = TableFile::create(&path, variant)?;
/// for piece in values.chunks(5) {
///     table.append(piece)?;
/// }
/// table.finish()?;
/// let mut whole = Vec::new();
/// write_table(&mut whole, variant, &values)?;
/// assert_eq!(std::fs::read(&path)?, whole);
/// std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct TableFile {
    variant: Variant,
    out: BufWriter<Replacement>,
    hash: WordHash,
    written: u64,
}

impl TableFile {
    /// Starts `path`'s table of `variant`: creates `path.partial` with room for the header.
    pub fn create(path: &Path, variant: Variant) -> io::Result<TableFile> {
        let (dir, name) = duel_files::split(path)?;
        let mut partial = OsString::from(&name);
        partial.push(".partial");
        let file = OutputDir::open(&dir)?.begin_replace_via(&name, &partial)?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        out.write_all(&[0; 32])?;
        Ok(TableFile {
            variant,
            out,
            hash: WordHash::new(),
            written: 0,
        })
    }

    /// Appends the values of the next classes in rank order; refuses more values than the
    /// variant has classes.
    pub fn append(&mut self, values: &[i8]) -> io::Result<()> {
        let after = self.written + values.len() as u64;
        if after > self.variant.class_count() {
            return Err(wrong_count(self.variant, after));
        }
        write_values(&mut self.out, values)?;
        self.hash.update(values);
        self.written = after;
        Ok(())
    }

    /// Checks that every class has its value, writes the header, syncs the file and renames
    /// it into place.
    pub fn finish(self) -> io::Result<()> {
        if self.written != self.variant.class_count() {
            return Err(wrong_count(self.variant, self.written));
        }
        let mut file = self.out.into_inner().map_err(|error| error.into_error())?;
        let checksum = self.hash.finish();
        file.seek(SeekFrom::Start(0))?;
        file.write_all(&VariantTable::header(self.variant, self.written, checksum))?;
        file.commit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn values(variant: Variant) -> Vec<i8> {
        // Every value a class may hold, in an order with no short period.
        (0..variant.class_count())
            .map(|rank| ((rank * 7919 + rank / 13) % 41) as i8 - 20)
            .collect()
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("duel-table-file-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    }

    #[test]
    fn pieces_of_any_size_give_the_file_written_at_once() {
        let dir = scratch("pieces");
        for (pits, cap) in [(2, 5), (5, 3), (7, 5)] {
            let variant = Variant::new(pits, cap).expect("valid");
            let values = values(variant);
            let mut whole = Vec::new();
            write_table(&mut whole, variant, &values).expect("in memory");
            for piece in [1, 3, 8, 9, 1000, values.len()] {
                let path = dir.join(format!("{pits}-{cap}-{piece}.bin"));
                let mut table = TableFile::create(&path, variant).expect("created");
                // Pieces of uneven sizes, as the processes' ranges are.
                let mut at = 0;
                for (round, size) in (0..).zip([piece, 1, piece * 2].into_iter().cycle()) {
                    if at == values.len() {
                        break;
                    }
                    let end = (at + size + round % 3).min(values.len());
                    table.append(&values[at..end]).expect("appended");
                    at = end;
                }
                table.finish().expect("finished");
                assert_eq!(std::fs::read(&path).expect("written"), whole, "{path:?}");
                let mut partial = path.into_os_string();
                partial.push(".partial");
                assert!(!Path::new(&partial).exists(), "no partial file left");
            }
        }
        std::fs::remove_dir_all(dir).expect("removed");
    }

    #[test]
    fn too_few_or_too_many_values_are_refused_and_no_table_is_left() {
        let dir = scratch("counts");
        let variant = Variant::new(4, 5).expect("valid");
        let values = values(variant);
        let path = dir.join("t.bin");

        let mut table = TableFile::create(&path, variant).expect("created");
        table.append(&values[1..]).expect("appended");
        let error = table.finish().expect_err("one value short");
        assert!(error.to_string().contains("values for the"), "{error}");
        assert!(!path.exists());

        let mut table = TableFile::create(&path, variant).expect("created");
        table.append(&values).expect("appended");
        table.append(&[0]).expect_err("one value too many");
        drop(table);
        assert!(!path.exists());
        assert_eq!(std::fs::read_dir(&dir).expect("listed").count(), 0);
        std::fs::remove_dir_all(dir).expect("removed");
    }

    #[cfg(unix)]
    #[test]
    fn links_at_the_tables_names_are_replaced_not_written_through() {
        let dir = scratch("links");
        let outside = scratch("links-outside");
        let variant = Variant::new(3, 5).expect("valid");
        let values = values(variant);
        for (name, planted) in [("a.bin", "a.bin.partial"), ("b.bin", "b.bin")] {
            let victim = outside.join(name);
            std::fs::write(&victim, "precious").expect("written");
            std::os::unix::fs::symlink(&victim, dir.join(planted)).expect("a link");
            save_table(&dir.join(name), variant, &values).expect("saved");
            assert_eq!(
                std::fs::read(&victim).expect("read"),
                b"precious",
                "{planted}"
            );
            let table = std::fs::symlink_metadata(dir.join(name)).expect("the table");
            assert!(table.is_file(), "{planted}: {table:?}");
        }
        assert_eq!(std::fs::read_dir(&dir).expect("listed").count(), 2);
        std::fs::remove_dir_all(dir).expect("removed");
        std::fs::remove_dir_all(outside).expect("removed");
    }

    #[cfg(unix)]
    #[test]
    fn a_directory_replaced_by_a_link_while_the_values_arrive_still_gets_the_table() {
        let root = scratch("moved");
        let outside = scratch("moved-outside");
        let (dir, moved) = (root.join("tables"), root.join("moved"));
        std::fs::create_dir_all(&dir).expect("a directory");
        let variant = Variant::new(3, 5).expect("valid");
        let values = values(variant);
        let mut table = TableFile::create(&dir.join("t.bin"), variant).expect("created");
        table.append(&values[..5]).expect("appended");
        std::fs::rename(&dir, &moved).expect("moved");
        std::os::unix::fs::symlink(&outside, &dir).expect("a link");
        table.append(&values[5..]).expect("appended");
        table.finish().expect("finished");
        assert_eq!(std::fs::read_dir(&outside).expect("listed").count(), 0);
        let mut whole = Vec::new();
        write_table(&mut whole, variant, &values).expect("in memory");
        assert_eq!(
            std::fs::read(moved.join("t.bin")).expect("the table"),
            whole
        );
        std::fs::remove_dir_all(root).expect("removed");
        std::fs::remove_dir_all(outside).expect("removed");
    }
}
