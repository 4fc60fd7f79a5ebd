//! The end of a conversation by a protocol's rule (`Process::finish_output`): what follows the
//! last line is read and checked, the output must end within a bounded time whoever holds it,
//! the program's end is judged after that; and a refused line (`Process::abort_at_line`)
//! stands only when the program's first process wrote it. Each holds in every sandbox, on
//! every run.

use crate::support::{python, sandboxes};
use duel_sandbox::{
    Closing, Ending, Fault, FaultKind, Halt, Launcher, Limits, Process, ProgramCommand, Sandbox,
};
use std::time::{Duration, Instant};

/// The output may stay open this long after the last line.
const WITHIN: Duration = Duration::from_millis(500);

const STILL_OPEN: &str = "its output was still open after the end";

fn limits() -> Limits {
    Limits::new(Duration::from_secs(5), 64).with_wall_time(Duration::from_secs(10))
}

/// Starts `script`, sends `1`, reads its one line (which must be `2`), then ends the
/// conversation, closing the program's input, refusing any byte after it but blanks and line
/// feeds: the ending and every byte the check saw.
fn converse(script: &str, sandbox: Sandbox) -> (Ending, Vec<u8>, Process) {
    converse_keeping_input(script, sandbox, false)
}

/// [`converse`], with the program's input kept open after the conversation or not.
fn converse_keeping_input(
    script: &str,
    sandbox: Sandbox,
    keep_input_open: bool,
) -> (Ending, Vec<u8>, Process) {
    let mut process = Launcher::new(python(script), limits())
        .with_sandbox(sandbox)
        .spawn()
        .unwrap();
    process.write_line("1").unwrap();
    let mut line = Vec::new();
    process.read_line_bytes(&mut line).unwrap();
    assert_eq!(line, b"2");
    let (ending, seen) = finish(&mut process, keep_input_open);
    (ending, seen, process)
}

/// Ends the conversation with `process`, refusing any byte after it but blanks and line
/// feeds, within [`WITHIN`]: the ending and every byte the check saw.
fn finish(process: &mut Process, keep_input_open: bool) -> (Ending, Vec<u8>) {
    let mut seen = Vec::new();
    let ending = process.finish_output(Closing {
        within: WITHIN,
        check: &mut |bytes| {
            seen.extend_from_slice(bytes);
            match bytes.iter().all(|b| b.is_ascii_whitespace()) {
                true => Ok(()),
                false => Err(Fault::new(FaultKind::Refused, "output after the end")),
            }
        },
        still_open: STILL_OPEN,
        keep_input_open,
    });
    (ending, seen)
}

/// Asserts that a run found its output still open at the bound, with no process outliving
/// its first, within 3 s of `started`.
fn assert_stopped_at_the_bound(
    ending: &Ending,
    process: &Process,
    started: Instant,
    sandbox: Sandbox,
) {
    assert_eq!(
        verdict(ending),
        Some((FaultKind::StillOpen, STILL_OPEN.into())),
        "{sandbox:?}"
    );
    assert!(!process.notes().outlived_first, "{sandbox:?}");
    assert!(started.elapsed() < Duration::from_secs(3));
}

fn verdict(ending: &Ending) -> Option<(FaultKind, String)> {
    match &ending.result {
        Ok(()) => None,
        Err(Halt::Fault(fault)) => Some((fault.kind, fault.reason.clone())),
        Err(Halt::Cancelled) => panic!("cancelled"),
    }
}

#[test]
fn blanks_after_the_last_line_are_read_and_a_clean_exit_is_clean() {
    let script = "import sys\nsys.stdin.readline()\nsys.stdout.write('2\\n \\n\\t\\n')\n";
    for sandbox in sandboxes() {
        let (ending, seen, _) = converse(script, sandbox);
        assert_eq!(verdict(&ending), None, "{sandbox:?}");
        assert_eq!(seen, b" \n\t\n", "{sandbox:?}");
    }
}

