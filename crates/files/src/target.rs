//! Where a path named for output leads: a stream to write into (a device, a FIFO, a stream the
//! system names), or a name to replace atomically ([`OutputDir`](crate::OutputDir)). One
//! policy for every writer that takes a path from its user (the judge's reports and CSVs,
//! `ioiwari2`'s log), told apart only by which symbolic links it follows ([`Follow`]).

use std::fs::FileType;
use std::io;
#[cfg(unix)]
use std::path::PathBuf;
use std::path::{Component, Path};

/// What writing a path named for output means, decided from the path before anything is
/// written ([`target`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Nothing there, a regular file, or a link not followed: the name is replaced
    /// atomically in its directory, a link there replaced itself.
    Replace,
    /// A character device (`/dev/null`, a terminal): written into.
    Device,
    /// A named pipe: written into as its reader reads.
    Fifo,
    /// A stream the system names, opened for appending: a regular file reached through a
    /// process's descriptors (`/dev/stdout` when standard output is a file), and with
    /// [`Follow::SystemNames`] any name under `/dev` or `/proc`.
    Append,
    /// A directory: nothing a writer writes to.
    Directory,
    /// A block device or a socket.
    Unusable,
}

/// Which symbolic links [`target`] follows. Either way a link it does not follow is replaced
/// itself, never written through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Follow {
    /// The system's names only, as a log opened at once needs (`ioiwari2 --log`): an absolute
    /// name under `/dev` or `/proc` (on Unix; `/dev/stdout`, `/dev/fd/3`), which only the
    /// system can place, is a stream ([`Target::Append`]) whatever it leads to, a regular
    /// file under `/dev/shm` included; no other link is followed.
    SystemNames,
    /// Links that root or this process's user made, and any link through a process's
    /// descriptors (`/proc/PID/fd`), as the judge needs for a file it names at the start and
    /// writes after untrusted programs ran: what the path leads to decides, and a regular file
    /// there is appended to only when reached through descriptors; a name under `/dev` is
    /// nothing special (a regular file there is replaced). A link that another user made (a
    /// submission's) is not followed. Without Unix no link is followed.
    OwnLinks,
}

/// What writing to `path` means under `follow` (see [`Target`]). Seen without following the
/// last link, an entry decides itself: a device or FIFO is written into, a directory is one.
/// With [`Follow::SystemNames`] a path that cannot be looked at is [`Target::Replace`] (the
/// writer then meets the error itself); with [`Follow::OwnLinks`] that is the error.
///
/// ```
/// use duel_files::{target, Follow, Target};
/// let dir = tempfile::tempdir()?;
/// let report = dir.path().join("report.json");
/// assert_eq!(target(&report, Follow::OwnLinks)?, Target::Replace);
/// assert_eq!(target(dir.path(), Follow::OwnLinks)?, Target::Directory);
/// # #[cfg(unix)] {
/// assert_eq!(target("/dev/null".as_ref(), Follow::OwnLinks)?, Target::Device);
/// assert_eq!(target("/dev/stdout".as_ref(), Follow::SystemNames)?, Target::Append);
/// # }
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn target(path: &Path, follow: Follow) -> io::Result<Target> {
    if follow == Follow::SystemNames && names_a_system_stream(path) {
        return Ok(Target::Append);
    }
    let kind = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta.file_type(),
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Target::Replace),
        Err(_) if follow == Follow::SystemNames => return Ok(Target::Replace),
        Err(error) => return Err(error),
    };
    if !kind.is_symlink() {
        return Ok(of_kind(kind));
    }
    if follow == Follow::SystemNames {
        return Ok(Target::Replace);
    }
    Ok(through_link(path))
}

/// What a link at `path` leads to under [`Follow::OwnLinks`].
#[cfg(unix)]
fn through_link(path: &Path) -> Target {
    let chain = LinkChain::of(path);
    match std::fs::metadata(path) {
        Ok(meta) if chain.through_descriptors => match of_kind(meta.file_type()) {
            Target::Replace => Target::Append,
            other => other,
        },
        Ok(meta) if chain.trusted => of_kind(meta.file_type()),
        // A link to nothing, or one another user made: replaced itself.
        _ => Target::Replace,
    }
}

/// Without Unix no link is followed.
#[cfg(not(unix))]
fn through_link(_path: &Path) -> Target {
    Target::Replace
}

/// The target an entry of kind `kind` (no link) is.
fn of_kind(kind: FileType) -> Target {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() {
            return Target::Device;
        }
        if kind.is_fifo() {
            return Target::Fifo;
        }
    }
    if kind.is_dir() {
        Target::Directory
    } else if kind.is_file() {
        Target::Replace
    } else {
        Target::Unusable
    }
}

