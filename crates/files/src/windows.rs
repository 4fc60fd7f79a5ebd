//! The writer on Windows, on the standard library alone.
//!
//! Windows has no `openat`: a name can only be reached through a whole path, so a directory
//! cannot be written "through its descriptor" as on Unix. What this module does instead:
//!
//! - every directory it writes into is held open for as long as its [`Dir`] lives, shared for
//!   reading and writing but not for deleting, which Windows enforces: while it is held, the
//!   directory (and so the path that reaches it) cannot be renamed, removed or replaced by a
//!   link, so the path joined with a name keeps reaching the same directory;
//! - a subdirectory is opened as what is there itself (`FILE_FLAG_OPEN_REPARSE_POINT`), and a
//!   symbolic link, a junction or any other reparse point there is refused;
//! - a new file is created only where nothing is (`CREATE_NEW`, which fails on a link too) and
//!   renamed over its name (`MoveFileEx` replacing: a link there is replaced itself, never its
//!   target); a file is read only after checking that what was opened is no reparse point.
//!
//! What remains weaker than on Unix: the directory the caller named is reached through its
//! path once, when it is opened (as on Unix, where its links are followed too); another
//! program that opened the same directory allowing deletion before duel did could still move
//! it. Under Wine the holds are Wine's own bookkeeping: a Linux program beside it ignores
//! them, so under Wine these guarantees hold only against Windows programs.

use crate::entry::{link_in_the_way, EntryKind};
use std::ffi::OsStr;
use std::fs::{File, Metadata, OpenOptions};
use std::io;
use std::os::windows::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};

/// `FILE_FLAG_BACKUP_SEMANTICS`: lets `CreateFile` open a directory.
const BACKUP_SEMANTICS: u32 = 0x0200_0000;
/// `FILE_FLAG_OPEN_REPARSE_POINT`: opens a link or junction itself, not what it names.
const OPEN_REPARSE_POINT: u32 = 0x0020_0000;
/// `FILE_SHARE_READ | FILE_SHARE_WRITE`, without `FILE_SHARE_DELETE`.
const SHARE_BUT_NOT_DELETE: u32 = 0x1 | 0x2;
/// `FILE_ATTRIBUTE_REPARSE_POINT`.
const REPARSE_POINT: u32 = 0x400;

/// An open directory: its path, and the handle that keeps it from being moved.
#[derive(Debug)]
pub(crate) struct Dir {
    path: PathBuf,
    _hold: File,
}

/// Whether `meta` (of something opened or looked at without following it) is a link, a
/// junction or another reparse point.
fn is_reparse_point(meta: &Metadata) -> bool {
    meta.file_attributes() & REPARSE_POINT != 0 || meta.file_type().is_symlink()
}

