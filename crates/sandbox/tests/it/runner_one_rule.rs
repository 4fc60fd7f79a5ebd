//! One program, one verdict: the rule for a program whose first process ends while a child
//! it started plays on holds in every sandbox and on every run, and the wall clock's reason
//! names what the program really did.

use crate::support::{python, sandboxes};
use duel_sandbox::{Halt, Launcher, Limits, Sandbox, Verdict};
use std::time::Duration;

/// A game of counting: the judge says a number, the program answers the next one. A few
/// milliseconds of play: the parent's exit (a Python process's, some milliseconds on a loaded
/// machine) is still in progress while its child answers, which the judge must not take for
/// the program still running (a judge that waited for the exit to complete let the child
/// play the whole game out in some runs under load).
const ROUNDS: u64 = 50;

/// Plays the counting game with `launcher` to its end: the verdict, or `None` when all
/// [`ROUNDS`] were answered.
fn play(launcher: &Launcher) -> Option<Verdict> {
    let mut process = launcher.spawn().unwrap();
    for round in 0..ROUNDS {
        let answer = process
            .write_line(&round.to_string())
            .and_then(|()| process.read_line());
        match answer {
            Ok(line) => assert_eq!(line, (round + 1).to_string()),
            Err(Halt::Fault(fault)) => return Some(fault.verdict),
            Err(Halt::Cancelled) => panic!("cancelled"),
        }
    }
    None
}

#[test]
fn a_program_whose_first_process_exits_while_its_child_plays_on_ends_there_every_time() {
    // The parent answers the first number, forks and exits 0; the child answers the rest.
    let script = "import os, sys\n\
        print(int(sys.stdin.readline()) + 1, flush=True)\n\
        if os.fork() > 0:\n\
        \x20   os._exit(0)\n\
        for line in sys.stdin:\n\
        \x20   print(int(line) + 1, flush=True)\n";
    let limits = Limits::new(Duration::from_secs(5), 64).with_wall_time(Duration::from_secs(10));
    for sandbox in sandboxes() {
        let launcher = Launcher::new(python(script), limits).with_sandbox(sandbox);
        let verdicts: Vec<Option<Verdict>> = (0..50).map(|_| play(&launcher)).collect();
        assert!(
            verdicts.iter().all(|v| *v == Some(Verdict::EarlyExit)),
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
    assert_eq!(fault.verdict, Verdict::TimeLimit, "{}", fault.reason);
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
    assert_eq!(fault.verdict, Verdict::TimeLimit, "{}", fault.reason);
    assert!(
        fault.reason.contains("it wrote 2 bytes but no end of line"),
        "{}",
        fault.reason
    );
}
