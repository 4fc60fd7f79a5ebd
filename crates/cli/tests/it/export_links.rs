//! `duel export` never writes through a symbolic link already in its directory: a link where a
//! file, a subdirectory or the package's own directory would go is refused with a one-line
//! error and exit status 2, before anything is written, and whatever the link points at is
//! left as it was.

use duel_test_support::duel;
use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::Output;

/// Every format `duel export` writes.
const FORMATS: [&str; 3] = ["kattis", "dmoj", "cms"];

fn duel_export(format: &str, dir: &Path, task: &str) -> Output {
    duel!()
        .args(["export", format])
        .arg(dir)
        .args(["--task", task])
        .output()
        .expect("duel runs")
}

/// Checks that the export was refused because of `link`, naming it on one line.
fn assert_refused(output: &Output, link: &Path) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!("{} is a symbolic link", link.display())),
        "the error names the link: {stderr}"
    );
    assert!(stderr.contains("never writes through links"), "{stderr}");
    assert!(output.stdout.is_empty(), "nothing was reported written");
}

/// Every entry below `dir`, recursively, links included but not followed.
fn entries(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(at) = stack.pop() {
        for entry in fs::read_dir(&at).unwrap() {
            let entry = entry.unwrap();
            let path = entry.path();
            found.push(path.strip_prefix(dir).unwrap().display().to_string());
            if entry.file_type().unwrap().is_dir() {
                stack.push(path);
            }
        }
    }
    found.sort();
    found
}

#[test]
fn a_link_at_a_files_path_is_refused_and_its_target_untouched() {
    // Planted at a file every format writes, and at the two files the CMS export builds.
    let cases = [
        ("kattis", "ioiwari", "problem.yaml"),
        ("kattis", "mis", "output_validators/referee/validator.cpp"),
        ("dmoj", "ioiwari", "init.yml"),
        ("icpc", "ioiwari", "output_validator/interactor.cpp"),
        ("cms", "ioiwari", "task.yaml"),
        ("cms", "mis", "check/manager"),
        ("cms", "mis", "statement/statement.pdf"),
        ("polygon", "ioiwari", "problem.xml"),
        ("polygon", "mis", "statements/polish/problem.tex"),
    ];
    for (format, task, file) in cases {
        let work = tempfile::tempdir().unwrap();
        let victim = work.path().join("victim");
        fs::write(&victim, "precious\n").unwrap();
        let out = work.path().join("out");
        let link = out.join(task).join(file);
        fs::create_dir_all(link.parent().unwrap()).unwrap();
        symlink(&victim, &link).unwrap();
        let output = duel_export(format, &out, task);
        assert_refused(&output, &link);
        assert_eq!(fs::read_to_string(&victim).unwrap(), "precious\n");
        assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
        // Refused before anything was written: only the planted link and its directories.
        let parts = Path::new(file).components().count();
        assert_eq!(
            entries(&out.join(task)).len(),
            parts,
            "{format} {task} {file}: {:?}",
            entries(&out.join(task))
        );
    }
}

#[test]
fn a_link_at_a_subdirectory_is_refused_and_the_directory_it_names_stays_empty() {
    for format in FORMATS {
        let work = tempfile::tempdir().unwrap();
        let elsewhere = work.path().join("elsewhere");
        fs::create_dir(&elsewhere).unwrap();
        let out = work.path().join("out");
        fs::create_dir_all(out.join("mis")).unwrap();
        // A directory each format writes into.
        let sub = match format {
            "kattis" => "data",
            "dmoj" => "self-tests",
            _ => "check",
        };
        let link = out.join("mis").join(sub);
        symlink(&elsewhere, &link).unwrap();
        let output = duel_export(format, &out, "mis");
        assert_refused(&output, &link);
        assert!(
            entries(&elsewhere).is_empty(),
            "{format}: nothing went through"
        );
        assert_eq!(
            entries(&out.join("mis")),
            [sub],
            "{format}: nothing else was written"
        );
    }
}

#[test]
fn a_link_as_the_directorys_own_child_pointing_outside_is_refused() {
    for format in FORMATS.into_iter().chain(["icpc", "polygon"]) {
        let work = tempfile::tempdir().unwrap();
        let outside = work.path().join("outside");
        fs::create_dir(&outside).unwrap();
        let out = work.path().join("out");
        fs::create_dir(&out).unwrap();
        let link = out.join("ioiwari");
        symlink(&outside, &link).unwrap();
        let output = duel_export(format, &out, "ioiwari");
        assert_refused(&output, &link);
        assert!(
            entries(&outside).is_empty(),
            "{format}: nothing went through"
        );
    }
}

#[test]
fn a_directory_named_through_a_link_is_followed_as_the_user_named_it() {
    // DIR itself is the user's choice: a link there is followed, and the package lands in the
    // directory it names.
    let work = tempfile::tempdir().unwrap();
    let real = work.path().join("real");
    fs::create_dir(&real).unwrap();
    let named = work.path().join("named");
    symlink(&real, &named).unwrap();
    let output = duel_export("kattis", &named, "ioiwari");
    assert!(output.status.success(), "{output:?}");
    assert!(real.join("ioiwari/problem.yaml").is_file());
}

#[test]
fn a_second_export_replaces_the_files_it_wrote() {
    let work = tempfile::tempdir().unwrap();
    let out = work.path().join("out");
    assert!(duel_export("kattis", &out, "mis").status.success());
    let yaml = out.join("mis/problem.yaml");
    fs::write(&yaml, "changed\n").unwrap();
    let kept = out.join("mis/notes.txt");
    fs::write(&kept, "mine\n").unwrap();
    assert!(duel_export("kattis", &out, "mis").status.success());
    assert!(fs::read_to_string(&yaml).unwrap().starts_with("name: "));
    assert_eq!(fs::read_to_string(&kept).unwrap(), "mine\n");
    // No temporary file is left behind.
    assert!(
        !entries(&out).iter().any(|entry| entry.contains(".duel-")),
        "{:?}",
        entries(&out)
    );
}

#[test]
fn the_help_says_links_are_refused() {
    let output = duel!()
        .args(["export", "--help"])
        .output()
        .expect("duel runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("never writes through a symbolic link"),
        "{text}"
    );
}

#[test]
fn a_link_at_the_domjudge_zips_path_is_refused_and_its_target_untouched() {
    let work = tempfile::tempdir().unwrap();
    let victim = work.path().join("victim");
    fs::write(&victim, "precious\n").unwrap();
    let out = work.path().join("out");
    fs::create_dir(&out).unwrap();
    let link = out.join("ioiwari.zip");
    symlink(&victim, &link).unwrap();
    let output = duel_export("domjudge", &out, "ioiwari");
    assert_refused(&output, &link);
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious\n");
    assert_eq!(entries(&out), ["ioiwari.zip"]);
}
