//! `duel ioiwari judge` end to end: the default player, the flags, the report and logs,
//! determinism across jobs, the seeded opponent, the sandbox, errors and Ctrl-C.

use crate::support::hostile::{players_dir, read_report, verdicts};
use duel_test_support::process::send_signal;
use duel_test_support::{duel, process::is_alive, sh_script, shell_word, work_dir};
use rustix::process::Signal;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

/// The perfect player as a `--player` command (its path one shell word).
fn perfect() -> String {
    shell_word(players_dir().join("perfect"))
}

#[test]
fn with_no_arguments_the_projects_own_player_scores_100() {
    let output = duel!().args(["ioiwari", "judge"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("score: 100.00 / 100  (24 tests: 24 win)"),
        "{stdout}"
    );
    let header = stdout.lines().next().unwrap();
    for column in [
        "test", "board", "verdict", "banks", "moves", "time", "memory", "reason",
    ] {
        assert!(header.contains(column), "{header}");
    }
    // The official tests, in the official order.
    let official = duel_arena::ioiwari::OFFICIAL_POSITIONS;
    let first_board = official.lines().next().unwrap();
    assert!(
        stdout.lines().nth(1).unwrap().contains(first_board),
        "{stdout}"
    );
}

#[test]
fn help_shows_flags_and_examples() {
    let output = duel!()
        .args(["ioiwari", "judge", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&output.stdout);
    for text in [
        "--player",
        "--tests",
        "--seed",
        "--time-limit",
        "--memory-limit",
        "--jobs",
        "--sandbox",
        "--report",
        "--logs",
        "Examples:",
        "Exit status:",
    ] {
        assert!(help.contains(text), "help lacks {text}:\n{help}");
    }
}

#[test]
fn the_report_and_logs_hold_every_test() {
    let work = tempfile::tempdir().unwrap();
    let report_path = work.path().join("report.json");
    let logs = work.path().join("logs");
    let output = duel!()
        .args(["ioiwari", "judge", "--player", &perfect(), "--report"])
        .arg(&report_path)
        .arg("--logs")
        .arg(&logs)
        .output()
        .unwrap();
    assert!(output.status.success());
    let report = read_report(&report_path);
    assert_eq!(report["score"], 100.0);
    assert_eq!(report["interrupted"], false);
    let tests = report["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 24);
    let official: Vec<&str> = duel_arena::ioiwari::OFFICIAL_POSITIONS.lines().collect();
    for (i, test) in tests.iter().enumerate() {
        assert_eq!(test["index"], i + 1);
        assert_eq!(test["input"], official[i]);
        assert_eq!(test["verdict"], "win");
        assert!(test["reason"].is_null());
        assert!(test["moves"].as_u64().unwrap() >= 2);
        assert!(test["time_ms"].is_u64() && test["wall_ms"].is_u64());
        assert!(test["memory_kb"].as_u64().unwrap() > 0);
        let log = std::fs::read_to_string(logs.join(format!("test-{:02}.out", i + 1))).unwrap();
        assert_eq!(
            log.lines().next().unwrap(),
            format!("start {} banks 0 0", official[i])
        );
        assert!(log
            .lines()
            .last()
            .unwrap()
            .starts_with("result: player 1 wins "));
        assert_eq!(
            log.lines().count() as u64,
            test["moves"].as_u64().unwrap() + 2
        );
    }
    // No temporary files are left beside the report.
    assert_eq!(std::fs::read_dir(work.path()).unwrap().count(), 2);
}

#[test]
fn json_output_replaces_the_table() {
    let output = duel!()
        .args(["ioiwari", "judge", "--json", "--player", &perfect()])
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["score"], 100.0);
}

/// Verdicts, banks and moves of every test (times vary from run to run).
fn outcomes(report: &serde_json::Value) -> Vec<(String, String, String)> {
    report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["verdict"].as_str().unwrap().to_owned(),
                t["summary"].as_str().unwrap().to_owned(),
                t["move_list"].to_string(),
            )
        })
        .collect()
}

