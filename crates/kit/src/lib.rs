//! The contestant kits of the two tasks, as the original contests shipped them, written to a
//! directory.
//!
//! - [`mis_kit`]: `mis_c/`, `mis_cpp/` and `mis_pas/`, each with a skeleton module (the task's
//!   two procedures taking one stick, and a comment where the contestant's code goes) and the
//!   driver `graj` that plays the simple Lolek against it and checks every move. The drivers
//!   are the project's own (`crates/mis-ffi/drivers/`), so the kit's `graj` prints the same
//!   lines and exits with the same status as the Rust `graj`.
//! - [`ioiwari_kit`]: `ioiwari/` with skeleton players in C, C++, Pascal and Python 3 that
//!   play a legal move each turn and flush it, the 24 official boards as test files, and a
//!   README; [`write_ioiwari`] adds a copy of the `ioiwari2` tool.
//!
//! Nothing here runs a compiler; see the kits' READMEs for the commands.
//!
//! ```
//! let dir = tempfile::tempdir()?;
//! let written = duel_kit::write(dir.path(), &duel_kit::mis_kit(), false)?;
//! assert!(written.contains(&dir.path().join("mis_pas/mis.pas")));
//! let skeleton = std::fs::read_to_string(dir.path().join("mis_c/mis.c"))?;
//! assert!(skeleton.contains("void ruch_bolka(int p, int e, int *bp, int *be)"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One file of a kit: where it goes (relative to the kit's directory) and what it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KitFile {
    /// The path inside the kit's directory, with `/` separators.
    pub path: String,
    /// The file's bytes.
    pub contents: Vec<u8>,
    /// Whether the file is made executable.
    pub executable: bool,
}

impl KitFile {
    fn text(path: &str, contents: &str) -> KitFile {
        KitFile {
            path: path.to_owned(),
            contents: contents.as_bytes().to_vec(),
            executable: false,
        }
    }
}

/// Why a kit could not be written.
#[derive(Debug, thiserror::Error)]
pub enum KitError {
    /// A file of the kit exists already (and overwriting was not asked for).
    #[error("{} exists already (pass --force to overwrite the kit's files)", .0.display())]
    Exists(PathBuf),
    /// The `ioiwari2` program to copy into the kit is missing.
    #[error("cannot copy the ioiwari2 tool into the kit: {} does not exist (build it with `cargo build --release`; it belongs next to duel)", .0.display())]
    MissingTool(PathBuf),
    /// Reading or writing a file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What went wrong.
        #[source]
        source: io::Error,
    },
}

const MIS_H: &str = include_str!("../../mis-ffi/include/mis.h");

/// The Pooh-Eeyore-sticks kit: `mis_c/{mis.h, mis.c, graj.c}`, `mis_cpp/{mis.h, mis.cpp,
/// graj.cpp}`, `mis_pas/{mis.pas, graj.pas}` and `README.md`.
///
/// ```
/// let kit = duel_kit::mis_kit();
/// let paths: Vec<&str> = kit.iter().map(|file| file.path.as_str()).collect();
/// assert!(paths.contains(&"mis_cpp/graj.cpp"));
/// assert_eq!(paths.len(), 9);
/// ```
pub fn mis_kit() -> Vec<KitFile> {
    vec![
        KitFile::text("README.md", include_str!("../templates/mis/README.md")),
        KitFile::text("mis_c/mis.h", MIS_H),
        KitFile::text("mis_c/mis.c", include_str!("../templates/mis/mis.c")),
        KitFile::text("mis_c/graj.c", include_str!("../../mis-ffi/drivers/graj.c")),
        KitFile::text("mis_cpp/mis.h", MIS_H),
        KitFile::text("mis_cpp/mis.cpp", include_str!("../templates/mis/mis.cpp")),
        KitFile::text(
            "mis_cpp/graj.cpp",
            include_str!("../../mis-ffi/drivers/graj.cpp"),
        ),
        KitFile::text("mis_pas/mis.pas", include_str!("../templates/mis/mis.pas")),
        KitFile::text(
            "mis_pas/graj.pas",
            include_str!("../../mis-ffi/drivers/graj.pas"),
        ),
    ]
}

/// The Ioiwari kit without its `ioiwari2` tool: `ioiwari/README.md`, the skeleton players
/// `ioiwari/player.{c,cpp,pas,py}`, and the official boards, one test file each,
/// `ioiwari/tests/01.txt` to `24.txt` in the official order, plus all 24 in
/// `ioiwari/tests/official.txt`.
///
/// ```
/// let kit = duel_kit::ioiwari_kit();
/// let first = kit.iter().find(|file| file.path == "ioiwari/tests/01.txt").unwrap();
/// assert_eq!(first.contents, b"4 4 4 2 2 2 2\n");
/// ```
pub fn ioiwari_kit() -> Vec<KitFile> {
    let mut files = vec![
        KitFile::text(
            "ioiwari/README.md",
            include_str!("../templates/ioiwari/README.md"),
        ),
        KitFile::text(
            "ioiwari/player.c",
            include_str!("../templates/ioiwari/player.c"),
        ),
        KitFile::text(
            "ioiwari/player.cpp",
            include_str!("../templates/ioiwari/player.cpp"),
        ),
        KitFile::text(
            "ioiwari/player.pas",
            include_str!("../templates/ioiwari/player.pas"),
        ),
        KitFile::text(
            "ioiwari/player.py",
            include_str!("../templates/ioiwari/player.py"),
        ),
    ];
    let boards: Vec<&str> = duel_ioiwari::OFFICIAL_POSITIONS
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    let mut all = String::new();
    for (index, board) in boards.iter().enumerate() {
        files.push(KitFile::text(
            &format!("ioiwari/tests/{:02}.txt", index + 1),
            &format!("{board}\n"),
        ));
        all.push_str(board);
        all.push('\n');
    }
    files.push(KitFile::text("ioiwari/tests/official.txt", &all));
    files
}

