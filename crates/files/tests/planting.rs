//! Links planted where duel writes: each is replaced or refused, never followed, and nothing
//! lands outside the directory that was opened. The links are made with the system's own
//! calls (`symlink` on Unix, `symlink_file`/`symlink_dir` on Windows). On Windows a test whose
//! link cannot be made (for want of the privilege), or is not seen as a link afterwards (under
//! Wine, whose links look to Windows programs like what they point to), says so and is skipped,
//! one of the exceptions of the workspace's policy on skipping (`duel_test_support::skip`);
//! `.ci/windows.sh` runs these tests under Wine for everything else. On Unix a link that cannot
//! be made is skipped as that policy says: a failure in the complete run.

use duel_files::{is_link_in_the_way, write_atomically, EntryKind, OutputDir};

// The policy's own file, which needs only std: duel-test-support itself does not build for
// Windows, where these tests run too.
#[allow(dead_code)]
#[path = "../../test-support/src/skip.rs"]
mod skip;
use std::ffi::OsStr;
use std::fs;
use std::path::Path;

fn name(text: &str) -> &OsStr {
    OsStr::new(text)
}

/// Makes the link `link` to the file `target`; false (said) when the system cannot.
fn file_link(target: &Path, link: &Path) -> bool {
    make_link(target, link, false)
}

/// Makes the link `link` to the directory `target`; false (said) when the system cannot.
fn dir_link(target: &Path, link: &Path) -> bool {
    make_link(target, link, true)
}

/// Makes the link `link` to `target` (a directory or not, which Windows tells apart).
fn make_link(target: &Path, link: &Path, _directory: bool) -> bool {
    #[cfg(unix)]
    let made = std::os::unix::fs::symlink(target, link);
    #[cfg(windows)]
    let made = if _directory {
        std::os::windows::fs::symlink_dir(target, link)
    } else {
        std::os::windows::fs::symlink_file(target, link)
    };
    seen_as_link(made, link)
}

/// Whether the link was `made` and the system shows `link` as one; says why not.
fn seen_as_link(made: std::io::Result<()>, link: &Path) -> bool {
    let seen = match made {
        Err(error) => Err(format!("cannot make a link here: {error}")),
        Ok(()) => match fs::symlink_metadata(link) {
            Ok(meta) if meta.file_type().is_symlink() => Ok(()),
            _ => Err("this system does not show the link it made as a link".to_owned()),
        },
    };
    match seen {
        Ok(()) => true,
        Err(why) if cfg!(windows) => {
            skip::exempt(
                &why,
                "on Windows itself, with the privilege to make links, it runs",
            );
            false
        }
        Err(why) => {
            skip::skip(&why, "a file system with symbolic links, as CI's has");
            false
        }
    }
}

#[test]
fn replacing_leaves_the_new_contents_and_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.json");
    write_atomically(&path, b"old").unwrap();
    write_atomically(&path, b"new").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"new");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn a_directory_at_the_name_is_an_error_and_stays() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("d")).unwrap();
    let out = OutputDir::open(dir.path()).unwrap();
    assert!(out.replace(name("d"), b"x").is_err());
    assert!(dir.path().join("d").is_dir());
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        1,
        "a temporary file is left"
    );
}

#[test]
fn a_link_at_a_files_name_is_replaced_not_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.txt");
    fs::write(&target, "kept").unwrap();
    let link = dir.path().join("out.json");
    if !file_link(&target, &link) {
        return;
    }
    let out = OutputDir::open(dir.path()).unwrap();
    assert_eq!(
        out.entry_kind(name("out.json")).unwrap(),
        Some(EntryKind::Link)
    );
    out.replace(name("out.json"), b"new").unwrap();
    assert_eq!(fs::read_to_string(&target).unwrap(), "kept");
    assert!(fs::symlink_metadata(&link).unwrap().is_file());
    assert_eq!(fs::read_to_string(&link).unwrap(), "new");
}

#[test]
fn a_link_is_neither_read_through_nor_removed_with_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.txt");
    fs::write(&target, "kept").unwrap();
    if !file_link(&target, &dir.path().join("l")) {
        return;
    }
    let out = OutputDir::open(dir.path()).unwrap();
    let error = out.read(name("l")).unwrap_err();
    assert!(is_link_in_the_way(&error), "{error}");
    out.remove_file(name("l")).unwrap();
    assert!(fs::symlink_metadata(dir.path().join("l")).is_err());
    assert_eq!(fs::read_to_string(&target).unwrap(), "kept");
    assert_eq!(out.read(name("target.txt")).unwrap().unwrap(), b"kept");
}

#[test]
fn a_link_in_place_of_a_subdirectory_is_not_entered() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let root = dir.path().join("root");
    fs::create_dir(&root).unwrap();
    if !dir_link(outside.path(), &root.join("sub")) {
        return;
    }
    let out = OutputDir::open(&root).unwrap();
    let error = out.subdir_path("sub/deeper").unwrap_err();
    assert!(is_link_in_the_way(&error), "{error}");
    assert!(out.existing_subdir(name("sub")).unwrap().is_none());
    assert_eq!(fs::read_dir(outside.path()).unwrap().count(), 0);
}