fn judged(work: &Path, name: &str, args: &[&str]) -> serde_json::Value {
    let path = work.join(name);
    let output = duel!()
        .args(["ioiwari", "judge", "--player", &perfect(), "--report"])
        .arg(&path)
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success());
    read_report(&path)
}

#[test]
fn results_do_not_depend_on_jobs_and_seeds_reproduce() {
    let work = tempfile::tempdir().unwrap();
    let one = judged(work.path(), "1.json", &["--jobs", "1"]);
    let three = judged(work.path(), "3.json", &["--jobs", "3"]);
    assert_eq!(outcomes(&one), outcomes(&three));

    let seeded = judged(work.path(), "s.json", &["--seed", "7", "--jobs", "3"]);
    let again = judged(work.path(), "s2.json", &["--seed", "7", "--jobs", "1"]);
    assert_eq!(outcomes(&seeded), outcomes(&again));
    assert_eq!(seeded["score"], 100.0);
    // Random optimal replies change some games.
    assert_ne!(outcomes(&seeded), outcomes(&one));
}

#[test]
fn all_357_start_boards_can_be_judged() {
    let work = tempfile::tempdir().unwrap();
    let report = judged(work.path(), "all.json", &["--tests", "all", "--jobs", "2"]);
    assert_eq!(verdicts(&report).len(), 357);
    assert_eq!(report["score"], 100.0);
}

#[test]
fn a_file_of_positions_is_judged_in_order() {
    let work = tempfile::tempdir().unwrap();
    let tests = work.path().join("boards.txt");
    std::fs::write(
        &tests,
        "# endgames\n0 0 0 0 1 1 1\n\n4 3 2 4 2 3 2  # the example\n",
    )
    .unwrap();
    let report = judged(work.path(), "f.json", &["--tests", tests.to_str().unwrap()]);
    let inputs: Vec<&str> = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["input"].as_str().unwrap())
        .collect();
    assert_eq!(inputs, ["0 0 0 0 1 1 1", "4 3 2 4 2 3 2"]);
}

/// Runs the judge expecting it to refuse, and returns its one-line message.
fn refused(args: &[&str]) -> String {
    let output = duel!()
        .args(["ioiwari", "judge"])
        .args(args)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?} printed results");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr
}

#[test]
fn the_judge_refuses_to_start_with_a_clear_message() {
    assert_eq!(
        refused(&["--player", "./no-such-player"]),
        "duel: no such program: ./no-such-player\n"
    );
    assert_eq!(
        refused(&["--player", "no-such-command-anywhere --flag"]),
        "duel: no such program: no-such-command-anywhere\n"
    );
    let work = tempfile::tempdir().unwrap();
    let bad = work.path().join("bad.txt");
    std::fs::write(&bad, "4 3 2 4 2 3 2\n\n4 3 2 4 2 3\n").unwrap();
    let message = refused(&["--tests", bad.to_str().unwrap()]);
    assert!(
        message.contains(&format!("{}:3:", bad.display())),
        "{message}"
    );
    let message = refused(&["--tests", "/no/such/file.txt"]);
    assert!(message.contains("/no/such/file.txt"), "{message}");
    let message = refused(&["--player", &perfect(), "--report", "/no/such/dir/r.json"]);
    assert!(message.contains("/no/such/dir"), "{message}");
    assert!(refused(&["--jobs", "0"]).contains("--jobs"));
    assert!(refused(&["--time-limit", "0"]).contains("--time-limit"));
}

#[test]
fn a_missing_bubblewrap_stops_the_judge() {
    let empty = tempfile::tempdir().unwrap();
    let output = duel!()
        .args([
            "ioiwari",
            "judge",
            "--sandbox",
            "bwrap",
            "--player",
            &perfect(),
        ])
        .env("PATH", empty.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("bubblewrap (bwrap) is not installed"),
        "{stderr}"
    );
}

