//! A flooding program cannot grow the judge's memory. Alone in its test binary, not a module of
//! `tests/it`, so that the peak memory of this process's children is the judge's own (and its
//! players'): that figure covers every child this process ever reaped, and each child's counts
//! from the memory of this process when it started it (among the tests of `tests/it`, which
//! solve Ioiwari tables in this process, it read 192 MB).

// A child's peak memory comes from getrusage/wait4, which rustix does not offer.
#![allow(unsafe_code)]

// The part of the CLI's test support this binary needs.
#[allow(dead_code)]
#[path = "it/support/hostile.rs"]
mod hostile;

use duel_test_support::{duel, sh_script};
use hostile::{hostile_dir, read_report, verdicts};

#[test]
fn flooding_every_test_keeps_the_judge_small() {
    let work = tempfile::tempdir().unwrap();
    let report = work.path().join("flood.json");
    let output = duel!()
        .args([
            "ioiwari",
            "judge",
            "--jobs",
            "2",
            "--time-limit",
            "2",
            "--report",
        ])
        .arg(&report)
        .arg("--player")
        .arg(sh_script(hostile_dir().join("flood.sh")))
        .output()
        .unwrap();
    assert!(output.status.success());
    let report = read_report(&report);
    assert!(verdicts(&report).iter().all(|v| v == "protocol_error"));
    // SAFETY: all zero bytes is a valid rusage (integers and timevals).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage fills in the struct it is given.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    let peak_mb = usage.ru_maxrss / 1024;
    // A judge reading whole lines would take in hundreds of MB from /dev/zero within the
    // 6-second wall clock; a bounded one stays at its own size.
    assert!(peak_mb < 64, "the judge grew to {peak_mb} MB");
}
