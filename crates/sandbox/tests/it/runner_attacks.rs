//! Attacks on the runner's accounting and confinement, one test each: every process counted,
//! nothing outliving its run, no reaching out of the box.
//!
//! Cases that need a kernel feature this machine does not give the judge (cgroups, running as
//! root, bubblewrap) are skipped as `duel_test_support::skip` says: on the project's CI machine
//! (root, cgroup v1, bubblewrap) they all run, and the complete run fails without one.

use crate::support::python;
use duel_sandbox::FaultKind;
use duel_sandbox::{Halt, Isolation, Launcher, Limits, ProgramCommand, Sandbox};
use duel_test_support::process::{is_alive, read_pid};
use duel_test_support::skip;
use std::time::{Duration, Instant};

fn has_cgroups() -> bool {
    skip::unless(
        Isolation::detect().cgroups.is_some(),
        "no usable cgroups here, which the kernel-accounting case needs",
        "the judge needs a cgroup hierarchy it may write, as root has on CI",
    )
}

fn is_root_with_box_users() -> bool {
    skip::unless(
        Isolation::detect().box_users,
        "the judge is not root here, which the separate-user case needs",
        "run the tests as root, as CI does",
    )
}

fn has_bwrap() -> bool {
    skip::unless(
        Sandbox::Auto.uses_bwrap(),
        "bubblewrap does not work here",
        ".ci/setup installs bubblewrap; it needs user namespaces or root",
    )
}

/// Runs to the end of its output and returns the fault, or `None` when it ended cleanly
/// after writing `expected`.
fn fault_of(launcher: &Launcher, expected: &str) -> Option<(FaultKind, String)> {
    let mut process = launcher.spawn().unwrap();
    match process.read_line() {
        Ok(line) => {
            assert_eq!(line, expected);
            match process.finish().result {
                Ok(()) => None,
                Err(Halt::Fault(fault)) => Some((fault.kind, fault.reason)),
                Err(Halt::Cancelled) => panic!("cancelled"),
            }
        }
        Err(Halt::Fault(fault)) => Some((fault.kind, fault.reason)),
        Err(Halt::Cancelled) => panic!("cancelled"),
    }
}

/// A burner of `seconds` of its own CPU time, then `done`.
fn burner(seconds: f64) -> ProgramCommand {
    python(&format!(
        "import time\nwhile time.process_time() < {seconds}: pass\nprint('done', flush=True)"
    ))
}

#[test]
fn auto_reaped_children_burning_cpu_are_charged() {
    if !has_cgroups() {
        return;
    }
    // 30 children of 40 ms each, never waited for (SIGCHLD ignored: the kernel reaps them,
    // so no rusage ever shows them): 1.2 s in all, against a 0.5 s limit.
    let script = "import os, signal, time\n\
        signal.signal(signal.SIGCHLD, signal.SIG_IGN)\n\
        for _ in range(30):\n\
        \x20   if os.fork() == 0:\n\
        \x20       t = time.process_time()\n\
        \x20       while time.process_time() - t < 0.04: pass\n\
        \x20       os._exit(0)\n\
        \x20   time.sleep(0.045)\n\
        print('done', flush=True)\n";
    let limits =
        Limits::new(Duration::from_millis(500), 64).with_wall_time(Duration::from_secs(10));
    let launcher = Launcher::new(python(script), limits);
    let (verdict, reason) = fault_of(&launcher, "done").expect("the burners must be caught");
    assert_eq!(verdict, FaultKind::CpuTime, "{reason}");
    assert!(reason.contains("CPU"), "{reason}");
}

#[test]
fn a_setsid_double_forked_orphan_is_killed_and_charged() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("orphan");
    // The grandchild leaves the session and is orphaned at once, then burns CPU.
    let script = format!(
        "(setsid sh -c 'echo $$ > {}; while :; do :; done' &) ; sleep 0.3; echo done",
        pid_file.display()
    );
    let limits = Limits::new(Duration::from_secs(5), 64);
    let mut process = Launcher::new(ProgramCommand::shell(script), limits)
        .with_sandbox(Sandbox::Trusted)
        .spawn()
        .unwrap();
    assert_eq!(process.read_line().unwrap(), "done");
    let ending = process.finish();
    let pid: u32 = read_pid(&pid_file);
    assert!(!is_alive(pid), "the orphan {pid} outlived its run");
    if Isolation::detect().cgroups.is_some() {
        // Its CPU is the run's: it burned from its start until the run ended.
        assert!(
            ending.usage.cpu >= Duration::from_millis(50),
            "{:?}",
            ending.usage
        );
    }
}

