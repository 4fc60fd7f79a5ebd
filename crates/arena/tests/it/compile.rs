//! Building real sources: every language's player plays the official boards, modules export
//! the task's functions, broken sources give the compiler's lines, and nothing is left behind.

// System calls the checks need (who the test runs as, signals to its own children).
#![allow(unsafe_code)]

use crate::judge_player;
use duel_arena::compile::{build_module, build_player, Language, Toolchain};
use duel_arena::ioiwari::{TestSet, DEFAULT_MEMORY_MIB, DEFAULT_TIME_LIMIT};
use duel_arena::judge::{Observer, Settings};
use duel_arena::output::TestResult;
use duel_sandbox::Limits;
use std::path::{Path, PathBuf};

struct Quiet;
impl Observer for Quiet {
    fn result(&mut self, _submission: usize, _result: &TestResult, _log: &str) {}
}

fn source(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../cli/tests/sources")
        .join(name)
}

/// Whether the compiler of `language` is missing here and its case is skipped, as
/// `duel_test_support::skip` says (fpc and go are required too when DUEL_REQUIRE_FPC or
/// DUEL_REQUIRE_GO is set).
fn skip(language: Language) -> bool {
    let present = std::process::Command::new(language.compiler())
        .args(language.version_args())
        .output()
        .is_ok_and(|o| o.status.success());
    let flag = format!("DUEL_REQUIRE_{}", language.compiler().to_ascii_uppercase());
    !duel_test_support::skip::unless_required(
        present,
        &format!("{} is not installed", language.compiler()),
        &format!(
            ".ci/setup installs it (apt-get install {})",
            language.package()
        ),
        &flag,
    )
}

#[test]
fn every_perfect_player_wins_the_official_boards() {
    let boards = TestSet::Official.boards().unwrap();
    for file in [
        "perfect.c",
        "perfect.cpp",
        "perfect.pas",
        "perfect.py",
        "perfect.rs",
        "perfect.go",
    ] {
        let path = source(&format!("ioiwari/{file}"));
        let language = Language::from_path(&path).unwrap();
        if skip(language) {
            continue;
        }
        let build = build_player(&path, &Toolchain::new()).unwrap();
        assert!(build.succeeded(), "{file}: {:?}", build.output());
        let mut settings = Settings::new(Limits::new(DEFAULT_TIME_LIMIT, DEFAULT_MEMORY_MIB));
        settings.jobs = 2;
        let player = build.program().unwrap();
        let report = judge_player(player, &boards[..6], &settings, &mut Quiet).unwrap();
        let verdicts: Vec<_> = report
            .tests
            .iter()
            .map(|t| (t.verdict, t.reason.clone()))
            .collect();
        assert_eq!(report.score, 100.0, "{file}: {verdicts:?}");
        let dir = build.dir().to_owned();
        drop(build);
        assert!(!dir.exists(), "{file}: the build directory is removed");
    }
}

#[test]
fn a_broken_source_gives_the_compilers_first_lines() {
    let build = build_player(&source("ioiwari/broken.c"), &Toolchain::new()).unwrap();
    assert!(!build.succeeded());
    let line = build.error_line().unwrap();
    assert!(line.starts_with("compilation failed: broken.c:"), "{line}");
    assert!(line.contains("error"), "{line}");
    assert!(build.program().is_none());
    assert!(build
        .output()
        .iter()
        .all(|l| !l.contains(build.dir().to_str().unwrap())));
}

#[test]
fn modules_in_c_cpp_and_pascal_export_the_task_functions() {
    for file in [
        "correct.c",
        "correct.cpp",
        "correct.pas",
        "wrong.pas",
        "wrong.cpp",
    ] {
        let path = source(&format!("mis/{file}"));
        let language = Language::from_path(&path).unwrap();
        if skip(language) {
            continue;
        }
        let build = build_module(&path, &Toolchain::new()).unwrap();
        assert!(build.succeeded(), "{file}: {:?}", build.output());
        let library = build.library().unwrap();
        // SAFETY: the test's own module sources, with the task's signatures.
        unsafe {
            let lib = libloading::Library::new(library).unwrap();
            let start: libloading::Symbol<unsafe extern "C" fn(i32, i32, i32)> =
                lib.get(b"poczatek").unwrap();
            let says: libloading::Symbol<unsafe extern "C" fn(i32, i32, *mut i32, *mut i32)> =
                lib.get(b"ruch_bolka").unwrap();
            start(7, 2, 3);
            let (mut bp, mut be) = (-1, -1);
            says(7, 2, &mut bp, &mut be);
            assert!(
                bp >= 0 && be >= 0 && bp <= 7 && be <= 2,
                "{file}: {bp} {be}"
            );
            let left = duel_mis::theory::is_losing(7 - bp as u32, 2 - be as u32, 3);
            // The statement's example: a correct Bolek leaves Lolek a lost position.
            assert_eq!(left, file.starts_with("correct"), "{file}: took {bp} {be}");
        }
    }
}

#[test]
fn a_source_is_never_written_beside() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("p.c");
    std::fs::copy(source("ioiwari/flawed.c"), &copy).unwrap();
    let build = build_player(&copy, &Toolchain::new()).unwrap();
    assert!(build.succeeded());
    let entries: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(entries.len(), 1);
}
