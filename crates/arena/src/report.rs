//! The judge's results and how they reach the disk. The results themselves (what a report
//! holds, its JSON schema) are `duel-report`'s types, re-exported here; this module adds the
//! atomic writer and the output files' policy: files opened in directories that are never
//! followed through links.

pub use duel_report::{
    measured_kb, points, rank, score, BatchReport, Report, Standing, TestResult,
};
use rustix::fs::{AtFlags, Mode, OFlags};
use std::ffi::{OsStr, OsString};
use std::io::{self, Read, Write};
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};

/// Writes `report` as JSON to `path` atomically (see [`write_atomically`]).
pub fn write_report(report: &Report, path: &Path) -> Result<(), ReportError> {
    write_atomically(path, report.to_json().as_bytes()).map_err(|cause| ReportError {
        path: path.to_owned(),
        cause,
    })
}

/// The report could not be written. The system's error is said in the message once (it is
/// not also a `source`, which a chain of causes would print again).
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {cause}", path.display())]
pub struct ReportError {
    /// The file being written.
    pub path: PathBuf,
    /// The underlying error.
    pub cause: io::Error,
}

/// Replaces `path` with `bytes` so that readers see the old file or the whole new one, never a
/// part: the bytes go to a new temporary file in the same directory, which is flushed to disk
/// and then renamed over `path`. A symbolic link at `path` is replaced itself, never followed.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("report.json");
/// duel_arena::report::write_atomically(&path, b"{}")?;
/// assert_eq!(std::fs::read(&path)?, b"{}");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomically_with(path, |file| file.write_all(bytes))
}

/// [`write_atomically`] with what `write` writes (see [`OutputDir::replace_with`]): the one
/// way duel replaces a file it was asked to write, reports, tables and pictures alike.
///
/// ```
/// use std::io::Write;
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("table.bin");
/// duel_arena::report::write_atomically_with(&path, |file| {
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

/// The directory and the last component of `path` (`.` when it names none).
fn split(path: &Path) -> io::Result<(PathBuf, OsString)> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file path"))?;
    Ok((dir, name.to_owned()))
}

/// A directory the judge writes into, opened once (when named, before anything untrusted
/// runs) and then reached through its descriptor only: renaming the directory, or planting a
/// symbolic link in place of it or of any file in it, changes nothing of where the judge
/// writes. Files are created, replaced and removed by name inside it, and a name there that
/// is a symbolic link is replaced or removed itself, never followed.
#[derive(Debug)]
pub struct OutputDir {
    dir: OwnedFd,
}

