//! The contestant kits of the two tasks, as the original contests shipped them, written to a
//! directory.
//!
//! Both kits are laid out alike, each in a directory named after its task, so that both can
//! be written into one directory side by side:
//!
//! - [`mis_kit`]: `mis/` with `mis_c/`, `mis_cpp/` and `mis_pas/`, each with a skeleton
//!   module (the task's two procedures taking one stick, and a comment where the
//!   contestant's code goes) and the driver `graj` that plays the simple Lolek against it and
//!   checks every move. The drivers are the project's own (`duel-mis-abi`,
//!   `crates/mis-abi/drivers/`), so the kit's `graj` prints the same lines and exits with the
//!   same status as the Rust `graj`.
//! - [`ioiwari_kit`]: `ioiwari/` with skeleton players in C, C++, Pascal and Python 3 that
//!   play a legal move each turn and flush it, the 24 official boards as test files, and a
//!   README; [`write_ioiwari`] adds the `ioiwari2` tool for Linux and `ioiwari2.exe` for
//!   Windows ([`windows_ioiwari2`] says where that comes from), and its README speaks of the
//!   builds of the tool the kit holds and of no other.
//!
//! Each kit carries the task's statement in our own words, with a sample game
//! (`mis/STATEMENT.md`, `ioiwari/STATEMENT.md`), and a README (`mis/README.md`,
//! `ioiwari/README.md`).
//!
//! Nothing here runs a compiler. The build lines of the kits' READMEs are the judge's own
//! commands, rendered from the languages' definitions (`duel-languages`) without the words
//! only the judge needs ([`with_build_lines`]), so a source that builds in the kit builds in
//! the judge, and the other way round.
//!
//! ```
//! let dir = tempfile::tempdir()?;
//! let written = duel_kit::write(dir.path(), &duel_kit::mis_kit(), false)?;
//! assert!(written.contains(&dir.path().join("mis/mis_pas/mis.pas")));
//! let skeleton = std::fs::read_to_string(dir.path().join("mis/mis_c/mis.c"))?;
//! assert!(skeleton.contains("void ruch_bolka(int p, int e, int *bp, int *be)"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

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
    /// A symbolic link stands where the kit has one of its directories.
    #[error("{} is a symbolic link: the kit writes nothing through a link (remove it, or give another directory)", .0.display())]
    Link(PathBuf),
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

/// `text` with each `@@LANGUAGE TARGET OUTPUT SOURCE...@@` replaced by the line that builds
/// the program `OUTPUT` from the `SOURCE`s: the judge's command of that language (its name or
/// alias) for `TARGET` (`player` or `module`), without the words only the judge needs (see
/// [`duel_languages::Build::kit_line`]). A module's line builds the kit's driver with the
/// module, as a program.
///
/// ```
/// assert_eq!(
///     duel_kit::with_build_lines("$ @@c module graj graj.c mis.c@@"),
///     "$ gcc -std=gnu11 -O2 -pipe -o graj graj.c mis.c -lm"
/// );
/// ```
///
/// # Panics
///
/// On a placeholder that names no language or target: the templates are the kit's own.
pub fn with_build_lines(text: &str) -> String {
    let mut pieces = text.split("@@");
    let mut rendered = pieces.next().unwrap_or_default().to_owned();
    while let Some(placeholder) = pieces.next() {
        let words: Vec<&str> = placeholder.split_whitespace().collect();
        let [language, target, output, sources @ ..] = words.as_slice() else {
            panic!("a build placeholder names a language, a target and an output: {placeholder:?}");
        };
        let language =
            duel_languages::by_name(language).unwrap_or_else(|| panic!("no language {language:?}"));
        let build = match *target {
            "player" => &language.player,
            "module" => language.module.as_ref().expect("a language of modules"),
            other => panic!("no target {other:?}"),
        };
        rendered.push_str(&build.kit_line(output, &sources.join(" ")));
        rendered.push_str(pieces.next().expect("each @@ is closed"));
    }
    rendered
}