#[test]
fn under_bubblewrap_the_program_plays_but_cannot_write_outside_tmp() {
    let work = work_dir!();
    let escaped = work.path().join("escaped");
    // The sandbox shows the files the command names, not their neighbours: the script is
    // told where the player is.
    let player = work.path().join("perfect");
    std::fs::copy(players_dir().join("perfect"), &player).unwrap();
    let script = work.path().join("player.sh");
    std::fs::write(
        &script,
        format!(
            "touch {} 2>/dev/null\necho x > /tmp/private || exit 9\nexec \"$1\"\n",
            shell_word(&escaped),
        ),
    )
    .unwrap();
    let output = duel!()
        .args(["ioiwari", "judge", "--sandbox", "bwrap", "--jobs", "2"])
        .arg("--player")
        .arg(format!(
            "sh {} {}",
            shell_word(&script),
            shell_word(&player)
        ))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if stderr.contains("bubblewrap cannot run here") {
        // The sandbox cannot work on this machine; the judge said so instead of judging.
        assert_eq!(output.status.code(), Some(2));
        return;
    }
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("score: 100.00 / 100"), "{stdout}");
    assert!(
        !escaped.exists(),
        "the sandboxed program wrote outside /tmp"
    );
}

#[test]
fn ctrl_c_keeps_the_finished_tests_and_kills_the_running_one() {
    let work = tempfile::tempdir().unwrap();
    let pids = work.path().join("pids");
    let script = work.path().join("slow.sh");
    std::fs::write(
        &script,
        format!(
            "echo $$ >> {}\nsleep 0.4\nexec {}\n",
            shell_word(&pids),
            perfect()
        ),
    )
    .unwrap();
    let report_path = work.path().join("r.json");
    let child = duel!()
        .args(["ioiwari", "judge", "--jobs", "1", "--report"])
        .arg(&report_path)
        .arg("--player")
        .arg(sh_script(&script))
        // The players write their pids into the judge's directory: only the judge's own user,
        // outside bubblewrap, may do that.
        .env("DUEL_ISOLATION", "no-user,no-bwrap")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(2500));
    send_signal(child.id(), Signal::INT);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("interrupted after"), "{stdout}");

    let report = read_report(&report_path);
    assert_eq!(report["interrupted"], true);
    let finished = verdicts(&report);
    assert!(!finished.is_empty() && finished.len() < 24, "{finished:?}");
    assert!(finished.iter().all(|v| v == "win"));
    // The finished tests are the first ones, in order.
    for (i, test) in report["tests"].as_array().unwrap().iter().enumerate() {
        assert_eq!(test["index"], i + 1);
    }
    for pid in std::fs::read_to_string(&pids).unwrap().lines() {
        assert!(
            !is_alive(pid.parse().unwrap()),
            "player {pid} survived Ctrl-C"
        );
    }
}

/// A player in a directory whose name holds a space and a non-ASCII letter, its path quoted
/// as the shell wants it: the judge runs that program itself, not a shell around it, so a
/// crash is its signal (not a shell's status 139) in every sandbox, and a missing one is
/// refused before the first test with its name whole.
#[test]
fn a_quoted_player_path_with_a_space_is_the_judged_program_itself() {
    let work = work_dir!();
    let dir = work.path().join("my dir é");
    std::fs::create_dir(&dir).unwrap();
    let script = dir.join("crash.sh");
    std::fs::write(&script, "read board\nkill -SEGV $$\n").unwrap();
    let tests = crate::support::hostile::one_board(&dir);
    for sandbox in ["none", "auto"] {
        let report = dir.join(format!("report-{sandbox}.json"));
        let output = duel!()
            .args(["ioiwari", "judge", "--sandbox", sandbox, "--tests", &tests])
            .arg("--player")
            .arg(sh_script(&script))
            .arg("--report")
            .arg(&report)
            .output()
            .unwrap();
        assert!(output.status.success(), "{sandbox}: {output:?}");
        let report = read_report(&report);
        assert_eq!(verdicts(&report), ["runtime_error"], "{sandbox}");
        let reason = report["tests"][0]["reason"].as_str().unwrap();
        assert!(reason.contains("SIGSEGV"), "{sandbox}: {reason}");
    }
    let missing = dir.join("no such player");
    let output = duel!()
        .args(["ioiwari", "judge", "--tests", &tests, "--player"])
        .arg(shell_word(&missing))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        format!("duel: no such program: {}\n", missing.display())
    );
}
