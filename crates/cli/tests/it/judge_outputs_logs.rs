//! A log directory is reusable: a run replaces the logs an earlier run wrote there (a ranking
//! run's subdirectories or a single run's files, whichever came first), so one run's logs
//! never mix with another's, and it never touches a file no judge run wrote.

use duel_test_support::{duel, shell_word, work_dir};
use std::path::Path;

/// `count` boards of the official set, in a test file.
fn boards(dir: &Path, count: usize) -> String {
    let tests = dir.join(format!("boards-{count}.txt"));
    let official: Vec<&str> = duel_ioiwari::OFFICIAL_POSITIONS
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .take(count)
        .collect();
    std::fs::write(&tests, official.join("\n") + "\n").unwrap();
    tests.display().to_string()
}

/// Judges the project's own player (`players` times, as separate submissions when more than
/// one) on `count` boards with `--logs logs`; insists on success.
fn judge(dir: &Path, players: usize, count: usize) {
    let player = shell_word(assert_cmd::cargo::cargo_bin("ioiwari"));
    let mut command = duel!();
    command
        .args(["ioiwari", "judge", "--tests", &boards(dir, count)])
        .arg("--logs")
        .arg(dir.join("logs"))
        .arg("--report")
        .arg(dir.join("report.json"));
    for _ in 0..players {
        command.arg("--player").arg(&player);
    }
    let output = command.output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
}

/// Every path under `root`, relative, sorted; directories end with `/`.
fn tree(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.strip_prefix(root).unwrap().display().to_string();
            if path.is_dir() {
                found.push(format!("{name}/"));
                stack.push(path);
            } else {
                found.push(name);
            }
        }
    }
    found.sort();
    found
}

#[test]
fn a_single_run_replaces_an_earlier_ranking_runs_logs_and_keeps_other_files() {
    let dir = work_dir!();
    let logs = dir.path().join("logs");
    std::fs::create_dir(&logs).unwrap();
    std::fs::write(logs.join("notes.txt"), "mine").unwrap();
    judge(dir.path(), 2, 2);
    let ranking = tree(&logs);
    assert_eq!(
        ranking
            .iter()
            .filter(|path| path.ends_with("test-01.out"))
            .count(),
        2,
        "{ranking:?}"
    );
    // The README's order: a contest, then one player with the same log directory.
    judge(dir.path(), 1, 3);
    assert_eq!(
        tree(&logs),
        [
            ".duel-logs",
            "notes.txt",
            "test-01.moves",
            "test-01.out",
            "test-02.moves",
            "test-02.out",
            "test-03.moves",
            "test-03.out"
        ]
    );
    assert_eq!(
        std::fs::read_to_string(logs.join("notes.txt")).unwrap(),
        "mine"
    );
}

#[test]
fn a_ranking_run_replaces_an_earlier_single_runs_logs() {
    let dir = work_dir!();
    let logs = dir.path().join("logs");
    judge(dir.path(), 1, 3);
    judge(dir.path(), 2, 1);
    let after = tree(&logs);
    assert!(!after.contains(&"test-01.out".to_owned()), "{after:?}");
    let subdirectories: Vec<&String> = after.iter().filter(|path| path.ends_with('/')).collect();
    assert_eq!(subdirectories.len(), 2, "{after:?}");
    for subdirectory in subdirectories {
        assert!(
            after.contains(&format!("{subdirectory}test-01.out")),
            "{after:?}"
        );
        assert!(
            !after.contains(&format!("{subdirectory}test-02.out")),
            "{after:?}"
        );
    }
}

#[test]
fn a_shorter_run_leaves_none_of_a_longer_runs_logs() {
    let dir = work_dir!();
    let logs = dir.path().join("logs");
    judge(dir.path(), 1, 12);
    // Each test's text log and its record of moves, and the manifest.
    assert_eq!(tree(&logs).len(), 25);
    judge(dir.path(), 1, 2);
    assert_eq!(
        tree(&logs),
        [
            ".duel-logs",
            "test-01.moves",
            "test-01.out",
            "test-02.moves",
            "test-02.out"
        ]
    );
}

#[test]
fn a_file_the_run_would_write_but_no_run_listed_is_refused_and_kept() {
    let dir = work_dir!();
    let logs = dir.path().join("logs");
    judge(dir.path(), 1, 1);
    // Someone's own file under a name a ranking run would use for its subdirectory.
    let player = shell_word(assert_cmd::cargo::cargo_bin("ioiwari"));
    // The command with every character but ASCII letters, digits, `.`, `-` and `_` made `_`.
    let name: String = player
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || ".-_".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    std::fs::write(logs.join(&name), "mine").unwrap();
    let output = duel!()
        .args(["ioiwari", "judge", "--tests", &boards(dir.path(), 1)])
        .arg("--logs")
        .arg(&logs)
        .arg("--player")
        .arg(&player)
        .arg("--player")
        .arg(&player)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&name) && stderr.contains(".duel-logs"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(logs.join(&name)).unwrap(), "mine");
}

#[test]
fn a_tampered_list_cannot_make_the_judge_remove_anything_outside() {
    let dir = work_dir!();
    let logs = dir.path().join("logs");
    judge(dir.path(), 1, 1);
    let outside = dir.path().join("outside.txt");
    std::fs::write(&outside, "keep").unwrap();
    std::fs::write(
        logs.join(".duel-logs"),
        format!(
            "test-01.out\ntest-01.moves\n../outside.txt\n{}\n/etc/hostname\na/b/c\n..\n./\n",
            outside.display()
        ),
    )
    .unwrap();
    judge(dir.path(), 1, 1);
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep");
    assert!(Path::new("/etc/hostname").exists());
}
