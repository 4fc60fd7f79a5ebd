//! Every file duel writes (the judge's reports, CSVs and logs, `ioiwari2`'s log, the variants'
//! tables, tier files and pictures, contest-system packages, contestant kits) is written here,
//! one way:
//!
//! - into a directory opened once ([`OutputDir`]) and reached afterwards through that open
//!   directory only, so renaming the directory, or planting a symbolic link in its place or in
//!   place of any subdirectory, changes nothing of where the files go;
//! - never through a link: a subdirectory is entered only if it is a real directory (a link
//!   there is an error, [`is_link_in_the_way`]), a file is read only if it is no link, and a
//!   file is written as a new file of a fresh name (created exclusively, so nothing there is
//!   followed) which is then renamed over its name: a link at that name is replaced itself;
//! - atomically: readers see the old file or the whole new one, never a part, also for a file
//!   written over time ([`Replacement`]); the one exception is a log written as it goes
//!   ([`OutputDir::create_streamed`]), which takes its name at once and grows there, so that
//!   what was written survives its writer's abrupt end;
//! - into a stream, not by replacing it, when a path a user names leads to one (a device, a
//!   FIFO, `/dev/stdout`): one policy ([`target`]) for every writer, which differ only in the
//!   links they follow ([`Follow`]).
//!
//! On Unix the directories are descriptors and names are reached with the `*at` calls
//! (`openat` with `O_NOFOLLOW|O_EXCL`, `mkdirat`, `renameat`, `unlinkat`). Windows has no
//! `openat`: there the directories are held open so that they cannot be moved, and each name is
//! checked for links as it is reached (the `windows` module says exactly what that guarantees).
//!
//! ```
//! let dir = tempfile::tempdir()?;
//! let out = duel_files::OutputDir::create(&dir.path().join("kit"))?;
//! let sub = out.subdir_path("mis_c/include")?;
//! sub.replace("mis.h".as_ref(), b"int x;\n")?;
//! assert_eq!(std::fs::read(dir.path().join("kit/mis_c/include/mis.h"))?, b"int x;\n");
//! # Ok::<(), std::io::Error>(())
//! ```

#![forbid(unsafe_code)]

mod entry;
mod target;
#[cfg(unix)]
mod unix;
#[cfg(windows)]
mod windows;

pub use entry::{is_link_in_the_way, EntryKind};
pub use target::{target, Follow, Target};
#[cfg(unix)]
use unix::Dir;
#[cfg(windows)]
use windows::Dir;

use std::ffi::{OsStr, OsString};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The permission bits of a new file when the caller asks for none (less the umask on Unix).
const DEFAULT_MODE: u32 = 0o666;

/// A directory duel writes into, opened once (when named: for the judge, before anything
/// untrusted runs) and then reached through that open directory only. Files are created,
/// replaced and removed by name inside it; a name that is a symbolic link is replaced or
/// removed itself, never followed, and a subdirectory that is a link is not entered.
#[derive(Debug)]
pub struct OutputDir {
    dir: Dir,
}

impl OutputDir {
    /// Opens the directory `path` (following links in `path` itself, which its caller named).
    pub fn open(path: &Path) -> io::Result<OutputDir> {
        let path = if path.as_os_str().is_empty() {
            Path::new(".")
        } else {
            path
        };
        Ok(OutputDir {
            dir: Dir::open(path)?,
        })
    }

    /// Creates the directory `path` and its parents as needed (as named, links in it followed),
    /// and opens it.
    pub fn create(path: &Path) -> io::Result<OutputDir> {
        if !path.as_os_str().is_empty() {
            std::fs::create_dir_all(path)?;
        }
        OutputDir::open(path)
    }

    /// The subdirectory `name`, created if missing; a symbolic link there is not followed (an
    /// error that [`is_link_in_the_way`] recognises), nor is a file there taken for one.
    pub fn subdir(&self, name: &OsStr) -> io::Result<OutputDir> {
        self.dir.make_dir(name)?;
        match self.dir.open_dir(name)? {
            Some(dir) => Ok(OutputDir { dir }),
            None => match self.dir.entry_kind(name)? {
                Some(EntryKind::Link) => Err(entry::link_in_the_way()),
                _ => Err(io::Error::new(
                    io::ErrorKind::NotADirectory,
                    "not a directory",
                )),
            },
        }
    }

    /// The subdirectory at the `/`-separated `relative` path, each component entered as
    /// [`subdir`](Self::subdir) enters one (made if missing, never through a link); an empty
    /// path is this directory again.
    pub fn subdir_path(&self, relative: &str) -> io::Result<OutputDir> {
        let mut parts = relative.split('/').filter(|part| !part.is_empty());
        let Some(first) = parts.next() else {
            return self.subdir(OsStr::new("."));
        };
        let mut dir = self.subdir(OsStr::new(first))?;
        for part in parts {
            dir = dir.subdir(OsStr::new(part))?;
        }
        Ok(dir)
    }