#[test]
fn a_byte_after_the_last_line_is_refused_whether_it_came_with_the_line_or_later() {
    for script in [
        "import sys\nsys.stdin.readline()\nsys.stdout.write('2\\n5\\n')\n",
        "import sys, time\nsys.stdin.readline()\nprint(2, flush=True)\ntime.sleep(0.2)\n\
         print(5, flush=True)\n",
    ] {
        for sandbox in sandboxes() {
            let (ending, _, _) = converse(script, sandbox);
            assert_eq!(
                verdict(&ending),
                Some((FaultKind::Refused, "output after the end".into())),
                "{sandbox:?}: {script}"
            );
        }
    }
}

#[test]
fn a_child_that_keeps_the_output_open_after_its_parent_ends_is_seen_every_time() {
    // The parent answers and exits at once; its child sleeps with the output open. Under
    // bubblewrap the child would die with the sandbox's init, were the first process's end
    // not held: the verdict is the same in every sandbox.
    let script = "import os, sys, time\nsys.stdin.readline()\nprint(2, flush=True)\n\
        if os.fork() == 0:\n    time.sleep(3)\n    os._exit(0)\nos._exit(0)\n";
    for sandbox in sandboxes() {
        for _ in 0..10 {
            let started = Instant::now();
            let (ending, _, process) = converse(script, sandbox);
            let took = started.elapsed();
            assert_eq!(
                verdict(&ending),
                Some((FaultKind::StillOpen, STILL_OPEN.into())),
                "{sandbox:?}"
            );
            assert!(process.notes().outlived_first, "{sandbox:?}");
            // Nothing waits for the child beyond the bound.
            assert!(took < WITHIN + Duration::from_millis(900), "{took:?}");
        }
    }
}

#[test]
fn a_child_holding_the_output_is_seen_even_when_its_parent_ended_before_the_last_line_was_read() {
    // The order the judge cannot choose: the parent answers, forks and exits before the judge
    // reads its answer. The verdict is the one of the other order, above.
    let script = "import os, sys, time\nsys.stdin.readline()\nprint(2, flush=True)\n\
        if os.fork() == 0:\n    time.sleep(3)\n    os._exit(0)\nos._exit(0)\n";
    let quiet = "import os, sys, time\nsys.stdin.readline()\nprint(2, flush=True)\n\
        if os.fork() == 0:\n    os.close(1)\n    time.sleep(3)\n    os._exit(0)\nos._exit(0)\n";
    for sandbox in sandboxes() {
        for (script, expected) in [
            (script, Some((FaultKind::StillOpen, STILL_OPEN.to_owned()))),
            (quiet, None),
        ] {
            let mut process = Launcher::new(python(script), limits())
                .with_sandbox(sandbox)
                .spawn()
                .unwrap();
            process.write_line("1").unwrap();
            std::thread::sleep(Duration::from_millis(600));
            let mut line = Vec::new();
            process.read_line_bytes(&mut line).unwrap();
            assert_eq!(line, b"2", "{sandbox:?}");
            let (ending, _) = finish(&mut process, false);
            assert_eq!(verdict(&ending), expected, "{sandbox:?}: {script}");
            assert!(process.notes().outlived_first, "{sandbox:?}");
        }
    }
}

