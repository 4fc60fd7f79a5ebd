//! The runner against small hostile shell programs: each must end with the expected verdict,
//! within bounded time, leaving no process behind.

use duel_sandbox::FaultKind;
use duel_sandbox::{Fault, Halt, Launcher, Limits, Process, ProgramCommand, Sandbox, SpawnError};
use duel_test_support::process::{is_alive, read_pid};
use duel_test_support::skip;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn limits() -> Limits {
    Limits::new(Duration::from_millis(300), 64)
}

/// `script` unconfined (as the judge's own trusted programs run), so that these tests see the
/// runner's own rules, whatever the machine's isolation.
fn launcher(script: &str) -> Launcher {
    Launcher::new(ProgramCommand::shell(script), limits()).with_sandbox(Sandbox::Trusted)
}

/// `script` started unconfined with the usual limits but a wall-clock limit of `wall_seconds`.
fn patient(script: &str, wall_seconds: u64) -> Process {
    let limits = limits().with_wall_time(Duration::from_secs(wall_seconds));
    Launcher::new(ProgramCommand::shell(script), limits)
        .with_sandbox(Sandbox::Trusted)
        .spawn()
        .unwrap()
}

/// Sends `line` and returns the line the program answers.
fn answer(process: &mut Process, line: &str) -> String {
    process.write_line(line).unwrap();
    process.read_line().unwrap()
}

/// Reads a line that must not come: returns the fault that ends the read.
fn fault_of_read(process: &mut Process) -> Fault {
    match process.read_line() {
        Err(Halt::Fault(fault)) => fault,
        other => panic!("expected a fault, got {other:?}"),
    }
}

/// Sends a line, reads one, and returns the verdict of the fault that ends the read.
fn verdict_of_read(script: &str) -> (FaultKind, String) {
    let mut process = launcher(script).spawn().unwrap();
    process.write_line("hello").unwrap();
    let fault = fault_of_read(&mut process);
    (fault.kind, fault.reason)
}

#[test]
fn a_line_round_trip_ends_cleanly() {
    let mut process = launcher("read x; echo \"$x$x\"").spawn().unwrap();
    process.write_line("ab").unwrap();
    assert_eq!(process.read_line().unwrap(), "abab");
    let ending = process.finish();
    assert_eq!(ending.result, Ok(()));
    assert!(ending.usage.peak_memory_bytes > 0);
}

#[test]
fn a_crash_is_a_runtime_error_naming_the_signal() {
    let (verdict, reason) = verdict_of_read("kill -SEGV $$");
    assert_eq!(verdict, FaultKind::Crashed);
    assert!(reason.contains("SIGSEGV"), "{reason}");
}

#[test]
fn a_nonzero_exit_is_a_runtime_error() {
    let (verdict, reason) = verdict_of_read("exit 3");
    assert_eq!(verdict, FaultKind::Crashed);
    assert_eq!(reason, "exited with status 3");
    let (_, reason) = verdict_of_read("echo 'player.py: not found' >&2; exit 2");
    assert_eq!(
        reason,
        "exited with status 2; stderr: \"player.py: not found\""
    );
}

#[test]
fn exiting_with_status_zero_mid_game_is_an_early_exit() {
    assert_eq!(verdict_of_read("exit 0").0, FaultKind::EndedEarly);
}

