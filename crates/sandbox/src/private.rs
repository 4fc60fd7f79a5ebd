//! Without bubblewrap, as root: every run gets a mount namespace of its own (and an IPC
//! namespace) in which the directories any user may write, `/tmp`, `/var/tmp`, `/dev/shm`
//! and `/run/lock`, are fresh tmpfs of [`PRIVATE_DIR_BYTES`] each. What the program leaves
//! there is gone with its last process, another run never sees it, and it cannot fill the
//! machine's disk (the pages are charged to the run's cgroup, like bubblewrap's `/tmp`).
//!
//! What the run needs that lies there (a program or build directory under `/tmp`: the files
//! its command names, the working directory, the judge's visible and writable paths) is bound
//! back at its own path, from a descriptor the child opens on it before covering it.
//!
//! The run gets a `devpts` instance of its own at `/dev/pts`, with at most [`PRIVATE_PTYS`]
//! pseudo-terminals, and `/dev/ptmx` opens that instance: a program cannot exhaust the
//! machine's terminals (bubblewrap's fresh `/dev` makes an instance of its own the same way).
//!
//! Everything else is made read-only in that namespace (`mount_setattr` with `AT_RECURSIVE`,
//! Linux 5.12 and later; older kernels skip this step): a directory any user may write
//! elsewhere on the machine (`/var/crash`, a shared upload directory, a world-writable
//! working directory) takes nothing from the run, so nothing is left behind anywhere. Only
//! the fresh tmpfs and the directories the judge lets the run write (a compiler's build
//! directory, bound writable again) can be written.

// System calls: every unsafe block says why it is sound.
#![allow(unsafe_code)]

use rustix::fs::{Mode, OFlags};
use rustix::io::Errno;
use std::ffi::CString;
use std::io;
use std::os::fd::IntoRawFd;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, Ordering};

/// The directories made private to each run (those that are real directories here).
pub const PRIVATE_DIRS: &[&str] = &["/tmp", "/var/tmp", "/dev/shm", "/run/lock"];

/// The size of each private directory.
pub const PRIVATE_DIR_BYTES: u64 = 64 << 20;

/// The most pseudo-terminals a run can open without bubblewrap (its own `devpts` instance).
pub const PRIVATE_PTYS: u32 = 16;

/// What the child does to have private directories: everything computed (and every path made
/// a C string, every descriptor opened) before the fork, so that the child only makes system
/// calls.
#[derive(Debug)]
pub(crate) struct PrivateMounts {
    /// Where a fresh tmpfs is mounted.
    covered: Vec<CString>,
    /// The tmpfs mount options: `mode=1777` and a size of [`PRIVATE_DIR_BYTES`].
    options: CString,
    /// The options of the run's own `devpts`, when the machine has `/dev/pts` and
    /// `/dev/ptmx` to cover.
    devpts: Option<CString>,
    /// Directories made on the fresh tmpfs, parents first.
    dirs: Vec<CString>,
    /// Empty files made there, to bind files on.
    files: Vec<CString>,
    /// Symbolic links made there, `(where, what it says)`: those a kept path is reached
    /// through.
    links: Vec<(CString, CString)>,
    /// What is bound back, each at its own path.
    binds: Vec<CString>,
    /// The directories the run may write: bound on themselves and made writable again, once
    /// everything else is read-only and bound back.
    writable: Vec<CString>,
    /// The working directory, entered again last (the one entered before lies under a
    /// mount now read-only, or covered).
    working_dir: CString,
    /// The descriptors the child opens on them before it covers their directory (a bind's
    /// source must be in the child's own mount namespace), made room for before the fork.
    slots: Vec<AtomicI32>,
}

fn c_path(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes()).map_err(io::Error::other)
}