impl OutputDir {
    /// Opens the directory `path` (following links in `path` itself, which its caller named).
    pub fn open(path: &Path) -> io::Result<OutputDir> {
        let dir = rustix::fs::openat(
            rustix::fs::CWD,
            path,
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        Ok(OutputDir { dir })
    }

    /// Creates the directory `path` and its parents as needed, and opens it.
    pub fn create(path: &Path) -> io::Result<OutputDir> {
        std::fs::create_dir_all(path)?;
        OutputDir::open(path)
    }

    /// The subdirectory `name`, created if missing; a symbolic link there is not followed
    /// (an error).
    pub fn subdir(&self, name: &OsStr) -> io::Result<OutputDir> {
        match rustix::fs::mkdirat(&self.dir, name, Mode::from_raw_mode(0o777)) {
            Ok(()) | Err(rustix::io::Errno::EXIST) => {}
            Err(error) => return Err(error.into()),
        }
        let dir = rustix::fs::openat(
            &self.dir,
            name,
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        Ok(OutputDir { dir })
    }

    /// The existing subdirectory `name`; `None` when there is none (or a link or a file is
    /// there: it is not followed).
    pub fn existing_subdir(&self, name: &OsStr) -> io::Result<Option<OutputDir>> {
        match rustix::fs::openat(
            &self.dir,
            name,
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::empty(),
        ) {
            Ok(dir) => Ok(Some(OutputDir { dir })),
            Err(rustix::io::Errno::NOENT | rustix::io::Errno::NOTDIR | rustix::io::Errno::LOOP) => {
                Ok(None)
            }
            Err(error) => Err(error.into()),
        }
    }

    /// Replaces the entry `name` with a regular file holding `bytes`, atomically: readers
    /// see the old entry or the whole new file. Whatever `name` was (a file, a symbolic link
    /// to anything, a hard link) is replaced, never written through; a directory there is an
    /// error.
    pub fn replace(&self, name: &OsStr, bytes: &[u8]) -> io::Result<()> {
        self.replace_with(name, |file| file.write_all(bytes))
    }

    /// [`replace`](Self::replace) with what `write` writes into the new file (through a
    /// buffer of its own if it wants one, flushed before it returns), for contents too large
    /// to hold in memory twice.
    pub fn replace_with(
        &self,
        name: &OsStr,
        write: impl FnOnce(&mut std::fs::File) -> io::Result<()>,
    ) -> io::Result<()> {
        let (temp, file) = self.create_temporary(name)?;
        let written = (|| {
            let mut file = std::fs::File::from(file);
            write(&mut file)?;
            file.sync_all()?;
            rustix::fs::renameat(&self.dir, &temp, &self.dir, name)?;
            Ok(())
        })();
        if written.is_err() {
            let _ = rustix::fs::unlinkat(&self.dir, &temp, AtFlags::empty());
            return written;
        }
        // Make the rename itself durable; not every file system lets a directory be synced.
        let _ = rustix::fs::fsync(&self.dir);
        Ok(())
    }

    /// Checks that files can be created here, by creating and removing one.
    pub fn check_writable(&self) -> io::Result<()> {
        let (temp, _file) = self.create_temporary(OsStr::new("probe"))?;
        rustix::fs::unlinkat(&self.dir, &temp, AtFlags::empty())?;
        Ok(())
    }

    /// A new file of a name no one else uses, created here (never through a link).
    fn create_temporary(&self, name: &OsStr) -> io::Result<(OsString, OwnedFd)> {
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        loop {
            let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
            let temp = OsString::from(format!(
                ".{}.{}.{unique}.tmp",
                name.to_string_lossy(),
                std::process::id()
            ));
            match rustix::fs::openat(
                &self.dir,
                &temp,
                OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
                Mode::from_raw_mode(0o666),
            ) {
                Ok(file) => return Ok((temp, file)),
                // Someone made that name: try the next.
                Err(rustix::io::Errno::EXIST) => continue,
                Err(error) => return Err(error.into()),
            }
        }
    }

    /// What the entry `name` is, without following a link: `None` when there is none.
    pub fn entry_kind(&self, name: &OsStr) -> io::Result<Option<EntryKind>> {
        match rustix::fs::statat(&self.dir, name, AtFlags::SYMLINK_NOFOLLOW) {
            Ok(stat) => Ok(Some(
                match rustix::fs::FileType::from_raw_mode(stat.st_mode) {
                    rustix::fs::FileType::Directory => EntryKind::Directory,
                    _ => EntryKind::Other,
                },
            )),
            Err(rustix::io::Errno::NOENT) => Ok(None),
            Err(error) => Err(error.into()),
        }
    }

    /// The contents of the regular file `name` (a link there is not followed: an error);
    /// `None` when there is no such entry.
    pub fn read(&self, name: &OsStr) -> io::Result<Option<Vec<u8>>> {
        let file = match rustix::fs::openat(
            &self.dir,
            name,
            OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC,
            Mode::empty(),
        ) {
            Ok(file) => file,
            Err(rustix::io::Errno::NOENT) => return Ok(None),
            Err(error) => return Err(error.into()),
        };
        let mut file = std::fs::File::from(file);
        if !file.metadata()?.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "not a regular file",
            ));
        }
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        Ok(Some(bytes))
    }

    /// Removes the entry `name` if it is not a directory (a link is removed itself); a
    /// missing one is no error.
    pub fn remove_file(&self, name: &OsStr) -> io::Result<()> {
        match rustix::fs::unlinkat(&self.dir, name, AtFlags::empty()) {
            Ok(()) | Err(rustix::io::Errno::NOENT) => Ok(()),
            Err(error) => Err(error.into()),
        }
    }

    /// Removes the subdirectory `name` if it is empty; returns whether it is gone.
    pub fn remove_empty_dir(&self, name: &OsStr) -> io::Result<bool> {
        match rustix::fs::unlinkat(&self.dir, name, AtFlags::REMOVEDIR) {
            Ok(()) | Err(rustix::io::Errno::NOENT) => Ok(true),
            Err(rustix::io::Errno::NOTEMPTY | rustix::io::Errno::EXIST) => Ok(false),
            Err(error) => Err(error.into()),
        }
    }
}

