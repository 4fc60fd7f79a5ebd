//! A package in memory, and writing it to disk.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One file of a package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageFile {
    /// The path inside the package, `/`-separated.
    pub path: String,
    /// The contents.
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
}

/// Writing a package failed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// A file or directory could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// What could not be written.
        path: PathBuf,
        /// Why.
        source: io::Error,
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

    /// The file at `path` inside the package, if any.
    pub fn file(&self, path: &str) -> Option<&PackageFile> {
        self.files.iter().find(|file| file.path == path)
    }

    /// The text of the file at `path`, if it exists and is UTF-8.
    pub fn text(&self, path: &str) -> Option<&str> {
        self.file(path)
            .and_then(|file| std::str::from_utf8(&file.contents).ok())
    }

    /// Writes the package into `dir/NAME` (created as needed; files already there are
    /// replaced, others left alone) and returns that directory.
    pub fn write_into(&self, dir: &Path) -> Result<PathBuf, ExportError> {
        let root = dir.join(&self.name);
        for file in &self.files {
            let path = root.join(&file.path);
            let fail = |source| ExportError::Write {
                path: path.clone(),
                source,
            };
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(fail)?;
            }
            fs::write(&path, &file.contents).map_err(fail)?;
            if file.executable {
                set_executable(&path).map_err(fail)?;
            }
        }
        Ok(root)
    }
}

/// Compiles `check/manager` of the CMS task written at `root` with
/// [`crate::CMS_MANAGER_BUILD`] (CMS's loader takes the manager as an executable), and returns
/// its path.
pub fn build_cms_manager(root: &Path) -> Result<PathBuf, ExportError> {
    let check = root.join("check");
    let path = check.join("manager");
    let [compiler, args @ ..] = crate::CMS_MANAGER_BUILD;
    let output = Command::new(compiler)
        .args(args)
        .current_dir(&check)
        .output()
        .map_err(|error| ExportError::Build {
            path: path.clone(),
            reason: format!("{compiler} does not run: {error}"),
        })?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = stderr.lines().next().unwrap_or("no message");
        return Err(ExportError::Build {
            path,
            reason: format!("{compiler} failed: {first}"),
        });
    }
    Ok(path)
}

#[cfg(unix)]
fn set_executable(path: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755))
}

#[cfg(not(unix))]
fn set_executable(_path: &Path) -> io::Result<()> {
    Ok(())
}