/// Writes `files` under `dir` (created as needed) and returns the paths written. Unless
/// `overwrite`, refuses before writing anything when one of the files exists, so a second
/// run never replaces a contestant's work.
pub fn write(dir: &Path, files: &[KitFile], overwrite: bool) -> Result<Vec<PathBuf>, KitError> {
    let targets: Vec<PathBuf> = files.iter().map(|file| dir.join(&file.path)).collect();
    if !overwrite {
        if let Some(existing) = targets.iter().find(|path| path.exists()) {
            return Err(KitError::Exists(existing.clone()));
        }
    }
    for (file, target) in files.iter().zip(&targets) {
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent).map_err(|source| KitError::Io {
                path: parent.to_path_buf(),
                source,
            })?;
        }
        fs::write(target, &file.contents).map_err(|source| KitError::Io {
            path: target.clone(),
            source,
        })?;
        if file.executable {
            make_executable(target)?;
        }
    }
    Ok(targets)
}

/// Writes the Pooh-Eeyore-sticks kit ([`mis_kit`]) under `dir`.
pub fn write_mis(dir: &Path, overwrite: bool) -> Result<Vec<PathBuf>, KitError> {
    write(dir, &mis_kit(), overwrite)
}

/// Writes the Ioiwari kit ([`ioiwari_kit`]) under `dir`, with a copy of the program
/// `ioiwari2` as `ioiwari/ioiwari2`.
pub fn write_ioiwari(
    dir: &Path,
    ioiwari2: &Path,
    overwrite: bool,
) -> Result<Vec<PathBuf>, KitError> {
    if !ioiwari2.is_file() {
        return Err(KitError::MissingTool(ioiwari2.to_path_buf()));
    }
    let tool = fs::read(ioiwari2).map_err(|source| KitError::Io {
        path: ioiwari2.to_path_buf(),
        source,
    })?;
    let mut files = ioiwari_kit();
    files.push(KitFile {
        path: "ioiwari/ioiwari2".to_owned(),
        contents: tool,
        executable: true,
    });
    write(dir, &files, overwrite)
}

#[cfg(unix)]
fn make_executable(path: &Path) -> Result<(), KitError> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).map_err(|source| KitError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(not(unix))]
fn make_executable(_path: &Path) -> Result<(), KitError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ioiwari_tests_are_the_official_boards_in_order() {
        let kit = ioiwari_kit();
        let official = duel_ioiwari::Board::official_positions();
        assert_eq!(official.len(), 24);
        for (index, board) in official.iter().enumerate() {
            let path = format!("ioiwari/tests/{:02}.txt", index + 1);
            let file = kit.iter().find(|file| file.path == path).unwrap();
            assert_eq!(file.contents, format!("{board}\n").into_bytes());
        }
        let all = kit
            .iter()
            .find(|file| file.path == "ioiwari/tests/official.txt")
            .unwrap();
        let lines: Vec<String> = official.iter().map(|board| board.to_string()).collect();
        assert_eq!(all.contents, format!("{}\n", lines.join("\n")).into_bytes());
    }

    #[test]
    fn a_second_write_refuses_to_overwrite_without_being_asked() {
        let dir = tempfile::tempdir().unwrap();
        write_mis(dir.path(), false).unwrap();
        let mine = dir.path().join("mis_c/mis.c");
        fs::write(&mine, "my solution").unwrap();
        let error = write_mis(dir.path(), false).unwrap_err();
        assert!(matches!(error, KitError::Exists(_)), "{error}");
        assert_eq!(fs::read_to_string(&mine).unwrap(), "my solution");
        write_mis(dir.path(), true).unwrap();
        assert_ne!(fs::read_to_string(&mine).unwrap(), "my solution");
    }

    #[test]
    fn a_missing_ioiwari2_is_a_clear_error_and_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nowhere/ioiwari2");
        let error = write_ioiwari(dir.path(), &missing, false).unwrap_err();
        assert!(error.to_string().contains("nowhere/ioiwari2"), "{error}");
        assert!(!dir.path().join("ioiwari").exists());
    }

    #[test]
    fn the_tool_is_copied_and_executable() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let tool = dir.path().join("tool");
        fs::write(&tool, b"#!/bin/sh\n").unwrap();
        let kit = dir.path().join("kit");
        write_ioiwari(&kit, &tool, false).unwrap();
        let copy = kit.join("ioiwari/ioiwari2");
        assert_eq!(fs::read(&copy).unwrap(), b"#!/bin/sh\n");
        let mode = fs::metadata(&copy).unwrap().permissions().mode();
        assert_eq!(mode & 0o111, 0o111);
    }
}