#[test]
fn a_file_in_place_of_a_subdirectory_is_an_error_of_its_own() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("sub"), "a file").unwrap();
    let out = OutputDir::open(dir.path()).unwrap();
    let error = out.subdir(name("sub")).unwrap_err();
    assert!(!is_link_in_the_way(&error), "{error}");
    assert_eq!(out.entry_kind(name("sub")).unwrap(), Some(EntryKind::File));
}

/// Unix alone: there an opened directory is a descriptor, which follows the directory
/// wherever it is moved, and a link put in its old place is never seen.
#[cfg(unix)]
#[test]
fn an_opened_directory_moved_and_replaced_by_a_link_still_gets_the_files() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let sub = dir.path().join("kit/sub");
    fs::create_dir_all(&sub).unwrap();
    let out = OutputDir::open(&dir.path().join("kit")).unwrap();
    let opened = out.subdir_path("sub").unwrap();
    let moved = dir.path().join("moved");
    fs::rename(&sub, &moved).unwrap();
    std::os::unix::fs::symlink(outside.path(), &sub).unwrap();
    opened.replace(name("file.txt"), b"here").unwrap();
    assert_eq!(fs::read(moved.join("file.txt")).unwrap(), b"here");
    assert_eq!(fs::read_dir(outside.path()).unwrap().count(), 0);
}

#[cfg(unix)]
#[test]
fn a_mode_given_is_the_files_exactly_and_otherwise_the_umasks() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let out = OutputDir::open(dir.path()).unwrap();
    out.replace_with_mode(name("program"), b"#!/bin/sh\n", 0o755)
        .unwrap();
    out.replace_with_mode(name("data"), b"x", 0o644).unwrap();
    let mode = |file: &str| {
        fs::metadata(dir.path().join(file))
            .unwrap()
            .permissions()
            .mode()
    };
    assert_eq!(mode("program") & 0o777, 0o755);
    assert_eq!(mode("data") & 0o777, 0o644);
    out.replace(name("plain"), b"x").unwrap();
    assert_eq!(mode("plain") & 0o111, 0, "a plain file is no program");
}

#[test]
fn empty_directories_are_removed_and_full_ones_kept() {
    let dir = tempfile::tempdir().unwrap();
    let out = OutputDir::open(dir.path()).unwrap();
    out.subdir_path("empty").unwrap();
    out.subdir_path("full")
        .unwrap()
        .replace(name("f"), b"x")
        .unwrap();
    assert!(out.remove_empty_dir(name("empty")).unwrap());
    assert!(!out.remove_empty_dir(name("full")).unwrap());
    assert!(out.remove_empty_dir(name("never")).unwrap());
    out.check_writable().unwrap();
    let left: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(left, ["full"]);
}

#[test]
fn a_streamed_file_replaces_a_link_at_its_name_and_grows_there() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.txt");
    fs::write(&target, "kept").unwrap();
    let link = dir.path().join("game.log");
    if !file_link(&target, &link) {
        return;
    }
    let out = OutputDir::open(dir.path()).unwrap();
    let mut log = out.create_streamed(name("game.log")).unwrap();
    assert!(fs::symlink_metadata(&link).unwrap().is_file());
    log.write_all(b"line 1\n").unwrap();
    assert_eq!(fs::read_to_string(&link).unwrap(), "line 1\n");
    log.write_all(b"line 2\n").unwrap();
    assert_eq!(fs::read_to_string(&link).unwrap(), "line 1\nline 2\n");
    assert_eq!(fs::read_to_string(&target).unwrap(), "kept");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
}

#[cfg(unix)]
#[test]
fn a_streamed_file_at_a_device_writes_into_the_device() {
    use std::io::Write;
    let out = OutputDir::open(Path::new("/dev")).unwrap();
    let mut null = out.create_streamed(name("null")).unwrap();
    null.write_all(b"nothing").unwrap();
    let meta = fs::symlink_metadata("/dev/null").unwrap();
    assert!(!meta.is_file() && !meta.file_type().is_symlink());
}

#[test]
fn a_link_at_the_partial_name_is_removed_not_written_through() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("target.txt");
    fs::write(&target, "kept").unwrap();
    if !file_link(&target, &dir.path().join("t.bin.partial")) {
        return;
    }
    let out = OutputDir::open(dir.path()).unwrap();
    let mut table = out
        .begin_replace_via(name("t.bin"), name("t.bin.partial"))
        .unwrap();
    table.write_all(b"values").unwrap();
    table.commit().unwrap();
    assert_eq!(fs::read_to_string(&target).unwrap(), "kept");
    assert_eq!(fs::read(dir.path().join("t.bin")).unwrap(), b"values");
    assert_eq!(out.entry_kind(name("t.bin.partial")).unwrap(), None);
}

#[test]
fn a_replacement_dropped_uncommitted_leaves_the_old_file_alone() {
    use std::io::{Seek, SeekFrom, Write};
    let dir = tempfile::tempdir().unwrap();
    let out = OutputDir::open(dir.path()).unwrap();
    out.replace(name("t.bin"), b"old").unwrap();
    let mut table = out.begin_replace(name("t.bin")).unwrap();
    table.write_all(b"new, half").unwrap();
    table.seek(SeekFrom::Start(0)).unwrap();
    drop(table);
    assert_eq!(fs::read(dir.path().join("t.bin")).unwrap(), b"old");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}
