//! The CSV files: every test's result (`--csv-tests`) and the ranking (`--csv`), with the
//! columns the game can produce, checked against the JSON report of the same run.

use crate::support::hostile::{players_dir, read_report};
use duel_test_support::{duel, work_dir};
use serde_json::Value;
use std::path::Path;

/// Runs `duel GAME judge ARGS... --report --csv --csv-tests` in `dir`: the report and the two
/// CSV files' lines.
fn judged(dir: &Path, game: &str, args: &[&str]) -> (Value, Vec<String>, Vec<String>) {
    let report = dir.join("report.json");
    let csv = dir.join("ranking.csv");
    let tests = dir.join("tests.csv");
    let output = duel!()
        .args([game, "judge"])
        .args(args)
        .arg("--report")
        .arg(&report)
        .arg("--csv")
        .arg(&csv)
        .arg("--csv-tests")
        .arg(&tests)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let lines = |path: &Path| -> Vec<String> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    };
    (read_report(&report), lines(&csv), lines(&tests))
}

#[test]
fn every_test_of_every_submission_is_a_row_as_the_report_has_it() {
    let dir = work_dir!();
    let boards = dir.path().join("boards.txt");
    std::fs::write(&boards, "4 3 2 4 2 3 2\n2 2 2 2 2 2 2\n").unwrap();
    let perfect = players_dir().join("perfect");
    let (report, _, rows) = judged(
        dir.path(),
        "ioiwari",
        &[
            "--tests",
            boards.to_str().unwrap(),
            "--player",
            perfect.to_str().unwrap(),
            "--player",
            "cat",
        ],
    );
    assert_eq!(
        rows[0],
        "submission,test,input,verdict,points,moves,time_ms,wall_ms,memory_kb,\
         memory_resolution_kb,summary,reason,first_mistake"
    );
    let mut expected = Vec::new();
    for submission in report["submissions"].as_array().unwrap() {
        for test in submission["tests"].as_array().unwrap() {
            let points = match test["verdict"].as_str().unwrap() {
                "win" => "1",
                "draw" => "0.5",
                _ => "0",
            };
            expected.push(format!(
                "{},{},{},{},{},{}",
                submission["player"].as_str().unwrap(),
                test["index"],
                test["input"].as_str().unwrap(),
                test["verdict"].as_str().unwrap(),
                points,
                test["moves"],
            ));
        }
    }
    assert_eq!(rows.len(), 1 + 4, "{rows:?}");
    for (row, expected) in rows[1..].iter().zip(&expected) {
        assert!(
            row.starts_with(&format!("{expected},")),
            "{row} / {expected}"
        );
    }
}

#[test]
fn a_pooh_eeyore_sticks_ranking_has_no_draw_column() {
    let dir = work_dir!();
    let tests = dir.path().join("tests.txt");
    std::fs::write(&tests, "3 1 1\n").unwrap();
    let (_, ranking, rows) = judged(dir.path(), "mis", &["--tests", tests.to_str().unwrap()]);
    assert_eq!(
        ranking[0],
        "rank,submission,score,time_ms,win,loss,illegal_move,protocol_error,time_limit,\
         memory_limit,runtime_error,early_exit,compile_error"
    );
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows[1].starts_with("built-in Bolek,1,3 1 1,"), "{rows:?}");
}
