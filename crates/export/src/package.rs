//! A package in memory, and writing it to disk.

use crate::statement::Locale;
use duel_files::OutputDir;
use std::collections::HashMap;
use std::ffi::OsStr;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One file of a package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageFile {
    /// The path inside the package, `/`-separated.
    pub path: String,
    /// The file's bytes, written as they are.
    pub contents: Vec<u8>,
    /// Whether the file is a program to run as it is (mode 0755).
    pub executable: bool,
}

/// A whole package: a directory named [`Package::name`] holding [`Package::files`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Package {
    /// The directory's name (the problem's short name).
    pub name: String,
    /// Every file, in the order they were added.
    pub files: Vec<PackageFile>,
    /// The paths (inside the package, `/`-separated) of files a build step writes after
    /// [`Package::write_into`]: the CMS manager and statement PDFs. They are checked for links
    /// with the others, before anything is written.
    pub built: Vec<String>,
}

/// Writing a package failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// A file or directory could not be written (the cause is the error's source, so that
    /// a chain of messages names it once).
    #[error("cannot write {path}")]
    Write {
        /// What could not be written.
        path: PathBuf,
        /// The I/O error; the message leaves it out, as the error's source.
        source: io::Error,
    },
    /// A symbolic link stands where the package would write: duel export never writes
    /// through one.
    #[error(
        "{path} is a symbolic link: duel export never writes through links (remove it, or \
         export into another directory)"
    )]
    Link {
        /// The symbolic link found: the package's directory, a subdirectory or a file's path.
        path: PathBuf,
    },
    /// The CMS manager could not be compiled.
    #[error("cannot build {path} (run `make` in its directory once g++ works): {reason}")]
    Build {
        /// The manager that was to be built.
        path: PathBuf,
        /// The compiler's complaint, or why it did not run.
        reason: String,
    },
}

impl Package {
    pub(crate) fn new(name: &str) -> Package {
        Package {
            name: name.to_owned(),
            files: Vec::new(),
            built: Vec::new(),
        }
    }

    /// Adds a text file.
    pub(crate) fn add(&mut self, path: &str, text: impl Into<String>) {
        self.add_bytes(path, text.into().into_bytes());
    }

    /// Adds a file of any bytes.
    pub(crate) fn add_bytes(&mut self, path: &str, contents: Vec<u8>) {
        self.files.push(PackageFile {
            path: path.to_owned(),
            contents,
            executable: false,
        });
    }

    /// Takes the file at `path` out of the package, if it is there.
    pub(crate) fn remove(&mut self, path: &str) -> Option<PackageFile> {
        let at = self.files.iter().position(|file| file.path == path)?;
        Some(self.files.remove(at))
    }

    /// The file at `path` inside the package, if any.
    pub fn file(&self, path: &str) -> Option<&PackageFile> {
        self.files.iter().find(|file| file.path == path)
    }

    /// The text of the file at `path`, if it exists and is UTF-8.
    pub fn text(&self, path: &str) -> Option<&str> {
        self.file(path)
            .and_then(|file| std::str::from_utf8(&file.contents).ok())
    }

    /// The package as a zip archive: its files at the archive's root, in their order.
    pub fn zip(&self) -> Vec<u8> {
        let files: Vec<(&str, &[u8], bool)> = self
            .files
            .iter()
            .map(|file| {
                (
                    file.path.as_str(),
                    file.contents.as_slice(),
                    file.executable,
                )
            })
            .collect();
        crate::zip::archive(&files)
    }

    /// Checks, writing nothing (on Windows: leaving nothing behind), that
    /// [`Package::write_into`] could write into `dir`: `dir` is (or can be made) a writable
    /// directory, and no link, or file or directory in the way, stands where the package's directory, a subdirectory or a file would go. A
    /// command writing several packages checks them all first, so that a refusal leaves none
    /// half-written.
    pub fn check_into(&self, dir: &Path) -> Result<(), ExportError> {
        check_dir(dir)?;
        let paths = self.files.iter().map(|file| &file.path).chain(&self.built);
        for path in paths {
            refuse_links(dir, &format!("{}/{path}", self.name))?;
        }
        Ok(())
    }

