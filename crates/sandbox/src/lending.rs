//! A directory lent to a run's user of its own (a compiler's build directory): that user's
//! while the run goes on, and everything in it the judge's again once every process of the
//! run is gone, so that no later run of that user id can change what the judge then runs.

use super::signal;
use rustix::fs::{chownat, AtFlags, Gid, Uid, CWD};
use std::io;
use std::path::Path;

/// Gives `dir` itself (not what it holds) to the user and group `id`.
pub(crate) fn lend(dir: &Path, id: u32) -> io::Result<()> {
    let id_uid = Uid::from_raw(id);
    let id_gid = Gid::from_raw(id);
    chownat(
        CWD,
        dir,
        Some(id_uid),
        Some(id_gid),
        AtFlags::SYMLINK_NOFOLLOW,
    )?;
    Ok(())
}

/// Gives `dir` and everything in it back to the judge's user and group, following no link
/// (a link is itself given back; what it points to is left alone). The kernel clears the
/// set-user-ID and set-group-ID bits of every regular file it gives back.
pub(crate) fn reclaim(dir: &Path) -> io::Result<()> {
    let uid = Uid::from_raw(signal::effective_uid());
    let gid = Gid::from_raw(rustix::process::getegid().as_raw());
    chownat(CWD, dir, Some(uid), Some(gid), AtFlags::SYMLINK_NOFOLLOW)?;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            reclaim(&path)?;
        } else {
            chownat(CWD, &path, Some(uid), Some(gid), AtFlags::SYMLINK_NOFOLLOW)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::MetadataExt;

    #[test]
    fn a_lent_directory_comes_back_whole_and_its_links_are_not_followed() {
        if !duel_test_support::process::is_root() {
            return;
        }
        let outside = tempfile::tempdir().unwrap();
        let target = outside.path().join("target");
        std::fs::write(&target, "").unwrap();
        let id = super::super::BOX_ID_BASE + 7;
        lend(outside.path(), id).unwrap();
        let dir = tempfile::tempdir().unwrap();
        lend(dir.path(), id).unwrap();
        assert_eq!(std::fs::metadata(dir.path()).unwrap().uid(), id);
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        std::fs::write(dir.path().join("sub/file"), "").unwrap();
        std::os::unix::fs::symlink(&target, dir.path().join("link")).unwrap();
        for path in ["sub", "sub/file", "link"] {
            chownat(
                CWD,
                dir.path().join(path),
                Some(Uid::from_raw(id)),
                Some(Gid::from_raw(id)),
                AtFlags::SYMLINK_NOFOLLOW,
            )
            .unwrap();
        }
        reclaim(dir.path()).unwrap();
        for path in ["", "sub", "sub/file", "link"] {
            let meta = std::fs::symlink_metadata(dir.path().join(path)).unwrap();
            assert_eq!((meta.uid(), meta.gid()), (0, 0), "{path}");
        }
        let meta = std::fs::metadata(&target).unwrap();
        assert_eq!(meta.uid(), 0, "the link's target was root's and stays so");
        let meta = std::fs::metadata(outside.path()).unwrap();
        assert_eq!(meta.uid(), id, "what a link points to is left alone");
        reclaim(outside.path()).unwrap();
    }
}
