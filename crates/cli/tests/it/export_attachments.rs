//! What contestants download: every package carries the kit's skeletons (and for
//! Pooh-Eeyore-sticks `mis.h` and the `graj` drivers, which build and play with the skeleton),
//! and Ioiwari's testing tool plays the game `ioiwari2` plays and logs it in the same words.

use crate::support::export::*;
use duel_export::{Format, Task};
use std::fs;
use std::process::{Command, Stdio};

#[test]
fn every_package_attaches_the_kit_where_its_system_takes_attachments() {
    for (format, dir) in [
        (Format::Kattis, "attachments"),
        (Format::Cms, "att"),
        (Format::Dmoj, "attachments"),
        (Format::Icpc, "attachments"),
        (Format::Domjudge, "attachments"),
    ] {
        for task in Task::ALL {
            let package = duel_export::package(format, task);
            for (name, contents) in duel_export::attachments::files(task) {
                let file = package
                    .file(&format!("{dir}/{name}"))
                    .unwrap_or_else(|| panic!("{format} {task}: {dir}/{name}"));
                assert_eq!(file.contents, contents);
            }
        }
    }
    // The kit's own files, unchanged.
    let kit = duel_kit::mis_kit();
    let skeleton = kit.iter().find(|f| f.path == "mis_c/mis.c").unwrap();
    let package = duel_export::package(Format::Cms, Task::Mis);
    assert_eq!(
        package.file("att/mis.c").unwrap().contents,
        skeleton.contents
    );
}

#[test]
fn the_attached_graj_driver_builds_with_the_attached_skeleton_and_plays() {
    if !need("gcc", "DUEL_REQUIRE_FPC") {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    let package = duel_export::package(Format::Kattis, Task::Mis);
    let root = package.write_into(work.path()).unwrap();
    let attachments = root.join("attachments");
    let graj = work.path().join("graj");
    c(
        &[attachments.join("graj.c"), attachments.join("mis.c")],
        &attachments,
        &graj,
    );
    let output = Command::new(&graj).args(["7", "2", "3"]).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    // The skeleton plays legal moves against the kit's simple Lolek: the game ends with a
    // result line, won (0) or lost (1).
    assert!(matches!(output.status.code(), Some(0 | 1)), "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("result: "),
        "{text}"
    );
}

/// Runs the attached testing tool in `dir` against `program`, returning its exit status and
/// its log.
fn testing_tool(dir: &std::path::Path, program: &[&str], extra: &[&str]) -> (Option<i32>, String) {
    let package = duel_export::package(Format::Kattis, Task::Ioiwari);
    let root = package.write_into(dir).unwrap();
    let status = Command::new("python3")
        .arg(root.join("attachments/testing_tool.py"))
        .args(extra)
        .arg("--")
        .args(program)
        .current_dir(dir)
        .stderr(Stdio::null())
        .status()
        .expect("python3 runs");
    let log = fs::read_to_string(dir.join("ioiwari.out")).unwrap();
    (status.code(), log)
}

#[test]
fn the_testing_tool_logs_the_game_ioiwari2_logs() {
    if !need("python3", "DUEL_REQUIRE_FPC") {
        return;
    }
    let ioiwari = env!("CARGO_BIN_EXE_ioiwari");
    for board in ["4 3 2 4 2 3 2", "2 2 4 4 4 2 2"] {
        let work = tempfile::tempdir().unwrap();
        let (status, log) = testing_tool(work.path(), &[ioiwari], &["--board", board]);
        assert_eq!(status, Some(0), "{log}");
        // ioiwari2 against the same player: the same game, the same transcript.
        let reference = tempfile::tempdir().unwrap();
        let fifo = reference.path().join("to-p2");
        assert!(Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        let script = format!(
            "{} --position '{board}' < to-p2 | {ioiwari} > to-p2",
            env!("CARGO_BIN_EXE_ioiwari2")
        );
        let done = Command::new("sh")
            .args(["-c", &script])
            .current_dir(reference.path())
            .status()
            .unwrap();
        assert!(done.success());
        let expected = fs::read_to_string(reference.path().join("ioiwari.out")).unwrap();
        assert_eq!(log, expected, "{board}");
        let last = log.lines().last().unwrap();
        assert!(last.starts_with("result: player 1 wins"), "{last}");
    }
}

#[test]
fn the_testing_tool_names_what_went_wrong() {
    if !need("python3", "DUEL_REQUIRE_FPC") {
        return;
    }
    let work = tempfile::tempdir().unwrap();
    // A program that plays pit 9, one that never flushes, one that stops after a move.
    let cases = [
        (
            "import sys\nsys.stdin.readline()\nprint(9, flush=True)\nsys.stdin.readline()\n",
            "illegal",
        ),
        (
            "import sys\nsys.stdin.readline()\nprint(3)\nsys.stdin.readline()\n",
            "does it flush",
        ),
        (
            "import sys\nsys.stdin.readline()\n",
            "ended before the game was over",
        ),
    ];
    for (i, (source, words)) in cases.into_iter().enumerate() {
        let program = work.path().join(format!("p{i}.py"));
        fs::write(&program, source).unwrap();
        let dir = work.path().join(i.to_string());
        fs::create_dir(&dir).unwrap();
        let program = program.display().to_string();
        let (status, log) = testing_tool(&dir, &["python3", &program], &["--timeout", "2"]);
        assert_eq!(status, Some(1), "{log}");
        let last = log.lines().last().unwrap();
        assert!(
            last.starts_with("aborted: ") && last.contains(words),
            "{last}"
        );
    }
}
