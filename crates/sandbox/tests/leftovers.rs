//! Nothing of a run is left behind: no zombie (bubblewrap's outer process does not wait for the
//! init of its PID namespace, which the judge, the subreaper of its runs, must reap) and no
//! cgroup directory.
//!
//! A test binary of its own, not a module of `tests/it`: its tests check what this whole
//! process has left, its zombie children and the cgroups named after its pid, which any other
//! test's runs under way in the same process would be too (in `tests/it` the cgroup check once
//! waited out its 30 s for the runner tests' runs); one test also runs again inside a PID
//! namespace of its own by re-executing this binary.

use duel_sandbox::{Isolation, Launcher, Limits, ProgramCommand, Sandbox};
use duel_test_support::process::zombie_children;
use duel_test_support::skip;
use std::process::Command;
use std::time::{Duration, Instant};

/// Set in the copy of this binary that runs in a PID namespace of its own.
const INNER: &str = "DUEL_TEST_FOREIGN_SESSION";

/// Held by each test while it runs: another's runs (the `unshare` of the namespace test too) are
/// children of this process, and would be seen as zombies or left cgroups between their exit and
/// their reaping.
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
    for sandbox in [Sandbox::Auto, Sandbox::None] {
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
    if !skip::unless(
        rustix::process::geteuid().is_root(),
        "the tests do not run as root, which making a PID namespace needs",
        "run the tests as root, as CI does",
    ) {
        return;
    }
    let unshare = || {
        let mut command = Command::new("unshare");
        command.args(["--pid", "--fork", "--mount-proc", "--"]);
        command
    };
    if !skip::unless(
        unshare().arg("true").status().is_ok_and(|s| s.success()),
        "`unshare --pid --fork --mount-proc` does not work here",
        "util-linux's unshare, as root, makes one on CI",
    ) {
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

#[test]
fn nothing_is_left_in_the_cgroup_hierarchy_after_a_run() {
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let Some(root) = Isolation::detect().cgroups.clone() else {
        skip::skip(
            "no usable cgroups here",
            "the judge needs a cgroup hierarchy it may write, as root has on CI",
        );
        return;
    };
    let cgroup = root.create().unwrap();
    let procs = cgroup.processes();
    assert!(procs.is_empty());
    drop(cgroup);
    let launcher = Launcher::new(
        ProgramCommand::shell("echo $$; sleep 10 & sleep 10"),
        Limits::new(Duration::from_secs(2), 64),
    );
    let mut process = launcher.spawn().unwrap();
    assert!(process.kernel_accounted());
    let _ = process.read_line().unwrap();
    let usage = process.abort();
    assert!(usage.wall < Duration::from_secs(2));
    // The run's cgroup directories are gone. No other run of this process is under way (the
    // tests here take ONE_AT_A_TIME); the wait only allows the removal a moment.
    let own = format!("duel-{}-", std::process::id());
    let mine = |dir: &str| {
        std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .filter(|e| e.file_name().to_string_lossy().starts_with(&own))
                    .count()
            })
            .unwrap_or(0)
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    while mine("/sys/fs/cgroup/cpuacct") > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(Instant::now() < deadline, "cgroups left behind");
}
