//! Interrupted the usual ways, the judge still writes its report: `timeout` sends its signal to
//! the judge and then to the judge's whole process group (so the judge gets it twice within a
//! moment), which must count as one request to stop; only a later, separate signal ends the
//! run at once.

use crate::support::hostile::{mkfifo, one_board, read_report};
use duel_test_support::process::send_signal;
use duel_test_support::{duel, work_dir};
use rustix::process::Signal;
use std::process::{Command, Stdio};
use std::time::Duration;

/// `timeout [-s SIGNAL] 5 duel ioiwari judge ...` with a player that never moves; returns
/// timeout's exit status and the report.
fn under_timeout(signal: &str, sandbox: &str) -> (Option<i32>, serde_json::Value) {
    let dir = work_dir!();
    let report = dir.path().join("report.json");
    let output = Command::new("timeout")
        .args(["-s", signal, "5"])
        .arg(assert_cmd::cargo::cargo_bin("duel"))
        .args(["ioiwari", "judge", "--sandbox", sandbox])
        .args(["--tests", &one_board(dir.path())])
        .args(["--player", "sleep 60", "--time-limit", "30"])
        .arg("--report")
        .arg(&report)
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert!(
        report.exists(),
        "no report after `timeout -s {signal}`: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.code(), read_report(&report))
}

#[test]
fn timeouts_sigterm_sent_twice_still_writes_the_report() {
    // Whether the judge handles timeout's first copy before the second arrives depends on the
    // scheduler: a few runs make the case likely.
    for sandbox in ["auto", "none", "auto", "none"] {
        let (status, report) = under_timeout("TERM", sandbox);
        // timeout's own status when its command ran out of time.
        assert_eq!(status, Some(124), "{sandbox}");
        assert_eq!(report["interrupted"], true, "{sandbox}: {report}");
    }
}

#[test]
fn timeouts_sigint_sent_twice_still_writes_the_report() {
    let (status, report) = under_timeout("INT", "auto");
    assert_eq!(status, Some(124));
    assert_eq!(report["interrupted"], true, "{report}");
}

/// Waits (up to a minute, for a loaded machine) until `pid` catches SIGTERM: its handlers are
/// in place, so what the test sends next reaches the judge's own handling, not the default
/// action of a program still starting.
fn wait_for_handlers(pid: u32) {
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    loop {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let caught = status
            .lines()
            .find_map(|line| line.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .unwrap_or(0);
        if caught & (1 << (Signal::TERM.as_raw() - 1)) != 0 {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the judge never caught SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn alive_after(child: &mut std::process::Child, wait: Duration) -> bool {
    std::thread::sleep(wait);
    child.try_wait().unwrap().is_none()
}

#[test]
fn an_echo_of_the_signal_does_not_kill_a_judge_that_is_stopping() {
    use std::os::unix::process::ExitStatusExt;
    let dir = work_dir!();
    // A FIFO no one reads: the judge, done judging, waits at the end to write its report,
    // until a signal ends the wait (which a later, separate signal would end at once, by that
    // signal: the interrupt module's tests hold that rule).
    let fifo = dir.path().join("report.fifo");
    mkfifo(&fifo);
    let mut child = duel!()
        .args(["ioiwari", "judge", "--tests", &one_board(dir.path())])
        .arg("--report")
        .arg(&fifo)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for_handlers(child.id());
    assert!(alive_after(&mut child, Duration::from_secs(2)));
    // One request delivered twice within a moment, as timeout's second copy may come: the
    // judge ends by itself, with 128 + SIGTERM, not killed by the echo.
    send_signal(child.id(), Signal::TERM);
    std::thread::sleep(Duration::from_millis(5));
    send_signal(child.id(), Signal::TERM);
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), None, "{status:?}");
    assert_eq!(
        status.code(),
        Some(128 + Signal::TERM.as_raw()),
        "{status:?}"
    );
}