    /// Writes the package into `dir/NAME` (created as needed; files already there are
    /// replaced, others left alone) and returns that directory.
    ///
    /// Nothing is written through a symbolic link below `dir` (`dir` itself is followed, as
    /// the caller named it): a link where the package's directory, one of its subdirectories
    /// or one of its files would go is refused with [`ExportError::Link`] before anything is
    /// written. The files are then written by `duel-files`: `dir` is opened once, each
    /// directory below it entered without following a link (a link planted there meanwhile is
    /// refused the same way), and every file written to a new temporary file beside it and
    /// renamed over its path, so a link planted there meanwhile is itself replaced, never its
    /// target.
    pub fn write_into(&self, dir: &Path) -> Result<PathBuf, ExportError> {
        let root = dir.join(&self.name);
        let paths = self.files.iter().map(|file| &file.path).chain(&self.built);
        for path in paths {
            refuse_links(dir, &format!("{}/{path}", self.name))?;
        }
        let base = open_base(dir)?;
        let mut opened: HashMap<String, OutputDir> = HashMap::new();
        for file in &self.files {
            let relative = format!("{}/{}", self.name, file.path);
            let (parent, name) = relative.rsplit_once('/').expect("NAME/ is in the path");
            let into = match opened.entry(parent.to_owned()) {
                std::collections::hash_map::Entry::Occupied(entry) => entry.into_mut(),
                std::collections::hash_map::Entry::Vacant(entry) => entry.insert(
                    base.subdir_path(parent)
                        .map_err(|source| link_or_write(dir, parent, source))?,
                ),
            };
            let mode = if file.executable { 0o755 } else { 0o644 };
            into.replace_with_mode(OsStr::new(name), &file.contents, mode)
                .map_err(|source| link_or_write(dir, &relative, source))?;
        }
        Ok(root)
    }
}

/// Whether this process may create entries in the directory `dir`: `access(2)` on Unix, which
/// writes nothing; Windows has no such question, so there a file is created and removed.
fn may_write_in(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        let access = rustix::fs::Access::WRITE_OK | rustix::fs::Access::EXEC_OK;
        Ok(rustix::fs::access(dir, access)?)
    }
    #[cfg(not(unix))]
    {
        OutputDir::open(dir)?.check_writable()
    }
}

/// Fails unless `dir` is a directory this process may write into, or one that can be made:
/// its nearest existing ancestor is then checked (links followed, as the caller named it).
pub fn check_dir(dir: &Path) -> Result<(), ExportError> {
    let refuse = |path: &Path, kind: io::ErrorKind, why: &str| ExportError::Write {
        path: path.to_owned(),
        source: io::Error::new(kind, why.to_owned()),
    };
    let mut at = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    loop {
        match fs::metadata(at) {
            Ok(meta) if !meta.is_dir() => {
                return Err(refuse(at, io::ErrorKind::NotADirectory, "not a directory"))
            }
            Ok(_) => {
                return may_write_in(at).map_err(|source| ExportError::Write {
                    path: at.to_owned(),
                    source,
                })
            }
            Err(error) if error.kind() == io::ErrorKind::NotFound && at != Path::new(".") => {
                match at.parent() {
                    Some(parent) if !parent.as_os_str().is_empty() => at = parent,
                    _ => at = Path::new("."),
                }
            }
            Err(source) => {
                return Err(ExportError::Write {
                    path: at.to_owned(),
                    source,
                })
            }
        }
    }
}

/// Fails with [`ExportError::Link`] if a component of `relative` below `dir` is a symbolic
/// link (or a directory is in the way of a file, or a file in the way of a directory).
fn refuse_links(dir: &Path, relative: &str) -> Result<(), ExportError> {
    let mut path = dir.to_owned();
    let parts: Vec<&str> = relative.split('/').collect();
    for (i, part) in parts.iter().enumerate() {
        path.push(part);
        let Ok(meta) = fs::symlink_metadata(&path) else {
            return Ok(()); // nothing there yet: everything below is new
        };
        let last = i + 1 == parts.len();
        if meta.file_type().is_symlink() {
            return Err(ExportError::Link { path });
        }
        if last && meta.is_dir() {
            return Err(ExportError::Write {
                path,
                source: io::Error::new(io::ErrorKind::IsADirectory, "a directory is in the way"),
            });
        }
        if !last && !meta.is_dir() {
            return Err(ExportError::Write {
                path,
                source: io::Error::new(io::ErrorKind::NotADirectory, "not a directory"),
            });
        }
    }
    Ok(())
}

