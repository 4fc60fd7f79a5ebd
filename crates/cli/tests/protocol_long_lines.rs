//! `ioiwari` and `ioiwari2` against a 50 MB line: they refuse it at a cost of a few megabytes,
//! and what they print or log about it is clipped.
//!
//! Each program's peak memory is read from `wait4`'s rusage of that very child, so nothing
//! else in this test binary can blur the figure.
//!
//! A test binary of its own, not a module of `tests/it`: a child's peak as the kernel counts
//! it starts from the memory of the process that started it (the address space it leaves at
//! `exec`), so this process must stay small. Among the tests of `tests/it`, which solve
//! Ioiwari tables in this process, every program here seemed to use the same 330 MB.

// A child's peak memory comes from getrusage/wait4, which rustix does not offer.
#![allow(unsafe_code)]

use std::io::Write;
use std::process::{Command, Stdio};

const LINE_BYTES: usize = 50 << 20;

/// The binary `program` (`ioiwari` or `ioiwari2`) under test.
fn program_path(program: &str) -> &'static str {
    match program {
        "ioiwari" => env!("CARGO_BIN_EXE_ioiwari"),
        "ioiwari2" => env!("CARGO_BIN_EXE_ioiwari2"),
        _ => panic!("not a binary of this crate: {program}"),
    }
}

/// Runs `program` with `prefix`, a 50 MB line of digits and a newline on stdin; returns its
/// exit status, its stderr and its peak resident memory in KiB.
// The child is reaped by `wait4` below, which also yields its rusage.
#[allow(clippy::zombie_processes)]
fn feed_long_line(program: &str, dir: &std::path::Path, prefix: &[u8]) -> (i32, String, i64) {
    let mut child = Command::new(program_path(program))
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let prefix = prefix.to_vec();
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'1'; 1 << 20];
        let _ = stdin.write_all(&prefix);
        for _ in 0..LINE_BYTES / chunk.len() {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
        let _ = stdin.write_all(b"\n");
    });
    let stderr = std::io::read_to_string(child.stderr.take().unwrap()).unwrap();
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value to be filled in, and the pid is our own
    // child, not yet reaped (Child::wait is never called on it).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    // SAFETY: as above: wait4 writes only through the two pointers, to locals.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid);
    writer.join().unwrap();
    (libc::WEXITSTATUS(status), stderr, usage.ru_maxrss)
}

/// Feeds `program` `prefix` and a 50 MB line, and checks that it refuses the line (exit 1,
/// "longer than"), says so in a clipped message, and peaks under 16 MiB; returns the
/// directory it ran in, for its log.
fn assert_refused_cheaply(program: &str, prefix: &[u8]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let (code, stderr, peak_kib) = feed_long_line(program, dir.path(), prefix);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("longer than"), "{stderr}");
    assert!(
        stderr.len() < 1000,
        "stderr repeats the line: {} bytes",
        stderr.len()
    );
    assert!(
        peak_kib < 16 << 10,
        "{program} used {peak_kib} KiB for one long line"
    );
    dir
}

#[test]
fn ioiwari2_refuses_a_fifty_megabyte_move_line_in_a_few_megabytes() {
    let dir = assert_refused_cheaply("ioiwari2", b"");
    let log = std::fs::read_to_string(dir.path().join("ioiwari.out")).unwrap();
    assert!(
        log.len() < 1000,
        "the log repeats the line: {} bytes",
        log.len()
    );
}

#[test]
fn ioiwari_refuses_a_fifty_megabyte_start_line_in_a_few_megabytes() {
    assert_refused_cheaply("ioiwari", b"");
}

#[test]
fn ioiwari_refuses_a_fifty_megabyte_move_of_player_2_in_a_few_megabytes() {
    assert_refused_cheaply("ioiwari", b"4 3 2 4 2 3 2\n");
}
