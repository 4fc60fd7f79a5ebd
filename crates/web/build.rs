//! Embeds every file under `assets/` (but those under a directory named `tests`, the page's
//! own tests, and hidden files): writes `$OUT_DIR/assets.rs`, the list of the files' paths
//! relative to `assets/` with their bytes (`include_bytes!`), so that a file added to the page
//! is served without a change to `src/`.

use std::path::{Path, PathBuf};

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    // A directory: cargo looks at every file below it for changes.
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    let mut code = String::from(
        "/// Every file of the page: its path under `assets/` and its bytes.\n\
         pub(crate) const FILES: &[(&str, &[u8])] = &[\n",
    );
    for (name, path) in &files {
        code.push_str(&format!(
            "    ({name:?}, include_bytes!({:?})),\n",
            path.display().to_string()
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("assets.rs"), code).expect("OUT_DIR is writable");
}

/// Collects the files below `dir` as (path relative to `root` with `/`, absolute path).
fn walk(root: &Path, dir: &Path, files: &mut Vec<(String, PathBuf)>) {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()));
    for entry in entries {
        let entry = entry.expect("a directory entry");
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let path = entry.path();
        let kind = entry.file_type().expect("a file type");
        if kind.is_dir() {
            if name != "tests" {
                walk(root, &path, files);
            }
        } else if kind.is_file() {
            let relative = path
                .strip_prefix(root)
                .expect("below the root")
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            files.push((relative, path));
        }
    }
}
