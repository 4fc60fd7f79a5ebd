//! What a move of a line-protocol Bolek costs: `duel mis judge --player` side by side with the
//! floor, a plain pipe ping-pong between two processes, for the same number of round trips.
//!
//! - `ping-pong, one CPU`: this process writes a line to a C echo program (`line_loop.c` built with `-DECHO`) and
//!   reads it back, N times, with both processes kept on one CPU (this thread's affinity, which
//!   the child inherits), the cheapest a round trip gets;
//! - `ping-pong, any CPU, N/4`: the same where the scheduler puts them, for a quarter of the
//!   round trips (a wake-up sent to another CPU can cost ten times more);
//! - `duel mis judge --player`: the whole judge (default isolation) on one game of N Bolek
//!   moves against a C Bolek with the same reading loop (`line_loop.c`), so its process start
//!   and isolation are in it too; `judge, one move` gives that fixed part alone.
//!
//! N is the game's number of Bolek moves (printed at the start); a round trip's cost is a time
//! over N (minus the one-move game, for the judge). The target is the judge's round trip at
//! most 1.5 times the one-CPU ping-pong's. Before criterion's samples, the bench also prints
//! that ratio from rounds that run the three cases one after the other (the median round), so
//! that a machine whose load changes during the run still compares like with like.

// criterion_group! and criterion_main! define public functions of their own.
#![allow(missing_docs)]

mod common;

use common::{build_c, spawn_piped};
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use rustix::thread::{sched_getaffinity, sched_getcpu, sched_setaffinity, CpuSet};
use std::io::{BufRead, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Rounds of the three cases back to back for the printed ratio.
const ROUNDS: usize = 7;

/// The game's start: B = 1 and about 8 * 10^5 sticks, so about 3.4 * 10^5 Bolek moves: long
/// enough that the judge's start (tens of milliseconds, which vary with the machine's load)
/// is a small part of the game.
const LONG_GAME: &str = "400001 400000 1";

/// A game Bolek wins in his first move.
const ONE_MOVE: &str = "1 1 1";

/// `round_trips` lines sent to `echo` and read back, one at a time.
fn ping_pong(echo: &Path, round_trips: u64) {
    let (mut child, mut to_echo, mut from_echo) = spawn_piped(echo);
    let mut line = String::new();
    for _ in 0..round_trips {
        to_echo.write_all(b"100000 99999\n").unwrap();
        line.clear();
        from_echo.read_line(&mut line).unwrap();
        assert_eq!(line.len(), 13);
    }
    drop(to_echo);
    assert!(child.wait().unwrap().success());
}

/// Runs `f` with this thread (and what it starts) on the CPU it is on now.
fn on_this_cpu(f: impl FnOnce()) {
    let former = sched_getaffinity(None).expect("this thread's affinity");
    let mut only = CpuSet::new();
    only.set(sched_getcpu());
    sched_setaffinity(None, &only).expect("pinning this thread");
    f();
    sched_setaffinity(None, &former).expect("unpinning this thread");
}

/// One `duel mis judge --player bolek` run on `tests`; returns the game's number of moves.
fn judge(bolek: &Path, tests: &Path) -> u64 {
    let output = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(["mis", "judge", "--jobs", "1", "--json", "--player"])
        .arg(bolek)
        .arg("--tests")
        .arg(tests)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .expect("duel runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("a JSON report");
    let test = &report["tests"][0];
    assert_eq!(test["verdict"], "win", "{stdout}");
    test["moves"].as_u64().expect("the game's moves")
}

fn round_trips(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let echo = build_c(dir.path(), "line_loop", "echo", &["-DECHO"]);
    let bolek = build_c(dir.path(), "line_loop", "bolek", &[]);
    let long_game = dir.path().join("long-game.txt");
    std::fs::write(&long_game, format!("{LONG_GAME}\n")).unwrap();
    let one_move = dir.path().join("one-move.txt");
    std::fs::write(&one_move, format!("{ONE_MOVE}\n")).unwrap();
    // Bolek moves first and last: a game of m moves has (m + 1) / 2 of his.
    let bolek_moves = judge(&bolek, &long_game).div_ceil(2);
    assert_eq!(judge(&bolek, &one_move), 1);
    println!("mis_round_trip: N = {bolek_moves} round trips ({LONG_GAME})");
    let time = |f: &mut dyn FnMut()| {
        let started = Instant::now();
        f();
        started.elapsed().as_secs_f64()
    };
    let mut rounds: Vec<(f64, f64)> = (0..ROUNDS)
        .map(|_| {
            let floor = time(&mut || on_this_cpu(|| ping_pong(&echo, bolek_moves)));
            let whole = time(&mut || {
                judge(&bolek, &long_game);
            });
            let fixed = time(&mut || {
                judge(&bolek, &one_move);
            });
            (whole - fixed, floor)
        })
        .collect();
    rounds.sort_by(|a, b| (a.0 / a.1).total_cmp(&(b.0 / b.1)));
    let (judge_moves, floor) = rounds[ROUNDS / 2];
    let micros = |seconds: f64| seconds * 1e6 / bolek_moves as f64;
    println!(
        "mis_round_trip: a round trip of the judge {:.2} µs, of the one-CPU ping-pong {:.2} µs: \
         {:.2}x (median of {ROUNDS} rounds of the cases back to back)",
        micros(judge_moves),
        micros(floor),
        judge_moves / floor
    );

    let mut group = c.benchmark_group("mis_round_trip");
    group.sample_size(10);
    // An iteration takes about a second: one per sample.
    group.sampling_mode(SamplingMode::Flat);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("ping-pong, one CPU", |b| {
        b.iter(|| on_this_cpu(|| ping_pong(&echo, bolek_moves)))
    });
    group.bench_function("duel mis judge --player", |b| {
        b.iter(|| judge(&bolek, &long_game))
    });
    group.bench_function("judge, one move", |b| b.iter(|| judge(&bolek, &one_move)));
    group.bench_function("ping-pong, any CPU, N/4", |b| {
        b.iter(|| ping_pong(&echo, bolek_moves / 4))
    });
    group.finish();
}

criterion_group!(benches, round_trips);
criterion_main!(benches);
