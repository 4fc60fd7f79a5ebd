//! Attacks on the judge's own process and outputs, one test each: a player that kills its
//! parent, an orphan that rewrites the report, outputs on devices, signals mid-run, stale logs.

#[path = "hostile/support.rs"]
mod support;

use std::os::unix::fs::FileTypeExt;
use std::process::Stdio;
use std::time::{Duration, Instant};
use support::{duel, read_report, work_dir};

fn is_root() -> bool {
    // SAFETY: geteuid cannot fail.
    let root = unsafe { libc::geteuid() } == 0;
    if !root {
        eprintln!("not root: the separate-user case is skipped");
    }
    root
}

/// The project's own player, one board: a quick run.
fn one_board(dir: &std::path::Path) -> String {
    let tests = dir.join("one.txt");
    std::fs::write(&tests, "4 3 2 4 2 3 2\n").unwrap();
    tests.display().to_string()
}

#[test]
fn a_player_that_kills_its_parent_does_not_kill_the_judge() {
    if !is_root() {
        return;
    }
    let dir = work_dir();
    let report = dir.path().join("report.json");
    for levels_off in ["", "no-bwrap"] {
        let output = duel()
            .args(["ioiwari", "judge", "--tests", &one_board(dir.path())])
            .args(["--player", "sh -c 'kill -9 $PPID; exit 1'", "--report"])
            .arg(&report)
            .env("DUEL_ISOLATION", levels_off)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{levels_off:?}: {output:?}");
        let report = read_report(&report);
        assert_eq!(report["tests"][0]["verdict"], "runtime_error", "{report}");
    }
}

#[test]
fn an_orphan_cannot_rewrite_the_report_after_the_judge_exits() {
    let dir = work_dir();
    let report = dir.path().join("report.json");
    // The orphan leaves the session, waits for the judge to finish, then forges the report.
    let player = format!(
        "sh -c \"(setsid sh -c 'sleep 1; echo forged > {}' &); exit 1\"",
        report.display()
    );
    // The judge's own user (no box user, no bubblewrap): only the end-of-test kill stops it.
    let output = duel()
        .args(["ioiwari", "judge", "--tests", &one_board(dir.path())])
        .args(["--player", &player, "--report"])
        .arg(&report)
        .env("DUEL_ISOLATION", "no-user,no-bwrap")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    std::thread::sleep(Duration::from_millis(2000));
    let text = std::fs::read_to_string(&report).unwrap();
    // (The report names the player, whose command holds the word: only its start counts.)
    assert!(text.starts_with('{'), "the report was rewritten: {text}");
    let report = read_report(&report);
    assert_eq!(report["score"], 0.0, "the report was rewritten: {report}");
    assert_eq!(report["tests"][0]["verdict"], "runtime_error");
}

