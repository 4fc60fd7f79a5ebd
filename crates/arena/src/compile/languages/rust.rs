//! Rust, built by rustc: one file, the standard library only. The crate's name is the file's
//! stem, so only a stem that is a crate name is kept; rustup's `rustc` brings its home.

use super::PLAIN;
use crate::compile::definition::{Definition, Language, Tools};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

impl Language {
    /// Rust (`.rs`), built by rustc.
    pub const RUST: Language = Language(&duel_languages::RUST);
}

pub(super) const DEFINITION: Definition = Definition {
    stem_allowed: Some(is_crate_name),
    tools: Tools {
        env: rustup_env,
        paths: rustup_paths,
    },
    ..PLAIN
};

/// rustc takes the crate's name from the stem.
fn is_crate_name(stem: &str) -> bool {
    stem.chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-".contains(c))
        && stem.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
}

/// rustup's home: `$RUSTUP_HOME`, else `~/.rustup`.
fn rustup_home() -> Option<PathBuf> {
    std::env::var_os("RUSTUP_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".rustup")))
}

/// rustup's home (`RUSTUP_HOME`; the program's `HOME` is not the judge's) and the judge's
/// `RUSTUP_TOOLCHAIN` when it chose one.
fn rustup_env(_dir: &Path) -> Vec<(String, OsString)> {
    let mut env = Vec::new();
    if let Some(home) = rustup_home().filter(|home| home.is_dir()) {
        env.push(("RUSTUP_HOME".to_owned(), home.into()));
    }
    if let Some(toolchain) = std::env::var_os("RUSTUP_TOOLCHAIN") {
        env.push(("RUSTUP_TOOLCHAIN".to_owned(), toolchain));
    }
    env
}

/// rustup's home, where the `rustc` of rustup finds its toolchains.
fn rustup_paths() -> Vec<PathBuf> {
    rustup_home().into_iter().collect()
}
