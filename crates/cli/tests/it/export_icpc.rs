//! `duel export icpc`: BAPCtools, the checker of the ICPC problem package format 2025-09,
//! validates the Ioiwari package (`bt validate`) and runs its submissions (`bt run`), each
//! getting its category's verdict, with no warning and exit status 0. The package keeps its
//! Python submissions outside bt's categories (`python_submissions/`): BAPCtools limits a
//! program's address space to the memory limit (32 MB), where PyPy cannot start;
//! problemtools runs them in the equivalent `2023-07-draft` package (the same files, the
//! version line changed, the Python submissions moved into `submissions/`), which it checks
//! whole, statements included. BAPCtools refuses the
//! scoring form the format allows, which is why the package is pass-fail. The
//! Pooh-Eeyore-sticks package (pass-fail, the drivers submitted beside the module) goes
//! through `bt validate` and `bt run` whole, the changed driver whose Lolek gives way among
//! its wrong answers.

use crate::support::export::*;
use duel_test_support::duel;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `bt ARGS` in the problem's directory, with the tools' directory first on the `PATH` and a
/// configuration directory of the test's own: bt keeps a global record of the problems'
/// uuids there and warns when another directory holds the same uuid, as the packages that
/// tests export side by side do.
fn bt(tool: &Path, problem: &Path, args: &[&str]) -> Output {
    let work = problem.parent().and_then(Path::parent).unwrap_or(problem);
    Command::new(tool)
        .args(args)
        .current_dir(problem)
        .env("PATH", tools_path(tool))
        .env("XDG_CONFIG_HOME", work.join("bt-config"))
        .output()
        .expect("bt runs")
}

/// What `output` says, without the terminal colours BAPCtools adds where it believes a
/// person reads it (under `CI=true` it colours even a pipe).
fn text(output: &Output) -> String {
    without_colours(&duel_test_support::process::said(output))
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

/// `bt validate` of the problem, which must pass, then its submissions of the four categories
/// whose names `keep` keeps (paths inside the problem's directory, sorted).
fn validated_and_submissions(
    tool: &Path,
    problem: &Path,
    keep: impl Fn(&str) -> bool,
) -> Vec<String> {
    let validated = bt(tool, problem, &["validate", "--no-bar"]);
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
            if keep(&name) {
                submissions.push(format!("submissions/{category}/{name}"));
            }
        }
    }
    submissions.sort();
    submissions
}

/// `bt run` on `submissions` (paths inside the problem's directory): each must get its
/// category's verdict, and bt may complain of nothing but `known` (which makes its exit
/// status 1).
fn bt_run_in_categories(tool: &Path, problem: &Path, submissions: &[String], known: &str) {
    let mut args = vec!["run", "--no-bar"];
    args.extend(submissions.iter().map(String::as_str));
    let ran = bt(tool, problem, &args);
    let report = text(&ran);
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
    for submission in submissions {
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
fn bapctools_validates_the_icpc_ioiwari_package_and_runs_its_submissions() {
    let Some((tool, _work, problem)) = bt_and_problem() else {
        return;
    };
    let yaml = fs::read_to_string(problem.join("problem.yaml")).unwrap();
    assert!(yaml.starts_with("problem_format_version: 2025-09\ntype: interactive\n"));
    let submissions = validated_and_submissions(&tool, &problem, |_| true);
    assert_eq!(submissions.len(), 8, "{submissions:?}");
    // No Python submission in bt's categories: bt cannot run it (see the next test), so the
    // package keeps them aside, and says so.
    assert!(
        submissions.iter().all(|s| !s.ends_with(".py")),
        "{submissions:?}"
    );
    let readme = fs::read_to_string(problem.join("python_submissions/README.md")).unwrap();
    assert!(readme.contains("2023-07-draft") && readme.contains("BAPCtools"));
    // Not one complaint: the interactor reads the program's output to its end, so bt has
    // no trailing output to warn about, and its exit status is 0.
    bt_run_in_categories(&tool, &problem, &submissions, "no complaint is expected");
}

#[test]
fn output_after_the_game_is_a_wrong_answer_that_bapctools_sees() {
    let Some((tool, _work, problem)) = bt_and_problem() else {
        return;
    };
    // The perfect C player, which then writes one more line before it exits.
    let perfect = fs::read_to_string(problem.join("submissions/accepted/perfect.c")).unwrap();
    let (head, tail) = perfect.rsplit_once("return 0;").expect("main returns 0");
    let chatty = format!("{head}puts(\"7\"); fflush(stdout);\n    return 0;{tail}");
    fs::write(problem.join("submissions/wrong_answer/chatty.c"), chatty).unwrap();
    let submissions = vec!["submissions/wrong_answer/chatty.c".to_owned()];
    bt_run_in_categories(&tool, &problem, &submissions, "no complaint is expected");
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
    // The Python submissions, kept aside for bt, go back into their categories.
    for (category, name) in [("accepted", "perfect.py"), ("wrong_answer", "first_pit.py")] {
        fs::rename(
            problem.join("python_submissions").join(category).join(name),
            problem.join("submissions").join(category).join(name),
        )
        .unwrap();
    }
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
fn bapctools_validates_the_icpc_mis_package_and_runs_its_submitted_drivers() {
    let Some(tool) = need_tool("bt") else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let contest = work.path().join("contest");
    let problem = export("icpc", "mis", &contest);
    fs::write(contest.join("contest.yaml"), "name: duel\n").unwrap();
    fs::write(contest.join("problems.yaml"), "- id: mis\n  label: B\n").unwrap();
    let yaml = fs::read_to_string(problem.join("problem.yaml")).unwrap();
    assert!(yaml.starts_with("problem_format_version: 2025-09\ntype: pass-fail\n"));
    assert!(
        !problem.join("include").exists(),
        "the format has no include/"
    );
    // The help names the files contestants submit.
    let help = duel!().args(["export", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(
        help.contains("(C: mis.h, driver.c; C++: mis.h, driver.cpp; Pascal: main.pas"),
        "{help}"
    );
    // Each submission is the module with the attached files for its language, unchanged.
    for (dir, files, attached) in [
        (
            "accepted/bolek_c",
            &["bolek.c", "driver.c", "mis.h"][..],
            &["driver.c", "mis.h"][..],
        ),
        (
            "accepted/bolek_cpp",
            &["bolek.cpp", "driver.cpp", "mis.h"],
            &["driver.cpp", "mis.h"],
        ),
        (
            "accepted/bolek_pascal",
            &["main.pas", "mis.pas"],
            &["main.pas"],
        ),
    ] {
        let mut names: Vec<String> = fs::read_dir(problem.join("submissions").join(dir))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, files, "{dir}");
        for name in attached {
            let submitted = problem.join("submissions").join(dir).join(name);
            assert_eq!(
                fs::read(&submitted).unwrap(),
                fs::read(problem.join("attachments").join(name)).unwrap(),
                "{dir}/{name} is the attached file"
            );
        }
    }
    let submissions = validated_and_submissions(&tool, &problem, |_| true);
    assert_eq!(submissions.len(), 8, "{submissions:?}");
    assert!(submissions.contains(&"submissions/wrong_answer/weak_lolek_c".to_owned()));
    // Not one complaint, and exit status 0: the driver's stream is printable text (five bits
    // a character), which bt's check of accepted outputs wants.
    bt_run_in_categories(&tool, &problem, &submissions, "no complaint is expected");
}
