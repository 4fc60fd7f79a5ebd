//! What isolation costs: `duel ioiwari judge --tests all` (357 games of the project's own
//! player) under the default isolation next to the old-style bubblewrap run (bubblewrap with
//! its own network namespace, rlimits and sampling only), and `--sandbox none` next to plain
//! rlimits and sampling. The older ways are today's code with the newer levels forced off
//! (`DUEL_ISOLATION`: no cgroups, no user of its own, no system-call filter), so the four run
//! side by side in one criterion run. (The old bubblewrap view showed the whole root, read
//! only; today's smaller view is cheaper to make, so the emulation is if anything faster than
//! the old run was.)

// criterion_group! and criterion_main! define public functions of their own.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::process::{Command, Stdio};
use std::time::Duration;

/// One whole judging run; panics unless it scores 100.
fn judge(sandbox: &str, levels_off: &str) {
    let output = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(["ioiwari", "judge", "--tests", "all", "--sandbox", sandbox])
        .env("DUEL_ISOLATION", levels_off)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .expect("duel runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("score: 100.00 / 100"), "{stdout}");
}

fn isolation(c: &mut Criterion) {
    let mut group = c.benchmark_group("judge_357_games");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("default_isolation", |b| b.iter(|| judge("auto", "")));
    group.bench_function("old_style_bwrap", |b| {
        b.iter(|| judge("bwrap", "no-cgroups,no-user,no-seccomp"))
    });
    group.bench_function("sandbox_none", |b| b.iter(|| judge("none", "")));
    group.bench_function("plain_rlimits", |b| {
        b.iter(|| judge("none", "no-cgroups,no-user,no-bwrap,no-seccomp"))
    });
    group.finish();
}

criterion_group!(benches, isolation);
criterion_main!(benches);
