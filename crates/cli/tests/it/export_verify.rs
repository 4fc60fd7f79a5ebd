//! The contest systems' own verifiers accept the exported packages: problemtools'
//! `verifyproblem` on both Kattis packages, statements included (it builds each language's
//! with `problem2pdf` and `problem2html`), every submission in its expected category, no
//! errors. Skipped when the tool is missing, unless `DUEL_REQUIRE_EXPORT_TOOLS` is set or the
//! run is complete (`duel_test_support::skip`; CI sets `DUEL_EXPORT_TOOLS` to the tools'
//! directory).

use crate::support::export::*;
use std::process::Command;

fn verifyproblem(task: &str) {
    let Some(tool) = need_tool("verifyproblem") else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let package = export("kattis", task, work.path());
    // Every part, the statements in their three languages included (that needs TeX).
    let output = Command::new(&tool)
        .arg(&package)
        .env("PATH", tools_path(&tool))
        .output()
        .expect("verifyproblem runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(
        text.contains(&format!("{task} tested: 0 errors")),
        "verifyproblem found errors in the {task} package:\n{text}"
    );
    assert!(!text.contains("ERROR"), "{text}");
    assert!(
        text.contains("Checking problem statements in 3 languages"),
        "{text}"
    );
    let submissions = text.lines().filter(|line| line.contains(") OK: ")).count();
    let expected = duel_export::package(duel_export::Format::Kattis, task.parse().unwrap())
        .files
        .iter()
        .filter(|file| file.path.starts_with("submissions/"))
        .count(); // one file a submission: the Pascal unit's directory holds only the unit
    assert_eq!(
        submissions, expected,
        "every submission is judged as expected:\n{text}"
    );
}

#[test]
fn verifyproblem_accepts_the_kattis_ioiwari_package() {
    verifyproblem("ioiwari");
}

#[test]
fn verifyproblem_accepts_the_kattis_mis_package() {
    verifyproblem("mis");
}
