//! `duel kit ... --force` over planted links: a link in place of a kit file is replaced
//! itself and its target left as it is; a link in place of a kit directory is refused with a
//! one-line error and exit status 2, before anything is written.

use duel_test_support::duel;
use std::path::Path;
use std::process::Output;

fn kit(args: &[&str], dir: &Path) -> Output {
    duel!()
        .arg("kit")
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

#[test]
fn kit_force_replaces_a_planted_file_link_and_leaves_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    std::fs::create_dir_all(dir.path().join("kit/ioiwari/tests")).unwrap();
    std::fs::create_dir_all(dir.path().join("kit/mis")).unwrap();
    for planted in ["kit/mis/README.md", "kit/ioiwari/tests/01.txt"] {
        std::os::unix::fs::symlink(&victim, dir.path().join(planted)).unwrap();
    }
    let output = kit(&["mis", "kit", "--force"], dir.path());
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let output = kit(&["ioiwari", "kit", "--force"], dir.path());
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    for planted in ["kit/mis/README.md", "kit/ioiwari/tests/01.txt"] {
        let meta = std::fs::symlink_metadata(dir.path().join(planted)).unwrap();
        assert!(meta.file_type().is_file(), "{planted} is still a link");
    }
}

#[test]
fn kit_force_refuses_a_planted_directory_link() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    std::fs::create_dir(dir.path().join("kit")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, dir.path().join("kit/ioiwari")).unwrap();
    let output = kit(&["ioiwari", "kit", "--force"], dir.path());
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("kit/ioiwari is a symbolic link"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
}