#[test]
fn a_report_on_a_device_node_stays_a_device() {
    let output = duel()
        .args(["ioiwari", "judge", "--report", "/dev/null"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let kind = std::fs::symlink_metadata("/dev/null").unwrap().file_type();
    assert!(kind.is_char_device(), "/dev/null was replaced");
}

#[test]
fn a_report_through_a_symbolic_link_keeps_the_link() {
    let dir = work_dir();
    let target = dir.path().join("real.json");
    let link = dir.path().join("link.json");
    std::fs::write(&target, "").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let output = duel()
        .args([
            "ioiwari",
            "judge",
            "--tests",
            &one_board(dir.path()),
            "--report",
        ])
        .arg(&link)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(read_report(&target)["score"], 100.0);
}

#[test]
fn an_unwritable_report_is_refused_before_any_test() {
    let started = Instant::now();
    let output = duel()
        .args([
            "ioiwari",
            "judge",
            "--tests",
            "all",
            "--report",
            "/proc/version",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(output.stdout.is_empty(), "tests ran before the refusal");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/proc/version"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// Starts a slow run (each test sleeps 0.3 s), sends `signal` after a while, and returns the
/// exit status and the report.
fn interrupted_by(signal: libc::c_int) -> (Option<i32>, serde_json::Value) {
    let dir = work_dir();
    let report = dir.path().join("report.json");
    let ioiwari = assert_cmd::cargo::cargo_bin("ioiwari");
    let child = duel()
        .args(["ioiwari", "judge", "--jobs", "1", "--report"])
        .arg(&report)
        .arg("--player")
        .arg(format!("sh -c 'sleep 0.3; exec {}'", ioiwari.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(2500));
    // SAFETY: a signal to our own child.
    unsafe { libc::kill(child.id() as i32, signal) };
    let output = child.wait_with_output().unwrap();
    (output.status.code(), read_report(&report))
}

#[test]
fn sigterm_mid_run_writes_the_report_of_the_finished_tests() {
    let (status, report) = interrupted_by(libc::SIGTERM);
    assert_eq!(status, Some(128 + libc::SIGTERM));
    assert_eq!(report["interrupted"], true);
    let finished = report["tests"].as_array().unwrap().len();
    assert!(finished > 0 && finished < 24, "{finished}");
}

#[test]
fn sighup_mid_run_writes_the_report_too() {
    let (status, report) = interrupted_by(libc::SIGHUP);
    assert_eq!(status, Some(128 + libc::SIGHUP));
    assert_eq!(report["interrupted"], true);
}

#[test]
fn the_log_directory_holds_exactly_this_runs_logs() {
    let dir = work_dir();
    let logs = dir.path().join("logs");
    std::fs::create_dir(&logs).unwrap();
    std::fs::write(logs.join("test-99.out"), "stale").unwrap();
    let judge_with_logs = || {
        duel()
            .args([
                "ioiwari",
                "judge",
                "--tests",
                &one_board(dir.path()),
                "--logs",
            ])
            .arg(&logs)
            .output()
            .unwrap()
    };
    let output = judge_with_logs();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let mut names: Vec<String> = std::fs::read_dir(&logs)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["test-01.out"]);
    // Anything else there: refused, and nothing is removed.
    std::fs::write(logs.join("notes.txt"), "mine").unwrap();
    let output = judge_with_logs();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(logs.join("notes.txt").exists() && logs.join("test-01.out").exists());
}

/// Builds a C module from `source` into `dir`.
fn c_module(dir: &std::path::Path, name: &str, source: &str) -> std::path::PathBuf {
    let c = dir.join(format!("{name}.c"));
    std::fs::write(&c, source).unwrap();
    let library = dir.join(format!("lib{name}.so"));
    let status = std::process::Command::new("gcc")
        .args(["-shared", "-fPIC", "-O2", "-o"])
        .arg(&library)
        .arg(&c)
        .status()
        .expect("gcc is needed to build the test modules");
    assert!(status.success());
    library
}

/// The statement's example only.
fn one_position(dir: &std::path::Path) -> String {
    let tests = dir.join("one.txt");
    std::fs::write(&tests, "7 2 3\n").unwrap();
    tests.display().to_string()
}

#[test]
fn a_module_with_a_100_mb_static_array_gets_memory_limit() {
    let dir = work_dir();
    let module = c_module(
        dir.path(),
        "big",
        "#include <string.h>\n\
         static char big[100 << 20];\n\
         void poczatek(int p, int e, int b) { memset(big, 1, sizeof big); }\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { *bp = p > 0; *be = p == 0; }\n",
    );
    let output = duel()
        .args([
            "mis",
            "judge",
            "--json",
            "--tests",
            &one_position(dir.path()),
            "--module",
        ])
        .arg(&module)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["tests"][0]["verdict"], "memory_limit", "{report}");
}

#[test]
fn a_module_forging_a_host_line_cannot_drive_the_terminal() {
    let dir = work_dir();
    let module = c_module(
        dir.path(),
        "forger",
        "#include <string.h>\n#include <unistd.h>\n\
         __attribute__((constructor)) static void forge(void) {\n\
           const char *m = \"error \\033[2J\\033[31mjudge crashed\\n\";\n\
           for (int fd = 3; fd < 10; fd++) write(fd, m, strlen(m));\n\
         }\n\
         void poczatek(int p, int e, int b) {}\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { *bp = 1; *be = 0; }\n",
    );
    let output = duel()
        .args([
            "mis",
            "judge",
            "--tests",
            &one_position(dir.path()),
            "--module",
        ])
        .arg(&module)
        .output()
        .unwrap();
    assert!(
        !output.stderr.contains(&0x1b) && !output.stdout.contains(&0x1b),
        "escape sequences reached the terminal: {output:?}"
    );
}

#[test]
fn a_module_forging_a_host_error_gets_a_verdict_not_a_judge_failure() {
    let dir = work_dir();
    let module = c_module(
        dir.path(),
        "fake_error",
        "#include <string.h>\n#include <unistd.h>\n\
         __attribute__((constructor)) static void forge(void) {\n\
           const char *m = \"error cannot load module: the judge is broken\\n\";\n\
           for (int fd = 1; fd < 10; fd++) write(fd, m, strlen(m));\n\
         }\n\
         void poczatek(int p, int e, int b) {}\n\
         void ruch_bolka(int p, int e, int *bp, int *be) { *bp = 1; *be = 0; }\n",
    );
    let output = duel()
        .args([
            "mis",
            "judge",
            "--json",
            "--tests",
            &one_position(dir.path()),
            "--module",
        ])
        .arg(&module)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let test = &report["tests"][0];
    assert_eq!(test["verdict"], "runtime_error", "{report}");
    let reason = test["reason"].as_str().unwrap();
    assert!(reason.contains("the module did not load"), "{report}");
}