/// The Pooh-Eeyore-sticks kit, in `mis/`: `mis_c/{mis.h, mis.c, graj.c}`, `mis_cpp/{mis.h,
/// mis.cpp, graj.cpp}`, `mis_pas/{mis.pas, graj.pas}`, `README.md` and `STATEMENT.md` (the
/// task in our own words, with a sample game).
///
/// ```
/// let kit = duel_kit::mis_kit();
/// let paths: Vec<&str> = kit.iter().map(|file| file.path.as_str()).collect();
/// assert!(paths.contains(&"mis/mis_cpp/graj.cpp"));
/// assert!(paths.contains(&"mis/README.md"));
/// assert_eq!(paths.len(), 10);
/// ```
pub fn mis_kit() -> Vec<KitFile> {
    vec![
        KitFile::text(
            "mis/README.md",
            &with_build_lines(include_str!("../templates/mis/README.md")),
        ),
        KitFile::text(
            "mis/STATEMENT.md",
            include_str!("../templates/mis/STATEMENT.md"),
        ),
        KitFile::text("mis/mis_c/mis.h", duel_mis_abi::MIS_H),
        KitFile::text("mis/mis_c/mis.c", include_str!("../templates/mis/mis.c")),
        KitFile::text("mis/mis_c/graj.c", duel_mis_abi::GRAJ_C),
        KitFile::text("mis/mis_cpp/mis.h", duel_mis_abi::MIS_H),
        KitFile::text(
            "mis/mis_cpp/mis.cpp",
            include_str!("../templates/mis/mis.cpp"),
        ),
        KitFile::text("mis/mis_cpp/graj.cpp", duel_mis_abi::GRAJ_CPP),
        KitFile::text(
            "mis/mis_pas/mis.pas",
            include_str!("../templates/mis/mis.pas"),
        ),
        KitFile::text("mis/mis_pas/graj.pas", duel_mis_abi::GRAJ_PAS),
    ]
}

/// Which builds of the `ioiwari2` tool an Ioiwari kit holds: its README speaks of those and
/// of no other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct KitTools {
    /// `ioiwari/ioiwari2`, the tool for Linux.
    pub linux: bool,
    /// `ioiwari/ioiwari2.exe`, the tool for Windows.
    pub windows: bool,
}

/// The Ioiwari kit without its `ioiwari2` tool, its README speaking of no build of the tool
/// (see [`ioiwari_kit_for`]).
///
/// ```
/// let kit = duel_kit::ioiwari_kit();
/// let first = kit.iter().find(|file| file.path == "ioiwari/tests/01.txt").unwrap();
/// assert_eq!(first.contents, b"4 4 4 2 2 2 2\n");
/// ```
pub fn ioiwari_kit() -> Vec<KitFile> {
    ioiwari_kit_for(KitTools::default())
}

