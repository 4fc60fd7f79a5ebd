//! Links planted where `ioiwari2` writes its log and where `duel ioiwari variants --tiers`
//! writes its tiers: each is replaced, never written through (that the log is still written
//! line by line as the game goes is `ioiwari_programs`'s to check). Unix alone, where a test
//! makes a link freely; `duel-files`'s own tests plant links on Windows too.

#![cfg(unix)]

use duel_test_support::duel;
use std::fs;
use std::path::Path;

/// Runs `ioiwari2 ARGS` in `dir` with `input` as player 1's moves: its exit code, stdout and
/// stderr.
fn ioiwari2_in(dir: &Path, args: &[&str], input: &str) -> (i32, String, String) {
    crate::ioiwari_programs::run_with_input_in(dir, "ioiwari2", args, input)
}

#[test]
fn ioiwari2_replaces_a_link_planted_at_its_log() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let victim = outside.path().join("solution.c");
    fs::write(&victim, "precious").unwrap();
    let log = dir.path().join("ioiwari.out");
    std::os::unix::fs::symlink(&victim, &log).unwrap();
    let (code, _, stderr) = ioiwari2_in(dir.path(), &[], "2\n");
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(fs::read(&victim).unwrap(), b"precious", "written through");
    assert!(fs::symlink_metadata(&log).unwrap().is_file());
    // The log is the one written where no link was planted.
    let plain = tempfile::tempdir().unwrap();
    ioiwari2_in(plain.path(), &[], "2\n");
    let expected = fs::read_to_string(plain.path().join("ioiwari.out")).unwrap();
    assert!(expected.ends_with("input ended mid-game at 4 0 0 4 1 4 0\n"));
    assert_eq!(fs::read_to_string(&log).unwrap(), expected);
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn ioiwari2_logs_into_a_device_named_as_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _, stderr) = ioiwari2_in(dir.path(), &["--log", "/dev/null"], "2\n");
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("input ended mid-game"), "{stderr}");
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// `/dev/stdout` and `/dev/fd/1` are links the system keeps to a stream already open: the log
/// goes to the stream (here a pipe, so the lines come out on stdout twice: shown and logged),
/// and the link is left as it is.
#[test]
fn ioiwari2_logs_into_a_stream_named_by_the_system() {
    // `/dev/stdout` last: a writer that replaced links would replace the system's own there,
    // and the two before it fail first.
    for name in ["/dev/fd/1", "/proc/self/fd/1", "/dev/stdout"] {
        let dir = tempfile::tempdir().unwrap();
        let (code, stdout, stderr) = ioiwari2_in(dir.path(), &["--log", name], "2\n");
        assert_eq!(code, 1, "{name}: {stderr}");
        assert!(
            stdout.contains("start 4 3 2 4 2 3 2"),
            "{name}: the log's first line: {stdout:?}"
        );
        assert!(
            stdout.contains("aborted: player 1: input ended"),
            "{name}: the log's end: {stdout:?}"
        );
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0, "{name}");
    }
    assert!(fs::symlink_metadata("/dev/stdout").unwrap().is_symlink());
}

#[test]
fn variants_tiers_replace_a_link_planted_at_a_partial_tier() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let victim = outside.path().join("precious");
    fs::write(&victim, "precious").unwrap();
    let tiers = dir.path().join("tiers");
    fs::create_dir(&tiers).unwrap();
    std::os::unix::fs::symlink(&victim, tiers.join("tier-005.bin.partial")).unwrap();
    let output = duel!()
        .args([
            "ioiwari", "variants", "--pits", "4", "--cap", "3", "--min", "1", "--max", "3",
        ])
        .arg("--tiers")
        .arg(&tiers)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(fs::read(&victim).unwrap(), b"precious", "written through");
    let tier = fs::symlink_metadata(tiers.join("tier-005.bin")).unwrap();
    assert!(tier.is_file(), "{tier:?}");
    assert_eq!(fs::read_dir(&tiers).unwrap().count(), 12, "one file a tier");
}