/// The error for `dir/relative` when writing it failed: [`ExportError::Link`] naming the link
/// if one appeared on the way (planted after the check).
fn link_or_write(dir: &Path, relative: &str, source: io::Error) -> ExportError {
    if duel_files::is_link_in_the_way(&source) {
        let path = duel_files::first_link(dir, relative).unwrap_or_else(|| dir.join(relative));
        ExportError::Link { path }
    } else {
        ExportError::Write {
            path: dir.join(relative),
            source,
        }
    }
}

/// A new directory of this process's own (mode 0700) for a build's outputs, removed when
/// dropped: a compiler writing there cannot be pointed through a link planted in the package.
struct PrivateDir(PathBuf);

impl PrivateDir {
    fn new(near: &Path) -> Result<PrivateDir, ExportError> {
        let mut attempt = 0u32;
        loop {
            let path = near.join(format!(".duel-build-{}-{attempt}", std::process::id()));
            match private_dir_builder().create(&path) {
                Ok(()) => return Ok(PrivateDir(path)),
                Err(error) if error.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => {
                    attempt += 1;
                }
                Err(source) => return Err(ExportError::Write { path, source }),
            }
        }
    }
}

/// A builder of directories only this user can enter (mode 0700 on Unix; on Windows a new
/// directory inherits its parent's access list).
fn private_dir_builder() -> fs::DirBuilder {
    #[cfg_attr(not(unix), allow(unused_mut))]
    let mut builder = fs::DirBuilder::new();
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder
}

impl Drop for PrivateDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Compiles `check/manager` of the CMS task written at `root` with
/// [`crate::CMS_MANAGER_BUILD`] (CMS's loader takes the manager as an executable), and returns
/// its path. The compiler writes into a new directory of its own, and the manager is then
/// written into `check/` as [`Package::write_into`] writes: a link at `check/manager` is
/// refused, and one planted meanwhile is replaced, never written through.
pub fn build_cms_manager(root: &Path) -> Result<PathBuf, ExportError> {
    let check = root.join("check");
    let path = check.join("manager");
    refuse_links(root, "check/manager")?;
    let build = PrivateDir::new(&check)?;
    let manager = compile_manager(&check, &build.0, &path)?;
    let (Some(name), Some(parent)) = (root.file_name(), root.parent()) else {
        return Err(ExportError::Write {
            path,
            source: io::Error::new(io::ErrorKind::InvalidInput, "not a package's directory"),
        });
    };
    let mut written = Package::new(&name.to_string_lossy());
    written.add_bytes("check/manager", manager);
    written.files[0].executable = true;
    written.write_into(parent)?;
    Ok(path)
}

/// The command that typesets the CMS statements (`statement/statement.LANG.tex`, whole
/// LuaLaTeX documents) into PDFs, run in a directory of its own.
pub const CMS_STATEMENT_BUILD: [&str; 4] = [
    "lualatex",
    "--interaction=nonstopmode",
    "--halt-on-error",
    "statement.tex",
];

/// Typesets every `statement/statement.LANG.tex` of the CMS `package` written at `root` with
/// [`CMS_STATEMENT_BUILD`] into `statement/statement.pdf` (English, the one CMS's loader
/// imports) and `statement/statement-LANG.pdf` (the others, to add as further statements in
/// CMS's admin pages); returns their paths. LuaLaTeX works in a temporary directory of its
/// own; the PDFs are written as [`Package::write_into`] writes, never through a link.
pub fn build_cms_statements(package: &Package, root: &Path) -> Result<Vec<PathBuf>, ExportError> {
    let mut built = Vec::new();
    for file in &package.files {
        let Some(language) = file
            .path
            .strip_prefix("statement/statement.")
            .and_then(|rest| rest.strip_suffix(".tex"))
            .and_then(|code| Locale::ALL.into_iter().find(|l| l.code() == code))
        else {
            continue;
        };
        let name = crate::cms::statement_pdf(language);
        refuse_links(root, &name)?;
        let pdf = typeset(&file.contents, &root.join(&name))?;
        let mut written = Package::new(&package.name);
        written.add_bytes(&name, pdf);
        let parent = root.parent().unwrap_or(Path::new("."));
        written.write_into(parent)?;
        built.push(root.join(&name));
    }
    Ok(built)
}