/// What an entry of an [`OutputDir`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    /// A directory.
    Directory,
    /// Anything else: a file, a link, a device...
    Other,
}

/// A file the judge writes at the end of a run (its report, its CSV), resolved and opened
/// when it is named, at the start, before anything untrusted runs:
///
/// - a regular file, a new name, a symbolic link to a regular file or to nothing, or a link
///   that another user made (a submission's, before this run): replaced atomically at the
///   end, within its directory opened at the start ([`OutputDir::replace`]): a link found
///   there, at the start or planted during the run, is replaced itself and never followed;
/// - a character device (`/dev/null`, a terminal), or a link to one that root or the judge's
///   own user made: opened at the start and written at the end through that descriptor;
/// - a FIFO (or such a link to one): held from the start and opened for writing at the end
///   through that hold, never through its name (the open waits for a reader, as a FIFO's
///   does);
/// - a name through `/proc/*/fd` (`/dev/stdout`, `/dev/fd/3`) to a regular file: opened at the
///   start for appending, so `--report /dev/stdout > file` adds the report to that file;
/// - a directory, a block device or a socket: refused.
#[derive(Debug)]
pub struct OutputFile {
    path: PathBuf,
    target: Target,
}

#[derive(Debug)]
enum Target {
    Replace { dir: OutputDir, name: OsString },
    Open(std::fs::File),
    Fifo(OwnedFd),
}

/// Why an output file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The path names a directory.
    #[error("cannot write {}: it is a directory", .0.display())]
    Directory(PathBuf),
    /// The path names a block device or a socket.
    #[error("cannot write {}: it is a block device or a socket, not something the judge writes to", .0.display())]
    Unusable(PathBuf),
    /// Opening or probing failed (the system's error said once, not also as a `source`).
    #[error("cannot write {}: {cause}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        cause: io::Error,
    },
}

impl OutputFile {
    /// Resolves and opens `path` for writing at the end (see [`OutputFile`]); fails now if it
    /// could not be written then.
    pub fn open(path: &Path) -> Result<OutputFile, OutputError> {
        use std::os::unix::fs::FileTypeExt;
        let io_error = |cause: io::Error| OutputError::Io {
            path: path.to_owned(),
            cause,
        };
        let kind = match std::fs::symlink_metadata(path) {
            Ok(meta) => Some(meta.file_type()),
            Err(error) if error.kind() == io::ErrorKind::NotFound => None,
            Err(error) => return Err(io_error(error)),
        };
        // What a link leads to, resolved now, and whether it leads through a process's
        // descriptors (as /dev/stdout does). A link someone else made (a submission's user,
        // before this run) is not followed at all: it is replaced like a new name.
        let (kind, through_descriptors) = match kind {
            Some(kind) if kind.is_symlink() => {
                let chain = LinkChain::of(path);
                match std::fs::metadata(path) {
                    Ok(target) if chain.through_descriptors || chain.trusted => {
                        (Some(target.file_type()), chain.through_descriptors)
                    }
                    // A link to nothing, or one an untrusted user made: replaced itself.
                    _ => (None, false),
                }
            }
            kind => (kind, false),
        };
        let target = match kind {
            Some(kind) if kind.is_dir() => return Err(OutputError::Directory(path.to_owned())),
            Some(kind) if kind.is_char_device() => Target::Open(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(io_error)?,
            ),
            Some(kind) if kind.is_fifo() => Target::Fifo(
                rustix::fs::openat(
                    rustix::fs::CWD,
                    path,
                    OFlags::PATH | OFlags::CLOEXEC,
                    Mode::empty(),
                )
                .map_err(|error| io_error(error.into()))?,
            ),
            Some(kind) if kind.is_file() && through_descriptors => Target::Open(
                std::fs::OpenOptions::new()
                    .append(true)
                    .open(path)
                    .map_err(io_error)?,
            ),
            Some(kind) if !kind.is_file() && !kind.is_symlink() => {
                return Err(OutputError::Unusable(path.to_owned()))
            }
            _ => {
                let (dir, name) = split(path).map_err(io_error)?;
                let dir = OutputDir::open(&dir).map_err(io_error)?;
                dir.check_writable().map_err(io_error)?;
                Target::Replace { dir, name }
            }
        };
        Ok(OutputFile {
            path: path.to_owned(),
            target,
        })
    }

