//! Attacks through state the kernel shares with the whole machine, one test each: keyrings,
//! the asynchronous I/O pool, pseudo-terminals and the calls that reach other processes.
//! Each runs in both isolations a submission gets (`Sandbox::None`, what `--sandbox none`
//! means, and the default); a case that needs root or bubblewrap says so and passes where
//! they are missing.

use crate::support::sandboxes;
use duel_sandbox::{
    Isolation, Launcher, Limits, ProgramCommand, Sandbox, ISOLATION_ENV, PRIVATE_PTYS,
};
use duel_test_support::skip;
use std::time::Duration;

/// A Python program (the system's, which a box user reaches) calling the C library's
/// `syscall` through ctypes: `errno_of(nr, *args)` is 0 on success, else the errno.
fn python(body: &str) -> ProgramCommand {
    let script = format!(
        "import ctypes, os, sys\n\
         libc = ctypes.CDLL(None, use_errno=True)\n\
         libc.syscall.restype = ctypes.c_long\n\
         def call(nr, *args):\n\
         \x20   ctypes.set_errno(0)\n\
         \x20   r = libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(a) if isinstance(a, int) else a for a in args])\n\
         \x20   return r, (ctypes.get_errno() if r < 0 else 0)\n\
         {body}\n"
    );
    crate::support::python(&script)
}

/// Every line `command` writes, run in `sandbox`.
fn lines_of(command: ProgramCommand, sandbox: Sandbox) -> Vec<String> {
    run_of(command, sandbox).0
}

/// Every line `command` writes, run in `sandbox` to its end, and its box user, if any.
fn run_of(command: ProgramCommand, sandbox: Sandbox) -> (Vec<String>, Option<u32>) {
    let limits = Limits::new(Duration::from_secs(5), 64).with_wall_time(Duration::from_secs(20));
    let mut process = Launcher::new(command, limits)
        .with_sandbox(sandbox)
        .spawn()
        .unwrap();
    let uid = process.box_uid();
    let mut lines = Vec::new();
    while let Ok(line) = process.read_line() {
        lines.push(line);
    }
    (lines, uid)
}

/// Whether runs get box users here (the judge is root); says so when they do not.
fn box_users() -> bool {
    skip::unless(
        Isolation::detect().box_users,
        "the judge is not root here, which the box user's case needs",
        "run the tests as root, as CI does",
    )
}

/// `keyctl(2)` and `add_key(2)` in this test's thread, through the C library.
mod keys {
    #![allow(unsafe_code)]

    pub const SESSION: libc::c_long = -3;
    pub const USER: libc::c_long = -4;

    /// `keyctl(operation, a, b, c)`: the result, or -1 with errno set.
    pub fn keyctl(operation: libc::c_long, a: libc::c_long, b: libc::c_long) -> libc::c_long {
        // SAFETY: the operations used here take integers only.
        unsafe { libc::syscall(libc::SYS_keyctl, operation, a, b, 0 as libc::c_long) }
    }

    /// Adds a `user` key named `name` holding `payload` to `keyring`: its id.
    pub fn add(name: &std::ffi::CStr, payload: &[u8], keyring: libc::c_long) -> libc::c_long {
        // SAFETY: the type and name are NUL-terminated strings, the payload a live slice of
        // the length passed; the kernel only reads them.
        unsafe {
            libc::syscall(
                libc::SYS_add_key,
                c"user".as_ptr(),
                name.as_ptr(),
                payload.as_ptr(),
                payload.len(),
                keyring,
            )
        }
    }

    /// The id of the `user` key `name` that `keyring` holds, or a negative number.
    pub fn search(keyring: libc::c_long, name: &std::ffi::CStr) -> libc::c_long {
        // SAFETY: as for `add`; 0 is no keyring to link the found key into.
        unsafe {
            libc::syscall(
                libc::SYS_keyctl,
                10 as libc::c_long,
                keyring,
                c"user".as_ptr(),
                name.as_ptr(),
                0 as libc::c_long,
            )
        }
    }
}