    /// The existing subdirectory `name`; `None` when there is none (or a link or a file is
    /// there: it is not followed).
    pub fn existing_subdir(&self, name: &OsStr) -> io::Result<Option<OutputDir>> {
        Ok(self.dir.open_dir(name)?.map(|dir| OutputDir { dir }))
    }

    /// Replaces the entry `name` with a regular file holding `bytes`, atomically: readers
    /// see the old entry or the whole new file. Whatever `name` was (a file, a symbolic link
    /// to anything, a hard link) is replaced, never written through; a directory there is an
    /// error.
    pub fn replace(&self, name: &OsStr, bytes: &[u8]) -> io::Result<()> {
        self.replace_with(name, |file| file.write_all(bytes))
    }

    /// [`replace`](Self::replace), the new file with exactly the permission bits `mode`
    /// (0o755 for a program, whatever the umask; Windows has no such bits and ignores it).
    pub fn replace_with_mode(&self, name: &OsStr, bytes: &[u8], mode: u32) -> io::Result<()> {
        self.write_and_rename(name, mode, true, |file| file.write_all(bytes))
    }

    /// [`replace`](Self::replace) with what `write` writes into the new file (through a
    /// buffer of its own if it wants one, flushed before it returns), for contents too large
    /// to hold in memory twice.
    pub fn replace_with(
        &self,
        name: &OsStr,
        write: impl FnOnce(&mut std::fs::File) -> io::Result<()>,
    ) -> io::Result<()> {
        self.write_and_rename(name, DEFAULT_MODE, false, write)
    }

    /// Writes a new temporary file beside `name`, syncs it and renames it over `name`; the
    /// temporary file is removed if anything fails.
    fn write_and_rename(
        &self,
        name: &OsStr,
        mode: u32,
        exact: bool,
        write: impl FnOnce(&mut std::fs::File) -> io::Result<()>,
    ) -> io::Result<()> {
        let (temp, file) = self.create_temporary(name, mode, exact)?;
        let mut replacement = self.replacement(name, temp, file)?;
        write(replacement.file_mut())?;
        replacement.commit()
    }

