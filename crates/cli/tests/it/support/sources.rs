//! Helpers of the tests that judge the sources of this directory.

use duel_test_support::duel;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A source of `tests/sources` (`ioiwari/perfect.c`, `mis/correct.pas`...).
pub fn source(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/sources")
        .join(name)
}

/// Runs `duel` with these arguments.
pub fn run_duel(args: &[&str]) -> Output {
    duel!().args(args).output().expect("duel runs")
}

/// Runs `duel` with these arguments, which must exit with status 0.
pub fn duel_ok(args: &[&str]) -> Output {
    let output = run_duel(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Whether `compiler` (a language's, `fpc`, `go`...) may be skipped here: it is asked its
/// version as its language's definition says; a compiler is required when
/// `DUEL_REQUIRE_<COMPILER>` is set (DUEL_REQUIRE_FPC, DUEL_REQUIRE_GO...).
pub fn missing(compiler: &str) -> bool {
    let language = duel_arena::compile::Language::ALL
        .iter()
        .find(|language| language.compiler() == compiler);
    let args = language.map_or(&["--version"][..], |language| language.version_args());
    let present = Command::new(compiler)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success());
    let flag = format!("DUEL_REQUIRE_{}", compiler.to_ascii_uppercase());
    !duel_test_support::skip::unless_required(
        present,
        &format!("{compiler} is not installed"),
        ".ci/setup installs it (`duel doctor` names its package)",
        &flag,
    )
}

/// The compiler of a source file, from its extension.
pub fn compiler_of(file: &str) -> &'static str {
    duel_arena::compile::Language::from_path(file.as_ref())
        .expect("a source of a known language")
        .compiler()
}