/// The read after a line sent to `script` ends at the wall-clock limit, in bounded time.
fn assert_wall_clock_limit(script: &str) {
    let started = Instant::now();
    let (verdict, reason) = verdict_of_read(script);
    assert_eq!(verdict, FaultKind::WallTime);
    assert!(reason.contains("wall-clock"), "{reason}");
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn sleeping_hits_the_wall_clock_limit() {
    assert_wall_clock_limit("sleep 30");
}

#[test]
fn busy_looping_hits_the_cpu_limit() {
    let started = Instant::now();
    // A wall-clock limit well above the CPU one: on a crowded machine the loop gets little of
    // a core, and it is its CPU time that must stop it.
    let mut process = patient("while :; do :; done", 20);
    process.write_line("hello").unwrap();
    let fault = fault_of_read(&mut process);
    assert_eq!(fault.kind, FaultKind::CpuTime);
    assert!(fault.reason.contains("CPU"), "{}", fault.reason);
    assert!(started.elapsed() < Duration::from_secs(20));
    // RLIMIT_CPU would stop it after 2 s with the same verdict; the judge's own check, at the
    // ticks of its blocked read, stops it at the 0.3 s limit.
    let usage = process.abort();
    assert!(usage.cpu < Duration::from_millis(1500), "{usage:?}");
}

#[test]
fn a_flood_without_newlines_is_a_protocol_error() {
    let (verdict, reason) = verdict_of_read("cat /dev/zero");
    assert_eq!(verdict, FaultKind::LineTooLong);
    assert!(reason.contains("4096"), "{reason}");
}

#[test]
fn a_flood_on_stderr_does_not_block_the_program_or_the_judge() {
    let mut process = launcher("head -c 10000000 /dev/zero >&2; echo done")
        .spawn()
        .unwrap();
    assert_eq!(process.read_line().unwrap(), "done");
    assert!(process.stderr_tail().len() <= duel_sandbox::STDERR_TAIL_BYTES);
    assert_eq!(process.finish().result, Ok(()));
}

#[test]
fn an_orphan_holding_the_pipes_neither_hangs_the_judge_nor_survives() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("orphan.pid");
    let script = format!("sleep 100 & echo $! > {}; exit 0", pid_file.display());
    let started = Instant::now();
    let (verdict, _) = verdict_of_read(&script);
    assert_eq!(verdict, FaultKind::EndedEarly);
    assert!(started.elapsed() < Duration::from_secs(2));
    let orphan: u32 = read_pid(&pid_file);
    assert!(!is_alive(orphan), "the orphan {orphan} survived");
}

#[test]
fn children_that_leave_the_process_group_are_killed_too() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("child.pid");
    // `set -m` puts background jobs in their own process groups.
    let script = format!(
        "set -m; sleep 100 & echo $! > {}; read x; echo 1; sleep 100",
        pid_file.display()
    );
    let mut process = launcher(&script).spawn().unwrap();
    process.write_line("go").unwrap();
    assert_eq!(process.read_line().unwrap(), "1");
    let child: u32 = read_pid(&pid_file);
    assert!(is_alive(child));
    process.abort();
    assert!(!is_alive(child), "the child {child} survived");
}

#[test]
fn the_judge_thinking_is_not_charged_to_the_wall_clock() {
    let mut process = launcher("read x; echo 1; read y; echo 2").spawn().unwrap();
    process.write_line("a").unwrap();
    assert_eq!(process.read_line().unwrap(), "1");
    // Longer than the whole wall-clock limit (0.9 s), but the program is not waited for.
    std::thread::sleep(Duration::from_millis(1200));
    process.write_line("b").unwrap();
    assert_eq!(process.read_line().unwrap(), "2");
    let ending = process.finish();
    assert_eq!(ending.result, Ok(()));
    assert!(ending.usage.wall < Duration::from_millis(900));
}

#[test]
fn a_program_that_runs_on_after_the_game_is_timed_out() {
    let mut process = launcher("echo 1; exec sleep 30").spawn().unwrap();
    assert_eq!(process.read_line().unwrap(), "1");
    let ending = process.finish();
    assert!(matches!(ending.result, Err(Halt::Fault(f)) if f.kind == FaultKind::WallTime));
}

#[test]
fn a_program_that_ignores_its_input_cannot_block_the_judge_writing() {
    let mut process = launcher("sleep 30").spawn().unwrap();
    let line = "x".repeat(1000);
    let halt = (0..1000)
        .map(|_| process.write_line(&line))
        .find_map(Result::err);
    assert!(matches!(halt, Some(Halt::Fault(f)) if f.kind == FaultKind::WallTime));
}

