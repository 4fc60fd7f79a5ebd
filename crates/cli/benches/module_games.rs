//! Module games through the host next to their yardsticks, side by side in one run:
//!
//! - the longest game, `graj --quiet --module libmis.so 10000000 9999999 1` (2·10^7 moves,
//!   every one replayed by graj), next to a C driver that links the same module statically
//!   (`libmis.a`) and plays the same game with the same checks (each Bolek move's legality,
//!   Lolek's reply); with the kit's simple Lolek (graj's default) and with the adversarial one;
//! - `duel mis judge --module libmis.so --jobs 1` on the official set next to
//!   `duel mis judge --jobs 1` with the built-in Bolek.
//!
//! The module runs under the default isolation (bubblewrap here) and, for comparison, with
//! `--sandbox none`. The module is `duel-mis-ffi`'s, built here in release; the driver is
//! `reference/mis_driver.c`, compiled with `gcc -O2` when the bench starts.

// criterion_group! and criterion_main! define public functions of their own.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const GAME: [&str; 3] = ["10000000", "9999999", "1"];

/// `target/release` (the binaries' directory).
fn release_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_graj"))
        .parent()
        .expect("a directory")
        .to_path_buf()
}

/// Builds `libmis.so` and `libmis.a` in release, into the target directory this bench was
/// built in (whatever `CARGO_TARGET_DIR` said then, or says now).
fn build_module() -> (PathBuf, PathBuf) {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let target_dir = release_dir()
        .parent()
        .expect("target/release has a parent")
        .to_path_buf();
    let status = Command::new(cargo)
        .args([
            "build",
            "--release",
            "--quiet",
            "-p",
            "duel-mis-ffi",
            "--lib",
        ])
        .arg("--target-dir")
        .arg(&target_dir)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "building duel-mis-ffi failed");
    let dir = release_dir();
    (dir.join("libmis.so"), dir.join("libmis.a"))
}

/// Compiles the C driver with the static module.
fn build_driver(static_lib: &Path, out_dir: &Path) -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let driver = out_dir.join("mis_driver");
    let status = Command::new("gcc")
        .arg("-O2")
        .arg("-I")
        .arg(duel_mis_abi::include_dir())
        .arg("-o")
        .arg(&driver)
        .arg(manifest.join("benches/reference/mis_driver.c"))
        .arg(static_lib)
        .args(["-lpthread", "-ldl", "-lm"])
        .status()
        .expect("gcc is needed for this bench");
    assert!(status.success(), "the C driver does not build");
    driver
}

/// Runs a command and returns its standard output; panics unless it exits with `code`.
fn run(command: &mut Command, code: i32) -> String {
    let output = command
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(code), "{command:?}: {output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn graj(module: &Path, lolek: &str, sandbox: &str) -> String {
    run(
        Command::new(env!("CARGO_BIN_EXE_graj"))
            .args([
                "--quiet",
                "--sandbox",
                sandbox,
                "--lolek",
                lolek,
                "--module",
            ])
            .arg(module)
            .args(GAME),
        0,
    )
}

fn driver(driver: &Path, lolek: &str) -> String {
    run(Command::new(driver).args(GAME).arg(lolek), 0)
}

fn judge(module: Option<&Path>, sandbox: &str) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_duel"));
    command.args(["mis", "judge", "--jobs", "1", "--sandbox", sandbox]);
    if let Some(module) = module {
        command.arg("--module").arg(module);
    }
    let stdout = run(&mut command, 0);
    assert!(stdout.contains("score: 100.00 / 100"), "{stdout}");
}

fn module_games(c: &mut Criterion) {
    let (shared, archive) = build_module();
    let dir = tempfile::tempdir().unwrap();
    let c_driver = build_driver(&archive, dir.path());
    // The same games: the same results after the same number of moves.
    for lolek in ["simple", "adversarial"] {
        let played = graj(&shared, lolek, "auto");
        assert_eq!(played, driver(&c_driver, lolek), "{lolek}");
        if lolek == "simple" {
            assert!(played.contains("win after 19999999 moves"), "{played}");
        }
    }

    let mut group = c.benchmark_group("longest_game");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for lolek in ["simple", "adversarial"] {
        group.bench_function(format!("graj_module/{lolek}"), |b| {
            b.iter(|| graj(&shared, lolek, "auto"))
        });
        // Without bubblewrap (a cgroup and a user of its own still apply): what the
        // sandbox's start costs, next to what the host's protocol costs.
        group.bench_function(format!("graj_module_no_bwrap/{lolek}"), |b| {
            b.iter(|| graj(&shared, lolek, "none"))
        });
        group.bench_function(format!("c_driver_static/{lolek}"), |b| {
            b.iter(|| driver(&c_driver, lolek))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("mis_judge_official");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("module", |b| b.iter(|| judge(Some(&shared), "auto")));
    group.bench_function("module_no_bwrap", |b| {
        b.iter(|| judge(Some(&shared), "none"))
    });
    group.bench_function("builtin", |b| b.iter(|| judge(None, "auto")));
    group.finish();
}

criterion_group!(benches, module_games);
criterion_main!(benches);