impl PrivateMounts {
    /// The plan for a run in `working_dir` that needs `keep` (existing paths; others are left
    /// out) where it really is, and may write the directories `writable` (which `keep` holds
    /// too).
    pub(crate) fn plan(
        keep: &[PathBuf],
        writable: &[PathBuf],
        working_dir: &Path,
    ) -> io::Result<PrivateMounts> {
        let writable: Vec<PathBuf> = writable
            .iter()
            .filter_map(|path| path.canonicalize().ok())
            .collect();
        let covered: Vec<PathBuf> = PRIVATE_DIRS
            .iter()
            .map(PathBuf::from)
            .filter(|dir| std::fs::symlink_metadata(dir).is_ok_and(|meta| meta.is_dir()))
            .collect();
        let mut wanted: Vec<PathBuf> = keep
            .iter()
            .filter_map(|path| path.canonicalize().ok())
            .filter(|path| {
                covered
                    .iter()
                    .any(|dir| path.starts_with(dir) && path != dir)
            })
            .collect();
        wanted.sort_by_key(|path| path.components().count());
        let mut kept: Vec<PathBuf> = Vec::new();
        for path in wanted {
            if !kept.iter().any(|outer| path.starts_with(outer)) {
                kept.push(path);
            }
        }
        let mut plan = PrivateMounts {
            covered: covered
                .iter()
                .map(|dir| c_path(dir))
                .collect::<io::Result<_>>()?,
            options: CString::new(format!("mode=1777,size={PRIVATE_DIR_BYTES}"))
                .map_err(io::Error::other)?,
            devpts: (Path::new("/dev/pts").is_dir() && Path::new("/dev/ptmx").exists())
                .then(|| {
                    CString::new(format!(
                        "newinstance,ptmxmode=0666,mode=0620,max={PRIVATE_PTYS}"
                    ))
                })
                .transpose()
                .map_err(io::Error::other)?,
            dirs: Vec::new(),
            files: Vec::new(),
            links: Vec::new(),
            binds: Vec::new(),
            writable: writable
                .iter()
                .map(|path| c_path(path))
                .collect::<io::Result<_>>()?,
            working_dir: c_path(&working_dir.canonicalize().unwrap_or(working_dir.into()))?,
            slots: Vec::new(),
        };
        let mut dirs: Vec<PathBuf> = Vec::new();
        for path in &kept {
            let top = covered.iter().find(|dir| path.starts_with(dir));
            let mut above: Vec<&Path> = path
                .ancestors()
                .skip(1)
                .take_while(|dir| Some(*dir) != top.map(PathBuf::as_path))
                .collect();
            above.reverse();
            for dir in above {
                if !dirs.iter().any(|made| made == dir) {
                    dirs.push(dir.to_path_buf());
                }
            }
            if path.is_dir() {
                dirs.push(path.clone());
            } else {
                plan.files.push(c_path(path)?);
            }
            plan.binds.push(c_path(path)?);
            plan.slots.push(AtomicI32::new(-1));
        }
        // The kernel's walk to each kept path, through links and `..`, must work in here as
        // it does outside (`dir/link/../player`): the directories it passes and the links it
        // follows on the fresh tmpfs are made again (the links as they are written), unless a
        // bind brings them.
        let private = |path: &Path| {
            covered
                .iter()
                .any(|dir| path.starts_with(dir) && path != dir)
                && !kept.iter().any(|outer| path.starts_with(outer))
        };
        let mut walked_dirs: Vec<PathBuf> = Vec::new();
        let mut links: Vec<(PathBuf, PathBuf)> = Vec::new();
        for path in keep {
            let Ok(walked) = crate::walk::walk(path, working_dir) else {
                continue;
            };
            walked_dirs.extend(walked.dirs.iter().filter(|dir| private(dir)).cloned());
            for link in walked.links.iter().filter(|link| private(&link.at)) {
                walked_dirs.extend(
                    link.at
                        .ancestors()
                        .skip(1)
                        .filter(|dir| private(dir))
                        .map(Path::to_path_buf),
                );
                if !links.iter().any(|(at, _)| *at == link.at) {
                    links.push((link.at.clone(), link.target.clone()));
                }
            }
        }
        walked_dirs.sort_by_key(|dir| dir.components().count());
        for dir in walked_dirs {
            if !dirs.contains(&dir) {
                dirs.push(dir);
            }
        }
        dirs.sort_by_key(|dir| dir.components().count());
        plan.dirs = dirs
            .iter()
            .map(|dir| c_path(dir))
            .collect::<io::Result<_>>()?;
        plan.links = links
            .iter()
            .map(|(at, target)| Ok((c_path(at)?, c_path(target)?)))
            .collect::<io::Result<_>>()?;
        Ok(plan)
    }