    /// Starts replacing the entry `name` with a file written over time (a table whose values
    /// arrive piece by piece): see [`Replacement`]. The new file has a fresh name of its own
    /// until it is committed.
    ///
    /// ```
    /// use std::io::Write;
    /// let dir = tempfile::tempdir()?;
    /// let out = duel_files::OutputDir::open(dir.path())?;
    /// let mut table = out.begin_replace("t.bin".as_ref())?;
    /// table.write_all(b"piece 1, ")?;
    /// table.write_all(b"piece 2")?;
    /// assert!(!dir.path().join("t.bin").exists());
    /// table.commit()?;
    /// assert_eq!(std::fs::read(dir.path().join("t.bin"))?, b"piece 1, piece 2");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn begin_replace(&self, name: &OsStr) -> io::Result<Replacement> {
        let (temp, file) = self.create_temporary(name, DEFAULT_MODE, false)?;
        self.replacement(name, temp, file)
    }

    /// [`begin_replace`](Self::begin_replace) with the new file at the name `partial` until it
    /// is committed, so that what a killed run left there is replaced by the next run rather
    /// than left beside it: whatever is at `partial` (a file, a link, never followed) is
    /// removed first; a directory there is an error.
    ///
    /// ```
    /// use std::io::Write;
    /// let dir = tempfile::tempdir()?;
    /// std::fs::write(dir.path().join("t.bin.partial"), b"left by a killed run")?;
    /// let out = duel_files::OutputDir::open(dir.path())?;
    /// let mut table = out.begin_replace_via("t.bin".as_ref(), "t.bin.partial".as_ref())?;
    /// table.write_all(b"whole")?;
    /// table.commit()?;
    /// assert_eq!(std::fs::read(dir.path().join("t.bin"))?, b"whole");
    /// assert!(!dir.path().join("t.bin.partial").exists());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn begin_replace_via(&self, name: &OsStr, partial: &OsStr) -> io::Result<Replacement> {
        self.dir.remove_file(partial)?;
        let file = self
            .dir
            .create_new(partial, DEFAULT_MODE, false)?
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    "another writer made the partial file at the same time",
                )
            })?;
        self.replacement(name, partial.to_owned(), file)
    }

    /// The replacement of `name` by `file`, a new file created here as `temp`.
    fn replacement(
        &self,
        name: &OsStr,
        temp: OsString,
        file: std::fs::File,
    ) -> io::Result<Replacement> {
        let replacement = Replacement {
            dir: OutputDir {
                dir: self.dir.try_clone()?,
            },
            temp,
            name: name.to_owned(),
            file: Some(file),
        };
        Ok(replacement)
    }

    /// A file written as it goes (a log that must survive its writer's abrupt end), open for
    /// writing: the entry `name` is replaced at once by a new, empty regular file, which keeps
    /// `name` while it is written. Whatever `name` was (a file, a symbolic link to anything, a
    /// hard link) is replaced, never written through, as by [`replace`](Self::replace); but
    /// readers see the contents grow. A device or a named pipe at `name` itself (`/dev/null`,
    /// a FIFO: nothing a replacement could stand for) is opened and written into instead; a
    /// directory there is an error.
    ///
    /// ```
    /// use std::io::Write;
    /// let dir = tempfile::tempdir()?;
    /// std::fs::write(dir.path().join("game.log"), b"an older game, much longer")?;
    /// let out = duel_files::OutputDir::open(dir.path())?;
    /// let mut log = out.create_streamed("game.log".as_ref())?;
    /// log.write_all(b"move 1\n")?;
    /// assert_eq!(std::fs::read(dir.path().join("game.log"))?, b"move 1\n");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn create_streamed(&self, name: &OsStr) -> io::Result<std::fs::File> {
        if self.entry_kind(name)? == Some(EntryKind::Other) {
            return self.dir.open_existing_for_writing(name);
        }
        let (temp, file) = self.create_temporary(name, DEFAULT_MODE, false)?;
        if let Err(error) = self.dir.rename(&temp, name) {
            let _ = self.dir.remove_file(&temp);
            return Err(error);
        }
        Ok(file)
    }

    /// Creates the entry `name` as a regular file holding `bytes`, unless something is there
    /// already (a link included, even one to nothing): then `Ok(false)` and nothing is
    /// written. Whether the name is free and the creation are one step (the whole file is
    /// written under a fresh name and linked to `name`, which fails when `name` exists), so
    /// what another process puts there meanwhile is never replaced, and readers never see a
    /// part of the file.
    ///
    /// ```
    /// let dir = tempfile::tempdir()?;
    /// let out = duel_files::OutputDir::open(dir.path())?;
    /// assert!(out.create_new("mis.c".as_ref(), b"first")?);
    /// assert!(!out.create_new("mis.c".as_ref(), b"second")?);
    /// assert_eq!(std::fs::read(dir.path().join("mis.c"))?, b"first");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn create_new(&self, name: &OsStr, bytes: &[u8]) -> io::Result<bool> {
        self.write_and_link(name, DEFAULT_MODE, false, bytes)
    }

    /// [`create_new`](Self::create_new), the new file with exactly the permission bits `mode`
    /// (see [`replace_with_mode`](Self::replace_with_mode)).
    pub fn create_new_with_mode(&self, name: &OsStr, bytes: &[u8], mode: u32) -> io::Result<bool> {
        self.write_and_link(name, mode, true, bytes)
    }

    /// Writes a new temporary file beside `name`, syncs it and links it to `name` unless
    /// `name` exists (`false`); the temporary name is removed either way.
    fn write_and_link(
        &self,
        name: &OsStr,
        mode: u32,
        exact: bool,
        bytes: &[u8],
    ) -> io::Result<bool> {
        let (temp, mut file) = self.create_temporary(name, mode, exact)?;
        let written = file.write_all(bytes).and_then(|()| file.sync_all());
        drop(file);
        let linked = written.and_then(|()| self.dir.link_new(&temp, name));
        let removed = self.dir.remove_file(&temp);
        match linked {
            Ok(()) => {
                removed?;
                self.dir.sync();
                Ok(true)
            }
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => Ok(false),
            Err(error) => Err(error),
        }
    }

    /// Checks that files can be created here, by creating and removing one.
    pub fn check_writable(&self) -> io::Result<()> {
        let (temp, file) = self.create_temporary(OsStr::new("probe"), DEFAULT_MODE, false)?;
        drop(file);
        self.dir.remove_file(&temp)
    }

    /// A new file of a name no one else uses, created here (never through a link).
    fn create_temporary(
        &self,
        name: &OsStr,
        mode: u32,
        exact: bool,
    ) -> io::Result<(OsString, std::fs::File)> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        loop {
            let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
            let temp = OsString::from(format!(
                ".{}.{}.{unique}.tmp",
                name.to_string_lossy(),
                std::process::id()
            ));
            // `None`: someone made that name; try the next.
            if let Some(file) = self.dir.create_new(&temp, mode, exact)? {
                return Ok((temp, file));
            }
        }
    }

    /// What the entry `name` is, without following a link: `None` when there is none.
    pub fn entry_kind(&self, name: &OsStr) -> io::Result<Option<EntryKind>> {
        self.dir.entry_kind(name)
    }

    /// The regular file `name` opened for reading, for contents too large to read at once (a
    /// link there is not followed: an error that [`is_link_in_the_way`] recognises, as is
    /// anything but a regular file); `None` when there is no such entry.
    pub fn open_file(&self, name: &OsStr) -> io::Result<Option<std::fs::File>> {
        let Some(file) = self.dir.open_file(name)? else {
            return Ok(None);
        };
        if !file.metadata()?.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "not a regular file",
            ));
        }
        Ok(Some(file))
    }

    /// The contents of the regular file `name` (a link there is not followed: an error);
    /// `None` when there is no such entry.
    pub fn read(&self, name: &OsStr) -> io::Result<Option<Vec<u8>>> {
        let Some(mut file) = self.open_file(name)? else {
            return Ok(None);
        };
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        Ok(Some(bytes))
    }

    /// Removes the entry `name` if it is not a directory (a link is removed itself); a
    /// missing one is no error.
    pub fn remove_file(&self, name: &OsStr) -> io::Result<()> {
        self.dir.remove_file(name)
    }

    /// Removes the subdirectory `name` if it is empty; returns whether it is gone.
    pub fn remove_empty_dir(&self, name: &OsStr) -> io::Result<bool> {
        self.dir.remove_empty_dir(name)
    }
}