#[test]
fn an_orphan_is_killed_under_bubblewrap_too() {
    if !has_bwrap() {
        return;
    }
    // A duration no other test (nor, likely, anything else on the machine) sleeps, so the
    // search below finds this test's sleeper only.
    let script = "(setsid sh -c 'sleep 30.0417' &); sleep 0.2; ps -e -o pid= | wc -l; echo done";
    let launcher = Launcher::new(
        ProgramCommand::shell(script),
        Limits::new(Duration::from_secs(2), 64),
    )
    .with_sandbox(Sandbox::Bwrap);
    let mut process = launcher.spawn().unwrap();
    let _processes = process.read_line();
    let _ = process.read_line();
    let _ = process.finish();
    // Nothing that was started in the sandbox is left anywhere.
    let left = std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(Result::ok)
        .filter_map(|e| std::fs::read_to_string(e.path().join("cmdline")).ok())
        .filter(|cmdline| cmdline == "sleep\x0030.0417\x00")
        .count();
    assert_eq!(left, 0, "a sleeper outlived its sandbox");
}

#[test]
fn a_cpu_burner_just_over_the_limit_is_caught_under_bubblewrap() {
    if !has_bwrap() || !has_cgroups() {
        return;
    }
    let limits = Limits::new(Duration::from_secs(1), 64).with_wall_time(Duration::from_secs(20));
    let launcher = Launcher::new(burner(1.04), limits).with_sandbox(Sandbox::Bwrap);
    let (verdict, reason) = fault_of(&launcher, "done").expect("1.04 s is over 1 s");
    assert_eq!(verdict, FaultKind::CpuTime, "{reason}");
}

#[test]
fn a_cpu_burner_under_the_limit_passes_under_bubblewrap() {
    if !has_bwrap() || !has_cgroups() {
        return;
    }
    let limits = Limits::new(Duration::from_secs(1), 64).with_wall_time(Duration::from_secs(20));
    let launcher = Launcher::new(burner(0.9), limits).with_sandbox(Sandbox::Bwrap);
    let mut process = launcher.spawn().unwrap();
    assert_eq!(process.read_line().unwrap(), "done");
    let ending = process.finish();
    assert_eq!(ending.result, Ok(()));
    let cpu = ending.usage.cpu;
    assert!(
        cpu >= Duration::from_millis(900) && cpu < Duration::from_millis(1000),
        "{cpu:?}"
    );
}

/// Python holding about 28 MB in all: its ~9 MB plus a 19 MB buffer it touches.
fn holder_of_28_mb() -> ProgramCommand {
    python("x = bytearray(19 << 20)\nprint('done', flush=True)\ninput()")
}

/// The peak memory of [`holder_of_28_mb`] in this sandbox, under a 32 MB limit it must meet.
fn peak_of_28_mb(sandbox: Sandbox) -> u64 {
    let limits = Limits::new(Duration::from_secs(2), 32);
    let launcher = Launcher::new(holder_of_28_mb(), limits).with_sandbox(sandbox);
    let mut process = launcher.spawn().unwrap();
    assert_eq!(process.read_line().unwrap(), "done");
    process.write_line("").unwrap();
    let ending = process.finish();
    assert_eq!(ending.result, Ok(()), "{:?}", ending.usage);
    ending.usage.peak_memory_bytes
}

#[test]
fn a_28_mb_program_fits_a_32_mb_limit_under_bubblewrap() {
    if !has_bwrap() || !has_cgroups() {
        return;
    }
    let peak = peak_of_28_mb(Sandbox::Bwrap);
    assert!(peak > 19 << 20 && peak < 32 << 20, "{peak}");
}

#[test]
fn the_same_28_mb_program_measures_alike_without_bubblewrap() {
    if !has_cgroups() {
        return;
    }
    let peak = peak_of_28_mb(Sandbox::None);
    assert!(peak > 19 << 20 && peak < 32 << 20, "{peak}");
}