    /// In the child, as root, before the change of user: the namespaces, the fresh tmpfs,
    /// the binds. System calls only, on memory made before the fork.
    pub(crate) fn apply(&self) -> Result<(), Errno> {
        // SAFETY: unshare takes flags only; the child has one thread, as unshare of a mount
        // namespace requires.
        check(unsafe { libc::unshare(libc::CLONE_NEWNS | libc::CLONE_NEWIPC) })?;
        // Nothing mounted here reaches the machine's namespace.
        // SAFETY: every pointer is a NUL-terminated string made before the fork, or null
        // where mount(2) allows it.
        check(unsafe {
            libc::mount(
                std::ptr::null(),
                c"/".as_ptr(),
                std::ptr::null(),
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            )
        })?;
        // Opened before they are covered, in this namespace; closed when the program starts.
        for (path, slot) in self.binds.iter().zip(&self.slots) {
            let fd = rustix::fs::open(
                path.as_c_str(),
                OFlags::PATH | OFlags::CLOEXEC,
                Mode::empty(),
            )?;
            slot.store(fd.into_raw_fd(), Ordering::Relaxed);
        }
        // Read-only, all of it, before the fresh tmpfs (which stay writable) are mounted.
        let read_only = match set_read_only(c"/", true, libc::AT_RECURSIVE as libc::c_uint) {
            Ok(()) => true,
            Err(Errno::NOSYS) => false,
            Err(errno) => return Err(errno),
        };
        for dir in &self.covered {
            // SAFETY: as above.
            check(unsafe {
                libc::mount(
                    c"tmpfs".as_ptr(),
                    dir.as_ptr(),
                    c"tmpfs".as_ptr(),
                    libc::MS_NOSUID | libc::MS_NODEV,
                    self.options.as_ptr().cast(),
                )
            })?;
        }
        if let Some(options) = &self.devpts {
            // SAFETY: as above.
            check(unsafe {
                libc::mount(
                    c"devpts".as_ptr(),
                    c"/dev/pts".as_ptr(),
                    c"devpts".as_ptr(),
                    libc::MS_NOSUID | libc::MS_NOEXEC,
                    options.as_ptr().cast(),
                )
            })?;
            // SAFETY: as above.
            check(unsafe {
                libc::mount(
                    c"/dev/pts/ptmx".as_ptr(),
                    c"/dev/ptmx".as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND,
                    std::ptr::null(),
                )
            })?;
        }
        for dir in &self.dirs {
            match rustix::fs::mkdir(dir.as_c_str(), Mode::from_raw_mode(0o755)) {
                Ok(()) | Err(Errno::EXIST) => {}
                Err(errno) => return Err(errno),
            }
        }
        for file in &self.files {
            let flags = OFlags::CREATE | OFlags::WRONLY | OFlags::CLOEXEC;
            drop(rustix::fs::open(
                file.as_c_str(),
                flags,
                Mode::from_raw_mode(0o644),
            )?);
        }
        for (at, target) in &self.links {
            match rustix::fs::symlink(target.as_c_str(), at.as_c_str()) {
                Ok(()) | Err(Errno::EXIST) => {}
                Err(errno) => return Err(errno),
            }
        }
        for (to, slot) in self.binds.iter().zip(&self.slots) {
            let mut from = [0u8; 32];
            fd_path(slot.load(Ordering::Relaxed), &mut from);
            // SAFETY: as above; `from` is NUL-terminated by fd_path.
            check(unsafe {
                libc::mount(
                    from.as_ptr().cast(),
                    to.as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND | libc::MS_REC,
                    std::ptr::null(),
                )
            })?;
        }
        if read_only {
            for dir in &self.writable {
                // SAFETY: as above.
                check(unsafe {
                    libc::mount(
                        dir.as_ptr(),
                        dir.as_ptr(),
                        std::ptr::null(),
                        libc::MS_BIND,
                        std::ptr::null(),
                    )
                })?;
                // This mount only: what the machine mounted inside it keeps its flags.
                set_read_only(dir, false, 0)?;
            }
        }
        rustix::process::chdir(self.working_dir.as_c_str())?;
        Ok(())
    }
}

/// `mount_setattr(2)` on `path`: makes it read-only (`on`) or writable again; with
/// `AT_RECURSIVE` in `flags`, every mount below it too. Other flags are left as they are.
fn set_read_only(path: &std::ffi::CStr, on: bool, flags: libc::c_uint) -> Result<(), Errno> {
    /// `struct mount_attr` of `<linux/mount.h>`.
    #[repr(C)]
    struct MountAttr {
        attr_set: u64,
        attr_clr: u64,
        propagation: u64,
        userns_fd: u64,
    }
    const MOUNT_ATTR_RDONLY: u64 = 0x1;
    let attr = MountAttr {
        attr_set: if on { MOUNT_ATTR_RDONLY } else { 0 },
        attr_clr: if on { 0 } else { MOUNT_ATTR_RDONLY },
        propagation: 0,
        userns_fd: 0,
    };
    // SAFETY: the path is NUL-terminated, `attr` a live local of the size passed; the kernel
    // only reads them.
    let result = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            path.as_ptr(),
            flags,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    check(if result == 0 { 0 } else { -1 })
}