/// Whether `path` is absolute and under `/dev` or `/proc` (on Unix; nowhere else).
fn names_a_system_stream(path: &Path) -> bool {
    let mut parts = path.components();
    cfg!(unix)
        && parts.next() == Some(Component::RootDir)
        && matches!(parts.next(), Some(Component::Normal(top)) if top == "dev" || top == "proc")
}

/// What following the links of `path` meets.
#[cfg(unix)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LinkChain {
    /// It passes through a process's descriptor directory (`/proc/PID/fd`, as `/dev/stdout`
    /// and `/dev/fd/N` do).
    through_descriptors: bool,
    /// Every link on the way belongs to root or to this process's user.
    trusted: bool,
}

#[cfg(unix)]
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

/// `/proc/PID/fd` or `/proc/PID/task/TID/fd`.
#[cfg(unix)]
fn is_descriptor_dir(dir: &Path) -> bool {
    let parts: Vec<_> = dir.components().map(|c| c.as_os_str().to_owned()).collect();
    let is = |index: usize, text: &str| parts.get(index).is_some_and(|p| p == text);
    is(1, "proc")
        && (parts.len() == 4 && is(3, "fd") || parts.len() == 6 && is(3, "task") && is(5, "fd"))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn descriptor_links_are_recognised() {
        assert!(is_descriptor_dir(Path::new("/proc/123/fd")));
        assert!(is_descriptor_dir(Path::new("/proc/123/task/124/fd")));
        assert!(!is_descriptor_dir(Path::new("/proc/123")));
        assert!(!is_descriptor_dir(Path::new("/tmp/fd")));
        assert!(LinkChain::of(Path::new("/dev/stdout")).through_descriptors);
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("/etc/hostname", &link).unwrap();
        assert!(!LinkChain::of(&link).through_descriptors);
    }

    /// The two policies agree on what an entry is and differ on links and on `/dev`.
    #[test]
    fn streams_are_written_into_and_the_rest_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let at = |name: &str| dir.path().join(name);
        let both = |path: &Path| {
            (
                target(path, Follow::SystemNames).unwrap(),
                target(path, Follow::OwnLinks).unwrap(),
            )
        };
        // Nothing there, a regular file, a directory: the same under both.
        assert_eq!(both(&at("new")), (Target::Replace, Target::Replace));
        std::fs::write(at("file"), b"old").unwrap();
        assert_eq!(both(&at("file")), (Target::Replace, Target::Replace));
        assert_eq!(both(dir.path()), (Target::Directory, Target::Directory));
        // A FIFO at the name itself is written into under both.
        rustix::fs::mkfifoat(rustix::fs::CWD, at("fifo"), rustix::fs::Mode::RUSR).unwrap();
        assert_eq!(both(&at("fifo")), (Target::Fifo, Target::Fifo));
        // A link of this user's to a device, to a file through descriptors, to a file, to
        // nothing: only the judge's policy follows the first two.
        let link = |name: &str, to: &str| {
            std::os::unix::fs::symlink(to, at(name)).unwrap();
            at(name)
        };
        let null = link("null", "/dev/null");
        assert_eq!(both(&null), (Target::Replace, Target::Device));
        let open = std::fs::File::open(at("file")).unwrap();
        let descriptor = format!("/proc/self/fd/{}", std::os::fd::AsRawFd::as_raw_fd(&open));
        let stream = link("stream", &descriptor);
        assert_eq!(both(&stream), (Target::Replace, Target::Append));
        let file = link("to-file", "file");
        assert_eq!(both(&file), (Target::Replace, Target::Replace));
        let dangling = link("dangling", "nowhere");
        assert_eq!(both(&dangling), (Target::Replace, Target::Replace));
        // The system's names: streams by name for a log, by what they are for the judge.
        assert_eq!(
            both(Path::new("/dev/null")),
            (Target::Append, Target::Device)
        );
        assert_eq!(
            target(Path::new("/dev/no-such-name"), Follow::SystemNames).unwrap(),
            Target::Append
        );
        assert_eq!(
            target(Path::new("/dev/no-such-name"), Follow::OwnLinks).unwrap(),
            Target::Replace
        );
        assert!(!names_a_system_stream(Path::new("dev/null")));
        assert!(!names_a_system_stream(Path::new("/devices/x")));
        assert!(names_a_system_stream(Path::new("/proc/self/fd/1")));
    }
}
