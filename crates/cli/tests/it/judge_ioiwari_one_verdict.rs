//! One verdict in every mode (RULES.md, L9): a program that hands its game to a child is
//! judged the same with `--sandbox none` as by default, on every run, and a player named
//! through a symbolic link is found, or not, alike in both.

use crate::support::hostile::{hostile_dir, players_dir, read_report, verdicts};
use duel_ioiwari::Board;
use duel_test_support::build::gcc_o2;
use duel_test_support::load::Load;
use duel_test_support::{duel, shell_word, work_dir};
use std::path::Path;

/// How many tests each mode plays (each a run of its own).
const RUNS: usize = 50;

/// The sandboxes to compare: `none` and the default, which is bubblewrap where it works.
const MODES: [&str; 2] = ["none", "auto"];

/// `duel ioiwari judge` of `player` on `tests` in `mode`: every test's verdict and reason.
fn judge(player: &str, tests: &Path, mode: &str, work: &Path) -> Vec<(String, String)> {
    let report = work.join(format!("report-{mode}.json"));
    let output = duel!()
        .args(["ioiwari", "judge", "--jobs", "2", "--sandbox", mode])
        .args(["--player", player])
        .arg("--tests")
        .arg(tests)
        .arg("--report")
        .arg(&report)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{mode}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report = read_report(&report);
    let reasons = report["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|test| test["reason"].as_str().unwrap_or("").to_owned());
    verdicts(&report).into_iter().zip(reasons).collect()
}

/// [`RUNS`] start boards, each a test.
fn boards(work: &Path) -> std::path::PathBuf {
    let tests = work.join("boards.txt");
    let boards: Vec<String> = Board::start_boards()
        .iter()
        .take(RUNS)
        .map(ToString::to_string)
        .collect();
    std::fs::write(&tests, boards.join("\n") + "\n").unwrap();
    tests
}

#[test]
fn a_program_that_hands_its_game_to_a_child_gets_one_verdict_in_every_mode_on_every_run() {
    // The parent forks at once and exits 0; its child plays perfectly. Its moves are not the
    // program's (its first process never wrote them): early_exit, whether the judge reads
    // the child's first move before or after the parent's end, in every sandbox.
    let work = work_dir!();
    let source = work.path().join("handover.c");
    let perfect = std::fs::read_to_string(hostile_dir().join("perfect.c")).unwrap();
    let handover = perfect.replace(
        "int main(int argc, char **argv) { return play(argc, argv, choose); }",
        "#include <unistd.h>\n\
         int main(int argc, char **argv) {\n\
             if (fork() > 0) return 0;\n\
             return play(argc, argv, choose);\n\
         }",
    );
    assert_ne!(handover, perfect, "perfect.c's main is replaced");
    std::fs::write(&source, handover).unwrap();
    std::fs::copy(
        hostile_dir().join("ioiwari_rules.h"),
        work.path().join("ioiwari_rules.h"),
    )
    .unwrap();
    let program = work.path().join("handover");
    gcc_o2(&[], &program, &source);
    let tests = boards(work.path());
    let program = shell_word(&program);
    // On a busy machine, where a race between the judge's threads and bubblewrap shows: the
    // follower once looked whether bubblewrap's init had forked the program only after
    // releasing it, took a fork it had just allowed for one made too early, and stopped
    // following (then the child died with the sandbox, unseen).
    let _load = Load::every_processor();
    for mode in MODES {
        let results = judge(&program, &tests, mode, work.path());
        assert_eq!(results.len(), RUNS);
        for (verdict, reason) in &results {
            assert_eq!(verdict, "early_exit", "{mode}: {reason}");
            assert!(
                reason.contains("note: its first process ended while a process it started"),
                "{mode}: {reason}"
            );
        }
    }
}

#[test]
fn a_player_named_through_a_symbolic_link_is_found_or_not_alike_in_every_mode() {
    // dir/link/../player is where the kernel's walk leads: link's target's parent, not dir.
    // The target is under /tmp, which every run gets fresh and empty (bubblewrap's, or the
    // private mounts without it): the walk must still lead there, in both.
    let work = work_dir!();
    let root = work.path().canonicalize().unwrap();
    let far_dir = tempfile::Builder::new()
        .prefix("duel-far-")
        .tempdir_in("/tmp")
        .unwrap();
    let far = far_dir.path().canonicalize().unwrap();
    std::fs::create_dir_all(root.join("dir")).unwrap();
    std::fs::create_dir_all(far.join("sub")).unwrap();
    std::os::unix::fs::symlink(far.join("sub"), root.join("dir/link")).unwrap();
    let player = "dir/link/../player";
    let tests = {
        let tests = root.join("one.txt");
        std::fs::write(&tests, "4 3 2 4 2 3 2\n").unwrap();
        tests
    };
    let run = |mode: &str| {
        duel!()
            .current_dir(&root)
            .args(["ioiwari", "judge", "--sandbox", mode, "--player", player])
            .arg("--tests")
            .arg(&tests)
            .output()
            .unwrap()
    };
    // Found: the perfect player where the walk leads, through the link's target.
    std::fs::copy(players_dir().join("perfect"), far.join("player")).unwrap();
    for mode in MODES {
        let output = run(mode);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{mode}: {stdout}");
        assert!(
            stdout.contains("score: 100.00 / 100"),
            "{mode}: {stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    // Not found: only where the path would lead if `..` were taken by name (dir/player).
    std::fs::copy(far.join("player"), root.join("dir/player")).unwrap();
    std::fs::remove_file(far.join("player")).unwrap();
    for mode in MODES {
        let output = run(mode);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{mode}: {stderr}");
        assert!(
            stderr.contains("no such program: dir/link/../player"),
            "{mode}: {stderr}"
        );
    }
}
