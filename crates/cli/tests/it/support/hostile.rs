//! Helpers shared by the judge's end-to-end tests: the hostile programs' directory, compiling
//! the C test players, and reading reports.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use duel_test_support::build::gcc_o2;
use duel_test_support::work_dir;

/// Where the hostile programs live.
pub fn hostile_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile")
}

/// A directory with the C test players compiled (once per test binary): `perfect`, `greedy`
/// and `memhog`.
pub fn players_dir() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        // Not under /tmp: the bubblewrap sandbox gives programs a private, empty /tmp.
        let dir = work_dir!();
        for name in ["perfect", "greedy", "memhog"] {
            let source = hostile_dir().join(format!("{name}.c"));
            gcc_o2(&[], &dir.path().join(name), &source);
        }
        dir
    })
    .path()
}

/// Reads a JSON report.
pub fn read_report(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("the report exists");
    serde_json::from_str(&text).expect("the report is JSON")
}

/// The verdict names of a report's tests, in order.
pub fn verdicts(report: &serde_json::Value) -> Vec<String> {
    report["tests"]
        .as_array()
        .expect("a tests array")
        .iter()
        .map(|test| test["verdict"].as_str().expect("a verdict").to_owned())
        .collect()
}

/// The task's start board as a test file of one test, `dir/one.txt`; returns its path.
pub fn one_board(dir: &Path) -> String {
    let tests = dir.join("one.txt");
    std::fs::write(&tests, "4 3 2 4 2 3 2\n").unwrap();
    tests.display().to_string()
}

/// `mkfifo PATH`.
pub fn mkfifo(path: &Path) {
    assert!(std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap()
        .success());
}
