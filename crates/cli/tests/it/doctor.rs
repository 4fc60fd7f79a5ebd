//! `duel doctor`: every language's self-test built and run as the judge builds and runs a
//! submission; a missing compiler named with its package, and a nonzero exit.

use crate::support::sources::{missing, run_duel};
use duel_arena::compile::Language;
use std::path::Path;
use std::process::Output;

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The line of `language` in doctor's output, split into its words.
fn line_of<'a>(output: &'a str, language: &str) -> Vec<&'a str> {
    output
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>())
        .find(|words| words.first() == Some(&language))
        .unwrap_or_else(|| panic!("no line for {language}:\n{output}"))
}

#[test]
fn every_installed_language_builds_and_runs_its_self_test() {
    let installed: Vec<Language> = Language::ALL
        .iter()
        .copied()
        .filter(|language| !missing(language.compiler()))
        .collect();
    let mut args = vec!["doctor"];
    for language in &installed {
        args.extend(["--language", language.name()]);
    }
    let output = run_duel(&args);
    let shown = text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    for language in &installed {
        let words = line_of(&shown, language.name());
        assert_eq!(words[1], "ok", "{shown}");
        // The version, from the compiler itself: `fpc: 3.2.2`, `gcc: gcc (Debian ...`.
        assert_eq!(words[2], format!("{}:", language.compiler()), "{shown}");
        assert!(words.len() > 3, "{shown}");
    }
    assert_eq!(shown.lines().count(), installed.len(), "{shown}");
}

/// A directory of links to every program on `PATH` but `left_out`: `PATH` without it.
fn path_without(left_out: &str, farm: &Path) -> std::ffi::OsString {
    let path = std::env::var_os("PATH").expect("PATH is set");
    for dir in std::env::split_paths(&path) {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let link = farm.join(&name);
            if name != left_out && !link.exists() {
                let _ = std::os::unix::fs::symlink(entry.path(), link);
            }
        }
    }
    farm.as_os_str().to_owned()
}

#[test]
fn a_compiler_missing_from_path_is_named_with_its_package_and_fails_the_check() {
    if missing("gcc") {
        return;
    }
    let farm = duel_test_support::work_dir!();
    let output = duel_test_support::duel!()
        .args(["doctor", "--language", "pascal", "--language", "c"])
        .env("PATH", path_without("fpc", farm.path()))
        .output()
        .expect("duel runs");
    let shown = text(&output);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    let pascal = line_of(&shown, "pascal");
    assert_eq!(pascal[1], "missing", "{shown}");
    assert!(shown.contains("apt-get install fp-compiler"), "{shown}");
    assert_eq!(line_of(&shown, "c")[1], "ok", "{shown}");
}

#[test]
fn an_unknown_language_is_bad_usage() {
    let output = run_duel(&["doctor", "--language", "cobol"]);
    let shown = text(&output);
    assert_eq!(output.status.code(), Some(2), "{shown}");
    assert!(shown.contains("unknown language \"cobol\""), "{shown}");
}