/// What a submission does with the keyrings it may reach: it looks for the organiser's key
/// by name in its session keyring (and reads it), plants a key in its session, user and
/// persistent keyrings, and first lists the keys it finds planted by an earlier run (first:
/// one keyring links another, so a search after planting could find the run's own key).
fn keyring_attack() -> ProgramCommand {
    let (keyctl, add_key) = (libc::SYS_keyctl, libc::SYS_add_key);
    python(&format!(
        "KEYCTL_SEARCH, KEYCTL_READ, KEYCTL_GET_PERSISTENT = 10, 11, 22\n\
         key, e = call({keyctl}, KEYCTL_SEARCH, -3, b'user', b'organiser', 0)\n\
         if key > 0:\n\
         \x20   buf = ctypes.create_string_buffer(64)\n\
         \x20   n, e = call({keyctl}, KEYCTL_READ, key, buf, 64)\n\
         \x20   print('read', buf.raw[:max(n, 0)].decode(errors='replace'))\n\
         else:\n\
         \x20   print('no organiser key, errno', e)\n\
         persistent, e = call({keyctl}, KEYCTL_GET_PERSISTENT, -1, -3)\n\
         rings = [(-3, 'session'), (-4, 'user'), (-5, 'user-session'), (persistent, 'persistent')]\n\
         for ring, name in rings:\n\
         \x20   found, e = call({keyctl}, KEYCTL_SEARCH, ring, b'user', b'planted', 0)\n\
         \x20   if found > 0: print('found planted in', name)\n\
         for ring, name in rings:\n\
         \x20   if ring > 0 or ring < 0:\n\
         \x20       k, e = call({add_key}, b'user', b'planted', b'x', 1, ring)\n\
         \x20       if k > 0: print('planted in', name)\n\
         print('end')"
    ))
}

#[test]
fn a_submission_cannot_read_or_plant_keys_in_a_login_like_keyring() {
    // The judge runs inside a login's session: a session keyring of its own with the user
    // keyring linked in (as pam_keyinit makes it) and the organiser's key in it.
    let joined = keys::keyctl(1, c"duel-login".as_ptr() as libc::c_long, 0);
    if !skip::unless(
        joined >= 0,
        "this kernel has no keyrings",
        "a kernel built with CONFIG_KEYS, as CI's is",
    ) {
        return;
    }
    assert!(keys::keyctl(8, keys::USER, keys::SESSION) >= 0, "link @u");
    let secret = keys::add(c"organiser", b"the-organisers-secret", keys::SESSION);
    assert!(secret > 0);
    for sandbox in sandboxes() {
        let lines = lines_of(keyring_attack(), sandbox);
        assert_eq!(lines.last().map(String::as_str), Some("end"), "{lines:?}");
        assert!(
            !lines.iter().any(|line| line.contains("secret")),
            "{sandbox:?} read the organiser's key: {lines:?}"
        );
        // The organiser's key is still there, and nothing was planted next to it.
        assert_eq!(keys::search(keys::SESSION, c"organiser"), secret);
        assert!(keys::search(keys::SESSION, c"planted") < 0, "{sandbox:?}");
    }
}

#[test]
fn what_one_run_writes_to_its_users_keyrings_the_next_run_does_not_read() {
    if !box_users() {
        return;
    }
    for sandbox in sandboxes() {
        // Twice: the second run (the same box user, taken back from the idle ones) looks
        // for what the first planted (which the filter refuses; without it, in keyrings of
        // the run's own or emptied before the next run).
        let first = lines_of(keyring_attack(), sandbox);
        let second = lines_of(keyring_attack(), sandbox);
        for lines in [&first, &second] {
            assert_eq!(lines.last().map(String::as_str), Some("end"), "{lines:?}");
            assert!(
                !lines.iter().any(|line| line.starts_with("found planted")),
                "{sandbox:?}: {lines:?}"
            );
            if Isolation::detect().syscall_filter {
                assert!(
                    !lines.iter().any(|line| line.contains("planted")),
                    "{sandbox:?}: {lines:?}"
                );
            }
        }
    }
}

#[test]
fn a_box_users_keyrings_are_empty_once_its_run_is_over() {
    if !box_users() {
        return;
    }
    for sandbox in sandboxes() {
        let (lines, uid) = run_of(keyring_attack(), sandbox);
        let uid = uid.expect("a box user");
        if !Isolation::detect().syscall_filter {
            // Without the filter the run reaches its user's keyrings: only the clean-up after
            // it empties them.
            assert!(
                lines.iter().any(|line| line == "planted in user"),
                "{sandbox:?}: {lines:?}"
            );
        }
        // The box user's keyrings as the user itself sees them now, between runs (the search
        // of another user's keyrings is the user's alone; the system's setpriv changes user).
        let look = "import ctypes\n\
            libc = ctypes.CDLL(None)\n\
            libc.syscall.restype = ctypes.c_long\n\
            keyctl = lambda *a: libc.syscall(*[ctypes.c_long(x) if isinstance(x, int) else x for x in a])\n\
            persistent = keyctl(SYS, 22, -1, -3)\n\
            for ring, name in [(-4, 'user'), (-5, 'user-session'), (persistent, 'persistent')]:\n\
            \x20   if keyctl(SYS, 10, ring, b'user', b'planted', 0) > 0: print('left in', name)\n"
            .replace("SYS", &libc::SYS_keyctl.to_string());
        let output = std::process::Command::new("setpriv")
            .arg(format!("--reuid={uid}"))
            .arg(format!("--regid={uid}"))
            .arg("--clear-groups")
            .args(["/usr/bin/python3", "-c", &look])
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        let left = String::from_utf8_lossy(&output.stdout);
        assert_eq!(left, "", "{sandbox:?}: the run wrote {lines:?}");
    }
}

