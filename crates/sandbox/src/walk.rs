//! How the kernel walks a path, step by step: the real directories it passes, the links it
//! follows (and whose they are), and where it ends. Bubblewrap's view makes the same walk
//! possible inside the sandbox (so `..`, `.` and linked directories lead where they lead
//! outside), and a file reached through another user's link is read with that user's rights.

use std::collections::VecDeque;
use std::ffi::OsString;
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Component, Path, PathBuf};

/// At most this many links on one walk, as the kernel allows.
const MAX_LINKS: usize = 40;

/// A symbolic link a walk followed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Link {
    /// Where the link is (its directory is a real one).
    pub at: PathBuf,
    /// What it says, as written.
    pub target: PathBuf,
    /// Its owner and group.
    pub uid: u32,
    pub gid: u32,
}

/// The steps of one walk.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Walk {
    /// The real directories passed on the way, in order, each once.
    pub dirs: Vec<PathBuf>,
    /// The links followed, in order.
    pub links: Vec<Link>,
    /// Where the walk ends: the real path, with no link, `.` or `..` left.
    pub end: PathBuf,
}

impl Walk {
    /// The first link the walk followed that belongs to neither the judge's user nor root:
    /// someone else chose where it leads.
    pub(crate) fn foreign_link(&self) -> Option<&Link> {
        let judge = super::signal::effective_uid();
        self.links
            .iter()
            .find(|link| link.uid != judge && link.uid != 0)
    }
}

/// Walks `path` (relative to `working_dir`) as the kernel would, to an existing file or
/// directory.
pub(crate) fn walk(path: &Path, working_dir: &Path) -> io::Result<Walk> {
    let mut queue: VecDeque<OsString> = VecDeque::new();
    let path = working_dir.join(path);
    push_front(&mut queue, &path);
    let mut walk = Walk::default();
    let mut current = PathBuf::from("/");
    while let Some(name) = queue.pop_front() {
        if name == "/" {
            current = PathBuf::from("/");
            continue;
        }
        if name == "." {
            continue;
        }
        if name == ".." {
            current.pop();
            continue;
        }
        let next = current.join(&name);
        let meta = std::fs::symlink_metadata(&next)?;
        if meta.file_type().is_symlink() {
            if walk.links.len() >= MAX_LINKS {
                return Err(io::Error::from_raw_os_error(libc::ELOOP));
            }
            let target = std::fs::read_link(&next)?;
            push_front(&mut queue, &target);
            walk.links.push(Link {
                at: next,
                target,
                uid: meta.uid(),
                gid: meta.gid(),
            });
            continue;
        }
        let last = queue.iter().all(|rest| rest == "." || rest == "/");
        if !meta.is_dir() && !last {
            return Err(io::Error::from_raw_os_error(libc::ENOTDIR));
        }
        if meta.is_dir() && !last && !walk.dirs.contains(&next) {
            walk.dirs.push(next.clone());
        }
        current = next;
    }
    walk.end = current;
    Ok(walk)
}

/// Puts the components of `path` in front of the queue (`/` first for an absolute path).
fn push_front(queue: &mut VecDeque<OsString>, path: &Path) {
    let words: Vec<OsString> = path
        .components()
        .map(|component| match component {
            Component::RootDir | Component::Prefix(_) => OsString::from("/"),
            Component::CurDir => OsString::from("."),
            Component::ParentDir => OsString::from(".."),
            Component::Normal(name) => name.to_os_string(),
        })
        .collect();
    for word in words.into_iter().rev() {
        queue.push_front(word);
    }
}

/// The id that reads, for the judge, what a link leads to when the link is root's or the
/// judge's own: no box user has it, and it is in no group, so it has others' rights alone.
pub const LINK_READER_ID: u32 = super::BOX_ID_BASE + super::BOX_SLOTS;

/// With whose rights (uid, gid) the judge, when root, must read `path` (from the working
/// directory), which a walk reaches through a symbolic link: the owner's, for the first link
/// that belongs to neither root nor the judge's user (someone else chose where it leads),
/// else others' ([`LINK_READER_ID`]: a copied tree's links are root's, whoever made them).
/// `None` when no link is on the way or the judge is not root: then the judge reads it.
pub fn link_reader(path: &Path) -> Option<(u32, u32)> {
    if super::signal::effective_uid() != 0 {
        return None;
    }
    let working_dir = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
    let walked = walk(path, &working_dir).ok()?;
    if let Some(link) = walked.foreign_link() {
        return Some((link.uid, link.gid));
    }
    (!walked.links.is_empty()).then_some((LINK_READER_ID, LINK_READER_ID))
}

