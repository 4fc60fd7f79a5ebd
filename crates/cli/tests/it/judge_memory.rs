//! Memory figures a person can believe: below what the measurement tells apart, the table
//! says `<1 MB` and the report gives the resolution, never a figure as small as 1 KB.

use crate::support::hostile::{one_board, players_dir};
use duel_test_support::{duel, shell_word, work_dir};
use serde_json::Value;

/// Judges the compiled perfect player on the start board with `--sandbox sandbox`: the
/// table's row and the test of the JSON report.
fn judged(sandbox: &str) -> (String, Value) {
    let dir = work_dir!();
    let player = shell_word(players_dir().join("perfect"));
    let report = dir.path().join("report.json");
    let output = duel!()
        .args(["ioiwari", "judge", "--sandbox", sandbox, "--player"])
        .arg(&player)
        .args(["--tests", &one_board(dir.path())])
        .arg("--report")
        .arg(&report)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let report: Value = serde_json::from_str(&std::fs::read_to_string(report).unwrap()).unwrap();
    let row = stdout
        .lines()
        .find(|line| line.trim_start().starts_with("1 "))
        .unwrap()
        .to_owned();
    (row, report["tests"][0].clone())
}

#[test]
fn a_trivial_player_under_bubblewrap_is_less_than_the_resolution_not_1_kb() {
    use duel_test_support::skip;
    if !skip::unless(
        duel_sandbox::Sandbox::Auto.uses_bwrap(),
        "bubblewrap does not work here",
        ".ci/setup installs bubblewrap; it needs user namespaces or root",
    ) || !skip::unless(
        duel_sandbox::Isolation::detect().cgroups.is_some(),
        "no usable cgroups here",
        "the judge needs a cgroup hierarchy it may write, as root has on CI",
    ) {
        return;
    }
    let (row, test) = judged("auto");
    assert_eq!(test["memory_resolution_kb"], 1024, "{test}");
    let kb = test["memory_kb"].as_u64().unwrap();
    assert!(kb >= 1024, "a figure below the resolution: {test}");
    if kb == 1024 {
        assert!(row.contains("<1 MB"), "{row}");
    }
    assert!(!row.contains(" 1 KB"), "{row}");
}

#[test]
fn without_bubblewrap_the_resolution_is_a_page() {
    let (row, test) = judged("none");
    let resolution = test["memory_resolution_kb"].as_u64().unwrap();
    assert_eq!(resolution, 4, "{test}");
    let kb = test["memory_kb"].as_u64().unwrap();
    assert!(kb >= resolution, "{test}");
    assert!(!row.contains('<'), "{row}");
}
