//! `duel export` checks every target before it writes the first: a FIFO, a file or an
//! unwritable directory where any task's package would go is refused with one line naming
//! it and its cause once, exit status 2, and nothing written. And `--language` chooses the
//! language of DOMjudge's one statement.

use duel_test_support::duel;
use std::fs;
use std::path::Path;
use std::process::Output;

fn duel_export(args: &[&str], dir: &Path) -> Output {
    duel!()
        .arg("export")
        .args(&args[..1])
        .arg(dir)
        .args(&args[1..])
        .output()
        .expect("duel runs")
}

/// Fails unless the export was refused with exit status 2, one line naming `named`, no
/// repeated cause, and nothing on standard output.
fn assert_refused(output: &Output, named: &Path) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(&named.display().to_string()), "{stderr}");
    // "X: X": no part of the message after a colon repeats.
    let parts: Vec<&str> = stderr.trim_end().split(": ").collect();
    for (i, part) in parts.iter().enumerate() {
        assert!(
            !parts[i + 1..].contains(part),
            "{part:?} repeated: {stderr}"
        );
    }
    assert!(output.stdout.is_empty(), "nothing was reported written");
    stderr
}

/// A FIFO named `name` in `dir`.
fn fifo(dir: &Path, name: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    rustix::fs::mknodat(
        rustix::fs::CWD,
        &path,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o644),
        0,
    )
    .expect("mkfifo");
    path
}

#[test]
fn a_fifo_where_the_second_tasks_directory_goes_leaves_the_first_unwritten() {
    for format in ["kattis", "icpc", "dmoj", "cms", "polygon"] {
        let work = tempfile::tempdir().unwrap();
        let blocked = fifo(work.path(), "mis");
        let output = duel_export(&[format], work.path());
        let stderr = assert_refused(&output, &blocked);
        assert!(stderr.contains("not a directory"), "{format}: {stderr}");
        assert!(
            !work.path().join("ioiwari").exists(),
            "{format}: the first task was written before the second was refused"
        );
    }
}

#[test]
fn a_directory_where_the_second_zip_goes_leaves_the_first_unwritten() {
    for args in [&["domjudge"][..], &["polygon", "--zip"]] {
        let work = tempfile::tempdir().unwrap();
        let blocked = work.path().join("mis.zip");
        fs::create_dir(&blocked).unwrap();
        let output = duel_export(args, work.path());
        assert_refused(&output, &blocked);
        assert!(!work.path().join("ioiwari.zip").exists(), "{args:?}");
    }
}

#[test]
fn a_file_as_the_output_directory_is_refused_once() {
    let work = tempfile::tempdir().unwrap();
    let file = work.path().join("out");
    fs::write(&file, "").unwrap();
    for format in ["kattis", "domjudge"] {
        let output = duel_export(&[format], &file);
        let stderr = assert_refused(&output, &file);
        assert!(stderr.contains("not a directory"), "{stderr}");
    }
    // Below a file, too.
    let output = duel_export(&["dmoj"], &file.join("below"));
    assert_refused(&output, &file);
}

#[test]
fn an_unwritable_output_directory_is_refused_before_anything_is_written() {
    use std::os::unix::fs::PermissionsExt;
    // A directory package, a zip (DOMjudge's) and the new format's both ways.
    let cases = [
        &["kattis"][..],
        &["domjudge"],
        &["polygon"],
        &["polygon", "--zip"],
    ];
    for args in cases {
        let work = tempfile::tempdir().unwrap();
        if rustix::process::geteuid().is_root() {
            // Root writes through any mode bits; /proc takes no new directory, even from root.
            let dir = Path::new("/proc/duel-export-test");
            let output = duel_export(args, dir);
            assert_refused(&output, dir);
            assert!(!dir.exists(), "{args:?}");
            continue;
        }
        let dir = work.path().join("locked");
        fs::create_dir(&dir).unwrap();
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o555)).unwrap();
        let output = duel_export(args, &dir);
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
        let stderr = assert_refused(&output, &dir);
        assert!(stderr.contains("ermission denied"), "{args:?}: {stderr}");
        assert!(
            fs::read_dir(&dir).unwrap().next().is_none(),
            "{args:?}: nothing written"
        );
    }
}

#[test]
fn language_chooses_the_domjudge_statement_and_is_refused_elsewhere() {
    let work = tempfile::tempdir().unwrap();
    for language in ["en", "vi", "pl"] {
        let dir = work.path().join(language);
        let output = duel_export(&["domjudge", "--task", "mis", "--language", language], &dir);
        assert!(output.status.success(), "{output:?}");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout.contains(&format!("statement in {language}")),
            "{stdout}"
        );
    }
    // The PDFs differ by language (each is typeset from its own statement; the words
    // themselves are checked by export_rendered).
    let pdfs: Vec<Vec<u8>> = ["en", "vi", "pl"]
        .iter()
        .map(|l| fs::read(work.path().join(l).join("mis.zip")).unwrap())
        .collect();
    assert!(pdfs[0] != pdfs[1] && pdfs[1] != pdfs[2] && pdfs[0] != pdfs[2]);
    let output = duel_export(&["domjudge", "--language", "de"], work.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("expected en, vi or pl"));
    let output = duel_export(&["kattis", "--language", "vi"], work.path());
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("domjudge only"));
}