    /// The path it was named by.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `bytes` as the file's whole contents (see [`OutputFile`] for how).
    pub fn write(&self, bytes: &[u8]) -> io::Result<()> {
        match &self.target {
            Target::Replace { dir, name } => dir.replace(name, bytes),
            Target::Open(file) => {
                let mut file: &std::fs::File = file;
                file.write_all(bytes)?;
                file.flush()
            }
            Target::Fifo(hold) => write_to_fifo(hold, bytes),
        }
    }
}

/// How often a write to a FIFO looks again for a reader, or for room in the pipe, and at the
/// judge's interrupt flag.
const FIFO_POLL: std::time::Duration = std::time::Duration::from_millis(50);

/// Writes `bytes` into the FIFO `hold` stands for, never blocking where a signal could not
/// end the wait: the FIFO is opened without blocking (again every [`FIFO_POLL`] while it has
/// no reader) and written as the reader makes room. Once Ctrl-C, SIGTERM or SIGHUP has set
/// the judge's interrupt flag (see `duel_sandbox::interrupt_flag`), a wait ends with an error
/// of kind `Interrupted`.
fn write_to_fifo(hold: &OwnedFd, bytes: &[u8]) -> io::Result<()> {
    use rustix::event::{poll, PollFd, PollFlags, Timespec};
    use std::os::fd::AsRawFd;
    let interrupted = || {
        io::Error::new(
            io::ErrorKind::Interrupted,
            "interrupted while waiting for the FIFO's reader",
        )
    };
    let reopened = format!("/proc/self/fd/{}", hold.as_raw_fd());
    let file = loop {
        match rustix::fs::open(
            reopened.as_str(),
            OFlags::WRONLY | OFlags::NONBLOCK | OFlags::CLOEXEC,
            Mode::empty(),
        ) {
            Ok(file) => break file,
            // No reader yet.
            Err(rustix::io::Errno::NXIO) | Err(rustix::io::Errno::INTR) => {}
            Err(error) => return Err(error.into()),
        }
        if duel_sandbox::interrupting_signal().is_some() {
            return Err(interrupted());
        }
        std::thread::sleep(FIFO_POLL);
    };
    let timeout = Timespec::try_from(FIFO_POLL).unwrap_or_default();
    let mut rest = bytes;
    while !rest.is_empty() {
        match rustix::io::write(&file, rest) {
            Ok(written) => rest = &rest[written..],
            Err(rustix::io::Errno::AGAIN) | Err(rustix::io::Errno::INTR) => {
                if duel_sandbox::interrupting_signal().is_some() {
                    return Err(interrupted());
                }
                let mut fds = [PollFd::new(&file, PollFlags::OUT)];
                match poll(&mut fds, Some(&timeout)) {
                    Ok(_) | Err(rustix::io::Errno::INTR) => {}
                    Err(error) => return Err(error.into()),
                }
            }
            Err(error) => return Err(error.into()),
        }
    }
    Ok(())
}

/// What following the links of `path` meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LinkChain {
    /// It passes through a process's descriptor directory (`/proc/PID/fd`, as `/dev/stdout`
    /// and `/dev/fd/N` do).
    through_descriptors: bool,
    /// Every link on the way belongs to root or to the judge's own user.
    trusted: bool,
}

impl LinkChain {
    fn of(path: &Path) -> LinkChain {
        use std::os::unix::fs::MetadataExt;
        let me = rustix::process::geteuid().as_raw();
        let mut chain = LinkChain {
            through_descriptors: false,
            trusted: true,
        };
        let mut current = path.to_path_buf();
        for _ in 0..40 {
            let parent = match current.parent() {
                Some(dir) if !dir.as_os_str().is_empty() => dir.to_owned(),
                _ => PathBuf::from("."),
            };
            if std::fs::canonicalize(&parent).is_ok_and(|dir| is_descriptor_dir(&dir)) {
                chain.through_descriptors = true;
                return chain;
            }
            match std::fs::symlink_metadata(&current) {
                Ok(meta) if meta.file_type().is_symlink() => {
                    chain.trusted &= meta.uid() == 0 || meta.uid() == me;
                }
                _ => return chain,
            }
            match std::fs::read_link(&current) {
                Ok(next) => current = parent.join(next),
                Err(_) => return chain,
            }
        }
        chain
    }
}