/// Set in the copy of this test binary that runs without the system-call filter.
const UNFILTERED: &str = "DUEL_TEST_UNFILTERED";

#[test]
fn a_box_users_keyrings_are_empty_once_a_run_without_the_filter_is_over() {
    // The filter refuses the key calls, so under it a run leaves its user's keyrings as the
    // start of the run emptied them; without it (a kernel without seccomp, or
    // `DUEL_ISOLATION=no-seccomp`) it plants keys there, which the clean-up after the run
    // removes. Whether there is a filter is decided once per process: the case above runs
    // again in a copy of this test binary told to do without.
    if std::env::var_os(UNFILTERED).is_some() || !box_users() {
        return;
    }
    let name = "runner_kernel_state::a_box_users_keyrings_are_empty_once_its_run_is_over";
    let output = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", name, "--test-threads=1"])
        .env(ISOLATION_ENV, "no-seccomp")
        .env(UNFILTERED, "1")
        .output()
        .expect("the test binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("1 passed"), "{stdout}");
}

#[test]
fn a_submission_cannot_take_the_machines_asynchronous_io_pool() {
    let io_setup = libc::SYS_io_setup;
    for sandbox in sandboxes() {
        let program = python(&format!(
            "ctx = ctypes.c_ulong(0)\n\
             r, e = call({io_setup}, 1024, ctypes.byref(ctx))\n\
             print('io_setup', r, e)"
        ));
        let lines = lines_of(program, sandbox);
        assert_eq!(
            lines,
            [format!("io_setup -1 {}", libc::ENOSYS)],
            "{sandbox:?}"
        );
    }
}

#[test]
fn a_submission_cannot_exhaust_the_machines_pseudo_terminals() {
    if !skip::unless(
        Isolation::detect().private_dirs,
        "no mount namespace per run here (the judge is not root)",
        "run the tests as root, as CI does",
    ) {
        return;
    }
    // It opens terminals until it cannot, tells how many, and holds them until told.
    let script = "import resource\n\
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n\
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))\n\
        held = []\n\
        try:\n\
        \x20   while len(held) < 4096: held.append(os.open('/dev/ptmx', os.O_RDWR | os.O_NOCTTY))\n\
        except OSError as error:\n\
        \x20   pass\n\
        print(len(held), flush=True)\n\
        sys.stdin.readline()\n\
        print('end')";
    // Under bubblewrap too: its fresh `/dev` is a devpts instance without a limit of its
    // own, whose terminals come from the pool every instance but the machine's first shares
    // (a container's terminals, other runs').
    for sandbox in sandboxes() {
        let limits =
            Limits::new(Duration::from_secs(5), 64).with_wall_time(Duration::from_secs(20));
        let mut process = Launcher::new(python(script), limits)
            .with_sandbox(sandbox)
            .spawn()
            .unwrap();
        let held: usize = process.read_line().unwrap().parse().unwrap();
        // The machine opens a terminal of its own while the program holds all it could.
        let mine = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/ptmx");
        process.write_line("go").unwrap();
        assert_eq!(process.read_line().unwrap(), "end");
        assert!(
            held <= PRIVATE_PTYS as usize,
            "{sandbox:?}: the program opened {held} terminals"
        );
        assert!(
            mine.is_ok(),
            "{sandbox:?}: the machine could not open one: {mine:?}"
        );
    }
}

/// Runs `call(nr, args)` in each sandbox and checks that the filter refused it.
fn refused(name: &str, nr: libc::c_long, args: &str) {
    for sandbox in sandboxes() {
        let lines = lines_of(
            python(&format!("r, e = call({nr}{args})\nprint('{name}', r, e)")),
            sandbox,
        );
        assert_eq!(
            lines,
            [format!("{name} -1 {}", libc::ENOSYS)],
            "{sandbox:?}"
        );
    }
}

#[test]
fn a_submission_cannot_open_performance_counters() {
    // A software counter of the task clock of this process, any CPU.
    refused(
        "perf_event_open",
        libc::SYS_perf_event_open,
        ", (ctypes.c_uint32 * 32)(1, 128, 1), 0, -1, -1, 0",
    );
}

#[test]
fn a_submission_cannot_make_secret_memory() {
    refused("memfd_secret", libc::SYS_memfd_secret, ", 0");
}

#[test]
fn a_submission_cannot_open_a_pidfd() {
    refused("pidfd_open", libc::SYS_pidfd_open, ", os.getpid(), 0");
}

#[test]
fn a_submission_cannot_compare_other_processes_kernel_objects() {
    refused(
        "kcmp",
        libc::SYS_kcmp,
        ", os.getpid(), os.getpid(), 0, 0, 1",
    );
}

#[test]
fn a_submission_cannot_be_traced_or_trace() {
    // PTRACE_TRACEME.
    refused("ptrace", libc::SYS_ptrace, ", 0, 0, 0, 0");
}