/// Whether the user and group `(uid, gid)` (with no other group) may read `path`, asked of the
/// kernel by a child that takes that user's rights: every directory on the way counts.
pub(crate) fn readable_by(path: &Path, uid: u32, gid: u32) -> bool {
    use std::os::unix::process::CommandExt;
    std::process::Command::new("/bin/sh")
        .args(["-c", "test -r \"$1\"", "sh"])
        .arg(path)
        .env_clear()
        .current_dir("/")
        .uid(uid)
        .gid(gid)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Reads at most `limit + 1` bytes of `path` with the rights of `(uid, gid)` alone (a child
/// that takes them runs `cat`), so that a link can give the reader nothing its owner could
/// not read. The child's error line is the error.
pub fn read_as(path: &Path, uid: u32, gid: u32, limit: u64) -> io::Result<Vec<u8>> {
    use std::io::Read;
    use std::os::unix::process::CommandExt;
    // The reader starts in `/`: a relative path is the judge's, from its own directory.
    let path = std::path::absolute(path)?;
    let mut child = std::process::Command::new("/bin/cat")
        .arg("--")
        .arg(&path)
        .env_clear()
        .env("LC_ALL", "C")
        .current_dir("/")
        .uid(uid)
        .gid(gid)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()?;
    let mut bytes = Vec::new();
    if let Some(stdout) = child.stdout.take() {
        stdout.take(limit + 1).read_to_end(&mut bytes)?;
    }
    if bytes.len() as u64 > limit {
        // Too large: the caller refuses it; the rest is not wanted.
        let _ = child.kill();
        let _ = child.wait();
        return Ok(bytes);
    }
    let output = child.wait_with_output()?;
    if !output.status.success() {
        let message = String::from_utf8_lossy(&output.stderr);
        let reason = message
            .trim()
            .rsplit(": ")
            .next()
            .filter(|reason| !reason.is_empty())
            .unwrap_or("cannot be read")
            .to_owned();
        return Err(io::Error::new(io::ErrorKind::PermissionDenied, reason));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_follows_links_and_dot_dot_as_the_kernel_does() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        std::fs::create_dir_all(root.join("x/y")).unwrap();
        std::fs::write(root.join("x/p.sh"), "").unwrap();
        std::fs::write(root.join("a/p.sh"), "").unwrap();
        // a/l -> ../x/y: a/l/.. is x, not a.
        std::os::unix::fs::symlink("../x/y", root.join("a/l")).unwrap();
        let walked = walk(Path::new("a/l/../p.sh"), &root).unwrap();
        assert_eq!(walked.end, root.join("x/p.sh"));
        assert_eq!(walked.end, root.join("a/l/../p.sh").canonicalize().unwrap());
        assert_eq!(walked.links.len(), 1);
        assert_eq!(walked.links[0].at, root.join("a/l"));
        assert!(walked.dirs.contains(&root.join("x/y")), "{walked:?}");
        let plain = walk(Path::new("./a/b/../p.sh"), &root).unwrap();
        assert_eq!(plain.end, root.join("a/p.sh"));
        assert!(plain.links.is_empty() && plain.dirs.contains(&root.join("a/b")));
        assert!(walk(Path::new("a/p.sh/x"), &root).is_err());
        assert!(walk(Path::new("a/none"), &root).is_err());
        std::os::unix::fs::symlink("loop", root.join("loop")).unwrap();
        assert!(walk(Path::new("loop"), &root).is_err());
    }

    #[test]
    fn a_relative_path_is_read_from_the_judges_directory_not_the_readers() {
        // Tests run in the crate's directory, which holds Cargo.toml; the reader starts in `/`.
        let uid = rustix::process::getuid().as_raw();
        let gid = rustix::process::getgid().as_raw();
        let read = read_as(Path::new("Cargo.toml"), uid, gid, 1 << 20).unwrap();
        assert_eq!(read, std::fs::read("Cargo.toml").unwrap());
    }
}
