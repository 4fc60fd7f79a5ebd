//! `duel export icpc`: BAPCtools, the checker of the ICPC problem package format 2025-09,
//! validates the Ioiwari package (`bt validate`) and runs its submissions (`bt run`), each
//! getting its category's verdict. The Python submissions are left out of `bt run`: BAPCtools
//! limits a program's address space to the memory limit (32 MB), where PyPy cannot start;
//! problemtools runs them in the Kattis package (`export_verify.rs`).

mod export_common;

use export_common::*;
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

/// `bt ARGS` in the problem's directory, with the tools' directory first on the `PATH`.
fn bt(tool: &Path, problem: &Path, args: &[&str]) -> Output {
    Command::new(tool)
        .args(args)
        .current_dir(problem)
        .env("PATH", tools_path(tool))
        .output()
        .expect("bt runs")
}

/// What `output` says, without the terminal colours BAPCtools adds where it believes a
/// person reads it (under `CI=true` it colours even a pipe).
fn text(output: &Output) -> String {
    let said = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    without_colours(&said)
}

/// `text` without its ANSI control sequences (ESC `[`, parameters, one final byte).
fn without_colours(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            chars.next();
            for c in chars.by_ref() {
                if ('@'..='~').contains(&c) {
                    break;
                }
            }
            continue;
        }
        plain.push(c);
    }
    plain
}

#[test]
fn colours_are_taken_out_of_what_bapctools_says() {
    assert_eq!(
        without_colours("\u{1b}[36maccepted/perfect.c\u{1b}[0m: \u{1b}[1m\u{1b}[32m AC\u{1b}[0m"),
        "accepted/perfect.c:  AC"
    );
}

#[test]
fn bapctools_validates_the_icpc_ioiwari_package_and_runs_its_submissions() {
    let Some(tool) = need_tool("bt") else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let contest = work.path().join("contest");
    let problem = export("icpc", "ioiwari", &contest);
    // BAPCtools works inside a contest directory.
    fs::write(contest.join("contest.yaml"), "name: duel\n").unwrap();
    fs::write(contest.join("problems.yaml"), "- id: ioiwari\n  label: A\n").unwrap();
    let yaml = fs::read_to_string(problem.join("problem.yaml")).unwrap();
    assert!(yaml.starts_with("problem_format_version: 2025-09\ntype: interactive\n"));
    let validated = bt(&tool, &problem, &["validate", "--no-bar"]);
    assert!(
        validated.status.success(),
        "bt validate:\n{}",
        text(&validated)
    );
    let mut submissions: Vec<String> = Vec::new();
    for category in [
        "accepted",
        "wrong_answer",
        "time_limit_exceeded",
        "run_time_error",
    ] {
        for entry in fs::read_dir(problem.join("submissions").join(category)).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            if !name.ends_with(".py") {
                submissions.push(format!("submissions/{category}/{name}"));
            }
        }
    }
    submissions.sort();
    assert_eq!(submissions.len(), 8, "{submissions:?}");
    let mut args = vec!["run", "--no-bar"];
    args.extend(submissions.iter().map(String::as_str));
    let ran = bt(&tool, &problem, &args);
    let report = text(&ran);
    // bt's one complaint, which makes its exit status 1: the interactor ends with the game
    // and so does not read on to see whether the program writes more after it (duel's judge
    // does not judge that either). Anything else fails the test.
    let known = "Validator exited first with AC => Validator is unable to detect trailing output";
    let complaints: Vec<&str> = report
        .lines()
        .filter(|line| line.contains("WARN") || line.contains("ERROR") || line.contains("=>"))
        .filter(|line| !line.contains(known))
        .collect();
    assert!(complaints.is_empty(), "bt run:\n{report}");
    assert!(
        ran.status.success() || report.contains(known),
        "bt run failed:\n{report}"
    );
    for submission in &submissions {
        let name = submission.strip_prefix("submissions/").unwrap();
        let verdict = match name.split('/').next().unwrap() {
            "accepted" => "AC",
            "wrong_answer" => "WA",
            "time_limit_exceeded" => "TLE",
            _ => "RTE",
        };
        let line = report
            .lines()
            .rev()
            .find(|line| line.trim_start().starts_with(&format!("{name}:")))
            .unwrap_or_else(|| panic!("{name} in:\n{report}"));
        assert!(line.contains(verdict), "{name}: {line}");
    }
}

#[test]
fn export_icpc_of_mis_alone_is_an_error_naming_why() {
    let work = tempfile::tempdir().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(["export", "icpc"])
        .arg(work.path())
        .args(["--task", "mis"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output).contains("include/"), "{}", text(&output));
    assert_eq!(fs::read_dir(work.path()).unwrap().count(), 0);
}
