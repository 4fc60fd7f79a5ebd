//! The judge's own outputs follow nothing a submission can plant: `--report`, `--csv` and the
//! `--logs` files are written so that a symbolic link at their path, there before the run or
//! planted by the submission during it, is never followed (the link itself is replaced), and a
//! FIFO or a device named at the start is the one written at the end. One test per attack.
//!
//! The planting submissions run with `--sandbox none`: as the judge's own user (where the
//! judge is not root, or the box user is off), which can write in a directory anyone may
//! write in, as `/tmp` often is, so the plant succeeds and the judge must not follow it; and as
//! a user of their own when the judge is root, to whom such a directory is read-only (the
//! plant fails, and the judge's outputs are as they should be all the same).

use crate::support::hostile::read_report;
use duel_test_support::{duel, shell_word, work_dir};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

/// A scratch directory anyone may write in (not sticky, so links there are followed by
/// anyone: the kernel's protected_symlinks guards only sticky directories).
fn open_dir() -> tempfile::TempDir {
    let dir = work_dir!();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    dir
}

/// A file the judge must never write: root's alone, in a directory others may only enter.
fn victim(dir: &Path) -> PathBuf {
    let home = dir.join("victim");
    std::fs::create_dir(&home).unwrap();
    std::fs::set_permissions(&home, std::fs::Permissions::from_mode(0o755)).unwrap();
    let victim = home.join("precious.txt");
    std::fs::write(&victim, "precious\n").unwrap();
    victim
}

fn assert_untouched(victim: &Path) {
    assert_eq!(
        std::fs::read_to_string(victim).unwrap(),
        "precious\n",
        "the judge wrote through a link"
    );
}

fn is_regular(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_file())
}

/// One board, written beside the outputs.
fn one_board(dir: &Path) -> String {
    let tests = dir.join("one.txt");
    std::fs::write(&tests, "4 3 2 4 2 3 2\n").unwrap();
    std::fs::set_permissions(&tests, std::fs::Permissions::from_mode(0o644)).unwrap();
    tests.display().to_string()
}

/// The isolation settings a planting submission runs under: `--sandbox none` with the box
/// user where the judge may use one, and the judge's own user.
const WITHOUT_SANDBOX: [&str; 2] = ["", "no-user"];

/// The verdict of a planting submission that exits at once: `early_exit` where it could plant
/// its link (it ran as the judge's user), `runtime_error` where its box user found everything
/// but its private directories read-only (`ln` fails), so there was nothing to plant.
fn planting_verdict(levels_off: &str) -> &'static str {
    let root = rustix::process::geteuid().is_root();
    if root && levels_off.is_empty() {
        "runtime_error"
    } else {
        "early_exit"
    }
}

fn judge(dir: &Path, levels_off: &str, player: &str, extra: &[&str]) -> Output {
    let output = duel!()
        .args(["ioiwari", "judge", "--sandbox", "none", "--jobs", "1"])
        .args(["--tests", &one_board(dir), "--player", player])
        .args(extra)
        .env("DUEL_ISOLATION", levels_off)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{levels_off:?}: {output:?}");
    output
}

/// The submission plants a link to the victim at the path given with `flag`; the judge must
/// replace the link with its output, which `check` reads.
fn a_link_planted_during_the_run_is_replaced(flag: &str, name: &str, check: fn(&Path, &str)) {
    for levels_off in WITHOUT_SANDBOX {
        let dir = open_dir();
        let victim = victim(dir.path());
        let output = dir.path().join(name);
        let player = format!("ln -s {} {}", shell_word(&victim), shell_word(&output));
        judge(
            dir.path(),
            levels_off,
            &player,
            &[flag, output.to_str().unwrap()],
        );
        assert_untouched(&victim);
        assert!(
            is_regular(&output),
            "{levels_off:?}: the link is still there"
        );
        check(&output, planting_verdict(levels_off));
    }
}

#[test]
fn a_link_planted_at_the_report_path_during_the_run_is_replaced_not_followed() {
    a_link_planted_during_the_run_is_replaced("--report", "report.json", |report, verdict| {
        assert_eq!(read_report(report)["tests"][0]["verdict"], verdict);
    });
}

#[test]
fn a_link_planted_at_the_csv_path_during_the_run_is_replaced_not_followed() {
    a_link_planted_during_the_run_is_replaced("--csv", "ranking.csv", |csv, _| {
        let text = std::fs::read_to_string(csv).unwrap();
        assert!(text.starts_with("rank,submission,score"), "{text}");
    });
}

#[test]
fn a_link_planted_at_a_log_path_during_the_run_is_replaced_not_followed() {
    for levels_off in WITHOUT_SANDBOX {
        let dir = open_dir();
        let victim = victim(dir.path());
        let logs = dir.path().join("logs");
        std::fs::create_dir(&logs).unwrap();
        std::fs::set_permissions(&logs, std::fs::Permissions::from_mode(0o777)).unwrap();
        let player = format!(
            "ln -s {victim} {log}; ln -s {victim} {compile}",
            victim = shell_word(&victim),
            log = shell_word(logs.join("test-01.out")),
            compile = shell_word(logs.join("compile.txt"))
        );
        judge(
            dir.path(),
            levels_off,
            &player,
            &["--logs", logs.to_str().unwrap()],
        );
        assert_untouched(&victim);
        let log = logs.join("test-01.out");
        assert!(is_regular(&log), "{levels_off:?}: the link is still there");
        assert!(std::fs::read_to_string(&log)
            .unwrap()
            .contains("4 3 2 4 2 3 2"));
    }
}