/// Whether following the link `path` passes through a process's descriptor directory.
#[cfg(test)]
fn through_descriptors(path: &Path) -> bool {
    LinkChain::of(path).through_descriptors
}

/// `/proc/PID/fd` or `/proc/PID/task/TID/fd`.
fn is_descriptor_dir(dir: &Path) -> bool {
    let parts: Vec<_> = dir.components().map(|c| c.as_os_str().to_owned()).collect();
    let is = |index: usize, text: &str| parts.get(index).is_some_and(|p| p == text);
    is(1, "proc")
        && (parts.len() == 4 && is(3, "fd") || parts.len() == 6 && is(3, "task") && is(5, "fd"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_writes_replace_and_leave_no_temporary_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.json");
        write_atomically(&path, b"old").unwrap();
        write_atomically(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        let entries: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(entries.len(), 1);
    }

    #[test]
    fn a_missing_directory_is_an_error_naming_the_file() {
        let report = Report::new("ioiwari", "x", 0, vec![], false);
        let error =
            write_report(&report, Path::new("/nonexistent-dir-for-duel/r.json")).unwrap_err();
        assert!(error
            .to_string()
            .contains("/nonexistent-dir-for-duel/r.json"));
    }

    #[test]
    fn replacing_a_link_replaces_the_link_not_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.txt");
        std::fs::write(&target, "kept").unwrap();
        let link = dir.path().join("out.json");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let out = OutputDir::open(dir.path()).unwrap();
        out.replace(OsStr::new("out.json"), b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "kept");
        assert!(std::fs::symlink_metadata(&link).unwrap().is_file());
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "new");
        // Reading and removing do not follow links either.
        std::os::unix::fs::symlink(&target, dir.path().join("l2")).unwrap();
        assert!(out.read(OsStr::new("l2")).is_err());
        out.remove_file(OsStr::new("l2")).unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "kept");
        assert!(out
            .existing_subdir(OsStr::new("out.json"))
            .unwrap()
            .is_none());
    }

    #[test]
    fn an_output_file_is_resolved_when_named() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(
            OutputFile::open(dir.path()),
            Err(OutputError::Directory(_))
        ));
        // A device is opened now and written at the end.
        let null = OutputFile::open(Path::new("/dev/null")).unwrap();
        assert!(matches!(null.target, Target::Open(_)));
        null.write(b"x").unwrap();
        // A new name is replaced in its directory, even once its directory is renamed.
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        let file = OutputFile::open(&sub.join("r.json")).unwrap();
        let moved = dir.path().join("moved");
        std::fs::rename(&sub, &moved).unwrap();
        std::os::unix::fs::symlink(dir.path(), &sub).unwrap();
        file.write(b"{}").unwrap();
        assert_eq!(std::fs::read(moved.join("r.json")).unwrap(), b"{}");
        assert!(!dir.path().join("r.json").exists());
    }

    #[test]
    fn a_link_to_a_device_made_by_another_user_is_replaced_not_followed() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("report.json");
        std::os::unix::fs::symlink("/dev/null", &link).unwrap();
        // Made by the judge's own user: followed, the device opened.
        assert!(matches!(
            OutputFile::open(&link).unwrap().target,
            Target::Open(_)
        ));
        if !rustix::process::geteuid().is_root() {
            return; // only root can give a link to another user
        }
        std::os::unix::fs::lchown(&link, Some(4_000_000), Some(4_000_000)).unwrap();
        let file = OutputFile::open(&link).unwrap();
        assert!(matches!(file.target, Target::Replace { .. }));
        file.write(b"{}").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().is_file());
        assert!(std::fs::symlink_metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device());
    }

    #[test]
    fn descriptor_links_are_recognised() {
        assert!(is_descriptor_dir(Path::new("/proc/123/fd")));
        assert!(is_descriptor_dir(Path::new("/proc/123/task/124/fd")));
        assert!(!is_descriptor_dir(Path::new("/proc/123")));
        assert!(!is_descriptor_dir(Path::new("/tmp/fd")));
        assert!(through_descriptors(Path::new("/dev/stdout")));
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("/etc/hostname", &link).unwrap();
        assert!(!through_descriptors(&link));
    }
}