#[test]
fn memory_is_charged_when_touched_not_when_reserved() {
    if !has_cgroups() {
        return;
    }
    // 1 GB reserved, 1 MB of it touched: well within a 32 MB limit.
    let script = "import mmap\nm = mmap.mmap(-1, 1 << 30)\nm[:1 << 20] = b'x' * (1 << 20)\nprint('done', flush=True)";
    let launcher = Launcher::new(python(script), Limits::new(Duration::from_secs(2), 32));
    assert_eq!(fault_of(&launcher, "done"), None);
}

#[test]
fn a_c_style_crash_after_running_out_of_memory_is_a_memory_limit() {
    if !has_cgroups() {
        return;
    }
    // Touching page after page past the limit: the kernel stops it, whatever it would do
    // with a failed allocation.
    let script = "blocks = []\nwhile True: blocks.append(bytearray(1 << 20))";
    let launcher = Launcher::new(python(script), Limits::new(Duration::from_secs(5), 32));
    let (verdict, reason) = fault_of(&launcher, "").unwrap();
    assert_eq!(verdict, FaultKind::Memory, "{reason}");
    assert!(reason.contains("memory limit"), "{reason}");
}

#[test]
fn files_in_the_private_tmp_are_charged_or_bounded() {
    if !has_bwrap() || !has_cgroups() {
        return;
    }
    // 200 MB into /tmp under a 32 MB limit: the write fails or the kernel stops the program;
    // either way the run cannot keep 200 MB of RAM for free.
    let script = "dd if=/dev/zero of=/tmp/big bs=1M count=200 2>/dev/null; \
                  fallocate -l 2G /tmp/huge 2>/dev/null; \
                  du -sm /tmp | cut -f1";
    let launcher = Launcher::new(
        ProgramCommand::shell(script),
        Limits::new(Duration::from_secs(5), 32),
    )
    .with_sandbox(Sandbox::Bwrap);
    let mut process = launcher.spawn().unwrap();
    match process.read_line() {
        Ok(megabytes) => {
            let megabytes: u64 = megabytes.trim().parse().unwrap();
            assert!(megabytes <= 64, "{megabytes} MB kept in /tmp");
            let ending = process.finish();
            assert!(
                ending.usage.peak_memory_bytes <= 32 << 20,
                "{:?}",
                ending.usage
            );
        }
        Err(Halt::Fault(fault)) => {
            assert_eq!(fault.kind, FaultKind::Memory, "{}", fault.reason)
        }
        Err(Halt::Cancelled) => panic!("cancelled"),
    }
}

#[test]
fn a_fork_bomb_meets_the_process_limit() {
    if !has_cgroups() {
        return;
    }
    let started = Instant::now();
    let script = "bomb() { bomb | bomb & }; bomb; sleep 5";
    let launcher = Launcher::new(
        ProgramCommand::shell(script),
        Limits::new(Duration::from_secs(2), 64).with_max_processes(32),
    );
    let (verdict, reason) = fault_of(&launcher, "").unwrap();
    assert_eq!(verdict, FaultKind::Processes, "{reason}");
    assert!(reason.contains("process limit"), "{reason}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_program_cannot_read_what_only_root_may_read() {
    if !is_root_with_box_users() {
        return;
    }
    for sandbox in [Sandbox::None, Sandbox::Auto] {
        let launcher = Launcher::new(
            // The path is the program's own business, not a word of its command.
            ProgramCommand::shell(
                "cat \"/etc/$(echo shadow)\" >/dev/null 2>&1 && echo read || echo denied",
            ),
            Limits::new(Duration::from_secs(2), 64),
        )
        .with_sandbox(sandbox)
        .with_working_dir("/");
        assert_eq!(fault_of(&launcher, "denied"), None, "{sandbox:?}");
    }
}

#[test]
fn a_program_its_own_user_cannot_reach_runs_as_the_judges_user_and_the_line_says_why() {
    use std::os::unix::fs::PermissionsExt;
    if !is_root_with_box_users() {
        return;
    }
    // A directory only root may enter, holding a program only its owner may run.
    let dir = tempfile::Builder::new().tempdir_in("/tmp").unwrap();
    let program = dir.path().join("whoami.sh");
    std::fs::write(&program, "#!/bin/sh\nid -u\n").unwrap();
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o700)).unwrap();
    let launcher = Launcher::new(
        ProgramCommand::program(&program),
        Limits::new(Duration::from_secs(2), 64),
    )
    .with_sandbox(Sandbox::Auto)
    .with_working_dir(dir.path());
    let line = launcher.describe_isolation();
    assert!(
        line.contains("but the program runs as the judge's user")
            && line.contains("whoami.sh is not reachable by other users"),
        "{line}"
    );
    assert_eq!(fault_of(&launcher, "0"), None, "it ran, as root");
    if has_bwrap() {
        // Under bubblewrap the directories on the way are the sandbox's: the program's own
        // permissions are all that count.
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert!(!launcher.describe_isolation().contains("not reachable"));
        let mut process = launcher.spawn().unwrap();
        let uid = process.read_line().unwrap();
        assert_eq!(Some(uid.parse().unwrap()), process.box_uid(), "{uid}");
    }
}

