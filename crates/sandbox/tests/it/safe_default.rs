//! Safe by default: a launcher built from defaults only runs its program isolated as
//! `--sandbox auto` does, and only the named choice `Sandbox::Trusted` runs it unconfined. The
//! evidence is what the program itself sees of the kernel (its uid, its system-call filters,
//! its PID namespace, a file of the host), compared with an unconfined run on the same machine.

use duel_sandbox::{Isolation, Launcher, Limits, ProgramCommand, Sandbox, BOX_ID_BASE};
use duel_test_support::skip;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

/// What a program saw of the kernel.
#[derive(Debug, PartialEq, Eq)]
struct Seen {
    uid: u32,
    /// `Seccomp_filters` of `/proc/self/status`: how many filters the process is under.
    filters: u32,
    /// Whether a file the host made (world-readable, in a world-searchable directory, named
    /// nowhere on the command line) exists for it.
    host_file: bool,
    /// Its PID namespace (`readlink /proc/self/ns/pid`).
    pid_namespace: String,
}

/// Runs the probe in `launcher` (which is given the host file's path in `$PLANTED`, not as a
/// word of its command).
fn seen(launcher: Launcher, planted: &Path) -> Seen {
    let launcher = launcher.with_env("PLANTED", planted).with_working_dir("/");
    let mut process = launcher.spawn().unwrap();
    let mut line = || process.read_line().unwrap();
    let uid = line().parse().unwrap();
    let filters = line().parse().unwrap();
    let host_file = line() == "seen";
    let pid_namespace = line();
    Seen {
        uid,
        filters,
        host_file,
        pid_namespace,
    }
}

fn probe() -> ProgramCommand {
    ProgramCommand::shell(
        "id -u; sed -n 's/^Seccomp_filters:[[:space:]]*//p' /proc/self/status; \
         if test -e \"$PLANTED\"; then echo seen; else echo hidden; fi; readlink /proc/self/ns/pid",
    )
}

#[test]
fn a_launcher_built_from_defaults_runs_its_program_isolated() {
    let limits = Limits::new(Duration::from_secs(2), 64);
    assert_eq!(
        Launcher::new(probe(), limits).sandbox(),
        Sandbox::default(),
        "Launcher::new starts from the crate's default"
    );
    let dir = tempfile::Builder::new().tempdir_in("/tmp").unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let planted = dir.path().join("organisers-file");
    std::fs::write(&planted, "secret").unwrap();
    std::fs::set_permissions(&planted, std::fs::Permissions::from_mode(0o644)).unwrap();

    let unconfined = seen(
        Launcher::new(probe(), limits).with_sandbox(Sandbox::Trusted),
        &planted,
    );
    assert!(
        unconfined.host_file,
        "an unconfined run sees the host's file"
    );
    let default = seen(Launcher::new(probe(), limits), &planted);

    let isolation = Isolation::detect();
    let bwrap = Sandbox::Auto.uses_bwrap();
    if !skip::unless(
        isolation.syscall_filter || isolation.box_users || bwrap,
        "this machine allows no isolation beyond limits: nothing to compare",
        "run the tests as root, or with bubblewrap (.ci/setup installs it), as CI does",
    ) {
        return;
    }
    assert_ne!(default, unconfined, "the default run is confined");
    if isolation.syscall_filter {
        assert!(
            default.filters > unconfined.filters,
            "the default run is under the system-call filter: {default:?} vs {unconfined:?}"
        );
    }
    if isolation.box_users {
        assert!(
            default.uid >= BOX_ID_BASE && unconfined.uid != default.uid,
            "the default run has a user of its own: {default:?} vs {unconfined:?}"
        );
    }
    if bwrap {
        assert_ne!(
            default.pid_namespace, unconfined.pid_namespace,
            "the default run has a PID namespace of its own (bubblewrap)"
        );
    }
    if bwrap || (isolation.box_users && isolation.private_dirs) {
        assert!(
            !default.host_file,
            "the default run does not see the host's file under /tmp: {default:?}"
        );
    }
}
