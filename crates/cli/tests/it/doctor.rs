//! `duel doctor`: every language's self-test built and run as the judge builds and runs a
//! submission; a missing compiler named with its package, and a nonzero exit.

use crate::support::sources::{missing, run_duel};
use duel_arena::compile::Language;
use duel_test_support::process::said as text;
use std::path::Path;

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

/// A compiler that is installed but does not build the self-test is `broken`, with the
/// compiler's first error, and fails the check; the other languages are still checked. The
/// command is the organiser's own (`--compile`, as the judges take it), linking a library no
/// machine has.
#[test]
fn a_compile_command_that_fails_is_broken_with_its_first_error_and_fails_the_check() {
    if missing("gcc") {
        return;
    }
    let output = run_duel(&[
        "doctor",
        "--language",
        "c",
        "--language",
        "c++",
        "--compile",
        "c=gcc -o {output} {source} -lduel_no_such_library",
    ]);
    let shown = text(&output);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    let c = line_of(&shown, "c");
    assert_eq!(c[1], "broken", "{shown}");
    // The first line naming an error: gcc's for the failed link.
    assert!(
        c.join(" ").contains("ld returned 1 exit status"),
        "the linker's error: {shown}"
    );
    assert_eq!(line_of(&shown, "cpp")[1], "ok", "{shown}");
    assert_eq!(shown.lines().count(), 2, "one line a language: {shown}");
}

/// A program the compiler builds that then prints something else is `broken` too, saying what
/// it printed: here the command builds the self-test with its `main` replaced.
#[test]
fn a_self_test_that_prints_the_wrong_line_is_broken() {
    if missing("gcc") {
        return;
    }
    let replaced =
        "c=printf '#include <stdio.h>\\nint main(void){puts(\"hello?\");return 0;}\\n' > \
                    other.c && gcc -o {output} other.c";
    let output = run_duel(&["doctor", "--language", "c", "--compile", replaced]);
    let shown = text(&output);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    let c = line_of(&shown, "c");
    assert_eq!(c[1], "broken", "{shown}");
    assert!(shown.contains("printed \"hello?\""), "{shown}");
}

#[test]
fn a_malformed_compile_command_is_bad_usage_in_one_line() {
    let output = run_duel(&["doctor", "--compile", "c"]);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--compile wants LANG=COMMAND"), "{stderr}");
    assert!(output.stdout.is_empty(), "nothing checked: {output:?}");
}
