//! Safe by default: a judge built from the library's defaults only (`Settings::new`, which
//! holds `Toolchain::new`) runs a submission isolated, as `--sandbox auto` does.
//! The submission tells what it sees of the kernel (its uid, how many system-call filters it
//! is under, its PID namespace) as its first move; the judge's reason quotes it, and it is
//! compared with the same program started unconfined by the judge's own `Sandbox::Trusted`.

use crate::judge_player;
use duel_arena::judge::{Observer, Settings};
use duel_arena::output::TestResult;
use duel_arena::Verdict;
use duel_ioiwari::Board;
use duel_sandbox::{Isolation, Launcher, Limits, ProgramCommand, Sandbox};
use std::time::Duration;

struct Ignore;

impl Observer for Ignore {
    fn progress(&mut self, _done: usize, _planned: usize) {}
    fn result(&mut self, _submission: usize, _result: &TestResult, _log: &str) {}
}

/// A player that reads the board, then answers with what it sees instead of a move.
fn observer_player() -> ProgramCommand {
    ProgramCommand::shell(
        "read board; echo \"seen:$(id -u):$(sed -n 's/^Seccomp_filters:[[:space:]]*//p' \
         /proc/self/status):$(readlink /proc/self/ns/pid)\"",
    )
}

/// The `seen:...` words in a judge's reason.
fn sight(reason: &str) -> String {
    let start = reason.find("seen:").unwrap_or_else(|| panic!("{reason}"));
    reason[start..]
        .split(|c: char| c.is_whitespace() || c == '"' || c == '\'' || c == '`')
        .next()
        .unwrap()
        .to_owned()
}

#[test]
fn a_judge_built_from_defaults_runs_the_submission_isolated() {
    let limits = Limits::new(Duration::from_secs(2), 64);
    // The one way into a judge, `judge_all` with the settings, starts from the isolating
    // default.
    let settings = Settings::new(limits);
    assert_eq!(settings.sandbox, Sandbox::Auto);

    let board: Board = "4 4 4 2 2 2 2".parse().unwrap();
    let report = judge_player(observer_player(), &[board], &settings, &mut Ignore).unwrap();
    let result = &report.tests[0];
    assert_ne!(result.verdict, Verdict::Win, "{result:?}");
    let judged = sight(result.reason.as_deref().unwrap_or_default());

    // The same program unconfined: what the judge's own trusted runs see.
    let mut process = Launcher::new(observer_player(), limits)
        .with_sandbox(Sandbox::Trusted)
        .spawn()
        .unwrap();
    process.write_line("4 4 4 2 2 2 2").unwrap();
    let unconfined = process.read_line().unwrap();

    let isolation = Isolation::detect();
    if !duel_test_support::skip::unless(
        isolation.syscall_filter || isolation.box_users || Sandbox::Auto.uses_bwrap(),
        "this machine allows no isolation beyond limits: nothing to compare",
        "run the tests as root, or with bubblewrap (.ci/setup installs it), as CI does",
    ) {
        return;
    }
    assert_ne!(
        judged, unconfined,
        "a submission judged from defaults sees what an unconfined program sees"
    );
}