#[test]
fn a_log_directory_swapped_for_a_link_during_the_run_is_still_the_one_written() {
    for levels_off in WITHOUT_SANDBOX {
        let dir = open_dir();
        let elsewhere = dir.path().join("elsewhere");
        std::fs::create_dir(&elsewhere).unwrap();
        let logs = dir.path().join("logs");
        // The submission moves the log directory away and leaves a link to another in its place.
        let player = format!(
            "mv {logs} {moved} && ln -s {elsewhere} {logs}",
            logs = shell_word(&logs),
            moved = shell_word(dir.path().join("logs.moved")),
            elsewhere = shell_word(&elsewhere)
        );
        judge(
            dir.path(),
            levels_off,
            &player,
            &["--logs", logs.to_str().unwrap()],
        );
        let written: Vec<_> = std::fs::read_dir(&elsewhere).unwrap().collect();
        assert!(
            written.is_empty(),
            "{levels_off:?}: the judge followed the link"
        );
        let moved = dir.path().join("logs.moved");
        if moved.exists() {
            assert!(is_regular(&moved.join("test-01.out")), "{levels_off:?}");
        } else {
            // The box user could not move the judge's directory: nothing to follow either.
            assert!(is_regular(&logs.join("test-01.out")), "{levels_off:?}");
        }
    }
}

#[test]
fn a_link_at_the_report_path_before_the_run_is_replaced_itself() {
    let dir = open_dir();
    let victim = victim(dir.path());
    let report = dir.path().join("report.json");
    let csv = dir.path().join("ranking.csv");
    std::os::unix::fs::symlink(&victim, &report).unwrap();
    std::os::unix::fs::symlink(&victim, &csv).unwrap();
    let output = duel!()
        .args(["ioiwari", "judge", "--tests", &one_board(dir.path())])
        .args(["--report", report.to_str().unwrap()])
        .args(["--csv", csv.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_untouched(&victim);
    assert!(is_regular(&report) && is_regular(&csv));
    assert_eq!(read_report(&report)["score"], 100.0);
}

#[test]
fn a_dangling_link_at_the_report_path_is_replaced_and_its_target_never_created() {
    let dir = open_dir();
    let target = dir.path().join("victim-dir-missing/new.txt");
    let report = dir.path().join("report.json");
    std::os::unix::fs::symlink(&target, &report).unwrap();
    let output = duel!()
        .args(["ioiwari", "judge", "--tests", &one_board(dir.path())])
        .args(["--report", report.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(!target.exists());
    assert!(is_regular(&report));
}

#[test]
fn a_fifo_named_at_the_start_is_written_even_if_a_link_replaces_its_name() {
    for levels_off in WITHOUT_SANDBOX {
        let dir = open_dir();
        let victim = victim(dir.path());
        let fifo = dir.path().join("report.fifo");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(status.success());
        // The submission renames the FIFO away and puts a link to the victim in its place.
        let player = format!(
            "mv {fifo} {moved}; ln -s {victim} {fifo}",
            fifo = shell_word(&fifo),
            moved = shell_word(dir.path().join("report.fifo.moved")),
            victim = shell_word(&victim)
        );
        // The reader holds the FIFO from before the run (a non-blocking open needs no
        // writer); the report of one test fits in the FIFO's buffer.
        let mut reader = {
            use std::os::unix::fs::OpenOptionsExt;
            std::fs::OpenOptions::new()
                .read(true)
                .custom_flags(libc::O_NONBLOCK)
                .open(&fifo)
                .unwrap()
        };
        let output = duel!()
            .args(["ioiwari", "judge", "--sandbox", "none", "--jobs", "1"])
            .args(["--tests", &one_board(dir.path()), "--player", &player])
            .args(["--report", fifo.to_str().unwrap()])
            .env("DUEL_ISOLATION", levels_off)
            .stdout(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{levels_off:?}: {output:?}");
        let mut text = String::new();
        std::io::Read::read_to_string(&mut reader, &mut text).unwrap();
        assert_untouched(&victim);
        let report: serde_json::Value = serde_json::from_str(&text).expect("the report");
        assert_eq!(report["tests"][0]["verdict"], planting_verdict(levels_off));
    }
}

#[test]
fn a_report_on_standard_output_is_written_there() {
    // /dev/stdout is a link through /proc/self/fd: the descriptor it names, opened at the
    // start, gets the report; the link and /dev stay as they are.
    let dir = work_dir!();
    let out_file = dir.path().join("out.txt");
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "exec \"$0\" ioiwari judge --tests {} --report /dev/stdout > {}",
            shell_word(one_board(dir.path())),
            shell_word(&out_file)
        ))
        .arg(assert_cmd::cargo::cargo_bin("duel"))
        .status()
        .unwrap();
    assert!(status.success());
    let text = std::fs::read_to_string(&out_file).unwrap();
    // The table, then the report after it (appended, not over it).
    let table_at = text.find("score: 100.00").expect("the table");
    let json_at = text.find("\"score\": 100.0").expect("the report");
    assert!(table_at < json_at, "{text}");
    assert!(std::fs::symlink_metadata("/dev/stdout")
        .unwrap()
        .file_type()
        .is_symlink());
}
