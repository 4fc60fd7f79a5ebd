//! The judge's results and how they reach the disk. The results themselves (what a report
//! holds, its JSON schema) are `duel-report`'s types, re-exported here; the files are written
//! by `duel-files` (directories opened once, never a link followed, files replaced
//! atomically), whose [`OutputDir`] is re-exported here; this module opens the output files
//! ([`OutputFile`]: what a path named on the command line is, resolved at the start by
//! duel-files' policy, [`duel_files::target`]).

use duel_files::Follow;
pub use duel_files::{EntryKind, OutputDir};
pub use duel_report::{
    measured_kb, points, rank, score, BatchReport, RankingRow, Report, TestResult,
};
use rustix::fs::{Mode, OFlags};
use std::ffi::OsString;
use std::io::{self, Write};
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};

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
///
/// Which of these a path is, is duel-files' policy for every path a user names for output
/// ([`duel_files::target`] with [`Follow::OwnLinks`]); this type opens and writes what it
/// decides.
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
        let io_error = |cause: io::Error| OutputError::Io {
            path: path.to_owned(),
            cause,
        };
        // What the path leads to, resolved now through the links root or the judge's own user
        // made and those through a process's descriptors (as /dev/stdout is); a link someone
        // else made (a submission's user, before this run) is not followed at all: it is
        // replaced like a new name.
        let target = match duel_files::target(path, Follow::OwnLinks).map_err(io_error)? {
            duel_files::Target::Directory => return Err(OutputError::Directory(path.to_owned())),
            duel_files::Target::Unusable => return Err(OutputError::Unusable(path.to_owned())),
            duel_files::Target::Device => Target::Open(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(io_error)?,
            ),
            duel_files::Target::Fifo => Target::Fifo(
                rustix::fs::openat(
                    rustix::fs::CWD,
                    path,
                    OFlags::PATH | OFlags::CLOEXEC,
                    Mode::empty(),
                )
                .map_err(|error| io_error(error.into()))?,
            ),
            duel_files::Target::Append => Target::Open(
                std::fs::OpenOptions::new()
                    .append(true)
                    .open(path)
                    .map_err(io_error)?,
            ),
            duel_files::Target::Replace => {
                let (dir, name) = duel_files::split(path).map_err(io_error)?;
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

#[cfg(test)]
mod tests {
    use super::*;

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
        // Only root can give a link to another user.
        if !duel_test_support::process::is_root() {
            return;
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
}
