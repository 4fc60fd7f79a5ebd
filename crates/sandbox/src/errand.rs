//! The judge's own short runs, confined as a program's child is and waited for to their end:
//! the probes of what the machine allows, and the clean-up of a box user's keyrings (a child
//! that ends once confined, running no program).

use super::child::{self, Confinement};
use super::termination::Termination;
use super::tree;
use super::wait::reap;
use std::ffi::OsString;
use std::io;
use std::path::Path;

/// Runs `argv` confined as `confinement` says, with its output discarded, to its end: whether it
/// started and exited with status 0 (the runner's own tries of what the machine allows).
/// Registered as running, as every run is, so that no other thread's clean-up takes it for
/// an orphan and reaps it first.
pub(crate) fn succeeds(argv: &[OsString], working_dir: &Path, confinement: Confinement) -> bool {
    let started = tree::spawning(|| {
        let started = child::start(argv, working_dir, confinement)?;
        tree::register(started.pid);
        Ok::<_, io::Error>(started)
    });
    let Ok(started) = started else {
        return false;
    };
    let reaped = reap(started.pid, true);
    tree::unregister(started.pid);
    reaped.is_some_and(|reaped| reaped.termination == Termination::Exited(0))
}

/// Empties box user `uid`'s user, user-session and persistent keyrings (only the user itself
/// may), from a process of that user that does nothing else: done after each run the filter
/// did not confine, and before one whose change of user happens inside the sandbox, so
/// nothing a run writes there (with the filter off) reaches the next run of the user,
/// whatever the isolation.
pub(crate) fn clear_keyrings_of(uid: u32) {
    let confinement = Confinement {
        cpu_seconds: 1,
        user: Some((uid, uid)),
        end_before_exec: true,
        ..Confinement::default()
    };
    // The keyrings are emptied between fork and exec (see `child::start`), and the child
    // ends there: the program named is never run, a fork is the whole cost.
    let _ = succeeds(&["/bin/true".into()], Path::new("/"), confinement);
}
