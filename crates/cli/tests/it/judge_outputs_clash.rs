//! No output silently replaces another, or what the run reads, and a FIFO nobody reads never
//! keeps the judge from stopping; errors say their cause once. One test per attack.

use crate::support::hostile::{mkfifo, one_board};
use duel_test_support::process::send_signal;
use duel_test_support::{duel, work_dir};
use rustix::process::Signal;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

/// `duel ioiwari judge` with `cat` as the player (it loses at once) on the board file
/// `tests`, and `extra` flags.
fn judge(tests: &str, extra: &[&std::ffi::OsStr]) -> Output {
    duel!()
        .args(["ioiwari", "judge", "--player", "cat", "--tests", tests])
        .args(extra)
        .output()
        .unwrap()
}

/// The run was refused before the first test: exit status 2, no row printed, and the
/// message names both `first` and `second`.
fn assert_refused(output: &Output, first: &str, second: &str) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(output.stdout.is_empty(), "a test ran");
    assert!(
        stderr.contains(first) && stderr.contains(second),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    stderr
}

#[test]
fn a_report_and_a_csv_at_one_name_are_refused_naming_both() {
    let dir = work_dir!();
    let tests = one_board(dir.path());
    let out = dir.path().join("out");
    let output = judge(
        &tests,
        &[
            "--report".as_ref(),
            out.as_os_str(),
            "--csv".as_ref(),
            out.as_os_str(),
        ],
    );
    assert_refused(&output, "--report", "--csv");
    assert!(!out.exists());
}

#[test]
fn a_report_at_a_logs_name_is_refused() {
    let dir = work_dir!();
    let tests = one_board(dir.path());
    let logs = dir.path().join("logs");
    let report = logs.join("test-1.out");
    let output = judge(
        &tests,
        &[
            "--report".as_ref(),
            report.as_os_str(),
            "--logs".as_ref(),
            logs.as_os_str(),
        ],
    );
    assert_refused(&output, "--report", "--logs");
}

#[test]
fn a_report_over_the_test_file_is_refused_and_the_tests_are_kept() {
    let dir = work_dir!();
    let tests = one_board(dir.path());
    let before = std::fs::read(&tests).unwrap();
    let output = judge(&tests, &["--report".as_ref(), tests.as_ref()]);
    assert_refused(&output, "--report", "the test file");
    assert_eq!(std::fs::read(&tests).unwrap(), before);
}

#[test]
fn a_csv_over_a_submission_is_refused() {
    let dir = work_dir!();
    let tests = one_board(dir.path());
    let source = dir.path().join("p.py");
    std::fs::write(&source, "print(1)\n").unwrap();
    let output = duel!()
        .args(["ioiwari", "judge", "--tests", &tests, "--player"])
        .arg(&source)
        .arg("--csv")
        .arg(&source)
        .output()
        .unwrap();
    assert_refused(&output, "--csv", "the submission");
    assert_eq!(std::fs::read(&source).unwrap(), b"print(1)\n");
}

#[test]
fn logs_naming_the_submission_or_the_test_file_are_refused_naming_both() {
    let dir = work_dir!();
    let tests = one_board(dir.path());
    let source = dir.path().join("p.py");
    std::fs::write(&source, "print(1)\n").unwrap();
    for (read, what) in [
        (source.as_os_str(), "the submission"),
        (tests.as_ref(), "the test file"),
    ] {
        let output = duel!()
            .args(["ioiwari", "judge", "--tests", &tests, "--player"])
            .arg(&source)
            .arg("--logs")
            .arg(read)
            .output()
            .unwrap();
        let stderr = assert_refused(&output, "--logs", what);
        assert!(!stderr.contains("os error"), "{stderr}");
    }
    assert_eq!(std::fs::read(&source).unwrap(), b"print(1)\n");
}

/// Starts the judge with `flag` (`--report`, `--csv`) naming a FIFO no one reads, waits until
/// it has judged (its stdout's line starting with `judged` came) and waits for the reader,
/// sends `signal` once, and gives how long it took to end and its status.
fn stopped_at_a_fifo(
    signal: Signal,
    flag: &str,
    judged: &str,
) -> (Duration, std::process::ExitStatus) {
    let dir = work_dir!();
    let fifo = dir.path().join("report.fifo");
    mkfifo(&fifo);
    let mut child = duel!()
        .args(["ioiwari", "judge", "--player", "cat"])
        .args(["--tests", &one_board(dir.path())])
        .arg(flag)
        .arg(&fifo)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The score line is printed when judging is done and the report is being written.
    use std::io::BufRead;
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    for line in stdout.lines() {
        if line.unwrap().trim_start().starts_with(judged) {
            break;
        }
    }
    std::thread::sleep(Duration::from_millis(300));
    assert!(child.try_wait().unwrap().is_none(), "it did not wait");
    let sent = Instant::now();
    send_signal(child.id(), signal);
    let deadline = sent + Duration::from_secs(10);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return (sent.elapsed(), status);
        }
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("one signal did not end the judge in 10 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn one_sigterm_ends_a_judge_waiting_for_its_reports_reader() {
    let (took, status) = stopped_at_a_fifo(Signal::TERM, "--report", "score:");
    assert_eq!(
        status.code(),
        Some(128 + Signal::TERM.as_raw()),
        "{status:?}"
    );
    assert!(took < Duration::from_secs(1), "{took:?}");
}

#[test]
fn one_ctrl_c_ends_a_judge_waiting_for_its_csvs_reader() {
    let (took, status) = stopped_at_a_fifo(Signal::INT, "--csv", "1 ");
    assert_eq!(
        status.code(),
        Some(128 + Signal::INT.as_raw()),
        "{status:?}"
    );
    assert!(took < Duration::from_secs(1), "{took:?}");
}

/// How many times `needle` occurs in `haystack`.
fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

#[test]
fn a_report_under_a_file_says_not_a_directory_once() {
    let dir = work_dir!();
    let tests = one_board(dir.path());
    let file = dir.path().join("file");
    std::fs::write(&file, "").unwrap();
    let output = judge(
        &tests,
        &["--report".as_ref(), file.join("r.json").as_os_str()],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(count(&stderr, "Not a directory"), 1, "{stderr}");
}

#[test]
fn a_full_device_says_no_space_once_for_the_report_and_the_csv() {
    if !duel_test_support::skip::unless(
        std::path::Path::new("/dev/full").exists(),
        "no /dev/full here",
        "a Linux system with its usual devices, as CI's has",
    ) {
        return;
    }
    let dir = work_dir!();
    let tests = one_board(dir.path());
    for flag in ["--report", "--csv"] {
        let output = judge(&tests, &[flag.as_ref(), "/dev/full".as_ref()]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{flag}: {stderr}");
        assert_eq!(count(&stderr, "/dev/full"), 1, "{flag}: {stderr}");
        assert_eq!(
            count(&stderr, "No space left on device"),
            1,
            "{flag}: {stderr}"
        );
    }
}
