//! The writer on Unix: a directory is a descriptor, every name is reached with `*at` calls
//! relative to it, and nothing opened by name follows a link (`O_NOFOLLOW`, `O_EXCL`).

use crate::entry::{link_in_the_way, EntryKind};
use rustix::fs::{AtFlags, FileType, Mode, OFlags};
use rustix::io::Errno;
use std::ffi::OsStr;
use std::fs::File;
use std::io;
use std::os::fd::OwnedFd;
use std::path::Path;

/// An open directory.
#[derive(Debug)]
pub(crate) struct Dir(OwnedFd);

/// The flags of a directory opened for reaching names in it.
const DIRECTORY: OFlags = OFlags::RDONLY
    .union(OFlags::DIRECTORY)
    .union(OFlags::CLOEXEC);

impl Dir {
    /// The directory `path`, links in `path` followed (its caller named it).
    pub(crate) fn open(path: &Path) -> io::Result<Dir> {
        Ok(Dir(rustix::fs::openat(
            rustix::fs::CWD,
            path,
            DIRECTORY,
            Mode::empty(),
        )?))
    }

    /// The same directory, opened once more (a descriptor of its own).
    pub(crate) fn try_clone(&self) -> io::Result<Dir> {
        Ok(Dir(self.0.try_clone()?))
    }

    /// Makes the directory `name` here (mode 0777 less the umask); an existing entry is no
    /// error (what it is shows when it is opened).
    pub(crate) fn make_dir(&self, name: &OsStr) -> io::Result<()> {
        match rustix::fs::mkdirat(&self.0, name, Mode::from_raw_mode(0o777)) {
            Ok(()) | Err(Errno::EXIST) => Ok(()),
            Err(error) => Err(error.into()),
        }
    }

    /// The directory `name` here, not followed if it is a link: `Ok(None)` when there is no
    /// directory (nothing, a file, a link).
    pub(crate) fn open_dir(&self, name: &OsStr) -> io::Result<Option<Dir>> {
        match rustix::fs::openat(&self.0, name, DIRECTORY | OFlags::NOFOLLOW, Mode::empty()) {
            Ok(dir) => Ok(Some(Dir(dir))),
            Err(Errno::NOENT | Errno::NOTDIR | Errno::LOOP) => Ok(None),
            Err(error) => Err(error.into()),
        }
    }

    /// Creates the new file `name` here: never through a link, never over anything already
    /// there (`Ok(None)` then). `mode` is the permission bits, less the umask unless `exact`.
    pub(crate) fn create_new(
        &self,
        name: &OsStr,
        mode: u32,
        exact: bool,
    ) -> io::Result<Option<File>> {
        let flags =
            OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
        match rustix::fs::openat(&self.0, name, flags, Mode::from_raw_mode(mode)) {
            Ok(file) => {
                if exact {
                    rustix::fs::fchmod(&file, Mode::from_raw_mode(mode))?;
                }
                Ok(Some(File::from(file)))
            }
            Err(Errno::EXIST) => Ok(None),
            Err(error) => Err(error.into()),
        }
    }

    /// The existing entry `name` opened for writing, without creating, truncating or following
    /// a link (the link's error then): for a device or a named pipe, which is written into.
    pub(crate) fn open_existing_for_writing(&self, name: &OsStr) -> io::Result<File> {
        let flags = OFlags::WRONLY | OFlags::NOFOLLOW | OFlags::NOCTTY | OFlags::CLOEXEC;
        match rustix::fs::openat(&self.0, name, flags, Mode::empty()) {
            Ok(file) => Ok(File::from(file)),
            Err(Errno::LOOP) => Err(link_in_the_way()),
            Err(error) => Err(error.into()),
        }
    }

    /// Renames `from` to `to`, both here: whatever `to` was (a file, a link) is replaced.
    pub(crate) fn rename(&self, from: &OsStr, to: &OsStr) -> io::Result<()> {
        Ok(rustix::fs::renameat(&self.0, from, &self.0, to)?)
    }

    /// Gives the file `from` the name `to` too; fails with `AlreadyExists` when `to` exists
    /// (a link there included, never followed): the check and the naming are one step.
    pub(crate) fn link_new(&self, from: &OsStr, to: &OsStr) -> io::Result<()> {
        Ok(rustix::fs::linkat(
            &self.0,
            from,
            &self.0,
            to,
            AtFlags::empty(),
        )?)
    }

    /// Makes the directory's entries durable, where the file system lets a directory be synced.
    pub(crate) fn sync(&self) {
        let _ = rustix::fs::fsync(&self.0);
    }

    /// Removes the entry `name` (not a directory; a link is removed itself); missing is fine.
    pub(crate) fn remove_file(&self, name: &OsStr) -> io::Result<()> {
        match rustix::fs::unlinkat(&self.0, name, AtFlags::empty()) {
            Ok(()) | Err(Errno::NOENT) => Ok(()),
            Err(error) => Err(error.into()),
        }
    }

    /// Removes the subdirectory `name` if it is empty; whether it is gone.
    pub(crate) fn remove_empty_dir(&self, name: &OsStr) -> io::Result<bool> {
        match rustix::fs::unlinkat(&self.0, name, AtFlags::REMOVEDIR) {
            Ok(()) | Err(Errno::NOENT) => Ok(true),
            Err(Errno::NOTEMPTY | Errno::EXIST) => Ok(false),
            Err(error) => Err(error.into()),
        }
    }

    /// What `name` is, not following a link.
    pub(crate) fn entry_kind(&self, name: &OsStr) -> io::Result<Option<EntryKind>> {
        match rustix::fs::statat(&self.0, name, AtFlags::SYMLINK_NOFOLLOW) {
            Ok(stat) => Ok(Some(match FileType::from_raw_mode(stat.st_mode) {
                FileType::Directory => EntryKind::Directory,
                FileType::RegularFile => EntryKind::File,
                FileType::Symlink => EntryKind::Link,
                _ => EntryKind::Other,
            })),
            Err(Errno::NOENT) => Ok(None),
            Err(error) => Err(error.into()),
        }
    }

    /// The file `name` opened for reading, never through a link (the link's error then):
    /// `Ok(None)` when there is nothing there.
    pub(crate) fn open_file(&self, name: &OsStr) -> io::Result<Option<File>> {
        let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC;
        match rustix::fs::openat(&self.0, name, flags, Mode::empty()) {
            Ok(file) => Ok(Some(File::from(file))),
            Err(Errno::NOENT) => Ok(None),
            Err(Errno::LOOP) => Err(link_in_the_way()),
            Err(error) => Err(error.into()),
        }
    }
}
