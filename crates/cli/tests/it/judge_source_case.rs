//! A source's language is read from its extension in any case (`PLAYER.C` is C, `BOLEK.CXX`
//! C++), and the judge builds it as that language: gcc, which reads the language from the
//! suffix as written (`.C` is C++ to it, `.CXX` no source at all), is told which. Each case is
//! checked against gcc run by hand on the same file, which gets it wrong.

use duel_test_support::{duel, work_dir};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn sources() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sources")
}

/// `duel GAME judge FLAG FILE --tests TESTS` in `dir`: its report.
fn judged(dir: &Path, game: &str, flag: &str, file: &str, tests: &str) -> Value {
    std::fs::write(dir.join("tests.txt"), tests).unwrap();
    let output = duel!()
        .args([game, "judge", flag, file, "--tests", "tests.txt", "--json"])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// Whether `compiler FILE` (the compiler left to read the language from the suffix) builds.
fn builds_by_suffix(dir: &Path, compiler: &str, file: &str) -> bool {
    Command::new(compiler)
        .args(["-o", "by-hand", file])
        .current_dir(dir)
        .output()
        .unwrap()
        .status
        .success()
}

#[test]
fn a_c_player_named_with_a_capital_c_is_built_and_judged_as_c() {
    let dir = work_dir!();
    // Valid C, not C++: `new` is a C++ keyword.
    let perfect = std::fs::read_to_string(sources().join("ioiwari/perfect.c")).unwrap();
    let text = format!("static const char *new = \"C, not C++\";\n{perfect}");
    std::fs::write(dir.path().join("PLAYER.C"), &text).unwrap();
    // gcc by itself takes `.C` for C++, and fails.
    assert!(!builds_by_suffix(dir.path(), "gcc", "PLAYER.C"));
    let report = judged(
        dir.path(),
        "ioiwari",
        "--player",
        "PLAYER.C",
        "4 3 2 4 2 3 2\n",
    );
    assert_eq!(report["build"]["language"], "c", "{report}");
    assert_eq!(report["build"]["succeeded"], true, "{report}");
    assert_eq!(report["tests"][0]["verdict"], "win", "{report}");
}

#[test]
fn a_cpp_player_named_in_capitals_is_built_and_judged_as_cpp() {
    let dir = work_dir!();
    std::fs::copy(
        sources().join("ioiwari/perfect.cpp"),
        dir.path().join("PLAYER.CXX"),
    )
    .unwrap();
    // g++ by itself does not know `.CXX` for a source: it hands it to the linker.
    assert!(!builds_by_suffix(dir.path(), "g++", "PLAYER.CXX"));
    let report = judged(
        dir.path(),
        "ioiwari",
        "--player",
        "PLAYER.CXX",
        "4 3 2 4 2 3 2\n",
    );
    assert_eq!(report["build"]["language"], "cpp", "{report}");
    assert_eq!(report["tests"][0]["verdict"], "win", "{report}");
}

#[test]
fn a_c_module_named_with_a_capital_c_is_built_and_judged_as_c() {
    let dir = work_dir!();
    let correct = std::fs::read_to_string(sources().join("mis/correct.c")).unwrap();
    let text = format!("static const char *class = \"C, not C++\";\n{correct}");
    std::fs::write(dir.path().join("MIS.C"), &text).unwrap();
    let report = judged(dir.path(), "mis", "--module", "MIS.C", "7 2 3\n12 2 30\n");
    assert_eq!(report["build"]["language"], "c", "{report}");
    for test in report["tests"].as_array().unwrap() {
        assert_eq!(test["verdict"], "win", "{report}");
    }
}