#[test]
fn a_program_cannot_signal_the_judge() {
    if !is_root_with_box_users() {
        return;
    }
    let judge = std::process::id();
    let script = format!("kill -9 {judge} 2>/dev/null && echo killed || echo refused");
    let launcher = Launcher::new(
        ProgramCommand::shell(script),
        Limits::new(Duration::from_secs(2), 64),
    )
    .with_sandbox(Sandbox::None)
    .with_working_dir("/");
    assert_eq!(fault_of(&launcher, "refused"), None);
}

#[test]
fn programs_run_as_distinct_users_of_their_own() {
    if !is_root_with_box_users() {
        return;
    }
    let launcher = Launcher::new(
        ProgramCommand::shell("id -u; read x"),
        Limits::new(Duration::from_secs(2), 64),
    )
    .with_sandbox(Sandbox::None)
    .with_working_dir("/");
    let mut a = launcher.spawn().unwrap();
    let mut b = launcher.spawn().unwrap();
    let (ua, ub) = (a.read_line().unwrap(), b.read_line().unwrap());
    assert_ne!(ua, ub);
    assert_eq!(Some(ua.parse().unwrap()), a.box_uid());
    assert!(ua.parse::<u32>().unwrap() >= duel_sandbox::BOX_ID_BASE);
}

/// A program that tries to reach a server of the judge's machine on the loopback, and says
/// whether it got through, in `sandbox`; returns what it said, and whether the server saw a
/// connection.
fn reach_the_loopback(sandbox: Sandbox) -> (String, bool) {
    let server = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    server.set_nonblocking(true).unwrap();
    let port = server.local_addr().unwrap().port();
    let script = format!(
        "import socket\n\
         try:\n    socket.create_connection(('127.0.0.1', {port}), timeout=2)\n    print('reached')\n\
         except OSError as e:\n    print('refused', e.errno)\n"
    );
    let launcher = Launcher::new(python(&script), Limits::new(Duration::from_secs(4), 64))
        .with_sandbox(sandbox)
        .with_working_dir("/");
    let mut process = launcher.spawn().unwrap();
    let said = process.read_line().unwrap();
    let _ = process.finish();
    (said, server.accept().is_ok())
}

/// [`reach_the_loopback`] in `sandbox` must fail on both sides.
fn assert_offline(sandbox: Sandbox) {
    let (said, seen) = reach_the_loopback(sandbox);
    assert!(said.starts_with("refused"), "{sandbox:?}: {said}");
    assert!(!seen, "{sandbox:?}: the server was reached");
}

#[test]
fn a_program_under_bubblewrap_cannot_reach_the_network() {
    if has_bwrap() {
        assert_offline(Sandbox::Auto);
    }
}

#[test]
fn a_program_of_a_user_of_its_own_cannot_reach_the_network_either() {
    if is_root_with_box_users() {
        assert_offline(Sandbox::None);
    }
}

#[test]
fn the_judges_own_programs_keep_the_network() {
    // Sandbox::Trusted is for what the judge trusts: no filter there.
    let (said, seen) = reach_the_loopback(Sandbox::Trusted);
    assert_eq!(said, "reached");
    assert!(seen);
}

#[test]
fn threads_and_child_processes_still_work_under_the_filter() {
    // The filter refuses clone3; the C library must fall back to clone for threads and
    // for posix_spawn.
    let script = "import subprocess, threading\n\
                  out = []\n\
                  t = threading.Thread(target=lambda: out.append(subprocess.run(['echo', 'spawned'], capture_output=True, text=True).stdout.strip()))\n\
                  t.start(); t.join()\n\
                  print(out[0])\n";
    for sandbox in [Sandbox::None, Sandbox::Auto] {
        let launcher = Launcher::new(python(script), Limits::new(Duration::from_secs(4), 64))
            .with_sandbox(sandbox)
            .with_working_dir("/");
        assert_eq!(fault_of(&launcher, "spawned"), None, "{sandbox:?}");
    }
}

