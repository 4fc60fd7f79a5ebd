//! A peak memory a person can believe: never below the pages the program itself holds, under
//! bubblewrap (whose own share of the cgroup's charge is an estimate taken off) too.
//!
//! Cases that need a kernel feature this machine does not give the judge (cgroups,
//! bubblewrap) say so on stderr and pass.

use crate::support::{python, sandboxes};
use duel_sandbox::{Isolation, Launcher, Limits, Sandbox};
use duel_test_support::skip;
use std::time::Duration;

/// Touches `kb` KiB of its own, says how many bytes of anonymous resident memory it then
/// holds (`/proc/self/statm`: resident less shared), and stays long enough to be sampled.
fn holder_of(kb: u64) -> String {
    format!(
        "import time\n\
         x = bytearray({kb} << 10)\n\
         resident, shared = open('/proc/self/statm').read().split()[1:3]\n\
         print((int(resident) - int(shared)) * 4096, flush=True)\n\
         time.sleep(0.3)\n"
    )
}

#[test]
fn the_peak_is_never_below_the_programs_own_resident_pages() {
    if !skip::unless(
        Isolation::detect().cgroups.is_some(),
        "no usable cgroups here",
        "the judge needs a cgroup hierarchy it may write, as root has on CI",
    ) {
        return;
    }
    let limits = Limits::new(Duration::from_secs(5), 256).with_wall_time(Duration::from_secs(10));
    let mut below = Vec::new();
    for sandbox in sandboxes() {
        for kb in [0, 1500, 3000, 20000] {
            for _ in 0..3 {
                let launcher = Launcher::new(python(&holder_of(kb)), limits).with_sandbox(sandbox);
                let mut process = launcher.spawn().unwrap();
                let own: u64 = process.read_line().unwrap().parse().unwrap();
                let ending = process.finish();
                assert_eq!(ending.result, Ok(()), "{sandbox:?} {kb} KiB");
                let peak = ending.usage.peak_memory_bytes;
                if peak < own {
                    below.push(format!("{sandbox:?} {kb} KiB: {peak} < {own}"));
                }
            }
        }
    }
    assert!(below.is_empty(), "{below:#?}");
}

#[test]
fn under_bubblewrap_the_floor_is_the_programs_not_bubblewraps() {
    // A program holding next to nothing of its own still reports "less than the resolution",
    // not bubblewrap's pages.
    if !skip::unless(
        Isolation::detect().cgroups.is_some(),
        "no usable cgroups here",
        "the judge needs a cgroup hierarchy it may write, as root has on CI",
    ) || !skip::unless(
        Sandbox::Auto.uses_bwrap(),
        "bubblewrap does not work here",
        ".ci/setup installs bubblewrap; it needs user namespaces or root",
    ) {
        return;
    }
    let limits = Limits::new(Duration::from_secs(5), 64).with_wall_time(Duration::from_secs(10));
    let program = duel_sandbox::ProgramCommand::shell("sleep 0.3");
    let ending = Launcher::new(program, limits)
        .with_sandbox(Sandbox::Bwrap)
        .spawn()
        .unwrap()
        .finish();
    assert_eq!(ending.result, Ok(()));
    assert_eq!(
        ending.usage.peak_memory_bytes, ending.usage.memory_resolution_bytes,
        "{:?}",
        ending.usage
    );
}
