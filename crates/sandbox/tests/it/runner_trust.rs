//! What the runner gives every program, whatever the judge's own state: a fixed environment
//! and, as root, a user no other running program has.

use duel_sandbox::{Launcher, Limits, ProgramCommand, Sandbox, BOX_ID_BASE};
use duel_test_support::process::is_root;
use std::time::Duration;

/// Every line a program writes until its output ends.
fn all_lines(launcher: &Launcher) -> Vec<String> {
    let mut process = launcher.spawn().unwrap();
    let mut lines = Vec::new();
    while let Ok(line) = process.read_line() {
        lines.push(line);
    }
    lines
}

#[test]
fn a_program_gets_the_fixed_environment_and_nothing_of_the_judges() {
    // This test's own environment is Cargo's (CARGO_*, RUST_*, HOME=/root...): none of it
    // may reach the program, in any sandbox.
    assert!(std::env::var_os("CARGO_MANIFEST_DIR").is_some());
    for sandbox in [Sandbox::Trusted, Sandbox::None, Sandbox::Auto] {
        let launcher = Launcher::new(
            ProgramCommand::Argv(vec!["/usr/bin/env".into()]),
            Limits::new(Duration::from_secs(2), 64),
        )
        .with_sandbox(sandbox);
        let mut lines = all_lines(&launcher);
        lines.sort();
        let pwd = format!("PWD={}", std::env::current_dir().unwrap().display());
        assert_eq!(
            lines,
            [
                "HOME=/tmp",
                "LANG=C.UTF-8",
                "LC_ALL=C.UTF-8",
                "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                &pwd,
                "TMPDIR=/tmp",
            ],
            "{sandbox:?}"
        );
        let mut listed = launcher.environment();
        listed.sort();
        assert_eq!(listed, lines, "the report lists what the program got");
    }
}

#[test]
fn a_named_program_outside_the_system_adds_its_directory_and_one_variable_is_added() {
    let dir = tempfile::tempdir().unwrap();
    let launcher = Launcher::new(
        ProgramCommand::shell("env"),
        Limits::new(Duration::from_secs(2), 64),
    )
    .with_env("RUSTUP_HOME", dir.path());
    let lines = all_lines(&launcher);
    assert!(
        lines.contains(&format!("RUSTUP_HOME={}", dir.path().display())),
        "{lines:?}"
    );
    assert_eq!(lines.len(), 7, "{lines:?}");
}

#[test]
fn seventy_programs_running_at_once_have_seventy_users() {
    if !is_root() {
        return;
    }
    let launcher = Launcher::new(
        ProgramCommand::shell("id -u; read x"),
        Limits::new(Duration::from_secs(5), 64),
    )
    .with_sandbox(Sandbox::None);
    // All 70 are alive at once: each waits for a line it never gets before it ends.
    let mut running = Vec::new();
    let mut uids = Vec::new();
    for _ in 0..70 {
        let mut process = launcher.spawn().unwrap();
        let uid: u32 = process.read_line().unwrap().parse().unwrap();
        assert_eq!(process.box_uid(), Some(uid));
        uids.push(uid);
        running.push(process);
    }
    uids.sort_unstable();
    uids.dedup();
    assert_eq!(uids.len(), 70, "programs running at once shared a user");
    assert!(uids.iter().all(|uid| *uid >= BOX_ID_BASE));
    for process in running {
        process.abort();
    }
}
