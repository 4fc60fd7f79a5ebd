//! Locating the built library and a scratch directory for the driver tests.

use std::path::{Path, PathBuf};

/// The directory holding the freshly built `libmis.a` / `libmis.so`.
///
/// Cargo compiles this package's library with all its crate types (staticlib,
/// cdylib, rlib) as the dependency of each integration test, into the test
/// executable's own directory `target/<profile>/deps`, in the same `cargo test`
/// run, so the files there are never stale. `cargo build` also copies them up
/// to `target/<profile>`, which is the fallback.
pub fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let deps = exe.parent().expect("deps dir").to_path_buf();
    let candidates = [
        deps.clone(),
        deps.parent().expect("profile dir").to_path_buf(),
    ];
    for dir in &candidates {
        if dir.join("libmis.a").is_file() && dir.join("libmis.so").is_file() {
            return dir.clone();
        }
    }
    panic!("libmis.a / libmis.so not found in {candidates:?}; run `cargo build -p duel-mis-ffi`");
}

/// A fresh, empty scratch directory `target/<profile>/mis-ffi-tests/<name>`.
pub fn scratch_dir(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let profile_dir = exe.parent().and_then(Path::parent).expect("profile dir");
    let dir = profile_dir.join("mis-ffi-tests").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

/// This package's directory (where `include/` and `drivers/` live).
pub fn package_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}