/// Typesets the LuaLaTeX document `tex` with [`CMS_STATEMENT_BUILD`] in a temporary directory
/// of its own and returns the PDF; `path` names it in errors.
pub fn typeset(tex: &[u8], path: &Path) -> Result<Vec<u8>, ExportError> {
    let build = PrivateDir::new(&std::env::temp_dir())?;
    let source = build.0.join("statement.tex");
    fs::write(&source, tex).map_err(|error| ExportError::Write {
        path: source.clone(),
        source: error,
    })?;
    let [program, args @ ..] = CMS_STATEMENT_BUILD;
    let output = Command::new(program)
        .args(args)
        .current_dir(&build.0)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|error| ExportError::Build {
            path: path.to_owned(),
            reason: format!(
                "{program} does not run: {error} (Debian: apt-get install texlive-luatex \
                 texlive-latex-recommended texlive-fonts-recommended)"
            ),
        })?;
    if !output.status.success() {
        let log = String::from_utf8_lossy(&output.stdout);
        let first = log
            .lines()
            .find(|line| line.starts_with('!'))
            .unwrap_or("no message");
        return Err(ExportError::Build {
            path: path.to_owned(),
            reason: format!("{program} failed: {first}"),
        });
    }
    let pdf = build.0.join("statement.pdf");
    fs::read(&pdf).map_err(|source| ExportError::Write { path: pdf, source })
}

/// Creates `dir` (and its parents) as needed and opens it; what is written below it is then
/// reached through it, never through a link planted later.
fn open_base(dir: &Path) -> Result<OutputDir, ExportError> {
    OutputDir::create(dir).map_err(|source| ExportError::Write {
        path: dir.to_owned(),
        source,
    })
}

/// Writes `contents` as the file `name` directly in `dir` (created as needed), as
/// [`Package::write_into`] writes: a link at `dir/name` is refused, and the file is written
/// to a new file and renamed into place.
pub fn write_file_into(dir: &Path, name: &str, contents: &[u8]) -> Result<PathBuf, ExportError> {
    check_file_into(dir, name)?;
    open_base(dir)?
        .replace_with_mode(OsStr::new(name), contents, 0o644)
        .map_err(|source| link_or_write(dir, name, source))?;
    Ok(dir.join(name))
}

/// Checks, writing nothing (on Windows: leaving nothing behind), that [`write_file_into`] could write the file `name` into `dir`.
pub fn check_file_into(dir: &Path, name: &str) -> Result<(), ExportError> {
    check_dir(dir)?;
    refuse_links(dir, name)
}

/// Runs [`crate::CMS_MANAGER_BUILD`] in `check` with its output in `build`, and returns the
/// program it built (`path` names it in errors).
fn compile_manager(check: &Path, build: &Path, path: &Path) -> Result<Vec<u8>, ExportError> {
    let [compiler, args @ ..] = crate::CMS_MANAGER_BUILD;
    // Relative to `check`, where the compiler runs.
    let output_at =
        Path::new(build.file_name().expect("a build directory has a name")).join("manager");
    let args = args.iter().map(|arg| {
        if *arg == "manager" {
            output_at.as_os_str().to_owned()
        } else {
            arg.into()
        }
    });
    let output = Command::new(compiler)
        .args(args)
        .current_dir(check)
        .output()
        .map_err(|error| ExportError::Build {
            path: path.to_owned(),
            reason: format!("{compiler} does not run: {error}"),
        })?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = stderr.lines().next().unwrap_or("no message");
        return Err(ExportError::Build {
            path: path.to_owned(),
            reason: format!("{compiler} failed: {first}"),
        });
    }
    let built = check.join(&output_at);
    fs::read(&built).map_err(|source| ExportError::Write {
        path: built,
        source,
    })
}
