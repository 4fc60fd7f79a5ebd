//! Judging a whole contest: a directory of mixed submissions gives the expected ranking, the
//! same results with any --jobs, one report holding every submission, a CSV and per-submission
//! logs; with one submission the report keeps its usual shape.

use duel_test_support::process::send_signal;
use duel_test_support::{duel, shell_word, work_dir};
use rustix::process::Signal;
use serde_json::Value;

use crate::support::sources::{duel_ok as duel, source};

/// A contest directory: two perfect players, two flawed ones (the same strategy in two
/// languages), a source that does not compile, a shell script that plays illegal moves, and a
/// file that is no submission.
fn contest() -> tempfile::TempDir {
    let dir = work_dir!();
    let entries = dir.path().join("entries");
    std::fs::create_dir(&entries).unwrap();
    for file in [
        "perfect.c",
        "perfect.py",
        "flawed.cpp",
        "flawed.rs",
        "broken.c",
    ] {
        let from = source(&format!("ioiwari/{file}"));
        std::fs::copy(from, entries.join(file)).unwrap();
    }
    let script = entries.join("zero.sh");
    std::fs::write(&script, "#!/bin/sh\nread board\necho 0\n").unwrap();
    std::process::Command::new("chmod")
        .arg("+x")
        .arg(&script)
        .status()
        .unwrap();
    std::fs::write(entries.join("notes.txt"), "not a submission\n").unwrap();
    dir
}

fn without_times(report: &Value) -> Value {
    let mut report = report.clone();
    for submission in report["submissions"].as_array_mut().unwrap() {
        for test in submission["tests"].as_array_mut().unwrap() {
            let test = test.as_object_mut().unwrap();
            for key in ["time_ms", "wall_ms", "memory_kb"] {
                test.remove(key);
            }
        }
    }
    for standing in report["ranking"].as_array_mut().unwrap() {
        standing.as_object_mut().unwrap().remove("time_ms");
    }
    report
}