#[test]
fn what_a_fast_program_does_just_before_its_end_is_seen_in_every_sandbox_every_time() {
    // A compiled program ends within microseconds of its last read, write or fork: under
    // bubblewrap the judge looks for the output's holders in /proc, and a child forked just
    // before its parent's end, or bytes written just before it, must not slip past that look.
    let dir = tempfile::tempdir().unwrap();
    let head = "#include <stdio.h>\n#include <unistd.h>\nint main(void) {\n\
        char line[16];\n if (!fgets(line, sizeof line, stdin)) return 1;\n\
        printf(\"2\\n\"); fflush(stdout);\n if (!fgets(line, sizeof line, stdin)) return 1;\n";
    let forker = duel_test_support::build::c_program(
        dir.path(),
        "forker",
        &format!("{head} if (fork() == 0) {{ sleep(3); _exit(0); }}\n _exit(0);\n}}\n"),
    );
    let trailer = duel_test_support::build::c_program(
        dir.path(),
        "trailer",
        &format!("{head} write(1, \"5\\n\", 2);\n _exit(0);\n}}\n"),
    );
    for sandbox in sandboxes() {
        for (program, kind, expected) in [
            (&forker, FaultKind::StillOpen, STILL_OPEN),
            (&trailer, FaultKind::Refused, "output after the end"),
        ] {
            for _ in 0..10 {
                let command = ProgramCommand::Argv(vec![program.clone().into_os_string()]);
                let mut process = Launcher::new(command, limits())
                    .with_sandbox(sandbox)
                    .spawn()
                    .unwrap();
                process.write_line("1").unwrap();
                let mut line = Vec::new();
                process.read_line_bytes(&mut line).unwrap();
                assert_eq!(line, b"2");
                // The last word is the judge's, as player 2's last move is: the program's
                // end races the judge's first look.
                process.write_line("3").unwrap();
                let (ending, _) = finish(&mut process, true);
                assert_eq!(
                    verdict(&ending),
                    Some((kind, expected.to_owned())),
                    "{sandbox:?}: {}",
                    program.display()
                );
            }
        }
    }
}

#[test]
fn a_child_that_outlives_its_parent_but_not_on_the_output_changes_nothing() {
    let script = "import os, sys, time\nsys.stdin.readline()\nprint(2, flush=True)\n\
        if os.fork() == 0:\n    os.close(1)\n    time.sleep(3)\n    os._exit(0)\nos._exit(0)\n";
    for sandbox in sandboxes() {
        for _ in 0..5 {
            let (ending, _, _) = converse(script, sandbox);
            assert_eq!(verdict(&ending), None, "{sandbox:?}");
        }
    }
}

#[test]
fn a_program_that_reads_on_after_the_end_meets_the_end_of_its_input_only_if_it_is_closed() {
    let script = "import sys\nsys.stdin.readline()\nprint(2, flush=True)\nsys.stdin.read()\n";
    for sandbox in sandboxes() {
        let (ending, _, _) = converse_keeping_input(script, sandbox, false);
        assert_eq!(verdict(&ending), None, "{sandbox:?}");
        let started = Instant::now();
        let (ending, _, process) = converse_keeping_input(script, sandbox, true);
        assert_stopped_at_the_bound(&ending, &process, started, sandbox);
    }
}

#[test]
fn a_program_seen_sleeping_is_noted_in_every_sandbox_and_only_then() {
    // During the conversation (before its line) and after it (its output open): both seen.
    let during = "import sys, time\nsys.stdin.readline()\ntime.sleep(0.3)\nprint(2, flush=True)\n";
    let after = "import sys, time\nsys.stdin.readline()\nprint(2, flush=True)\ntime.sleep(0.3)\n";
    // Waiting for input, or computing, is no sleep.
    let awake = "import sys\nsys.stdin.readline()\nx = sum(range(3000000))\nprint(2, flush=True)\n";
    for sandbox in sandboxes() {
        for (script, slept) in [(during, true), (after, true), (awake, false)] {
            let (ending, _, process) = converse(script, sandbox);
            assert_eq!(verdict(&ending), None, "{sandbox:?}: {script}");
            assert_eq!(process.notes().slept, slept, "{sandbox:?}: {script}");
        }
    }
}

#[test]
fn a_program_that_keeps_its_own_output_open_is_stopped_at_the_bound() {
    let script = "import sys, time\nsys.stdin.readline()\nprint(2, flush=True)\ntime.sleep(5)\n";
    for sandbox in sandboxes() {
        let started = Instant::now();
        let (ending, _, process) = converse(script, sandbox);
        assert_stopped_at_the_bound(&ending, &process, started, sandbox);
    }
}

