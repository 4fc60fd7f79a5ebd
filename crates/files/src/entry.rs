//! What both systems' writers say about an entry: its kind, and the error of a link in the way.

use std::io;

/// What an entry of an [`OutputDir`](crate::OutputDir) is, seen without following a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    /// A directory.
    Directory,
    /// A regular file.
    File,
    /// A symbolic link (on Windows also a junction or any other reparse point), to anything
    /// or to nothing.
    Link,
    /// Anything else: a device, a FIFO, a socket.
    Other,
}

/// The error carried by an [`io::Error`] when a symbolic link stands where a directory would
/// be entered or a file read: duel never follows one there. [`is_link_in_the_way`] finds it.
#[derive(Debug, thiserror::Error)]
#[error("a symbolic link is there, and duel never writes or reads through one")]
struct LinkInTheWay;

/// The error for a link found in the way.
pub(crate) fn link_in_the_way() -> io::Error {
    io::Error::other(LinkInTheWay)
}

/// Whether `error` says that a symbolic link stood in the way (and was not followed), so that
/// a caller can name the link in its own words.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// # #[cfg(unix)]
/// std::os::unix::fs::symlink("/tmp", dir.path().join("sub"))?;
/// # #[cfg(unix)] {
/// let out = duel_files::OutputDir::open(dir.path())?;
/// let error = out.subdir(std::ffi::OsStr::new("sub")).unwrap_err();
/// assert!(duel_files::is_link_in_the_way(&error));
/// # }
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn is_link_in_the_way(error: &io::Error) -> bool {
    error
        .get_ref()
        .is_some_and(|inner| inner.is::<LinkInTheWay>())
}