/// A file on its way to replace an entry of an [`OutputDir`] atomically
/// ([`OutputDir::begin_replace`]), for contents written over time: written and sought like a
/// file, it is a new file under another name (created exclusively, never through a link)
/// until [`commit`](Self::commit) syncs it and renames it over its entry; readers of the entry
/// see the old one or the whole new file. Dropped uncommitted, it is removed and the entry is
/// left as it was.
#[derive(Debug)]
pub struct Replacement {
    /// The directory, opened once more (so the replacement outlives its [`OutputDir`]).
    dir: OutputDir,
    /// The new file's name until it is committed; empty once renamed.
    temp: OsString,
    name: OsString,
    /// Open until committed.
    file: Option<std::fs::File>,
}

impl Replacement {
    fn file_mut(&mut self) -> &mut std::fs::File {
        self.file.as_mut().expect("open until committed")
    }

    /// Syncs the new file and renames it over its entry (whatever was there, a link
    /// included, is replaced), then makes the rename durable where the system allows it. On
    /// an error the new file is removed and the entry left as it was.
    pub fn commit(mut self) -> io::Result<()> {
        let file = self.file.take().expect("open until committed");
        file.sync_all()?;
        drop(file);
        self.dir.dir.rename(&self.temp, &self.name)?;
        self.temp.clear();
        self.dir.dir.sync();
        Ok(())
    }
}

impl Write for Replacement {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.file_mut().write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file_mut().flush()
    }
}

impl Seek for Replacement {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        self.file_mut().seek(to)
    }
}

impl Drop for Replacement {
    fn drop(&mut self) {
        if !self.temp.is_empty() {
            self.file = None;
            let _ = self.dir.dir.remove_file(&self.temp);
        }
    }
}

/// Replaces `path` with `bytes` so that readers see the old file or the whole new one, never a
/// part (see [`OutputDir::replace`]): the directory `path` names is opened as named, and a
/// symbolic link at `path` itself is replaced, never followed.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("report.json");
/// duel_files::write_atomically(&path, b"{}")?;
/// assert_eq!(std::fs::read(&path)?, b"{}");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(path, |file| file.write_all(bytes))
}

/// [`write_atomically`] with what `write` writes (see [`OutputDir::replace_with`]).
///
/// ```
/// use std::io::Write;
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("table.bin");
/// duel_files::write_atomically_with(&path, |file| {
///     let mut buffered = std::io::BufWriter::new(file);
///     buffered.write_all(b"many bytes")?;
///     buffered.flush()
/// })?;
/// assert_eq!(std::fs::read(&path)?, b"many bytes");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> io::Result<()>,
) -> io::Result<()> {
    let (dir, name) = split(path)?;
    OutputDir::open(&dir)?.replace_with(&name, write)
}

/// The directory and the last component of `path` (`.` when it names no directory).
pub fn split(path: &Path) -> io::Result<(PathBuf, OsString)> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file path"))?;
    Ok((dir, name.to_owned()))
}

/// The first of the entries on the way from `dir` to `dir/relative` (`/`-separated) that is a
/// symbolic link now, for naming it in an error; `None` when none is.
pub fn first_link(dir: &Path, relative: &str) -> Option<PathBuf> {
    let mut path = dir.to_path_buf();
    for part in relative.split('/').filter(|part| !part.is_empty()) {
        path.push(part);
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => return Some(path),
            Ok(_) => {}
            Err(_) => return None,
        }
    }
    None
}