#[test]
fn a_directory_of_submissions_is_ranked() {
    let dir = contest();
    let entries = dir.path().join("entries");
    let run = |jobs: &str, tag: &str| {
        let report = dir.path().join(format!("{tag}.json"));
        let csv = dir.path().join(format!("{tag}.csv"));
        let logs = dir.path().join(format!("{tag}-logs"));
        let output = duel(&[
            "ioiwari",
            "judge",
            "--player",
            entries.to_str().unwrap(),
            "--seed",
            "5",
            "--jobs",
            jobs,
            "--report",
            report.to_str().unwrap(),
            "--csv",
            csv.to_str().unwrap(),
            "--logs",
            logs.to_str().unwrap(),
        ]);
        let report: Value =
            serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
        (output, report, std::fs::read_to_string(csv).unwrap(), logs)
    };
    let (output, report, csv, logs) = run("1", "one");
    let ranking: Vec<(u64, &str)> = report["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["rank"].as_u64().unwrap(),
                s["submission"].as_str().unwrap(),
            )
        })
        .collect();
    // Entries are taken in name order; equal scores share a rank and keep that order. The
    // lowest-pit players win or draw a few of the official boards.
    let flawed_score = report["ranking"][2]["score"].as_f64().unwrap();
    assert!(flawed_score < 100.0 && flawed_score > 0.0, "{report}");
    assert_eq!(
        ranking,
        [
            (1, "perfect.c"),
            (1, "perfect.py"),
            (3, "flawed.cpp"),
            (3, "flawed.rs"),
            (5, "broken.c"),
            (5, "zero.sh"),
        ],
        "{report}"
    );
    assert_eq!(
        report["ranking"][3]["score"].as_f64().unwrap(),
        flawed_score
    );
    assert_eq!(report["ranking"][4]["verdicts"]["compile_error"], 24);
    assert_eq!(report["ranking"][5]["verdicts"]["illegal_move"], 24);
    // Every submission met the same player-2 choices: the two flawed players, with the same
    // strategy, played the very same games.
    let submissions = report["submissions"].as_array().unwrap();
    let by_name = |name: &str| {
        submissions
            .iter()
            .find(|s| s["player"] == name)
            .unwrap_or_else(|| panic!("{name} in {report}"))
    };
    let moves = |name: &str| -> Vec<Value> {
        by_name(name)["tests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["move_list"].clone())
            .collect()
    };
    assert_eq!(moves("flawed.cpp"), moves("flawed.rs"));
    assert_eq!(by_name("broken.c")["build"]["succeeded"], false);
    assert_eq!(by_name("flawed.rs")["build"]["language"], "rust");
    // The table on stdout, the CSV, the logs.
    let stdout = String::from_utf8_lossy(&output.stdout);
    let first = stdout.lines().nth(1).unwrap();
    assert!(
        first.contains("perfect.c") && first.contains("100.00"),
        "{stdout}"
    );
    assert!(stdout.contains("6 submissions, 24 tests each"), "{stdout}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("broken.c does not compile"), "{stderr}");
    assert!(
        stderr.contains("skipping") && stderr.contains("notes.txt"),
        "{stderr}"
    );
    let rows: Vec<&str> = csv.lines().collect();
    assert!(rows[0].starts_with("rank,submission,score,time_ms,win,draw,loss"));
    assert_eq!(rows.len(), 7);
    assert!(rows[5].starts_with("5,broken.c,0.00,"), "{csv}");
    for name in ["perfect.c", "flawed.rs", "zero.sh"] {
        assert!(logs.join(name).join("test-01.out").is_file(), "{name}");
    }
    let compile_log = std::fs::read_to_string(logs.join("broken.c/compile.txt")).unwrap();
    assert!(compile_log.contains("compile error") && compile_log.contains("error"));
    assert!(!logs.join("broken.c/test-01.out").exists());
    // Three jobs over all submissions' tests: the same results.
    let (_, parallel, _, _) = run("3", "three");
    assert_eq!(without_times(&parallel), without_times(&report));
}

#[test]
fn repeated_flags_judge_several_modules_and_one_keeps_the_usual_report() {
    let dir = work_dir!();
    let tests = dir.path().join("positions.txt");
    std::fs::write(&tests, "7 2 3\n10 7 5\n").unwrap();
    let report = dir.path().join("r.json");
    let output = duel(&[
        "mis",
        "judge",
        "--module",
        source("mis/wrong.c").to_str().unwrap(),
        "--module",
        source("mis/correct.c").to_str().unwrap(),
        "--tests",
        tests.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    let batch: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(batch["game"], "mis");
    assert!(batch["ranking"][0]["submission"]
        .as_str()
        .unwrap()
        .ends_with("correct.c"));
    assert_eq!(batch["ranking"][0]["score"], 100.0);
    assert_eq!(batch["submissions"].as_array().unwrap().len(), 2);
    assert!(String::from_utf8_lossy(&output.stdout).contains("2 submissions, 2 tests each"));
    // The isolation line comes once: both built submissions run the same way.
    let said = String::from_utf8_lossy(&output.stderr);
    let isolation_lines: Vec<&str> = said
        .lines()
        .filter(|line| line.contains("isolation: "))
        .collect();
    assert_eq!(isolation_lines.len(), 1, "{said}");
    assert!(
        isolation_lines[0].starts_with("duel: isolation: "),
        "{said}"
    );
    // One submission: the report of today, with the build recorded.
    duel(&[
        "mis",
        "judge",
        "--module",
        source("mis/correct.c").to_str().unwrap(),
        "--tests",
        tests.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    let single: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(single["score"], 100.0);
    assert!(single.get("ranking").is_none());
    assert_eq!(single["tests"].as_array().unwrap().len(), 2);
    assert_eq!(single["build"]["language"], "c");
}

/// Judges two slow copies of the perfect player (each test sleeps 0.3 s) on one job, sends
/// `signal` after a while, and returns the judge's output and its report.
fn contest_interrupted_by(signal: Signal) -> (std::process::Output, Value) {
    let dir = work_dir!();
    let slow = dir.path().join("slow.sh");
    let perfect = assert_cmd::cargo::cargo_bin("ioiwari");
    // The player is named on the command line, so the sandbox keeps it visible wherever the
    // checkout lies (under /tmp too, which the sandbox replaces by a private one).
    std::fs::write(&slow, "sleep 0.3\nexec \"$1\"\n").unwrap();
    let report = dir.path().join("r.json");
    let child = duel!()
        .args(["ioiwari", "judge", "--jobs", "1", "--report"])
        .arg(&report)
        .arg("--player")
        .arg(format!("sh {} {}", shell_word(&slow), shell_word(&perfect)))
        .arg("--player")
        .arg(format!("sh {} {}", shell_word(&slow), shell_word(&perfect)))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2500));
    send_signal(child.id(), signal);
    let output = child.wait_with_output().unwrap();
    let batch = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    (output, batch)
}

#[test]
fn sigterm_during_a_contest_exits_with_128_plus_sigterm() {
    let (output, batch) = contest_interrupted_by(Signal::TERM);
    assert_eq!(
        output.status.code(),
        Some(128 + Signal::TERM.as_raw()),
        "{output:?}"
    );
    assert_eq!(batch["interrupted"], true);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the ranking counts the finished tests only"),
        "{stderr}"
    );
    // A submission with no finished test scores 0, not -0 (which prints as "-0.00").
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(!stdout.contains("-0"), "{stdout}");
    for submission in batch["submissions"].as_array().unwrap() {
        let score = submission["score"].as_f64().unwrap();
        assert!(score.is_sign_positive(), "{batch}");
    }
}

#[test]
fn ctrl_c_during_a_contest_keeps_the_finished_tests_of_every_submission() {
    let (output, batch) = contest_interrupted_by(Signal::INT);
    assert_eq!(output.status.code(), Some(130));
    assert_eq!(batch["interrupted"], true);
    let first = batch["submissions"][0]["tests"].as_array().unwrap();
    // With one job the first submission's tests run first: some finished, all won, in order.
    assert!(!first.is_empty() && first.len() < 24, "{batch}");
    for (i, test) in first.iter().enumerate() {
        assert_eq!(test["index"], i + 1);
        assert_eq!(test["verdict"], "win");
    }
    assert_eq!(batch["submissions"][0]["interrupted"], true);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("(interrupted)"), "{stdout}");
}
