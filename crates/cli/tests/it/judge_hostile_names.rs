//! A submissions directory is hostile input: names that would drive the organiser's terminal
//! or a spreadsheet, and entries that are no regular file. One test per attack.

use crate::support::hostile::{mkfifo, one_board, read_report};
use crate::support::sources::source;
use duel_test_support::{duel, work_dir};
use serde_json::Value;
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `duel ioiwari judge` on the directory `entries` with one board, a report and a CSV;
/// killed (and failed) after two minutes, so that a judge blocked on a FIFO cannot hang the
/// tests.
fn judge_directory(dir: &Path, entries: &Path) -> (Output, Value, String) {
    let report = dir.join("report.json");
    let csv = dir.join("ranking.csv");
    let mut child = duel!()
        .args(["ioiwari", "judge", "--tests", &one_board(dir)])
        .arg("--player")
        .arg(entries)
        .arg("--report")
        .arg(&report)
        .arg("--csv")
        .arg(&csv)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("the judge did not finish in two minutes");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    (
        output,
        read_report(&report),
        std::fs::read_to_string(csv).unwrap(),
    )
}

/// The characters that act on a terminal or hide text: ESC, BEL, the C1 CSI, the
/// right-to-left override and isolate, a zero-width space and joiner.
const ACTIVE: [char; 7] = [
    '\u{1b}', '\u{7}', '\u{9b}', '\u{202e}', '\u{2067}', '\u{200b}', '\u{200d}',
];

fn assert_inert(what: &str, text: &str) {
    for c in ACTIVE {
        assert!(!text.contains(c), "{what} holds {c:?} raw:\n{text}");
    }
}