/// A silent program, started with a cancel flag of its own (not yet set).
fn cancellable_sleeper() -> (Arc<AtomicBool>, Process) {
    let flag = Arc::new(AtomicBool::new(false));
    let process = launcher("sleep 30")
        .with_cancel_flag(flag.clone())
        .spawn()
        .unwrap();
    (flag, process)
}

#[test]
fn cancelling_stops_the_wait() {
    let (flag, mut process) = cancellable_sleeper();
    flag.store(true, Ordering::Relaxed);
    assert_eq!(process.read_line(), Err(Halt::Cancelled));
}

#[test]
fn an_out_of_memory_message_makes_a_crash_a_memory_limit() {
    let (verdict, _) =
        verdict_of_read("echo 'memory allocation of 99999999 bytes failed' >&2; kill -ABRT $$");
    assert_eq!(verdict, FaultKind::Memory);
}

/// The system's python3 (the PATH one may be a slow wrapper script).
fn python() -> &'static str {
    if std::path::Path::new("/usr/bin/python3").exists() {
        "/usr/bin/python3"
    } else {
        "python3"
    }
}

#[test]
fn memory_over_the_limit_is_a_memory_limit() {
    // 64 MB limit: a 200 MB buffer is either refused (RLIMIT_AS, and python says so) or
    // stopped by the kernel in the run's cgroup as it is filled in.
    let script = format!("{} -c 'x = bytearray(200 << 20); print(len(x))'", python());
    let launcher = Launcher::new(
        ProgramCommand::shell(script),
        Limits::new(Duration::from_secs(2), 64),
    );
    let fault = fault_of_read(&mut launcher.spawn().unwrap());
    assert_eq!(fault.kind, FaultKind::Memory, "{}", fault.reason);
    assert!(
        fault.reason.contains("MemoryError") || fault.reason.contains("memory limit"),
        "{}",
        fault.reason
    );
}

#[test]
fn missing_programs_are_found_before_running() {
    let launcher = launcher("./no-such-player-anywhere");
    assert!(matches!(
        launcher.check(),
        Err(SpawnError::ProgramNotFound { .. })
    ));
}

#[test]
fn bubblewrap_confines_the_program_or_says_why_not() {
    let launcher = launcher(
        "read x; touch /judge-root-write 2>/dev/null && echo wrote-root || echo ro; \
         echo private > /tmp/duel-bwrap-probe && echo tmp-ok",
    )
    .with_sandbox(Sandbox::Bwrap);
    match launcher.check() {
        Err(SpawnError::BwrapMissing) => panic!("bubblewrap is not installed"),
        Err(SpawnError::BwrapFailed { message }) => {
            // Explicit and named: the sandbox cannot work on this machine.
            assert!(!message.is_empty());
            skip::skip(
                &format!("bubblewrap cannot run here ({message})"),
                ".ci/setup installs bubblewrap; it needs user namespaces or root",
            );
        }
        Err(other) => panic!("unexpected error {other}"),
        Ok(()) => {
            let mut process = launcher.spawn().unwrap();
            process.write_line("go").unwrap();
            assert_eq!(process.read_line().unwrap(), "ro");
            assert_eq!(process.read_line().unwrap(), "tmp-ok");
            // The network is out of reach too: runner_attacks.rs tries it.
            assert_eq!(process.finish().result, Ok(()));
            assert!(!std::path::Path::new("/judge-root-write").exists());
            assert!(!std::path::Path::new("/tmp/duel-bwrap-probe").exists());
        }
    }
}

#[test]
fn programs_die_with_the_thread_that_started_them() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("pid");
    let script = format!(
        "echo $$ > {}; echo ready; exec sleep 100",
        pid_file.display()
    );
    let process = std::thread::spawn(move || {
        let mut process = launcher(&script).spawn().unwrap();
        assert_eq!(process.read_line().unwrap(), "ready");
        // Simulate a judge dying without cleaning up.
        std::mem::forget(process);
    });
    process.join().unwrap();
    let pid: u32 = read_pid(&pid_file);
    let deadline = Instant::now() + Duration::from_secs(2);
    while is_alive(pid) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(!is_alive(pid), "the program outlived its judge thread");
}