/// The Ioiwari kit's own files, for a kit that holds the builds of the tool `tools` names
/// (which [`write_ioiwari`] adds): `ioiwari/README.md` (speaking of those builds and of no
/// other), `ioiwari/STATEMENT.md` (the task in our own words, with a sample interaction), the
/// skeleton players `ioiwari/player.{c,cpp,pas,py}`, and the official boards, one test file
/// each, `ioiwari/tests/01.txt` to `24.txt` in the official order, plus all 24 in
/// `ioiwari/tests/official.txt`.
///
/// ```
/// use duel_kit::KitTools;
/// let readme = |tools| {
///     let kit = duel_kit::ioiwari_kit_for(tools);
///     let file = kit.into_iter().find(|file| file.path == "ioiwari/README.md").unwrap();
///     String::from_utf8(file.contents).unwrap()
/// };
/// let linux = readme(KitTools { linux: true, windows: false });
/// assert!(linux.contains("./ioiwari2 --run") && !linux.contains("ioiwari2.exe"));
/// let both = readme(KitTools { linux: true, windows: true });
/// assert!(both.contains("ioiwari2.exe --run python player.py"));
/// ```
pub fn ioiwari_kit_for(tools: KitTools) -> Vec<KitFile> {
    let readme = select(
        include_str!("../templates/ioiwari/README.md"),
        &tools.conditions(),
    );
    let mut files = vec![
        KitFile::text("ioiwari/README.md", &with_build_lines(&readme)),
        KitFile::text(
            "ioiwari/STATEMENT.md",
            include_str!("../templates/ioiwari/STATEMENT.md"),
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

impl KitTools {
    /// The names of the README template's conditions that hold: `linux_tool`,
    /// `windows_tool`, `windows_tool_too` (after the Linux one) or `windows_tool_alone`, and
    /// `no_windows_tool`.
    fn conditions(self) -> Vec<&'static str> {
        let mut names = Vec::new();
        if self.linux {
            names.push("linux_tool");
        }
        if self.windows {
            names.push("windows_tool");
            names.push(if self.linux {
                "windows_tool_too"
            } else {
                "windows_tool_alone"
            });
        } else {
            names.push("no_windows_tool");
        }
        names
    }
}

/// `template` with its conditional lines chosen: the lines after `<!-- if NAME -->` are kept
/// when `NAME` is one of `conditions`, those after `<!-- else -->` when it is not, up to
/// `<!-- end -->`; the marker lines themselves go. The kits' READMEs and the packages'
/// statements (`duel-export`) are chosen so, each sentence true of what it is in.
///
/// ```
/// let template = "a\n<!-- if windows -->\nb\n<!-- else -->\nc\n<!-- end -->\n";
/// assert_eq!(duel_kit::select(template, &["windows"]), "a\nb\n");
/// assert_eq!(duel_kit::select(template, &[]), "a\nc\n");
/// ```
///
/// # Panics
///
/// On a marker out of place, or a condition not ended: a bug in a template, the caller's
/// own (each crate's tests render its templates).
pub fn select(template: &str, conditions: &[&str]) -> String {
    let mut out = String::with_capacity(template.len());
    // None: outside a conditional; Some(keep): inside one.
    let mut keep: Option<bool> = None;
    for line in template.lines() {
        let marker = line
            .trim()
            .strip_prefix("<!--")
            .and_then(|rest| rest.strip_suffix("-->"))
            .map(str::trim);
        match (marker, keep) {
            (Some(marker), None) if marker.starts_with("if ") => {
                keep = Some(conditions.contains(&marker[3..].trim()));
            }
            (Some("else"), Some(kept)) => keep = Some(!kept),
            (Some("end"), Some(_)) => keep = None,
            (Some(marker), _) => panic!("a template's marker out of place: {marker}"),
            (None, Some(false)) => {}
            (None, _) => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    assert!(keep.is_none(), "a template's condition is not ended");
    out
}

/// Writes `files` under `dir` (created as needed) and returns the paths written. Unless
/// `overwrite`, refuses before writing anything when one of the files exists (a symbolic link
/// there counts, even one to nothing), so a second run never replaces a contestant's work; and
/// each file is created only if its name is still free, in one step with the check
/// (`duel-files`' `create_new`), so a file or link that appears there meanwhile is left as it
/// is and the write stops with [`KitError::Exists`] (the files written before it stay).
///
/// Nothing is written through a symbolic link (`duel-files` writes every file): `dir` is
/// opened once, and the kit's directories inside it (`mis_c`, `ioiwari/tests`...) are entered
/// from it without following links, so a link in place of one is refused
/// ([`KitError::Link`]): before anything is written when it is there at the start, and when it
/// is planted meanwhile, before anything is written into it. Each file is written as a new file
/// renamed over its name, so a link in place of one of the kit's files is replaced itself
/// (with `overwrite`). `dir` itself may be a link: it is the one named.
pub fn write(dir: &Path, files: &[KitFile], overwrite: bool) -> Result<Vec<PathBuf>, KitError> {
    let targets: Vec<PathBuf> = files.iter().map(|file| dir.join(&file.path)).collect();
    for file in files {
        let (parent, _) = file.path.rsplit_once('/').unwrap_or(("", &file.path));
        if let Some(link) = duel_files::first_link(dir, parent) {
            return Err(KitError::Link(link));
        }
    }
    if !overwrite {
        if let Some(existing) = targets
            .iter()
            .find(|path| fs::symlink_metadata(path).is_ok())
        {
            return Err(KitError::Exists(existing.clone()));
        }
    }
    let io_error = |path: &Path| {
        let path = path.to_path_buf();
        move |source| KitError::Io { path, source }
    };
    let root = duel_files::OutputDir::create(dir).map_err(io_error(dir))?;
    for (file, target) in files.iter().zip(&targets) {
        let (parent, name) = file.path.rsplit_once('/').unwrap_or(("", &file.path));
        let into = root.subdir_path(parent).map_err(|source| {
            if duel_files::is_link_in_the_way(&source) {
                KitError::Link(
                    duel_files::first_link(dir, parent).unwrap_or_else(|| dir.join(parent)),
                )
            } else {
                io_error(&dir.join(parent))(source)
            }
        })?;
        let name = std::ffi::OsStr::new(name);
        let written = match (overwrite, file.executable) {
            (true, true) => into
                .replace_with_mode(name, &file.contents, 0o755)
                .map(|()| true),
            (true, false) => into.replace(name, &file.contents).map(|()| true),
            (false, true) => into.create_new_with_mode(name, &file.contents, 0o755),
            (false, false) => into.create_new(name, &file.contents),
        }
        .map_err(io_error(target))?;
        if !written {
            // Made by someone else since the check above: left as it is.
            return Err(KitError::Exists(target.clone()));
        }
    }
    Ok(targets)
}

/// Writes the Pooh-Eeyore-sticks kit ([`mis_kit`]) under `dir`: its files in `dir/mis/`.
pub fn write_mis(dir: &Path, overwrite: bool) -> Result<Vec<PathBuf>, KitError> {
    write(dir, &mis_kit(), overwrite)
}

/// The name of the Ioiwari tool for Linux in the kit.
pub const IOIWARI2: &str = "ioiwari2";

/// The name of the Ioiwari tool for Windows in the kit (and wherever it is attached).
pub const IOIWARI2_EXE: &str = "ioiwari2.exe";

/// How to get `ioiwari2.exe` when this build of duel has none.
pub const IOIWARI2_EXE_HOW: &str = "ioiwari2.exe (the tool for Windows) is not in this build \
of duel: it comes with duel's release archives (duel-VERSION-x86_64-windows.zip, and the Linux \
archive's duel writes it), or build it with .ci/dist, or put it beside duel";

/// `ioiwari2.exe`, the Windows build of the `ioiwari2` tool, for a kit or a package: the copy
/// embedded in this build of duel-kit (when it was built with `DUEL_IOIWARI2_EXE` naming it,
/// as `.ci/dist` builds a release), else the file `ioiwari2.exe` in `dir` (normally the
/// directory of the running duel, where the Windows release keeps it); `None` when neither
/// has it ([`IOIWARI2_EXE_HOW`] says how to get it).
///
/// ```
/// let dir = tempfile::tempdir()?;
/// if let Some(tool) = duel_kit::windows_ioiwari2(dir.path())? {
///     assert!(tool.starts_with(b"MZ")); // embedded: a Windows program
/// }
/// std::fs::write(dir.path().join("ioiwari2.exe"), b"MZ...")?;
/// assert!(duel_kit::windows_ioiwari2(dir.path())?.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn windows_ioiwari2(dir: &Path) -> Result<Option<Vec<u8>>, KitError> {
    embedded_or_beside(EMBEDDED_IOIWARI2_EXE, dir, IOIWARI2_EXE)
}

/// `ioiwari2`, the Linux build of the tool, for a kit or a package: the copy embedded in this
/// build of duel-kit (when it was built with `DUEL_IOIWARI2_LINUX` naming it, as
/// `.ci/windows.sh` builds duel.exe), else the file `ioiwari2` in `dir` (normally the
/// directory of the running duel, where `cargo build` and the Linux release put it); `None`
/// when neither has it.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// if let Some(tool) = duel_kit::linux_ioiwari2(dir.path())? {
///     assert!(tool.starts_with(b"\x7fELF")); // embedded: a Linux program
/// }
/// std::fs::write(dir.path().join("ioiwari2"), b"\x7fELF...")?;
/// assert!(duel_kit::linux_ioiwari2(dir.path())?.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn linux_ioiwari2(dir: &Path) -> Result<Option<Vec<u8>>, KitError> {
    embedded_or_beside(EMBEDDED_IOIWARI2_LINUX, dir, IOIWARI2)
}

/// One build of a tool: its bytes, or `None` where there is none.
pub type ToolBuild = Option<Vec<u8>>;

/// The name of the `ioiwari2` build for the system this duel runs on.
const NATIVE_IOIWARI2: &str = if cfg!(windows) {
    IOIWARI2_EXE
} else {
    IOIWARI2
};

/// Both builds of `ioiwari2` (Linux, Windows) for a duel in `dir`, by the one rule kits and
/// packages follow: the build for the system this duel runs on is the file beside it (the
/// program that runs here, whatever this build embeds); the other is [`linux_ioiwari2`]'s or
/// [`windows_ioiwari2`]'s (the embedded copy, else the file beside). `None` for a build there
/// is not.
///
/// ```
/// let dir = tempfile::tempdir()?;
/// std::fs::write(dir.path().join("ioiwari2"), b"\x7fELF...")?;
/// let (linux, _windows) = duel_kit::ioiwari2_builds(dir.path())?;
/// assert_eq!(linux.as_deref(), Some(&b"\x7fELF..."[..]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ioiwari2_builds(dir: &Path) -> Result<(ToolBuild, ToolBuild), KitError> {
    let native = read_if_there(&dir.join(NATIVE_IOIWARI2))?;
    Ok(match cfg!(windows) {
        true => (linux_ioiwari2(dir)?, native),
        false => (native, windows_ioiwari2(dir)?),
    })
}

/// `ioiwari2.exe` as build.rs embedded it from `DUEL_IOIWARI2_EXE`, if it did.
#[cfg(duel_embedded_ioiwari2_exe)]
const EMBEDDED_IOIWARI2_EXE: Option<&[u8]> =
    Some(include_bytes!(concat!(env!("OUT_DIR"), "/ioiwari2.exe")));
/// `ioiwari2.exe` as build.rs embedded it from `DUEL_IOIWARI2_EXE`, if it did.
#[cfg(not(duel_embedded_ioiwari2_exe))]
const EMBEDDED_IOIWARI2_EXE: Option<&[u8]> = None;

/// The Linux `ioiwari2` as build.rs embedded it from `DUEL_IOIWARI2_LINUX`, if it did.
#[cfg(duel_embedded_ioiwari2_linux)]
const EMBEDDED_IOIWARI2_LINUX: Option<&[u8]> =
    Some(include_bytes!(concat!(env!("OUT_DIR"), "/ioiwari2")));
/// The Linux `ioiwari2` as build.rs embedded it from `DUEL_IOIWARI2_LINUX`, if it did.
#[cfg(not(duel_embedded_ioiwari2_linux))]
const EMBEDDED_IOIWARI2_LINUX: Option<&[u8]> = None;

/// A tool's bytes: the `embedded` copy when this build has one (then `dir` is not looked
/// at), else the file `name` in `dir`, else `None`.
fn embedded_or_beside(
    embedded: Option<&'static [u8]>,
    dir: &Path,
    name: &str,
) -> Result<Option<Vec<u8>>, KitError> {
    match embedded {
        Some(bytes) => Ok(Some(bytes.to_vec())),
        None => read_if_there(&dir.join(name)),
    }
}

/// The bytes of `path` when it is a file, `None` when there is nothing there.
fn read_if_there(path: &Path) -> Result<Option<Vec<u8>>, KitError> {
    if !path.is_file() {
        return Ok(None);
    }
    fs::read(path).map(Some).map_err(|source| KitError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// What [`write_ioiwari`] wrote, and which tool it had to leave out.
#[derive(Debug)]
pub struct IoiwariKit {
    /// Every file written.
    pub written: Vec<PathBuf>,
    /// Why a tool for another system is missing, and how to get it.
    pub missing: Option<&'static str>,
}

/// How to get the Linux `ioiwari2` when duel for Windows has none.
const IOIWARI2_HOW: &str = "ioiwari2 (the tool for Linux) is not beside this duel: it comes \
with duel's Linux release archive (duel-VERSION-x86_64-linux.tar.gz)";

/// Writes the Ioiwari kit ([`ioiwari_kit`]) under `dir`, with the tools from `tools` (the
/// directory of the running duel): `ioiwari/ioiwari2` for Linux and `ioiwari/ioiwari2.exe`
/// for Windows. The tool for the system duel runs on must be there ([`KitError::MissingTool`]
/// otherwise, before anything is written); the other one is written when this duel has it
/// ([`windows_ioiwari2`]), and [`IoiwariKit::missing`] says how to get it when not. The
/// kit's README speaks of the builds written ([`ioiwari_kit_for`]).
pub fn write_ioiwari(dir: &Path, tools: &Path, overwrite: bool) -> Result<IoiwariKit, KitError> {
    let (linux, windows) = ioiwari2_builds(tools)?;
    let (native, how) = match cfg!(windows) {
        true => (&windows, IOIWARI2_HOW),
        false => (&linux, IOIWARI2_EXE_HOW),
    };
    if native.is_none() {
        return Err(KitError::MissingTool(tools.join(NATIVE_IOIWARI2)));
    }
    let missing = (linux.is_none() || windows.is_none()).then_some(how);
    let mut files = ioiwari_kit_for(KitTools {
        linux: linux.is_some(),
        windows: windows.is_some(),
    });
    for (name, tool) in [(IOIWARI2, linux), (IOIWARI2_EXE, windows)] {
        if let Some(contents) = tool {
            files.push(KitFile {
                path: format!("ioiwari/{name}"),
                contents,
                executable: true,
            });
        }
    }
    let written = write(dir, &files, overwrite)?;
    Ok(IoiwariKit { written, missing })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_embedded_tool_comes_before_the_file_beside_duel() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(embedded_or_beside(None, dir.path(), "tool").unwrap(), None);
        std::fs::write(dir.path().join("tool"), b"beside").unwrap();
        assert_eq!(
            embedded_or_beside(None, dir.path(), "tool").unwrap(),
            Some(b"beside".to_vec())
        );
        assert_eq!(
            embedded_or_beside(Some(b"embedded"), dir.path(), "tool").unwrap(),
            Some(b"embedded".to_vec())
        );
        let nowhere = dir.path().join("absent");
        assert_eq!(
            embedded_or_beside(Some(b"embedded"), &nowhere, "tool").unwrap(),
            Some(b"embedded".to_vec())
        );
    }

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

    /// Every build line of the kits' READMEs is rendered: the judge's command of each kit
    /// language, for Linux and Windows, and no placeholder left.
    #[test]
    fn the_readmes_show_the_judges_commands_of_every_kit_language() {
        let readme = |kit: Vec<KitFile>, path: &str| {
            let file = kit.into_iter().find(|file| file.path == path).unwrap();
            String::from_utf8(file.contents).unwrap()
        };
        let mis = readme(mis_kit(), "mis/README.md");
        let tools = KitTools {
            linux: true,
            windows: true,
        };
        let ioiwari = readme(ioiwari_kit_for(tools), "ioiwari/README.md");
        for text in [&mis, &ioiwari] {
            assert!(!text.contains("@@"), "{text}");
        }
        for (language, driver) in [
            (&duel_languages::C, "graj.c mis.c"),
            (&duel_languages::CPP, "graj.cpp mis.cpp"),
            (&duel_languages::PASCAL, "graj.pas"),
        ] {
            let module = language.module.as_ref().unwrap();
            let player = format!("player.{}", language.extensions[0]);
            for exe in ["", ".exe"] {
                let graj = module.kit_line(&format!("graj{exe}"), driver);
                assert!(mis.contains(&graj), "{graj}");
                let line = language.player.kit_line(&format!("player{exe}"), &player);
                assert!(ioiwari.contains(&line), "{line}");
            }
        }
        assert!(mis.contains("gcc -std=gnu11 -O2 -pipe -o graj graj.c mis.c -lm "));
    }

    /// The words of `text` that name a build of the tool: `ioiwari2` (`./ioiwari2` too) and
    /// `ioiwari2.exe`, as words of their own.
    fn tools_named(text: &str) -> (bool, bool) {
        let words: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || "`()[];:,".contains(c))
            .map(|word| word.trim_start_matches("./").trim_end_matches('.'))
            .collect();
        (words.contains(&IOIWARI2), words.contains(&IOIWARI2_EXE))
    }

    #[test]
    fn the_ioiwari_readme_names_the_builds_of_the_tool_the_kit_holds_and_no_other() {
        for (linux, windows) in [(true, true), (true, false), (false, true), (false, false)] {
            let tools = KitTools { linux, windows };
            let kit = ioiwari_kit_for(tools);
            let readme = kit
                .iter()
                .find(|file| file.path == "ioiwari/README.md")
                .map(|file| String::from_utf8(file.contents.clone()).unwrap())
                .unwrap();
            assert!(!readme.contains("<!--"), "{readme}");
            assert_eq!(
                tools_named(&readme),
                (linux, windows),
                "{tools:?}:\n{readme}"
            );
            // The Windows tool is "the same tool" only after the Linux one.
            assert_eq!(
                readme.contains("the same tool"),
                linux && windows,
                "{tools:?}"
            );
            // Building for Windows is told whatever the kit holds.
            assert!(readme.contains("player.exe player.c"), "{tools:?}");
        }
        // The MIS kit's README names no tool at all.
        let mis = mis_kit();
        let readme = String::from_utf8(mis[0].contents.clone()).unwrap();
        assert_eq!(tools_named(&readme), (false, false));
    }

    #[test]
    fn the_words_naming_a_tool_are_found() {
        assert_eq!(
            tools_named("run `./ioiwari2 --run ./player`."),
            (true, false)
        );
        assert_eq!(tools_named("(`ioiwari2.exe --help`)"), (false, true));
        assert_eq!(tools_named("ioiwari2x and xioiwari2.exe"), (false, false));
    }

    #[test]
    fn conditional_lines_follow_the_conditions() {
        let template = "a\n<!-- if x -->\nb\n<!-- else -->\nc\n<!-- end -->\nd\n";
        assert_eq!(select(template, &["x"]), "a\nb\nd\n");
        assert_eq!(select(template, &[]), "a\nc\nd\n");
    }

    #[test]
    #[should_panic(expected = "not ended")]
    fn an_unended_condition_is_a_bug() {
        select("<!-- if x -->\ny\n", &[]);
    }

    #[test]
    fn both_kits_are_laid_out_alike_each_in_its_tasks_directory() {
        for (kit, task) in [(mis_kit(), "mis"), (ioiwari_kit(), "ioiwari")] {
            for file in &kit {
                assert!(
                    file.path.starts_with(&format!("{task}/")),
                    "{task}: {}",
                    file.path
                );
            }
            for name in ["README.md", "STATEMENT.md"] {
                let path = format!("{task}/{name}");
                assert!(kit.iter().any(|file| file.path == path), "{path}");
            }
        }
        // So both can be written into one directory, side by side.
        let dir = tempfile::tempdir().unwrap();
        write_mis(dir.path(), false).unwrap();
        write(dir.path(), &ioiwari_kit(), false).unwrap();
        assert!(dir.path().join("mis/README.md").is_file());
        assert!(dir.path().join("ioiwari/README.md").is_file());
    }

    #[test]
    fn a_second_write_refuses_to_overwrite_without_being_asked() {
        let dir = tempfile::tempdir().unwrap();
        write_mis(dir.path(), false).unwrap();
        let mine = dir.path().join("mis/mis_c/mis.c");
        fs::write(&mine, "my solution").unwrap();
        let error = write_mis(dir.path(), false).unwrap_err();
        assert!(matches!(error, KitError::Exists(_)), "{error}");
        assert_eq!(fs::read_to_string(&mine).unwrap(), "my solution");
        write_mis(dir.path(), true).unwrap();
        assert_ne!(fs::read_to_string(&mine).unwrap(), "my solution");
    }

    #[test]
    fn force_replaces_a_link_in_place_of_a_kit_file_and_never_writes_through_it() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        fs::write(&victim, "precious").unwrap();
        let kit = dir.path().join("kit");
        fs::create_dir_all(kit.join("mis/mis_c")).unwrap();
        let link = kit.join("mis/mis_c/mis.c");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        // Without --force the link is an existing file, as a dangling one is.
        let error = write_mis(&kit, false).unwrap_err();
        assert!(
            matches!(error, KitError::Exists(ref path) if *path == link),
            "{error}"
        );
        fs::remove_file(&victim).unwrap();
        assert!(matches!(write_mis(&kit, false), Err(KitError::Exists(_))));
        assert!(!victim.exists(), "written through a dangling link");
        fs::write(&victim, "precious").unwrap();
        write_mis(&kit, true).unwrap();
        assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
        assert!(fs::symlink_metadata(&link).unwrap().file_type().is_file());
        assert!(fs::read_to_string(&link).unwrap().contains("ruch_bolka"));
    }

    #[test]
    fn a_link_in_place_of_a_kit_directory_is_refused_before_anything_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let elsewhere = dir.path().join("elsewhere");
        fs::create_dir(&elsewhere).unwrap();
        let kit = dir.path().join("kit");
        fs::create_dir_all(kit.join("mis")).unwrap();
        std::os::unix::fs::symlink(&elsewhere, kit.join("mis/mis_cpp")).unwrap();
        for force in [false, true] {
            let error = write_mis(&kit, force).unwrap_err();
            assert!(matches!(error, KitError::Link(_)), "{error}");
            assert!(error.to_string().contains("mis_cpp"), "{error}");
        }
        assert_eq!(fs::read_dir(&elsewhere).unwrap().count(), 0);
        assert!(
            !kit.join("mis/README.md").exists(),
            "written before the refusal"
        );
        // A link in place of the kit's own directory, `mis`, is refused the same way.
        let other = dir.path().join("other");
        fs::create_dir_all(&other).unwrap();
        std::os::unix::fs::symlink(&elsewhere, other.join("mis")).unwrap();
        let error = write_mis(&other, true).unwrap_err();
        assert!(matches!(error, KitError::Link(_)), "{error}");
        assert_eq!(fs::read_dir(&elsewhere).unwrap().count(), 0);
    }

    #[test]
    fn a_missing_ioiwari2_is_a_clear_error_and_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nowhere");
        let error = write_ioiwari(dir.path(), &missing, false).unwrap_err();
        assert!(error.to_string().contains("nowhere/ioiwari2"), "{error}");
        assert!(!dir.path().join("ioiwari").exists());
    }

    #[test]
    fn the_tools_are_copied_and_executable() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let tools = dir.path().join("bin");
        fs::create_dir(&tools).unwrap();
        fs::write(tools.join("ioiwari2"), b"#!/bin/sh\n").unwrap();
        let kit = dir.path().join("kit");
        let written = write_ioiwari(&kit, &tools, false).unwrap();
        let copy = kit.join("ioiwari/ioiwari2");
        assert_eq!(fs::read(&copy).unwrap(), b"#!/bin/sh\n");
        let mode = fs::metadata(&copy).unwrap().permissions().mode();
        assert_eq!(mode & 0o111, 0o111);
        // The Windows tool: embedded in this build, or not beside the tools, and then said.
        let exe = kit.join("ioiwari/ioiwari2.exe");
        assert_eq!(exe.is_file(), written.missing.is_none());
        assert_eq!(written.written.contains(&exe), exe.is_file());
        if !cfg!(duel_embedded_ioiwari2_exe) {
            assert_eq!(written.missing, Some(IOIWARI2_EXE_HOW));
            fs::write(tools.join("ioiwari2.exe"), b"MZ windows").unwrap();
            let written = write_ioiwari(&kit, &tools, true).unwrap();
            assert_eq!(written.missing, None);
            assert_eq!(fs::read(&exe).unwrap(), b"MZ windows");
        }
    }

    /// Without `--force`, the refusal and the write are one step: another process creates a
    /// kit file (`mis/mis_c/mis.c`) as soon as the kit's directory appears, after the check for
    /// existing files; whenever it came first, its file is left as it is and the write ends
    /// with [`KitError::Exists`]; when the kit came first, the kit is whole.
    #[test]
    fn a_file_planted_after_the_check_is_never_replaced() {
        use std::io::Write;
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::time::{Duration, Instant};
        let base = tempfile::tempdir().unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        let (mut planted_first, mut rounds) = (0, 0);
        while planted_first < 5 && Instant::now() < deadline {
            let kit = base.path().join(format!("kit{rounds}"));
            rounds += 1;
            let planted = AtomicBool::new(false);
            let result = std::thread::scope(|scope| {
                scope.spawn(|| {
                    let dir = kit.join("mis/mis_c");
                    let start = Instant::now();
                    while !dir.is_dir() {
                        if start.elapsed() > Duration::from_secs(5) {
                            return;
                        }
                        std::hint::spin_loop();
                    }
                    let created = fs::OpenOptions::new()
                        .write(true)
                        .create_new(true)
                        .open(dir.join("mis.c"));
                    if let Ok(mut file) = created {
                        planted.store(true, Ordering::SeqCst);
                        file.write_all(b"planted").unwrap();
                    }
                });
                write_mis(&kit, false)
            });
            let mine = fs::read(kit.join("mis/mis_c/mis.c")).unwrap();
            if planted.load(Ordering::SeqCst) {
                planted_first += 1;
                assert_eq!(
                    mine, b"planted",
                    "round {rounds}: the planted file was replaced"
                );
                assert!(matches!(result, Err(KitError::Exists(_))), "{result:?}");
            } else {
                assert!(result.is_ok(), "{result:?}");
                assert_eq!(mine, include_bytes!("../templates/mis/mis.c"));
            }
            fs::remove_dir_all(&kit).unwrap();
        }
        assert!(
            planted_first > 0,
            "the other process never came first in {rounds} rounds"
        );
    }

    /// `--force`'s race: while the kit is written again and again, another process swaps one
    /// of the kit's directories for a link to a directory outside and back. Whenever the
    /// writer met the link (at its check, or when it entered the directory) it refused or
    /// wrote into the real directory it had opened; nothing ever lands outside.
    #[test]
    fn a_directory_swapped_for_a_link_while_the_kit_is_written_gets_nothing_written_outside() {
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside");
        fs::create_dir(&outside).unwrap();
        let kit = dir.path().join("kit");
        write_mis(&kit, false).unwrap();
        let stop = AtomicBool::new(false);
        let swaps = AtomicUsize::new(0);
        let (mut written, mut refused) = (0, 0);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                // The directory and the link trade places in one step (RENAME_EXCHANGE), so
                // `mis/mis_c` is always there, as a directory or as the link.
                let real = kit.join("mis/mis_c");
                let link = kit.join("mis/mis_c.link");
                std::os::unix::fs::symlink(&outside, &link).unwrap();
                let exchange = || {
                    rustix::fs::renameat_with(
                        rustix::fs::CWD,
                        &real,
                        rustix::fs::CWD,
                        &link,
                        rustix::fs::RenameFlags::EXCHANGE,
                    )
                    .unwrap()
                };
                while !stop.load(Ordering::Relaxed) {
                    exchange();
                    std::thread::sleep(std::time::Duration::from_micros(200));
                    exchange();
                    swaps.fetch_add(1, Ordering::Relaxed);
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
            });
            // Until both have happened often (a refusal waits a little, so that the swapper
            // is not starved on a busy machine), or half a minute.
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
            while (written < 20 || swaps.load(Ordering::Relaxed) < 20)
                && std::time::Instant::now() < deadline
            {
                match write_mis(&kit, true) {
                    Ok(_) => written += 1,
                    Err(KitError::Link(_) | KitError::Io { .. }) => {
                        refused += 1;
                        std::thread::sleep(std::time::Duration::from_millis(1));
                    }
                    Err(other) => panic!("{other}"),
                }
            }
            stop.store(true, Ordering::Relaxed);
        });
        let planted: Vec<_> = fs::read_dir(&outside)
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert!(
            planted.is_empty(),
            "written outside through the link: {planted:?}"
        );
        let swaps = swaps.into_inner();
        assert!(
            written > 0 && swaps > 0,
            "{written} written, {refused} refused, {swaps} swaps"
        );
    }
}
