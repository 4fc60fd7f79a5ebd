//! `duel export icpc`: BAPCtools, the checker of the ICPC problem package format 2025-09,
//! validates the Ioiwari package (`bt validate`) and runs its submissions (`bt run`), each
//! getting its category's verdict. The Python submissions are left out of `bt run`: BAPCtools
//! limits a program's address space to the memory limit (32 MB), where PyPy cannot start;
//! problemtools runs them in the equivalent `2023-07-draft` package (the same files, the
//! version line changed), which it checks whole, statements included. BAPCtools refuses the
//! scoring form the format allows, which is why the package is pass-fail.

mod export_common;

use export_common::*;
use std::fs;
use std::path::{Path, PathBuf};
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

/// BAPCtools, and the ICPC Ioiwari package exported into a contest directory as BAPCtools
/// wants it (`contest.yaml`, `problems.yaml`) in a new temporary directory: the tool, that
/// directory and the problem's. `None` (the test is skipped) without BAPCtools.
fn bt_and_problem() -> Option<(PathBuf, tempfile::TempDir, PathBuf)> {
    let tool = need_tool("bt")?;
    let work = tempfile::tempdir().unwrap();
    let contest = work.path().join("contest");
    let problem = export("icpc", "ioiwari", &contest);
    fs::write(contest.join("contest.yaml"), "name: duel\n").unwrap();
    fs::write(contest.join("problems.yaml"), "- id: ioiwari\n  label: A\n").unwrap();
    Some((tool, work, problem))
}

#[test]
fn bapctools_validates_the_icpc_ioiwari_package_and_runs_its_submissions() {
    let Some((tool, _work, problem)) = bt_and_problem() else {
        return;
    };
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
fn bapctools_refuses_the_scoring_form_the_format_allows() {
    let Some((tool, _work, problem)) = bt_and_problem() else {
        return;
    };
    // The package with the one change a scoring interactive problem needs.
    let yaml = fs::read_to_string(problem.join("problem.yaml")).unwrap();
    let scoring = yaml.replacen("type: interactive\n", "type: [interactive, scoring]\n", 1);
    assert_ne!(scoring, yaml);
    fs::write(problem.join("problem.yaml"), scoring).unwrap();
    let validated = bt(&tool, &problem, &["validate", "--no-bar"]);
    let said = text(&validated);
    // Should BAPCtools learn scoring, this fails: the package can then offer it.
    assert!(!validated.status.success(), "bt validate:\n{said}");
    assert!(
        said.contains("problem.yaml: unrecognized value for `type`: scoring"),
        "{said}"
    );
}

#[test]
fn problemtools_runs_the_python_submissions_in_the_equivalent_2023_07_draft_package() {
    let Some(tool) = need_tool("verifyproblem") else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let problem = export("icpc", "ioiwari", work.path());
    // The same files, the release named in problem.yaml changed and nothing else.
    let yaml = fs::read_to_string(problem.join("problem.yaml")).unwrap();
    let draft = yaml.replacen(
        "problem_format_version: 2025-09\n",
        "problem_format_version: 2023-07-draft\n",
        1,
    );
    let changed = yaml.lines().zip(draft.lines()).filter(|(a, b)| a != b);
    assert_eq!(changed.count(), 1, "{draft}");
    fs::write(problem.join("problem.yaml"), draft).unwrap();
    // Every part, statements included; of the submissions, the Python ones (bt runs the
    // others).
    let output = Command::new(&tool)
        .arg(&problem)
        .args(["--submission_filter", r"\.py$"])
        .env("PATH", tools_path(&tool))
        .output()
        .expect("verifyproblem runs");
    let said = text(&output);
    assert!(
        said.contains("Checking problem statements in 3 languages"),
        "{said}"
    );
    let ok: Vec<&str> = said
        .lines()
        .filter(|line| line.contains(") OK: "))
        .collect();
    assert_eq!(ok.len(), 2, "both Python submissions are judged:\n{said}");
    for (name, verdict) in [
        ("accepted/perfect.py", "OK: AC"),
        ("wrong_answer/first_pit.py", "OK: WA"),
    ] {
        assert!(
            ok.iter()
                .any(|line| line.contains(name) && line.contains(verdict)),
            "{name}: {verdict}:\n{said}"
        );
    }
    // problemtools' one complaint: it wants the time limit twice the slowest accepted run,
    // and PyPy's perfect player takes about 0.5 s of CPU of the task's 1 s on its slowest
    // board (0.4 s even on the sample); the task's limit stays, as README says. Any other
    // error fails the test.
    let margin = "Fixed time limit (1) is tighter than the auto-computed limit";
    let errors: Vec<&str> = said
        .lines()
        .filter(|line| line.contains("ERROR") && !line.contains(margin))
        .collect();
    assert!(errors.is_empty(), "verifyproblem:\n{said}");
    assert!(
        said.contains("ioiwari tested: 0 errors")
            || (said.contains("ioiwari tested: 1 error,") && said.contains(margin)),
        "{said}"
    );
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
