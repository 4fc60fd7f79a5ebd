//! Nothing of a run is left behind as a zombie: bubblewrap's outer process does not wait for
//! the init of its PID namespace, which the judge (the subreaper of its runs) must reap.
//!
//! A test binary of its own, not a module of `tests/it`: it checks that this process has no
//! zombie children, which any other test's runs under way in the same process would be, and it
//! runs again inside a PID namespace of its own by re-executing its binary.

use duel_sandbox::{Launcher, Limits, ProgramCommand, Sandbox};
use duel_test_support::process::zombie_children;
use std::process::Command;
use std::time::Duration;

/// Set in the copy of this binary that runs in a PID namespace of its own.
const INNER: &str = "DUEL_TEST_FOREIGN_SESSION";

/// Held by each test while it runs: the second one's `unshare` is a child of this process too,
/// and would be seen as a zombie by the first between its exit and its reaping.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// This process's session id as `/proc` shows it (the field after the process group).
fn own_session() -> i32 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let (_, rest) = stat.rsplit_once(") ").unwrap();
    rest.split_whitespace().nth(3).unwrap().parse().unwrap()
}

#[test]
fn runs_leave_no_zombie_behind() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if std::env::var_os(INNER).is_some() {
        // The case the test below sets up: the session's leader is outside this namespace.
        assert_eq!(
            own_session(),
            0,
            "the session should be one /proc cannot name"
        );
    }
    for sandbox in [Sandbox::Auto, Sandbox::User] {
        let launcher = Launcher::new(
            // A grandchild that outlives the program, too.
            ProgramCommand::shell("read x; (sleep 30 &) ; echo done"),
            Limits::new(Duration::from_secs(2), 64),
        )
        .with_sandbox(sandbox)
        .with_working_dir("/");
        for _ in 0..5 {
            let mut process = launcher.spawn().unwrap();
            process.write_line("go").unwrap();
            assert_eq!(process.read_line().unwrap(), "done");
            let _ = process.finish();
        }
        assert_eq!(zombie_children(), Vec::<i32>::new(), "{sandbox:?}");
    }
}

/// A judge whose session's leader lies outside its PID namespace, as in a container, sees its
/// session as 0: its runs must work there too (once, the clean-up after each run panicked on
/// that 0). The test above runs again in such a namespace, under a shell so that it is not the
/// namespace's init.
#[test]
fn runs_work_when_the_session_leader_is_outside_the_pid_namespace() {
    if std::env::var_os(INNER).is_some() {
        return;
    }
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    if !rustix::process::geteuid().is_root() {
        eprintln!("skipped: making a PID namespace needs root");
        return;
    }
    let unshare = || {
        let mut command = Command::new("unshare");
        command.args(["--pid", "--fork", "--mount-proc", "--"]);
        command
    };
    if !unshare().arg("true").status().is_ok_and(|s| s.success()) {
        eprintln!("skipped: `unshare --pid --fork --mount-proc` does not work here");
        return;
    }
    let output = unshare()
        .args(["sh", "-c", r#""$0" "$@"; exit $?"#])
        .arg(std::env::current_exe().unwrap())
        .args(["--exact", "runs_leave_no_zombie_behind", "--test-threads=1"])
        .env(INNER, "1")
        .output()
        .expect("unshare runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("1 passed"), "{stdout}");
}
