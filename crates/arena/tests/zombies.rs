//! Nothing of a run is left behind as a zombie: bubblewrap's outer process does not wait for
//! the init of its PID namespace, which the judge (the subreaper of its runs) must reap. A
//! test binary of its own, so that no other test's runs are under way meanwhile.

use duel_arena::runner::{Launcher, Limits, ProgramCommand, Sandbox};
use std::time::Duration;

/// This process's children that are zombies.
fn zombie_children() -> Vec<i32> {
    let mut zombies = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").unwrap().flatten() {
        let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        for pid in children.split_whitespace() {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            // The state follows the command's closing parenthesis.
            let state = stat.rsplit_once(") ").map(|(_, rest)| rest.chars().next());
            if state == Some(Some('Z')) {
                zombies.push(pid.parse().unwrap());
            }
        }
    }
    zombies
}

#[test]
fn runs_leave_no_zombie_behind() {
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
