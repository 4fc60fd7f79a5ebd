//! One program, one verdict: the rule for a program whose first process ends while a child
//! it started plays on holds in every sandbox and on every run, and the wall clock's reason
//! names what the program really did.

use crate::support::{python, sandboxes};
use duel_sandbox::{FaultKind, Halt, Launcher, Limits, Sandbox};
use std::time::Duration;

/// A game of counting: the judge says a number, the program answers the next one.
const ROUNDS: u64 = 50;

/// Plays the counting game of `rounds` numbers with `launcher` to its end: the verdict, or
/// `None` when every number was answered and the program then ended cleanly.
fn play(launcher: &Launcher, rounds: u64) -> Option<FaultKind> {
    let mut process = launcher.spawn().unwrap();
    for round in 0..rounds {
        let answer = process
            .write_line(&round.to_string())
            .and_then(|()| process.read_line());
        match answer {
            Ok(line) => assert_eq!(line, (round + 1).to_string()),
            Err(Halt::Fault(fault)) => return Some(fault.kind),
            Err(Halt::Cancelled) => panic!("cancelled"),
        }
    }
    match process.finish().result {
        Ok(()) => None,
        Err(Halt::Fault(fault)) => Some(fault.kind),
        Err(Halt::Cancelled) => panic!("cancelled"),
    }
}

#[test]
fn a_program_whose_first_process_exits_while_its_child_plays_on_ends_there_every_time() {
    let limits = Limits::new(Duration::from_secs(5), 64).with_wall_time(Duration::from_secs(10));
    for sandbox in sandboxes() {
        let launcher = Launcher::new(python(CHILD_ANSWERS_AFTER_ITS_PARENTS_END), limits)
            .with_sandbox(sandbox);
        let verdicts: Vec<Option<FaultKind>> = (0..50).map(|_| play(&launcher, ROUNDS)).collect();
        assert!(
            verdicts.iter().all(|v| *v == Some(FaultKind::EndedEarly)),
            "{sandbox:?}: {verdicts:?}"
        );
    }
}

/// The parent answers the first number, forks and exits 0; the child answers the rest, but only
/// once its parent has ended (it is reparented), so every answer of the child comes after the
/// program's end. (A child that answers at once may answer while its parent has not yet begun
/// to exit, on a loaded machine even the whole game: by the rule those answers are the
/// program's, and the verdict then depends on the scheduler, not on the judge.)
const CHILD_ANSWERS_AFTER_ITS_PARENTS_END: &str = "import os, sys, time\n\
    print(int(sys.stdin.readline()) + 1, flush=True)\n\
    parent = os.getpid()\n\
    if os.fork() > 0:\n\
    \x20   os._exit(0)\n\
    while os.getppid() == parent:\n\
    \x20   time.sleep(0.001)\n\
    for line in sys.stdin:\n\
    \x20   print(int(line) + 1, flush=True)\n";

#[test]
fn a_childs_one_answer_that_would_end_the_game_is_not_taken_either() {
    // Two numbers: the child's one answer, were it taken, would end the game cleanly (its
    // parent exited 0). Whether the judge looks before or after the child answers, the
    // answer is not the program's: the first process never wrote it. Under bubblewrap too,
    // whose init reaps the first process at once, then writes 8 bytes of its own and reaps
    // the rest: the count is read before that.
    let limits = Limits::new(Duration::from_secs(5), 64).with_wall_time(Duration::from_secs(10));
    for sandbox in sandboxes() {
        let program = python(CHILD_ANSWERS_AFTER_ITS_PARENTS_END);
        let launcher = Launcher::new(program, limits).with_sandbox(sandbox);
        let verdicts: Vec<Option<FaultKind>> = (0..50).map(|_| play(&launcher, 2)).collect();
        assert!(
            verdicts.iter().all(|v| *v == Some(FaultKind::EndedEarly)),
            "{sandbox:?}: {verdicts:?}"
        );
    }
}

#[test]
fn a_program_whose_child_plays_while_it_waits_for_the_child_is_judged_by_the_moves() {
    // The first process answers nothing itself: its child plays the whole game while it waits
    // for the child, then exits with the child. The kernel counts the child's writes as its
    // parent's once waited for: every answer stands, every time.
    let script = "import os, sys\n\
        pid = os.fork()\n\
        if pid > 0:\n\
        \x20   os.waitpid(pid, 0)\n\
        \x20   os._exit(0)\n\
        for line in sys.stdin:\n\
        \x20   print(int(line) + 1, flush=True)\n";
    let limits = Limits::new(Duration::from_secs(5), 64).with_wall_time(Duration::from_secs(10));
    for sandbox in sandboxes() {
        let launcher = Launcher::new(python(script), limits).with_sandbox(sandbox);
        let verdicts: Vec<Option<FaultKind>> = (0..20).map(|_| play(&launcher, 3)).collect();
        assert!(
            verdicts.iter().all(Option::is_none),
            "{sandbox:?}: {verdicts:?}"
        );
    }
}

#[test]
fn a_program_that_stops_reading_is_told_so_not_blamed_for_its_lines() {
    // Writes whole lines for ever, never reading: the judge blocks writing to it.
    let script =
        "import sys\nwhile True:\n    sys.stdout.write('1 0\\n')\n    sys.stdout.flush()\n";
    let limits = Limits::new(Duration::from_secs(10), 64).with_wall_time(Duration::from_secs(1));
    let mut process = Launcher::new(python(script), limits)
        .with_sandbox(Sandbox::None)
        .spawn()
        .unwrap();
    let fault = loop {
        let step = process.read_line().and_then(|_| process.write_line("1 0"));
        if let Err(Halt::Fault(fault)) = step {
            break fault;
        }
    };
    assert_eq!(fault.kind, FaultKind::WallTime, "{}", fault.reason);
    assert!(
        fault.reason.contains("it stopped reading its input"),
        "{}",
        fault.reason
    );
    assert!(!fault.reason.contains("end of line"), "{}", fault.reason);
}

#[test]
fn a_program_that_never_ends_its_line_is_told_that() {
    let script = "import sys, time\nsys.stdout.write('12')\nsys.stdout.flush()\ntime.sleep(30)\n";
    let limits = Limits::new(Duration::from_secs(10), 64).with_wall_time(Duration::from_secs(1));
    let mut process = Launcher::new(python(script), limits)
        .with_sandbox(Sandbox::None)
        .spawn()
        .unwrap();
    let Err(Halt::Fault(fault)) = process.read_line() else {
        panic!("a line came")
    };
    assert_eq!(fault.kind, FaultKind::WallTime, "{}", fault.reason);
    assert!(
        fault.reason.contains("it wrote 2 bytes but no end of line"),
        "{}",
        fault.reason
    );
}