#[test]
fn the_programs_end_is_judged_once_its_output_has_ended() {
    for sandbox in sandboxes() {
        let script = "import sys\nsys.stdin.readline()\nprint(2, flush=True)\nsys.exit(3)\n";
        let (ending, _, _) = converse(script, sandbox);
        let (verdict, reason) = verdict(&ending).unwrap();
        assert_eq!(verdict, FaultKind::Crashed, "{sandbox:?}");
        assert!(reason.contains("status 3"), "{reason}");
        // Its output closed, it spins: the CPU limit covers the run after the conversation.
        let script = "import os, sys\nsys.stdin.readline()\nprint(2, flush=True)\nos.close(1)\n\
            while True:\n    pass\n";
        let mut process = Launcher::new(python(script), Limits::new(Duration::from_secs(1), 64))
            .with_sandbox(sandbox)
            .spawn()
            .unwrap();
        process.write_line("1").unwrap();
        assert_eq!(process.read_line().unwrap(), "2");
        let (ending, _) = finish(&mut process, false);
        let Err(Halt::Fault(fault)) = ending.result else {
            panic!("{sandbox:?}: {:?}", ending.result)
        };
        // The CPU limit, or the wall clock's on a machine busy enough to meet it first.
        assert!(
            matches!(fault.kind, FaultKind::CpuTime | FaultKind::WallTime),
            "{sandbox:?}: {:?}: {}",
            fault.kind,
            fault.reason
        );
    }
}

#[test]
fn a_refused_line_stands_only_when_the_first_process_wrote_it() {
    // The parent forks and exits at once; the child answers. Whether the judge reads the
    // answer before or after the parent's end, the answer is not the program's.
    let forked = "import os, sys\nif os.fork() > 0:\n    os._exit(0)\nsys.stdin.readline()\n\
        print('x', flush=True)\nsys.stdin.readline()\n";
    let own = "import sys\nsys.stdin.readline()\nprint('x', flush=True)\nsys.stdin.readline()\n";
    for sandbox in sandboxes() {
        for (script, stands) in [(forked, false), (own, true)] {
            for _ in 0..10 {
                let mut process = Launcher::new(python(script), limits())
                    .with_sandbox(sandbox)
                    .spawn()
                    .unwrap();
                process.write_line("1").unwrap();
                let mut line = Vec::new();
                let read = process.read_line_bytes(&mut line);
                let result = match read {
                    Ok(()) => {
                        assert_eq!(line, b"x");
                        process.abort_at_line().0
                    }
                    // The parent's end was seen first: the line was never taken.
                    Err(Halt::Fault(fault)) => Err(fault),
                    Err(Halt::Cancelled) => panic!("cancelled"),
                };
                match (stands, result) {
                    (true, Ok(())) => {}
                    (false, Err(fault)) => {
                        assert_eq!(fault.kind, FaultKind::EndedEarly, "{}", fault.reason)
                    }
                    (stands, result) => panic!("{sandbox:?}: stands {stands}, {result:?}"),
                }
            }
        }
    }
}

#[test]
fn the_programs_own_end_comes_before_what_it_wrote_after_the_last_line() {
    // What the contest systems do once the program has ended: its exit status first, then the
    // referee's answer. A program still running when the output must have ended is stopped,
    // and that is no exit status of its own.
    let cases = [
        // Bytes after the last line, then status 3.
        (
            "import sys\nsys.stdin.readline()\nsys.stdout.write('2\\nx\\n')\nsys.exit(3)\n",
            FaultKind::Crashed,
        ),
        // Its child keeps the output open; the program itself ends with status 3.
        (
            "import os, sys, time\nsys.stdin.readline()\nprint(2, flush=True)\n\
             if os.fork() == 0:\n    time.sleep(3)\n    os._exit(0)\nos._exit(3)\n",
            FaultKind::Crashed,
        ),
        // Bytes after the last line, and the output kept open by the program itself.
        (
            "import sys, time\nsys.stdin.readline()\nsys.stdout.write('2\\nx\\n')\n\
             sys.stdout.flush()\ntime.sleep(5)\n",
            FaultKind::Refused,
        ),
    ];
    for sandbox in sandboxes() {
        for (script, expected) in cases {
            let (ending, _, _) = converse(script, sandbox);
            let (verdict, reason) = verdict(&ending).unwrap();
            assert_eq!(verdict, expected, "{sandbox:?}: {reason}\n{script}");
            if expected == FaultKind::Refused {
                assert_eq!(reason, "output after the end", "{sandbox:?}");
            }
        }
    }
}