/// Opens the directory at `path` and holds it; `follow` says whether a link there is
/// followed. `Ok(None)` when there is no directory (nothing, a file, or an unfollowed link).
fn hold(path: &Path, follow: bool) -> io::Result<Option<File>> {
    let flags = if follow {
        BACKUP_SEMANTICS
    } else {
        BACKUP_SEMANTICS | OPEN_REPARSE_POINT
    };
    let file = match OpenOptions::new()
        .read(true)
        .share_mode(SHARE_BUT_NOT_DELETE)
        .custom_flags(flags)
        .open(path)
    {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    let meta = file.metadata()?;
    if !meta.is_dir() || (!follow && is_reparse_point(&meta)) {
        return Ok(None);
    }
    Ok(Some(file))
}

impl Dir {
    /// The directory `path`, links in `path` followed (its caller named it).
    pub(crate) fn open(path: &Path) -> io::Result<Dir> {
        let path = std::path::absolute(path)?;
        match hold(&path, true)? {
            Some(hold) => Ok(Dir { path, _hold: hold }),
            None => Err(io::Error::new(
                io::ErrorKind::NotADirectory,
                "not a directory",
            )),
        }
    }

    /// The same directory, held once more.
    pub(crate) fn try_clone(&self) -> io::Result<Dir> {
        Ok(Dir {
            path: self.path.clone(),
            _hold: self._hold.try_clone()?,
        })
    }

    /// Makes the directory `name` here; an existing entry is no error.
    pub(crate) fn make_dir(&self, name: &OsStr) -> io::Result<()> {
        match std::fs::create_dir(self.path.join(name)) {
            Err(error) if error.kind() != io::ErrorKind::AlreadyExists => Err(error),
            _ => Ok(()),
        }
    }

    /// The directory `name` here, not followed if it is a link or junction: `Ok(None)` when
    /// there is no directory.
    pub(crate) fn open_dir(&self, name: &OsStr) -> io::Result<Option<Dir>> {
        let path = self.path.join(name);
        Ok(hold(&path, false)?.map(|hold| Dir { path, _hold: hold }))
    }

    /// Creates the new file `name` here, never over anything already there, a link included
    /// (`Ok(None)` then). Windows has no permission bits: `mode` is not used.
    pub(crate) fn create_new(
        &self,
        name: &OsStr,
        _mode: u32,
        _exact: bool,
    ) -> io::Result<Option<File>> {
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .custom_flags(OPEN_REPARSE_POINT)
            .open(self.path.join(name))
        {
            Ok(file) => Ok(Some(file)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => Ok(None),
            Err(error) => Err(error),
        }
    }

    /// The existing entry `name` opened for writing, without creating or truncating it, and
    /// refused if it is a link or a junction: for a device, which is written into.
    pub(crate) fn open_existing_for_writing(&self, name: &OsStr) -> io::Result<File> {
        let file = OpenOptions::new()
            .write(true)
            .custom_flags(OPEN_REPARSE_POINT)
            .open(self.path.join(name))?;
        if is_reparse_point(&file.metadata()?) {
            return Err(link_in_the_way());
        }
        Ok(file)
    }

    /// Renames `from` to `to`, both here: whatever `to` was (a file, a link) is replaced.
    pub(crate) fn rename(&self, from: &OsStr, to: &OsStr) -> io::Result<()> {
        std::fs::rename(self.path.join(from), self.path.join(to))
    }

    /// Gives the file `from` the name `to` too (a hard link); fails with `AlreadyExists` when
    /// `to` exists: the check and the naming are one step.
    pub(crate) fn link_new(&self, from: &OsStr, to: &OsStr) -> io::Result<()> {
        std::fs::hard_link(self.path.join(from), self.path.join(to))
    }

    /// Windows offers no way to sync a directory's entries through the standard library.
    pub(crate) fn sync(&self) {}

    /// Removes the entry `name` (not a directory; a link or junction is removed itself);
    /// missing is fine.
    pub(crate) fn remove_file(&self, name: &OsStr) -> io::Result<()> {
        let path = self.path.join(name);
        let removed = match self.entry_kind(name)? {
            None => return Ok(()),
            Some(EntryKind::Directory) => {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    "a directory is there",
                ))
            }
            // A link to a directory is removed as a directory, the link alone.
            Some(EntryKind::Link) => {
                std::fs::remove_file(&path).or_else(|_| std::fs::remove_dir(&path))
            }
            Some(_) => std::fs::remove_file(&path),
        };
        match removed {
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
            other => other,
        }
    }

    /// Removes the subdirectory `name` if it is empty; whether it is gone.
    pub(crate) fn remove_empty_dir(&self, name: &OsStr) -> io::Result<bool> {
        match self.entry_kind(name)? {
            None => return Ok(true),
            Some(EntryKind::Directory) => {}
            Some(_) => {
                return Err(io::Error::new(
                    io::ErrorKind::NotADirectory,
                    "not a directory",
                ))
            }
        }
        match std::fs::remove_dir(self.path.join(name)) {
            Ok(()) => Ok(true),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(true),
            Err(error) if error.kind() == io::ErrorKind::DirectoryNotEmpty => Ok(false),
            Err(error) => Err(error),
        }
    }

    /// What `name` is, not following a link.
    pub(crate) fn entry_kind(&self, name: &OsStr) -> io::Result<Option<EntryKind>> {
        match std::fs::symlink_metadata(self.path.join(name)) {
            Ok(meta) if is_reparse_point(&meta) => Ok(Some(EntryKind::Link)),
            Ok(meta) if meta.is_dir() => Ok(Some(EntryKind::Directory)),
            Ok(meta) if meta.is_file() => Ok(Some(EntryKind::File)),
            Ok(_) => Ok(Some(EntryKind::Other)),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(error),
        }
    }

    /// The file `name` opened for reading, never through a link (the link's error then):
    /// `Ok(None)` when there is nothing there.
    pub(crate) fn open_file(&self, name: &OsStr) -> io::Result<Option<File>> {
        let file = match OpenOptions::new()
            .read(true)
            .custom_flags(OPEN_REPARSE_POINT)
            .open(self.path.join(name))
        {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(error),
        };
        if is_reparse_point(&file.metadata()?) {
            return Err(link_in_the_way());
        }
        Ok(Some(file))
    }
}