#[test]
fn a_32_bit_program_is_stopped_by_the_filter() {
    // A static i386 program that writes "hi" through `int 0x80` (binutils alone builds it).
    let dir = tempfile::Builder::new().tempdir_in("/tmp").unwrap();
    let source = dir.path().join("hi.s");
    std::fs::write(
        &source,
        ".globl _start\n_start:\n movl $4, %eax\n movl $1, %ebx\n movl $msg, %ecx\n\
         movl $3, %edx\n int $0x80\n movl $1, %eax\n movl $0, %ebx\n int $0x80\nmsg: .ascii \"hi\\n\"\n",
    )
    .unwrap();
    let (object, program) = (dir.path().join("hi.o"), dir.path().join("hi"));
    let built = std::process::Command::new("as")
        .arg("--32")
        .arg("-o")
        .arg(&object)
        .arg(&source)
        .status()
        .is_ok_and(|status| status.success())
        && std::process::Command::new("ld")
            .args(["-m", "elf_i386", "-o"])
            .arg(&program)
            .arg(&object)
            .status()
            .is_ok_and(|status| status.success());
    if !skip::unless(
        built && Isolation::detect().syscall_filter,
        "no 32-bit assembler and linker (as --32, ld -m elf_i386) or no system-call filter here",
        "binutils has them; the filter needs a kernel with seccomp, as CI's has",
    ) {
        return;
    }
    std::fs::set_permissions(
        dir.path(),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    // Unconfined, it runs.
    let plain = Launcher::new(
        ProgramCommand::program(&program),
        Limits::new(Duration::from_secs(2), 64),
    )
    .with_sandbox(Sandbox::Trusted);
    assert_eq!(fault_of(&plain, "hi"), None);
    for sandbox in [Sandbox::None, Sandbox::Auto] {
        let confined = plain.clone().with_sandbox(sandbox);
        let (verdict, reason) = fault_of(&confined, "hi").expect("the filter must stop it");
        assert_eq!(verdict, FaultKind::Crashed, "{sandbox:?}");
        assert!(reason.contains("SIGSYS"), "{sandbox:?}: {reason}");
    }
}

#[test]
fn an_unconfined_run_is_not_reported_as_filtered_or_as_a_user_of_its_own() {
    let limits = Limits::new(Duration::from_secs(1), 64);
    let launcher =
        |sandbox| Launcher::new(ProgramCommand::shell("true"), limits).with_sandbox(sandbox);
    let unconfined = launcher(Sandbox::Trusted).isolation_record();
    assert!(!unconfined.syscall_filter, "{unconfined:?}");
    assert!(!unconfined.separate_user, "{unconfined:?}");
    assert!(
        unconfined.summary.contains("no system-call filter"),
        "{unconfined:?}"
    );
    assert!(
        unconfined.summary.ends_with("unconfined, as asked"),
        "{unconfined:?}"
    );
    // A submission's run (`--sandbox none` is Sandbox::None) keeps what the machine gives.
    let confined = launcher(Sandbox::None).isolation_record();
    assert_eq!(confined.syscall_filter, Isolation::detect().syscall_filter);
}

/// A program of almost no memory of its own, run many times under bubblewrap in a cgroup:
/// the sandbox's share of the cgroup's charge varies by more than the program's footprint,
/// and its peak must still be known (at least a KiB), never 0 ("not known" in a report).
#[test]
fn a_program_smaller_than_the_sandbox_share_still_has_a_known_peak() {
    if !has_bwrap() || !has_cgroups() {
        return;
    }
    for run in 0..24 {
        let launcher = Launcher::new(
            ProgramCommand::program("/bin/true"),
            Limits::new(Duration::from_secs(2), 32),
        )
        .with_sandbox(Sandbox::Bwrap);
        let ending = launcher.spawn().unwrap().finish();
        assert_eq!(ending.result, Ok(()), "run {run}: {:?}", ending.usage);
        assert!(
            ending.usage.memory_kb() >= 1,
            "run {run}: {:?}",
            ending.usage
        );
    }
}