/// Writes `/proc/self/fd/FD` and a NUL into `buffer`, without allocating.
fn fd_path(fd: i32, buffer: &mut [u8; 32]) {
    const PREFIX: &[u8] = b"/proc/self/fd/";
    buffer[..PREFIX.len()].copy_from_slice(PREFIX);
    let mut digits = [0u8; 10];
    let mut n = fd.max(0) as u32;
    let mut count = 0;
    loop {
        digits[count] = b'0' + (n % 10) as u8;
        count += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for (at, digit) in digits[..count].iter().rev().enumerate() {
        buffer[PREFIX.len() + at] = *digit;
    }
    buffer[PREFIX.len() + count] = 0;
}

/// A libc call's result as an `Errno` (read from `errno`, which needs no allocation).
fn check(result: libc::c_int) -> Result<(), Errno> {
    if result == 0 {
        Ok(())
    } else {
        Err(Errno::from_raw_os_error(
            std::io::Error::last_os_error().raw_os_error().unwrap_or(0),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::ffi::OsStringExt;

    #[test]
    fn what_a_run_needs_under_tmp_is_bound_back_with_the_directories_on_its_way() {
        let dir = tempfile::Builder::new().tempdir_in("/tmp").unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("a/b")).unwrap();
        std::fs::write(root.join("a/b/p"), "").unwrap();
        std::fs::write(root.join("q"), "").unwrap();
        let keep = [
            root.join("a/b/p"),
            root.join("a"),
            root.join("q"),
            PathBuf::from("/usr/bin"),
            root.join("missing"),
        ];
        let plan = PrivateMounts::plan(&keep, &[root.join("a")], &root).unwrap();
        let targets: Vec<&[u8]> = plan.binds.iter().map(|to| to.as_bytes()).collect();
        let a = root.join("a");
        let q = root.join("q");
        assert_eq!(
            targets,
            [a.as_os_str().as_bytes(), q.as_os_str().as_bytes()],
            "a/b/p is inside a; /usr/bin is not private; what is missing is left out"
        );
        assert!(plan
            .dirs
            .iter()
            .any(|made| made.as_bytes() == a.as_os_str().as_bytes()));
        assert_eq!(plan.files.len(), 1);
        assert_eq!(plan.writable.len(), 1);
        assert_eq!(plan.working_dir.as_bytes(), root.as_os_str().as_bytes());
        assert!(plan
            .covered
            .iter()
            .any(|covered| covered.as_bytes() == b"/tmp"));
        let mut buffer = [0u8; 32];
        fd_path(1023, &mut buffer);
        assert_eq!(&buffer[..19], b"/proc/self/fd/1023\0");
        fd_path(0, &mut buffer);
        assert_eq!(&buffer[..16], b"/proc/self/fd/0\0");
    }

    #[test]
    fn the_links_and_directories_a_kept_path_is_reached_through_are_made_again() {
        // w/a/link -> ROOT/x/sub, so w/a/link/../p is x/p (where the kernel walks), not w/a/p.
        let dir = tempfile::Builder::new().tempdir_in("/tmp").unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(root.join("w/a")).unwrap();
        std::fs::create_dir_all(root.join("x/sub")).unwrap();
        std::fs::write(root.join("x/p"), "").unwrap();
        std::os::unix::fs::symlink(root.join("x/sub"), root.join("w/a/link")).unwrap();
        let named = root.join("w/a/link/../p");
        let plan = PrivateMounts::plan(&[named], &[], &root.join("w")).unwrap();
        let bytes = |path: PathBuf| path.into_os_string().into_vec();
        let binds: Vec<Vec<u8>> = plan.binds.iter().map(|c| c.as_bytes().to_vec()).collect();
        assert_eq!(
            binds,
            [bytes(root.join("x/p"))],
            "the file where it really is"
        );
        let links: Vec<(Vec<u8>, Vec<u8>)> = plan
            .links
            .iter()
            .map(|(at, target)| (at.as_bytes().to_vec(), target.as_bytes().to_vec()))
            .collect();
        assert_eq!(
            links,
            [(bytes(root.join("w/a/link")), bytes(root.join("x/sub")))]
        );
        let dirs: Vec<&[u8]> = plan.dirs.iter().map(|c| c.as_bytes()).collect();
        for needed in ["w", "w/a", "x", "x/sub"] {
            let needed = bytes(root.join(needed));
            assert!(dirs.contains(&needed.as_slice()), "{needed:?} in {dirs:?}");
        }
        // Parents before what they hold.
        let at = |path: &str| {
            let path = bytes(root.join(path));
            dirs.iter().position(|dir| *dir == path.as_slice()).unwrap()
        };
        assert!(at("w") < at("w/a") && at("x") < at("x/sub"));
    }
}