// The judge blocks in a plain read of the program's output while it waits for a line, woken
// by a timer signal every tick for its checks; these are the ways a program could try to keep
// it there.

#[test]
fn a_program_that_stops_reading_and_floods_stderr_is_timed_out() {
    let started = Instant::now();
    let mut process = launcher("read x; echo 1; exec cat /dev/zero >&2")
        .spawn()
        .unwrap();
    assert_eq!(answer(&mut process, "a"), "1");
    process.write_line("b").unwrap();
    // The CPU limit or the wall clock's, whichever the flood meets first.
    let fault = fault_of_read(&mut process);
    assert!(
        matches!(fault.kind, FaultKind::CpuTime | FaultKind::WallTime),
        "{:?}: {}",
        fault.kind,
        fault.reason
    );
    assert!(process.stderr_tail().len() <= duel_sandbox::STDERR_TAIL_BYTES);
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_program_that_writes_to_stderr_every_move_loses_no_line() {
    let mut process = launcher("while read x; do echo \"debug $x\" >&2; echo \"$x$x\"; done")
        .spawn()
        .unwrap();
    for round in 0..200 {
        let line = round.to_string();
        assert_eq!(answer(&mut process, &line), format!("{round}{round}"));
    }
    let ending = process.finish();
    assert_eq!(ending.result, Ok(()));
}

#[test]
fn a_program_that_closes_its_output_and_runs_on_is_timed_out() {
    assert_wall_clock_limit("read x; exec sleep 30 >&-");
}

#[test]
fn cancelling_stops_a_wait_already_blocked() {
    let (flag, mut process) = cancellable_sleeper();
    let setter = {
        let flag = flag.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            flag.store(true, Ordering::Relaxed);
        })
    };
    // Cancelled, not timed out (a fault): the flag ended the wait.
    assert_eq!(process.read_line(), Err(Halt::Cancelled));
    setter.join().unwrap();
}

#[test]
fn a_process_moved_to_another_thread_still_hits_the_wall_clock_limit() {
    let mut process = launcher("read x; echo 1; read y; exec sleep 30")
        .spawn()
        .unwrap();
    assert_eq!(answer(&mut process, "a"), "1");
    // The timer that wakes a blocked read was made for this thread; the other must get its own.
    let started = Instant::now();
    let verdict = std::thread::spawn(move || {
        process.write_line("b").unwrap();
        fault_of_read(&mut process).kind
    })
    .join()
    .unwrap();
    assert_eq!(verdict, FaultKind::WallTime);
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_line_written_a_byte_at_a_time_is_read_whole() {
    let mut process =
        launcher("read x; for c in 4 2 ' ' 1 7; do printf %s \"$c\"; sleep 0.01; done; echo")
            .spawn()
            .unwrap();
    process.write_line("go").unwrap();
    assert_eq!(process.read_line().unwrap(), "42 17");
    assert_eq!(process.finish().result, Ok(()));
}

#[test]
fn a_process_outliving_the_thread_that_first_waited_still_hits_the_wall_clock_limit() {
    // The thread that first waits ends before the next one starts, which may get its
    // thread-local storage, and in time its thread id, but never the signals of the first
    // one's timer. (The program is started here: it dies with the thread that started it.)
    let mut process = launcher("read x; echo 1; read y; exec sleep 30")
        .spawn()
        .unwrap();
    let first = std::thread::spawn(move || {
        assert_eq!(answer(&mut process, "a"), "1");
        process
    });
    let mut process = first.join().unwrap();
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        process.write_line("b").unwrap();
        // A panic here drops `done`: the receiver then sees a disconnection, not a verdict.
        let _ = done.send(fault_of_read(&mut process).kind);
    });
    let verdict = finished.recv_timeout(Duration::from_secs(20));
    assert_eq!(verdict, Ok(FaultKind::WallTime), "the wait never ended");
}