#[test]
fn names_that_drive_a_terminal_or_a_spreadsheet_are_shown_escaped_everywhere() {
    let dir = work_dir!();
    let entries = dir.path().join("entries");
    std::fs::create_dir(&entries).unwrap();
    let broken = source("ioiwari/broken.c");
    let perfect = source("ioiwari/perfect.c");
    // Clears the screen through "does not compile:" and the compiler's own lines.
    std::fs::copy(&broken, entries.join("clear\u{1b}[2J.c")).unwrap();
    // Sets the terminal's title; reverses the ranking's text; hides a character.
    std::fs::copy(&perfect, entries.join("title\u{1b}]0;pwned\u{7}.c")).unwrap();
    std::fs::copy(&perfect, entries.join("=HYPERLINK(1)\u{202e}c.evil.c")).unwrap();
    std::fs::copy(
        &perfect,
        entries.join("zero\u{200b}width\u{200d}\u{2067}.c"),
    )
    .unwrap();
    // Neither a source nor a program: the "skipping" line.
    std::fs::write(entries.join("notes\u{9b}31m"), "no submission\n").unwrap();
    let (output, report, csv) = judge_directory(dir.path(), &entries);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_inert("stdout", &stdout);
    assert_inert("stderr", &stderr);
    assert_inert("the CSV", &csv);
    assert!(
        stderr.contains("/clear␛[2J.c does not compile:"),
        "{stderr}"
    );
    assert!(stderr.contains("skipping") && stderr.contains("notes⟨U+009B⟩31m"));
    assert!(stdout.contains("title␛]0;pwned␇.c"), "{stdout}");
    assert!(stdout.contains("=HYPERLINK(1)⟨U+202E⟩c.evil.c"), "{stdout}");
    assert!(
        stdout.contains("zero⟨U+200B⟩width⟨U+200D⟩⟨U+2067⟩.c"),
        "{stdout}"
    );
    // The spreadsheet reads the cell as text, not as a formula.
    assert!(
        csv.lines()
            .any(|line| line.contains(",'=HYPERLINK(1)⟨U+202E⟩c.evil.c,")),
        "{csv}"
    );
    assert!(
        !csv.lines().any(|line| line.contains(",=")),
        "a cell starts a formula:\n{csv}"
    );
    // The report keeps the names as they are (JSON is for programs), and its reasons (for
    // people) are escaped.
    let names: Vec<&str> = report["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .map(|standing| standing["submission"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"clear\u{1b}[2J.c"), "{names:?}");
    for submission in report["submissions"].as_array().unwrap() {
        for test in submission["tests"].as_array().unwrap() {
            assert_inert("a reason", test["reason"].as_str().unwrap_or(""));
        }
    }
}

/// `--json` prints the report on the terminal: the hidden characters of a name come out as
/// JSON escapes there, and a program reading the JSON still gets the name as it is; for one
/// submission and for a directory of them.
#[test]
fn json_on_the_terminal_escapes_what_a_name_hides_and_reads_back_the_same() {
    let dir = work_dir!();
    let entries = dir.path().join("entries");
    std::fs::create_dir(&entries).unwrap();
    let name = "=x\u{202e}c.evil\u{200b}\u{1b}[2J.c";
    std::fs::copy(source("ioiwari/perfect.c"), entries.join(name)).unwrap();
    let tests = one_board(dir.path());
    for player in [entries.join(name), entries.clone()] {
        let output = duel!()
            .args(["ioiwari", "judge", "--json", "--tests", &tests])
            .arg("--player")
            .arg(&player)
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(output.status.code(), Some(0), "{player:?}: {stdout}");
        assert_inert("--json", &stdout);
        let report: Value = serde_json::from_str(&stdout).unwrap();
        let named = report["player"]
            .as_str()
            .or_else(|| report["ranking"][0]["submission"].as_str())
            .unwrap();
        assert!(named.ends_with(name), "{player:?}: {named:?}");
    }
}

#[test]
fn every_entry_that_is_no_regular_file_is_reported_never_silently_dropped() {
    let dir = work_dir!();
    let entries = dir.path().join("entries");
    std::fs::create_dir(&entries).unwrap();
    std::fs::copy(source("ioiwari/perfect.c"), entries.join("perfect.c")).unwrap();
    // Named like sources: each its row, with compile_error and why. The FIFO has no writer:
    // opening it for reading would block the judge for ever.
    mkfifo(&entries.join("fifo.c"));
    std::os::unix::fs::symlink("/dev/zero", entries.join("zero.c")).unwrap();
    std::fs::create_dir(entries.join("dir.c")).unwrap();
    std::os::unix::fs::symlink(entries.join("nowhere"), entries.join("dangling.c")).unwrap();
    std::os::unix::fs::symlink("loop.c", entries.join("loop.c")).unwrap();
    // Named like nothing: a line each.
    mkfifo(&entries.join("pipe"));
    std::fs::create_dir(entries.join("subdir")).unwrap();
    let (output, report, _) = judge_directory(dir.path(), &entries);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let reason_of = |name: &str| -> String {
        let submission = report["submissions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|submission| submission["player"] == name)
            .unwrap_or_else(|| panic!("{name} is not ranked: {report}"));
        let test = &submission["tests"][0];
        assert_eq!(test["verdict"], "compile_error", "{name}: {test}");
        test["reason"].as_str().unwrap().to_owned()
    };
    for (name, why) in [
        ("fifo.c", "not a regular file (a FIFO)"),
        ("zero.c", "not a regular file (a character device)"),
        ("dir.c", "it is a directory"),
        ("dangling.c", "No such file or directory"),
        ("loop.c", "Too many levels of symbolic links"),
    ] {
        let reason = reason_of(name);
        assert!(reason.contains(why), "{name}: {reason}");
        assert_eq!(reason.matches(why).count(), 1, "said once: {reason}");
    }
    assert_eq!(report["ranking"].as_array().unwrap().len(), 6, "{report}");
    for name in ["pipe", "subdir"] {
        assert!(
            stderr.contains(&format!("{name} (not a regular file)")),
            "{name}: {stderr}"
        );
    }
}
